"""Distances between any two positions on three posts, level by level, exactly.

For positions s and t with n disks and the largest disk m, an optimal path either never moves
disk m (an (m - 1)-disk problem in which disk m's post takes its up face as colour) or is a
shortest path through the macro graph of (disk m's post and face, the smaller tower's post and
face): entered by a leg from the smaller disks of s to a tower, left by a leg from a tower to the
smaller disks of t, with moves of disk m and transfers of the tower (derived tower tables,
:mod:`~hanoi_magnet._engine.towers`) between. The legs are the same kind of problem one level
down, so three chains computed from the smallest disk up answer everything:

* ``F(m)[tower]``: from the m smallest disks of s to a tower (larger disks as in s);
* ``G(m)[tower]``: from a tower to the m smallest disks of t (larger disks as in t);
* ``B(m)``: from s to t on the m smallest disks, while every larger disk is where both have it.

Each level costs a constant number of shortest-path steps over at most 24 macro nodes.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Iterator, Sequence

from hanoi_magnet._engine.table import table_of
from hanoi_magnet._engine.towers import NEUTRAL, Problem, rules_key, tower_table
from hanoi_magnet.model import State
from hanoi_magnet.rules import Rules

Place = tuple[int, int]  # (post, face); face -1 under classic rules
Node = tuple[int, int, int, int]  # (disk m's post, face, the tower's post, face)
Context = tuple[int, int, int] | None


class _Levels:
    """What the chains need at each level: disk m's place in s and t, and the contexts."""

    def __init__(self, rules: Rules, start: State, goal: State) -> None:
        self.colours, self.arcs = rules_key(rules)
        self.magnetic = self.colours is not None
        n = start.n
        self.n = n
        self.s = _places(start, n)
        self.t = _places(goal, n)
        self.cs = _contexts(self.colours, self.s, n)
        self.ct = _contexts(self.colours, self.t, n)
        self.faces = (0, 1) if self.magnetic else (-1,)

    def towers(self) -> list[Place]:
        return [(post, face) for post in range(3) for face in self.faces]


def _places(state: State, n: int) -> list[Place]:
    places: list[Place] = [(0, 0)] * (n + 1)
    for post, stack in enumerate(state.posts):
        for disk in stack:
            face = -1 if state.faces is None else state.faces[disk - 1].bit
            places[disk] = (post, face)
    return places


def _contexts(colours: Context, places: Sequence[Place], n: int) -> list[Context]:
    """contexts[m]: the post colours the m smallest disks see (larger disks as placed)."""
    out: list[Context] = [None] * (n + 1)
    current = None if colours is None else list(colours)
    for m in range(n, 0, -1):
        out[m] = None if current is None else (current[0], current[1], current[2])
        if current is not None:
            post, face = places[m]
            current[post] = face  # disk m now tops its post for the smaller disks
    return out


def _with(context: Context, post: int, face: int) -> Context:
    if context is None:
        return None
    listed = list(context)
    listed[post] = face
    return (listed[0], listed[1], listed[2])


class _Costs:
    """Tower transfers at one size, by the derived tables (exact)."""

    def __init__(self, levels: _Levels) -> None:
        self.arcs = levels.arcs
        self.cache: dict[tuple[int, Context, Place, Place], int | None] = {}

    def transfer(self, size: int, context: Context, a: Place, b: Place) -> int | None:
        if size == 0 or a == b:
            return 0
        key = (size, context, a, b)
        if key in self.cache:
            return self.cache[key]
        problem = Problem(context, self.arcs, a[0], a[1], b[0], b[1])
        found = None
        if _legal(context, a) and _legal(context, b):
            table = tower_table(problem)
            if table is not None:
                found = table_of(table[0]).length(size)
        self.cache[key] = found
        return found


def _legal(context: Context, place: Place) -> bool:
    return context is None or context[place[0]] in (NEUTRAL, place[1])


def distance(rules: Rules, start: State, goal: State) -> int | None:
    """The exact distance from start to goal (None: unreachable)."""
    levels = _Levels(rules, start, goal)
    costs = _Costs(levels)
    n = levels.n
    towers = levels.towers()
    F: dict[Place, int | None] = {tower: 0 for tower in towers}  # size 0: every tower is "here"
    G: dict[Place, int | None] = {tower: 0 for tower in towers}
    both: int | None = 0  # size 0: s and t agree
    apart = max((j for j in range(1, n + 1) if levels.s[j] != levels.t[j]), default=0)
    for m in range(1, n + 1):
        base_s, base_t = levels.cs[m], levels.ct[m]
        sm, tm = levels.s[m], levels.t[m]
        newF = {tau: _leg_to_tower(levels, costs, m, base_s, sm, F, tau) for tau in towers}
        newG = {tau: _leg_from_tower(levels, costs, m, base_t, tm, G, tau) for tau in towers}
        if m >= apart:
            # disks above m agree: s and t on m disks see the same context
            middle = _through(levels, costs, m, base_s, sm, F, tm, G)
            stay = both if sm == tm else None
            both = _min(stay, middle)
        F, G = newF, newG
    return both


def _min(*values: int | None) -> int | None:
    found = [v for v in values if v is not None]
    return min(found) if found else None


def _moves(levels: _Levels, base: Context, node: Node) -> Iterator[tuple[Node, int]]:
    x, fx, z, c = node
    y = 3 - x - z
    face = fx ^ 1 if levels.magnetic else -1
    if (x, y) in levels.arcs and (base is None or base[y] in (NEUTRAL, face)):
        yield (y, face, z, c), 1


def _dijkstra(
    levels: _Levels,
    costs: _Costs,
    m: int,
    base: Context,
    sources: dict[Node, int],
) -> dict[Node, int]:
    """Shortest macro paths at level m from weighted sources (tower transfers of m - 1 disks)."""
    best = dict(sources)
    order = itertools.count()
    heap = [(d, next(order), node) for node, d in sources.items()]
    heapq.heapify(heap)
    while heap:
        d, _, node = heapq.heappop(heap)
        if d > best.get(node, d):
            continue
        x, fx, z, c = node
        neighbours: list[tuple[Node, int]] = list(_moves(levels, base, node))
        context = _with(base, x, fx)
        for z2, c2 in itertools.product(range(3), levels.faces):
            if z2 != x and (z2, c2) != (z, c):
                w = costs.transfer(m - 1, context, (z, c), (z2, c2))
                if w is not None:
                    neighbours.append(((x, fx, z2, c2), w))
        for after, w in neighbours:
            total = d + w
            if total < best.get(after, total + 1):
                best[after] = total
                heapq.heappush(heap, (total, next(order), after))
    return best


def _entries(levels: _Levels, place: Place, legs: dict[Place, int | None]) -> dict[Node, int]:
    x, fx = place
    out = {}
    for (z, c), cost in legs.items():
        if z != x and cost is not None:
            out[(x, fx, z, c)] = cost
    return out


def _leg_to_tower(
    levels: _Levels,
    costs: _Costs,
    m: int,
    base: Context,
    sm: Place,
    F: dict[Place, int | None],
    tau: Place,
) -> int | None:
    if not _legal(base, tau):
        return None
    stay = F[tau] if sm == tau else None
    best = _dijkstra(levels, costs, m, base, _entries(levels, sm, F))
    finish = []
    for (x, fx, z, c), d in best.items():
        if (x, fx) == tau:
            w = costs.transfer(m - 1, _with(base, x, fx), (z, c), tau)
            if w is not None:
                finish.append(d + w)
    return _min(stay, *finish)


def _leg_from_tower(
    levels: _Levels,
    costs: _Costs,
    m: int,
    base: Context,
    tm: Place,
    G: dict[Place, int | None],
    tau: Place,
) -> int | None:
    if not _legal(base, tau):
        return None
    stay = G[tau] if tm == tau else None
    x, fx = tau
    sources = {}
    for z, c in itertools.product(range(3), levels.faces):
        if z != x:
            w = costs.transfer(m - 1, _with(base, x, fx), tau, (z, c))
            if w is not None:
                sources[(x, fx, z, c)] = w
    best = _dijkstra(levels, costs, m, base, sources)
    finish = []
    for (x2, f2, z, c), d in best.items():
        if (x2, f2) == tm and G[(z, c)] is not None:
            finish.append(d + G[(z, c)])  # type: ignore[operator]
    return _min(stay, *finish)


def _through(
    levels: _Levels,
    costs: _Costs,
    m: int,
    base: Context,
    sm: Place,
    F: dict[Place, int | None],
    tm: Place,
    G: dict[Place, int | None],
) -> int | None:
    best = _dijkstra(levels, costs, m, base, _entries(levels, sm, F))
    finish = []
    for (x, fx, z, c), d in best.items():
        if (x, fx) == tm and G[(z, c)] is not None:
            finish.append(d + G[(z, c)])  # type: ignore[operator]
    return _min(*finish)
