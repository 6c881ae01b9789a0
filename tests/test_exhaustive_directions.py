"""Exhaustive search under magnetic rules with one-way moves (MagneticRules(..., allowed=)):
every engine's layer counts and distance tables equal the plain breadth-first search of
tests/oracle.py, and the file formats keep the directions."""

from __future__ import annotations

from collections import deque

import pytest

from hanoi_magnet import MagneticRules, State, UnreachableError
from hanoi_magnet.search import layer_counts, remoteness
from hanoi_magnet.search._exhaustive.fileformat import rules_from_json, rules_to_json
from tests.oracle import bfs_distance, bfs_layers, legal_positions

pytest.importorskip("numpy")

CYCLE = [(0, 1), (1, 2), (2, 0)]
RIGHTWARDS = [(0, 1), (0, 2), (1, 2)]
RULES = [
    MagneticRules("NNN", allowed=CYCLE),
    MagneticRules("RBN", allowed=RIGHTWARDS),
    MagneticRules("NNB", allowed=[(0, 1), (1, 0), (1, 2), (2, 1)]),  # a line: not one-way
    MagneticRules("NNNN", allowed=[(0, 1), (1, 2), (2, 3), (3, 0), (0, 2)]),
]
IDS = [f"{rules.label}-{sorted(rules.allowed or ())}" for rules in RULES]


@pytest.mark.parametrize("rules", RULES, ids=IDS)
@pytest.mark.parametrize("engine", ["python", "numpy"])
def test_layer_counts_equal_the_oracle(rules, engine):
    n = 3
    for start in legal_positions(rules, n)[::29]:
        expected = tuple(len(layer) for layer in bfs_layers(rules, start))
        assert layer_counts(rules, start, engine=engine) == expected, str(start)


def distances_to(rules, positions, goal):
    """Every position's distance to ``goal``: breadth-first search along the moves backwards
    (each move found by the rules, from every position)."""
    before = {state: [] for state in positions}
    for state in positions:
        for move in rules.legal_moves(state):
            before[rules.apply(state, move)].append(state)
    found = {goal: 0}
    frontier = deque([goal])
    while frontier:
        state = frontier.popleft()
        for earlier in before[state]:
            if earlier not in found:
                found[earlier] = found[state] + 1
                frontier.append(earlier)
    return found


@pytest.mark.parametrize("rules", RULES, ids=IDS)
@pytest.mark.parametrize("engine", ["python", "numpy"])
def test_distance_tables_equal_the_oracle(rules, engine):
    positions = legal_positions(rules, 3)
    for goal in positions[::11]:
        expected = distances_to(rules, positions, goal)
        assert bfs_distance(rules, positions[5], goal) == expected.get(positions[5])
        table = remoteness(rules, goal, engine=engine)
        for state in positions:
            try:
                found: int | None = table.distance(state)
            except UnreachableError:
                found = None
            assert found == expected.get(state), (str(state), str(goal))


@pytest.mark.parametrize("rules", RULES, ids=IDS)
def test_the_file_format_keeps_the_directions(rules):
    assert rules_from_json(rules_to_json(rules)) == rules
    assert rules_from_json({"kind": "magnetic", "post_colors": "NNN"}) == MagneticRules("NNN")


def test_a_one_way_table_is_not_read_as_reversible():
    # disks only move rightwards: the goal's table must follow the moves backwards, so a
    # position the goal leads to but that does not lead to the goal has no distance
    rules = MagneticRules("NNNN", allowed=[(0, 1), (1, 2), (2, 3)])
    goal = State([[], [2], [], [1]], faces="BB")
    after = State([[], [], [2], [1]], faces="BR")  # disk 2 moved on (and flipped): no way back
    assert bfs_distance(rules, goal, after) == 1 and bfs_distance(rules, after, goal) is None
    for engine in ("python", "numpy"):
        table = remoteness(rules, goal, engine=engine)
        with pytest.raises(UnreachableError):
            table.distance(after)
