"""Shortest paths between any two positions on three posts, level by level, exactly.

For positions s and t with n disks and the largest disk m, an optimal path either never moves
disk m (an (m - 1)-disk problem in which disk m's post takes its up face as colour) or is a
shortest path through the *macro graph* of (disk m's post and face, the smaller tower's post
and face): entered by a leg from the smaller disks of s to a tower, left by a leg from a tower
to the smaller disks of t, with moves of disk m and transfers of the tower between (derived
tower tables, :mod:`~hanoi_magnet._engine.towers`). The legs are the same kind of problem one
level down, so three *chains* computed from the smallest disk up answer everything:

* ``F[m][tower]``: from the m smallest disks of s to a tower (larger disks as in s);
* ``G[m][tower]``: from a tower to the m smallest disks of t (larger disks as in t);
* ``B[m]``: from s to t on the m smallest disks, while every larger disk is where both have it.

Each level is three shortest-path computations over at most 24 macro nodes. Only the previous
level's values are kept, so a distance takes O(n) memory; the choices made at each level (a
handful of small tuples) are kept when a path is wanted, and the number of optimal paths
(geodesics) is counted alongside when asked.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from hanoi_magnet._engine.table import table_of
from hanoi_magnet._engine.towers import NEUTRAL, Problem, geodesics, rules_key, tower_table
from hanoi_magnet.model import State
from hanoi_magnet.rules import Rules

Place = tuple[int, int]  # (post, face); face -1 under classic rules
# (phase, disk m's post and face, the smaller tower's post and face). Phase 0: disk m moves
# next; phase 1: disk m has just moved. A macro path alternates: the entry leg ends in phase
# 0, each move of disk m leads to phase 1, and one transfer of the tower (or none) leads back
# to phase 0; the exit leg (or the last transfer) leaves from phase 1. So every move sequence
# has exactly one macro path, and counting paths counts move sequences.
Node = tuple[int, int, int, int, int]
Context = tuple[int, int, int] | None


class Transfer(NamedTuple):
    """A macro step moving the smaller tower: the tower problem, in our frame."""

    problem: Problem


class Move(NamedTuple):
    """A macro step moving disk m from post x to post y."""

    x: int
    y: int


Step = Transfer | Move


class Choice(NamedTuple):
    """How a chain reaches its end at one level.

    ``steps`` is empty when disk m stays (the chain continues one level down at the same end);
    otherwise ``via`` is the tower the leg one level down ends (F) or starts (G) at, or
    ``(entry, exit)`` for B, and ``steps`` the macro path between.
    """

    stays: bool
    via: tuple[Place, ...]
    steps: tuple[Step, ...]


class Level(NamedTuple):
    """One level's values (None: unreachable), optional counts and choices."""

    F: dict[Place, int | None]
    G: dict[Place, int | None]
    B: int | None
    nF: dict[Place, int]
    nG: dict[Place, int]
    nB: int


class _Query:
    """What every level needs: the rules, disk m's place in s and t, the contexts."""

    def __init__(self, rules: Rules, start: State, goal: State) -> None:
        self.colours, self.arcs = rules_key(rules)
        self.magnetic = self.colours is not None
        self.n = n = start.n
        self.s = _places(start, n)
        self.t = _places(goal, n)
        self.cs = _contexts(self.colours, self.s, n)
        self.ct = _contexts(self.colours, self.t, n)
        self.faces = (0, 1) if self.magnetic else (-1,)
        self.towers = [(post, face) for post in range(3) for face in self.faces]
        # B exists from the largest disk where s and t differ up
        self.apart = max((j for j in range(1, n + 1) if self.s[j] != self.t[j]), default=0)
        self._costs: dict[tuple[int, Context, Place, Place], int | None] = {}
        self._counts: dict[tuple[int, Context, Place, Place], int] = {}

    def transfer(self, size: int, context: Context, a: Place, b: Place) -> int | None:
        """The optimal length of moving a tower of ``size`` disks from a to b (None: never)."""
        if a == b:
            return 0
        key = (size, context, a, b)
        found = self._costs.get(key, 0)
        if found == 0 and key not in self._costs:
            found = None
            if _legal(context, a) and _legal(context, b):
                table = tower_table(Problem(context, self.arcs, a[0], a[1], b[0], b[1]))
                if table is not None:
                    found = table_of(table[0]).length(size)
            self._costs[key] = found
        return found

    def transfer_count(self, size: int, context: Context, a: Place, b: Place) -> int:
        """How many optimal move sequences move that tower."""
        if a == b:
            return 1
        key = (size, context, a, b)
        found = self._counts.get(key)
        if found is None:
            found = self._counts[key] = geodesics(
                size, Problem(context, self.arcs, a[0], a[1], b[0], b[1])
            )
        return found


def _places(state: State, n: int) -> list[Place]:
    places: list[Place] = [(0, 0)] * (n + 1)
    for post, stack in enumerate(state.posts):
        for disk in stack:
            face = -1 if state.faces is None else state.faces[disk - 1].bit
            places[disk] = (post, face)
    return places


def _contexts(colours: Context, places: Sequence[Place], n: int) -> list[Context]:
    """contexts[m]: the post colours the m smallest disks see (the larger disks as placed)."""
    out: list[Context] = [None] * (n + 1)
    current = None if colours is None else list(colours)
    for m in range(n, 0, -1):
        out[m] = None if current is None else (current[0], current[1], current[2])
        if current is not None:
            post, face = places[m]
            current[post] = face  # disk m tops its post for the smaller disks
    return out


def _with(context: Context, post: int, face: int) -> Context:
    if context is None:
        return None
    listed = list(context)
    listed[post] = face
    return (listed[0], listed[1], listed[2])


def _legal(context: Context, place: Place) -> bool:
    return context is None or context[place[0]] in (NEUTRAL, place[1])


# --------------------------------------------------------------------------------------------
# The macro graph of one level.


class _Macro:
    """The macro graph at level m under a base context (the disks above m where they are)."""

    def __init__(self, query: _Query, m: int, base: Context) -> None:
        self.query, self.m, self.base = query, m, base

    def edges(self, node: Node, *, counting: bool) -> Iterator[tuple[Node, int, int, Step | None]]:
        """Forward edges: (next node, cost, number of optimal ways, step; None: no step)."""
        query, m, base = self.query, self.m, self.base
        phase, x, fx, z, c = node
        if phase == 0:
            y = 3 - x - z
            face = fx ^ 1 if query.magnetic else -1
            if (x, y) in query.arcs and (base is None or base[y] in (NEUTRAL, face)):
                yield (1, y, face, z, c), 1, 1, Move(x, y)
            return
        yield (0, x, fx, z, c), 0, 1, None  # disk m moves again at once
        context = _with(base, x, fx)
        for z2, c2 in itertools.product(range(3), query.faces):
            if z2 != x and (z2, c2) != (z, c):
                w = query.transfer(m - 1, context, (z, c), (z2, c2))
                if w is not None:
                    ways = query.transfer_count(m - 1, context, (z, c), (z2, c2)) if counting else 1
                    problem = Problem(context, query.arcs, z, c, z2, c2)
                    yield (0, x, fx, z2, c2), w, ways, Transfer(problem)

    def reverse_edges(
        self, node: Node, *, counting: bool
    ) -> Iterator[tuple[Node, int, int, Step | None]]:
        """The edges into ``node``: (previous node, cost, ways, step)."""
        query, m, base = self.query, self.m, self.base
        phase, y, fy, z, c = node
        if phase == 1:
            x = 3 - y - z
            face = fy ^ 1 if query.magnetic else -1  # disk m showed this before its move
            if (x, y) in query.arcs and (base is None or base[y] in (NEUTRAL, fy)):
                yield (0, x, face, z, c), 1, 1, Move(x, y)
            return
        yield (1, y, fy, z, c), 0, 1, None
        context = _with(base, y, fy)
        for z0, c0 in itertools.product(range(3), query.faces):
            if z0 != y and (z0, c0) != (z, c):
                w = query.transfer(m - 1, context, (z0, c0), (z, c))
                if w is not None:
                    ways = query.transfer_count(m - 1, context, (z0, c0), (z, c)) if counting else 1
                    problem = Problem(context, query.arcs, z0, c0, z, c)
                    yield (1, y, fy, z0, c0), w, ways, Transfer(problem)


class _Shortest(NamedTuple):
    best: dict[Node, int]
    ways: dict[Node, int]
    prev: dict[Node, tuple[Node, Step | None] | None]


def _dijkstra(
    macro: _Macro, sources: dict[Node, tuple[int, int]], *, reverse: bool, counting: bool
) -> _Shortest:
    """Shortest macro paths from weighted sources, with the number of optimal ways to each."""
    best = {node: cost for node, (cost, _) in sources.items()}
    ways = {node: count for node, (_, count) in sources.items()}
    prev: dict[Node, tuple[Node, Step | None] | None] = dict.fromkeys(sources)
    order = itertools.count()
    heap = [(cost, next(order), node) for node, cost in best.items()]
    heapq.heapify(heap)
    done: set[Node] = set()
    edges = macro.reverse_edges if reverse else macro.edges
    while heap:
        d, _, node = heapq.heappop(heap)
        if node in done:
            continue
        done.add(node)
        for after, w, count, step in edges(node, counting=counting):
            total = d + w
            known = best.get(after)
            if known is None or total < known:
                best[after] = total
                ways[after] = ways[node] * count
                prev[after] = (node, step)
                heapq.heappush(heap, (total, next(order), after))
            elif total == known and after not in done:
                ways[after] += ways[node] * count
    return _Shortest(best, ways, prev)


def _path(shortest: _Shortest, node: Node, *, reverse: bool) -> tuple[Node, tuple[Step, ...]]:
    """The chosen macro path to ``node`` (from ``node`` on, when searched in reverse)."""
    steps: list[Step] = []
    while (link := shortest.prev[node]) is not None:
        node, step = link
        if step is not None:
            steps.append(step)
    if not reverse:
        steps.reverse()
    return node, tuple(steps)


# --------------------------------------------------------------------------------------------
# The chains.


class Chains:
    """The chains of one query, computed from the smallest disk up.

    Args:
        rules: three-post rules.
        start, goal: legal positions with the same number of disks.
        record: keep each level's choices (for a path).
        counting: count the optimal paths too.
    """

    def __init__(
        self, rules: Rules, start: State, goal: State, *, record: bool, counting: bool
    ) -> None:
        query = self.query = _Query(rules, start, goal)
        self.counting = counting
        self.choices: list[tuple[dict[Place, Choice], dict[Place, Choice], Choice | None]] = []
        towers = query.towers
        F: dict[Place, int | None] = dict.fromkeys(towers, 0)  # no disks: every tower is here
        G: dict[Place, int | None] = dict.fromkeys(towers, 0)
        nF = dict.fromkeys(towers, 1)
        nG = dict.fromkeys(towers, 1)
        B: int | None = 0
        nB = 1
        for m in range(1, query.n + 1):
            level = self._level(m, F, G, B, nF, nG, nB, record)
            F, G, B, nF, nG, nB = level
        self.distance = B
        self.count = nB if B is not None else 0

    def _level(self, m, F, G, B, nF, nG, nB, record):  # type: ignore[no-untyped-def]
        query, counting = self.query, self.counting
        base_s, base_t = query.cs[m], query.ct[m]
        sm, tm = query.s[m], query.t[m]
        if m == 1:
            return self._first(base_s, base_t, sm, tm, record)
        macro_s = _Macro(query, m, base_s)
        forward = _dijkstra(macro_s, _entries(sm, F, nF, 0), reverse=False, counting=counting)
        newF, newnF, choicesF = self._finish_to_towers(macro_s, forward, F, nF, sm, record)
        macro_t = _Macro(query, m, base_t)
        backward = _dijkstra(macro_t, _entries(tm, G, nG, 1), reverse=True, counting=counting)
        newG, newnG, choicesG = self._start_from_towers(macro_t, backward, G, nG, tm, record)
        newB, newnB, choiceB = None, 0, None
        if m >= query.apart:
            candidates: list[tuple[int, int, Choice | None]] = []
            if sm == tm and B is not None:
                candidates.append((B, nB, Choice(True, (), ())))
            for node, d in forward.best.items():
                exit_place = node[3:5]
                if node[0] == 1 and node[1:3] == tm and G.get(exit_place) is not None:
                    total = d + G[exit_place]  # type: ignore[operator]
                    ways = forward.ways[node] * nG[exit_place]
                    choice = self._macro_choice(forward, node, exit_place) if record else None
                    candidates.append((total, ways, choice))
            newB, newnB, choiceB = _best(candidates)
        if record:
            self.choices.append((choicesF, choicesG, choiceB))
        return newF, newG, newB, newnF, newnG, newnB

    def _macro_choice(self, forward: _Shortest, node: Node, exit_place: Place) -> Choice:
        entry, steps = _path(forward, node, reverse=False)
        return Choice(False, (entry[3:5], exit_place), steps)

    def _finish_to_towers(self, macro, forward, F, nF, sm, record):  # type: ignore[no-untyped-def]
        """F at this level: to each tower, staying, or after the last move one transfer."""
        return self._towers(macro, forward, F, nF, sm, record, to_tower=True)

    def _start_from_towers(self, macro, backward, G, nG, tm, record):  # type: ignore[no-untyped-def]
        """G at this level: from each tower, staying, or one transfer before the first move."""
        return self._towers(macro, backward, G, nG, tm, record, to_tower=False)

    def _towers(self, macro, shortest, legs, counts_below, here, record, *, to_tower):  # type: ignore[no-untyped-def]
        query = self.query
        values: dict[Place, int | None] = {}
        counts: dict[Place, int] = {}
        choices: dict[Place, Choice] = {}
        phase = 1 if to_tower else 0  # the tower is reached after a move / left before one
        for tau in query.towers:
            if not _legal(macro.base, tau):
                values[tau], counts[tau] = None, 0
                continue
            candidates: list[tuple[int, int, Choice | None]] = []
            if here == tau and legs[tau] is not None:
                candidates.append((legs[tau], counts_below[tau], Choice(True, (), ())))
            context = _with(macro.base, tau[0], tau[1])
            for node, d in shortest.best.items():
                if node[0] != phase or node[1:3] != tau:
                    continue
                other = node[3:5]
                ends = (other, tau) if to_tower else (tau, other)
                w = query.transfer(macro.m - 1, context, *ends)
                if w is None:
                    continue
                ways = shortest.ways[node]
                if self.counting:
                    ways *= query.transfer_count(macro.m - 1, context, *ends)
                choice = None
                if record:
                    far, steps = _path(shortest, node, reverse=not to_tower)
                    transfer = Transfer(Problem(context, query.arcs, *ends[0], *ends[1]))
                    path = (*steps, transfer) if to_tower else (transfer, *steps)
                    choice = Choice(False, (far[3:5],), path)
                candidates.append((d + w, ways, choice))
            values[tau], counts[tau], chosen = _best(candidates)
            if chosen is not None:
                choices[tau] = chosen
        return values, counts, choices

    def _first(self, base_s, base_t, sm, tm, record):  # type: ignore[no-untyped-def]
        """One disk: walks over (post, face) with no tower in the way."""
        query = self.query
        walks_s = _walks(query, base_s, sm, reverse=False)
        walks_t = _walks(query, base_t, tm, reverse=True)
        F = {tau: walks_s[0].get(tau) for tau in query.towers}
        G = {tau: walks_t[0].get(tau) for tau in query.towers}
        nF = {tau: walks_s[1].get(tau, 0) for tau in query.towers}
        nG = {tau: walks_t[1].get(tau, 0) for tau in query.towers}
        B = walks_s[0].get(tm) if query.apart <= 1 else None
        nB = walks_s[1].get(tm, 0) if B is not None else 0
        if record:
            choicesF = {
                tau: Choice(tau == sm, ((0, 0),), tuple(walks_s[2][tau]))
                for tau in query.towers
                if F[tau] is not None
            }
            choicesG = {
                tau: Choice(tau == tm, ((0, 0),), tuple(walks_t[2][tau]))
                for tau in query.towers
                if G[tau] is not None
            }
            choiceB = (
                Choice(sm == tm, ((0, 0), (0, 0)), tuple(walks_s[2][tm])) if B is not None else None
            )
            self.choices.append((choicesF, choicesG, choiceB))
        return F, G, B, nF, nG, nB


def _walks(query: _Query, base: Context, place: Place, *, reverse: bool):  # type: ignore[no-untyped-def]
    """Breadth-first walks of one disk over (post, face): distances, counts, one walk each."""
    dist = {place: 0}
    ways = {place: 1}
    walk: dict[Place, list[Move]] = {place: []}
    frontier = [place]
    while frontier:
        following = []
        for x, fx in frontier:
            for y in range(3):
                if y == x:
                    continue
                face = fx ^ 1 if query.magnetic else -1
                arc = (y, x) if reverse else (x, y)
                # forward: land on y showing `face`; reverse: come from y, landing on x with fx
                lands = (x, fx) if reverse else (y, face)
                if arc not in query.arcs or not _legal(base, lands):
                    continue
                after = (y, face)
                if after not in dist:
                    dist[after] = dist[(x, fx)] + 1
                    ways[after] = 0
                    step = Move(y, x) if reverse else Move(x, y)
                    walk[after] = [step, *walk[(x, fx)]] if reverse else [*walk[(x, fx)], step]
                    following.append(after)
                if dist[after] == dist[(x, fx)] + 1:
                    ways[after] += ways[(x, fx)]
        frontier = following
    return dist, ways, walk


def _entries(
    place: Place, legs: dict[Place, int | None], counts: dict[Place, int], phase: int
) -> dict[Node, tuple[int, int]]:
    x, fx = place
    return {
        (phase, x, fx, z, c): (cost, counts[(z, c)])
        for (z, c), cost in legs.items()
        if z != x and cost is not None
    }


def _best(
    candidates: list[tuple[int, int, Choice | None]],
) -> tuple[int | None, int, Choice | None]:
    """The least cost, the number of ways summed over the ties, and the first choice."""
    if not candidates:
        return None, 0, None
    least = min(cost for cost, _, _ in candidates)
    ways = sum(count for cost, count, _ in candidates if cost == least)
    choice = next(choice for cost, _, choice in candidates if cost == least)
    return least, ways, choice
