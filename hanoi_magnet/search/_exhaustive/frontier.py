"""Distances without a visited set: bidirectional *frontier search* for moves that can be undone.

When every move can be undone, the neighbours of a position at distance ``d`` lie at ``d - 1``,
``d`` or ``d + 1``; so a layer's new positions are its successors minus the layer itself and the
one before it (Korf, "Best-first frontier search with delayed duplicate detection", AAAI 2004).
Two balls grow from the ends, the smaller first, and the first position a new layer of one
shares with the *last* layer of the other lies on a shortest path (a meeting with an earlier
layer would have been a shorter path, found earlier). Memory: the last two layers of each side,
as sorted arrays, whatever the size of the space.
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


def without(codes: Int64s, old: Int64s) -> Int64s:
    """The sorted ``codes`` that are not in the sorted ``old``."""
    if old.size == 0 or codes.size == 0:
        return codes
    where = np.searchsorted(old, codes)
    where[where == old.size] = 0
    return np.compress(old[where] != codes, codes)


def shared(codes: Int64s, other: Int64s) -> Int64s:
    """The sorted ``codes`` that are also in the sorted ``other``."""
    if other.size == 0 or codes.size == 0:
        return codes[:0]
    where = np.searchsorted(other, codes)
    where[where == other.size] = 0
    return np.compress(other[where] == codes, codes)


class _Ball:
    """One end's last two layers and its radius."""

    def __init__(self, successors: Successors, root: int) -> None:
        self.successors = successors
        self.before: Int64s = np.empty(0, dtype=np.int64)
        self.last: Int64s = np.array([root], dtype=np.int64)
        self.radius = 0
        self.visited = 1

    def grow(self) -> Int64s:
        """The next layer (sorted); it becomes the last one."""
        parts = []
        for start in range(0, self.last.size, CHUNK):
            found = sorted_unique(self.successors(self.last[start : start + CHUNK]).ravel())
            parts.append(without(without(found, self.last), self.before))
        fresh = sorted_unique(np.concatenate(parts)) if len(parts) > 1 else parts[0]
        self.before, self.last = self.last, fresh
        self.radius += 1
        self.visited += fresh.size
        return fresh


def frontier_distance(
    layout: CodeLayout, start: int, goal: int, limit: int, report: Report
) -> tuple[int | None, int, int]:
    """The distance from ``start`` to ``goal``, the positions visited, the dry side.

    The distance is ``None`` if there is no path; the side as in
    :func:`.bidirectional.shortest_codes`. Only for rules whose moves can all be undone
    (``not layout.directed``).
    """
    assert not layout.directed
    if start == goal:
        return 0, 1, -1
    successors = Successors(layout)
    ahead, behind = _Ball(successors, start), _Ball(successors, goal)
    while ahead.last.size and behind.last.size:
        grows, other = (ahead, behind) if ahead.last.size <= behind.last.size else (behind, ahead)
        fresh = grows.grow()
        visited = ahead.visited + behind.visited
        if visited > limit:
            raise OverLimitError
        held = 8 * (ahead.before.size + ahead.last.size + behind.before.size + behind.last.size)
        report(ahead.radius + behind.radius, fresh.size, visited, held)
        if shared(fresh, other.last).size:
            return ahead.radius + behind.radius, visited, -1
    side = 0 if not ahead.last.size else 1
    return None, (ahead.visited, behind.visited)[side], side
