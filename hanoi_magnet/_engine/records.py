"""Level records: what a descent needs at one size of one table, and the checks of the plan.

A *level record* holds the steps at one size, their prefix sums, the position before each step
(as segments of disks), and, for each step, the disks it does not touch. Records are computed
from the plan, checking it (every sub-solve must start where its disks lie; the last step must
leave the goal), and kept up to :data:`~hanoi_magnet._engine.table.MEMO_SIZES` disks.

A fixed table's records at larger sizes all have the same shape: every disk number in them is
a constant or m plus a constant. The *template* holds that shape, read off three sizes and
confirmed at a fourth, so a descent decodes the one segment it needs at any size in O(1).
"""

from __future__ import annotations

from typing import Any, NamedTuple, TypeAlias

from hanoi_magnet._engine import table as tables
from hanoi_magnet._engine.table import (
    _UNSET,
    Resolved,
    Table,
    permutation_id,
)
from hanoi_magnet.errors import PlanError
from hanoi_magnet.model import post_name

# A segment: disks first..last lie on post, showing face (a bit; -1 under classic rules).
Segment: TypeAlias = tuple[int, int, int, int]
Config: TypeAlias = tuple[Segment, ...]


class Level(NamedTuple):
    """Everything a descent needs at one size of one table."""

    steps: tuple[Resolved, ...]
    prefix: tuple[int, ...]  # prefix[i] = moves before step i; prefix[-1] = length
    configs: tuple[Config, ...]  # the position before step i (configs[-1]: the goal)
    outside: tuple[Config, ...]  # per step: the segments of configs[i] it does not touch
    covered: tuple[bool, ...]  # per boundary: does a sub-solve start or end there?


# An entry: the compact form of a step for the unrank loop. For a sub-solve: its table, size,
# lowest disk, post-map id, reversed, swapped, then the disks it does not touch — as a few
# (disk, post, face) triples when they are few, else as segments. For a move: table None, and
# the whole position at it in the same two forms.
Entry: TypeAlias = tuple[
    "Table | None", int, int, int, bool, bool, tuple[tuple[int, int, int], ...], Config
]
# The lean record of one size: steps, prefix sums, and the position before each step.
Shallow: TypeAlias = "tuple[tuple[Resolved, ...], tuple[int, ...], tuple[Config, ...]]"
#: Outside disks up to this many are stored one by one (a faster loop than segments).
_FEW = 8
#: How many plan levels one entry record spans (fewer loop turns, larger records).
_DEPTH = 3
# A flattened step, in a node's forward frame: (start, None, position at start, position at
# end) for a move; (start, table, disks, low, posts, reverse, swap, outside) for a sub-solve.
_Part: TypeAlias = tuple[Any, ...]


def level(table: Table, m: int) -> Level:
    """The level record for m >= 1 disks (checks the table at that size on first use)."""
    memo = table.memo
    found: Level | None = memo.levels.get(m)
    if found is None:
        custom = getattr(table.cls, "records", None)
        if custom is not None:  # a table that knows its positions (a path's)
            steps = table.resolve(m)
            configs, outside = custom(m, steps)
            prefix = _prefix(steps)
        else:
            steps, prefix, configs = shallow(table, m)
            outside = tuple(
                tuple(
                    clipped
                    for segment in configs[i]
                    for clipped in _outside(segment, s.low + 1, s.low + s.disks)
                )
                for i, s in enumerate(steps)
            )
        covered = [False] * len(configs)
        for i, s in enumerate(steps):
            if s.table is not None:
                covered[i] = covered[i + 1] = True
        found = Level(steps, prefix, configs, outside, tuple(covered))
        if _keep(table, m):
            memo.levels[m] = found
    return found


def shallow(table: Table, m: int) -> Shallow:
    """Steps, prefix sums and positions at one size."""
    memo = table.memo
    found: Shallow | None = memo.shallow.get(m)
    if found is None:
        steps, configs_ = configs(table, m)
        found = (steps, _prefix(steps), configs_)
        if _keep(table, m):
            memo.shallow[m] = found
    return found


def _prefix(steps: tuple[Resolved, ...]) -> tuple[int, ...]:
    prefix = [0]
    for s in steps:
        prefix.append(prefix[-1] + (1 if s.table is None else s.table.length(s.disks)))
    return tuple(prefix)


def _keep(table: Table, m: int) -> bool:
    """Records are kept for small sizes, and for tables whose plan changes with n.

    Not a path's tables above the small sizes: their records hold exact lengths of up to n
    bits at each of n levels (O(n^2) bits), and a descent reads each level once.
    """
    if m <= tables.MEMO_SIZES:
        return True
    return not table.fixed and getattr(table.cls, "records", None) is None


def entries(table: Table, m: int) -> tuple[tuple[int, ...], tuple[Entry, ...]]:
    """Prefix sums and compact entries for the unrank loop, several plan levels deep.

    Each sub-solve is replaced by its own steps (recursively, :data:`_DEPTH` levels), placed
    in our frame: post maps and colour swaps composed, disks shifted, outside disks
    accumulated. Under a time-reversed step the child's steps come in reverse order, each
    reversal flag toggles, and a move's interval starts at the position *after* it
    (intervals are half-open forwards, so reversed they close at the other end).
    """
    memo = table.memo
    found: tuple[tuple[int, ...], tuple[Entry, ...]] | None = memo.entries.get(m)
    if found is None:
        flat = _flatten(table, m, _DEPTH)
        starts = (*(part[0] for part in flat), table.length(m))
        made = tuple(
            _entry(None, 0, 0, 0, False, False, part[2])
            if part[1] is None
            else _entry(part[1], part[2], part[3], permutation_id(part[4]), *part[5:])
            for part in flat
        )
        found = (starts, made)
        if _keep(table, m):
            memo.entries[m] = found
    return found


def _flatten(table: Table, m: int, depth: int) -> list[_Part]:
    """This level's steps, sub-solves expanded ``depth - 1`` more levels, in our frame."""
    record = level(table, m)
    parts: list[_Part] = []
    for i, step in enumerate(record.steps):
        start, outside = record.prefix[i], record.outside[i]
        if step.table is None:
            parts.append((start, None, record.configs[i], record.configs[i + 1]))
            continue
        if depth == 1:
            parts.append(
                (start, step.table, step.disks, step.low, step.posts, step.reverse,
                 step.swap, outside)
            )  # fmt: skip
            continue
        length = record.prefix[i + 1] - start
        if length == 0:
            continue  # a sub-solve with nothing to do (a path's leg that is already there)
        inner = _flatten(step.table, step.disks, depth - 1)
        ends = [part[0] for part in inner[1:]] + [length]
        if step.reverse:
            inner, ends = inner[::-1], ends[::-1]
        for part, end in zip(inner, ends, strict=True):
            offset = start + (length - end if step.reverse else part[0])
            if part[1] is None:
                before, after = part[2], part[3]
                if step.reverse:
                    before, after = after, before
                before, after = outside + placed(before, step), outside + placed(after, step)
                parts.append((offset, None, before, after))
                continue
            _, child, disks, low, posts, reverse, swap, fills = part
            parts.append(
                (offset, child, disks, step.low + low, tuple(step.posts[p] for p in posts),
                 step.reverse ^ reverse, step.swap ^ swap, outside + placed(fills, step))
            )  # fmt: skip
    return parts


def _entry(
    table: Table | None,
    disks: int,
    low: int,
    posts_id: int,
    reverse: bool,
    swap: bool,
    fills: Config,
) -> Entry:
    count = sum(hi - lo + 1 for lo, hi, _, _ in fills)
    if count <= _FEW:
        few = tuple(
            (disk, post, face) for lo, hi, post, face in fills for disk in range(lo, hi + 1)
        )
        return (table, disks, low, posts_id, reverse, swap, few, ())
    return (table, disks, low, posts_id, reverse, swap, (), fills)


# --------------------------------------------------------------------------------------------
# Positions between the steps, and the checks of the plan.


def configs(table: Table, m: int) -> tuple[tuple[Resolved, ...], tuple[Config, ...]]:
    """The steps and the position before each (and after the last), checking the table."""
    return _follow(table, m, keep=True)


def _follow(table: Table, m: int, *, keep: bool) -> tuple[tuple[Resolved, ...], tuple[Config, ...]]:
    """The steps, checked; ``keep``: with the position before each (else only the start)."""
    steps = table.resolve(m)
    label = table.cls.label
    config: list[Segment] = sorted(table.start_config(m))
    found = [tuple(config)]
    for index, step in enumerate(steps):
        if step.table is None:
            disk = step.low + 1
            post, face = _where(config, disk)
            if post != step.posts[0]:
                raise PlanError(
                    f"{label}({m}) step {index}: disk {disk} should leave "
                    f"{post_name(step.posts[0], table.posts)} but lies on "
                    f"{post_name(post, table.posts)}"
                )
            config = _assign(config, disk, disk, step.posts[1], face ^ 1 if face >= 0 else -1)
        else:
            config = _sub_step(table, config, m, index, step)
        if keep:
            found.append(tuple(config))
    last, goal = tuple(config), table.goal_config(m)
    if last != goal:
        raise PlanError(f"{label}({m}) does not end in its goal: {last} != {goal}")
    table.memo.checked.add(m)
    return steps, tuple(found)


def _sub_step(
    table: Table, config: list[Segment], m: int, index: int, step: Resolved
) -> list[Segment]:
    """The position after a sub-solve, checking that its disks lie where it starts."""
    child = step.table
    assert child is not None
    first, last = step.low + 1, step.low + step.disks
    if child.towers:  # from a tower to a tower, as most plans have it: no segments placed
        ends = ((child.source, child.start_face), (child.target, child.goal_face))
        (source, source_face), (target, target_face) = ends[::-1] if step.reverse else ends
        swap = 1 if step.swap else 0
        want = (step.posts[source], source_face ^ swap if source_face >= 0 else -1)
        for lo, hi, post, face in config:
            if hi >= first and lo <= last and (post, face) != want:
                _check_tower(table, config, m, index, step, want)  # (raises, and says why)
        return _assign(
            config, first, last, step.posts[target], target_face ^ swap if target_face >= 0 else -1
        )
    start, end = child.start_config(step.disks), child.goal_config(step.disks)
    if step.reverse:
        start, end = end, start
    start, end = placed(start, step), placed(end, step)
    if len(start) == 1:  # a tower
        _check_tower(table, config, m, index, step, start[0][2:])
    else:
        have = tuple(clipped for segment in config for clipped in _inside(segment, first, last))
        if have != start:
            raise PlanError(
                f"{table.cls.label}({m}) step {index} ({child.cls.label}, disks "
                f"{first}..{last}) should start with them as {start}, but they are {have}"
            )
    return _replace(config, first, last, end)


def _check_tower(
    table: Table,
    config: list[Segment],
    m: int,
    index: int,
    step: Resolved,
    want: tuple[int, int],
) -> None:
    """Check that the sub-solve's disks all lie on one post showing one face, ``want``."""
    first, last = step.low + 1, step.low + step.disks
    for lo, hi, post, face in config:
        if hi >= first and lo <= last and (post, face) != want:
            assert step.table is not None
            raise PlanError(
                f"{table.cls.label}({m}) step {index} ({step.table.cls.label}, disks "
                f"{first}..{last}) should start with them on "
                f"{post_name(want[0], table.posts)}{_face_text(want[1])}, but disks "
                f"{max(lo, first)}..{min(hi, last)} lie on "
                f"{post_name(post, table.posts)}{_face_text(face)}"
            )


def _inside(segment: Segment, first: int, last: int) -> list[Segment]:
    """The part of a segment inside disks first..last."""
    lo, hi, post, face = segment
    if hi < first or lo > last:
        return []
    return [(max(lo, first), min(hi, last), post, face)]


def _replace(config: list[Segment], first: int, last: int, segments: Config) -> list[Segment]:
    """Disks first..last as ``segments`` say; segments kept sorted and merged."""
    out = [part for segment in config for part in _outside(segment, first, last)]
    out.extend(segments)
    out.sort()
    merged: list[Segment] = []
    for seg in out:
        if merged and merged[-1][1] + 1 == seg[0] and merged[-1][2:] == seg[2:]:
            merged[-1] = (merged[-1][0], seg[1], seg[2], seg[3])
        else:
            merged.append(seg)
    return merged


def ensure_checked(table: Table, m: int) -> None:
    """Check the table at size m unless done: once per size, or once for all sizes if fixed."""
    if m == 0 or m in table.memo.checked:
        return
    if getattr(table.cls, "records", None) is not None:
        return  # a path's tables: built from its chains, which the tests check
    if table.fixed and m > tables.MEMO_SIZES and template(table) is not None:
        return  # the template's derivation checked every size up to its start
    _follow(table, m, keep=False)


def check_tables(table: Table, n: int) -> None:
    """Check a table at size n and every table it reaches at sizes up to a few disks.

    Not the package's own tables (:attr:`Table.trusted`): the tests check those, at every
    size where their shape changes, and the readers below check what they read anyway.

    Fixed tables are checked for every size at once (their template); for the others each
    size is checked when a descent or an expansion first reaches it. A (table, size) that
    passed is remembered in the table's cache generation, so a warm call costs one set
    lookup, and :func:`~hanoi_magnet.clear_caches` makes the next call check again. A table
    that fails is not remembered: it raises :class:`~hanoi_magnet.errors.PlanError` on every
    call, and every other reader (lengths, records, descents) checks on its own.
    """
    if table.trusted:
        # The package's own tables: no eager check (it was most of a cold solve's time); the
        # plan at n is still made, so a size it refuses (TooLargeError) fails here (a fixed
        # plan, the same at every size, is read once at the size lengths and moves read it).
        if n:
            tables.steps_at(table, n)
        return
    memo = table.memo  # read once: a concurrent clear_caches starts a new generation
    if n in memo.closed:
        return
    pending = [(table, n), *((table, m) for m in range(1, min(n, _CHECK_SIZES) + 1))]
    seen: set[tuple[Table, int]] = set()
    while pending:
        node, size = pending.pop()
        if size == 0 or (node, size) in seen:
            continue
        seen.add((node, size))
        ensure_checked(node, size)
        if size <= _CHECK_SIZES:
            pending.extend((s.table, s.disks) for s in node.resolve(size) if s.table is not None)
    if len(memo.closed) < _CLOSED_SIZES:
        memo.closed.add(n)


#: check_tables also checks every table reached at sizes up to this one.
_CHECK_SIZES = 4
#: A table remembers at most this many sizes as checked (beyond, each solve checks again).
_CLOSED_SIZES = 1 << 16


# --------------------------------------------------------------------------------------------
# Templates: a fixed table's records at every large size.

# A segment's ends as a + b * m (b is 0 or 1): (lo_a, lo_b, hi_a, hi_b, post, face).
TSegment: TypeAlias = tuple[int, int, int, int, int, int]


class TStep(NamedTuple):
    """A step with its size relative to m."""

    table: Table | None
    offset: int  # a sub-solve has m + offset disks
    low_a: int  # its lowest disk is low_a + low_b * m (a move's disk is that + 1)
    low_b: int
    posts: tuple[int, ...]
    reverse: bool
    swap: bool


class Template:
    """A fixed table's level record for every size m >= :attr:`start`."""

    __slots__ = ("configs", "covered", "moves_before", "outside", "start", "steps", "table")

    def __init__(
        self,
        table: Table,
        start: int,
        steps: tuple[TStep, ...],
        configs: tuple[tuple[TSegment, ...], ...],
        outside: tuple[tuple[TSegment, ...], ...],
        covered: tuple[bool, ...],
    ) -> None:
        self.table = table
        self.start = start
        self.steps = steps
        self.configs = configs
        self.outside = outside
        self.covered = covered
        moves = [0]
        for step in steps:
            moves.append(moves[-1] + (step.table is None))
        self.moves_before = tuple(moves)


def decode(segments: tuple[TSegment, ...], m: int) -> Config:
    """Template segments at size m."""
    return tuple((la + lb * m, ha + hb * m, post, face) for la, lb, ha, hb, post, face in segments)


#: Plans are read at this size to find how deep their steps reach.
_PROBE = 64
#: Templates are read off the records at these sizes (relative to the deepest sub-solve).
_TEMPLATE_BASE = 6
_TEMPLATE_CONFIRM = 17


def template(table: Table) -> Template | None:
    """The table's template, or None (not fixed, or its records are not of one shape)."""
    memo = table.memo
    if memo.template is _UNSET:
        memo.template = None  # while it is derived, records come size by size
        memo.template = _derive(table) if table.fixed else None
    found: Template | None = memo.template
    return found


def _derive(table: Table) -> Template | None:
    probe = table.resolve(_PROBE)
    depth = max((_PROBE - s.disks for s in probe if s.table is not None), default=0)
    depth = max(depth, max((_PROBE - 1 - s.low for s in probe if s.table is None), default=0))
    start = 2 * depth + _TEMPLATE_BASE
    for m in range(1, start):
        if m not in table.memo.checked:
            configs(table, m)
    sizes = (start, start + 1, start + 2)
    records = [level(table, m) for m in sizes]
    found = _fit(table, sizes, records)
    if found is None:
        return None
    confirm = start + _TEMPLATE_CONFIRM
    record = level(table, confirm)
    for i, step in enumerate(found.steps):
        if record.steps[i].disks != (confirm + step.offset if step.table else 1):
            return None
    if tuple(decode(c, confirm) for c in found.configs) != record.configs:
        return None
    if tuple(decode(c, confirm) for c in found.outside) != record.outside:
        return None
    return found


def _fit(table: Table, sizes: tuple[int, int, int], records: list[Level]) -> Template | None:
    """The template that reproduces the three records, if one does."""
    first = records[0]
    if any(len(r.steps) != len(first.steps) for r in records):
        return None
    steps = []
    for i, step in enumerate(first.steps):
        same = [r.steps[i] for r in records]
        key = (step.table, step.posts, step.reverse, step.swap)
        if any((s.table, s.posts, s.reverse, s.swap) != key for s in same):
            return None
        offsets = {s.disks - m for s, m in zip(same, sizes, strict=True)} if step.table else {0}
        low = _linear([s.low for s in same], sizes)
        if len(offsets) != 1 or low is None:
            return None
        steps.append(TStep(step.table, offsets.pop(), *low, step.posts, step.reverse, step.swap))
    configs_ = _fit_configs([r.configs for r in records], sizes)
    outside = _fit_configs([r.outside for r in records], sizes)
    if configs_ is None or outside is None or any(r.covered != first.covered for r in records):
        return None
    return Template(table, sizes[0], tuple(steps), configs_, outside, first.covered)


def _fit_configs(
    versions: list[tuple[Config, ...]], sizes: tuple[int, int, int]
) -> tuple[tuple[TSegment, ...], ...] | None:
    out = []
    for group in zip(*versions, strict=True):
        if len({len(config) for config in group}) != 1:
            return None
        segments = []
        for parts in zip(*group, strict=True):
            lo = _linear([p[0] for p in parts], sizes)
            hi = _linear([p[1] for p in parts], sizes)
            if lo is None or hi is None or len({p[2:] for p in parts}) != 1:
                return None
            segments.append((*lo, *hi, parts[0][2], parts[0][3]))
        out.append(tuple(segments))
    return tuple(out)


def _linear(values: list[int], sizes: tuple[int, int, int]) -> tuple[int, int] | None:
    """(a, b) with value = a + b * m at every size, b in {0, 1}."""
    slope = values[1] - values[0]
    if slope not in (0, 1):
        return None
    constant = values[0] - slope * sizes[0]
    if any(v != constant + slope * m for v, m in zip(values, sizes, strict=True)):
        return None
    return constant, slope


# --------------------------------------------------------------------------------------------
# Segment helpers.


def placed(config: Config, step: Resolved) -> Config:
    """A child's segments in the parent's frame: disks shifted, posts mapped, colours swapped."""
    swap = 1 if step.swap else 0
    return tuple(
        (lo + step.low, hi + step.low, step.posts[post], face ^ swap if face >= 0 else -1)
        for lo, hi, post, face in config
    )


def _outside(segment: Segment, first: int, last: int) -> list[Segment]:
    """The parts of a segment outside disks first..last."""
    lo, hi, post, face = segment
    parts = []
    if lo < first:
        parts.append((lo, min(hi, first - 1), post, face))
    if hi > last:
        parts.append((max(lo, last + 1), hi, post, face))
    return parts


def _face_text(face: int) -> str:
    return "" if face < 0 else (" red up" if face == 0 else " blue up")


def _where(config: list[Segment], disk: int) -> tuple[int, int]:
    for lo, hi, post, face in config:
        if lo <= disk <= hi:
            return post, face
    raise AssertionError(f"disk {disk} missing from {config}")


def _assign(config: list[Segment], first: int, last: int, post: int, face: int) -> list[Segment]:
    """Put disks first..last on (post, face); segments (sorted, disjoint) kept sorted and merged."""
    parts: list[Segment] = []
    add = parts.append
    new: Segment | None = (first, last, post, face)
    for segment in config:
        lo, hi, p, f = segment
        if hi < first:
            add(segment)
        elif lo > last:
            if new is not None:
                add(new)
                new = None
            add(segment)
        else:
            if lo < first:
                add((lo, first - 1, p, f))
            if new is not None:
                add(new)
                new = None
            if hi > last:
                add((last + 1, hi, p, f))
    if new is not None:
        add(new)
    merged = [parts[0]]
    for segment in parts[1:]:
        lo, hi, p, f = merged[-1]
        if hi + 1 == segment[0] and p == segment[2] and f == segment[3]:
            merged[-1] = (lo, segment[1], p, f)
        else:
            merged.append(segment)
    return merged
