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
"""

from __future__ import annotations

import itertools
import threading
import weakref
from collections.abc import Iterator, Sequence
from typing import ClassVar

from hanoi_magnet._engine.chains import Chains, Choice, LevelChoices, Move, Place, Transfer
from hanoi_magnet._engine.table import Resolved
from hanoi_magnet._engine.towers import tower_table
from hanoi_magnet._steps import MoveStep, PlanTable, Step, SubStep, register_plan
from hanoi_magnet.model import Color, State
from hanoi_magnet.rules import Rules
from hanoi_magnet.variants import Variant

Segment = tuple[int, int, int, int]
Config = tuple[Segment, ...]

_IDENTITY = (0, 1, 2)
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


def _transfer_end(step: Resolved) -> Place:
    """Where a transfer leaves the smaller tower (its table's goal, placed)."""
    assert step.table is not None
    ((lo, hi, post, face),) = step.table.goal_config(step.disks)
    del lo, hi
    if step.swap and face >= 0:
        face ^= 1
    return step.posts[post], face


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
