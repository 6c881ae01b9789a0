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
from hanoi_magnet.search._exhaustive.symmetry import SymmetricCodes, rule_symmetric_posts


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


def undirected(layout: CodeLayout, *, compiled: bool = False, report: Report | None = None) -> int:
    """The diameter of an undirected state graph (every connected part).

    ``report(searches, best, left)`` after every search: the searches run, the largest
    eccentricity found, and the positions (or orbits) whose eccentricity is still open.
    Compiled, and if the graph is connected and some posts may be swapped, the bounds are
    kept per orbit of their permutations (:func:`_orbit_bound`).
    """
    distances = distances_from(layout, compiled=compiled)
    if report is not None:
        distances = _Counted(distances, report)
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
        if compiled and part.size == remaining.size and rule_symmetric_posts(layout):
            return _orbit_bound(layout, first, distances, report)
        isolated[part] = True
        best = max(best, _bound(part, first, distances, report))


#: ``report(searches, best, left)``: see :func:`undirected`
Report = Callable[[int, int, int], None]


class _Counted:
    """``distances`` that counts its searches for ``report`` (the bounds report the rest)."""

    def __init__(self, distances: Callable[[int], Int64s], report: Report) -> None:
        self.distances, self.report, self.searches = distances, report, 0

    def __call__(self, source: int) -> Int64s:
        self.searches += 1
        return self.distances(source)


def _tell(distances: Callable[[int], Int64s], report: Report | None, best: int, left: int) -> None:
    if report is not None and isinstance(distances, _Counted):
        report(distances.searches, best, left)


def _orbit_bound(
    layout: CodeLayout,
    first: Int64s,
    distances: Callable[[int], Int64s],
    report: Report | None,
) -> int:
    """The bounding algorithm over the orbits of the permutations of the swappable posts.

    Eccentricity is the same on an orbit (a permutation preserving the rules preserves every
    distance), so a search from ``v`` bounds the orbit of ``w`` through every position of it:
    ``max(max d(v, g w), e - min d(v, g w)) <= ecc(w) <= e + min d(v, g w)`` over the
    permutations ``g``, where ``e`` is the eccentricity of ``v`` -- one search is worth one
    from each of ``v``'s images. The graph must be connected (so ``first``, from any
    position, reaches every one).
    """
    from hanoi_magnet.search._exhaustive.compiled import MoveTables, _kernels  # noqa: PLC0415

    codes = SymmetricCodes(layout, None, permutable=rule_symmetric_posts(layout))
    numbers = np.empty(layout.size, dtype=np.int64)
    _kernels().fill_from_canonical(
        numbers,
        np.arange(codes.size, dtype=np.int64),
        -1,
        layout.n,
        layout.posts,
        MoveTables(layout).shift,
        layout.face_count.bit_length() - 1,
        layout.face_count,
        codes.first,
        codes.permutable_array,
        codes.face_of,
        codes.index,
        layout.posts**codes.low,
    )
    order = np.argsort(numbers, kind="stable")
    order = order[numbers[order] >= 0]  # positions only
    by_orbit = numbers[order]
    del numbers
    starts = np.flatnonzero(np.r_[True, by_orbit[1:] != by_orbit[:-1]])
    del by_orbit
    orbits = np.arange(starts.size, dtype=np.int64)
    lower = np.zeros(starts.size, dtype=np.int64)
    upper = np.full(starts.size, order.size, dtype=np.int64)
    best, high, known = 0, True, first
    while True:
        ordered = known[order]
        near = np.minimum.reduceat(ordered, starts)[orbits]
        far = np.maximum.reduceat(ordered, starts)[orbits]
        del ordered
        ecc = int(known.max())
        best = max(best, ecc)
        np.maximum(lower, np.maximum(far, ecc - near), out=lower)
        np.minimum(upper, ecc + near, out=upper)
        settled = (upper <= best) | (lower == upper)
        if settled.any():
            best = max(best, int(lower[settled].max()))
        keep = ~settled
        orbits, lower, upper = orbits[keep], lower[keep], upper[keep]
        _tell(distances, report, best, int(orbits.size))
        if orbits.size == 0:
            return best
        index = int(np.argmax(upper)) if high else int(np.argmin(lower))
        high = not high
        known = distances(int(order[starts[orbits[index]]]))


def _bound(
    part: Int64s,
    first: Int64s,
    distances: Callable[[int], Int64s],
    report: Report | None = None,
) -> int:
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
        _tell(distances, report, best, int(part.size))
        if part.size == 0:
            return best
        index = int(np.argmax(upper)) if high else int(np.argmin(lower))
        high = not high
        known = distances(int(part[index]))[part]
