"""The any-to-any reference (tests/reference_distance.py) against breadth-first search.

Every ordered pair of legal positions for n <= 3 — every magnetic colouring, every one of the 64
sets of allowed directions under classic rules, magnetic rules on every strongly connected
direction set with n <= 2 and a sample with n = 3 — and random pairs up to n = 8, comparing the
distance (or unreachability) and the number of shortest move sequences with a breadth-first
search that asks only the rules object (tests/oracle.py). Then the consistency checks: the
tower-to-tower distance of every registered three-post variant up to 300 disks, and
`classic_distance` between random classic positions.
"""

from __future__ import annotations

import random
import sys

import pytest

from hanoi_magnet import (
    ClassicRules,
    MagneticRules,
    Rules,
    State,
    default_registry,
    solve,
)
from hanoi_magnet.search import classic_distance
from hanoi_magnet.variants import SID_LABELS
from tests.macro_picture import PICTURE, draw
from tests.oracle import PositionGraph, bfs_geodesics, random_legal_position
from tests.reference_distance import (
    Answer,
    Tower,
    deep_recursion,
    ends,
    environment,
    reference,
    reference_answer,
    reference_distance,
    reference_geodesics,
)
from tests.rulesets import (
    ARC_SETS,
    CLOCKWISE,
    CONNECTED,
    COUNTER_CLOCKWISE,
    LINE,
    THREE_POST_LABELS,
    random_rules,
    spelled,
    walk,
)
from tests.scale import TOWER_SIZES


def assert_every_pair(rules: Rules, n: int) -> int:
    """Every ordered pair of legal positions: the reference's distance and number of shortest
    paths equal the breadth-first search's. Returns the number of pairs."""
    graph = PositionGraph(rules, n)
    solver = reference(rules, counting=True)
    env = environment(rules)
    positions = [ends(state) for state in graph.states]
    for i, source in enumerate(positions):
        found = graph.geodesics(i)
        for j, target in enumerate(positions):
            expected = found[j] or (None, 0)
            assert solver.solve(n, env, source, target) == expected, (
                rules,
                str(graph.states[i]),
                str(graph.states[j]),
            )
    return len(positions) ** 2


@pytest.mark.parametrize("label", SID_LABELS)
def test_every_pair_of_magnetic_positions_up_to_three_disks(label):
    rules = MagneticRules(label)
    assert sum(assert_every_pair(rules, n) for n in (1, 2, 3)) >= 3**2 + 9**2 + 27**2


@pytest.mark.parametrize("arcs", ARC_SETS, ids=spelled)
def test_every_pair_of_classic_positions_for_every_set_of_directions(arcs):
    """All 64 sets of allowed directions: Sapir's five digraphs in all their orientations,
    and the ones that are not strongly connected (where many pairs are unreachable)."""
    rules = ClassicRules(3, arcs)
    assert sum(assert_every_pair(rules, n) for n in (1, 2, 3)) == 9 + 81 + 729


@pytest.mark.parametrize("arcs", CONNECTED, ids=spelled)
def test_every_pair_of_magnetic_positions_with_restricted_directions(arcs):
    """Every colouring with n <= 2, and with n = 3 one colouring per direction set (NNN, the
    colouring with the most positions, on a line, on both cycles and on cyclic+1/+2)."""
    pairs = 0
    for label in SID_LABELS:
        rules = MagneticRules(label, allowed=arcs)
        pairs += assert_every_pair(rules, 1) + assert_every_pair(rules, 2)
    rng = random.Random(spelled(arcs))
    named = {LINE, CLOCKWISE, COUNTER_CLOCKWISE, CLOCKWISE | {(1, 0)}, CLOCKWISE | {(1, 0), (2, 1)}}
    label = "NNN" if arcs in named else rng.choice(SID_LABELS)
    pairs += assert_every_pair(MagneticRules(label, allowed=arcs), 3)
    assert pairs > 27 * 9


@pytest.mark.parametrize("arcs", ARC_SETS[1::4], ids=spelled)
def test_every_pair_of_magnetic_positions_under_a_sample_of_all_direction_sets(arcs):
    """Every 4th of the 64 direction sets (most of them not strongly connected, so that many
    pairs are unreachable), under magnetic rules with n = 3, one colouring each."""
    label = random.Random(spelled(arcs)).choice(SID_LABELS)
    assert assert_every_pair(MagneticRules(label, allowed=arcs), 3) > 0


#: (disks, breadth-first searches from random starts), each search checking 40 goals
RANDOM_TREES = [(4, 40), (5, 30), (6, 20), (7, 12), (8, 8)]


@pytest.mark.parametrize(("n", "trees"), RANDOM_TREES)
def test_random_pairs_up_to_eight_disks(n, trees):
    """From random starts: one breadth-first search (counting shortest paths) to every
    position it reaches, then the reference for goals among those and for random legal
    positions (often unreachable). Counts are compared up to n = 6 (beyond, only distances:
    the counts grow to hundreds of digits)."""
    rng = random.Random(n)
    checked = reachable = 0
    for _ in range(trees):
        rules = random_rules(rng)
        start = random_legal_position(rules, n, rng)
        found = bfs_geodesics(rules, start)
        goals = [random_legal_position(rules, n, rng) for _ in range(20)]
        goals += [walk(rules, start, rng, 4 * n) for _ in range(20)]
        for goal in goals:
            expected = found.get(goal.code, (None, 0))
            answer = reference_answer(rules, start, goal, counting=n <= 6)
            if n <= 6:
                assert answer == expected, (rules, str(start), str(goal))
            else:
                assert answer.distance == expected[0], (rules, str(start), str(goal))
            checked += 1
            reachable += expected[0] is not None
    assert checked == 40 * trees and reachable >= 20 * trees


def test_towers_counted_against_the_search():
    """Tower to tower for every magnetic label up to 6 disks: distance and number of optimal
    solutions as the breadth-first search finds them."""
    for label in SID_LABELS:
        variant = default_registry.variant(label)
        for n in range(1, 7):
            start, goal = variant.start(n), variant.goal(n)
            expected = bfs_geodesics(variant.rules, start).get(goal.code, (None, 0))
            assert reference_answer(variant.rules, start, goal) == expected, (label, n)


def test_the_classic_puzzle_has_at_most_two_shortest_paths():
    """Hinz et al.: between two positions of the classic three-peg puzzle there are at most two
    shortest paths, and from a tower to any position exactly one."""
    rules = ClassicRules()
    rng = random.Random(2)
    for n in (5, 10, 30):
        tower = State.tower(n, rng.randrange(3))
        for _ in range(30):
            state = random_legal_position(rules, n, rng)
            assert reference_geodesics(rules, tower, state) == 1
            assert reference_geodesics(rules, state, tower) == 1
            assert reference_geodesics(rules, state, random_legal_position(rules, n, rng)) in (1, 2)


def test_every_three_post_variant_is_covered():
    assert len(THREE_POST_LABELS) == 27 + 6 + 14  # SID, the named classic ones, arcs:


@pytest.mark.parametrize("label", THREE_POST_LABELS)
def test_tower_to_tower_equals_every_solver_up_to_300_disks(label):
    variant = default_registry.variant(label)
    solvable = default_registry.get(label).solvable
    for n in TOWER_SIZES:
        found = reference_distance(variant.rules, variant.start(n), variant.goal(n))
        assert found == (solve(label, n).length if solvable else None), (label, n)


def test_classic_positions_agree_with_classic_distance():
    rules = ClassicRules()
    rng = random.Random(3)
    for n in [*range(1, 13), 40, 100, 300]:
        for _ in range(8 if n < 100 else 2):
            start = random_legal_position(rules, n, rng)
            goal = random_legal_position(rules, n, rng)
            assert reference_distance(rules, start, goal) == classic_distance(start, goal), n


def test_the_level_recursion_reaches_hundreds_of_disks():
    """A problem 300 levels deep needs more frames than the default recursion limit allows;
    the entry points raise it while they work, and restore it."""
    rules = ClassicRules(3, CLOCKWISE)
    before = sys.getrecursionlimit()
    start, goal = State.tower(300, 0), State.tower(300, 1)
    assert reference_distance(rules, start, goal) == solve("cyclic", 300).length
    assert sys.getrecursionlimit() == before
    with deep_recursion(10):
        assert sys.getrecursionlimit() > before
        one = reference(MagneticRules("NNN")).solve(1, (None, None, None), Tower(0, 0), Tower(1, 1))
        assert one == Answer(1, 1)
    assert sys.getrecursionlimit() == before


def test_the_macro_graph_picture_in_the_docs_is_what_the_reference_draws():
    """docs/_static/macro-graph.svg is drawn by tests/macro_picture.py from this reference;
    after a change, run ``python -m tests.macro_picture`` to redraw it."""
    assert PICTURE.read_text(encoding="utf-8") == draw()
    assert "Red: the shortest way, 20 moves." in draw()
    assert solve("cyclic+1", 3).length == 20
