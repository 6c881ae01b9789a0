"""One plan class as the engine sees it: resolved steps, exact lengths, and level records.

A *level record* holds what every descent needs at one size: the steps, their prefix sums, the
position before each step (as segments of disks), and, for each step, the disks it does not
touch. Records are computed once per (table, size) and kept.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple, TypeAlias

from hanoi_magnet.errors import PlanError
from hanoi_magnet.model import post_name

if TYPE_CHECKING:
    from hanoi_magnet.plans import PlanSolver, Step

#: Sub-solves of at most this many moves are expanded once into a cached tuple of moves.
BLOCK_MOVES = 4096

# A segment: disks first..last lie on post, showing face (a bit; -1 under classic rules).
Segment: TypeAlias = tuple[int, int, int, int]
Config: TypeAlias = tuple[Segment, ...]


class Resolved(NamedTuple):
    """A step at a given size, in the node's own disk numbers (1 = its smallest)."""

    table: Table | None  # None for a move
    disks: int  # sub-solve size (1 for a move)
    low: int  # a sub-solve's disks are low+1 .. low+disks; a move's disk is low+1
    posts: tuple[int, ...]  # sub-solve: its post -> our post; move: (source, target)
    reverse: bool
    swap: bool


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
#: Entry records are used for sizes up to this, where the same few records serve every call;
#: larger sizes descend through the level records (see positions.unrank).
DEEP_SIZES = 256
# A flattened step, in a node's forward frame: (start, None, position at start, position at
# end) for a move; (start, table, disks, low, posts, reverse, swap, outside) for a sub-solve.
_Part: TypeAlias = tuple[Any, ...]


class Table:
    """The engine's view of one plan class."""

    __slots__ = (
        "_block_level",
        "_entries",
        "_levels",
        "_shallow",
        "cls",
        "lengths",
        "magnetic",
        "posts",
    )

    def __init__(self, cls: type[PlanSolver]) -> None:
        self.cls = cls
        self.lengths: dict[int, int] = {0: 0}
        self.magnetic = cls.variant.magnetic
        self.posts = cls.variant.posts
        self._levels: dict[int, Level] = {}
        self._entries: dict[int, tuple[tuple[int, ...], tuple[Entry, ...]]] = {}
        self._shallow: dict[int, Shallow] = {}
        self._block_level = -1

    def __repr__(self) -> str:
        return f"<plan table {self.cls.label}>"

    @property
    def start_face(self) -> int:
        face = self.cls.variant.start_face
        return -1 if face is None else face.bit

    @property
    def goal_face(self) -> int:
        face = self.cls.variant.goal_face
        return -1 if face is None else face.bit

    @property
    def block_level(self) -> int:
        """The largest size whose solution fits one cached block (lengths grow with size)."""
        if self._block_level < 0:
            size = 0
            while self.length(size + 1) <= BLOCK_MOVES:
                size += 1
            self._block_level = size
        return self._block_level

    # -- steps ----------------------------------------------------------------------------------

    def resolve(self, m: int) -> tuple[Resolved, ...]:
        """The steps for m >= 1 disks, with empty sub-solves dropped (not cached: cheap)."""
        from hanoi_magnet.plans import MoveStep, _plan_class  # noqa: PLC0415 (import cycle)

        out = []
        for step in self.cls.steps(m):
            if isinstance(step, MoveStep):
                disk = m + step.disk
                if not 1 <= disk <= m:
                    raise PlanError(f"{self.cls.label}({m}): {step} names a disk that is not there")
                self._check_posts((step.source, step.target), step)
                out.append(Resolved(None, 1, disk - 1, (step.source, step.target), False, False))
                continue
            size = m + step.disks
            if size < 0:
                raise PlanError(f"{self.cls.label}({m}): {step} needs {size} disks")
            if size == 0:
                continue
            table = table_of(_plan_class(step.label))
            if len(step.posts) != table.posts:
                raise PlanError(
                    f"{self.cls.label}: {step} maps {len(step.posts)} posts, but "
                    f"{step.label} has {table.posts}"
                )
            self._check_posts(step.posts, step)
            low = m - size if step.largest else 0
            out.append(Resolved(table, size, low, step.posts, step.reverse, step.swap))
        return tuple(out)

    def _check_posts(self, posts: tuple[int, ...], step: Step) -> None:
        if max(posts) >= self.posts:
            raise PlanError(f"{self.cls.label}: {step} names a post beyond 0..{self.posts - 1}")

    # -- lengths --------------------------------------------------------------------------------

    def length(self, m: int) -> int:
        """The exact number of moves for m disks (memoised, computed without recursion)."""
        known = self.lengths.get(m)
        if known is not None:
            return known
        pending: list[tuple[Table, int]] = [(self, m)]
        active: set[tuple[Table, int]] = set()
        while pending:
            table, size = pending[-1]
            if size in table.lengths:
                pending.pop()
                continue
            steps = table.resolve(size)
            missing = [
                (s.table, s.disks)
                for s in steps
                if s.table is not None and s.disks not in s.table.lengths
            ]
            if missing:
                if (table, size) in active:
                    raise PlanError(f"plan {table.cls.label}({size}) depends on itself")
                active.add((table, size))
                pending.extend(missing)
                continue
            active.discard((table, size))
            table.lengths[size] = sum(
                1 if s.table is None else s.table.lengths[s.disks] for s in steps
            )
            pending.pop()
        return self.lengths[m]

    # -- level records --------------------------------------------------------------------------

    def level(self, m: int) -> Level:
        """The level record for m >= 1 disks (checks the table at that size on first use)."""
        found = self._levels.get(m)
        if found is None:
            steps, prefix, configs = self.shallow(m)
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
            found = self._levels[m] = Level(steps, prefix, configs, outside, tuple(covered))
        return found

    def shallow(self, m: int) -> Shallow:
        """Steps, prefix sums and positions at one size: the lean record for large sizes."""
        found = self._shallow.get(m)
        if found is None:
            steps, configs = self.configs(m)
            prefix = [0]
            for s in steps:
                prefix.append(prefix[-1] + (1 if s.table is None else s.table.length(s.disks)))
            found = self._shallow[m] = (steps, tuple(prefix), configs)
        return found

    def entries(self, m: int) -> tuple[tuple[int, ...], tuple[Entry, ...]]:
        """Prefix sums and compact entries for the unrank loop, several plan levels deep.

        Each sub-solve is replaced by its own steps (recursively, :data:`_DEPTH` levels), placed
        in our frame: post maps and colour swaps composed, disks shifted, outside disks
        accumulated. Under a time-reversed step the child's steps come in reverse order, each
        reversal flag toggles, and a move's interval starts at the position *after* it
        (intervals are half-open forwards, so reversed they close at the other end).
        """
        found = self._entries.get(m)
        if found is None:
            flat = self._flatten(m, _DEPTH)
            starts = (*(part[0] for part in flat), self.length(m))
            entries = tuple(
                _entry(None, 0, 0, 0, False, False, part[2])
                if part[1] is None
                else _entry(part[1], part[2], part[3], permutation_id(part[4]), *part[5:])
                for part in flat
            )
            found = self._entries[m] = (starts, entries)
        return found

    def _flatten(self, m: int, depth: int) -> list[_Part]:
        """This level's steps, sub-solves expanded ``depth - 1`` more levels, in our frame."""
        level = self.level(m)
        parts: list[_Part] = []
        for i, step in enumerate(level.steps):
            start, outside = level.prefix[i], level.outside[i]
            if step.table is None:
                parts.append((start, None, level.configs[i], level.configs[i + 1]))
                continue
            if depth == 1:
                parts.append(
                    (start, step.table, step.disks, step.low, step.posts, step.reverse,
                     step.swap, outside)
                )  # fmt: skip
                continue
            length = level.prefix[i + 1] - start
            inner = step.table._flatten(step.disks, depth - 1)
            ends = [part[0] for part in inner[1:]] + [length]
            if step.reverse:
                inner, ends = inner[::-1], ends[::-1]
            for part, end in zip(inner, ends, strict=True):
                offset = start + (length - end if step.reverse else part[0])
                if part[1] is None:
                    before, after = part[2], part[3]
                    if step.reverse:
                        before, after = after, before
                    before, after = outside + _placed(before, step), outside + _placed(after, step)
                    parts.append((offset, None, before, after))
                    continue
                _, table, disks, low, posts, reverse, swap, fills = part
                parts.append(
                    (offset, table, disks, step.low + low, tuple(step.posts[p] for p in posts),
                     step.reverse ^ reverse, step.swap ^ swap, outside + _placed(fills, step))
                )  # fmt: skip
        return parts

    def configs(self, m: int) -> tuple[tuple[Resolved, ...], tuple[Config, ...]]:
        """The steps and the position before each (and after the last), checking the table."""
        steps = self.resolve(m)
        config: list[Segment] = [(1, m, self.cls.variant.source, self.start_face)]
        configs = [tuple(config)]
        for index, step in enumerate(steps):
            if step.table is None:
                disk = step.low + 1
                post, face = _where(config, disk)
                if post != step.posts[0]:
                    raise PlanError(
                        f"{self.cls.label}({m}) step {index}: disk {disk} should leave "
                        f"{post_name(step.posts[0], self.posts)} but lies on "
                        f"{post_name(post, self.posts)}"
                    )
                config = _assign(config, disk, disk, step.posts[1], face ^ 1 if face >= 0 else -1)
            else:
                config = self._sub_step(config, m, index, step)
            configs.append(tuple(config))
        goal = ((1, m, self.cls.variant.target, self.goal_face),)
        if configs[-1] != goal:
            raise PlanError(
                f"{self.cls.label}({m}) does not end in its goal: {configs[-1]} != {goal}"
            )
        return steps, tuple(configs)

    def _sub_step(self, config: list[Segment], m: int, index: int, step: Resolved) -> list[Segment]:
        table = step.table
        assert table is not None
        start_post, start_face = table.cls.variant.source, table.start_face
        end_post, end_face = table.cls.variant.target, table.goal_face
        if step.reverse:
            start_post, start_face, end_post, end_face = end_post, end_face, start_post, start_face
        if step.swap and start_face >= 0:
            start_face, end_face = start_face ^ 1, end_face ^ 1
        first, last = step.low + 1, step.low + step.disks
        want = (step.posts[start_post], start_face)
        for lo, hi, post, face in config:
            if hi >= first and lo <= last and (post, face) != want:
                raise PlanError(
                    f"{self.cls.label}({m}) step {index} ({table.cls.label}, disks "
                    f"{first}..{last}) should start with them on "
                    f"{post_name(want[0], self.posts)}{_face_text(want[1])}, but disks "
                    f"{max(lo, first)}..{min(hi, last)} lie on "
                    f"{post_name(post, self.posts)}{_face_text(face)}"
                )
        return _assign(config, first, last, step.posts[end_post], end_face)

    def clear(self) -> None:
        """Forget every memoised length and level record."""
        self.lengths = {0: 0}
        self._levels.clear()
        self._entries.clear()
        self._shallow.clear()
        self._block_level = -1


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


def _placed(config: Config, step: Resolved) -> Config:
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
    """Put disks first..last on (post, face); keep segments sorted and merged."""
    out: list[Segment] = []
    for lo, hi, p, f in config:
        if hi < first or lo > last:
            out.append((lo, hi, p, f))
            continue
        if lo < first:
            out.append((lo, first - 1, p, f))
        if hi > last:
            out.append((last + 1, hi, p, f))
    out.append((first, last, post, face))
    out.sort()
    merged: list[Segment] = []
    for seg in out:
        if merged and merged[-1][1] + 1 == seg[0] and merged[-1][2:] == seg[2:]:
            merged[-1] = (merged[-1][0], seg[1], seg[2], seg[3])
        else:
            merged.append(seg)
    return merged


# Post maps (permutations) as small integers, so composing two is one dict lookup.
PERMUTATIONS: list[tuple[int, ...]] = []
_PERMUTATION_IDS: dict[tuple[int, ...], int] = {}
COMPOSED: dict[int, int] = {}  # (outer id << 32 | inner id) -> id of the composition
_ID_BITS = 32


def permutation_id(posts: tuple[int, ...]) -> int:
    """The id of a post map (registering it on first sight)."""
    found = _PERMUTATION_IDS.get(posts)
    if found is None:
        found = _PERMUTATION_IDS[posts] = len(PERMUTATIONS)
        PERMUTATIONS.append(posts)
    return found


def compose_ids(outer: int, inner: int) -> int:
    """The id of the map ``p -> outer[inner[p]]`` (a sub-solve's posts, placed in ours)."""
    key = outer << _ID_BITS | inner
    found = COMPOSED.get(key)
    if found is None:
        mapping = PERMUTATIONS[outer]
        found = COMPOSED[key] = permutation_id(tuple(mapping[p] for p in PERMUTATIONS[inner]))
    return found


_TABLES: dict[type[PlanSolver], Table] = {}
_CHECKED: set[tuple[Table, int]] = set()
#: Tables are checked at every size up to this one, and at the size asked for.
_CHECK_SIZES = 4


def table_of(cls: type[PlanSolver]) -> Table:
    """The (single) engine table of a plan class."""
    table = _TABLES.get(cls)
    if table is None:
        table = _TABLES[cls] = Table(cls)
    return table


def check_tables(table: Table, n: int) -> None:
    """Check a table at size n, and every table it reaches at sizes up to a few disks.

    Deeper levels are checked when a descent first visits them; the built-in tables are also
    replayed against the rules in the test suite.
    """
    pending = [(table, n), *((table, m) for m in range(1, min(n, _CHECK_SIZES) + 1))]
    while pending:
        node, size = pending.pop()
        if size == 0 or (node, size) in _CHECKED:
            continue
        node.configs(size)
        _CHECKED.add((node, size))
        if size <= _CHECK_SIZES:
            pending.extend((s.table, s.disks) for s in node.resolve(size) if s.table is not None)


def clear_caches() -> None:
    """Forget every memoised length, level record, block and expansion."""
    from hanoi_magnet._engine import moves  # noqa: PLC0415 (import cycle)

    for table in _TABLES.values():
        table.clear()
    _CHECKED.clear()
    moves.clear_caches()
