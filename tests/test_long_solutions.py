"""Long solutions (10^4 to 10^6 moves) of every variant against plain iteration and replay.

The index range is sampled uniformly, not only near the start: streams from k, slices, moves,
positions and ranks deep in a solution must agree with listing and replaying its moves.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanoi_magnet import default_registry, solve
from hanoi_magnet.variants import SID_LABELS
from tests.replay import replay
from tests.rulesets import FAMILIES

SOLVABLE = [label for label in SID_LABELS if default_registry.get(label).solvable]
ALL = [*SOLVABLE, *FAMILIES]


def largest_n(label: str, most: int) -> int:
    """The largest n whose solution has at most ``most`` moves."""
    n = 1
    while solve(label, n + 1).length <= most:
        n += 1
    return n


def check_long(label: str, n: int, seed: object) -> None:
    solution = solve(label, n)
    listed = list(solution)
    length = len(listed)
    assert length == solution.length
    rng = random.Random(seed)
    ks = sorted({0, length, length - 1, *(rng.randrange(length + 1) for _ in range(40))})
    count, states = replay(solution.variant, n, listed, ks)
    assert count == length
    assert states[length] == solution.goal
    for k in ks:
        assert solution.unrank(k) == states[k], k
        assert solution.rank(states[k]) == k, k
        if k < length:
            assert solution[k] == listed[k], k
            assert list(itertools.islice(solution.iter_from(k), 200)) == listed[k : k + 200]
    for _ in range(12):
        a, b = rng.randrange(-length, length), rng.randrange(-length, length + 1)
        c = rng.choice([1, 2, 3, 7, 4096, 4097, 50_000, -1, -5, -4097])
        expected = listed[a:b:c]
        if len(expected) > 20_000:
            expected = expected[:20_000]
        assert list(itertools.islice(solution[a:b:c], 20_000)) == expected, (a, b, c)
    assert list(itertools.islice(reversed(solution), 1000)) == listed[::-1][:1000]


@pytest.mark.parametrize("label", ALL)
def test_long_solutions_of_every_variant(label):
    check_long(label, largest_n(label, 200_000), label)


@pytest.mark.parametrize(("label", "n"), [("classic", 20), ("NNN", 14)])
def test_a_million_moves(label, n):
    assert 10**6 < solve(label, n).length < 2 * 10**6
    check_long(label, n, label)


@settings(max_examples=60)
@given(
    label=st.sampled_from(ALL),
    n=st.integers(min_value=200, max_value=2000),
    fraction=st.fractions(min_value=0, max_value=1),
)
def test_positions_far_into_long_solutions(label, n, fraction):
    """k anywhere in solutions of up to 2,000 disks: the far end too, not only small k."""
    solution = solve(label, n)
    k = int(fraction * solution.length)
    position = solution.unrank(k)
    assert solution.rank(position) == k
    assert solution.variant.rules.is_legal_state(position)
    if k < solution.length:
        move = solution[k]
        assert solution.variant.rules.apply(position, move) == solution.unrank(k + 1)
        assert next(solution.iter_from(k)) == move
