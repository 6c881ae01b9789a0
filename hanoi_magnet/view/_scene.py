"""What the viewer page draws: a scene per solution (the fixed pieces) and a frame per move index.

A *scene* holds everything that does not change while k moves: the picture's frame (posts,
bases, names) and every disk's shape in each face, all cut from the SVG that
:func:`hanoi_magnet.draw.render_svg` draws, with the coordinates of each post and stack level. A
*frame* says where each disk is after k moves, and which moves lead in and out. The page puts the
pieces together, so what it shows is, character for character, ``render_svg(unrank(k))``:
the browser tests check exactly that.
"""

from __future__ import annotations

import functools
from html import escape
from typing import Any

from hanoi_magnet.draw import _svg
from hanoi_magnet.errors import InvalidArgumentError
from hanoi_magnet.model import Color, State, post_name
from hanoi_magnet.registry import default_registry
from hanoi_magnet.rules import MagneticRules
from hanoi_magnet.solution import Solution
from hanoi_magnet.variants import Variant

#: The most disks the viewer draws (a 1,000-disk solution has about 10^477 moves; any k works).
MAX_DISKS = 1000
#: The most posts the viewer draws.
MAX_POSTS = 8
#: The widest column of the viewer's picture (SVG units; the page scales it to fit).
COLUMN_WIDTH = 160
# The longest start text read: the long form of MAX_DISKS disks on MAX_POSTS posts fits.
_MAX_START_TEXT = 8 * MAX_DISKS

_FACE_KEYS = {Color.RED: "R", Color.BLUE: "B", None: "-"}

JSON = dict[str, Any]


#: What the viewer starts from: the variant's start tower (None), a position, or its text.
Start = State | str | None


def solution(label: str, n: int, start: Start = None) -> Solution:
    """The solution the viewer shows, checked against the viewer's limits (memoised).

    From the variant's start tower, or from ``start`` (a :class:`~hanoi_magnet.State`, or text
    that :meth:`State.parse <hanoi_magnet.State.parse>` reads, such as ``SSI/rrb``): then a
    shortest path from there to the variant's goal (``default_registry.solve(label, n,
    start=...)``). A start equal to the tower is the variant's own solution.

    Raises:
        InvalidArgumentError: ``n`` is beyond :data:`MAX_DISKS` or the variant has more than
            :data:`MAX_POSTS` posts (refused at once, before any work), or ``start`` is not a
            legal position of the variant with ``n`` disks (or the variant has more than three
            posts, where only the tower is a start).
        UnknownVariantError: ``label`` is no known variant.
        UnsolvableError: the variant has no solution.
        UnreachableError: the goal cannot be reached from ``start``.
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise InvalidArgumentError(f"n must be an integer, got {type(n).__name__} {n!r}")
    if not 0 <= n <= MAX_DISKS:
        raise InvalidArgumentError(
            f"the viewer draws 0 to {MAX_DISKS:,} disks, got {n:,} (count or solve bigger "
            "puzzles with hanoi-magnet count and solve)"
        )
    variant = default_registry.variant(label)
    if variant.posts > MAX_POSTS:
        raise InvalidArgumentError(
            f"the viewer draws at most {MAX_POSTS} posts, but {variant.label} has {variant.posts}"
        )
    return _solve(variant.label, n, _position(variant, n, start))


def origin(label: str, n: int, start: Start = None) -> str | None:
    """The compact text of the position the viewer starts from; None for the start tower."""
    solved = solution(label, n, start)
    first = solved.start
    return None if first == solved.variant.start(n) else first.format(compact=True)


def _position(variant: Variant, n: int, start: Start) -> State | None:
    """``start`` as a State (None for the variant's own start tower)."""
    if isinstance(start, str):
        if len(start) > _MAX_START_TEXT:
            raise InvalidArgumentError(
                f"a start position is at most {_MAX_START_TEXT:,} characters, got {len(start):,}"
            )
        start = State.parse(start, posts=variant.posts, magnetic=variant.magnetic)
    if start is None or start == variant.start(n):
        return None
    return start


@functools.lru_cache(maxsize=16)
def _solve(label: str, n: int, start: State | None) -> Solution:
    return default_registry.solve(label, n, start=start)


def _colors(solved: Solution) -> tuple[Color | None, ...] | None:
    rules = solved.variant.rules
    return rules.post_colors if isinstance(rules, MagneticRules) else None


def _layout(solved: Solution) -> _svg.Layout:
    start = solved.unrank(0)
    return _svg.Layout.for_states([start], COLUMN_WIDTH)


def scene(label: str, n: int, start: State | str | None = None) -> JSON:
    """The fixed pieces of the viewer's picture of ``solve(label, n)``, ready for JSON.

    With ``start`` (a :class:`~hanoi_magnet.State`, or text such as ``SSI/rrb``), of the
    shortest path from there to the variant's goal, ``default_registry.solve(label, n,
    start=...)``; a start equal to the tower gives the variant's own solution. Keys:
    ``label``, ``n``, ``from`` (the start in compact form, or None for the start tower),
    ``description``, ``length`` (a decimal string: lengths can have hundreds of digits),
    ``posts`` (the post names), ``post_colors``, ``per_disk`` (how often each disk moves,
    smallest first, as decimal strings), and the picture: ``head`` (the SVG up to its
    ``<title>`` text), ``body`` (from there to the first disk), ``tail``, ``shapes`` (each
    disk's markup by face, ``"R"``, ``"B"`` or ``"-"`` for a classic disk), ``centres`` and
    ``bottoms`` (the coordinates of each post and stack level, formatted as in the SVG).

    Raises:
        InvalidArgumentError: beyond the viewer's limits, or ``start`` is not a legal position
            of the variant with ``n`` disks (or the variant has more than three posts).
        UnreachableError: the goal cannot be reached from ``start``.

    Example:
        >>> from hanoi_magnet.view import scene
        >>> data = scene("RBB", 2)
        >>> data["length"], data["posts"], data["post_colors"], data["per_disk"]
        ('4', ['S', 'I', 'D'], ['R', 'B', 'B'], ['3', '1'])
        >>> sorted(data["shapes"][0])  # disk 1's markup, red up and blue up
        ['B', 'R']
        >>> path = scene("NNN", 3, start="SSI/rrb")
        >>> path["from"], path["length"]
        ('SSI/rrb', '10')
    """
    solved = solution(label, n, start)
    variant = solved.variant
    layout = _layout(solved)
    colors = _colors(solved)
    faces = [Color.RED, Color.BLUE] if variant.magnetic else [None]
    shapes = [
        {_FACE_KEYS[face]: _svg.disk_shape(size, face, layout) for face in faces}
        for size in range(1, n + 1)
    ]
    head, body, tail = _document_pieces(layout, colors)
    return {
        "label": variant.label,
        "n": n,
        "from": origin(label, n, start),
        "description": variant.description,
        "length": str(solved.length),
        "posts": [post_name(post, variant.posts) for post in range(variant.posts)],
        "post_colors": None if colors is None else [_FACE_KEYS[color] for color in colors],
        "per_disk": [str(count) for count in solved.per_disk],
        "head": head,
        "body": body,
        "tail": tail,
        "shapes": shapes,
        "centres": _svg.disk_centres(layout),
        "bottoms": _svg.disk_bottoms(layout),
    }


_MARK = "\x00title\x00"  # a placeholder no title can contain (titles are escaped state text)


def _document_pieces(
    layout: _svg.Layout, colors: tuple[Color | None, ...] | None
) -> tuple[str, str, str]:
    """The SVG document around the disks, split at its title and at the first disk."""
    opened = "\n".join([_svg.panel_open(0.0), *_svg.background(colors, layout, caption=None)])
    whole = _svg.document(opened + "\n" + _MARK, layout.panel_width, layout.panel_height, label="")
    head, after_title = whole.split("<title></title>", 1)
    body, tail = after_title.split(_MARK, 1)
    return head + "<title>", "</title>" + body, "</g>" + tail


def compose(data: JSON, frame_data: JSON) -> str:
    """The SVG picture of one frame, put together from its scene as the page does it.

    The same as ``render_svg(state, post_colors=...)`` for the frame's position (the page's
    script does exactly this; the tests check both against :func:`hanoi_magnet.draw.render_svg`).

    Example:
        >>> from hanoi_magnet import solve
        >>> from hanoi_magnet.draw import render_svg
        >>> from hanoi_magnet.view import compose, frame, scene
        >>> picture = compose(scene("NNN", 3), frame("NNN", 3, 5))
        >>> picture == render_svg(solve("NNN", 3).unrank(5), post_colors="NNN")
        True
    """
    stacks: list[list[int]] = [[] for _ in data["posts"]]
    for size in range(data["n"], 0, -1):  # largest first: each stack bottom to top
        stacks[int(frame_data["at"][size - 1])].append(size)
    disks = []
    for post, stack in enumerate(stacks):
        for level, size in enumerate(stack):
            shape = data["shapes"][size - 1][frame_data["faces"][size - 1]]
            disks.append(_svg.placed(shape, data["centres"][post], data["bottoms"][level]))
    pieces: list[str] = [data["head"], escape(frame_data["state"]), data["body"]]
    pieces.extend(f"{disk}\n" for disk in disks)
    pieces.append(data["tail"])
    return "".join(pieces)


def frame(label: str, n: int, k: int, start: State | str | None = None) -> JSON:
    """Where every disk of ``solve(label, n)`` is after ``k`` moves, ready for JSON.

    With ``start``, of the shortest path from there to the goal (as in :func:`scene`).

    Computed from ``k`` in O(n) steps (:meth:`~hanoi_magnet.Solution.unrank`), never by
    replaying moves. ``k`` may be negative (counted from the end, -1 being the goal). Keys:
    ``k`` (a decimal string, from 0 to the length), ``state`` (the position as text), ``at``
    (the post of each disk, smallest first, one digit each), ``faces`` (the up face of each
    disk, ``R``, ``B`` or ``-``), ``last`` (the move that led here, or None at the start) and
    ``next`` (the move from here, or None at the goal), each with ``text`` and ``disk``.

    Raises:
        MoveIndexError: ``k`` is outside the solution.

    Example:
        >>> from hanoi_magnet.view import frame
        >>> data = frame("NNN", 3, 5)
        >>> data["k"], data["state"], data["at"], data["faces"]
        ('5', 'S: - | I: 2b 1b | D: 3b', '112', 'BBB')
        >>> data["last"], data["next"]
        ({'text': '3: S -> D', 'disk': 3}, {'text': '1: I -> S', 'disk': 1})
        >>> frame("NNN", 3, 0, start="SSI/rrb")["state"]
        'S: 3r 2r | I: 1b | D: -'
    """
    solved = solution(label, n, start)
    state = solved.unrank(k)  # raises MoveIndexError outside -length-1 .. length
    if k < 0:
        k += solved.length + 1
    posts = solved.variant.posts
    return {
        "k": str(k),
        "state": str(state),
        "at": _placement(state),
        "faces": "".join(_FACE_KEYS[state.face_up(disk)] for disk in range(1, n + 1)),
        "last": _move(solved, k - 1, posts) if k > 0 else None,
        "next": _move(solved, k, posts) if k < solved.length else None,
    }


def _placement(state: State) -> str:
    at = ["0"] * state.n
    for post, stack in enumerate(state.posts):
        for disk in stack:
            at[disk - 1] = str(post)
    return "".join(at)


def _move(solved: Solution, index: int, posts: int) -> JSON:
    move = solved[index]
    return {"text": move.format(posts), "disk": move.disk}
