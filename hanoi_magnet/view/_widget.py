"""The viewer as a Jupyter widget (anywidget): the page's own front end, answered by the kernel.

The widget's JavaScript is the page's ``viewer.js`` with a small ``render`` added
(``widget.js``): the same scrub and play modes, the same picture, the same graph. Where the page
asks the viewer's server (``/api/scene``, ``/api/frame``, ``/api/position``, ``/api/graph``),
the widget asks the kernel with a custom message, answered by the same functions
(:mod:`hanoi_magnet.view._protocol`). Its class is in :mod:`hanoi_magnet.view._widget_class`.
"""

from __future__ import annotations

from typing import Any

from hanoi_magnet.errors import HanoiError, InvalidArgumentError
from hanoi_magnet.model import State
from hanoi_magnet.search import ShortestPath
from hanoi_magnet.solution import Solution
from hanoi_magnet.view._scene import Route
from hanoi_magnet.view._subject import guess_label, subject_route
from hanoi_magnet.view._widget_class import MODES, widget_class, widget_css, widget_esm


def widget(
    subject: Solution | ShortestPath | State | str = "NNN",
    n: int | None = None,
    *,
    label: str | None = None,
    k: int = 0,
    mode: str | None = None,
) -> Any:
    """The viewer as a Jupyter widget (anywidget), its state in traits synced both ways.

    Give a :class:`~hanoi_magnet.Solution` (scrub it, its own moves between its own ends: a
    path from :func:`hanoi_magnet.search.shortest_path` or ``solve(..., start=, goal=)`` too), a
    :class:`~hanoi_magnet.search.ShortestPath`, a :class:`~hanoi_magnet.State` (play from it;
    ``label`` names the rules, else ``NNN`` for magnetic positions and the classic rules for
    the others), or a label and ``n``.

    The traits (read them, set them in Python, or use the page; either way they are checked
    with traitlets' validation: a value refused raises :class:`traitlets.TraitError`, which
    is also an :class:`~hanoi_magnet.InvalidArgumentError`, and the trait keeps its value):

    * ``rules`` (a label; read back in its canonical spelling) and ``n``: another puzzle
      starts from its own start, at move 0, in the same mode.
    * ``start`` and ``goal``: the route's ends in compact text (``"SSI/rrb"``; ``""`` for the
      variant's own); must be legal positions of the puzzle.
    * ``mode``: ``"scrub"`` (a slider over the route) or ``"play"`` (move the disks).
    * ``k``: the move index shown in scrub mode, an exact Python integer from 0 to the route's
      length; a negative one counts from the end (-1 is the goal) and reads back as its place
      from the start; anything else is refused (never clamped). Setting it switches to scrub.
    * ``position``: the position shown, in compact text, computed by the kernel (right in a
      notebook run without a browser): move ``k`` of the route in scrub mode, the game's
      position in play mode. Setting it plays on from there.

    Needs anywidget (``pip install 'hanoi-magnet[jupyter]'``).

    Raises:
        InvalidArgumentError: anywidget is not installed, or a position, label, size or ``k``
            the viewer refuses.

    Example:
        >>> from hanoi_magnet import solve
        >>> from hanoi_magnet.view import widget
        >>> w = widget(solve("NNN", 64), k=2**63)  # in a notebook, this cell shows the viewer
        >>> w.k, w.rules, w.n
        (9223372036854775808, 'NNN', 64)
        >>> small = widget(solve("NNN", 5), k=5)
        >>> small.position  # computed by the kernel, with or without a browser
        'SSDII/rrbbb'
        >>> from hanoi_magnet import InvalidArgumentError
        >>> try:  # refused (a TraitError, also an InvalidArgumentError); k keeps its value
        ...     small.k = 10**9
        ... except InvalidArgumentError as error:
        ...     print(error)
        k must be from 0 to 83 (or from -84 to -1, counted from the end), got 1000000000
        >>> small.k
        5
        >>> board = widget(solve("NNN", 3).unrank(5))  # play from a position
        >>> board.mode, board.position
        ('play', 'DII/bbb')
    """
    own: Route | None = None
    start = goal = ""
    if isinstance(subject, (Solution, ShortestPath)):
        own = subject_route(subject)
        name, size = own.variant.label, own.n
        first, last = own.ends
        start, goal = first or "", last or ""
        opening = mode or "scrub"
        position = ""
    elif isinstance(subject, State):
        name = label or guess_label(subject)
        size = subject.n
        opening = mode or "play"
        position = start = subject.format(compact=True)
    elif isinstance(subject, str):
        name = subject
        size = 3 if n is None else n
        opening = mode or "scrub"
        position = ""
    else:
        raise InvalidArgumentError(
            f"widget shows a Solution, a path, a State or a label, got {type(subject).__name__}"
        )
    cls = widget_class()
    try:
        traits: dict[str, Any] = {"rules": name, "n": size, "start": start, "goal": goal}
        traits.update(mode=opening, k=k)
        if position and opening == "play":
            traits["position"] = position
        return cls(own=own, **traits)
    except HanoiError:
        raise
    except Exception as error:  # traitlets' own refusals (a value of the wrong type)
        raise InvalidArgumentError(" ".join(str(error).split())) from None


__all__ = ["MODES", "widget", "widget_css", "widget_esm"]
