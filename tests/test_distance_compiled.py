"""Distances through the compiled macro graphs equal the general search's, and BFS's.

``Chains(..., compiled=True)`` (what ``search.distance`` runs) searches the compiled graphs at
levels _SHARED_LEVELS < m < apart (apart: the largest disk where the positions differ) and the
general search elsewhere; ``compiled=False`` is the general search at every level. Both sides
of each threshold: n up to _SHARED_LEVELS + 1 (the compiled graphs never run), just above, and
up to 1,500 disks; every magnetic colouring, with all directions and with random ones.
"""

from __future__ import annotations

import random

import pytest

from hanoi_magnet import ClassicRules, MagneticRules, Rules, State
from hanoi_magnet._engine import chains
from hanoi_magnet._engine.chains import Chains
from hanoi_magnet.search import distance
from hanoi_magnet.variants import SID_LABELS
from tests.oracle import bfs_distance, random_legal_position
from tests.rulesets import ARC_SETS, CONNECTED


def both(rules: Rules, start: State, goal: State) -> int | None:
    fast = Chains(rules, start, goal, record=False, counting=False)
    general = Chains(rules, start, goal, record=False, counting=False, compiled=False)
    assert fast.distance == general.distance
    return fast.distance


def differ_high(rules: Rules, n: int, rng: random.Random) -> tuple[State, State]:
    """Two random legal positions (apart is then near n; the tests below also lower it)."""
    start, goal = random_legal_position(rules, n, rng), random_legal_position(rules, n, rng)
    return start, goal


def test_the_threshold_is_what_the_tests_assume() -> None:
    assert chains._SHARED_LEVELS == 3


@pytest.mark.parametrize("label", SID_LABELS)
@pytest.mark.parametrize("n", [3, 4, 5, 7])
def test_every_colouring_against_breadth_first_search(label: str, n: int) -> None:
    rng = random.Random(f"{label}{n}")
    for allowed in (None, rng.choice(ARC_SETS), rng.choice(ARC_SETS)):
        rules = MagneticRules(label) if allowed is None else MagneticRules(label, allowed=allowed)
        for _ in range(4):
            start, goal = differ_high(rules, n, rng)
            assert both(rules, start, goal) == bfs_distance(rules, start, goal)


@pytest.mark.parametrize("label", SID_LABELS)
@pytest.mark.parametrize("n", [6, 40, 200])
def test_every_colouring_against_the_general_search(label: str, n: int) -> None:
    rng = random.Random(f"{label}-{n}")
    for allowed in (None, rng.choice(ARC_SETS)):
        rules = MagneticRules(label) if allowed is None else MagneticRules(label, allowed=allowed)
        for _ in range(3):
            both(rules, *differ_high(rules, n, rng))
        # the same above a common top: apart well below n
        start, goal = differ_high(rules, n, rng)
        top = n // 2
        goal_posts = [list(stack) for stack in goal.posts]
        for stack in goal_posts:
            stack[:] = [d for d in stack if d <= top]
        for post, stack in enumerate(start.posts):
            goal_posts[post][:0] = [d for d in stack if d > top]
        faces = None
        if rules.magnetic:
            assert start.faces is not None and goal.faces is not None
            faces = [(start.faces if d > top else goal.faces)[d - 1] for d in range(1, n + 1)]
        mixed = State(goal_posts, faces)
        if rules.is_legal_state(mixed):
            both(rules, start, mixed)


@pytest.mark.parametrize("n", [1_000, 1_500])
def test_many_disks_against_the_general_search(n: int) -> None:
    rng = random.Random(n)
    for rules in (MagneticRules("NNN"), MagneticRules("RBB"), ClassicRules(3, CONNECTED[0])):
        found = both(rules, *differ_high(rules, n, rng))
        assert found is None or found > 0


def off_tower(rules: Rules, n: int) -> State:
    """A tower on post 2 with its smallest disk moved away: not a tower, so no formula answers."""
    tower = State.tower(n, 2, face="B")
    return rules.apply(tower, next(iter(rules.legal_moves(tower))))


def test_search_distance_runs_the_compiled_graphs(monkeypatch: pytest.MonkeyPatch) -> None:
    # search.distance's answer goes through Chains' default (compiled) for magnetic rules
    calls: list[tuple[int, int]] = []
    original = Chains._compiled_levels

    def spy(self: Chains, low: int, high: int, below: object) -> object:
        calls.append((low, high))
        return original(self, low, high, below)  # type: ignore[arg-type]

    monkeypatch.setattr(Chains, "_compiled_levels", spy)
    rules = MagneticRules("NNN")
    start, goal = State.tower(8, 0, face="R"), off_tower(rules, 8)
    assert distance(rules, start, goal) == bfs_distance(rules, start, goal)
    assert calls == [(chains._SHARED_LEVELS + 1, 7)]  # levels 4 .. 7 (apart = 8)
    calls.clear()
    start, goal = State.tower(5, 0, face="R"), off_tower(rules, 5)
    assert distance(rules, start, goal) == bfs_distance(rules, start, goal)
    assert calls == [(4, 4)]
    calls.clear()
    start, goal = State.tower(4, 0, face="R"), off_tower(rules, 4)
    assert distance(rules, start, goal) == bfs_distance(rules, start, goal)
    assert calls == []  # levels up to 3 only: the general search
