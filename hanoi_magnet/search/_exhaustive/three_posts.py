"""The whole-space queries on three posts, answered by :mod:`.recursive` instead of a search."""

from __future__ import annotations

import numpy as np

from hanoi_magnet.search._exhaustive.layout import CodeLayout
from hanoi_magnet.search._exhaustive.macro import INF
from hanoi_magnet.search._exhaustive.progress import Report
from hanoi_magnet.search._exhaustive.recursive import LEAF_DISKS, layout_distances
from hanoi_magnet.search._exhaustive.remoteness_numpy import Distances

#: the most farthest positions kept
KEEP = 1 << 20

#: codes between two progress reports
REPORT_EVERY = 1 << 22


def recursion_bytes(layout: CodeLayout) -> int:
    """An upper bound of the working memory (tables of the smallest disks, offsets, one block)."""
    fbs = 8 if layout.magnetic else 1
    rows = int(3 ** max(0, layout.n - LEAF_DISKS))
    tables = 27 * 7 * fbs * int(3**LEAF_DISKS) * 8
    return 2 * tables + rows * fbs * (7 * 7 * 8 + 64) + (32 << 20)


def explore_three(
    layout: CodeLayout, start: int, report: Report
) -> tuple[list[int], list[int] | None]:
    """The layer counts from ``start`` and the farthest codes, from all distances at once.

    The farthest codes are ``None`` if there are more than :data:`KEEP`.
    """
    counts = np.zeros(0, dtype=np.int64)
    farthest: list[int] = []
    reached = 0
    since = 0
    memory = recursion_bytes(layout)
    for first, values in layout_distances(layout, start):
        finite = values < INF
        found = np.bincount(values[finite]) if finite.any() else np.zeros(0, dtype=np.int64)
        if found.size > counts.size:
            counts = np.concatenate([counts, np.zeros(found.size - counts.size, dtype=np.int64)])
            farthest = []
        counts[: found.size] += found
        if found.size == counts.size and found.size:
            farthest.extend((np.flatnonzero(values == found.size - 1) + first).tolist())
        reached += int(finite.sum())
        since += values.size
        if since >= REPORT_EVERY:
            report(counts.size - 1, 0, reached, memory)
            since = 0
    return counts.tolist(), farthest if len(farthest) <= KEEP else None


def distances_three(layout: CodeLayout, goal: int, report: Report) -> tuple[Distances, list[int]]:
    """The distance of every code to ``goal`` (the largest value of the type where none)."""
    wide = np.uint32 if layout.size * 2 < np.iinfo(np.uint32).max else np.uint64
    values = np.empty(layout.size, dtype=wide)
    mark = np.iinfo(wide).max
    largest = 0
    reached = 0
    since = 0
    memory = recursion_bytes(layout) + values.nbytes
    for first, block in layout_distances(layout, goal, backward=True):
        finite = block < INF
        if finite.any():
            largest = max(largest, int(block[finite].max()))
        values[first : first + block.size] = np.where(finite, block, mark)
        reached += int(finite.sum())
        since += block.size
        if since >= REPORT_EVERY:
            report(largest, 0, reached, memory)
            since = 0
    for narrow in (np.uint8, np.uint16, np.uint32):
        if largest < np.iinfo(narrow).max and np.dtype(narrow).itemsize < values.itemsize:
            unreached = values == mark
            values = values.astype(narrow)
            values[unreached] = np.iinfo(narrow).max
            break
    counts = np.bincount(values[values != np.iinfo(values.dtype).max]).tolist()
    return values, counts
