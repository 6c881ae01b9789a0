"""unrank and rank: exhaustive against replay for small n, properties for large n."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanoi_magnet import (
    InvalidArgumentError,
    MoveIndexError,
    NotOnPathError,
    State,
    default_registry,
    solve,
)
from hanoi_magnet.testing import solutions
from hanoi_magnet.variants import SID_LABELS
from tests.oracle import reachable_states
from tests.rulesets import FAMILIES

SOLVABLE = [label for label in SID_LABELS if default_registry.get(label).solvable]
ALL = [*SOLVABLE, *FAMILIES]


@pytest.mark.parametrize("label", ALL)
def test_unrank_equals_replay_for_every_k(label):
    for n in range(7):
        solution = solve(label, n)
        rules = solution.variant.rules
        moves = list(solution)
        state = solution.start
        for k in range(solution.length + 1):
            assert solution.unrank(k) == state
            assert solution.rank(state) == k
            if k < solution.length:
                assert solution[k] == moves[k]
                state = rules.apply(state, moves[k])
        assert state == solution.goal


@pytest.mark.parametrize("label", ALL)
def test_slices_equal_list_slices(label):
    solution = solve(label, 5)
    moves = list(solution)
    length = len(moves)
    cuts = [None, 0, 1, 7, length // 2, length - 1, length, length + 5, -1, -8]
    for start in cuts:
        for stop in cuts:
            for step in (None, 1, 2, 5, -1, -3):
                view = solution[start:stop:step]
                expected = moves[start:stop:step]
                assert list(view) == expected
                assert len(view) == len(expected)
    view = solution[3:40:4]
    assert [view[i] for i in range(len(view))] == moves[3:40:4]
    assert list(view[1:-1]) == moves[3:40:4][1:-1]
    assert list(reversed(solution)) == moves[::-1]


@pytest.mark.parametrize("label", ["NNN", "NBR", "RBB", "classic", "classic:4", "cyclic:ccw"])
def test_iter_from_equals_the_tail(label):
    solution = solve(label, 6)
    moves = list(solution)
    for k in range(0, solution.length + 1, 7):
        assert list(solution.iter_from(k)) == moves[k:]
    assert list(solution.iter_from(-1)) == []


@pytest.mark.parametrize("label", ["NNN", "RNN", "NBR", "RBB", "RBR", "NBN", "classic", "linear"])
def test_rank_rejects_exactly_the_states_off_the_path(label):
    n = 4
    solution = solve(label, n)
    variant = solution.variant
    on_path = {solution.unrank(k) for k in range(solution.length + 1)}
    for code in reachable_states(variant.rules, variant.start(n)):
        state = State.from_code(code, disks=n, posts=variant.posts, magnetic=variant.magnetic)
        if state in on_path:
            assert solution.unrank(solution.rank(state)) == state
        else:
            with pytest.raises(NotOnPathError):
                solution.rank(state)


def test_rank_argument_errors():
    solution = solve("NNN", 3)
    with pytest.raises(InvalidArgumentError, match="3 disks but the state has 2"):
        solution.rank(State.tower(2, face="R"))
    with pytest.raises(InvalidArgumentError, match="with faces"):
        solution.rank(State.tower(3))
    with pytest.raises(InvalidArgumentError, match="expects a State"):
        solution.rank("S: 3 2 1")  # type: ignore[arg-type]


def test_unrank_index_range_and_negative_indices():
    solution = solve("NNN", 3)
    assert solution.unrank(-1) == solution.goal
    assert solution.unrank(-12) == solution.start
    assert solution.unrank(solution.length) == solution.goal
    for bad in (12, -13, 10**40):
        with pytest.raises(MoveIndexError) as caught:
            solution.unrank(bad)
        assert isinstance(caught.value, IndexError)
    assert solution.state_at(4) == solution.unrank(4)


def test_huge_index_arithmetic():
    solution = solve("classic", 64)
    assert solution.length == 2**64 - 1
    middle = solution.unrank(2**63 - 1)  # just before the largest disk moves
    assert middle.posts[0] == (64,)
    assert middle.posts[1] == tuple(range(63, 0, -1))
    assert solution.rank(middle) == 2**63 - 1
    assert str(solution[2**63 - 1]) == "64: S -> D"


def test_thousand_disks():
    solution = solve("NNN", 1000)
    k = solution.length // 3
    state = solution.unrank(k)
    assert solution.rank(state) == k
    assert solution.variant.rules.apply(state, solution[k]) == solution.unrank(k + 1)
    assert list(solution[k : k + 5]) == list(itertools.islice(solution.iter_from(k), 5))


@settings(max_examples=150)
@given(solutions(min_n=1, max_n=200), st.data())
def test_round_trip_for_large_n(solution, data):
    k = data.draw(st.integers(0, solution.length - 1), label="k")
    state = solution.unrank(k)
    assert solution.rank(state) == k
    assert solution.variant.rules.check_state(state) is None
    after = solution.variant.rules.apply(state, solution[k])
    assert after == solution.unrank(k + 1)
