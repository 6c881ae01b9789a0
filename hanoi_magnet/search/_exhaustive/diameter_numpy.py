"""The bounding algorithm of :mod:`.diameter` over numpy arrays, every bound updated at once."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from hanoi_magnet.search._exhaustive.bits import Int64s
from hanoi_magnet.search._exhaustive.layered import search_bytes
from hanoi_magnet.search._exhaustive.layout import CodeLayout
from hanoi_magnet.search._exhaustive.macro import INF
from hanoi_magnet.search._exhaustive.moves import Successors
from hanoi_magnet.search._exhaustive.recursive import layout_distances
from hanoi_magnet.search._exhaustive.remoteness_numpy import distances_to, unreached


def memory(layout: CodeLayout, *, compiled: bool = False) -> int:
    """The memory of the search, one distance array and two bound arrays (int64).

    ``compiled``: each search runs the compiled kernel (numba), which holds its own buffers.
    """
    if compiled:
        from hanoi_magnet.search._exhaustive import compiled as kernel  # noqa: PLC0415 (optional)

        return kernel.plain_bytes(layout) + 4 * 8 * layout.size
    return search_bytes(layout) + 4 * 8 * layout.size


def distances_from(layout: CodeLayout, *, compiled: bool = False) -> Callable[[int], Int64s]:
    """``distances(code)``: the distance from ``code`` to every code, -1 where none.

    ``compiled``: the searches (four or more posts) run the compiled kernel.
    """
    search = distances_to
    if compiled and layout.posts > 3:
        from hanoi_magnet.search._exhaustive import compiled as kernel  # noqa: PLC0415 (optional)

        search = kernel.distances_compiled

    def distances(source: int) -> Int64s:
        if layout.posts == 3:
            values = np.empty(layout.size, dtype=np.int64)
            for first, block in layout_distances(layout, source):
                values[first : first + block.size] = block
            values[values >= INF] = -1
            return values
        # along the moves undone, distances *to* the source are distances from it
        table, _ = search(CodeLayout(layout.reversed_rules(), layout.n), source, _quiet)
        values = table.astype(np.int64)
        values[table == unreached(table)] = -1
        return values

    return distances


def _quiet(*_: int) -> None:
    pass


def undirected(layout: CodeLayout, *, compiled: bool = False) -> int:
    """The diameter of an undirected state graph (every connected part)."""
    distances = distances_from(layout, compiled=compiled)
    codes = np.arange(layout.size, dtype=np.int64)
    successors = Successors(layout)
    isolated = np.ones(layout.size, dtype=np.bool_)
    step = 1 << 16
    for start in range(0, layout.size, step):
        chunk = codes[start : start + step]
        moves = successors(chunk) != chunk[:, None]
        isolated[start : start + step] = ~moves.any(axis=1) | ~successors.is_position(chunk)
    best = 0
    while True:
        remaining = np.flatnonzero(~isolated)
        if remaining.size == 0:
            return best
        first = distances(int(remaining[0]))
        part = np.flatnonzero(first >= 0)
        isolated[part] = True
        best = max(best, _bound(part, first, distances))


def _bound(part: Int64s, first: Int64s, distances: Callable[[int], Int64s]) -> int:
    lower = np.zeros(part.size, dtype=np.int64)
    upper = np.full(part.size, part.size, dtype=np.int64)
    best, high, known = 0, True, first[part]
    while True:
        ecc = int(known.max())
        best = max(best, ecc)
        np.maximum(lower, np.maximum(known, ecc - known), out=lower)
        np.minimum(upper, ecc + known, out=upper)
        settled = (upper <= best) | (lower == upper)
        if settled.any():
            best = max(best, int(lower[settled].max()))
        keep = ~settled
        part, lower, upper = part[keep], lower[keep], upper[keep]
        if part.size == 0:
            return best
        index = int(np.argmax(upper)) if high else int(np.argmin(lower))
        high = not high
        known = distances(int(part[index]))[part]
