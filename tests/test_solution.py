"""The Solution sequence: protocol, identity, and solutions built from plain moves."""

from __future__ import annotations

import collections.abc

import pytest

from hanoi_magnet import (
    InvalidArgumentError,
    Move,
    MoveIndexError,
    NotOnPathError,
    Registry,
    Solution,
    State,
    Variant,
    solve,
)


def test_is_a_sequence_of_moves():
    solution = solve("classic", 3)
    assert isinstance(solution, collections.abc.Sequence)
    assert len(solution) == 7
    assert bool(solution)
    assert not solve("classic", 0)
    assert list(solve("NNN", 0)) == []
    assert solution[0] == Move(1, 0, 2)
    assert solution[-1] == Move(1, 0, 2)
    assert Move(3, 0, 2) in solution
    assert solution.index(Move(3, 0, 2)) == 3
    assert solution.count(Move(1, 0, 2)) == 2


def test_index_errors_are_index_errors():
    solution = solve("classic", 3)
    for bad in (7, -8, 2**70):
        with pytest.raises(MoveIndexError, match="out of range for a solution of 7 moves"):
            solution[bad]
    with pytest.raises(IndexError):
        solution[7]
    with pytest.raises(InvalidArgumentError):
        solution["1"]  # type: ignore[call-overload]
    with pytest.raises(InvalidArgumentError):
        solution[True]  # type: ignore[call-overload]


def test_len_beyond_a_machine_integer():
    solution = solve("classic", 100)
    with pytest.raises(OverflowError):
        len(solution)
    assert solution.length == 2**100 - 1
    assert bool(solution)
    view = solution[10**25 : 10**25 + 3]
    assert len(view) == 3
    assert [m.disk for m in view] == [solution[10**25 + i].disk for i in range(3)]


def test_equal_inputs_give_equal_solutions():
    assert solve("NNN", 4) == solve("nnn", 4)
    assert hash(solve("NNN", 4)) == hash(solve(" NNN ", 4))
    assert solve("NNN", 4) != solve("NNN", 5)
    assert solve("NNN", 4) != solve("RNN", 4)
    assert solve("NNN", 4) != list(solve("NNN", 4))


def test_descriptive_attributes():
    solution = solve("NBR", 3)
    assert solution.n == 3
    assert solution.variant == Variant.from_label("NBR")
    assert solution.start == solution.variant.start(3)
    assert solution.goal == solution.variant.goal(3)
    assert repr(solution) == "Solution('NBR', n=3, length=18)"
    assert repr(solution[2:5]) == "Solution('NBR', n=3, length=18)[2:5:1]"


def test_from_moves_replays():
    variant = Variant.from_label("classic")
    moves = list(solve("classic", 3))
    solution = Solution.from_moves(variant, 3, iter(moves))
    assert list(solution) == moves
    assert solution.length == 7
    assert solution.per_disk == (4, 2, 1)
    assert solution.unrank(5) == solve("classic", 3).unrank(5)
    assert solution.rank(solution.unrank(5)) == 5
    assert list(reversed(solution)) == moves[::-1]
    assert list(solution[1:6:2]) == moves[1:6:2]
    with pytest.raises(NotOnPathError):
        solution.rank(State(((1,), (2,), (3,))).__class__(((1,), (3,), (2,))))
    bad = Solution.from_moves(variant, 3, [Move(1, 0, 2), "nope"])  # type: ignore[list-item]
    with pytest.raises(InvalidArgumentError, match="must yield Move objects; item 1"):
        bad.length


def test_third_party_solver_with_only_moves():
    registry = Registry()

    @registry.register("classic")
    class Recursive:
        variant = Variant.from_label("classic")

        def solve(self, n):
            def hanoi(k, a, b, c):
                if k:
                    yield from hanoi(k - 1, a, c, b)
                    yield Move(k, a, c)
                    yield from hanoi(k - 1, b, a, c)

            return hanoi(n, 0, 1, 2)

    solution = registry.solve("classic", 5)
    assert list(solution) == list(solve("classic", 5))
    assert solution.unrank(20) == solve("classic", 5).unrank(20)


def test_third_party_length_lets_positions_skip_the_moves():
    registry = Registry()

    @registry.register("classic")
    class Lazy:
        variant = Variant.from_label("classic")

        def solve(self, n):
            yield from ()  # a generator: nothing runs until the moves are read
            raise AssertionError("the moves should not be needed")

        def length(self, n):
            return 2**n - 1

        def per_disk(self, n):
            return tuple(2 ** (n - size) for size in range(1, n + 1))

        def unrank(self, n, k):
            return solve("classic", n).unrank(k)

    solution = registry.solve("classic", 80)
    assert solution.length == 2**80 - 1
    assert solution.per_disk[0] == 2**79
    assert solution.unrank(2**79) == solve("classic", 80).unrank(2**79)


def test_third_party_unrank_and_rank_are_used():
    registry = Registry()
    calls = []

    @registry.register("classic")
    class WithUnrank:
        variant = Variant.from_label("classic")

        def solve(self, n):
            return list(solve("classic", n))

        def unrank(self, n, k):
            calls.append(("unrank", n, k))
            return solve("classic", n).unrank(k)

        def rank(self, n, state):
            calls.append(("rank", n))
            return solve("classic", n).rank(state)

    solution = registry.solve("classic", 4)
    state = solution.unrank(6)
    assert solution.rank(state) == 6
    assert calls == [("unrank", 4, 6), ("rank", 4)]
