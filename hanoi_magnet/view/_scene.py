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

import attrs

from hanoi_magnet.draw import _svg
from hanoi_magnet.errors import (
    InvalidArgumentError,
    MoveIndexError,
    Rule,
    UnreachableError,
    UnsolvableError,
)
from hanoi_magnet.model import Color, Move, State, post_name
from hanoi_magnet.registry import default_registry
from hanoi_magnet.rules import MagneticRules
from hanoi_magnet.search import ShortestPath, shortest_path
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

#: The most positions a search may visit for one request on four or more posts (more: refused).
MAX_SEARCH_STATES = 50_000


@attrs.frozen
class Route:
    """What the viewer scrubs: the variant's solution, or a shortest path between two positions.

    ``length`` is None when there is no route (``reason`` says why: the variant has no solution,
    or the goal cannot be reached); then only the start is shown. ``optimal`` is False for
    moves given to the viewer that are not a shortest route (the viewer's own always are).
    """

    variant: Variant
    n: int
    start: State
    goal: State
    length: int | None
    reason: str | None
    moves: Solution | ShortestPath | None
    optimal: bool = True

    def unrank(self, k: int) -> State:
        """The position after ``k`` moves (negative: from the end)."""
        if self.moves is None:
            if k in (0, -1):
                return self.start
            raise MoveIndexError(f"there is no move to scrub: {self.reason}")
        if isinstance(self.moves, ShortestPath):
            length = self.moves.length
            if not -length - 1 <= k <= length:
                raise MoveIndexError(
                    f"k must be from 0 to {length} (or from -{length + 1} to -1), got {k}"
                )
        return self.moves.unrank(k)

    def move(self, index: int) -> Move:
        """The move at ``index`` (0-based)."""
        assert self.moves is not None
        return self.moves[index]

    @property
    def ends(self) -> tuple[str | None, str | None]:
        """The start and goal in compact form, each None where it is the variant's own."""
        variant, n = self.variant, self.n
        first = None if self.start == variant.start(n) else self.start.format(compact=True)
        last = None if self.goal == variant.goal(n) else self.goal.format(compact=True)
        return first, last

    @property
    def per_disk(self) -> list[int]:
        """How often each disk moves, smallest first (empty without a route)."""
        if self.moves is None:
            return []
        if isinstance(self.moves, Solution):
            return list(self.moves.per_disk)
        counts = [0] * self.n
        for move in self.moves:
            counts[move.disk - 1] += 1
        return counts


def checked_variant(label: str, n: int) -> Variant:
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
    return variant


def route(label: str, n: int, start: Start = None, goal: Start = None) -> Route:
    """The route the viewer shows, checked against the viewer's limits (memoised).

    From the variant's start tower to its goal (its solution), or between ``start`` and
    ``goal`` (each a :class:`~hanoi_magnet.State`, or text that :meth:`State.parse
    <hanoi_magnet.State.parse>` reads, such as ``SSI/rrb``): a shortest path, exact in O(n)
    steps on three posts, by search (at most :data:`MAX_SEARCH_STATES` positions) on more.
    A variant without a solution, or a goal out of reach, gives a route without moves whose
    ``reason`` says why.

    Raises:
        InvalidArgumentError: ``n`` is beyond :data:`MAX_DISKS` or the variant has more than
            :data:`MAX_POSTS` posts (refused at once, before any work), or a position is not
            legal in the variant with ``n`` disks.
        UnknownVariantError: ``label`` is no known variant.
        SearchLimitError: four or more posts, and the search would visit too many positions.
    """
    variant = checked_variant(label, n)
    first = checked_position(variant, n, start, "start")
    last = checked_position(variant, n, goal, "goal")
    return _route(variant.label, n, first, last)


def origin(label: str, n: int, start: Start = None) -> str | None:
    """The compact text of the position the viewer starts from; None for the start tower."""
    variant = checked_variant(label, n)
    first = checked_position(variant, n, start, "start")
    return None if first is None else first.format(compact=True)


def target(label: str, n: int, goal: Start = None) -> str | None:
    """The compact text of the position the viewer aims at; None for the variant's goal."""
    variant = checked_variant(label, n)
    last = checked_position(variant, n, goal, "goal")
    return None if last is None else last.format(compact=True)


def checked_position(variant: Variant, n: int, given: Start, name: str) -> State | None:
    """``given`` as a legal State of ``n`` disks (None for the variant's own start or goal)."""
    if given is None:
        return None
    state = legal_position(variant, n, given, name)
    own = variant.start(n) if name == "start" else variant.goal(n)
    return None if state == own else state


def legal_position(variant: Variant, n: int, given: State | str, name: str) -> State:
    """``given`` (a State or its text) as a legal State of ``variant`` with ``n`` disks.

    Raises:
        InvalidArgumentError: the text does not parse, or the position has another number of
            disks or breaks a rule; the message names it (``the start``, ``the position``).
    """
    if isinstance(given, str):
        if len(given) > _MAX_START_TEXT:
            raise InvalidArgumentError(
                f"a {name} position is at most {_MAX_START_TEXT:,} characters, got {len(given):,}"
            )
        given = State.parse(given, posts=variant.posts, magnetic=variant.magnetic)
    if given.n != n:
        raise InvalidArgumentError(f"the {name} has {given.n} disks, not {n}")
    reason = variant.rules.check_state(given)
    if reason is not None:
        raise InvalidArgumentError(
            f"the {name} is not a legal position of {variant.label}: {reason}"
        )
    return given


@functools.lru_cache(maxsize=32)
def _route(label: str, n: int, start: State | None, goal: State | None) -> Route:
    variant = default_registry.variant(label)
    first = variant.start(n) if start is None else start
    last = variant.goal(n) if goal is None else goal
    moves: Solution | ShortestPath | None
    try:
        if start is None and goal is None:
            moves = default_registry.solve(label, n)
        elif variant.posts == 3:
            moves = default_registry.solve(label, n, start=first, goal=last)
        else:
            found = shortest_path(variant.rules, first, last, max_states=MAX_SEARCH_STATES)
            assert isinstance(found, ShortestPath)
            moves = found
    except (UnsolvableError, UnreachableError) as error:
        return Route(variant, n, first, last, None, str(error), None)
    length = moves.length
    return Route(variant, n, first, last, length, None, moves)


def _colors(variant: Variant) -> tuple[Color | None, ...] | None:
    rules = variant.rules
    return rules.post_colors if isinstance(rules, MagneticRules) else None


def scene(label: str, n: int, start: Start = None, *, goal: Start = None) -> JSON:
    """The fixed pieces of the viewer's picture of ``solve(label, n)``, ready for JSON.

    With ``start`` and/or ``goal`` (a :class:`~hanoi_magnet.State`, or text such as ``SSI/rrb``), of
    a shortest path between them (exact in O(n) steps on three posts, by search on more); a start or
    goal equal to the variant's own is left out. Keys: ``label``, ``n``, ``from`` and ``to`` (the
    ends in compact form, or None for the variant's own), ``start`` and ``goal`` (the ends in
    compact form, always), ``description``, ``length`` (a decimal string: lengths can have hundreds
    of digits; None when there is no route, and then ``reason`` says why), ``posts`` (the post
    names), ``post_colors``, ``per_disk`` (how often each disk moves, smallest first, as decimal
    strings), ``optimal`` (whether the route is a shortest one: always, but for moves given to
    the widget), and the picture: ``head`` (the SVG up to its ``<title>`` text), ``body`` (from
    there to the first disk), ``tail``, ``shapes`` (each disk's markup by face, ``"R"``, ``"B"`` or
    ``"-"`` for a classic disk), ``centres`` and ``bottoms`` (the coordinates of each post and stack
    level, formatted as in the SVG), ``column`` (the width of a post's column) and ``rule_text``
    (each rule of :class:`~hanoi_magnet.Rule` in words, by its value).

    Raises:
        InvalidArgumentError: beyond the viewer's limits, or a position is not a legal position
            of the variant with ``n`` disks.

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
        >>> scene("RRR", 2)["length"], scene("RRR", 2)["start"]  # no legal first move
        (None, 'SS/rr')
    """
    return route_scene(route(label, n, start, goal))


def route_scene(found: Route) -> JSON:
    """:func:`scene` of a route (the viewer's, or one the widget was given)."""
    variant, n = found.variant, found.n
    first, last = found.ends
    layout = _svg.Layout.for_states([found.start], COLUMN_WIDTH)
    colors = _colors(variant)
    faces = [Color.RED, Color.BLUE] if variant.magnetic else [None]
    shapes = [
        {_FACE_KEYS[face]: _svg.disk_shape(size, face, layout) for face in faces}
        for size in range(1, n + 1)
    ]
    head, body, tail = _document_pieces(layout, colors)
    return {
        "label": variant.label,
        "n": n,
        "from": first,
        "to": last,
        "start": found.start.format(compact=True),
        "goal": found.goal.format(compact=True),
        "description": variant.description,
        "length": None if found.length is None else str(found.length),
        "reason": found.reason,
        "optimal": found.optimal,
        "posts": [post_name(post, variant.posts) for post in range(variant.posts)],
        "post_colors": None if colors is None else [_FACE_KEYS[color] for color in colors],
        "per_disk": [str(count) for count in found.per_disk],
        "head": head,
        "body": body,
        "tail": tail,
        "shapes": shapes,
        "centres": _svg.disk_centres(layout),
        "bottoms": _svg.disk_bottoms(layout),
        "column": COLUMN_WIDTH,
        "rule_text": {rule.value: rule.describe() for rule in Rule},
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


def frame(label: str, n: int, k: int, start: Start = None, *, goal: Start = None) -> JSON:
    """Where every disk of ``solve(label, n)`` is after ``k`` moves, ready for JSON.

    With ``start`` and/or ``goal``, of a shortest path between them (as in :func:`scene`).

    Computed from ``k`` in O(n) steps (:meth:`~hanoi_magnet.Solution.unrank`), never by
    replaying moves. ``k`` may be negative (counted from the end, -1 being the goal). Keys:
    ``k`` (a decimal string, from 0 to the length), ``pos`` (the position in compact form),
    ``state`` (the position as text), ``at`` (the post of each disk, smallest first, one digit
    each), ``faces`` (the up face of each disk, ``R``, ``B`` or ``-``), ``last`` (the move that
    led here, or None at the start) and ``next`` (the move from here, or None at the goal),
    each with ``text``, ``disk``, ``source`` and ``target``.

    Raises:
        MoveIndexError: ``k`` is outside the route (only 0 when there is no route).

    Example:
        >>> from hanoi_magnet.view import frame
        >>> data = frame("NNN", 3, 5)
        >>> data["k"], data["pos"], data["state"], data["at"], data["faces"]
        ('5', 'DII/bbb', 'S: - | I: 2b 1b | D: 3b', '112', 'BBB')
        >>> data["last"]["text"], data["next"]["text"]
        ('3: S -> D', '1: I -> S')
        >>> frame("NNN", 3, 0, start="SSI/rrb")["state"]
        'S: 3r 2r | I: 1b | D: -'
    """
    return route_frame(route(label, n, start, goal), k)


def route_frame(found: Route, k: int) -> JSON:
    """:func:`frame` of a route (the viewer's, or one the widget was given)."""
    state = found.unrank(k)  # raises MoveIndexError outside -length-1 .. length
    length = found.length or 0
    if k < 0:
        k += length + 1
    posts = found.variant.posts
    data = position_fields(state)
    return {
        "k": str(k),
        **data,
        "last": _move(found.move(k - 1), posts) if k > 0 else None,
        "next": _move(found.move(k), posts) if k < length else None,
    }


def position_fields(state: State) -> JSON:
    """A position as the page draws it: ``pos``, ``state``, ``at`` and ``faces`` (see frame)."""
    return {
        "pos": state.format(compact=True),
        "state": str(state),
        "at": _placement(state),
        "faces": "".join(_FACE_KEYS[state.face_up(disk)] for disk in range(1, state.n + 1)),
    }


def _placement(state: State) -> str:
    at = ["0"] * state.n
    for post, stack in enumerate(state.posts):
        for disk in stack:
            at[disk - 1] = str(post)
    return "".join(at)


def _move(move: Move, posts: int) -> JSON:
    return {
        "text": move.format(posts),
        "disk": move.disk,
        "source": move.source,
        "target": move.target,
    }
