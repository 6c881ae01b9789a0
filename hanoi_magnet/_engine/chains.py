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
handful of small tuples, or below the largest disk that differs, the compiled searches'
predecessors, from which a choice is walked back when read) are kept when a path is wanted,
and the number of optimal paths (geodesics) is counted alongside when asked.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Iterator, Mapping, Sequence
from typing import NamedTuple

from hanoi_magnet._engine.table import Table, table_of
from hanoi_magnet._engine.towers import NEUTRAL, Problem, Sizes, geodesics, rules_key, tower_table
from hanoi_magnet._errors import TooLargeError
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


class _Values(NamedTuple):
    """One level's chains: distances (None: unreachable) and numbers of optimal paths."""

    to_tower: dict[Place, int | None]  # F
    from_tower: dict[Place, int | None]  # G
    between: int | None  # B
    to_tower_ways: dict[Place, int]
    from_tower_ways: dict[Place, int]
    between_ways: int


#: The choices made at one level: F's and G's (by tower) and B's.
LevelChoices = tuple[Mapping[Place, Choice], Mapping[Place, Choice], Choice | None]


#: Numbers of optimal tower transfers of up to this many disks are shared between queries.
_SHARED_COUNTS = 12


#: The chains' levels up to this one are shared between queries (a bounded number of cases:
#: the places of the disks below and the values they lead to).
_SHARED_LEVELS = 3


class _Shared:
    """The tower tables, macro edges and finishing transfers of one set of rules.

    They depend on the rules, a context (at most 27) and a place or node (at most 48) only,
    so each rules' collection is bounded, and queries under the same rules share it.
    """

    def __init__(self) -> None:
        self.tables: dict[tuple[Context, Place, Place], Table | None] = {}
        # per (base context, reverse): each node's macro edges
        self.edges: dict[tuple[Context, bool], dict[Node, list[_Edge]]] = {}
        self.finishes: dict[
            tuple[Context, Place, bool], list[tuple[Node, Table | None, Problem]]
        ] = {}
        self.counts: dict[tuple[int, Problem], int] = {}  # towers of up to _SHARED_COUNTS disks
        self.sides: dict[tuple[object, ...], _Side] = {}  # levels up to _SHARED_LEVELS
        self.compiled: dict[tuple[Context, bool], _Compiled] = {}  # per (base context, reverse)
        self.stretches: dict[tuple[Context, Context], _Stretch] = {}  # per (F's, G's context)
        self.rows: dict[Table, tuple[int, tuple[Table, ...]]] = {}  # tower tables' plans


_SHARED: dict[tuple[Context, frozenset[tuple[int, int]]], _Shared] = {}


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
        self.lengths = _Lengths()
        self._counts: dict[tuple[int, Problem], int] = {}
        # what depends on the rules only (a bounded amount each), shared by every query
        shared = _SHARED.get((self.colours, self.arcs))
        if shared is None:
            shared = _SHARED[self.colours, self.arcs] = _Shared()
        self._tables, self.edges, self._finishes = shared.tables, shared.edges, shared.finishes
        self._small_counts = shared.counts
        self.sides = shared.sides
        self._compiled = shared.compiled
        self._stretches, self._rows = shared.stretches, shared.rows

    def compiled(self, base: Context, *, reverse: bool) -> _Compiled:
        """The macro graph under ``base`` with integer nodes (made once per rules)."""
        found = self._compiled.get((base, reverse))
        if found is None:
            found = self._compiled[base, reverse] = _Compiled(self, base, reverse=reverse)
        return found

    def stretch(self, to_context: Context, from_context: Context) -> _Stretch:
        """The compiled levels where F's base context is one and G's the other (made once)."""
        key = (to_context, from_context)
        found = self._stretches.get(key)
        if found is None:
            forward = self.compiled(to_context, reverse=False)
            reverse = self.compiled(from_context, reverse=True)
            found = self._stretches[key] = _Stretch(forward, reverse, self._rows)
        return found

    def table(self, context: Context, a: Place, b: Place) -> Table | None:
        """The table moving a tower from a to b under ``context`` (None: it cannot)."""
        key = (context, a, b)
        if key not in self._tables:
            found = None
            if _legal(context, a) and _legal(context, b):
                made = tower_table(Problem(context, self.arcs, a[0], a[1], b[0], b[1]))
                if made is not None:
                    found = table_of(made[0])
            self._tables[key] = found
        return self._tables[key]

    def finishes(
        self, base: Context, tau: Place, *, to_tower: bool
    ) -> list[tuple[Node, Table | None, Problem]]:
        """The last (F) or first (G) transfer of a tower chain ending (starting) at ``tau``.

        Each is the macro node it leaves from (arrives at), the tower table (None: the smaller
        tower is already where it must be) and the problem; they depend on the base context and
        tau only, so they are made once per query.
        """
        key = (base, tau, to_tower)
        found = self._finishes.get(key)
        if found is None:
            found = []
            context = _with(base, tau[0], tau[1])
            for z, c in itertools.product(range(3), self.faces):
                if z == tau[0]:
                    continue
                a, b = ((z, c), tau) if to_tower else (tau, (z, c))
                problem = Problem(context, self.arcs, a[0], a[1], b[0], b[1])
                node = (1 if to_tower else 0, tau[0], tau[1], z, c)
                if a == b:
                    found.append((node, None, problem))
                elif (table := self.table(context, a, b)) is not None:
                    found.append((node, table, problem))
            self._finishes[key] = found
        return found

    def transfer(self, size: int, context: Context, a: Place, b: Place) -> int | None:
        """The optimal length of moving a tower of ``size`` disks from a to b (None: never)."""
        if a == b:
            return 0
        table = self.table(context, a, b)
        if table is None or not _solves(table, size):
            return None
        return self.lengths.get(table, size)

    def transfer_count(self, size: int, problem: Problem) -> int:
        """How many optimal move sequences move that tower."""
        key = (size, problem)
        counts = self._small_counts if size <= _SHARED_COUNTS else self._counts
        found = counts.get(key)
        if found is None:
            found = counts[key] = geodesics(size, problem)
        return found


class _Lengths:
    """Tower tables' lengths at consecutive sizes, stepped up by their plans (a few additions).

    The chains ask for sizes 1, 2, 3, ... in turn; a table asked for the first time joins
    with its whole closure, from its closed form at that size.
    """

    def __init__(self) -> None:
        self.size = 0
        self.current: dict[Table, int] = {}
        self.rows: dict[Table, tuple[int, tuple[Table, ...]]] = {}

    def get(self, table: Table, size: int) -> int:
        if size != self.size:
            if size == self.size + 1:
                self._step()
            else:
                self.current = {}
                self.size = size
        found = self.current.get(table)
        if found is None:
            self._join(table)
            found = self.current[table]
        return found

    def seed(self, size: int, known: dict[Table, int]) -> None:
        """Go on from lengths already known at ``size`` (a closure: the sub-solves' too)."""
        self.size = size
        self.current = dict(known)
        for table in known:
            if table not in self.rows:
                self.rows[table] = _row(table)

    def _join(self, root: Table) -> None:
        pending = [root]
        while pending:
            table = pending.pop()
            if table in self.current:
                continue
            self.current[table] = table.length(self.size)
            if table not in self.rows:
                self.rows[table] = _row(table)
            pending.extend(self.rows[table][1])

    def _step(self) -> None:
        """Every tracked table one size up: its moves plus its sub-solves' lengths below."""
        current, size = self.current, self.size + 1
        self.current = {
            table: moves + sum(current[child] for child in children)
            if size >= table.cls.steady_from  # type: ignore[attr-defined]
            else table.length(size)  # a size with a plan of its own
            for table, (moves, children) in ((t, self.rows[t]) for t in current)
        }
        self.size = size


def _row(table: Table) -> tuple[int, tuple[Table, ...]]:
    """A derived tower table's plan as (moves, sub-solves of one disk fewer)."""
    moves, children = 0, []
    for step in table.resolve(64):
        if step.table is None:
            moves += 1
        elif step.disks == 63:
            children.append(step.table)
        else:
            raise AssertionError(f"{table}: a derived plan with a sub-solve of {step.disks} disks")
    return moves, tuple(children)


def _row_of(
    rows: dict[Table, tuple[int, tuple[Table, ...]]], table: Table
) -> tuple[int, tuple[Table, ...]]:
    found = rows.get(table)
    if found is None:
        found = rows[table] = _row(table)
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


def _solves(table: Table, size: int) -> bool:
    """Whether a tower table's plan solves its problem with ``size`` disks (most: every size)."""
    sizes: Sizes | None = getattr(table.cls, "sizes", None)
    return sizes is None or size in sizes


class _Edge(NamedTuple):
    """A macro edge: its other end, and a move (fixed cost) or a transfer (a tower table)."""

    other: Node
    cost: int  # for a move or "no transfer"; transfers look their table up
    table: Table | None
    step: Step | None


class _Macro:
    """The macro graph at level m under a base context (the disks above m where they are).

    Its edges depend on the base context and the node only, so they are made once per query
    and kept; each level only looks up the transfers' lengths at its size.
    """

    def __init__(self, query: _Query, m: int, base: Context) -> None:
        self.query, self.m, self.base = query, m, base

    def edges(self, node: Node, *, reverse: bool) -> list[_Edge]:
        known = self.edge_map(reverse)
        found = known.get(node)
        if found is None:
            made = self._reverse(node) if reverse else self._forward(node)
            found = known[node] = list(made)
        return found

    def edge_map(self, reverse: bool) -> dict[Node, list[_Edge]]:
        """The edges made so far under this base context, by node (shared by the query)."""
        key = (self.base, reverse)
        found = self.query.edges.get(key)
        if found is None:
            found = self.query.edges[key] = {}
        return found

    def _forward(self, node: Node) -> Iterator[_Edge]:
        query, base = self.query, self.base
        phase, x, fx, z, c = node
        if phase == 0:
            y = 3 - x - z
            face = fx ^ 1 if query.magnetic else -1
            if (x, y) in query.arcs and (base is None or base[y] in (NEUTRAL, face)):
                yield _Edge((1, y, face, z, c), 1, None, Move(x, y))
            return
        yield _Edge((0, x, fx, z, c), 0, None, None)  # disk m moves again at once
        context = _with(base, x, fx)
        for z2, c2 in itertools.product(range(3), query.faces):
            if z2 != x and (z2, c2) != (z, c):
                table = query.table(context, (z, c), (z2, c2))
                if table is not None:
                    problem = Problem(context, query.arcs, z, c, z2, c2)
                    yield _Edge((0, x, fx, z2, c2), 0, table, Transfer(problem))

    def _reverse(self, node: Node) -> Iterator[_Edge]:
        query, base = self.query, self.base
        phase, y, fy, z, c = node
        if phase == 1:
            x = 3 - y - z
            face = fy ^ 1 if query.magnetic else -1  # disk m showed this before its move
            if (x, y) in query.arcs and (base is None or base[y] in (NEUTRAL, fy)):
                yield _Edge((0, x, face, z, c), 1, None, Move(x, y))
            return
        yield _Edge((1, y, fy, z, c), 0, None, None)
        context = _with(base, y, fy)
        for z0, c0 in itertools.product(range(3), query.faces):
            if z0 != y and (z0, c0) != (z, c):
                table = query.table(context, (z0, c0), (z, c))
                if table is not None:
                    problem = Problem(context, query.arcs, z0, c0, z, c)
                    yield _Edge((1, y, fy, z0, c0), 0, table, Transfer(problem))


class _Compiled:
    """The macro graph under one base context, searched forward or in reverse, compiled.

    Nodes are small integers (lists indexed by them replace the dictionaries keyed by
    5-tuples, whose hashes CPython does not keep). The graph is contracted: a node that
    finishes nothing and whose only edge has a fixed cost (a node from which disk m's next
    move is the only way on) is passed through, its cost added to the edges into it, and the
    nodes from which no finishing transfer can be reached are dropped: about 10 of the 48
    nodes are left under NNN's usual contexts.
    Each node's edges are a tuple of (other node, fixed cost, index of its tower table in
    :attr:`tables` or -1); ``sources[i]`` are the (tower index, node, added cost) a chain
    enters by when disk m lies at tower i's place, and ``finishes[i]`` whether tower i is
    legal and its finishing transfers (F: the last, G: the first) as (node, table index or
    -1). ``edge_steps``, ``source_steps`` and ``finish_steps`` are the macro steps each edge,
    source and finish stands for (a path's choices are read from them). It depends on the
    rules and the base context only (at most 27 of them), so it is made once and shared.
    """

    __slots__ = (
        "edge_steps",
        "edges",
        "finish_steps",
        "finishes",
        "source_steps",
        "sources",
        "tables",
    )

    def __init__(self, query: _Query, base: Context, *, reverse: bool) -> None:
        faces = query.faces
        nodes: list[Node] = [
            (phase, x, fx, z, c)
            for phase in (0, 1)
            for x in range(3)
            for fx in faces
            for z in range(3)
            for c in faces
            if z != x
        ]
        ids = {node: i for i, node in enumerate(nodes)}
        self.tables: list[Table] = []
        where: dict[Table, int] = {}

        def number(table: Table | None) -> int:
            if table is None:
                return -1
            if table not in where:
                where[table] = len(self.tables)
                self.tables.append(table)
            return where[table]

        macro = _Macro(query, 0, base)  # the level does not matter to the edges
        made = [macro.edges(node, reverse=reverse) for node in nodes]
        edges = [[(ids[e.other], e.cost, number(e.table)) for e in out] for out in made]
        phase = 1 if reverse else 0
        towers = query.towers
        finishes: list[tuple[bool, list[tuple[int, int]]]] = []
        self.finish_steps: list[tuple[Step, ...]] = []  # each finish's transfer
        for tau in towers:
            legal = _legal(base, tau)
            ends = query.finishes(base, tau, to_tower=not reverse) if legal else []
            finishes.append((legal, [(ids[node], number(table)) for node, table, _ in ends]))
            self.finish_steps.append(tuple(Transfer(problem) for _, _, problem in ends))
        contracted = _Contraction(made, edges, {node for _, ends in finishes for node, _ in ends})
        new = contracted.new
        self.edges: list[tuple[tuple[int, int, int], ...]] = []
        self.edge_steps: list[tuple[tuple[Step, ...], ...]] = []  # each edge's, in search order
        for node in contracted.kept:
            out, steps = contracted.edges_from(node)
            self.edges.append(out)
            self.edge_steps.append(steps)
        self.sources: list[tuple[tuple[int, int, int], ...]] = []
        self.source_steps: list[tuple[tuple[Step, ...], ...]] = []
        for x, fx in towers:
            entries, taken = [], []
            for i, (z, c) in enumerate(towers):
                found = contracted.through(ids[(phase, x, fx, z, c)]) if z != x else None
                if found is not None:
                    entries.append((i, new[found[0]], found[1]))
                    taken.append(found[2])
            self.sources.append(tuple(entries))
            self.source_steps.append(tuple(taken))
        self.finishes: list[tuple[bool, tuple[tuple[int, int], ...]]] = [
            (legal, tuple((new[node], k) for node, k in ends)) for legal, ends in finishes
        ]


class _Contraction:
    """Which nodes of a macro graph a compiled search keeps, and the edges between them.

    A node that finishes nothing and whose only edge has a fixed cost is passed through; the
    nodes from which no finishing node can be reached are dropped.
    """

    def __init__(
        self, made: list[list[_Edge]], edges: list[list[tuple[int, int, int]]], ending: set[int]
    ) -> None:
        self.made, self.edges = made, edges
        self.useful = _reaching(edges, ending)
        self.passed = [
            len(out) == 1 and out[0][2] < 0 and node not in ending for node, out in enumerate(edges)
        ]
        self.kept = [
            node for node in range(len(edges)) if node in self.useful and not self.passed[node]
        ]
        self.new = {node: i for i, node in enumerate(self.kept)}

    def through(self, node: int) -> tuple[int, int, tuple[Step, ...]] | None:
        """The node a path entering ``node`` goes on to, the fixed cost and the steps."""
        added, seen, steps = 0, set(), []
        while self.passed[node]:
            if node in seen:
                return None  # a loop of single moves finishes nothing
            seen.add(node)
            if (step := self.made[node][0].step) is not None:
                steps.append(step)
            node, cost, _ = self.edges[node][0]
            added += cost
        return (node, added, tuple(steps)) if node in self.useful else None

    def edges_from(
        self, node: int
    ) -> tuple[tuple[tuple[int, int, int], ...], tuple[tuple[Step, ...], ...]]:
        """A kept node's edges (new other node, fixed cost, table) and the steps of each."""
        # (other, table) -> the least fixed cost and its steps (the first of equals)
        least: dict[tuple[int, int], tuple[int, tuple[Step, ...]]] = {}
        for edge, (other, cost, k) in zip(self.made[node], self.edges[node], strict=True):
            found = self.through(other)
            if found is not None:
                key = (self.new[found[0]], k)
                total = cost + found[1]
                if key not in least or total < least[key][0]:
                    own = () if edge.step is None else (edge.step,)
                    least[key] = (total, own + found[2])
        return (
            tuple((other, cost, k) for (other, k), (cost, _) in least.items()),
            tuple(steps for _, steps in least.values()),
        )


def _reaching(edges: list[list[tuple[int, int, int]]], targets: set[int]) -> set[int]:
    """The nodes from which a node of ``targets`` can be reached."""
    into: list[list[int]] = [[] for _ in edges]
    for node, out in enumerate(edges):
        for other, _, _ in out:
            into[other].append(node)
    found, pending = set(targets), list(targets)
    while pending:
        for node in into[pending.pop()]:
            if node not in found:
                found.add(node)
                pending.append(node)
    return found


class _Priced(NamedTuple):
    """A compiled graph whose edges and finishes name a stretch's priced pairs (-1: none)."""

    edges: list[tuple[tuple[int, int, int], ...]]  # (other node, fixed cost, pair)
    sources: list[tuple[tuple[int, int, int], ...]]  # as in _Compiled
    finishes: list[tuple[bool, tuple[tuple[int, int], ...]]]  # (node, pair)
    compiled: _Compiled  # the steps
    links: dict[int, tuple[Step, ...]]  # by (node << 8 | pair + 1) << 8 | other: an edge's steps


class _Stretch:
    """The compiled levels with the same two base contexts (F's and G's), ready to run.

    The two graphs' tables are numbered together with every table their lengths are stepped
    up from (the closure under their plans' sub-solves), so a level steps those few lengths
    up by additions (:meth:`step`) and prices each distinct (table, fixed cost) pair of an
    edge once, for both chains: ``pairs`` are those pairs, and the graphs' edges and finishes
    name a pair's index (or -1: a fixed cost alone).
    """

    __slots__ = ("forward", "pairs", "restricted", "reverse", "rows", "steady", "tables")

    def __init__(
        self,
        forward: _Compiled,
        reverse: _Compiled,
        rows: dict[Table, tuple[int, tuple[Table, ...]]],
    ) -> None:
        self.tables: list[Table] = []
        number: dict[Table, int] = {}
        pending = [  # the tables the contracted graphs still use, and their sub-solves'
            graph.tables[k]
            for graph in (forward, reverse)
            for k in {k for out in graph.edges for _, _, k in out}
            | {k for _, ends in graph.finishes for _, k in ends}
            if k >= 0
        ]
        while pending:
            table = pending.pop()
            if table not in number:
                number[table] = len(self.tables)
                self.tables.append(table)
                pending.extend(_row_of(rows, table)[1])
        self.rows = [
            (moves, tuple(number[child] for child in children))
            for moves, children in (_row_of(rows, table) for table in self.tables)
        ]
        self.steady = max((t.cls.steady_from for t in self.tables), default=0)  # type: ignore[attr-defined]
        self.restricted = [i for i, t in enumerate(self.tables) if getattr(t.cls, "sizes", None)]
        pairs: dict[tuple[int, int], int] = {}

        def pair(graph: _Compiled, k: int, cost: int) -> tuple[int, int]:
            if k < 0:
                return cost, -1
            key = (number[graph.tables[k]], cost)
            if key not in pairs:
                pairs[key] = len(pairs)
            return 0, pairs[key]

        def localise(graph: _Compiled) -> _Priced:
            edges = [
                tuple((other, *pair(graph, k, cost)) for other, cost, k in out)
                for out in graph.edges
            ]
            links = {
                (node << 8 | (paid + 1)) << 8 | other: graph.edge_steps[node][e]
                for node, out in enumerate(edges)
                for e, (other, _, paid) in enumerate(out)
            }
            assert len(links) == sum(map(len, edges)), "two edges with the same link"
            finishes = [
                (legal, tuple((node, pair(graph, k, 0)[1]) for node, k in ends))
                for legal, ends in graph.finishes
            ]
            return _Priced(edges, graph.sources, finishes, graph, links)

        self.forward = localise(forward)
        self.reverse = localise(reverse)
        self.pairs = list(pairs)
        # a path's trail codes an edge as node << 8 | pair + 1 (see _compiled_trail)
        assert len(self.pairs) < 255
        assert max(len(forward.edges), len(reverse.edges)) < 256

    def lengths(self, size: int, known: dict[Table, int]) -> list[int]:
        """The tables' lengths at ``size``: from ``known`` (the stretch before) or afresh."""
        return [
            found if (found := known.get(table)) is not None else table.length(size)
            for table in self.tables
        ]

    def step(self, lengths: list[int], size: int) -> list[int]:
        """The tables' lengths one size up (``size`` is the new size).

        Each plan's moves plus its sub-solves' lengths one size down; below the size from
        which every plan is steady, the closed forms.
        """
        if size < self.steady:
            return [table.length(size) for table in self.tables]
        return [moves + sum([lengths[i] for i in below]) for moves, below in self.rows]

    def prices(self, lengths: list[int], size: int) -> list[int | None]:
        """Each pair's cost at ``size`` (None where the table's plan does not solve it)."""
        if not self.restricted:
            return [lengths[k] + cost for k, cost in self.pairs]
        usable: list[int | None] = list(lengths)
        for i in self.restricted:
            if not _solves(self.tables[i], size):
                usable[i] = None
        return [None if (found := usable[k]) is None else found + cost for k, cost in self.pairs]


class _Side(NamedTuple):
    """One chain at one level: its macro search, and per tower its value, count and choice."""

    shortest: _Shortest
    values: dict[Place, int | None]
    ways: dict[Place, int]
    choices: dict[Place, Choice]


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
    size = macro.m - 1
    query = macro.query
    lengths = query.lengths
    while heap:
        d, _, node = heapq.heappop(heap)
        if node in done:
            continue
        done.add(node)
        for after, cost, table, step in macro.edges(node, reverse=reverse):
            count = 1
            if table is not None:
                if not _solves(table, size):
                    continue
                cost = lengths.get(table, size)
                if counting:
                    assert isinstance(step, Transfer)
                    count = query.transfer_count(size, step.problem)
            total = d + cost
            known = best.get(after)
            if known is None or total < known:
                best[after] = total
                ways[after] = ways[node] * count
                prev[after] = (node, step)
                heapq.heappush(heap, (total, next(order), after))
            elif total == known and after not in done:
                ways[after] += ways[node] * count
    return _Shortest(best, ways, prev)


def _distances(
    macro: _Macro, sources: dict[Node, tuple[int, int]], *, reverse: bool, record: bool
) -> _Shortest:
    """:func:`_dijkstra` without counts: the least costs, and the same predecessors.

    Less bookkeeping: a stale heap entry is recognised by its cost and each transfer's length
    is looked up once per search. With ``record`` the predecessors are found in the same order
    as :func:`_dijkstra` finds them; without, the nodes (tuples of small integers) break ties
    in the heap themselves.
    """
    best = {node: cost for node, (cost, _) in sources.items()}
    prev: dict[Node, tuple[Node, Step | None] | None] = dict.fromkeys(sources) if record else {}
    order = itertools.count() if record else itertools.repeat(0)
    heap = [(cost, next(order), node) for node, cost in best.items()]
    heapq.heapify(heap)
    size = macro.m - 1
    lengths = macro.query.lengths
    transfer: dict[Table, int | None] = {}
    known_edges = macro.edge_map(reverse)
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        d, _, node = pop(heap)
        if d > best[node]:
            continue  # improved since it was pushed
        edges = known_edges.get(node)
        if edges is None:
            edges = macro.edges(node, reverse=reverse)
        for after, cost, table, step in edges:
            if table is not None:
                if table in transfer:
                    found = transfer[table]
                else:
                    found = transfer[table] = (
                        lengths.get(table, size) if _solves(table, size) else None
                    )
                if found is None:
                    continue
                cost = found
            total = d + cost
            known = best.get(after)
            if known is None or total < known:
                best[after] = total
                if record:
                    prev[after] = (node, step)
                push(heap, (total, next(order), after))
    return _Shortest(best, dict.fromkeys(best, 1), prev)


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


def _compiled_side(
    graph: _Priced, here: int, legs: list[int | None], prices: list[int | None]
) -> list[int | None]:
    """:meth:`Chains._side`'s values by Dijkstra's algorithm over a compiled macro graph.

    ``graph`` is priced by its stretch (:class:`_Stretch`), ``here`` is disk m's place (an
    index of the towers), ``legs`` the chain one level down by tower, ``prices`` the
    stretch's pairs' costs at this level.
    """
    edges = graph.edges
    best: list[int | None] = [None] * len(edges)
    heap: list[tuple[int, int]] = []
    for tower, node, added in graph.sources[here]:
        cost = legs[tower]
        if cost is not None:
            cost += added
            known = best[node]
            if known is None or cost < known:
                best[node] = cost
                heap.append((cost, node))
    heapq.heapify(heap)
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        d, node = pop(heap)
        if d != best[node]:
            continue  # improved since it was pushed
        for after, cost, pair in edges[node]:
            if pair >= 0:
                paid = prices[pair]
                if paid is None:
                    continue
                total = d + paid
            else:
                total = d + cost
            known = best[after]
            if known is None or total < known:
                best[after] = total
                push(heap, (total, after))
    values: list[int | None] = []
    for tower, (legal, finishes) in enumerate(graph.finishes):
        if not legal:
            values.append(None)
            continue
        least = legs[tower] if tower == here else None
        for node, pair in finishes:
            reached = best[node]
            if reached is None:
                continue
            if pair >= 0:
                paid = prices[pair]
                if paid is None:
                    continue
                reached += paid
            if least is None or reached < least:
                least = reached
        values.append(least)
    return values


def _compiled_trail(
    graph: _Priced, here: int, legs: list[int | None], prices: list[int | None]
) -> tuple[list[int | None], _Trail]:
    """:func:`_compiled_side` for a path: the values, and the trail its choices are read from.

    The same search, also keeping each node's predecessor (which edge reached it) and each
    tower's winning finish: a few small integers per node, so a path's choices take O(1)
    memory a level.
    """
    edges = graph.edges
    best: list[int | None] = [None] * len(edges)
    came = [0] * len(edges)
    heap: list[tuple[int, int]] = []
    for j, (tower, node, added) in enumerate(graph.sources[here]):
        cost = legs[tower]
        if cost is not None:
            cost += added
            known = best[node]
            if known is None or cost < known:
                best[node] = cost
                heap.append((cost, node))
                came[node] = -1 - j  # entered by source j
    heapq.heapify(heap)
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        d, node = pop(heap)
        if d != best[node]:
            continue  # improved since it was pushed
        for after, cost, pair in edges[node]:
            if pair >= 0:
                paid = prices[pair]
                if paid is None:
                    continue
                total = d + paid
            else:
                total = d + cost
            known = best[after]
            if known is None or total < known:
                best[after] = total
                push(heap, (total, after))
                came[after] = node << 8 | (pair + 1)  # (node, pair): names the edge
    values: list[int | None] = []
    winners: list[int | None] = []  # per tower: its winning finish, -1: disk m stays
    for tower, (legal, finishes) in enumerate(graph.finishes):
        if not legal:
            values.append(None)
            winners.append(None)
            continue
        least, winner = (legs[tower], -1) if tower == here else (None, None)  # -1: stays
        for j, (node, pair) in enumerate(finishes):
            reached = best[node]
            if reached is None:
                continue
            if pair >= 0:
                paid = prices[pair]
                if paid is None:
                    continue
                reached += paid
            if least is None or reached < least:
                least, winner = reached, j
        values.append(least)
        winners.append(None if least is None else winner)
    return values, _Trail(graph, here, came, winners)


class _Trail(NamedTuple):
    """What one compiled search leaves for a path: predecessors and each tower's winner."""

    graph: _Priced
    here: int
    came: list[int]  # per node: -1 - source, or (node << 8 | pair + 1) of the edge in
    winners: list[int | None]


class _TrailChoices(Mapping[Place, Choice]):
    """One chain's choices at one compiled level, each made when it is read.

    A path reads one tower's choice per level (from the top down), so the macro paths are
    walked back from the recorded predecessors only for those.
    """

    __slots__ = ("forward", "index", "towers", "trail")

    def __init__(
        self, trail: _Trail, towers: list[Place], index: dict[Place, int], *, forward: bool
    ) -> None:
        self.trail, self.towers, self.index, self.forward = trail, towers, index, forward

    def __getitem__(self, tau: Place) -> Choice:
        graph, here, came, winners = self.trail
        tower = self.index[tau]
        win = winners[tower]
        if win is None:
            raise KeyError(tau)
        if win < 0:
            return _STAYS
        compiled, links = graph.compiled, graph.links
        node = graph.finishes[tower][1][win][0]
        chunks: list[tuple[Step, ...]] = []  # from the finish back, each in search order
        while (link := came[node]) >= 0:
            chunks.append(links[link << 8 | node])
            node = link >> 8
        source = -1 - link
        chunks.append(compiled.source_steps[here][source])
        steps = [step for chunk in reversed(chunks) for step in chunk]  # in search order
        transfer = compiled.finish_steps[tower][win]
        path = (*steps, transfer) if self.forward else (transfer, *reversed(steps))
        return Choice(False, (self.towers[graph.sources[here][source][0]],), path)

    def __iter__(self) -> Iterator[Place]:
        winners = self.trail.winners
        return (tau for tau, win in zip(self.towers, winners, strict=True) if win is not None)

    def __len__(self) -> int:
        return sum(win is not None for win in self.trail.winners)


class Chains:
    """The chains of one query, computed from the smallest disk up.

    Args:
        rules: three-post rules.
        start, goal: legal positions with the same number of disks.
        record: keep each level's choices (for a path).
        counting: count the optimal paths too.

        compiled: unless counting, search the compiled macro graphs (:class:`_Compiled`) at the
            levels where only the chains' values are needed (and, when recording, the choices
            that reach them); False keeps the general search everywhere (the tests' and
            benchmarks' reference).

    After construction, :attr:`distance` is the distance from start to goal (None:
    unreachable), :attr:`count` the number of optimal paths (when counting), and
    :attr:`choices` the choices level by level (when recording; index m - 1 for level m).
    """

    def __init__(
        self,
        rules: Rules,
        start: State,
        goal: State,
        *,
        record: bool,
        counting: bool,
        compiled: bool = True,
    ) -> None:
        query = self.query = _Query(rules, start, goal)
        self.counting = counting
        self.record = record
        # distances alone: the compiled macro graphs (the general search is the reference)
        self.compiled = compiled and not counting
        self.choices: list[LevelChoices] = []
        towers = query.towers
        values = _Values(
            dict.fromkeys(towers, 0),  # no disks: every tower is here
            dict.fromkeys(towers, 0),
            0,
            dict.fromkeys(towers, 1),
            dict.fromkeys(towers, 1),
            1,
        )
        bits = 0
        m = 1
        while m <= query.n:
            if self.compiled and _SHARED_LEVELS < m < query.apart:
                values = self._compiled_levels(m, query.apart - 1, values)
                m = query.apart
                continue
            values = self._first(m) if m == 1 else self._level(m, values)
            if counting:
                bits = _count_guard(values, m, query.n, bits)
            m += 1
        self.count_bits = bits  # the size of the largest count met (when counting)
        self.distance = values.between
        self.count = values.between_ways if values.between is not None else 0

    def _level(self, m: int, below: _Values) -> _Values:
        query = self.query
        sm, tm = query.s[m], query.t[m]
        forward, to_tower, to_ways, to_choices = self._side(
            m, query.cs[m], sm, below.to_tower, below.to_tower_ways, to_tower=True
        )
        _, from_tower, from_ways, from_choices = self._side(
            m, query.ct[m], tm, below.from_tower, below.from_tower_ways, to_tower=False
        )
        between, between_ways, between_choice = None, 0, None
        if m >= query.apart:  # every larger disk is where both positions have it
            candidates: list[tuple[int, int, Choice | None]] = []
            if sm == tm and below.between is not None:
                candidates.append((below.between, below.between_ways, _STAYS))
            for node, d in forward.best.items():
                exit_place = node[3:5]
                cost = below.from_tower.get(exit_place)
                if node[0] == 1 and node[1:3] == tm and cost is not None:
                    ways = forward.ways[node] * below.from_tower_ways[exit_place]
                    choice = None
                    if self.record:
                        entry, steps = _path(forward, node, reverse=False)
                        choice = Choice(False, (entry[3:5], exit_place), steps)
                    candidates.append((d + cost, ways, choice))
            between, between_ways, between_choice = _best(candidates)
        if self.record:
            self.choices.append((to_choices, from_choices, between_choice))
        return _Values(to_tower, from_tower, between, to_ways, from_ways, between_ways)

    def _compiled_levels(self, low: int, high: int, below: _Values) -> _Values:
        """F and G at levels low .. high, below the largest disk where s and t differ.

        No B there, and no counts: each chain's values are lists by tower (the index of
        :attr:`_Query.towers`), each level one search over a compiled graph per chain. The
        levels go by stretches with the same base contexts; within one, the few tower tables
        the two graphs need are stepped up by additions and priced once for both chains.
        """
        query = self.query
        towers = query.towers
        index = {tau: i for i, tau in enumerate(towers)}
        to_tower = [below.to_tower[tau] for tau in towers]
        from_tower = [below.from_tower[tau] for tau in towers]
        cs, ct, s, t = query.cs, query.ct, query.s, query.t
        known: dict[Table, int] = {}  # the last stretch's lengths, one size up (at m - 1)
        record = self.record
        m = low
        while m <= high:
            stretch = query.stretch(cs[m], ct[m])
            end = m
            while end < high and cs[end + 1] == cs[m] and ct[end + 1] == ct[m]:
                end += 1
            size = m - 1
            lengths = stretch.lengths(size, known)
            forward, reverse = stretch.forward, stretch.reverse
            while True:
                prices = stretch.prices(lengths, size)
                if record:
                    to_tower, to_trail = _compiled_trail(forward, index[s[m]], to_tower, prices)
                    from_tower, from_trail = _compiled_trail(
                        reverse, index[t[m]], from_tower, prices
                    )
                    self.choices.append(
                        (
                            _TrailChoices(to_trail, towers, index, forward=True),
                            _TrailChoices(from_trail, towers, index, forward=False),
                            None,
                        )
                    )
                else:
                    to_tower = _compiled_side(forward, index[s[m]], to_tower, prices)
                    from_tower = _compiled_side(reverse, index[t[m]], from_tower, prices)
                m += 1
                size += 1
                if m > end:
                    break
                lengths = stretch.step(lengths, size)
            known = dict(zip(stretch.tables, stretch.step(lengths, size), strict=True))
        query.lengths.seed(high, known)  # the level above goes on from them
        to_map = dict(zip(towers, to_tower, strict=True))
        from_map = dict(zip(towers, from_tower, strict=True))
        return _Values(
            to_map,
            from_map,
            None,
            {tau: 0 if value is None else 1 for tau, value in to_map.items()},
            {tau: 0 if value is None else 1 for tau, value in from_map.items()},
            0,
        )

    def _side(
        self,
        m: int,
        base: Context,
        here: Place,
        legs: dict[Place, int | None],
        legs_ways: dict[Place, int],
        *,
        to_tower: bool,
    ) -> _Side:
        """F (``to_tower``) or G at level m: the macro search and its towers.

        One side depends on one position only, so on the smallest levels (a bounded number of
        cases) it is kept and shared by every query under the same rules: a table of distances
        from one position to many then costs one search per position, not per pair.
        """
        key = None
        if m <= _SHARED_LEVELS:
            key = (
                m,
                base,
                here,
                to_tower,
                self.counting,
                self.record,
                tuple(legs.items()),
                tuple(legs_ways.items()) if self.counting else (),
            )
            found = self.query.sides.get(key)
            if found is not None:
                return found
        macro = _Macro(self.query, m, base)
        entries = _entries(here, legs, legs_ways, 0 if to_tower else 1)
        if self.counting:
            shortest = _dijkstra(macro, entries, reverse=not to_tower, counting=self.counting)
            towers = self._towers(macro, shortest, legs, legs_ways, here, to_tower=to_tower)
        else:
            shortest = _distances(macro, entries, reverse=not to_tower, record=self.record)
            towers = self._tower_distances(macro, shortest, legs, here, to_tower=to_tower)
        side = _Side(shortest, *towers)
        if key is not None:
            self.query.sides[key] = side
        return side

    def _tower_distances(
        self,
        macro: _Macro,
        shortest: _Shortest,
        legs: dict[Place, int | None],
        here: Place,
        *,
        to_tower: bool,
    ) -> tuple[dict[Place, int | None], dict[Place, int], dict[Place, Choice]]:
        """:meth:`_towers` without counts (1 where reachable): values and choices.

        When recording, the same choices (the first least candidate).
        """
        query = self.query
        values: dict[Place, int | None] = {}
        choices: dict[Place, Choice] = {}
        size = macro.m - 1
        best, lengths, base = shortest.best, query.lengths, macro.base
        for tau in query.towers:
            if not _legal(base, tau):
                values[tau] = None
                continue
            least = legs[tau] if here == tau else None
            winner: tuple[Node, Problem] | None = None
            for node, table, problem in query.finishes(base, tau, to_tower=to_tower):
                d = best.get(node)
                if d is None:
                    continue
                if table is not None:
                    if not _solves(table, size):
                        continue
                    d += lengths.get(table, size)
                if least is None or d < least:
                    least, winner = d, (node, problem)
            values[tau] = least
            if self.record and least is not None:
                if winner is None:
                    choices[tau] = _STAYS
                else:
                    node, problem = winner
                    far, steps = _path(shortest, node, reverse=not to_tower)
                    transfer = Transfer(problem)
                    path = (*steps, transfer) if to_tower else (transfer, *steps)
                    choices[tau] = Choice(False, (far[3:5],), path)
        counts = {tau: 0 if value is None else 1 for tau, value in values.items()}
        return values, counts, choices

    def _towers(
        self,
        macro: _Macro,
        shortest: _Shortest,
        legs: dict[Place, int | None],
        legs_ways: dict[Place, int],
        here: Place,
        *,
        to_tower: bool,
    ) -> tuple[dict[Place, int | None], dict[Place, int], dict[Place, Choice]]:
        """F (``to_tower``) or G at this level, for every tower.

        Disk m stays, or the tower is reached by one transfer after the last move (F) / left
        by one before the first (G).
        """
        query = self.query
        values: dict[Place, int | None] = {}
        counts: dict[Place, int] = {}
        choices: dict[Place, Choice] = {}
        size = macro.m - 1
        best, lengths = shortest.best, query.lengths
        for tau in query.towers:
            if not _legal(macro.base, tau):
                values[tau], counts[tau] = None, 0
                continue
            candidates: list[tuple[int, int, Choice | None]] = []
            stay = legs[tau]
            if here == tau and stay is not None:
                candidates.append((stay, legs_ways[tau], _STAYS))
            for node, table, problem in query.finishes(macro.base, tau, to_tower=to_tower):
                d = best.get(node)
                if d is None:
                    continue
                ways = shortest.ways[node]
                if table is not None:
                    if not _solves(table, size):
                        continue
                    d += lengths.get(table, size)
                    if self.counting:
                        ways *= query.transfer_count(size, problem)
                choice = None
                if self.record:
                    far, steps = _path(shortest, node, reverse=not to_tower)
                    transfer = Transfer(problem)
                    path = (*steps, transfer) if to_tower else (transfer, *steps)
                    choice = Choice(False, (far[3:5],), path)
                candidates.append((d, ways, choice))
            values[tau], counts[tau], chosen = _best(candidates)
            if chosen is not None:
                choices[tau] = chosen
        return values, counts, choices

    def _first(self, m: int) -> _Values:
        """One disk: walks over (post, face) with no tower in the way."""
        query = self.query
        sm, tm = query.s[1], query.t[1]
        to_dist, to_ways, to_walk = _walks(query, query.cs[1], sm, reverse=False)
        from_dist, from_ways, from_walk = _walks(query, query.ct[1], tm, reverse=True)
        towers = query.towers
        between = to_dist.get(tm) if query.apart <= 1 else None
        if self.record:
            self.choices.append(
                (
                    {tau: Choice(tau == sm, (), tuple(to_walk[tau])) for tau in to_dist},
                    {tau: Choice(tau == tm, (), tuple(from_walk[tau])) for tau in from_dist},
                    None if between is None else Choice(sm == tm, (), tuple(to_walk[tm])),
                )
            )
        return _Values(
            {tau: to_dist.get(tau) for tau in towers},
            {tau: from_dist.get(tau) for tau in towers},
            between,
            {tau: to_ways.get(tau, 0) for tau in towers},
            {tau: from_ways.get(tau, 0) for tau in towers},
            to_ways.get(tm, 0) if between is not None else 0,
        )


_STAYS = Choice(True, (), ())

#: Numbers of optimal paths are refused once one has more bits than this (a count's size grows
#: exponentially with the number of disks under magnetic rules: 533 bits for NNN's 15 disks).
COUNT_BITS = 1 << 18


def _count_guard(values: _Values, m: int, n: int, before: int) -> int:
    """The largest count's bit length at level m; refuse the query once it passes COUNT_BITS."""
    bits = max(
        values.between_ways.bit_length(),
        *(ways.bit_length() for ways in values.to_tower_ways.values()),
        *(ways.bit_length() for ways in values.from_tower_ways.values()),
    )
    if bits > COUNT_BITS:
        growth = bits / max(before, 1)
        estimate = math.log10(bits) + (n - m) * math.log10(max(growth, 1.0))
        raise TooLargeError(
            f"the number of shortest paths between these positions of {n:,} disks is too large "
            f"to compute: it has more than {COUNT_BITS:,} bits by disk {m} and grows about "
            f"{growth:.2f}-fold in size per disk, to about 10^{estimate:.0f} bits in all"
        )
    return bits


def _walks(
    query: _Query, base: Context, place: Place, *, reverse: bool
) -> tuple[dict[Place, int], dict[Place, int], dict[Place, list[Move]]]:
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
