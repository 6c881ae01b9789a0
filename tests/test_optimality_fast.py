"""Optimality beyond the object BFS's reach: the engine's lengths against the bidirectional search
over compact codes (itself checked against the object BFS in tests/test_search.py).

Each case also replays the path the search found, so a wrong search cannot pass by reporting a
number alone.
"""

from __future__ import annotations

import pytest

from hanoi_magnet import default_registry, solve, validate
from hanoi_magnet.search import shortest_path
from hanoi_magnet.variants import SID_LABELS

SOLVABLE = [label for label in SID_LABELS if default_registry.get(label).solvable]


def _assert_optimal(label: str, n: int) -> None:
    variant = default_registry.variant(label)
    path = shortest_path(variant.rules, variant.start(n), variant.goal(n))
    assert validate(path, variant, n).solved
    assert solve(label, n).length == len(path)


def test_all_24_labels_are_covered():
    assert len(SOLVABLE) == 24


@pytest.mark.parametrize("label", SOLVABLE)
@pytest.mark.parametrize("n", [8, 9, 10])
def test_magnetic_optimal_up_to_ten_disks(label, n):
    _assert_optimal(label, n)


@pytest.mark.parametrize(
    ("label", "n"),
    [
        ("classic:5", 7),
        ("classic:5", 8),
        ("classic:4", 9),
        ("classic:4", 10),
        ("classic", 12),
        ("linear", 10),
        ("cyclic", 11),
        ("cyclic:ccw", 11),
    ],
)
def test_classic_families_optimal_beyond_the_object_bfs(label, n):
    _assert_optimal(label, n)
