"""Optimal paths between any two positions, by bidirectional breadth-first search.

The search runs on the codes every search of the package uses
(:class:`~hanoi_magnet.search._exhaustive.layout.CodeLayout`; one byte per code, in a
``bytearray``), generating the neighbours of a code by arithmetic
(:mod:`~hanoi_magnet.search._exhaustive.neighbours`). It grows a
ball around the start and a ball around the goal, a whole layer at a time, always the smaller
one; the first position found in both balls lies on a shortest path.

Why the first meeting is optimal: when the start's ball holds every position at distance <= i
and the goal's ball every position at distance <= j without a meeting, every path is longer
than i + j (its position number i would lie in both balls). Growing the start's ball to i + 1,
a meeting through a position at distance <= j from the goal gives a path of i + 1 + j moves, the
least possible.

With one-way moves (say only clockwise) the goal's ball must follow the moves backwards: a
move a -> b undone is a move b -> a, so the backward search takes the allowed directions
reversed. Under magnetic rules the rest of a move can always be undone too (the disk flips back
to the colour of the stack it left, or of its empty post), so the reversed directions are all
it needs, for classic and magnetic rules alike.
"""

from __future__ import annotations

import math
from collections.abc import MutableMapping
from itertools import combinations

from hanoi_magnet.errors import InvalidArgumentError, SearchLimitError, UnreachableError
from hanoi_magnet.model import Move, State, _integer
from hanoi_magnet.rules import ClassicRules, MagneticRules, Rules
from hanoi_magnet.search._classic import classic_distance
from hanoi_magnet.search._exhaustive.budget import OverLimitError, human_count
from hanoi_magnet.search._exhaustive.dispatch import choose_search, numpy_distance, numpy_path
from hanoi_magnet.search._exhaustive.engines import Engine
from hanoi_magnet.search._exhaustive.layout import CodeLayout
from hanoi_magnet.search._exhaustive.neighbours import CodeMoves
from hanoi_magnet.search._exhaustive.progress import ProgressCallback, Reporter
from hanoi_magnet.search._paths import ShortestPath

__all__ = ["DEFAULT_MAX_STATES", "distance", "legal_state_count", "shortest_path"]

#: How many positions a search may visit unless told otherwise (a few seconds of search).
DEFAULT_MAX_STATES = 2_000_000

_DENSE_CODES = 1 << 25  # up to this many codes, marks are bytearrays; beyond, sparse dicts


class _SparseMarks(dict[int, int]):
    """A dict that reads 0 for a missing code, like an unmarked byte of a bytearray."""

    def __missing__(self, key: int) -> int:
        return 0


_Marks = MutableMapping[int, int] | bytearray


class _OverLimitError(Exception):
    """Raised inside the search when it would visit more positions than allowed."""


def shortest_path(
    rules: Rules,
    start: State,
    goal: State,
    *,
    max_states: int = DEFAULT_MAX_STATES,
    engine: Engine = "auto",
    progress: ProgressCallback | bool | None = None,
) -> ShortestPath:
    """A shortest path by bidirectional breadth-first search, for any number of posts.

    :func:`hanoi_magnet.search.shortest_path` calls it for four or more posts; its docstring
    describes the arguments and errors.
    """
    limit = _checked(rules, start, goal, max_states)
    _, moves, explored = _search(rules, start, goal, limit, engine, Reporter(progress))
    return ShortestPath(rules, start, goal, moves, explored)


def distance(
    rules: Rules,
    start: State,
    goal: State,
    *,
    max_states: int = DEFAULT_MAX_STATES,
    engine: Engine = "auto",
    progress: ProgressCallback | bool | None = None,
) -> int:
    """The length of a shortest path by search, for any number of posts.

    :func:`hanoi_magnet.search.distance` calls it for four or more posts. With numpy, rules
    whose moves can all be undone and a space too large for a visited bit per position are
    searched keeping only the last two layers of each side (*frontier search*, Korf 2004).
    """
    limit = _checked(rules, start, goal, max_states)
    if isinstance(rules, ClassicRules) and rules.pegs == 3 and _every_direction(rules):
        return classic_distance(start, goal)
    return _search(rules, start, goal, limit, engine, Reporter(progress), path=False)[0]


def legal_state_count(rules: Rules, n: int) -> int:
    """How many legal positions ``n`` disks have under ``rules`` (the size of the search space).

    Classic rules: every placement, ``posts ** n``. Magnetic rules: each non-empty neutral post
    may show either colour, a coloured post only its own.

    Example:
        >>> from hanoi_magnet import ClassicRules, MagneticRules
        >>> from hanoi_magnet.search import legal_state_count
        >>> legal_state_count(ClassicRules(), 8), legal_state_count(MagneticRules("NNN"), 3)
        (6561, 126)
    """
    if not isinstance(rules, Rules):
        raise InvalidArgumentError(f"rules must be a Rules object, got {type(rules).__name__}")
    n = _integer(n, "n")
    posts = rules.posts
    if not isinstance(rules, MagneticRules):
        return int(posts**n)
    weights = [2 if color is None else 1 for color in rules.post_colors]
    total = 0
    # Sum over the sets of non-empty posts: the placements using exactly those posts
    # (surjections, by inclusion-exclusion) times the colour choices of their stacks.
    for size in range(posts + 1):
        onto = sum((-1) ** j * math.comb(size, j) * (size - j) ** n for j in range(size + 1))
        if onto:
            total += onto * sum(math.prod(group) for group in combinations(weights, size))
    return total


def _every_direction(rules: ClassicRules) -> bool:
    return rules.allowed is None or len(rules.allowed) == rules.pegs * (rules.pegs - 1)


def _checked(rules: Rules, start: State, goal: State, max_states: int) -> int:
    if not isinstance(rules, Rules):
        raise InvalidArgumentError(f"rules must be a Rules object, got {type(rules).__name__}")
    for name, state in (("start", start), ("goal", goal)):
        reason = rules.check_state(state)  # also refuses non-States and the wrong shape
        if reason is not None:
            raise InvalidArgumentError(
                f"the {name} is not a legal position under {rules!r}: {reason}"
            )
    if start.n != goal.n:
        raise InvalidArgumentError(
            f"the start has {start.n} disks but the goal has {goal.n}; a path keeps every disk"
        )
    return _integer(max_states, "max_states", minimum=1)


def _search(
    rules: Rules,
    start: State,
    goal: State,
    limit: int,
    engine: object,
    reporter: Reporter,
    *,
    path: bool = True,
) -> tuple[int, list[Move], int]:
    """The length, the moves (if ``path``) of a shortest path and the positions visited."""
    how = choose_search(rules, start.n, limit, engine, path=path)
    if how == "python":
        layout = CodeLayout(rules, start.n)
        moves, explored = _bidirectional(
            CodeMoves(layout), layout.encode(start), layout.encode(goal), limit, reporter
        )
        length = len(moves)
    else:
        try:
            if path:
                found, explored, side = numpy_path(rules, start, goal, limit, reporter.layer)
                length = -1 if found is None else len(found)
                moves = found or []
            else:
                measured, explored, side = numpy_distance(
                    rules, start, goal, limit, reporter.layer, how
                )
                length, moves = (-1 if measured is None else measured), []
        except OverLimitError:
            raise _limit_error(rules, start.n, limit) from None
        except MemoryError:  # the frontier's layers outgrew the memory (their size is unknown)
            raise SearchLimitError(
                f"the search ran out of memory after {reporter.peak:,} bytes of layers; "
                f"a smaller max_states ({limit:,} now) makes it stop sooner"
            ) from None
        if length < 0:
            raise _unreachable_error(rules, start.n, side, explored)
    reporter.layer(length, 0, explored, reporter.peak, done=True)
    return length, moves, explored


def _limit_error(rules: Rules, n: int, limit: int) -> SearchLimitError:
    return SearchLimitError(
        f"the search would visit more than max_states={human_count(limit)} positions; "
        f"{n} disks have {human_count(legal_state_count(rules, n))} legal positions "
        f"under {rules!r}"
    )


def _unreachable_error(rules: Rules, n: int, side: int, count: int) -> UnreachableError:
    where = "reachable from the start" if side == 0 else "from which the goal can be reached"
    return UnreachableError(
        f"the goal cannot be reached from the start: the search explored all the positions "
        f"{where} ({count:,} of the {human_count(legal_state_count(rules, n))} legal positions "
        f"of {n} disks under {rules!r})"
    )


def _bidirectional(
    space: CodeMoves, start: int, goal: int, limit: int, reporter: Reporter
) -> tuple[list[Move], int]:
    """The moves of a shortest path between two codes, and how many codes were visited."""
    if start == goal:
        return [], 1
    forward = space.pairs
    backward = space.backward
    size = space.layout.size
    # A mark is 0 for "not visited", 1 + the index of the direction of the move that reached a
    # code, or ``root`` for the start (or the goal) itself.
    root = len(forward) + 1
    dense = size <= _DENSE_CODES and root < 256
    ahead: _Marks = bytearray(size) if dense else _SparseMarks()
    behind: _Marks = bytearray(size) if dense else _SparseMarks()
    ahead[start] = behind[goal] = root
    frontier_ahead, frontier_behind = [start], [goal]
    seen = [1, 1]  # positions visited from the start, and from the goal
    memory = 2 * size if dense else 0
    radii = 0  # the two balls' radii together
    while frontier_ahead and frontier_behind:
        try:
            if len(frontier_ahead) <= len(frontier_behind):
                frontier_ahead, meeting, seen[0] = _grow(
                    space, frontier_ahead, forward, ahead, behind, seen[0], limit - seen[1]
                )
                layer = len(frontier_ahead)
            else:
                frontier_behind, meeting, seen[1] = _grow(
                    space, frontier_behind, backward, behind, ahead, seen[1], limit - seen[0]
                )
                layer = len(frontier_behind)
        except _OverLimitError:
            raise _limit_error(space.layout.rules, space.n, limit) from None
        radii += 1
        reporter.layer(radii, layer, sum(seen), memory)
        if meeting >= 0:
            return _join(space, meeting, ahead, behind, backward, root), sum(seen)
    side = 0 if not frontier_ahead else 1
    raise _unreachable_error(space.layout.rules, space.n, side, seen[side])


def _grow(
    space: CodeMoves,
    frontier: list[int],
    pairs: tuple[tuple[int, int], ...],
    mine: _Marks,
    theirs: _Marks,
    visited: int,
    limit: int,
) -> tuple[list[int], int, int]:
    """Visit the next layer of one ball: (the new layer, a meeting code or -1, its size).

    ``visited`` is the size of this ball so far, ``limit`` the most it may grow to.
    """
    layer: list[int] = []
    neighbours = space.neighbours
    for code in frontier:
        for after, index in neighbours(code, pairs):
            if mine[after]:
                continue
            visited += 1
            if visited > limit:
                raise _OverLimitError
            mine[after] = index + 1
            if theirs[after]:
                return layer, after, visited
            layer.append(after)
    return layer, -1, visited


def _join(
    space: CodeMoves,
    meeting: int,
    ahead: _Marks,
    behind: _Marks,
    backward: tuple[tuple[int, int], ...],
    root: int,
) -> list[Move]:
    """The moves from the start to ``meeting`` and on to the goal, read off the marks.

    A forward mark names the direction (a, b) of the move that reached a code: its disk is now
    the top of b, and moving it back to a gives the previous code. A backward mark (b, a) means
    the code was found from its successor by undoing a move a -> b: moving the top of a to b
    leads one step nearer the goal.
    """
    p = space.posts
    moves: list[Move] = []
    code = meeting
    while (mark := ahead[code]) != root:
        assert mark, "every step back must land on a visited code"
        a, b = space.pairs[mark - 1]
        disk = space.tops(code // space.face_count)[b]
        moves.append(space.moves[disk][a * p + b])
        code = space.shift(code, b, a, disk)
    moves.reverse()
    code = meeting
    while (mark := behind[code]) != root:
        assert mark, "every step forward must land on a visited code"
        b, a = backward[mark - 1]
        disk = space.tops(code // space.face_count)[a]
        moves.append(space.moves[disk][a * p + b])
        code = space.shift(code, a, b, disk)
    return moves
