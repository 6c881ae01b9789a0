"""The descent through large sizes: at each level, the step that holds index k.

Above :data:`~hanoi_magnet._engine.table.MEMO_SIZES` disks nothing is kept per size. A fixed
table's level comes from its template (:mod:`~hanoi_magnet._engine.records`) and its prefix
sums from the length system (:mod:`~hanoi_magnet._engine.lengths`), and the offset k is kept
*lazily*: as

    D * k = s * delta + e + < c, basis(b) >

with one exact number delta, a sign s, a small integer e and a short vector c of small
integers, over the basis at the bottom b of the current *chunk* of sizes. Subtracting a
prefix sum changes only c and e (the prefix is a small-integer row on the same basis), so a
level costs no big-integer operation. The step is chosen by comparing approximations: the
basis and delta truncated to their top bits (at most :data:`PRECISION` bits of the basis), with
a rigorous bound on the error; only when the bound cannot decide (k at or next to a step
boundary) is the comparison made exactly. Every :attr:`LengthSystem.chunk` sizes the lazy form
is folded into delta (a few big products) and the basis is stepped down by one exact division.
So a descent through n levels costs O(n) small steps and O(n / chunk) big ones, and holds a
constant number of big integers.

Tables whose plan changes with n (Frame–Stewart) descend exactly, through their (memoised)
level records; their lengths are short.
"""

from __future__ import annotations

import bisect
from operator import add, mul, sub

from hanoi_magnet._engine.lengths import Basis, LengthSystem, Row
from hanoi_magnet._engine.records import Config, Level, Template, decode, level, template
from hanoi_magnet._engine.table import Resolved, Table
from hanoi_magnet.errors import PlanError

#: Bits of the basis kept for the approximate comparisons.
PRECISION = 128


class _Lazy:
    """The lazy offset of a descent inside one length system (see the module docs)."""

    __slots__ = (
        "approx",
        "b",
        "basis",
        "c",
        "cnorm",
        "delta",
        "delta_t",
        "e",
        "estimate",
        "floor",
        "s",
        "system",
        "t",
    )

    def __init__(self, system: LengthSystem, k: int, lowest: int, floor: int) -> None:
        self.system = system
        self.floor = floor  # the chunk bottom never goes below this size
        self.delta = system.scale * k
        self.s = 1
        self.e = 0
        self.c = [0] * system.size
        self.cnorm = 0
        self.b = lowest
        self.basis: Basis = system.basis(lowest)
        self._rescale()

    def _rescale(self) -> None:
        """New chunk: truncate the basis and delta to the common unit 2^t."""
        top = max((abs(x).bit_length() for x in self.basis), default=0)
        self.t = t = max(0, top - PRECISION)
        self.approx = tuple(x >> t for x in self.basis)
        self.delta_t = self.delta >> t
        self.estimate = self.s * self.delta_t + sum(map(mul, self.c, self.approx))

    def fold(self) -> None:
        """Make delta the exact offset again: c = 0, e = 0, s = 1."""
        value = self.s * self.delta + self.e + sum(map(mul, self.c, self.basis))
        if value < 0:
            raise PlanError("a descent went below zero: the plan's lengths are inconsistent")
        self.delta, self.s, self.e, self.cnorm = value, 1, 0, 0
        self.c = [0] * len(self.c)
        self.delta_t = value >> self.t
        self.estimate = self.delta_t

    def lower(self, size: int) -> None:
        """Bring the chunk bottom to ``size`` or below (folding first), a chunk at a time."""
        if size >= self.b:
            return
        self.fold()
        system = self.system
        while self.b > size:
            bottom = max(self.floor, self.b - system.chunk)
            if bottom >= self.b:
                raise PlanError(f"a descent needs the basis below size {self.floor}")
            self.basis = system.down(self.basis, self.b - bottom)
            self.b = bottom
        self._rescale()

    def at_least(self, row: Row, norm: int, moves: int, approx_prefix: int) -> bool:
        """Whether D * k >= D * prefix, for a prefix of ``moves`` moves plus <row, basis>."""
        e = self.e - self.system.scale * moves
        gap = self.estimate - approx_prefix
        t = self.t
        if t == 0:
            return bool(gap + e >= 0)
        bound = (1 if self.delta else 0) + self.cnorm + norm + (abs(e) >> t) + 1
        if gap >= bound:
            return True
        if gap <= -bound:
            return False
        value: int = self.s * self.delta + e + sum(map(mul, map(sub, self.c, row), self.basis))
        return value >= 0

    def exact(self) -> int:
        """The exact offset (divided by the scale)."""
        self.fold()
        value, remainder = divmod(self.delta, self.system.scale)
        if remainder:
            raise PlanError("a descent's offset is not a whole number of moves")
        return value


class _Rows:
    """Prefix rows of templates over a system's basis, shifted up by j sizes, cached."""

    def __init__(self, system: LengthSystem) -> None:
        self.system = system
        self.cache: dict[tuple[Template, int], tuple[tuple[Row, ...], tuple[int, ...]]] = {}
        self.base: dict[Template, tuple[Row, ...]] = {}

    def rows(self, tpl: Template, shift: int) -> tuple[tuple[Row, ...], tuple[int, ...]]:
        """Rows r_i with D * prefix_i(m) = D * moves_i + <r_i, basis(m - depth - shift)>."""
        key = (tpl, shift)
        found = self.cache.get(key)
        if found is None:
            base = self.base.get(tpl)
            if base is None:
                base = self.base[tpl] = self._prefix_rows(tpl)
            shifted: dict[int, Row] = {}  # boundaries around a move share one row object
            for row in base:
                if id(row) not in shifted:
                    shifted[id(row)] = self.system.row_power(row, shift)
            rows = tuple(shifted[id(row)] for row in base)
            found = self.cache[key] = (rows, tuple(sum(map(abs, row)) for row in rows))
        return found

    def _prefix_rows(self, tpl: Template) -> tuple[Row, ...]:
        system = self.system
        depth = system.depth
        rows: list[Row] = [(0,) * system.size]
        current: Row = rows[0]
        for step in tpl.steps:
            if step.table is not None:
                weights = system.weights.get(step.table)
                if weights is None:
                    raise PlanError(f"{step.table.cls.label} is missing from the length system")
                shifted = system.row_power(weights, step.offset + depth)
                current = tuple(map(add, current, shifted))
            rows.append(current)
        return tuple(rows)


_ROWS: dict[LengthSystem, _Rows] = {}


def clear_rows() -> None:
    """Forget the cached prefix rows."""
    _ROWS.clear()


def rows_of(system: LengthSystem) -> _Rows:
    """The (cached) prefix rows over a system."""
    found = _ROWS.get(system)
    if found is None:
        if len(_ROWS) > 64:
            _ROWS.clear()
        found = _ROWS[system] = _Rows(system)
    return found


_COMPOSED: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, ...]] = {}


def _compose(mapping: tuple[int, ...], posts: tuple[int, ...]) -> tuple[int, ...]:
    key = (mapping, posts)
    found = _COMPOSED.get(key)
    if found is None:
        if len(_COMPOSED) > 1 << 16:
            _COMPOSED.clear()
        found = _COMPOSED[key] = tuple(mapping[p] for p in posts)
    return found


class Walker:
    """A descent from (table, n, k) through the levels above ``stop`` disks.

    ``moves`` chooses the index semantics: move indices (0 <= k < length; a time-reversed step
    maps a local k to len - 1 - k) or positions (0 <= k <= length; len - k).

    Use: ``i = walker.choose()`` gives the step at the current level (``count()``: k is the
    goal of this level; -1: the size is at most ``stop``, continue with :meth:`exact_k`);
    :meth:`step` describes it; :meth:`enter` descends into a sub-solve.
    """

    __slots__ = (
        "base",
        "flip",
        "k",
        "lazy",
        "mapping",
        "moves",
        "node",
        "prefix",
        "record",
        "rows",
        "size",
        "stop",
        "swap",
        "tpl",
        "tprefix",
        "trows",
    )

    def __init__(self, table: Table, n: int, k: int, *, moves: bool, stop: int) -> None:
        self.node, self.size = table, n
        self.base, self.swap, self.flip = 0, 0, False
        self.mapping: tuple[int, ...] = tuple(range(table.posts))
        self.moves = moves
        self.stop = stop
        self.k = k  # exact while not lazy
        self.lazy: _Lazy | None = None
        self.rows: _Rows | None = None
        self.tpl: Template | None = None
        self.record: Level | None = None
        self.trows: tuple[tuple[Row, ...], tuple[int, ...]] = ((), ())
        self.tprefix: dict[int, int] = {}  # approximate prefix sums at this level

    # -- the current level ----------------------------------------------------------------------

    def choose(self) -> int:
        """The step at the current level that holds k, or -1 at or below ``stop`` disks."""
        m = self.size
        if m <= self.stop:
            return -1
        node = self.node
        tpl = template(node) if node.fixed else None
        if tpl is not None and m < tpl.start:
            tpl = None
        if tpl is not None and self.lazy is None:
            self._start_lazy()
        elif tpl is None and self.lazy is not None:
            self.k = self.lazy.exact()
            self.lazy = None
        self.tpl = tpl if self.lazy is not None else None
        if self.tpl is not None:
            return self._choose_lazy(self.tpl)
        record = self.record = level(node, m)
        prefix = record.prefix
        k = self.k
        i = bisect.bisect_right(prefix, k) - 1
        if not 0 <= i <= len(record.steps) or (self.moves and i == len(record.steps)):
            raise PlanError(f"index {k} is outside {node.cls.label}({m})")
        return i

    def _start_lazy(self) -> None:
        system = self.node.system()
        if system is None or self.size - system.depth < max(system.start, self.stop - system.depth):
            return
        floor = self.stop - system.depth
        self.lazy = _Lazy(system, self.k, self.size - system.depth, max(floor, system.start))
        self.rows = rows_of(system)

    def _choose_lazy(self, tpl: Template) -> int:
        lazy, rowset = self.lazy, self.rows
        assert lazy is not None
        assert rowset is not None
        rows, norms = self.trows = rowset.rows(tpl, self.size - lazy.system.depth - lazy.b)
        approx = lazy.approx
        estimate = lazy.estimate
        moves_before = tpl.moves_before
        found = self.tprefix = {}
        # The candidate from the approximations, then certain checks on both sides of it.
        top = len(tpl.steps) - (1 if self.moves else 0)
        i = top
        while i > 0:
            row = rows[i]
            value = found[i] = (
                found[i + 1] if i < top and row is rows[i + 1] else sum(map(mul, row, approx))
            )
            if estimate >= value:
                break
            i -= 1
        while i < top:
            above = found.get(i + 1)
            if above is None:
                above = found[i + 1] = sum(map(mul, rows[i + 1], approx))
            if not lazy.at_least(rows[i + 1], norms[i + 1], moves_before[i + 1], above):
                break
            i += 1
        while i > 0 and not lazy.at_least(rows[i], norms[i], moves_before[i], found[i]):
            i -= 1
            if i:
                found[i] = sum(map(mul, rows[i], approx))
        return i

    def step(self, i: int) -> Resolved:
        """Step i of the current level, at this size."""
        m = self.size
        tpl = self.tpl
        if tpl is None:
            assert self.record is not None
            return self.record.steps[i]
        s = tpl.steps[i]
        disks = m + s.offset if s.table is not None else 1
        return Resolved(s.table, disks, s.low_a + s.low_b * m, s.posts, s.reverse, s.swap)

    def is_move(self, i: int) -> bool:
        """Whether step i of the current level is a move."""
        if self.tpl is not None:
            return self.tpl.steps[i].table is None
        assert self.record is not None
        return self.record.steps[i].table is None

    def count(self) -> int:
        """How many steps the current level has."""
        if self.tpl is not None:
            return len(self.tpl.steps)
        assert self.record is not None
        return len(self.record.steps)

    def config(self, i: int) -> Config:
        """The position before step i (i = count(): the goal), in the node's disk numbers."""
        if self.tpl is not None:
            return decode(self.tpl.configs[i], self.size)
        assert self.record is not None
        return self.record.configs[i]

    def outside(self, i: int) -> Config:
        """The disks step i does not touch, where they lie (the node's disk numbers)."""
        if self.tpl is not None:
            return decode(self.tpl.outside[i], self.size)
        assert self.record is not None
        return self.record.outside[i]

    # -- going down -----------------------------------------------------------------------------

    def enter(self, i: int) -> None:
        """Descend into sub-solve i of the current level (chosen by :meth:`choose`)."""
        m = self.size
        tpl = self.tpl
        if tpl is not None:
            s = tpl.steps[i]
            child, disks, low = s.table, m + s.offset, s.low_a + s.low_b * m
            posts, reverse, swap = s.posts, s.reverse, s.swap
            self._enter_lazy(tpl, i, reverse)
        else:
            assert self.record is not None
            child, disks, low, posts, reverse, swap = self.record.steps[i]
            prefix = self.record.prefix
            k = self.k - prefix[i]
            if reverse:
                k = prefix[i + 1] - prefix[i] - (1 if self.moves else 0) - k
            self.k = k
        if child is None:
            raise PlanError("enter() needs a sub-solve, not a move")
        self.node, self.size = child, disks
        self.base += low
        self.mapping = _compose(self.mapping, posts)
        if swap:
            self.swap ^= 1
        if reverse:
            self.flip = not self.flip
        lazy = self.lazy
        if lazy is not None and disks > self.stop:
            lazy.lower(disks - lazy.system.depth)

    def _enter_lazy(self, tpl: Template, i: int, reverse: bool) -> None:
        lazy = self.lazy
        assert lazy is not None
        rows, norms = self.trows
        found = self.tprefix
        scale = lazy.system.scale
        j = i + 1 if reverse else i
        row = rows[j]
        approx = found.get(j) if j else 0
        if approx is None:
            approx = sum(map(mul, row, lazy.approx))
        if not reverse:
            lazy.c = list(map(sub, lazy.c, row))
            lazy.e -= scale * tpl.moves_before[i]
            lazy.estimate -= approx
        else:
            lazy.c = list(map(sub, row, lazy.c))
            lazy.e = scale * tpl.moves_before[j] - lazy.e - (scale if self.moves else 0)
            lazy.s = -lazy.s
            lazy.estimate = approx - lazy.estimate
        lazy.cnorm += norms[j]

    def exact_k(self) -> int:
        """The exact offset at the current level (ends the lazy form)."""
        if self.lazy is not None:
            self.k = self.lazy.exact()
            self.lazy = None
            self.tpl = None
        return self.k


class Accumulator:
    """A signed sum of prefix sums along a descent, top down, kept lazily as a Walker's offset.

    Used by rank: the index of a position is the sum, over the levels of its branch, of the
    prefix sum before the step taken (after it, for a time-reversed step, whose sign then
    flips for the levels below).
    """

    __slots__ = ("exact", "lazy", "rows", "stop")

    def __init__(self, table: Table, n: int) -> None:
        self.exact = 0
        self.lazy: _Lazy | None = None
        self.rows: _Rows | None = None
        self.stop = -1

    def add(self, record: Level | Template, m: int, i: int, sign: int) -> None:
        """Add ``sign`` times prefix sum i of the level (a record, or a template at size m)."""
        if isinstance(record, Template):
            lazy = self.lazy
            if lazy is None:
                system = record.table.system()
                if system is not None and m - system.depth >= system.start:
                    lazy = self.lazy = _Lazy(system, 0, m - system.depth, system.start)
                    self.rows = rows_of(system)
            if lazy is not None and self.rows is not None and m - lazy.system.depth >= lazy.floor:
                lazy.lower(m - lazy.system.depth)
                rows = self.rows.rows(record, m - lazy.system.depth - lazy.b)[0]
                moves = lazy.system.scale * record.moves_before[i]
                if sign > 0:
                    lazy.c = list(map(add, lazy.c, rows[i]))
                    lazy.e += moves
                else:
                    lazy.c = list(map(sub, lazy.c, rows[i]))
                    lazy.e -= moves
                return
            record = level(record.table, m)
        self.exact += sign * record.prefix[i]

    def result(self) -> int:
        """The sum, exactly."""
        if self.lazy is None:
            return self.exact
        return self.exact + self.lazy.exact()
