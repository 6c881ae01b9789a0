"""Which distances need no search (search._queries.known_distance), and that they are exact.

The one place that decides it: search.distance asks it first, and so do the commands before
they refuse a search as too large (cli/_limits.py keeps only the refusals).
"""

from __future__ import annotations

import itertools

import pytest

from hanoi_magnet import ClassicRules, Color, MagneticRules, Rules, State, default_registry, solve
from hanoi_magnet._engine.chains import Chains
from hanoi_magnet.search import _queries, distance
from hanoi_magnet.search._queries import known_distance
from hanoi_magnet.variants import SID_LABELS
from tests.oracle import bfs_distance, bfs_geodesics
from tests.rulesets import ARC_SETS, CONNECTED


def towers(rules: Rules, n: int) -> list[State]:
    faces = (None,) if not rules.magnetic else (Color.RED, Color.BLUE)
    found = []
    for post, face in itertools.product(range(rules.posts), faces):
        state = State.tower(n, post, posts=rules.posts, face=face)
        if rules.check_state(state) is None:
            found.append(state)
    return found


def three_post_rules() -> list[Rules]:
    found: list[Rules] = [ClassicRules(3, arcs) for arcs in ARC_SETS]
    found += [MagneticRules(label) for label in SID_LABELS]
    found += [MagneticRules(label, allowed=arcs) for label in ("NNN", "RBN") for arcs in CONNECTED]
    return found


@pytest.mark.parametrize("rules", three_post_rules(), ids=repr)
def test_three_post_towers_equal_breadth_first_search(rules):
    """Every ordered pair of towers (posts and faces) up to 4 disks, reachable or not."""
    for n in (1, 2, 3, 4):
        for start in towers(rules, n):
            searched = bfs_geodesics(rules, start)
            for goal in towers(rules, n):
                expected = searched[goal.code][0] if goal.code in searched else None
                found = known_distance(rules, start, goal)
                if expected is None:
                    assert found is None, (rules, str(start), str(goal))
                else:
                    assert found == expected, (rules, str(start), str(goal))


@pytest.mark.parametrize("label", ["NNN", "RBN", "NBN"])
@pytest.mark.parametrize("n", [13, 256, 257])  # lengths memoised up to 256, closed form beyond
def test_three_post_towers_equal_the_chains_for_many_disks(label, n):
    for arcs in (None, CONNECTED[0]):
        rules = MagneticRules(label, allowed=arcs)
        for start, goal in itertools.product(towers(rules, n), repeat=2):
            chains = Chains(rules, start, goal, record=False, counting=False)
            assert known_distance(rules, start, goal) == chains.distance


def test_other_positions_are_left_to_the_chains_and_the_search():
    rules = MagneticRules("NNN")
    start = State([[3, 2], [1], []], faces="RRB")
    assert known_distance(rules, start, State.tower(3, 2, face=Color.RED)) is None
    mixed = State([[3, 2, 1], [], []], faces="RBR")  # one post, but not one face
    assert known_distance(rules, mixed, State.tower(3, 2, face=Color.RED)) is None
    assert (
        known_distance(ClassicRules(4), State([[2], [1], [], []]), State.tower(2, posts=4)) is None
    )


def test_four_peg_classic_towers_are_frame_stewart_numbers():
    # OEIS A007664 (Frame-Stewart, four pegs), proven optimal by Bousch (2014)
    expected = [0, 1, 3, 5, 9, 13, 17, 25, 33, 41, 49, 65]
    for n, moves in enumerate(expected[1:], 1):
        for a, b in itertools.permutations(range(4), 2):
            start, goal = State.tower(n, a, posts=4), State.tower(n, b, posts=4)
            assert known_distance(ClassicRules(4), start, goal) == moves
    assert (
        known_distance(ClassicRules(4), State.tower(5, 1, posts=4), State.tower(5, 1, posts=4)) == 0
    )
    assert bfs_distance(ClassicRules(4), State.tower(6, posts=4), State.tower(6, 3, posts=4)) == 17
    # not proven on five pegs, nor with some directions missing: searched
    five = ClassicRules(5)
    assert known_distance(five, State.tower(4, posts=5), State.tower(4, 4, posts=5)) is None
    some = ClassicRules(
        4, [(a, b) for a, b in itertools.permutations(range(4), 2) if a < b or b == 0]
    )
    assert known_distance(some, State.tower(3, posts=4), State.tower(3, 3, posts=4)) is None


def test_distance_answers_towers_of_many_disks_without_the_chains_or_the_search(monkeypatch):
    """Before: distance() ran the level-by-level search between three-post towers (O(n^2)
    bit operations: minutes at 10^6 disks) and breadth-first search between four-peg towers
    (classic:4 at 20 disks: 16 s, then a limit error)."""

    def refuse(*args, **kwargs):
        raise AssertionError("searched")

    monkeypatch.setattr(_queries, "Chains", refuse)
    monkeypatch.setattr(_queries._bidirectional, "distance", refuse)
    n = 100_000
    variant = default_registry.variant("NNN")  # its solver is a plan written by hand
    solution = solve("NNN", n)
    assert distance(variant.rules, solution.start, solution.goal) == solution.length
    assert distance(ClassicRules(4), State.tower(20, posts=4), State.tower(20, 3, posts=4)) == 289
