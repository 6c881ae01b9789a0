"""The one bidirectional breadth-first search of the package, with interchangeable kernels.

It grows a ball around the start and a ball around the goal, a whole layer at a time, always
the smaller one; the first position found in both balls lies on a shortest path. Why the first
meeting is optimal: when the start's ball holds every position at distance <= i and the goal's
ball every position at distance <= j without a meeting, every path is longer than i + j (its
position number i would lie in both balls). Growing the start's ball to i + 1, a meeting
through a position at distance <= j from the goal gives a path of i + 1 + j moves, the least
possible.

With one-way moves (say only clockwise) the goal's ball must follow the moves backwards: a
move a -> b undone is a move b -> a, so the backward search takes the allowed directions
reversed. Under magnetic rules the rest of a move can always be undone too (the disk flips back
to the colour of the stack it left, or of its empty post), so the reversed directions are all
it needs, for classic and magnetic rules alike.

The loop (:func:`meet`) is the same for every kernel; a kernel is the *side*, one ball:

* ``"python"`` (:class:`PythonSide`, here): a byte per code (a ``bytearray``, or a dict for
  spaces too large) naming the move that reached it, neighbours by :mod:`.neighbours`; the
  path is read back from the marks;
* ``"bits"`` (:mod:`.bidirectional_numpy`): a visited bit per code and the layers as sorted
  numpy arrays, a whole layer per array operation; the path is read back from the layers;
* ``"frontier"`` (:mod:`.frontier`): numpy, only the last two layers of each ball (Korf's
  frontier search, for rules whose moves can all be undone): distances only, in memory
  proportional to the layers whatever the size of the space.

All work on the :class:`~.layout.CodeLayout` codes and stop at the same layer, so they give the
same distances (the tests hold them to each other and to the tests' own breadth-first search).
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Literal, Protocol, TypeAlias

from hanoi_magnet.search._exhaustive.budget import OverLimitError
from hanoi_magnet.search._exhaustive.layout import CodeLayout
from hanoi_magnet.search._exhaustive.neighbours import CodeMoves
from hanoi_magnet.search._exhaustive.progress import Report

Kernel: TypeAlias = Literal["python", "bits", "frontier"]
KERNELS: tuple[Kernel, ...] = ("python", "bits", "frontier")

#: up to this many codes, the pure-Python marks are bytearrays; beyond, sparse dicts
DENSE_CODES = 1 << 25


class Side(Protocol):
    """One ball of the search, as a kernel keeps it."""

    #: the positions in the ball, and the distance of its last layer from its root
    visited: int
    radius: int

    def last_size(self) -> int:
        """The number of positions in the last layer (0: the ball can grow no more)."""

    def grow(self, other: Side, budget: int) -> tuple[int, int]:
        """Add the next layer: return its size and a code also in ``other`` (-1 if none).

        ``budget`` is the most positions this ball may hold; a kernel may stop early (raising
        :class:`~.budget.OverLimitError`) or let :func:`meet` find out after the layer.
        """

    def memory(self) -> int:
        """The bytes this ball holds."""


def meet(ahead: Side, behind: Side, limit: int, report: Report) -> tuple[int, int]:
    """Grow the two balls, the smaller first, until they meet.

    Returns the meeting code (-1 if none) and the side that ran dry (0 the start's, 1 the
    goal's, -1 neither). ``report(radii, layer, visited, memory)`` follows every layer.

    Raises:
        OverLimitError: the two balls would hold more than ``limit`` positions.
    """
    while ahead.last_size() and behind.last_size():
        grows, other = (
            (ahead, behind) if ahead.last_size() <= behind.last_size() else (behind, ahead)
        )
        layer, meeting = grows.grow(other, limit - other.visited)
        visited = ahead.visited + behind.visited
        if visited > limit:
            raise OverLimitError
        report(ahead.radius + behind.radius, layer, visited, ahead.memory() + behind.memory())
        if meeting >= 0:
            return meeting, -1
    return -1, 0 if not ahead.last_size() else 1


def between(
    layout: CodeLayout,
    start: int,
    goal: int,
    limit: int,
    report: Report,
    kernel: Kernel,
    *,
    path: bool,
) -> tuple[int | None, list[int] | None, int, int]:
    """Search from ``start`` to ``goal`` with one kernel: what it found and how far it went.

    Returns the distance, a shortest path's codes (if ``path``), the positions visited and the
    side that ran dry. The distance and the path are ``None`` if there is no path; the side is
    0 (the start's), 1 (the goal's) or -1 (neither). ``"frontier"`` finds no path: ``path``
    needs another kernel.

    Raises:
        OverLimitError: the two balls would hold more than ``limit`` positions.
    """
    if start == goal:
        return 0, [start], 1, -1
    ahead: Side
    behind: Side
    if kernel == "python":
        moves = CodeMoves(layout)
        ahead, behind = PythonSide(moves, start, False), PythonSide(moves, goal, True)
    elif kernel == "bits":
        from hanoi_magnet.search._exhaustive import bidirectional_numpy  # noqa: PLC0415 (optional)

        ahead = bidirectional_numpy.BitsSide(layout, start, False, keep=path)
        behind = bidirectional_numpy.BitsSide(layout, goal, True, keep=path)
    else:
        assert not path, "the frontier search keeps no path"
        assert not layout.directed, "the frontier search needs moves that can be undone"
        from hanoi_magnet.search._exhaustive import frontier  # noqa: PLC0415 (optional)

        ahead, behind = frontier.FrontierSide(layout, start), frontier.FrontierSide(layout, goal)
    meeting, side = meet(ahead, behind, limit, report)
    if meeting < 0:
        return None, None, (ahead.visited, behind.visited)[side], side
    length = ahead.radius + behind.radius
    codes = None
    if path:
        if isinstance(ahead, PythonSide) and isinstance(behind, PythonSide):
            codes = ahead.path_to(meeting)[::-1] + behind.path_to(meeting)[1:]
        else:
            from hanoi_magnet.search._exhaustive import bidirectional_numpy  # noqa: PLC0415

            assert isinstance(ahead, bidirectional_numpy.BitsSide)
            assert isinstance(behind, bidirectional_numpy.BitsSide)
            codes = bidirectional_numpy.join(ahead, behind, meeting)
        length = len(codes) - 1
    return length, codes, ahead.visited + behind.visited, -1


class _SparseMarks(dict[int, int]):
    """A dict that reads 0 for a missing code, like an unmarked byte of a bytearray."""

    def __missing__(self, key: int) -> int:
        return 0


_Marks = MutableMapping[int, int] | bytearray


class PythonSide:
    """One ball in pure Python: a mark per code, the last layer as a list.

    A mark is 0 for "not visited", 1 + the index of the direction of the move that reached a
    code (in :attr:`CodeMoves.pairs`, or :attr:`CodeMoves.backward` for the goal's ball), or
    ``root`` for the root itself.
    """

    __slots__ = ("layer", "marks", "moves", "pairs", "radius", "root", "visited")

    def __init__(self, moves: CodeMoves, root: int, backward: bool) -> None:
        self.moves = moves
        self.pairs = moves.backward if backward else moves.pairs
        self.root = len(self.pairs) + 1
        size = moves.layout.size
        self.marks: _Marks = (
            bytearray(size) if size <= DENSE_CODES and self.root < 256 else _SparseMarks()
        )
        self.marks[root] = self.root
        self.layer = [root]
        self.visited = 1
        self.radius = 0

    def last_size(self) -> int:
        """The number of positions in the last layer."""
        return len(self.layer)

    def memory(self) -> int:
        """The bytes of the marks (a dict's are not counted)."""
        return len(self.marks) if isinstance(self.marks, bytearray) else 0

    def grow(self, other: Side, budget: int) -> tuple[int, int]:
        """The next layer, stopping at the first code ``other`` holds too."""
        assert isinstance(other, PythonSide)
        layer: list[int] = []
        neighbours, pairs = self.moves.neighbours, self.pairs
        mine, theirs = self.marks, other.marks
        visited = self.visited
        self.radius += 1
        try:
            for code in self.layer:
                for after, index in neighbours(code, pairs):
                    if mine[after]:
                        continue
                    visited += 1
                    if visited > budget:
                        raise OverLimitError
                    mine[after] = index + 1
                    if theirs[after]:
                        return len(layer) + 1, after
                    layer.append(after)
            return len(layer), -1
        finally:
            self.layer, self.visited = layer, visited

    def path_to(self, code: int) -> list[int]:
        """The codes from ``code`` back to this ball's root, read off the marks.

        A forward mark names the direction (a, b) of the move that reached a code: its disk is
        now the top of b, and moving it back to a gives the previous code. A backward mark
        (b, a) means the code was found from its successor by undoing a move a -> b: moving
        the top of a to b leads one step nearer the goal.
        """
        moves, path = self.moves, [code]
        while (mark := self.marks[code]) != self.root:
            assert mark, "every step back must land on a visited code"
            source, target = self.pairs[mark - 1]
            disk = moves.tops(code // moves.face_count)[target]
            code = moves.shift(code, target, source, disk)
            path.append(code)
        return path
