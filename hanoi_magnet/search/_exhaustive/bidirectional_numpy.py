"""The numpy kernel of the bidirectional search (:mod:`.bidirectional`): a layer per operation.

Each side keeps a one-bit visited set over the codes (two bits per code for both) and its
layers as sorted arrays, from which the path is read back once the two balls meet.
"""

from __future__ import annotations

import numpy as np

from hanoi_magnet.search._exhaustive.bits import Int64s, sorted_unique
from hanoi_magnet.search._exhaustive.layout import CodeLayout
from hanoi_magnet.search._exhaustive.moves import Successors

#: codes of a layer expanded at once
CHUNK = 1 << 16


class BitsSide:
    """One ball of the search: visited bits, layers, and the moves that grow it.

    With ``keep`` every layer is kept (to read the path back), else only the last one.
    """

    def __init__(self, layout: CodeLayout, root: int, backward: bool, keep: bool) -> None:
        rules = layout.reversed_rules() if backward else layout.rules
        self.steps = Successors(CodeLayout(rules, layout.n))
        self.bits = np.zeros(-(-layout.size // 64), dtype=np.int64)
        self.layers: list[Int64s] = [np.array([root], dtype=np.int64)]
        self.mark(self.layers[0])
        self.visited = 1
        self.radius = 0
        self.keep = keep

    def last_size(self) -> int:
        """The number of positions in the last layer."""
        return int(self.layers[-1].size)

    def memory(self) -> int:
        """The bytes of the visited bits and the layers kept."""
        return int(self.bits.nbytes) + sum(int(layer.nbytes) for layer in self.layers)

    def grow(self, other: object, budget: int) -> tuple[int, int]:
        """Add the next layer; return its size and its first code ``other`` has seen (or -1)."""
        assert isinstance(other, BitsSide)
        del budget  # checked by the search after the layer
        fresh = self.expand()
        meeting = np.compress(other.seen(fresh) == 1, fresh)
        return int(fresh.size), int(meeting[0]) if meeting.size else -1

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
            candidates = self.steps(last[start : start + CHUNK]).ravel()
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


def join(ahead: BitsSide, behind: BitsSide, meeting: int) -> list[int]:
    """The path through ``meeting``: back along the start's layers, on along the goal's."""
    path = [meeting]
    for side, steps in ((ahead, behind.steps), (behind, ahead.steps)):
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


def _depth(side: BitsSide, code: int) -> int:
    for depth, layer in enumerate(side.layers):
        where = int(np.searchsorted(layer, code))
        if where < layer.size and int(layer[where]) == code:
            return depth
    raise AssertionError("the meeting code is on every side")  # pragma: no cover
