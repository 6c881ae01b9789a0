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


# -- the first moves of huge solutions: the chain of first sub-solves ----------------------------

from hanoi_magnet._engine import moves as engine_moves  # noqa: E402
from hanoi_magnet._engine import table as tables  # noqa: E402
from hanoi_magnet._engine.table import Table, table_of  # noqa: E402

FIXED = [label for label in ALL if table_of(default_registry.get(label)).fixed]
MEMO = tables.MEMO_SIZES  # beyond it, move_at and at_least near the start walk the chain


def _root(label: str, n: int, back: bool) -> engine_moves.Node:
    table = table_of(default_registry.get(label))
    return engine_moves.Node(table, n, 0, tuple(range(table.posts)), back, False)


def _plain_walk(label: str, n: int, back: bool):
    """The walk from the root level by level, as before the chain (every level expanded)."""
    walked = engine_moves._walk([iter(engine_moves.expand(_root(label, n, back)))])
    return itertools.chain.from_iterable(walked)


@pytest.mark.parametrize("label", FIXED)
def test_the_chain_of_first_sub_solves_is_the_plain_descent_at_every_depth(label):
    """Where the chain's period takes over, and at sizes on both sides of where tables are
    uniform (depth + UNIFORM): every node equals the one the plain descent reaches."""
    depth = table_of(default_registry.get(label)).depth()
    edge = depth + engine_moves.UNIFORM
    for n in (edge - 1, edge, edge + 1, edge + 2, 40, 301, 1000):
        for back in (False, True):
            if n < 1:
                continue
            root = _root(label, n, back)
            chain = engine_moves.Leftmost(root) if engine_moves._uniform(root) else None
            if chain is None:
                assert n <= edge
                continue
            node = root
            for d in range(chain.bottom + 1):
                assert chain.node(d) == node, (label, n, back, d)
                assert engine_moves._uniform(node) or d == chain.bottom
                node = engine_moves._first_child(node)
                if node is None:
                    assert d == chain.bottom
                    break
            else:  # below the bottom, the plan is no longer uniform (or the chain ended)
                assert node is None or not engine_moves._uniform(node), (label, n, back)


@pytest.mark.parametrize("label", FIXED)
def test_the_first_moves_equal_the_plain_walk_forwards_and_backwards(label):
    """Iteration, reversed(), slices from the start and streams from k <= SKIP equal the
    level-by-level walk of before, at sizes on both sides of the uniform sizes."""
    depth = table_of(default_registry.get(label)).depth()
    for n in (depth + 1, depth + 2, depth + 3, 12, MEMO, MEMO + 1, 3000):
        solution = solve(label, n)
        for back in (False, True):
            want = list(itertools.islice(_plain_walk(label, n, back), 5000))
            got = reversed(solution) if back else iter(solution)
            assert list(itertools.islice(got, 5000)) == want, (label, n, back)
        want = list(itertools.islice(_plain_walk(label, n, False), 3 * engine_moves.SKIP))
        assert list(solution[:7]) == want[:7]
        assert list(solution[3:200:3]) == want[3:200:3]
        for k in (0, 1, engine_moves.SKIP - 1, engine_moves.SKIP, engine_moves.SKIP + 1):
            if k > solution.length:
                continue
            stream = itertools.islice(solution.iter_from(k), 100)
            assert list(stream) == want[k : k + 100], (label, n, k)
            if k < solution.length:
                assert solution[k] == want[k], (label, n, k)


class _NoLargeLengths:
    """Exact lengths refused above 2,000 disks (the first moves must not need them)."""

    def __enter__(self):
        self.original = Table.length

        def length(table, m):
            assert m <= 2000, f"exact length of {table.cls.label}({m}) asked"
            return self.original(table, m)

        Table.length = length
        return self

    def __exit__(self, *exc):
        Table.length = self.original


@pytest.mark.parametrize("label", ["NNN", "classic", "linear", "RRB", "cyclic"])
def test_the_first_moves_of_a_million_disks_need_no_exact_length(label):
    """Before: the first moves of NNN with 10^6 disks took minutes through slicing (exact
    lengths of every level) and about a minute through iteration (10^6 levels expanded)."""
    n = 10**6
    solution = solve(label, n)
    with _NoLargeLengths():
        first = list(solution[:100])
        assert len(solution[:100]) == 100 and solution[:100]
        assert list(itertools.islice(solution, 100)) == first
        assert list(itertools.islice(solution.iter_from(40), 60)) == first[40:]
        assert list(solution[10:100:3]) == first[10:100:3]
        assert solution[:100][5] == first[5]
        assert list(itertools.islice(reversed(solution), 5))  # from the end: no length either
    count, _ = replay(solution.variant, n, first)  # legal from the start, move by move
    assert count == 100


@pytest.mark.parametrize(("label", "n"), [("NNN", 9), ("classic", 10), ("classic:4", 12)])
def test_slices_past_the_end_are_cut_at_the_length_on_both_sides(label, n):
    solution = solve(label, n)
    listed = list(solution)
    length = len(listed)
    for stop in (length - 1, length, length + 1, length + 5000):
        for start in (0, 1, length - 1, length, length + 1):
            for step in (1, 2, 5000):
                view = solution[start:stop:step]
                assert list(view) == listed[start:stop:step], (start, stop, step)
                assert len(view) == len(listed[start:stop:step])
                assert bool(view) == bool(listed[start:stop:step])
    backend = solution._backend
    assert backend.at_least(length) and not backend.at_least(length + 1)
    assert backend.at_least(0) and backend.at_least(1)


@pytest.mark.parametrize("label", ["NNN", "classic", "linear", "classic:4"])
def test_at_least_agrees_with_the_exact_length_on_both_sides_of_the_memoised_sizes(label):
    for n in (1, 2, MEMO - 1, MEMO, MEMO + 1, MEMO + 40):
        solution = solve(label, n)
        length = solution.length
        for bound in (0, 1, 2, 100, 10**6, length - 1, length, length + 1, 2 * length + 7):
            assert solution._backend.at_least(bound) == (length >= bound), (n, bound)
