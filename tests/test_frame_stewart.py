"""Frame–Stewart in closed form, proven against the plain min-recursion (written here, bottom up)
on both sides of every block boundary, and at sizes where the old quadratic recursion crawled
(10^5, 10^6 disks) or recursed over the pegs (600 pegs)."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from hanoi_magnet import clear_caches, solve, validate
from hanoi_magnet._engine import table as engine_table
from hanoi_magnet.solvers._frame_stewart import (
    best_split,
    frame_stewart_length,
    increment_exponent,
)
from hanoi_magnet.theory import count

MAX_N = 400
MAX_PEGS = 9


def _reference() -> dict[int, tuple[list[int], list[int]]]:
    """FS(n, p) and the largest best split by the definition, for n <= MAX_N, p <= MAX_PEGS.

    The plain recursion, as tables: FS(n, 3) = 2^n - 1, FS(1, p) = 1, and
    FS(n, p) = min over 1 <= k < n of 2 FS(k, p) + FS(n - k, p - 1).
    """
    tables: dict[int, tuple[list[int], list[int]]] = {3: ([2**n - 1 for n in range(MAX_N + 1)], [])}
    for pegs in range(4, MAX_PEGS + 1):
        fewer = tables[pegs - 1][0]
        lengths, splits = [0, 1], [0, 0]
        for n in range(2, MAX_N + 1):
            totals = [2 * lengths[k] + fewer[n - k] for k in range(1, n)]
            best = min(totals)
            lengths.append(best)
            splits.append(max(k for k, total in enumerate(totals, 1) if total == best))
        tables[pegs] = (lengths, splits)
    return tables


REFERENCE = _reference()


def _block_boundaries(pegs: int, limit: int) -> list[int]:
    """Every n = C(t + p - 2, p - 2) up to limit (the last disk of block t), and its neighbours."""
    out: set[int] = set()
    t, end = 0, 1
    while end <= limit:
        out.update((end - 1, end, end + 1))
        t += 1
        end = math.comb(t + pegs - 2, pegs - 2)
    return sorted(n for n in out if 1 <= n <= limit)


@pytest.mark.parametrize("pegs", range(3, MAX_PEGS + 1))
def test_lengths_match_the_min_recursion_for_every_n(pegs):
    lengths = REFERENCE[pegs][0]
    assert [frame_stewart_length(n, pegs) for n in range(MAX_N + 1)] == lengths


@pytest.mark.parametrize("pegs", range(4, MAX_PEGS + 1))
def test_best_split_is_the_largest_minimiser_for_every_n(pegs):
    splits = REFERENCE[pegs][1]
    assert [best_split(n, pegs) for n in range(2, MAX_N + 1)] == splits[2:]


@pytest.mark.parametrize("pegs", range(3, MAX_PEGS + 1))
def test_increments_are_powers_of_two_in_blocks_both_sides_of_every_boundary(pegs):
    lengths = REFERENCE[pegs][0]
    boundaries = _block_boundaries(pegs, MAX_N - 1)
    assert len(boundaries) >= 6  # blocks 0, 1 and 2 at least, with both neighbours
    for j in boundaries:
        for at in (j, j + 1):
            assert lengths[at] - lengths[at - 1] == 2 ** increment_exponent(at, pegs)
    # the exponent steps up exactly after each boundary (except for 3 pegs, every j is one)
    for t in range(3):
        end = math.comb(t + pegs - 2, pegs - 2)
        assert increment_exponent(end, pegs) == t
        assert increment_exponent(end + 1, pegs) == t + 1


def test_the_engine_lengths_are_the_closed_form_at_every_size_the_engine_visits():
    for pegs in (4, 5, 7):
        for n in [*range(60), *_block_boundaries(pegs, 3000)]:
            assert solve(f"classic:{pegs}", n).length == frame_stewart_length(n, pegs), (pegs, n)


@pytest.mark.parametrize("memo_sizes", [7, 256])
def test_cold_engine_lengths_are_the_min_recursion_on_both_sides_of_the_memo(
    monkeypatch, memo_sizes
):
    """Each length asked first after clear_caches(): the plan's own sums, its fixed sub-tables
    (3 pegs) summed by rows up to MEMO_SIZES and by their closed form beyond."""
    monkeypatch.setattr(engine_table, "MEMO_SIZES", memo_sizes)
    try:
        for pegs in range(4, MAX_PEGS + 1):
            for n in sorted({*range(1, 30), *_block_boundaries(pegs, MAX_N)}):
                clear_caches()
                assert solve(f"classic:{pegs}", n).length == REFERENCE[pegs][0][n], (pegs, n)
    finally:
        clear_caches()


def test_more_pegs_than_disks_moves_each_disk_to_a_peg_of_its_own():
    # n < p: every disk but the largest moves twice, which is optimal: 2n - 1
    for pegs in (10, 100, 600):
        for n in (1, 2, pegs // 2, pegs - 1):
            assert frame_stewart_length(n, pegs) == 2 * n - 1
        # n = p: block 1 ends at p - 1 disks; one more costs 4
        assert frame_stewart_length(pegs, pegs) == 2 * pegs + 1


def test_many_pegs_count_without_recursion():
    # 600 pegs recursed through 597 tables of fewer pegs (RecursionError in 0.1.0)
    assert count("classic:600", 601) == frame_stewart_length(601, 600) == 1205
    assert count("classic:600", 100_000) == frame_stewart_length(100_000, 600)
    assert count("classic:1000", 5000) == frame_stewart_length(5000, 1000)


def test_many_pegs_positions_without_recursion():
    solution = solve("classic:600", 2000)
    rng = random.Random(600)
    for k in [
        0,
        1,
        solution.length // 2,
        solution.length - 1,
        *rng.sample(range(solution.length), 5),
    ]:
        state = solution.unrank(k)
        assert solution.rank(state) == k
        after = solution.unrank(k + 1)
        move = solution[k]
        assert validate([move], solution.variant, start=state, goal=after).solved


@pytest.mark.parametrize(("pegs", "n"), [(4, 10**5), (4, 10**6), (5, 10**6), (30, 10**6)])
def test_huge_counts_are_the_closed_form(pegs, n):
    # 10^5 disks on 4 pegs took about 25 minutes in 0.1.0; now a few block sums
    assert count(f"classic:{pegs}", n) == frame_stewart_length(n, pegs)


def test_closed_form_at_huge_n_against_the_block_sum_written_out():
    # FS(n, 4): block t has t + 1 increments of 2^t (C(t + 1, 1)); the last block is partial
    n = 10**6
    total, done, t = 0, 0, 0
    while done + t + 1 <= n:
        total += (t + 1) * 2**t
        done, t = done + t + 1, t + 1
    total += (n - done) * 2**t
    assert frame_stewart_length(n, 4) == total


@pytest.mark.parametrize("n", [10**5, 10**6])
def test_huge_solutions_descend_only_a_few_levels(n):
    solution = solve("classic:4", n)
    rng = random.Random(n)
    length = solution.length
    assert length == frame_stewart_length(n, 4)
    for k in [0, length - 1, *(rng.randrange(length) for _ in range(3))]:
        state = solution.unrank(k)
        move = solution[k]
        after = solution.unrank(k + 1)
        assert validate([move], solution.variant, start=state, goal=after).solved
        assert solution.rank(state) == k
    first = list(itertools.islice(solution, 2000))
    assert validate(first, solution.variant, n).ok
    start = rng.randrange(length - 2000)
    window = list(solution[start : start + 2000])
    assert validate(window, solution.variant, start=solution.unrank(start)).ok


@pytest.mark.parametrize("pegs", [4, 5, 6])
def test_per_disk_follows_the_splits(pegs):
    # the k smallest disks move twice as often as on their own, the others as with p - 1 pegs
    def expected(n: int, p: int) -> list[int]:
        if p == 3:
            return [2 ** (n - d) for d in range(1, n + 1)]
        if n <= 1:
            return [1] * n
        k = REFERENCE[p][1][n]
        return [2 * c for c in expected(k, p)] + expected(n - k, p - 1)

    for n in [*range(40), *_block_boundaries(pegs, 300)]:
        assert list(solve(f"classic:{pegs}", n).per_disk) == expected(n, pegs), n


def test_per_disk_at_a_hundred_thousand_disks_adds_up():
    solution = solve("classic:4", 10**5)
    counts = solution.per_disk
    assert sum(counts) == solution.length
    assert counts[-1] == 1 and set(counts) <= {2**t for t in range(500)}


def test_many_pegs_moves_stream_and_solve():
    """Plans nest one table per peg count; blocks are built without recursion, so 400 pegs
    (a nesting deeper than Python's default recursion limit of 1,000 frames, with several
    frames per table) stream, and each stream is legal and as long as the closed form."""
    for pegs, n in ((30, 31), (30, 200), (400, 401), (400, 1000)):
        solution = solve(f"classic:{pegs}", n)
        moves = list(solution)
        assert len(moves) == frame_stewart_length(n, pegs)
        assert validate(moves, solution.variant, n).solved
        rng = random.Random(pegs + n)
        for k in (0, len(moves) - 1, *(rng.randrange(len(moves)) for _ in range(20))):
            assert solution[k] == moves[k]
            assert list(solution.iter_from(k))[:50] == moves[k : k + 50]
