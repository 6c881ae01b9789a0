"""Tower problems on three posts under any rules, and their optimal plans, derived.

A *tower problem* moves all m disks, stacked on post a and showing face fa, to post b showing
face fb, under given rules: post colours (magnetic) and allowed directions. Whenever the largest
disk moves from x to y, every smaller disk sits as one tower on the third post (showing one
colour), so an optimal solution is a shortest path through the *macro graph*: nodes are (the
largest disk's post and face, the smaller tower's post and face); edges are one move of the
largest disk, or a transfer of the smaller tower — a tower problem on m - 1 disks in which the
largest disk's post takes its up face as colour (DESIGN.md, "Where the tables come from").

Solving the macro graph with the exact optima of the smaller problems, size by size, gives every
problem's optimal plans. For every tower problem on three posts one plan is optimal at every
size (checked here for every size up to :data:`DERIVE_SIZES` each time a table is derived, and
by the tests against breadth-first search and for hundreds of disks), so each problem becomes a
fixed plan table that the engine runs like any other: exact lengths by its recurrence, moves,
unrank and rank.

Problems are kept in a canonical form: posts renamed so the tower starts on post 0 (and ends on
post 2 when it changes post), and, under magnetic rules, red and blue swapped so it starts red.
"""

from __future__ import annotations

import heapq
import itertools
import threading
from collections.abc import Iterator, Sequence
from typing import ClassVar, NamedTuple

from hanoi_magnet._engine.table import table_of
from hanoi_magnet._steps import MoveStep, PlanTable, Step, SubStep, register_plan
from hanoi_magnet.errors import PlanError
from hanoi_magnet.model import Color
from hanoi_magnet.rules import ClassicRules, MagneticRules, Rules
from hanoi_magnet.variants import Variant

#: A derived plan must be optimal at every size up to this one (and reduce to an optimal walk
#: of one disk): the derivation computes the exact optima level by level to check it.
DERIVE_SIZES = 12

RED, BLUE, NEUTRAL = 0, 1, -1
_INFINITY = float("inf")
_ALL_ARCS = frozenset((a, b) for a in range(3) for b in range(3) if a != b)


class Problem(NamedTuple):
    """A tower problem: post colours (None under classic rules), allowed arcs, ends.

    Faces are 0 (red) and 1 (blue); -1 under classic rules.
    """

    colours: tuple[int, int, int] | None
    arcs: frozenset[tuple[int, int]]
    a: int
    fa: int
    b: int
    fb: int

    @property
    def magnetic(self) -> bool:
        return self.colours is not None


def rules_key(rules: Rules) -> tuple[tuple[int, int, int] | None, frozenset[tuple[int, int]]]:
    """The colours and arcs of three-post rules, as a problem holds them."""
    if rules.posts != 3:
        raise PlanError(f"tower problems need three posts, got {rules!r}")
    allowed = getattr(rules, "allowed", None)
    arcs = _ALL_ARCS if allowed is None else frozenset(allowed)
    if isinstance(rules, MagneticRules):
        colours = tuple(NEUTRAL if c is None else c.bit for c in rules.post_colors)
        return (colours[0], colours[1], colours[2]), arcs
    if isinstance(rules, ClassicRules):
        return None, arcs
    raise PlanError(f"unknown rules {rules!r}")


def _accepts(colour: int, face: int) -> bool:
    return colour in (NEUTRAL, face)


def legal_end(problem: Problem, post: int, face: int) -> bool:
    """Whether a tower may stand on ``post`` showing ``face`` (its bottom on the bare post)."""
    return problem.colours is None or _accepts(problem.colours[post], face)


class Placement(NamedTuple):
    """How a canonical problem sits in ours: its post i is our posts[i]; colours swapped?"""

    posts: tuple[int, int, int]
    swap: bool


def canonical(problem: Problem) -> tuple[Problem, Placement]:
    """The canonical problem and where its posts and colours go in ours."""
    a, b = problem.a, problem.b
    # our posts in canonical order: canonical i is our order[i]
    order = (a, 3 - a - b, b) if a != b else (a, *(p for p in range(3) if p != a))
    position = {post: i for i, post in enumerate(order)}
    arcs = frozenset((position[x], position[y]) for x, y in problem.arcs)
    swap = problem.magnetic and problem.fa == BLUE
    colours = None
    if problem.colours is not None:
        renamed = tuple(problem.colours[post] for post in order)
        if swap:
            renamed = tuple(c if c == NEUTRAL else c ^ 1 for c in renamed)
        colours = (renamed[0], renamed[1], renamed[2])
    fa, fb = problem.fa, problem.fb
    if swap:
        fa, fb = fa ^ 1, fb ^ 1
    found = Problem(colours, arcs, 0, fa, position[b], fb)
    return found, Placement((order[0], order[1], order[2]), bool(swap))


# --------------------------------------------------------------------------------------------
# The exact optima, size by size, and the macro paths that reach them.


class _Edge(NamedTuple):
    """A macro-graph edge: a move of the largest disk, or a transfer (a smaller problem)."""

    target: tuple[int, int, int, int] | None  # (x, fx, z, c); None: the goal
    move: tuple[int, int] | None  # (x, y) for a move
    transfer: Problem | None


class _Optima:
    """Exact optimal costs of canonical problems at each size (memoised; grows on demand)."""

    def __init__(self) -> None:
        self.costs: dict[tuple[int, Problem], float] = {}
        self.lock = threading.RLock()

    def cost(self, m: int, problem: Problem) -> float:
        """The optimal number of moves (infinity: unsolvable), problem in any form."""
        if m == 0 or (problem.a, problem.fa) == (problem.b, problem.fb):
            return 0
        if not (
            legal_end(problem, problem.a, problem.fa) and legal_end(problem, problem.b, problem.fb)
        ):
            return _INFINITY
        key, _ = canonical(problem)
        with self.lock:
            found = self.costs.get((m, key))
            if found is None:
                found = self.costs[m, key] = self._shortest(m, key)[0]
        return found

    def paths(self, m: int, problem: Problem) -> list[tuple[_Edge, ...]]:
        """Every optimal macro path of a canonical problem at size m >= 2."""
        cost, _, preds = self._shortest(m, problem)
        if cost == _INFINITY:
            return []

        out: list[tuple[_Edge, ...]] = []

        def walk(node: object, suffix: tuple[_Edge, ...]) -> None:
            if node == "start":
                out.append(suffix)
                return
            for previous, edge in preds[node]:
                walk(previous, (edge, *suffix))

        walk("goal", ())
        return out

    def _shortest(
        self, m: int, problem: Problem
    ) -> tuple[float, dict[object, float], dict[object, list[tuple[object, _Edge]]]]:
        """Dijkstra over (x, fx, z, c) from the start tower to the goal tower (sizes >= 2)."""
        best: dict[object, float] = {"start": 0}
        preds: dict[object, list[tuple[object, _Edge]]] = {"start": []}
        order = itertools.count()
        heap: list[tuple[float, int, object]] = [(0, next(order), "start")]
        while heap:
            distance, _, node = heapq.heappop(heap)
            if distance > best.get(node, _INFINITY) or node == "goal":
                continue
            for edge, weight in self._edges(m, problem, node):
                if weight == _INFINITY:
                    continue
                after = "goal" if edge.target is None else edge.target
                total = distance + weight
                known = best.get(after, _INFINITY)
                if total < known:
                    best[after] = total
                    preds[after] = [(node, edge)]
                    heapq.heappush(heap, (total, next(order), after))
                elif total == known:
                    preds[after].append((node, edge))
        return best.get("goal", _INFINITY), best, preds

    def _edges(self, m: int, problem: Problem, node: object) -> Iterator[tuple[_Edge, float]]:
        for edge in macro_edges(m, problem, node):
            yield edge, 1 if edge.transfer is None else self.cost(m - 1, edge.transfer)


def _sub(problem: Problem, x: int, fx: int, a: int, fa: int, b: int, fb: int) -> Problem:
    """The smaller tower's problem while the largest disk lies on x showing fx."""
    colours = problem.colours
    if colours is not None:
        listed = list(colours)
        listed[x] = fx  # the largest disk colours its post with its up face
        colours = (listed[0], listed[1], listed[2])
    return Problem(colours, problem.arcs, a, fa, b, fb)


def macro_edges(m: int, problem: Problem, node: object) -> Iterator[_Edge]:
    """The macro graph's edges out of ``node`` ("start", "goal" or (x, fx, z, c)) at size m."""
    faces = (RED, BLUE) if problem.magnetic else (NEUTRAL,)
    colours, arcs = problem.colours, problem.arcs
    if m == 1:  # no smaller tower: single moves of the one disk
        x, fx = (problem.a, problem.fa) if node == "start" else node[:2]  # type: ignore[index]
        for y in range(3):
            face = fx ^ 1 if problem.magnetic else NEUTRAL
            if y != x and (x, y) in arcs and (colours is None or _accepts(colours[y], face)):
                target = None if (y, face) == (problem.b, problem.fb) else (y, face, -1, -1)
                yield _Edge(target, (x, y), None)
        return
    if node == "start":
        x, fx = problem.a, problem.fa
        for z, c in itertools.product(range(3), faces):
            if z != x:
                sub = _sub(problem, x, fx, x, fx, z, c)
                yield _Edge((x, fx, z, c), None, sub)
        return
    x, fx, z, c = node  # type: ignore[misc]
    y = 3 - x - z
    face = fx ^ 1 if problem.magnetic else NEUTRAL
    if (x, y) in arcs and (colours is None or _accepts(colours[y], face)):
        yield _Edge((y, face, z, c), (x, y), None)
    for z2, c2 in itertools.product(range(3), faces):
        if z2 != x and (z2, c2) != (z, c):
            sub = _sub(problem, x, fx, z, c, z2, c2)
            yield _Edge((x, fx, z2, c2), None, sub)
    if (x, fx) == (problem.b, problem.fb):
        sub = _sub(problem, x, fx, z, c, x, fx)
        yield _Edge(None, None, sub)


_OPTIMA = _Optima()


def optimum(m: int, problem: Problem) -> float:
    """The exact optimum of a tower problem at size m (DP; for checks at small sizes)."""
    return _OPTIMA.cost(m, problem)


# --------------------------------------------------------------------------------------------
# Which sizes a problem can be solved at.


class Sizes(NamedTuple):
    """The sizes at which a tower problem has a solution, for every size.

    ``first[m - 1]`` answers for the sizes m below ``start + period``; from ``start`` on the
    answers repeat with ``period``.
    """

    first: tuple[bool, ...]
    start: int
    period: int

    def __contains__(self, m: object) -> bool:
        if not isinstance(m, int) or m < 1:
            return m == 0
        if m > len(self.first):
            m = self.start + (m - self.start) % self.period
        return self.first[m - 1]

    @property
    def always(self) -> bool:
        """Solvable at every size."""
        return all(self.first)

    @property
    def never(self) -> bool:
        """Solvable at no size."""
        return not any(self.first)


_SIZES: dict[Problem, Sizes] = {}


def solvable_sizes(problem: Problem) -> Sizes:
    """The sizes at which a problem has a solution, exactly, for every size.

    Whether a problem can be solved with m >= 2 disks depends only on which smaller problems can
    be solved with m - 1 (the transfers of its macro graph; the moves of the largest disk do not
    depend on m). So over the finitely many problems one problem leads to, the sets solvable
    with 1, 2, 3, ... disks are each a function of the one before, and from the first repeat on
    they cycle; the answer for every size is read off that cycle.
    """
    key, _ = canonical(problem)
    with _LOCK:
        if key not in _SIZES:
            _find_sizes(key)
        return _SIZES[key]


def _find_sizes(root: Problem) -> None:
    family = _family(root)
    history = [frozenset(p for p in family if _OPTIMA.cost(1, p) < _INFINITY)]
    while True:
        below = history[-1]
        solvable = frozenset(p for p in family if _reaches(p, below))
        if solvable in history:
            start = history.index(solvable) + 1
            period = len(history) + 1 - start
            break
        history.append(solvable)
    for problem in family:
        if problem not in _SIZES:
            first = tuple(problem in level for level in history)
            _SIZES[problem] = Sizes(first, start, period)


def _family(root: Problem) -> list[Problem]:
    """Every canonical problem a problem's macro graph transfers to, itself first."""
    faces = (RED, BLUE) if root.magnetic else (NEUTRAL,)
    found = [root]
    seen = {root}
    for problem in found:
        nodes: list[object] = ["start"]
        nodes += [n for n in itertools.product(range(3), faces, range(3), faces) if n[0] != n[2]]
        for node in nodes:
            for edge in macro_edges(2, problem, node):
                sub = edge.transfer
                if sub is None or not _nontrivial(sub):
                    continue
                key, _ = canonical(sub)
                if key not in seen:
                    seen.add(key)
                    found.append(key)
    return found


def _nontrivial(problem: Problem) -> bool:
    """A transfer that moves the tower between legal ends (others are free or impossible)."""
    return (problem.a, problem.fa) != (problem.b, problem.fb) and (
        legal_end(problem, problem.a, problem.fa) and legal_end(problem, problem.b, problem.fb)
    )


def _reaches(problem: Problem, below: frozenset[Problem]) -> bool:
    """Whether the macro graph at a size m >= 2 leads from start to goal.

    The transfers are possible exactly for the problems in ``below`` (those solvable with
    m - 1 disks).
    """
    if (problem.a, problem.fa) == (problem.b, problem.fb):
        return True
    if not _nontrivial(problem):
        return False
    seen: set[object] = {"start"}
    pending: list[object] = ["start"]
    while pending:
        node = pending.pop()
        for edge in macro_edges(2, problem, node):
            sub = edge.transfer
            if sub is not None and _nontrivial(sub) and canonical(sub)[0] not in below:
                continue
            if sub is not None and (sub.a, sub.fa) != (sub.b, sub.fb) and not _nontrivial(sub):
                continue  # an illegal end: no transfer
            if edge.target is None:
                return True
            if edge.target not in seen:
                seen.add(edge.target)
                pending.append(edge.target)
    return False


# --------------------------------------------------------------------------------------------
# Plans, as tables the engine runs.


class TowerTable(PlanTable):
    """Base class of the derived tower tables (made by :func:`tower_table`)."""

    problem: ClassVar[Problem]
    #: The sizes the plan solves, when not every size (the problem has no solution at others).
    sizes: ClassVar[Sizes | None] = None
    #: The plans of the first sizes, where the optimal strategy is not yet the steady one.
    early: ClassVar[dict[int, tuple[Step, ...]]] = {}
    #: The first size from which :attr:`plan` is the plan (1 unless :attr:`early` has some).
    steady_from: ClassVar[int] = 1


def solves(table: type[TowerTable], m: int) -> bool:
    """Whether the table's plan solves its problem with m disks (None of them: trivially)."""
    return table.sizes is None or m in table.sizes


_TABLES: dict[Problem, type[TowerTable] | None] = {}
_DERIVING: set[Problem] = set()
_LOCK = threading.RLock()


def tower_table(problem: Problem) -> tuple[type[TowerTable], Placement] | None:
    """The plan table of a tower problem and where its posts go in ours (None: unsolvable)."""
    key, placement = canonical(problem)
    with _LOCK:
        _ensure(key)
        found = _TABLES[key]
    return None if found is None else (found, placement)


def _ensure(key: Problem) -> None:
    """Derive the table of a canonical problem unless it is known or being derived."""
    if key in _TABLES or key in _DERIVING:
        return
    _DERIVING.add(key)
    try:
        _TABLES[key] = _derive(key)
    finally:
        _DERIVING.discard(key)


def _label(problem: Problem) -> str:
    colours = (
        "classic"
        if problem.colours is None
        else "".join("N" if c == NEUTRAL else "RB"[c] for c in problem.colours)
    )
    arcs = ",".join(f"{'SID'[x]}{'SID'[y]}" for x, y in sorted(problem.arcs))
    face = {NEUTRAL: "", RED: "r", BLUE: "b"}
    return (
        f"~tower({colours}; {arcs}; {'SID'[problem.a]}{face[problem.fa]}"
        f"->{'SID'[problem.b]}{face[problem.fb]})"
    )


def _derive(problem: Problem) -> type[TowerTable] | None:
    """The problem's plan table (None: unsolvable at every size).

    The plan is the first macro path optimal at every size from some size on (checked at every
    size up to DERIVE_SIZES, or further when the optimal paths only settle later); below that
    size, where the optimal strategy is a different one, the table gives each size its own
    optimal path. A problem solvable at some sizes only (moves in directions that do not
    connect every post, or magnetic parities on a cycle) has its ``sizes``, which
    :func:`solvable_sizes` knows exactly for every size.
    """
    pattern = solvable_sizes(problem)
    if pattern.never:
        return None
    steady, early = _plans(problem, pattern)
    label = _label(problem)
    namespace: dict[str, object] = {
        "label": label,
        "variant": _variant(problem, label),
        "plan": steady,
        "problem": problem,
        "sizes": None if pattern.always else pattern,
        "early": early,
        "steady_from": max(early, default=0) + 1,
        "__doc__": f"The derived optimal plan of {label}.",
        "__module__": __name__,
    }
    if early:
        namespace["steps"] = classmethod(_early_or_steady)
    table = type(f"Tower{len(_TABLES)}", (TowerTable,), namespace)
    register_plan(label, table)
    _TABLES[problem] = table  # before the smaller problems, which may name it
    for plan in (steady, *early.values()):
        for step in plan:
            if isinstance(step, SubStep):
                _ensure(_CANONICAL_OF_LABEL[step.label])
    return table


def _early_or_steady(cls: type[TowerTable], n: int) -> Sequence[Step]:
    return cls.early.get(n, cls.plan)


#: Sizes past DERIVE_SIZES tried when the optimal paths have not settled by then.
_SETTLE_SIZES = 8


def _plans(
    problem: Problem, pattern: Sizes
) -> tuple[tuple[Step, ...], dict[int, tuple[Step, ...]]]:
    """The steady plan and the plans of the sizes before it settles."""
    base = max(DERIVE_SIZES, pattern.start + pattern.period)
    one_disk = _OPTIMA.cost(1, problem)
    early: dict[int, tuple[Step, ...]] = {}
    if not any(pattern.first[pattern.start - 1 :]):  # solvable at a few sizes: a plan each
        solvable = [m for m in range(1, pattern.start) if m in pattern]
        for m in solvable:
            path = (
                _one_disk_walk(problem)
                if m == 1
                else min(_OPTIMA.paths(m, problem), key=_path_order)
            )
            early[m] = _steps(path)
        return early.pop(solvable[-1]), early
    for last in (base, base + _SETTLE_SIZES):
        checked = [m for m in range(2, last + 1) if m in pattern]
        if not checked:  # solvable with one disk only
            return _steps(_one_disk_walk(problem)), early
        paths = {m: set(_OPTIMA.paths(m, problem)) for m in checked}
        # the longest run of sizes up to the last with an optimal path in common, at least 3
        first = len(checked) - 1
        while first > 0 and set.intersection(*(paths[m] for m in checked[first - 1 :])):
            first -= 1
        common = set.intersection(*(paths[m] for m in checked[first:]))
        if common and len(checked) - first >= min(3, len(checked)):
            break
    else:
        raise PlanError(f"the optimal plans of {_label(problem)} do not settle by {last} disks")
    steady = min(common, key=_path_order)
    for m in checked[:first]:
        early[m] = _steps(min(paths[m], key=_path_order))
    if 1 in pattern and sum(e.move is not None for e in steady) != one_disk:
        early[1] = _steps(_one_disk_walk(problem))
    return _steps(steady), early


def _steps(path: Sequence[_Edge]) -> tuple[Step, ...]:
    return tuple(_step(edge) for edge in path)


def _one_disk_walk(problem: Problem) -> tuple[_Edge, ...]:
    """The first shortest walk of a lone disk (a plan for a problem solvable with 1 disk only)."""
    start = (problem.a, problem.fa)
    previous: dict[tuple[int, int], tuple[int, int] | None] = {start: None}
    frontier = [start]
    while frontier and (problem.b, problem.fb) not in previous:
        following = []
        for x, fx in frontier:
            face = fx ^ 1 if problem.magnetic else NEUTRAL
            for y in range(3):
                after = (y, face)
                if y == x or (x, y) not in problem.arcs or not legal_end(problem, y, face):
                    continue
                if after not in previous:
                    previous[after] = (x, fx)
                    following.append(after)
        frontier = following
    walk: list[_Edge] = []
    place = (problem.b, problem.fb)
    while (before := previous[place]) is not None:
        walk.append(_Edge(None, (before[0], place[0]), None))
        place = before
    return tuple(reversed(walk))


def _path_order(path: Sequence[_Edge]) -> tuple[int, str]:
    """Fewest steps first, then a fixed order, so derivations are reproducible."""
    return len(path), repr(path)


def _step(edge: _Edge) -> Step:
    if edge.move is not None:
        return MoveStep(edge.move[0], edge.move[1])
    assert edge.transfer is not None
    key, placement = canonical(edge.transfer)
    _CANONICAL_OF_LABEL[_label(key)] = key
    return SubStep(_label(key), placement.posts, swap=placement.swap)


_CANONICAL_OF_LABEL: dict[str, Problem] = {}


def _variant(problem: Problem, label: str) -> Variant:
    colours = problem.colours
    arcs = None if problem.arcs == _ALL_ARCS else problem.arcs
    rules: Rules
    if colours is None:
        rules = ClassicRules(3, arcs)
        start_face = goal_face = None
    else:
        letters = "".join("N" if c == NEUTRAL else "RB"[c] for c in colours)
        rules = MagneticRules(letters) if arcs is None else MagneticRules(letters, allowed=arcs)
        start_face, goal_face = Color("RB"[problem.fa]), Color("RB"[problem.fb])
    return Variant(label, rules, problem.a, problem.b, start_face, goal_face)


# --------------------------------------------------------------------------------------------
# How many optimal solutions a tower problem has.

_GEODESICS: dict[tuple[int, Problem], int] = {}


def geodesics(m: int, problem: Problem) -> int:
    """The number of distinct optimal move sequences of a tower problem with m disks (0: none).

    The optimal macro paths at size m are found with the tables' exact lengths; each transfer
    contributes the number of optimal solutions of its smaller problem.
    """
    if m == 0 or (problem.a, problem.fa) == (problem.b, problem.fb):
        return 1
    key, _ = canonical(problem)
    found = _GEODESICS.get((m, key))
    if found is None:
        for size in range(1, m):  # smaller sizes first: no deep recursion
            if (size, key) not in _GEODESICS:
                _GEODESICS[size, key] = _count(size, key)
        found = _GEODESICS[m, key] = _count(m, key)
    return found


def _count(m: int, problem: Problem) -> int:
    """Optimal sequences at size m >= 2: paths in the alternating macro graph, weighted.

    A solution is: a transfer of the smaller tower off the start, then moves of the largest
    disk, each followed by one transfer of the tower (or none, if it moves again at once), the
    last one by the transfer onto the goal. Node (0, x, fx, z, c): the largest disk moves next;
    (1, ...): it has just moved. Each move sequence has exactly one such path.
    """
    found = tower_table(problem)
    if found is None or not solves(found[0], m):
        return 0
    if m == 1:
        return _count_one_disk(problem)
    faces = (RED, BLUE) if problem.magnetic else (NEUTRAL,)
    colours, arcs = problem.colours, problem.arcs
    best: dict[object, int] = {}
    ways: dict[object, int] = {}
    order = itertools.count()
    heap: list[tuple[int, int, object]] = []

    def reach(node: object, cost: int, count: int) -> None:
        known = best.get(node)
        if known is None or cost < known:
            best[node], ways[node] = cost, count
            heapq.heappush(heap, (cost, next(order), node))
        elif cost == known:
            ways[node] += count

    def transfer(x: int, fx: int, a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int] | None:
        sub = _sub(problem, x, fx, a[0], a[1], b[0], b[1])
        if a == b:
            return 0, 1
        found = tower_table(sub) if legal_end(sub, *a) and legal_end(sub, *b) else None
        if found is None or not solves(found[0], m - 1):
            return None
        return _length(found[0], m - 1), geodesics(m - 1, sub)

    a, fa = problem.a, problem.fa
    for z, c in itertools.product(range(3), faces):
        if z != a and (moved := transfer(a, fa, (a, fa), (z, c))) is not None:
            reach((0, a, fa, z, c), *moved)
    done: set[object] = set()
    while heap:
        cost, _, node = heapq.heappop(heap)
        if node in done:
            continue
        done.add(node)
        if node == "goal":
            continue
        assert isinstance(node, tuple)
        phase, x, fx, z, c = node
        count = ways[node]
        if phase == 0:
            y = 3 - x - z
            face = fx ^ 1 if problem.magnetic else NEUTRAL
            if (x, y) in arcs and (colours is None or _accepts(colours[y], face)):
                reach((1, y, face, z, c), cost + 1, count)
            continue
        reach((0, x, fx, z, c), cost, count)
        for z2, c2 in itertools.product(range(3), faces):
            if z2 != x and (z2, c2) != (z, c) and (moved := transfer(x, fx, (z, c), (z2, c2))):
                reach((0, x, fx, z2, c2), cost + moved[0], count * moved[1])
        if (x, fx) == (problem.b, problem.fb):
            finish = transfer(x, fx, (z, c), (x, fx))
            if finish is not None:
                reach("goal", cost + finish[0], count * finish[1])
    return ways.get("goal", 0)


def _count_one_disk(problem: Problem) -> int:
    faces = (RED, BLUE) if problem.magnetic else (NEUTRAL,)
    del faces
    dist = {(problem.a, problem.fa): 0}
    ways = {(problem.a, problem.fa): 1}
    frontier = [(problem.a, problem.fa)]
    while frontier:
        following = []
        for x, fx in frontier:
            for y in range(3):
                face = fx ^ 1 if problem.magnetic else NEUTRAL
                if y == x or (x, y) not in problem.arcs or not legal_end(problem, y, face):
                    continue
                after = (y, face)
                if after not in dist:
                    dist[after] = dist[(x, fx)] + 1
                    ways[after] = 0
                    following.append(after)
                if dist[after] == dist[(x, fx)] + 1:
                    ways[after] += ways[(x, fx)]
        frontier = following
    return ways.get((problem.b, problem.fb), 0)


def _length(table: type[TowerTable], m: int) -> int:
    return table_of(table).length(m)
