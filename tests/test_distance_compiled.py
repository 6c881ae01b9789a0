"""Distances through the compiled macro graphs equal the general search's, and BFS's.

``Chains(..., compiled=True)`` (what ``search.distance`` runs) searches the compiled graphs at
levels _SHARED_LEVELS < m < apart (apart: the largest disk where the positions differ) and the
general search elsewhere; ``compiled=False`` is the general search at every level. Both sides
of each threshold: n up to _SHARED_LEVELS + 1 (the compiled graphs never run), just above, and
up to 1,500 disks; every magnetic colouring, with all directions and with random ones.
"""

from __future__ import annotations

import itertools
import random

import pytest

from hanoi_magnet import ClassicRules, MagneticRules, Rules, State
from hanoi_magnet._engine import chains
from hanoi_magnet._engine.chains import Chains
from hanoi_magnet._engine.towers import NEUTRAL
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


def banded(rules: Rules, n: int, bands: list[tuple[int, ...]], rng: random.Random) -> State:
    """A legal position whose disks, from the largest down, use only the posts of each band in
    turn (equal shares of n): the posts the smaller disks see change part-way down, so the
    compiled levels run in several stretches of base contexts."""
    where = [0] * n
    for disk in range(1, n + 1):
        band = bands[min((n - disk) * len(bands) // n, len(bands) - 1)]
        where[disk - 1] = rng.choice(band)
    stacks = [[d for d in range(n, 0, -1) if where[d - 1] == p] for p in range(3)]
    faces = None
    if rules.magnetic:
        colours = getattr(rules, "post_colors")  # noqa: B009 (Rules has no post_colors)
        shown = [c if c is not None else rng.choice(("R", "B")) for c in colours]
        faces = [shown[where[d - 1]] for d in range(1, n + 1)]
    return State(stacks, faces)


@pytest.mark.parametrize("label", SID_LABELS)
def test_stretches_of_contexts_that_change_part_way_down(
    label: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Each stretch of levels with the same base contexts steps its own tables' lengths; at a
    # change, the tables both stretches use carry over and the others start from their closed
    # forms. Checked against the general search, with a spy that both kinds of start happen.
    starts: list[tuple[int, int]] = []  # (carried over, fresh) at each stretch but the first
    original = chains._Stretch.lengths

    def spy(self: chains._Stretch, size: int, known: dict[object, int]) -> list[int]:
        if known:
            carried = sum(table in known for table in self.tables)
            starts.append((carried, len(self.tables) - carried))
        return original(self, size, known)  # type: ignore[arg-type]

    monkeypatch.setattr(chains._Stretch, "lengths", spy)
    rng = random.Random(f"bands-{label}")
    layouts = [[(0,), (0, 1), (0, 1, 2)], [(2,), (1, 2), (0, 2), (0, 1, 2)], [(1,), (0, 1, 2)]]
    for allowed in (None, rng.choice(ARC_SETS), rng.choice(ARC_SETS)):
        rules = MagneticRules(label) if allowed is None else MagneticRules(label, allowed=allowed)
        for n in (40, 300):
            for _ in range(3):
                start, goal = (banded(rules, n, rng.choice(layouts), rng) for _ in range(2))
                if rules.is_legal_state(start) and rules.is_legal_state(goal):
                    both(rules, start, goal)
    if "N" in label:  # with every post coloured, the contexts never change
        assert any(carried and fresh for carried, fresh in starts), starts


def test_compiled_levels_from_the_second_disk_on(monkeypatch: pytest.MonkeyPatch) -> None:
    # The compiled levels start above _SHARED_LEVELS, where every tower plan is already
    # steady; started lower, the tables' lengths come from their closed forms until they are.
    monkeypatch.setattr(chains, "_SHARED_LEVELS", 1)
    closed: list[int] = []
    original = chains._Stretch.step

    def spy(self: chains._Stretch, lengths: list[int], size: int) -> list[int]:
        if size < self.steady:
            closed.append(size)
        return original(self, lengths, size)

    monkeypatch.setattr(chains._Stretch, "step", spy)
    rng = random.Random("low")
    five_arcs = [arcs for arcs in ARC_SETS if len(arcs) == 5]  # some plans steady from size 3
    for label in ("NNN", "RBB", "NRB", "RRR"):
        for allowed in (None, *five_arcs):
            rules = MagneticRules(label, allowed=allowed or ARC_SETS[-1])
            for n in (3, 5, 6):
                for _ in range(4):
                    start, goal = differ_high(rules, n, rng)
                    assert both(rules, start, goal) == bfs_distance(rules, start, goal)
    assert closed, "no level below the steady sizes ran compiled"


def test_plans_that_solve_only_some_sizes_are_priced_out(monkeypatch: pytest.MonkeyPatch) -> None:
    # A tower table whose plan solves only some sizes (its problem has no solution at the
    # others) gives its edges no price at those sizes; the compiled search must skip them as
    # the general search does.
    skipped: list[int] = []
    original = chains._Stretch.prices

    def spy(self: chains._Stretch, lengths: list[int], size: int) -> list[int | None]:
        found = original(self, lengths, size)
        if None in found:
            skipped.append(size)
        return found

    monkeypatch.setattr(chains._Stretch, "prices", spy)
    rng = random.Random("priced-out")
    for label in SID_LABELS:
        for allowed in ARC_SETS[::5]:
            rules = MagneticRules(label, allowed=allowed)
            for n in (8, 30):
                both(rules, *differ_high(rules, n, rng))
    assert skipped, "no size had a table priced out"


def test_a_stretch_steps_its_tables_lengths_as_their_closed_forms() -> None:
    # A stretch steps its tables up by their plans (a few additions a level); each table's
    # closed form (its own length system) must agree at every size, including the first
    # sizes, where some plans are not yet steady (five allowed moves: steady from size 3).
    unsteady = 0
    for label in ("NNN", "RBB", "NRN"):
        for allowed in [arcs for arcs in ARC_SETS if len(arcs) >= 5]:
            rules = MagneticRules(label, allowed=allowed)
            tower = State.tower(3, face="R")
            query = chains._Query(rules, tower, tower)
            contexts = [(0, 1, NEUTRAL), (1, 1, 0), (NEUTRAL, NEUTRAL, NEUTRAL)]
            for to_context, from_context in itertools.product(contexts, repeat=2):
                stretch = query.stretch(to_context, from_context)
                unsteady += stretch.steady > 1
                lengths = stretch.lengths(1, {})
                for size in range(2, 41):
                    lengths = stretch.step(lengths, size)
                    assert lengths == [table.length(size) for table in stretch.tables], size
    assert unsteady, "no stretch had a plan that is not steady from size 1"
