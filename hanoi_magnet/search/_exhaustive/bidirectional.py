"""Shortest paths between two positions with numpy, a whole layer per array operation.

The bidirectional search of :mod:`hanoi_magnet.search` (same layers, same stopping rule).

Each side keeps a one-bit visited set over the codes (two bits per code for both) and its
layers as sorted arrays, from which the path is read back once the two balls meet.
"""

from __future__ import annotations

import numpy as np

from hanoi_magnet.search._exhaustive.bits import Int64s, sorted_unique
from hanoi_magnet.search._exhaustive.budget import OverLimitError
from hanoi_magnet.search._exhaustive.layout import CodeLayout
from hanoi_magnet.search._exhaustive.moves import Successors
from hanoi_magnet.search._exhaustive.progress import Report

#: codes of a layer expanded at once
CHUNK = 1 << 16


class _Side:
    """One ball of the search: visited bits, layers, and the moves that grow it.

    With ``keep`` every layer is kept (to read the path back), else only the last one.
    """

    def __init__(self, layout: CodeLayout, root: int, backward: bool, keep: bool) -> None:
        rules = layout.reversed_rules() if backward else layout.rules
        self.grow = Successors(CodeLayout(rules, layout.n))
        self.bits = np.zeros(-(-layout.size // 64), dtype=np.int64)
        self.layers: list[Int64s] = [np.array([root], dtype=np.int64)]
        self.mark(self.layers[0])
        self.visited = 1
        self.radius = 0
        self.keep = keep

    def seen(self, codes: Int64s) -> Int64s:
        return (np.take(self.bits, codes >> 6) >> (codes & 63)) & 1

    def mark(self, codes: Int64s) -> None:
        np.bitwise_or.at(self.bits, codes >> 6, np.int64(1) << (codes & 63))

    def expand(self) -> Int64s:
        """Add the next layer; return it (sorted).

        Chunk by chunk: each chunk's new codes are marked before the next chunk is looked at,
        so the chunks' finds are disjoint.
        """
        last, parts = self.layers[-1], []
        for start in range(0, last.size, CHUNK):
            candidates = self.grow(last[start : start + CHUNK]).ravel()
            fresh = sorted_unique(np.compress(self.seen(candidates) == 0, candidates))
            self.mark(fresh)
            parts.append(fresh)
        found = np.sort(np.concatenate(parts)) if len(parts) > 1 else parts[0]
        if self.keep:
            self.layers.append(found)
        else:
            self.layers = [found]
        self.visited += found.size
        self.radius += 1
        return found


def _meet(
    layout: CodeLayout, start: int, goal: int, limit: int, report: Report, keep: bool
) -> tuple[_Side, _Side, int, int]:
    """Grow the two balls until they meet.

    Returns the two sides, the meeting code (-1 if none), and the side that ran dry (-1 if
    none).
    """
    ahead, behind = _Side(layout, start, False, keep), _Side(layout, goal, True, keep)
    if start == goal:
        return ahead, behind, start, -1
    while ahead.layers[-1].size and behind.layers[-1].size:
        grows, other = (
            (ahead, behind) if ahead.layers[-1].size <= behind.layers[-1].size else (behind, ahead)
        )
        fresh = grows.expand()
        visited = ahead.visited + behind.visited
        if visited > limit:
            raise OverLimitError
        held = sum(layer.nbytes for side in (ahead, behind) for layer in side.layers)
        report(ahead.radius + behind.radius, fresh.size, visited, 2 * ahead.bits.nbytes + held)
        meeting = np.compress(other.seen(fresh) == 1, fresh)
        if meeting.size:
            return ahead, behind, int(meeting[0]), -1
    return ahead, behind, -1, 0 if not ahead.layers[-1].size else 1


def shortest_codes(
    layout: CodeLayout, start: int, goal: int, limit: int, report: Report
) -> tuple[list[int] | None, int, int]:
    """A shortest path from ``start`` to ``goal`` as codes, the positions visited, the dry side.

    The path is ``None`` if there is none; the side that ran dry is 0 (the start's), 1 (the
    goal's) or -1 (neither).

    Raises:
        OverLimitError: the two balls would hold more than ``limit`` positions.
    """
    ahead, behind, meeting, side = _meet(layout, start, goal, limit, report, keep=True)
    visited = ahead.visited + behind.visited
    if meeting < 0:
        return None, (ahead.visited, behind.visited)[side], side
    return _join(ahead, behind, meeting), visited - (start == goal), -1


def bits_distance(
    layout: CodeLayout, start: int, goal: int, limit: int, report: Report
) -> tuple[int | None, int, int]:
    """The length of a shortest path, as :func:`shortest_codes` (keeping only last layers)."""
    ahead, behind, meeting, side = _meet(layout, start, goal, limit, report, keep=False)
    if meeting < 0:
        return None, (ahead.visited, behind.visited)[side], side
    return ahead.radius + behind.radius, ahead.visited + behind.visited - (start == goal), -1


def _join(ahead: _Side, behind: _Side, meeting: int) -> list[int]:
    """The path through ``meeting``: back along the start's layers, on along the goal's."""
    path = [meeting]
    for side, steps in ((ahead, behind.grow), (behind, ahead.grow)):
        # a code on layer k of one side has a neighbour (along that side's moves undone) on
        # layer k - 1; the other side's moves are exactly those moves undone
        depth = _depth(side, path[0] if side is ahead else path[-1])
        code = path[0] if side is ahead else path[-1]
        for k in range(depth - 1, -1, -1):
            candidates = steps(np.array([code], dtype=np.int64)).ravel()
            layer = side.layers[k]
            where = np.searchsorted(layer, candidates).clip(0, layer.size - 1)
            code = int(candidates[np.flatnonzero(layer[where] == candidates)[0]])
            if side is ahead:
                path.insert(0, code)
            else:
                path.append(code)
    return path


def _depth(side: _Side, code: int) -> int:
    for depth, layer in enumerate(side.layers):
        where = int(np.searchsorted(layer, code))
        if where < layer.size and int(layer[where]) == code:
            return depth
    raise AssertionError("the meeting code is on every side")  # pragma: no cover
