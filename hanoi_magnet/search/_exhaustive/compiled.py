"""The layered search compiled with numba: the same moves and two-bit table, one code at a time.

The numpy engine (:mod:`.layered`) pays for every chunk of codes with a dozen array passes and a
sort; compiled, a code is expanded in registers: its moves read from the same chunk tables
(:mod:`.tables`), each successor looked up and marked in the same two-bit table (:mod:`.bits`)
at once. A layer is read back from the table by scanning the words that may hold it: a byte
per block of words says whether a code of the next layer was marked there, so the scan skips
what the layer never touched.

numba (``pip install 'hanoi-magnet[compiled]'``) was chosen because it compiles this numpy-style
code as it stands, is maintained with numpy's releases, and needs no compiler at install time;
the kernels are cached on disk after their first compilation. Without numba, numpy runs.

Symmetry (:func:`run_symmetric`): posts that are empty in the start (and the goal) and may be
swapped without changing the rules (the same allowed directions, the same colour) may be
permuted without changing any distance from the start (for a tower on four pegs, the three
other pegs: six permutations; under ``NNNN``, the three other neutral posts). Each orbit is
searched once, by its canonical representative (see :mod:`.symmetry`); the layer counts add
each orbit's size, so they are exact. The table has about ``1/k!`` of the codes for ``k``
permutable posts.

Distance tables (:func:`distances_compiled`): the same kernel writes each layer's depth into
an array as it expands the layer, the search running backwards from the goal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

from hanoi_magnet.rules import MagneticRules
from hanoi_magnet.search._exhaustive.bits import StateTable, table_bytes
from hanoi_magnet.search._exhaustive.layout import CodeLayout
from hanoi_magnet.search._exhaustive.progress import Report
from hanoi_magnet.search._exhaustive.remoteness_numpy import unreached, widened
from hanoi_magnet.search._exhaustive.symmetry import SymmetricCodes, symmetric_applies
from hanoi_magnet.search._exhaustive.tables import (
    any_open_pair,
    chunk_table,
    color_table,
    occupancy_sum,
    open_pairs,
    post_pairs,
)

#: table words per block of the "may hold the next layer" flags
BLOCK_SHIFT = 9
#: the largest layer whose codes are kept (the farthest positions)
KEEP = 1 << 20
#: entries of one compiled chunk table (a larger chunk decides more moves in one lookup)
COMPILED_ENTRIES = 1 << 14


def _kernels() -> Any:
    """The kernels' module: numba compiles them (or loads them from its cache) on first use."""
    from hanoi_magnet.search._exhaustive import _numba_kernels  # noqa: PLC0415 (optional)

    return _numba_kernels


def compiled_digits(posts: int) -> int:
    """How many placement digits a compiled chunk table covers."""
    digits = 1
    while posts ** (digits + 1) <= COMPILED_ENTRIES:
        digits += 1
    return digits


class MoveTables:
    """The tables of :class:`.moves.Successors`, laid out flat for the compiled kernel."""

    def __init__(self, layout: CodeLayout) -> None:
        posts = layout.posts
        allowed = frozenset(
            (a, b) for a in range(posts) for b in range(posts) if a != b and layout.allowed(a, b)
        )
        digits = compiled_digits(posts)
        deltas, empties, occupancies = [], [], []
        places, moduli, scales, offsets = [], [], [], []
        place, offset = 0, 0
        while place < layout.n:
            size = min(digits, layout.n - place)
            table = chunk_table(posts, size, allowed)
            deltas.append(table.delta)
            empties.append(table.empty)
            occupancies.append(table.occupancy)
            places.append(posts**place)
            moduli.append(posts**size)
            scales.append(posts**place * layout.face_count)
            offsets.append(offset)
            offset += posts**size
            place += size
        pairs = len(post_pairs(posts))
        self.pairs = pairs
        self.delta = np.concatenate(deltas) if deltas else np.zeros((1, pairs), dtype=np.int32)
        self.empty = np.concatenate(empties) if empties else np.zeros(1, dtype=np.int64)
        self.occupancy = np.concatenate(occupancies) if occupancies else np.zeros(1, np.int64)
        self.places = np.array(places or [1], dtype=np.int64)
        self.moduli = np.array(moduli or [1], dtype=np.int64)
        self.place_bits = np.array(
            [place.bit_length() - 1 for place in places] or [0], dtype=np.int64
        )
        self.scales = np.array(scales or [0], dtype=np.int64)
        self.offsets = np.array(offsets or [0], dtype=np.int64)
        self.chunks = len(places)
        # a power-of-two base: digits are read with shifts
        self.shift = posts.bit_length() - 1 if posts & (posts - 1) == 0 else 0
        self.face_bits = layout.face_count.bit_length() - 1
        self.open = open_pairs(posts).astype(np.int64)
        self.any_open = any_open_pair(posts).astype(np.int64)
        self.magnetic = isinstance(layout.rules, MagneticRules)
        if isinstance(layout.rules, MagneticRules):
            colors = color_table(layout.rules)
            self.legal = colors.legal.astype(np.int64)
            self.change = colors.change.astype(np.int64)
            self.occupancy_sum = np.ascontiguousarray(occupancy_sum(posts), dtype=np.int64)
            self.occupancy_base = 3**posts
        else:
            self.legal = np.zeros(1, dtype=np.int64)
            self.change = np.zeros(1, dtype=np.int64)
            self.occupancy_sum = np.zeros((1, 1), dtype=np.int64)
            self.occupancy_base = 1
        self.face_count = layout.face_count
        self.placements = layout.placements

    def arguments(self) -> tuple[Any, ...]:
        """The tables, in the order the kernels take them."""
        return (
            self.delta,
            self.empty,
            self.occupancy,
            self.places,
            self.place_bits,
            self.moduli,
            self.scales,
            self.offsets,
            self.chunks,
            self.shift,
            self.face_bits,
            self.face_count,
            self.placements,
            self.open,
            self.any_open,
            self.magnetic,
            self.legal,
            self.change,
            self.occupancy_sum,
        )


def plain_bytes(layout: CodeLayout) -> int:
    """The most memory :func:`run_compiled` holds (table, block flags, kept layer, moves)."""
    words = -(-layout.size // 32)
    flags = 2 * ((words >> BLOCK_SHIFT) + 1)
    return table_bytes(layout.size) + flags + 8 * min(KEEP, layout.size) + _moves_bytes(layout)


def _moves_bytes(layout: CodeLayout) -> int:
    """The bytes of the move tables of :class:`MoveTables`."""
    tables = MoveTables(layout)
    return sum(
        int(array.nbytes)
        for array in (tables.delta, tables.empty, tables.occupancy, tables.open, tables.legal)
    ) + int(tables.change.nbytes + tables.occupancy_sum.nbytes)


_NO_VALUES = np.empty(0, dtype=np.uint8)


def run_compiled(
    layout: CodeLayout,
    sources: Iterable[int],
    report: Report,
    *,
    backward: bool = False,
    values: Callable[[int], Any] | None = None,
) -> tuple[list[int], list[int] | None]:
    """A complete search with the compiled kernel: the layer sizes and the last layer's codes.

    As :func:`.layered.run_layers` (the same table, the same moves; ``report(depth, layer,
    reached, memory)`` after every layer); the last layer is kept if it has at most
    :data:`KEEP` codes. ``values(depth)``, if given, returns the array (one entry per code)
    that receives the depth of every code of the layer at ``depth``.
    """
    kernels = _kernels()
    moves = CodeLayout(layout.reversed_rules(), layout.n) if backward else layout
    tables = MoveTables(moves).arguments()
    table = StateTable(layout.size)
    words = table.words
    blocks = (words.size >> BLOCK_SHIFT) + 1
    flags = np.zeros((2, blocks), dtype=np.uint8)
    start = np.unique(np.fromiter(sources, dtype=np.int64))
    table.mark(start, 1)
    flags[0, (start >> 5) >> BLOCK_SHIFT] = 1
    keep = np.empty(min(KEEP, layout.size), dtype=np.int64)
    memory = table.nbytes + flags.nbytes + keep.nbytes
    counts = [int(start.size)]
    reached = counts[0]
    report(0, counts[0], reached, memory)
    label = 1
    while True:
        current, following = flags[label - 1], flags[2 - label]
        following[:] = 0
        depth = len(counts) - 1
        array = _NO_VALUES if values is None else values(depth)
        found, kept = kernels.expand_plain(
            words, label, current, following, BLOCK_SHIFT, keep, array, depth, *tables
        )
        if not found:
            last = keep[:kept].tolist() if counts[-1] <= KEEP else None
            return counts, last
        counts.append(int(found))
        reached += int(found)
        report(len(counts) - 1, int(found), reached, memory)
        label = 3 - label


def distances_compiled(layout: CodeLayout, goal: int, report: Report) -> tuple[Any, list[int]]:
    """The distance of every code to ``goal``, and the number of positions at each distance.

    As :func:`.remoteness_numpy.distances_to` (the same array, widened as distances grow),
    from the compiled kernel running backwards from ``goal``.
    """
    held, values = _widening(layout.size)

    def report_with_array(depth: int, layer: int, reached: int, memory: int) -> None:
        report(depth, layer, reached, memory + held[0].nbytes)

    counts, _ = run_compiled(layout, [goal], report_with_array, backward=True, values=values)
    return held[0], counts


def _widening(size: int) -> tuple[list[Any], Callable[[int], Any]]:
    """A distance array of ``size`` bytes that widens as the distances grow.

    Returns its holder (``held[0]`` is the array now) and the kernels' ``values`` callback,
    which widens it before a depth it cannot hold.
    """
    held = [np.full(size, np.iinfo(np.uint8).max, dtype=np.uint8)]

    def values(depth: int) -> Any:
        if depth >= unreached(held[0]):
            held[0] = widened(held[0])
        return held[0]

    return held, values


def distances_bytes(layout: CodeLayout, goal: int | None = None) -> int:
    """The most memory :func:`distances_compiled` holds (the search and a byte per code).

    With ``goal``: :func:`symmetric_distances`' where its symmetry applies.
    """
    moves = CodeLayout(layout.reversed_rules(), layout.n)
    if goal is not None and symmetric_applies(moves, goal):
        codes = SymmetricCodes(moves, goal)
        return _symmetric_bytes(codes) + int(codes.size) + layout.size
    return plain_bytes(layout) + layout.size


def symmetric_distances(layout: CodeLayout, goal: int, report: Report) -> tuple[Any, list[int]]:
    """:func:`distances_compiled` over the canonical positions of the symmetry fixing the goal.

    The permutations of the posts that preserve the rules and the goal (see :mod:`.symmetry`):
    the search backwards from ``goal`` writes one value per orbit, then every code reads its
    orbit's value (codes that are no position: none).
    """
    moves = CodeLayout(layout.reversed_rules(), layout.n)
    codes = SymmetricCodes(moves, goal)
    held, values = _widening(codes.size)

    def report_with_array(depth: int, layer: int, reached: int, memory: int) -> None:
        report(depth, layer, reached, memory + held[0].nbytes + layout.size)

    counts, _, _ = run_symmetric(moves, goal, report_with_array, values=values)
    canonical = held[0]
    result = np.empty(layout.size, dtype=canonical.dtype)
    _kernels().fill_from_canonical(
        result,
        canonical,
        unreached(canonical),
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
    return result, counts


# -- symmetry -----------------------------------------------------------------------------------


def symmetric_bytes(layout: CodeLayout, start: int, goal: int | None = None) -> int:
    """The most memory :func:`run_symmetric` holds."""
    return _symmetric_bytes(SymmetricCodes(layout, start, goal))


def _symmetric_bytes(codes: SymmetricCodes) -> int:
    words = -(-codes.size // 32)
    return int(
        table_bytes(codes.size)
        + 2 * ((words >> BLOCK_SHIFT) + 1)
        + 8 * min(KEEP, codes.size)
        + codes.table_bytes()
        + _moves_bytes(codes.layout)
    )


def run_symmetric(
    layout: CodeLayout,
    start: int,
    report: Report,
    *,
    goal: int | None = None,
    values: Callable[[int], Any] | None = None,
) -> tuple[list[int], list[int] | None, int]:
    """A complete search from ``start`` over canonical positions (see :mod:`.symmetry`).

    Returns the exact layer sizes, the last layer's codes (every position of its orbits) if it
    has at most :data:`KEEP` orbits, and the bytes of the table. With ``goal``, only the
    permutations that also fix ``goal`` are used, and the search stops at the layer that holds
    it (the last count is then that layer's size, and no codes are returned). ``values(depth)``,
    if given, returns the array (one entry per canonical number) that receives the depth of
    every number of the layer at ``depth``.
    """
    kernels = _kernels()
    codes = SymmetricCodes(layout, start, goal)
    tables = MoveTables(layout).arguments()
    # the kernel compiled without face arithmetic where the codes have no face bits
    expand = kernels.expand_symmetric_faced if layout.face_count > 1 else kernels.expand_symmetric
    table = StateTable(codes.size)
    words = table.words
    blocks = (words.size >> BLOCK_SHIFT) + 1
    flags = np.zeros((2, blocks), dtype=np.uint8)
    first = codes.number(start)
    target = None if goal is None else codes.number(goal)
    table.mark(np.array([first], dtype=np.int64), 1)
    flags[0, (first >> 5) >> BLOCK_SHIFT] = 1
    keep = np.empty(min(KEEP, codes.size), dtype=np.int64)
    memory = _symmetric_bytes(codes)
    counts = [1]
    orbits = [1]
    reached = 1
    report(0, 1, reached, memory)
    label = 1
    while True:
        if target is not None and table.value(target):
            return counts, None, table.nbytes
        current, following = flags[label - 1], flags[2 - label]
        following[:] = 0
        found, orbit_count, kept = expand(
            words,
            label,
            current,
            following,
            BLOCK_SHIFT,
            keep,
            _NO_VALUES if values is None else values(len(counts) - 1),
            len(counts) - 1,
            layout.n,
            layout.posts,
            codes.low,
            codes.prefixes,
            codes.labels_used,
            codes.index,
            codes.first,
            codes.permutable_array,
            codes.face_of,
            len(codes.permutable),
            codes.orbit,
            *tables,
        )
        if not orbit_count:
            last = None
            if orbits[-1] <= KEEP and target is None:
                last = sorted(
                    code for number in keep[:kept].tolist() for code in codes.orbit_codes(number)
                )
            return counts, last, table.nbytes
        counts.append(int(found))
        orbits.append(int(orbit_count))
        reached += int(found)
        report(len(counts) - 1, int(found), reached, memory)
        label = 3 - label


def explore_compiled(
    layout: CodeLayout, start: int, report: Report, *, symmetry: bool
) -> tuple[list[int], list[int] | None]:
    """Explore from ``start``: with symmetry where it applies, else the plain compiled kernel."""
    if symmetry and symmetric_applies(layout, start):
        counts, last, _ = run_symmetric(layout, start, report)
        return counts, last
    return run_compiled(layout, [start], report)


def successor_table(layout: CodeLayout) -> Any:
    """``table[code, j]``: the code after the move between the ``j``-th pair of posts (-1: none).

    Every code's moves at once, for the many searches of one small space (:mod:`.all_pairs`):
    four bytes an entry while the codes fit, else eight. Classic rules on a power-of-two number
    of posts get a table of no rows: their moves are found faster than read (shifts, no
    division; a table of every code's moves would not stay in the cache).
    """
    tables = MoveTables(layout)
    if not tables.magnetic and tables.shift:
        return np.zeros((0, tables.pairs), dtype=np.int32)
    width = np.int32 if layout.size < 1 << 31 else np.int64
    table = np.empty((layout.size, tables.pairs), dtype=width)
    _kernels().successor_table(table, *tables.arguments())
    return table


def search_each(
    layout: CodeLayout, sources: Any, weights: Any, successors: Any, histogram: Any
) -> tuple[list[int], list[int], list[int]]:
    """A complete search from each source over ``successors`` (see :func:`successor_table`).

    ``histogram[d]`` gains each source's weight times its positions at distance ``d``;
    returns, per source, its eccentricity, the sum of its distances and its positions reached
    by more than one shortest path (the kernel counts paths up to two).
    """
    size = layout.size
    tables = MoveTables(layout)
    count = sources.size
    eccentricities = np.zeros(count, dtype=np.int64)
    sums = np.zeros(count, dtype=np.int64)
    several = np.zeros(count, dtype=np.int64)
    status = _kernels().search_each(
        sources,
        weights,
        StateTable(size).words,
        np.empty(size, dtype=np.int64),
        np.zeros(size, dtype=np.uint8),
        successors,
        histogram,
        eccentricities,
        sums,
        several,
        tables.delta,
        tables.empty,
        tables.place_bits,
        tables.moduli,
        tables.scales,
        tables.offsets,
        tables.chunks,
        tables.open,
        tables.any_open,
    )
    if status:
        raise AssertionError(f"a distance exceeded the {histogram.size - 1} the histogram holds")
    return eccentricities.tolist(), sums.tolist(), several.tolist()
