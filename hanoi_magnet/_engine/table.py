"""One plan class as the engine sees it: its steps at a size, its exact lengths, its caches.

A table is *fixed* when its plan is the same for every n (it does not override ``steps``); a
fixed table's lengths at large sizes come from the recurrence read off the plan
(:mod:`~hanoi_magnet._engine.lengths`) and its level records from a template
(:mod:`~hanoi_magnet._engine.records`), so nothing is kept per size. Exact lengths and level
records are memoised only up to :data:`MEMO_SIZES` disks, and at every size for tables whose
plan changes with n (Frame–Stewart: few sizes, short numbers).

Caches belong to a generation (:class:`Memo`): :func:`clear_caches` gives every table a new
one, and each computation reads its table's generation once, so a concurrent clear never
pulls an entry from under it.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any, NamedTuple

from hanoi_magnet._engine.lengths import LengthSystem, make_system
from hanoi_magnet._steps import MoveStep, PlanClass, plan_class
from hanoi_magnet.errors import PlanError, TooLargeError
from hanoi_magnet.model import post_name

if TYPE_CHECKING:
    from hanoi_magnet._steps import Step

#: Sub-solves of at most this many moves are expanded once into a cached tuple of moves.
BLOCK_MOVES = 4096
#: Exact lengths and level records are memoised up to this many disks (for fixed tables).
MEMO_SIZES = 256
#: Memoised lengths of tables whose plan changes with n may hold this many bits in all.
MEMO_BITS = 1 << 32


class Resolved(NamedTuple):
    """A step at a given size, in the node's own disk numbers (1 = its smallest)."""

    table: Table | None  # None for a move
    disks: int  # sub-solve size (1 for a move)
    low: int  # a sub-solve's disks are low+1 .. low+disks; a move's disk is low+1
    posts: tuple[int, ...]  # sub-solve: its post -> our post; move: (source, target)
    reverse: bool
    swap: bool


_UNSET: Any = object()


class Memo:
    """One generation of a table's caches."""

    __slots__ = (
        "binary",
        "bits",
        "block_level",
        "checked",
        "closed",
        "depth",
        "entries",
        "firsts",
        "lengths",
        "levels",
        "resolved",
        "row",
        "shallow",
        "shapes",
        "system",
        "template",
    )

    def __init__(self) -> None:
        self.lengths: dict[int, int] = {0: 0}
        self.bits = 0  # bits held in `lengths`
        self.levels: dict[int, Any] = {}
        self.resolved: dict[int, tuple[Resolved, ...]] = {}
        self.entries: dict[int, Any] = {}
        self.firsts: dict[int, Any] = {}  # n -> the first move (None: no move), see moves.py
        self.shallow: dict[int, Any] = {}
        self.shapes: dict[int, Any] = {}  # size -> its moves' codes, see blocks.py
        self.block_level = -1
        self.system: Any = _UNSET
        self.template: Any = _UNSET
        self.binary: Any = _UNSET  # see _engine/binary.py
        self.checked: set[int] = set()
        # Sizes n at which check_tables has checked this table and all it reaches (once each).
        self.closed: set[int] = set()
        self.depth = -1  # see Table.depth
        self.row: Any = _UNSET  # see _row


#: No table's block level exceeds this (lengths at least double every few sizes in a plan that
#: solves every size; the bound only stops a loop over a plan whose lengths would not grow).
_BLOCK_LEVELS = 64


class Table:
    """The engine's view of one plan class."""

    __slots__ = (
        "cls",
        "fixed",
        "goal_face",
        "magnetic",
        "memo",
        "posts",
        "source",
        "start_face",
        "target",
        "towers",
        "trusted",
    )

    def __init__(self, cls: type[PlanClass]) -> None:
        self.cls = cls
        # The package's own plans (written, generated or derived here) are checked by the
        # test suite at every size where they change shape; others are checked as they are used.
        self.trusted = str(getattr(cls, "__module__", "")).startswith("hanoi_magnet.")
        self.fixed = bool(cls.fixed)
        self.magnetic = cls.variant.magnetic
        self.posts = cls.variant.posts
        start, goal = cls.variant.start_face, cls.variant.goal_face
        self.start_face = -1 if start is None else start.bit
        self.goal_face = -1 if goal is None else goal.bit
        self.source, self.target = cls.variant.source, cls.variant.target
        # whether it starts and ends with a tower (see start_config)
        self.towers = not any(hasattr(cls, name) for name in ("start_config", "goal_config"))
        self.memo = Memo()

    def __repr__(self) -> str:
        return f"<plan table {self.cls.label}>"

    # -- ends -----------------------------------------------------------------------------------

    def start_config(self, m: int) -> tuple[tuple[int, int, int, int], ...]:
        """The position before the first step, as segments (first, last, post, face bit).

        A tower on the variant's source, unless the plan class says otherwise (the tables of
        a path between two positions start and end where those positions put the disks).
        """
        custom = None if self.towers else getattr(self.cls, "start_config", None)
        if custom is not None:
            found: tuple[tuple[int, int, int, int], ...] = custom(m)
            return found
        return ((1, m, self.source, self.start_face),)

    def goal_config(self, m: int) -> tuple[tuple[int, int, int, int], ...]:
        """The position after the last step (see :meth:`start_config`)."""
        custom = None if self.towers else getattr(self.cls, "goal_config", None)
        if custom is not None:
            found: tuple[tuple[int, int, int, int], ...] = custom(m)
            return found
        return ((1, m, self.target, self.goal_face),)

    # -- steps ----------------------------------------------------------------------------------

    def resolve(self, m: int) -> tuple[Resolved, ...]:
        """The steps for m >= 1 disks, with empty sub-solves dropped.

        Kept for sizes up to :data:`MEMO_SIZES` (a cold solve reads the small sizes of every
        table it reaches many times); a plan that fails is not kept, so it raises every time.
        """
        memo = self.memo
        found = memo.resolved.get(m)
        if found is None:
            found = self._resolve(m)
            if m <= MEMO_SIZES:
                memo.resolved[m] = found
        return found

    def _resolve(self, m: int) -> tuple[Resolved, ...]:
        out = []
        new = tuple.__new__  # (a Resolved without NamedTuple's Python-level constructor)
        for step in self.cls.steps(m):
            if isinstance(step, MoveStep):
                disk = m + step.disk
                if not 1 <= disk <= m:
                    raise PlanError(f"{self.cls.label}({m}): {step} names a disk that is not there")
                self._check_posts((step.source, step.target), step)
                out.append(
                    new(Resolved, (None, 1, disk - 1, (step.source, step.target), False, False))
                )
                continue
            size = m + step.disks
            if size < 0:
                raise PlanError(f"{self.cls.label}({m}): {step} needs {size} disks")
            if size == 0:
                continue
            table = table_of(plan_class(step.label))
            if len(step.posts) != table.posts:
                raise PlanError(
                    f"{self.cls.label}: {step} maps {len(step.posts)} posts, but "
                    f"{step.label} has {table.posts}"
                )
            self._check_posts(step.posts, step)
            low = m - size if step.largest else 0
            out.append(new(Resolved, (table, size, low, step.posts, step.reverse, step.swap)))
        return tuple(out)

    def depth(self) -> int:
        """How far below n a fixed plan's steps reach: above it, no sub-solve is empty.

        A fixed table's steps at any size m > depth are those of every such size (sizes
        relative to m), so anything read off them there holds at every larger size.
        """
        memo = self.memo
        if memo.depth < 0:
            probe = self.resolve(_PROBE)
            memo.depth = max(
                (_PROBE - (s.disks if s.table is not None else s.low + 1) for s in probe),
                default=0,
            )
        return memo.depth

    def _check_posts(self, posts: tuple[int, ...], step: Step) -> None:
        if max(posts) >= self.posts:
            raise PlanError(f"{self.cls.label}: {step} names a post beyond 0..{self.posts - 1}")

    # -- lengths --------------------------------------------------------------------------------

    def system(self) -> LengthSystem | None:
        """The length system of this table's closure (None if a table in it is not fixed)."""
        memo = self.memo
        if memo.system is _UNSET:
            memo.system = None  # while it is built, lengths come from the plan's own sums
            memo.system = _build_system(self) if self.fixed else None
        found: LengthSystem | None = memo.system
        return found

    def length(self, m: int) -> int:
        """The exact number of moves for m disks.

        Fixed tables: memoised up to :data:`MEMO_SIZES`, from the closed form beyond. A table
        whose class has ``exact_length`` (a path's) answers itself. Others: memoised, computed
        without recursion (within :data:`MEMO_BITS`).
        """
        memo = self.memo
        known = memo.lengths.get(m)
        if known is not None:
            return known
        if self.fixed and m > MEMO_SIZES:
            system = self.system()
            if system is not None and m >= system.start:
                return system.length(self, m)
        custom = getattr(self.cls, "exact_length", None)
        if custom is not None:  # a table that keeps its own lengths (a path's, O(n) memory)
            found: int = custom(m)
            return found
        return _memo_length(self, m)

    @property
    def block_level(self) -> int:
        """The largest size whose solution fits one cached block (lengths grow with size)."""
        memo = self.memo
        if memo.block_level < 0 and self._partial():
            memo.block_level = 0  # (defined at some sizes only: no blocks)
        if memo.block_level < 0:
            size = 0
            while size < _BLOCK_LEVELS and self.length(size + 1) <= BLOCK_MOVES:
                size += 1
            memo.block_level = size
        return memo.block_level

    def is_block(self, size: int) -> bool:
        """Whether a sub-solve of ``size`` disks is one cached block: ``size <= block_level``.

        Until the block level is known, decided by the length at ``size`` alone (lengths grow
        with size, so it is the same answer): a small cold solve does not compute the lengths
        of sizes up to the block level (44 disks for classic:4, most of its first call).
        """
        level = self.memo.block_level
        if level >= 0:
            return size <= level
        if size > _BLOCK_LEVELS or self._partial():
            return size <= 0
        return self.length(size) <= BLOCK_MOVES

    def _partial(self) -> bool:
        """A path's table (defined at its own levels only) or a plan solving some sizes only."""
        cls = self.cls
        return getattr(cls, "records", None) is not None or getattr(cls, "sizes", None) is not None

    def clear(self) -> None:
        """Start a new generation of caches."""
        self.memo = Memo()


def _memo_length(root: Table, m: int) -> int:
    """Lengths by the plan's own sums, memoised; large fixed sub-tables by their closed form.

    Within the memoised sizes, a closure of fixed tables is summed size by size from the
    bottom by its rows (:func:`_row_length`); anything else, (table, size) by (table, size).
    """
    if m <= MEMO_SIZES:
        value = _row_length(root, m)
        if value is not None:
            return value
    found: dict[tuple[Table, int], int] = {}

    def known(table: Table, size: int) -> int | None:
        # Whatever is read is kept in `found`: a concurrent clear_caches may empty the memo.
        value = table.memo.lengths.get(size)
        if value is None and table.fixed:
            if size <= MEMO_SIZES:  # a fixed sub-table: all its sizes up to this one at once
                value = _row_length(table, size)
            else:
                system = table.system()  # None while it is being built
                if system is not None and size >= system.start:
                    value = system.length(table, size)
        if value is None and (custom := getattr(table.cls, "exact_length", None)) is not None:
            value = custom(size)
        if value is not None:
            found[table, size] = value
        return value

    pending: list[tuple[Table, int]] = [(root, m)]
    active: set[tuple[Table, int]] = set()
    while pending:
        key = pending[-1]
        table, size = key
        if key in found or known(table, size) is not None:
            pending.pop()
            continue
        total, missing = 0, False
        for step in table.resolve(size):
            child = step.table
            if child is None:
                total += 1
                continue
            value = found.get((child, step.disks))
            if value is None:
                value = known(child, step.disks)
                if value is None:
                    pending.append((child, step.disks))
                    missing = True
                    continue
            total += value
        if missing:
            if key in active:
                raise PlanError(f"plan {table.cls.label}({size}) depends on itself")
            active.add(key)
            continue
        active.discard(key)
        found[key] = total
        _remember(table, size, total)
        pending.pop()
    return found[root, m]


#: A fixed table's row: the moves of its plan and its sub-solves as (table, size offset <= 0).
Row = tuple[int, tuple[tuple["Table", int], ...]]


def _row(table: Table) -> Row | None:
    """A fixed table's steps at every size, as sizes relative to it.

    A fixed plan is the same steps at every size m >= 1, sub-solves of m + offset disks (none
    if that is 0): read once at :data:`_PROBE` (which checks its labels and posts) and kept.
    None for a table that is not fixed, keeps its own lengths, names a sub-solve larger than
    itself, or cannot be read at the probe size or at one disk (then its own sums, pair by
    pair, say where it fails).
    """
    memo = table.memo
    row = memo.row
    if row is _UNSET:
        row = None
        if table.fixed and getattr(table.cls, "exact_length", None) is None:
            try:
                steps = table.resolve(_PROBE)
            except PlanError:  # (a plan too deep for the probe)
                memo.row = None
                return None
            terms = tuple((s.table, s.disks - _PROBE) for s in steps if s.table is not None)
            # at one disk: no sub-solve of fewer than 0 disks, every move's disk (at m:
            # s.low + 1 + m - _PROBE) there
            if all(-1 <= offset <= 0 for _, offset in terms) and all(
                s.low == _PROBE - 1 for s in steps if s.table is None
            ):
                row = (sum(1 for s in steps if s.table is None), terms)
        memo.row = row
    found: Row | None = row
    return found


def steps_at(table: Table, m: int) -> tuple[tuple[Resolved, ...], int]:
    """A table's steps at m >= 1 disks, and how many disks more each one has than it says.

    Above its depth (no sub-solve empty), a fixed table's steps at m are those read at the
    probe size with m - :data:`_PROBE` more disks in each sub-solve and m - :data:`_PROBE` added
    to each move's disk (a sub-solve's lowest disk stays): ``(resolve(_PROBE), m - _PROBE)``,
    with no plan read at size m. Otherwise ``(resolve(m), 0)``.
    """
    if _row(table) is None or m <= table.depth():
        return table.resolve(m), 0
    return table.resolve(_PROBE), m - _PROBE


def _row_length(root: Table, m: int) -> int | None:
    """The length of a fixed table's closure at m disks, summed by rows from the bottom up.

    The same sums as the plans' own, without resolving every table at every size: each table
    the root reaches is read once (:func:`_row`), then its lengths at sizes 1 .. the largest it
    is needed at are added up in order. Memoised lengths are read and new ones kept. None
    (nothing done) if a table the root reaches has no row.
    """
    rows: dict[Table, Row] = {}
    need = {root: m}  # the largest size each table is needed at (0: only empty)
    work = [root]
    while work:
        table = work.pop()
        row = rows.get(table)
        if row is None:
            row = _row(table)
            if row is None:
                return None
            rows[table] = row
        top = need[table]
        for child, offset in row[1]:
            size = max(top + offset, 0)
            if size > need.get(child, -1):
                need[child] = size
                work.append(child)
    order = _same_size_order(rows, [table for table in rows if need[table] > 0], need)
    values: dict[Table, list[int]] = {table: [0] for table in rows}  # by size
    # One generation of each table's memo (clear_caches), read once; fixed tables keep no bit
    # count (only the lengths of plans that change with n are bounded).
    plan = [(need[table], *rows[table], table.memo.lengths, values[table]) for table in order]
    for size in range(1, m + 1):
        for top, moves, terms, lengths, own in plan:
            if size > top:
                continue
            value = lengths.get(size)
            if value is None:
                value = moves  # (an empty sub-solve adds the length at size 0)
                for child, offset in terms:
                    value += values[child][size + offset]
                lengths[size] = value
            own.append(value)
    return values[root][m]


def _same_size_order(
    rows: dict[Table, Row], live: list[Table], need: dict[Table, int]
) -> list[Table]:
    """The live tables, each after those it names at its own size (a cycle is a plan error).

    (A table a live one names at its own size is needed at that size too: live.)
    """
    order: list[Table] = []
    state: dict[Table, bool] = {}  # False while its same-size sub-solves are being ordered
    for first in live:
        if first in state:
            continue
        stack = [(first, iter(rows[first][1]))]
        state[first] = False
        while stack:
            table, terms = stack[-1]
            for child, offset in terms:
                if offset == 0:
                    seen = state.get(child)
                    if seen is None:
                        state[child] = False
                        stack.append((child, iter(rows[child][1])))
                        break
                    if not seen:
                        raise PlanError(f"plan {child.cls.label}({need[child]}) depends on itself")
            else:
                stack.pop()
                state[table] = True
                order.append(table)
    return order


def _remember(table: Table, size: int, value: int) -> None:
    memo = table.memo
    if table.fixed and size > MEMO_SIZES and memo.system not in (_UNSET, None):
        return  # the closed form answers at this size
    bits = value.bit_length()
    if not table.fixed and memo.bits + bits > MEMO_BITS:
        raise TooLargeError(
            f"the lengths of plan {table.cls.label}, whose steps change with n, would need "
            f"more than {MEMO_BITS // 8 // 2**20:,} MiB of memory at {size:,} disks"
        )
    memo.bits += bits
    memo.lengths[size] = value


# --------------------------------------------------------------------------------------------
# The recurrence of a closure of fixed tables.

#: Plans are read at this size to find their size offsets (any size with no empty sub-solve).
_PROBE = 64


def _build_system(root: Table) -> LengthSystem | None:
    """The length system of ``root``'s closure, or None (a table in it is not fixed)."""
    closure = _closure(root)
    if closure is None:
        return None
    tables, rows, depth, inlined = closure
    return make_system(rows, depth, (*tables, *inlined), _plan_length)


def _plan_length(table: object, m: int) -> int:
    assert isinstance(table, Table)
    return _memo_length(table, m)


def _closure(
    root: Table,
) -> tuple[list[Table], list[tuple[int, list[tuple[int, int]]]], int, list[Table]] | None:
    """Every table the root reaches, each as (moves, [(table index, size offset)]).

    Same-size sub-solves are inlined into their caller's row; the tables they name are listed
    apart (they get weights too: descents enter them).
    """
    tables: list[Table] = [root]
    index = {root: 0}
    rows: list[tuple[int, list[tuple[int, int]]]] = []
    inlined: list[Table] = []
    depth = 1
    position = 0
    while position < len(tables):
        table = tables[position]
        position += 1
        expanded = _fixed_steps(table, (), inlined)
        if expanded is None:
            return None
        moves, terms = expanded
        row_terms = []
        for child, offset in terms:
            if child not in index:
                index[child] = len(tables)
                tables.append(child)
            row_terms.append((index[child], offset))
            depth = max(depth, -offset)
        rows.append((moves, row_terms))
    return tables, rows, depth, [t for t in dict.fromkeys(inlined) if t not in index]


def _fixed_steps(
    table: Table, calling: tuple[Table, ...], inlined: list[Table]
) -> tuple[int, list[tuple[Table, int]]] | None:
    """Moves and (table, size offset < 0) terms of a fixed table, same-size sub-solves inlined."""
    if not table.fixed:
        return None
    if table in calling:
        raise PlanError(f"plan {table.cls.label} calls itself at the same size")
    moves, terms = 0, []
    for step in table.resolve(_PROBE):
        if step.table is None:
            moves += 1
            continue
        offset = step.disks - _PROBE
        if offset == 0:
            inlined.append(step.table)
            inner = _fixed_steps(step.table, (*calling, table), inlined)
            if inner is None:
                return None
            moves += inner[0]
            terms.extend(inner[1])
        else:
            terms.append((step.table, offset))
    return moves, terms


# --------------------------------------------------------------------------------------------
# The tables, and the post-map registry the compact records use.

_TABLES: dict[type[PlanClass], Table] = {}
_LOCK = threading.Lock()

# Post maps (permutations) as small integers, so composing two is one dict lookup. The
# registry only grows (it holds the few post maps the plans produce) and is never cleared,
# so records built before a clear_caches stay valid.
PERMUTATIONS: list[tuple[int, ...]] = []
_PERMUTATION_IDS: dict[tuple[int, ...], int] = {}
COMPOSED: dict[int, int] = {}  # (outer id << 32 | inner id) -> id of the composition
_ID_BITS = 32


def permutation_id(posts: tuple[int, ...]) -> int:
    """The id of a post map (registering it on first sight)."""
    found = _PERMUTATION_IDS.get(posts)
    if found is None:
        with _LOCK:
            found = _PERMUTATION_IDS.get(posts)
            if found is None:
                PERMUTATIONS.append(posts)
                found = _PERMUTATION_IDS[posts] = len(PERMUTATIONS) - 1
    return found


def compose_ids(outer: int, inner: int) -> int:
    """The id of the map ``p -> outer[inner[p]]`` (a sub-solve's posts, placed in ours)."""
    key = outer << _ID_BITS | inner
    found = COMPOSED.get(key)
    if found is None:
        mapping = PERMUTATIONS[outer]
        found = COMPOSED[key] = permutation_id(tuple(mapping[p] for p in PERMUTATIONS[inner]))
    return found


def table_of(cls: type[PlanClass]) -> Table:
    """The (single) engine table of a plan class."""
    table = _TABLES.get(cls)
    if table is None:
        with _LOCK:
            table = _TABLES.get(cls)
            if table is None:
                table = _TABLES[cls] = Table(cls)
    return table


def all_tables() -> list[Table]:
    """Every table made so far."""
    return list(_TABLES.values())


def describe_post(post: int, posts: int) -> str:
    """A post's name in messages."""
    return post_name(post, posts)
