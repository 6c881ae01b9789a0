"""A shortest path keeps O(n) memory: its route's exact lengths at every size are not kept.

The route's parts get their lengths from :class:`hanoi_magnet._engine.routes._PartLengths`
(every level up to MEMO_SIZES, a few checkpoints above, a cursor); the reference here is the
general computation the engine used before: the plan's own sums, level by level, recursively.
Both sides of MEMO_SIZES (also lowered, so that the checkpoints and the cursor's steps run at
sizes breadth-first search checks) and paths of 1,000 disks.
"""

from __future__ import annotations

import random

import pytest

from hanoi_magnet import ClassicRules, MagneticRules, Rules, State, clear_caches
from hanoi_magnet._engine import routes, table
from hanoi_magnet._engine.table import Table, table_of
from hanoi_magnet.search import distance, shortest_path
from hanoi_magnet.variants import SID_LABELS
from tests.oracle import bfs_distance, random_legal_position


def plan_sums(node: Table, m: int, memo: dict[tuple[Table, int], int]) -> int:
    """A table's length at size m as its plan's sum (a path's tables recursively, memoised)."""
    key = (node, m)
    if key not in memo:
        total = 0
        for step in node.resolve(m):
            if step.table is None:
                total += 1
            elif hasattr(step.table.cls, "route"):
                total += plan_sums(step.table, step.disks, memo)
            else:
                total += step.table.length(step.disks)
        memo[key] = total
    return memo[key]


def route_levels(path_route: routes.Route) -> list[tuple[str, int]]:
    levels = [("between", m) for m in path_route.between]
    levels += [("to", m) for m in path_route.to] + [("from", m) for m in path_route.back]
    return levels


def check_route(rules: Rules, start: State, goal: State, rng: random.Random) -> None:
    """Every part's length at every level (shuffled, then descending) against the plan sums;
    the path's moves replayed around random indices."""
    path = shortest_path(rules, start, goal)
    route = path._backend.table.cls.route  # type: ignore[attr-defined]
    memo: dict[tuple[Table, int], int] = {}
    levels = route_levels(route)
    want = {}
    for part, m in sorted(levels, key=lambda item: item[1]):  # bottom up: shallow recursion
        want[part, m] = plan_sums(table_of(route.tables[part]), m, memo)
    shuffled = list(levels)
    rng.shuffle(shuffled)
    for part, m in [*shuffled, *sorted(levels, key=lambda item: -item[1])]:
        assert route.length(part, m) == want[part, m], (part, m)
        assert table_of(route.tables[part]).length(m) == want[part, m]
    length = path.length
    assert length == distance(rules, start, goal) == want["between", start.n]
    assert path.unrank(length) == goal and path.unrank(0) == start
    for k in sorted(rng.randrange(1, length + 1) for _ in range(4)) if length else []:
        before = path.unrank(k - 1)
        assert rules.apply(before, path[k - 1]) == path.unrank(k)
        assert path.rank(before) == k - 1


@pytest.mark.parametrize("memo_sizes", [2, table.MEMO_SIZES])
@pytest.mark.parametrize("label", SID_LABELS)
def test_every_magnetic_label_against_breadth_first_search(
    label: str, memo_sizes: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # MEMO_SIZES 2: levels 3 .. 7 come from checkpoints and the cursor; 256: from the low list
    monkeypatch.setattr(table, "MEMO_SIZES", memo_sizes)
    monkeypatch.setattr(routes, "CHECKPOINTS", 2)
    clear_caches()
    rules = MagneticRules(label)
    rng = random.Random(f"{label}-{memo_sizes}")
    checked = 0
    while checked < 3:
        start, goal = random_legal_position(rules, 7, rng), random_legal_position(rules, 7, rng)
        if bfs_distance(rules, start, goal) is None:
            continue
        assert shortest_path(rules, start, goal).length == bfs_distance(rules, start, goal)
        check_route(rules, start, goal, rng)
        checked += 1
    clear_caches()


@pytest.mark.parametrize(
    ("rules", "n"),
    [
        (MagneticRules("NNN"), 300),
        (MagneticRules("RBB"), 300),
        (MagneticRules("NRB"), 300),
        (MagneticRules("NNN", allowed=[(0, 1), (1, 0), (1, 2), (2, 1)]), 300),
        (ClassicRules(3), 300),
        (MagneticRules("NNN"), 1_000),
    ],
)
def test_above_the_memo_sizes_against_the_plan_sums(rules: Rules, n: int) -> None:
    rng = random.Random(n)
    found = 0
    while found < 2:
        start, goal = random_legal_position(rules, n, rng), random_legal_position(rules, n, rng)
        try:
            distance(rules, start, goal)
        except Exception:  # a dead end or an unreachable goal: draw again
            continue
        check_route(rules, start, goal, rng)
        found += 1


def test_route_tables_keep_nothing_per_size_above_the_memo_sizes() -> None:
    # Before: every level's exact length and record (n lengths of up to n bits: O(n^2)).
    rules, n = MagneticRules("NNN"), 600
    tower, goal = State.tower(n, 0, face="R"), State.tower(n, 2, face="B")
    start = rules.apply(tower, rules.legal_moves(tower)[0])  # not a tower: the chains' route
    path = shortest_path(rules, start, goal)
    length = path.length
    for k in (length // 3, length // 2, length - 5):
        assert rules.apply(path.unrank(k), path[k]) == path.unrank(k + 1)
    route = path._backend.table.cls.route  # type: ignore[attr-defined]
    for part in route.tables.values():
        memo = table_of(part).memo
        kept = [*memo.lengths, *memo.levels, *memo.shallow, *memo.entries]
        assert all(size <= table.MEMO_SIZES for size in kept), sorted(kept)[-3:]
    held = route.lengths
    assert len(held.low) <= table.MEMO_SIZES + 1
    assert len(held.checkpoints) <= routes.CHECKPOINTS + 1


def test_the_old_memo_limit_no_longer_refuses_a_path(monkeypatch: pytest.MonkeyPatch) -> None:
    # Before: refused once n times the distance's bits passed MEMO_BITS (here 64 bits).
    monkeypatch.setattr(table, "MEMO_BITS", 64)
    clear_caches()
    rules = MagneticRules("NNN")
    start, goal = State.tower(300, 0, face="R"), State.tower(300, 2, face="B")
    path = shortest_path(rules, start, goal)
    assert path.length == distance(rules, start, goal)
    assert path.unrank(path.length // 2 + 1) == rules.apply(
        path.unrank(path.length // 2), path[path.length // 2]
    )
    clear_caches()
