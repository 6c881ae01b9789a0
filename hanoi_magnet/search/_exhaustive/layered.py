"""Breadth-first search a layer at a time, over numpy arrays and a two-bit state table.

Each layer is expanded in chunks of codes: the successors of a chunk (:mod:`.moves`), the
table's value for each (:mod:`.bits`), the unseen ones deduplicated, marked with the
next layer's label. A chunk's new codes are marked before the next chunk is looked at, so the
chunks' finds are disjoint and their sizes add up to the next layer's size exactly.

A layer is kept as an array of codes while it is small; a larger one lives only in the table,
and is read back from it by scanning for its label when its turn comes. Memory is therefore the
table (two bits per code) plus buffers of a size fixed in advance (:func:`search_bytes`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

import numpy as np

from hanoi_magnet.search._exhaustive.bits import (
    DONE,
    UNSEEN,
    Int64s,
    StateTable,
    sorted_unique,
    table_bytes,
)
from hanoi_magnet.search._exhaustive.layout import CodeLayout
from hanoi_magnet.search._exhaustive.moves import Successors, pair_count
from hanoi_magnet.search._exhaustive.progress import Report

#: codes expanded at once (their successors, values and finds fit in the CPU cache)
CHUNK = 1 << 14
#: table words scanned at once when a layer is read back from the table
SCAN_WORDS = 1 << 14
#: the largest layer kept as an array of codes (int64), by default
EXPLICIT_LIMIT = 1 << 23
#: spaces of at most this many codes deduplicate a chunk's finds by scattering them into a
#: scratch array (four bytes per code) rather than by sorting them: twice as fast at 4**10
SCRATCH_CODES = 1 << 22


def explicit_limit(size: int) -> int:
    """How many codes of a layer are kept as an array before it is left to the table.

    Scanning the table costs about one operation per 32 codes, so a layer is left to the table
    only when it holds more than 1/64 of the codes; never more than :data:`EXPLICIT_LIMIT`.
    """
    return min(EXPLICIT_LIMIT, max(1 << 16, size >> 6))


def search_bytes(layout: CodeLayout) -> int:
    """The most memory a :class:`LayeredSearch` over ``layout`` holds (bytes, an upper bound)."""
    candidates = CHUNK * pair_count(layout.posts)
    buffers = 8 * (6 * candidates + 3 * 32 * SCAN_WORDS)  # a scan yields up to 32 per word
    scratch = 4 * layout.size if layout.size <= SCRATCH_CODES else 0
    return table_bytes(layout.size) + 2 * 8 * explicit_limit(layout.size) + buffers + scratch


class LayeredSearch:
    """The breadth-first layers from ``sources``, one :meth:`expand` at a time.

    Attributes:
        depth: the index of the current layer (0: the sources).
        count: the number of codes in the current layer.
        reached: the number of codes in all layers so far.
        table: the state table.
        frontier: the current layer's codes, if kept as an array (else ``None``).
        expanded: after :meth:`expand`, the codes of the layer it expanded if they were kept
            (as an array or, for layers of at most ``keep`` codes, collected while scanning).
    """

    def __init__(
        self,
        layout: CodeLayout,
        sources: Iterable[int],
        *,
        backward: bool = False,
        keep: int = 1 << 20,
        table: StateTable | None = None,
    ) -> None:
        self.layout = layout
        moves = CodeLayout(layout.reversed_rules(), layout.n) if backward else layout
        self.successors = Successors(moves)
        self.table = StateTable(layout.size) if table is None else table
        start = sorted_unique(np.fromiter(sources, dtype=np.int64))
        self.table.mark(start, 1)
        self.depth = 0
        self.count = int(start.size)
        self.reached = self.count
        self.frontier: Int64s | None = start
        self.expanded: Int64s | None = None
        self._keep = keep
        self._limit = explicit_limit(layout.size)
        self._scratch = (
            np.empty(layout.size, dtype=np.int32) if layout.size <= SCRATCH_CODES else None
        )

    @property
    def label(self) -> int:
        """The table value of the current layer's codes (1 or 2, alternating)."""
        return 1 + self.depth % 2

    def expand(self, visit: Callable[[Int64s], None] | None = None) -> int:
        """Find the next layer from the current one; return its size.

        ``visit`` is called with every chunk of the current layer's codes (in increasing
        order within each chunk) before it is expanded.
        """
        label, next_label = self.label, 3 - self.label
        found: list[Int64s] = []
        kept: list[Int64s] | None = (
            [] if self.frontier is None and self.count <= self._keep else None
        )
        total = 0
        for codes in layer_chunks(self.table, self.frontier, label):
            if visit is not None:
                visit(codes)
            if kept is not None:
                kept.append(codes)
            fresh = self.claim(self.successors(codes).ravel(), next_label)
            total += fresh.size
            if total <= self._limit:
                found.append(fresh)
            elif found:
                found = []
        self.expanded = self.frontier if kept is None else _joined(kept)
        self.frontier = np.sort(_joined(found)) if total <= self._limit else None
        self.depth += 1
        self.count = total
        self.reached += total
        return total

    def claim(self, candidates: Int64s, value: int) -> Int64s:
        """Mark the unseen ``candidates`` with ``value``; return them, distinct.

        Each distinct code is kept once: where the space is small, the one that wins when
        every candidate writes its index into a scratch array at its code (no sort needed);
        otherwise by sorting.
        """
        fresh = np.compress(self.table.values(candidates) == UNSEEN, candidates)
        if fresh.size:
            if self._scratch is not None:
                index = np.arange(fresh.size, dtype=np.int32)
                self._scratch[fresh] = index
                fresh = np.compress(self._scratch[fresh] == index, fresh)
            else:
                fresh = sorted_unique(fresh)
            self.table.mark(fresh, value)
        return fresh

    def layers(self, visit: Callable[[Int64s], None] | None = None) -> Iterator[int]:
        """Expand until no new code is found, yielding each new layer's size (0 last)."""
        while self.count:
            yield self.expand(visit)


def _joined(parts: list[Int64s]) -> Int64s:
    if not parts:
        return np.empty(0, dtype=np.int64)
    return parts[0] if len(parts) == 1 else np.concatenate(parts)


def layer_chunks(table: StateTable, frontier: Int64s | None, label: int) -> Iterator[Int64s]:
    """A layer in chunks of at most :data:`CHUNK` codes, each marked done once expanded.

    The layer is ``frontier`` if it was kept as an array, else the codes of ``table`` with
    ``label``, read back word range by word range.
    """
    if frontier is not None:
        for start in range(0, frontier.size, CHUNK):
            codes = frontier[start : start + CHUNK]
            yield codes
            table.mark(codes, DONE)
        return
    words = table.words.size
    for start in range(0, words, SCAN_WORDS):
        stop = min(words, start + SCAN_WORDS)
        codes = table.scan(label, start, stop)
        for first in range(0, codes.size, CHUNK):
            yield codes[first : first + CHUNK]
        table.close(label, start, stop)


def run_layers(
    layout: CodeLayout,
    sources: Iterable[int],
    report: Report,
    *,
    backward: bool = False,
    visit: Callable[[int, Int64s], None] | None = None,
) -> tuple[list[int], Int64s | None]:
    """Run a complete search: the layer sizes, and the last layer's codes if they were kept.

    ``report(depth, layer, reached, memory)`` is called for every layer found (the sources
    included); ``visit(depth, codes)`` with the codes of every layer, in chunks.
    """
    search = LayeredSearch(layout, sources, backward=backward)
    memory = search.table.nbytes
    counts = [search.count]
    report(0, search.count, search.reached, memory)

    def visit_layer(codes: Int64s) -> None:
        if visit is not None:
            visit(search.depth, codes)

    while True:
        found = search.expand(visit_layer)
        if not found:
            return counts, search.expanded
        held = 0 if search.frontier is None else search.frontier.nbytes
        memory = max(memory, search.table.nbytes + held)
        counts.append(found)
        report(search.depth, found, search.reached, memory)
