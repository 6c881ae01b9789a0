"""Distances without a visited set: the *frontier search* kernel of :mod:`.bidirectional`.

When every move can be undone, the neighbours of a position at distance ``d`` lie at ``d - 1``,
``d`` or ``d + 1``; so a layer's new positions are its successors minus the layer itself and the
one before it (Korf, "Best-first frontier search with delayed duplicate detection", AAAI 2004).
Two balls grow from the ends, the smaller first, and the first position a new layer of one
shares with the *last* layer of the other lies on a shortest path (a meeting with an earlier
layer would have been a shorter path, found earlier). Memory: the last two layers of each side,
as sorted arrays, whatever the size of the space. It costs 1.6 to 2.5 times the time of visited
bits (``docs/exhaustive-search.rst``), so :mod:`.dispatch` chooses it only where they do not fit.
"""

from __future__ import annotations

import numpy as np

from hanoi_magnet.search._exhaustive.bits import Int64s, sorted_unique
from hanoi_magnet.search._exhaustive.layout import CodeLayout
from hanoi_magnet.search._exhaustive.moves import Successors

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


class FrontierSide:
    """One end's last two layers and its radius: a side of :func:`.bidirectional.meet`."""

    def __init__(self, layout: CodeLayout, root: int, successors: Successors | None = None) -> None:
        self.successors = Successors(layout) if successors is None else successors
        self.before: Int64s = np.empty(0, dtype=np.int64)
        self.last: Int64s = np.array([root], dtype=np.int64)
        self.radius = 0
        self.visited = 1

    def last_size(self) -> int:
        """The number of positions in the last layer."""
        return int(self.last.size)

    def memory(self) -> int:
        """The bytes of the two layers held."""
        return 8 * int(self.before.size + self.last.size)

    def grow(self, other: object, budget: int) -> tuple[int, int]:
        """Add the next layer; return its size and a code it shares with ``other``'s last one.

        A meeting with an earlier layer of ``other`` would have been found earlier (a shorter
        path), so the last layer is all that is needed.
        """
        assert isinstance(other, FrontierSide)
        del budget  # checked by the search after the layer
        parts = []
        for start in range(0, self.last.size, CHUNK):
            found = sorted_unique(self.successors(self.last[start : start + CHUNK]).ravel())
            parts.append(without(without(found, self.last), self.before))
        fresh = sorted_unique(np.concatenate(parts)) if len(parts) > 1 else parts[0]
        self.before, self.last = self.last, fresh
        self.radius += 1
        self.visited += fresh.size
        meeting = shared(fresh, other.last)
        return int(fresh.size), int(meeting[0]) if meeting.size else -1
