"""The validator's fast loops: one per input form, at the speed of a plain loop.

Each loop replays items from an iterator over a list while they are of its form and legal, and
returns the first item it cannot take (with ``replay.index`` set to that item's index) or
:data:`END`. It never reports an error itself: the careful path of
:class:`~hanoi_magnet._replay.Replay` replays the item handed back, or names its broken rule.

What makes them fast:

* *Routes*: a table, built once per replay, from ``[source][target]`` to the two stacks and
  whether the target is the goal post. A missing post raises IndexError, a move to the same
  post or in a forbidden direction finds ``None`` (TypeError on unpacking): no comparisons.
* A pair's posts must be the ints of its route, *identically* (``source is s``): CPython keeps
  one object per small int, so ``True``, ``1.0``, a negative index that wrapped round, or an
  int subclass fall through to the careful path, which rules on them as it always has.
* A line of text is looked up in a cache of lines seen before, whose values are routes with
  the disk the line names (0: the top disk); the careful path parses a new line and learns it.
* No index is counted: the iterator's :func:`operator.length_hint` says how many items are
  left, so an item's index is known when it is needed (a handed-back item, a goal reached).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import islice
from operator import length_hint
from typing import Any

from hanoi_magnet._replay import Replay
from hanoi_magnet.errors import IllegalMoveError
from hanoi_magnet.model import Move

#: Returned by a loop when its iterator is used up.
END = object()

#: Up to this many posts the route table is built (posts squared entries); beyond it, every
#: move takes the careful path.
MAX_POSTS = 32
#: The most distinct lines of text remembered per replay (solutions repeat a few lines many
#: times; text that never repeats is parsed line by line, as before).
MAX_LINES = 4096

#: Items read at a time from an iterable that is not a list or a tuple (a generator, a file):
#: a bound on memory, large enough that the bookkeeping per chunk does not show.
CHUNK = 1024

Loop = Callable[[Replay, Iterator[object]], object]
_ERRORS = (IndexError, TypeError, ValueError)


def fast_loops(replay: Replay) -> dict[type, Loop]:
    """The loops for ``replay``'s rules, by the type of item each takes."""
    posts = len(replay.stacks)
    if posts > MAX_POSTS:
        return {}
    allowed = replay.allowed
    goal = replay.goal_post
    colors = replay.colors or [-1] * posts
    routes: list[list[Any]] = [[None] * posts for _ in range(posts)]
    for s in range(posts):
        for t in range(posts):
            if s != t and (allowed is None or (s, t) in allowed):
                stack, below = replay.stacks[s], replay.stacks[t]
                routes[s][t] = (stack, below, t == goal, s, t, colors[t])
    replay.routes = routes
    if replay.colors is None and replay.missing < 0:
        replay.short_routes = [[r and r[:3] for r in row] for row in routes]
        return {Move: _moves, tuple: _pairs, str: _text}
    return {Move: _general_moves, tuple: _general_pairs, str: _general_text}


def run(replay: Replay, moves: Iterable[object]) -> IllegalMoveError | None:
    """Replay ``moves``: the fast loops while they can, the careful path for the rest.

    Returns the first illegal move (``None``: every move was legal).
    """
    fast = fast_loops(replay)
    for chunk in _chunks(moves):
        items = iter(chunk)
        loop = fast.get(Move)
        while True:
            item = next(items, END) if loop is None else loop(replay, items)
            if item is END:
                break
            if isinstance(item, str):
                _learn(replay, item)
            if replay.careful(item):
                return replay.error
            loop = fast.get(type(item), loop)
    return None


def _chunks(moves: Iterable[object]) -> Iterator[Sequence[object]]:
    """Lists and tuples whole; any other iterable a bounded chunk at a time."""
    if type(moves) in (list, tuple):
        yield moves  # type: ignore[misc]
        return
    iterator = iter(moves)
    while chunk := list(islice(iterator, CHUNK)):
        yield chunk


def _learn(replay: Replay, line: str) -> None:
    """Remember a line that holds exactly one move, for the text loops to replay it."""
    lines = replay.lines
    if len(lines) >= MAX_LINES or not replay.routes or line in lines:
        return
    parsed = replay.parse(line)
    if len(parsed) != 1 or isinstance(parsed[0][0], IllegalMoveError):
        return
    move = parsed[0][0]
    disk, (source, target) = (
        (move.disk, (move.source, move.target)) if isinstance(move, Move) else (0, move)
    )
    posts = len(replay.stacks)
    if not (0 <= source < posts and 0 <= target < posts):
        return
    route = replay.routes[source][target]
    if route is not None:
        lines[line] = (*route, disk)


# -- classic rules, goals that are one tower (or none) ---------------------------------------


def _moves(replay: Replay, items: Iterator[object]) -> object:
    routes, n = replay.short_routes, replay.n
    stop = replay.index + length_hint(items)
    item: object = END
    try:
        for item in items:
            if type(item) is not Move:
                break
            stack, below, goal = routes[item.source][item.target]
            top = stack.pop()
            if top != item.disk or (below and below[-1] < top):
                stack.append(top)
                break
            below.append(top)
            if goal and len(below) == n:
                replay.reached(stop - length_hint(items))
        else:
            replay.index = stop
            return END
    except _ERRORS:
        pass
    replay.index = stop - length_hint(items) - 1
    return item


def _pairs(replay: Replay, items: Iterator[object]) -> object:
    routes, n = replay.routes, replay.n
    stop = replay.index + length_hint(items)
    item: object = END
    try:
        for item in items:
            if type(item) is not tuple:
                break
            source, target = item
            stack, below, goal, s, t, _ = routes[source][target]
            if source is not s or target is not t:
                break
            top = stack.pop()
            if below and below[-1] < top:
                stack.append(top)
                break
            below.append(top)
            if goal and len(below) == n:
                replay.reached(stop - length_hint(items))
        else:
            replay.index = stop
            return END
    except _ERRORS:
        pass
    replay.index = stop - length_hint(items) - 1
    return item


def _text(replay: Replay, items: Iterator[object]) -> object:
    get, n = replay.lines.get, replay.n
    stop = replay.index + length_hint(items)
    item: object = END
    try:
        for item in items:
            route = get(item)  # type: ignore[call-overload]
            if route is None:
                break
            stack, below, goal, _, _, _, disk = route
            top = stack.pop()
            if (disk and top != disk) or (below and below[-1] < top):
                stack.append(top)
                break
            below.append(top)
            if goal and len(below) == n:
                replay.reached(stop - length_hint(items))
        else:
            replay.index = stop
            return END
    except _ERRORS:
        pass
    replay.index = stop - length_hint(items) - 1
    return item


# -- magnetic rules, goals that are not one tower ----------------------------------------------
# The same three loops, with the colour checks and the goal bookkeeping after the size check
# (written out in each: a function call per move would cost more than the whole move).


def _general_moves(replay: Replay, items: Iterator[object]) -> object:
    routes, n, faces = replay.routes, replay.n, replay.faces
    magnetic, tracking = replay.colors is not None, replay.missing >= 0
    stop = replay.index + length_hint(items)
    item: object = END
    try:
        for item in items:
            if type(item) is not Move:
                break
            disk = item.disk
            route = routes[item.source][item.target]
            stack, below, goal, source, target, color = route
            top = stack.pop()
            if (disk and top != disk) or (below and below[-1] < top):
                stack.append(top)
                break
            if magnetic:
                face = faces[top] ^ 1
                if (faces[below[-1]] != face) if below else (color not in (-1, face)):
                    stack.append(top)
                    break
                faces[top] = face
            if tracking:
                replay.moved(top, source, target, stop - length_hint(items))
            below.append(top)
            if goal and len(below) == n:
                replay.reached(stop - length_hint(items))
        else:
            replay.index = stop
            return END
    except _ERRORS:
        pass
    replay.index = stop - length_hint(items) - 1
    return item


def _general_pairs(replay: Replay, items: Iterator[object]) -> object:
    routes, n, faces = replay.routes, replay.n, replay.faces
    magnetic, tracking = replay.colors is not None, replay.missing >= 0
    stop = replay.index + length_hint(items)
    item: object = END
    try:
        for item in items:
            if type(item) is not tuple:
                break
            first, second = item
            route = routes[first][second]
            if first is not route[3] or second is not route[4]:
                break
            disk = 0
            stack, below, goal, source, target, color = route
            top = stack.pop()
            if (disk and top != disk) or (below and below[-1] < top):
                stack.append(top)
                break
            if magnetic:
                face = faces[top] ^ 1
                if (faces[below[-1]] != face) if below else (color not in (-1, face)):
                    stack.append(top)
                    break
                faces[top] = face
            if tracking:
                replay.moved(top, source, target, stop - length_hint(items))
            below.append(top)
            if goal and len(below) == n:
                replay.reached(stop - length_hint(items))
        else:
            replay.index = stop
            return END
    except _ERRORS:
        pass
    replay.index = stop - length_hint(items) - 1
    return item


def _general_text(replay: Replay, items: Iterator[object]) -> object:
    lines, n, faces = replay.lines, replay.n, replay.faces
    magnetic, tracking = replay.colors is not None, replay.missing >= 0
    stop = replay.index + length_hint(items)
    item: object = END
    try:
        for item in items:
            found = lines.get(item)  # type: ignore[call-overload]
            if found is None:
                break
            stack, below, goal, source, target, color, disk = found
            top = stack.pop()
            if (disk and top != disk) or (below and below[-1] < top):
                stack.append(top)
                break
            if magnetic:
                face = faces[top] ^ 1
                if (faces[below[-1]] != face) if below else (color not in (-1, face)):
                    stack.append(top)
                    break
                faces[top] = face
            if tracking:
                replay.moved(top, source, target, stop - length_hint(items))
            below.append(top)
            if goal and len(below) == n:
                replay.reached(stop - length_hint(items))
        else:
            replay.index = stop
            return END
    except _ERRORS:
        pass
    replay.index = stop - length_hint(items) - 1
    return item
