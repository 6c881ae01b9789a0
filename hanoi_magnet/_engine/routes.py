"""A shortest path between two positions, as plan tables the engine runs.

The chains (:mod:`~hanoi_magnet._engine.chains`) choose, level by level, how the path goes.
Read from the top, the choices make three tables with plans that change with n:

* ``between`` (s to t): at each level above the largest disk where s and t differ, disk m
  stays (the plan is one sub-solve of ``between``); at that disk: a sub-solve of ``to``, the
  macro path of that level (moves of disk m, transfers of the smaller tower by derived tower
  tables), a sub-solve of ``from``;
* ``to`` (s to a tower): disk m stays, or a sub-solve of ``to`` then the macro path;
* ``from`` (a tower to t): disk m stays, or the macro path then a sub-solve of ``from``.

So the engine answers everything about the path — length, moves, the move or the position at
any index, the index of a position — as for any solution. Their level records are built here
from the macro paths (a few segments per level): the positions of s and t below a level are
read off the positions themselves, only when asked.

The parts' exact lengths are not remembered at every size (that would be n lengths of up to
n bits: O(n^2) bits). ``between`` is the distance at every level it runs; ``to`` and ``from``
grow by their level's macro path, so :class:`_PartLengths` keeps them at :data:`CHECKPOINTS`
evenly spaced sizes (and at every size up to :data:`~hanoi_magnet._engine.table.MEMO_SIZES`)
and reaches any other size from the nearest one below by additions, or from the size last
asked by one step (a descent asks for n - 1, n - 2, ... in turn): O(n) bits in all.
"""

from __future__ import annotations

import itertools
import threading
import weakref
from collections.abc import Iterator, Sequence
from typing import ClassVar

from hanoi_magnet._engine import chains as chain_module
from hanoi_magnet._engine import table as table_module
from hanoi_magnet._engine.chains import Chains, Choice, LevelChoices, Move, Place, Transfer
from hanoi_magnet._engine.table import Resolved, Table, table_of
from hanoi_magnet._engine.towers import tower_table
from hanoi_magnet._steps import MoveStep, PlanTable, Step, SubStep, register_plan
from hanoi_magnet.errors import PlanError
from hanoi_magnet.model import Color, State
from hanoi_magnet.rules import Rules
from hanoi_magnet.variants import Variant

Segment = tuple[int, int, int, int]
Config = tuple[Segment, ...]

_IDENTITY = (0, 1, 2)

#: A path is refused when its chains' recorded choices would take more memory than this.
PATH_MEMORY = 1 << 29
#: The choices recorded per level, in bytes: an upper bound (measured with tracemalloc: about
#: 2,100 at a peak for the general search's choices, NNN, RBB and classic rules at 1,500 and
#: 3,000 disks; 950-1,230 for the compiled searches' trails, the same rules and sizes).
BYTES_PER_LEVEL = 2560
_COUNTER = itertools.count()
_LOCK = threading.Lock()


class RouteTable(PlanTable):
    """A table of one path (see the module docs); made by :func:`route`."""

    route: ClassVar[Route]
    part: ClassVar[str]  # "between", "to" or "from"

    @classmethod
    def steps(cls, n: int) -> Sequence[Step]:
        """This part's plan at level n, from the recorded choices."""
        return cls.route.plan(cls.part, n)

    @classmethod
    def exact_length(cls, n: int) -> int:
        """This part's exact length at level n (kept in O(n) memory, see :class:`_PartLengths`)."""
        return cls.route.length(cls.part, n)

    @classmethod
    def start_config(cls, n: int) -> Config:
        """The position this part starts from, on the n smallest disks."""
        return cls.route.end(cls.part, n, start=True)

    @classmethod
    def goal_config(cls, n: int) -> Config:
        """The position this part ends in."""
        return cls.route.end(cls.part, n, start=False)

    @classmethod
    def records(
        cls, n: int, steps: Sequence[Resolved]
    ) -> tuple[Sequence[Config], tuple[Config, ...]]:
        """The positions between the steps and the disks each step leaves alone."""
        return cls.route.records(cls.part, n, steps)


class Route:
    """The choices of one path, read from the top, and its three tables."""

    def __init__(self, rules: Rules, start: State, goal: State, chains: Chains) -> None:
        query = chains.query
        assert chains.distance is not None
        self.distance = chains.distance
        self.rules = rules
        self.start, self.goal = start, goal
        self.s, self.t = query.s, query.t
        self.magnetic = query.magnetic
        self.n = n = query.n
        self.apart = query.apart
        choices = chains.choices
        # levels where each part runs, and its choice and end tower there
        self.between: dict[int, Choice] = {}
        self.to: dict[int, tuple[Choice, Place]] = {}
        self.back: dict[int, tuple[Choice, Place]] = {}  # the "from" part
        m = n
        while m >= 1:
            choice = choices[m - 1][2]
            assert choice is not None
            self.between[m] = choice
            if not choice.stays:
                break
            m -= 1
        self.split = m  # the level of the first move of a disk that differs
        if m >= 1 and not self.between[m].stays:
            via = self.between[m].via
            if m > 1:
                self._chain(choices, m - 1, via[0], 0, self.to)
                self._chain(choices, m - 1, via[1], 1, self.back)
        self.lengths = _PartLengths(self)
        self.tables = {part: self._table(part) for part in ("between", "to", "from")}

    @staticmethod
    def _chain(
        choices: list[LevelChoices],
        m: int,
        end: Place,
        which: int,
        out: dict[int, tuple[Choice, Place]],
    ) -> None:
        while m >= 1:
            level = choices[m - 1][0] if which == 0 else choices[m - 1][1]
            choice = level[end]
            out[m] = (choice, end)
            if not choice.stays and choice.via:
                end = choice.via[0]
            m -= 1

    def _table(self, part: str) -> type[RouteTable]:
        with _LOCK:
            label = f"~route{next(_COUNTER)}:{part}"
        colors = (
            Color.RED if self.magnetic else None,
            Color.RED if self.magnetic else None,
        )
        variant = Variant(label, self.rules, 0, 0, *colors, description="a shortest path")
        table = type(
            f"Route{part.capitalize()}",
            (RouteTable,),
            {
                "label": label,
                "variant": variant,
                "route": self,
                "part": part,
                "__module__": __name__,
                "__doc__": f"The {part} part of a shortest path.",
            },
        )
        _ROUTES[label] = table
        register_plan(label, table)
        return table

    # -- lengths --------------------------------------------------------------------------------

    def length(self, part: str, m: int) -> int:
        """The exact length of a part at level m (a level where it runs)."""
        if part == "between":
            if m < max(self.split, 1):
                raise PlanError(f"the path's between part does not run at level {m}")
            return self.distance  # disk m stays above the split: the same path one level down
        chain = self.to if part == "to" else self.back
        if m != 0 and m not in chain:
            raise PlanError(f"the path's {part} part does not run at level {m}")
        return self.lengths.get(0 if part == "to" else 1, m)

    # -- plans ----------------------------------------------------------------------------------

    def plan(self, part: str, m: int) -> tuple[Step, ...]:
        labels = {name: table.label for name, table in self.tables.items()}
        if part == "between":
            choice = self.between[m]
            if choice.stays:
                return (SubStep(labels["between"], _IDENTITY),)
            return (
                SubStep(labels["to"], _IDENTITY),
                *_macro(choice.steps),
                SubStep(labels["from"], _IDENTITY),
            )
        chain = self.to if part == "to" else self.back
        choice, _ = chain[m]
        own = SubStep(labels[part], _IDENTITY)
        if choice.stays:
            return (own,)
        return (own, *_macro(choice.steps)) if part == "to" else (*_macro(choice.steps), own)

    # -- positions ------------------------------------------------------------------------------

    def end(self, part: str, m: int, *, start: bool) -> Config:
        if part == "between":
            return _Suffix(self.s if start else self.t, m).segments()
        if part == "to":
            if start:
                return _Suffix(self.s, m).segments()
            return ((1, m, *self.to[m][1]),)
        if start:
            return ((1, m, *self.back[m][1]),)
        return _Suffix(self.t, m).segments()

    def records(
        self, part: str, m: int, steps: Sequence[Resolved]
    ) -> tuple[Sequence[Config], tuple[Config, ...]]:
        """Positions before each step (lazy where they are s's or t's own) and the outsides.

        Disk m and the m - 1 smaller disks are followed through the steps: the smaller disks
        stand as s or t has them (before the path's first and after its last sub-solve), or as
        one tower (between the moves of disk m).
        """
        small: Place | Sequence[Place]
        if part == "from":
            disk_m, small = self.back[m][1], self.back[m][1]
        else:
            disk_m, small = self.s[m], self.s
        configs: list[Config | _Suffix] = []
        outside: list[Config] = []
        for step in steps:
            configs.append(self._config(m, disk_m, small))
            if step.table is None:  # a move of disk m, the smaller disks one tower
                outside.append(() if m == 1 else ((1, m - 1, *small),))
                disk_m = (step.posts[1], disk_m[1] ^ 1 if self.magnetic else -1)
                continue
            outside.append(((m, m, *disk_m),))
            child = step.table.cls.__dict__.get("part")
            if child == "to":
                small = self.to[m - 1][1]
            elif child is not None:  # "from", or "between" one level down
                small = self.t
            else:  # a transfer of the smaller tower
                small = _transfer_end(step)
        configs.append(self._config(m, disk_m, small))
        return _Lazy(configs), tuple(outside)

    def _config(self, m: int, disk_m: Place, small: Place | Sequence[Place]) -> Config | _Suffix:
        if m == 1:
            return ((1, 1, *disk_m),)
        if isinstance(small, tuple) and len(small) == 2 and isinstance(small[0], int):
            tower: Place = small
            if tower == disk_m:
                return ((1, m, *disk_m),)
            return ((1, m - 1, *tower), (m, m, *disk_m))
        return _Suffix(small, m)  # disk m is where that position has it


#: The "to" and "from" parts' lengths are kept at this many evenly spaced sizes at most.
CHECKPOINTS = 32


class _PartLengths:
    """The exact lengths of a route's "to" and "from" parts at any level, in O(n) memory.

    Level m of a part adds its macro path (moves of disk m, transfers of the m - 1 smaller
    disks) to the part one level down, so its length at m is the sum of those increments up to
    m. The sums are kept at every level up to :data:`~hanoi_magnet._engine.table.MEMO_SIZES`
    and at :data:`CHECKPOINTS` evenly spaced levels above; a *cursor* holds the level last
    asked. A level next to the cursor costs one increment (the transfers' lengths there, from
    their closed forms); any other is summed up from the checkpoint below it, the transfers'
    lengths stepped up a size at a time by additions (as the chains do).
    """

    def __init__(self, route: Route) -> None:
        self.route = route
        self.top = max(route.split - 1, 0)  # both legs run at levels 1 .. split - 1
        self.memo_sizes = table_module.MEMO_SIZES
        self.spacing = max(self.memo_sizes, -(-self.top // CHECKPOINTS))
        self.low: list[tuple[int, int]] = []  # every level up to MEMO_SIZES
        self.checkpoints: list[tuple[int, int]] = []  # levels 0, spacing, 2 spacing, ...
        self.cursor = (0, 0, 0)  # (level, to, from)
        self.rows: dict[int, tuple[int, tuple[Table, ...]]] = {}  # by id of a (kept) choice
        self.lock = threading.Lock()

    def get(self, which: int, m: int) -> int:
        """Part ``which`` (0: to, 1: from) at level m, 0 <= m <= top."""
        with self.lock:
            if not self.checkpoints:
                self._first_pass()
            if m < len(self.low):
                return self.low[m][which]
            level, to, back = self.cursor
            if m == level - 1:
                to, back = to - self._increment(0, level), back - self._increment(1, level)
            elif m == level + 1:
                to, back = to + self._increment(0, m), back + self._increment(1, m)
            elif m != level:
                to, back = self._climb(m)
            self.cursor = (m, to, back)
            return back if which else to

    def _row(self, which: int, m: int) -> tuple[int, tuple[Table, ...]]:
        """Level m's macro path of a part: its moves and the transfers' tables."""
        choice = (self.route.to if which == 0 else self.route.back)[m][0]
        found = self.rows.get(id(choice))
        if found is None:
            found = self.rows[id(choice)] = _moves_and_tables(() if choice.stays else choice.steps)
        return found

    def _increment(self, which: int, m: int) -> int:
        """What level m adds to a part (the transfers' lengths by their closed forms)."""
        moves, tables = self._row(which, m)
        return moves + sum(table.length(m - 1) for table in tables)

    def _sums(self, start: int, to: int, back: int, stop: int) -> Iterator[tuple[int, int, int]]:
        """Levels start + 1 .. stop from the sums at start (transfers stepped up by additions)."""
        lengths = chain_module._Lengths()
        for m in range(start + 1, stop + 1):
            for which in (0, 1):
                moves, tables = self._row(which, m)
                added = moves + sum(lengths.get(table, m - 1) for table in tables)
                if which:
                    back += added
                else:
                    to += added
            yield m, to, back

    def _first_pass(self) -> None:
        self.low = [(0, 0)]
        self.checkpoints = [(0, 0)]
        to = back = 0
        for m, to, back in self._sums(0, 0, 0, self.top):
            if m <= self.memo_sizes:
                self.low.append((to, back))
            if m % self.spacing == 0:
                self.checkpoints.append((to, back))
        self.cursor = (self.top, to, back)
        route = self.route
        if route.split >= 1 and not route.between[route.split].stays:
            moves, tables = _moves_and_tables(route.between[route.split].steps)
            total = to + back + moves + sum(t.length(route.split - 1) for t in tables)
            if total != route.distance:
                raise PlanError(
                    f"a path's parts add up to {total} moves, but the distance is {route.distance}"
                )

    def _climb(self, m: int) -> tuple[int, int]:
        start = m // self.spacing * self.spacing
        sums = self.checkpoints[m // self.spacing]
        for _, *found in self._sums(start, *sums, m):
            sums = found[0], found[1]
        return sums


def _transfer_end(step: Resolved) -> Place:
    """Where a transfer leaves the smaller tower (its table's goal, placed)."""
    assert step.table is not None
    ((lo, hi, post, face),) = step.table.goal_config(step.disks)
    del lo, hi
    if step.swap and face >= 0:
        face ^= 1
    return step.posts[post], face


def _moves_and_tables(steps: tuple[Move | Transfer, ...]) -> tuple[int, tuple[Table, ...]]:
    """A macro path's own moves, and the tables of its transfers (their lengths are added)."""
    moves, tables = 0, []
    for step in steps:
        if isinstance(step, Move):
            moves += 1
        else:
            made = tower_table(step.problem)
            assert made is not None, step.problem
            tables.append(table_of(made[0]))
    return moves, tuple(tables)


def _macro(steps: tuple[Move | Transfer, ...]) -> Iterator[Step]:
    for step in steps:
        if isinstance(step, Move):
            yield MoveStep(step.x, step.y)
            continue
        found = tower_table(step.problem)
        assert found is not None, step.problem
        table, placement = found
        yield SubStep(table.label, placement.posts, swap=placement.swap)


class _Suffix:
    """The m smallest disks as a position has them, as segments (computed when first read)."""

    __slots__ = ("_found", "m", "places")

    def __init__(self, places: Sequence[Place], m: int) -> None:
        self.places, self.m = places, m
        self._found: Config | None = None

    def segments(self) -> Config:
        if self._found is None:
            out: list[Segment] = []
            for disk in range(1, self.m + 1):
                post, face = self.places[disk]
                if out and out[-1][2:] == (post, face):
                    out[-1] = (out[-1][0], disk, post, face)
                else:
                    out.append((disk, disk, post, face))
            self._found = tuple(out)
        return self._found

    def __iter__(self) -> Iterator[Segment]:
        return iter(self.segments())

    def __len__(self) -> int:
        return len(self.segments())

    def __getitem__(self, index: int) -> Segment:
        return self.segments()[index]

    def __eq__(self, other: object) -> bool:
        return tuple(self) == tuple(other) if isinstance(other, (tuple, _Suffix)) else False

    def __hash__(self) -> int:
        return hash(self.segments())


class _Lazy(Sequence[Config]):
    """The positions between steps; those that are s's or t's own are computed when read."""

    def __init__(self, configs: list[Config | _Suffix]) -> None:
        self._configs = configs

    def __len__(self) -> int:
        return len(self._configs)

    def __getitem__(self, index: int) -> Config:  # type: ignore[override]
        found = self._configs[index]
        return found.segments() if isinstance(found, _Suffix) else found


_ROUTES: weakref.WeakValueDictionary[str, type[RouteTable]] = weakref.WeakValueDictionary()


def route(rules: Rules, start: State, goal: State) -> Route | None:
    """The shortest path from start to goal as a route (None: the goal is unreachable)."""
    chains = Chains(rules, start, goal, record=True, counting=False)
    if chains.distance is None:
        return None
    return Route(rules, start, goal, chains)
