"""Every registered solver is optimal: proven against breadth-first search over the real state
graph (tests/oracle.py, which uses only the rules objects) for every n it reaches quickly."""

from __future__ import annotations

import pytest

from hanoi_magnet import UnsolvableError, default_registry, solve, validate
from hanoi_magnet.variants import SID_LABELS
from tests.oracle import bfs_distance, reachable_states

SOLVABLE = [label for label in SID_LABELS if default_registry.get(label).solvable]
UNSOLVABLE = [label for label in SID_LABELS if not default_registry.get(label).solvable]


def _assert_optimal(label, n):
    solution = solve(label, n)
    variant = solution.variant
    assert bfs_distance(variant.rules, variant.start(n), variant.goal(n)) == solution.length
    report = validate(solution, variant, n)
    assert report.solved, report


def test_the_split_is_24_and_3():
    assert len(SOLVABLE) == 24
    assert sorted(UNSOLVABLE) == ["BBB", "NRR", "RRR"]


@pytest.mark.parametrize("label", SOLVABLE)
@pytest.mark.parametrize("n", range(1, 8))
def test_magnetic_optimal(label, n):
    _assert_optimal(label, n)


@pytest.mark.parametrize("n", range(1, 11))
def test_classic_three_pegs_optimal(n):
    _assert_optimal("classic", n)


@pytest.mark.parametrize("label", ["linear", "cyclic", "cyclic:ccw", "cyclic+1", "cyclic+2"])
@pytest.mark.parametrize("n", range(1, 9))
def test_restricted_families_optimal(label, n):
    _assert_optimal(label, n)


@pytest.mark.parametrize("n", range(1, 9))
def test_frame_stewart_four_pegs_optimal(n):
    _assert_optimal("classic:4", n)


@pytest.mark.parametrize("n", range(1, 7))
def test_frame_stewart_five_pegs_optimal(n):
    _assert_optimal("classic:5", n)


@pytest.mark.parametrize("label", UNSOLVABLE)
@pytest.mark.parametrize("n", range(1, 8))
def test_unsolvable_labels_have_no_solution(label, n):
    variant = default_registry.variant(label)
    reachable = reachable_states(variant.rules, variant.start(n))
    assert variant.goal(n).code not in reachable
    with pytest.raises(UnsolvableError, match="no legal first move"):
        solve(label, n)


@pytest.mark.parametrize("label", UNSOLVABLE)
def test_unsolvable_reason_holds_for_every_n(label):
    # Only the top disk can move first; the rules reject each of its moves, whatever n is.
    variant = default_registry.variant(label)
    for n in (1, 2, 10, 1000):
        assert variant.rules.legal_moves(variant.start(n)) == ()
    assert solve(label, 0).length == 0
