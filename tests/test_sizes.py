"""Correct at every size: each threshold of the engine, tested on both sides and across it.

The engine switches paths at several sizes: cached blocks of BLOCK_MOVES moves, exact
records up to MEMO_SIZES disks and the lazy descent beyond, templates from their start size
on, the length system's downward chunks, the precision of the approximate comparisons,
_FEW and _DEPTH in the small-size records, cache sizes, sys.maxsize for len() and islice,
_JUMP_STEP for slices, and the limits that refuse at once. Every path is compared with a plain
one: replaying the moves (small n, every position), or the exact memoised path (large n).
"""

from __future__ import annotations

import contextlib
import itertools
import random
import sys
from collections.abc import Iterator

import pytest

from hanoi_magnet import (
    InvalidArgumentError,
    MoveIndexError,
    State,
    TooLargeError,
    default_registry,
    solve,
    validate,
)
from hanoi_magnet import solution as solution_module
from hanoi_magnet._backends import PER_DISK_BITS
from hanoi_magnet._engine import caches, descent, lengths, moves, records, table
from hanoi_magnet.variants import SID_LABELS
from tests.replay import replay
from tests.rulesets import FAMILIES
from tests.scale import items

SOLVABLE = [label for label in SID_LABELS if default_registry.get(label).solvable]
ALL = [*SOLVABLE, *FAMILIES]


@contextlib.contextmanager
def engine(**settings: int) -> Iterator[None]:
    """Run with some engine constants changed (caches cleared before and after)."""
    where = {
        "memo_sizes": (table, "MEMO_SIZES"),
        "precision": (descent, "PRECISION"),
        "chunk": (lengths, "MAX_CHUNK"),
        "few": (records, "_FEW"),
        "depth": (records, "_DEPTH"),
    }
    saved = {name: getattr(*where[name]) for name in settings}
    for name, value in settings.items():
        setattr(*where[name], value)
    caches.clear_caches()
    try:
        yield
    finally:
        for name, value in saved.items():
            setattr(*where[name], value)
        caches.clear_caches()


def answers(label: str, n: int, ks: list[int]) -> list[object]:
    """Everything the engine says about the indices ks: positions, moves, ranks, streams."""
    solution = solve(label, n)
    length = solution.length
    out: list[object] = [length]
    for k in ks:
        position = solution.unrank(k)
        out.append(position)
        out.append(solution.rank(position))
        if k < length:
            out.append(solution[k])
            out.append(list(itertools.islice(solution.iter_from(k), 6)))
            out.append(list(itertools.islice(solution[k::-1], 6)))
    return out


def sample(length: int, rng: random.Random, count: int = 12) -> list[int]:
    """Indices over the whole range: both ends, the middle, thirds, and uniform draws."""
    picks = {0, 1, length - 1, length, length // 2, length // 3, 2 * length // 3}
    picks.update(rng.randrange(length + 1) for _ in range(count))
    return sorted(k for k in picks if 0 <= k <= length)


# -- the lazy descent against replay, where every position can be listed -------------------------


@pytest.mark.parametrize("label", ALL)
@pytest.mark.parametrize(
    "settings",
    [
        {"memo_sizes": 0, "precision": 2, "chunk": 1},
        {"memo_sizes": 0, "precision": 6, "chunk": 3},
        {"memo_sizes": 3, "precision": 128, "chunk": 24},
        {"memo_sizes": 8, "precision": 1, "chunk": 2},
    ],
    ids=lambda s: "-".join(f"{k}{v}" for k, v in s.items()),
)
def test_large_size_paths_equal_replay_at_small_n(label, settings):
    """MEMO_SIZES forced down: the lazy descent, templates and chunks run on tiny puzzles."""
    rng = random.Random(f"{label}{settings}")
    for n in (1, 2, 5, 9, 11):
        full = solve(label, n)
        listed = list(full)
        if len(listed) > 40_000:
            continue
        ks = sample(len(listed), rng, 25)
        count, states = replay(full.variant, n, listed, ks)
        with engine(**settings):
            solution = solve(label, n)
            assert solution.length == count
            for k in ks:
                assert solution.unrank(k) == states[k], (n, k)
                assert solution.rank(states[k]) == k, (n, k)
                if k < count:
                    assert solution[k] == listed[k], (n, k)
                    assert list(itertools.islice(solution.iter_from(k), 30)) == listed[k : k + 30]
                    back = list(itertools.islice(solution[k::-1], 30))
                    assert back == listed[k::-1][:30]


# -- large n: the lazy descent against the exact memoised path -------------------------------------


@pytest.mark.parametrize("label", items(ALL, step=3, always=["NNN", "RRB", "classic", "linear"]))
def test_lazy_descent_equals_the_exact_path_across_memo_sizes(label):
    """n on both sides of MEMO_SIZES (256), k over the whole range (every third label unless
    HANOI_TEST_SCALE=full: each label takes both sides)."""
    rng = random.Random(label)
    for n in (table.MEMO_SIZES, table.MEMO_SIZES + 1):
        ks = sample(solve(label, n).length, rng, 4)
        lazy = answers(label, n, ks)
        with engine(memo_sizes=10**9):
            assert answers(label, n, ks) == lazy


@pytest.mark.parametrize("label", ["NNN", "RRB", "NBR", "BNN", "linear", "cyclic:ccw"])
def test_lazy_descent_equals_the_exact_path_far_beyond(label):
    rng = random.Random(label)
    n = 2 * table.MEMO_SIZES + 37
    ks = sample(solve(label, n).length, rng, 6)
    lazy = answers(label, n, ks)
    with engine(memo_sizes=10**9):
        assert answers(label, n, ks) == lazy


@pytest.mark.parametrize("label", ["NNN", "RBN", "NBR", "classic", "cyclic:ccw", "linear"])
@pytest.mark.parametrize(("precision", "chunk"), [(1, 1), (3, 2), (12, 7), (128, 24)])
def test_lazy_descent_precision_and_chunks(label, precision, chunk):
    """Coarse approximations force the exact fallback; small chunks force many folds."""
    rng = random.Random(f"{label}{precision}{chunk}")
    n = 120
    ks = sample(solve(label, n).length, rng, 20)
    with engine(memo_sizes=40, precision=precision, chunk=chunk):
        lazy = answers(label, n, ks)
    with engine(memo_sizes=10**9):
        assert answers(label, n, ks) == lazy


def test_step_boundaries_and_near_ties_at_large_n():
    """Indices exactly at, and one off, the prefix sums of the top levels (exact fallbacks)."""
    solution = solve("NNR", 400)
    top = records.level(table.table_of(default_registry.get("NNR")), 399)
    boundaries = set()
    offset = 0
    for start in top.prefix:
        for delta in (-1, 0, 1):
            boundaries.add(offset + start + delta)
    ks = sorted(k for k in boundaries if 0 <= k <= solution.length)
    lazy = answers("NNR", 400, ks)
    with engine(memo_sizes=10**9):
        assert answers("NNR", 400, ks) == lazy


def test_template_start_and_records_agree():
    """A template decoded at any size equals the level record computed at that size."""
    for label in ALL:
        plan = table.table_of(default_registry.get(label))
        if not plan.fixed:
            assert records.template(plan) is None
            continue
        tpl = records.template(plan)
        assert tpl is not None
        for m in (tpl.start, tpl.start + 1, 97, 300):
            record = records.level(plan, m)
            assert tuple(records.decode(c, m) for c in tpl.configs) == record.configs
            assert tuple(records.decode(c, m) for c in tpl.outside) == record.outside
            assert tpl.covered == record.covered


@pytest.mark.parametrize("label", ALL)
def test_lengths_from_the_closed_form_equal_the_plan_sums(label):
    """The length system on both sides of MEMO_SIZES, against the plan's own sums."""
    solution_lengths = [solve(label, n).length for n in range(250, 262)]
    with engine(memo_sizes=10**9):
        assert [solve(label, n).length for n in range(250, 262)] == solution_lengths


@pytest.mark.parametrize(("few", "depth"), [(0, 1), (0, 3), (100, 2), (8, 3)])
def test_small_size_records_few_and_depth(few, depth):
    rng = random.Random(few * 10 + depth)
    for label in ("NNN", "RNB", "classic:4", "cyclic"):
        full = solve(label, 8)
        listed = list(full)
        ks = sample(len(listed), rng)
        _, states = replay(full.variant, 8, listed, ks)
        with engine(few=few, depth=depth):
            assert [solve(label, 8).unrank(k) for k in ks] == [states[k] for k in ks]


# -- blocks, caches and streams ------------------------------------------------------------------


@pytest.mark.parametrize("label", ALL)
def test_streams_cross_cached_blocks(label):
    """Slices and iter_from(k) across BLOCK_MOVES (the bug of 0.1.0 showed from 4,096 moves)."""
    n = 1
    while solve(label, n).length <= 3 * table.BLOCK_MOVES:
        n += 1
    solution = solve(label, n)
    listed = list(solution)
    rng = random.Random(label)
    for k in (
        table.BLOCK_MOVES - 1,
        table.BLOCK_MOVES,
        table.BLOCK_MOVES + 1,
        *sample(len(listed), rng),
    ):
        if k < len(listed):
            assert list(itertools.islice(solution.iter_from(k), 5000)) == listed[k : k + 5000]
    for a, b, c in [
        (None, None, -1),
        (3, None, 7),
        (None, None, -4000),
        (9000, 2, -3),
        (1, -1, 4097),
    ]:
        assert list(solution[a:b:c]) == listed[a:b:c]


@pytest.mark.parametrize(("expansions", "blocks"), [(1, 1), (4, 2), (1 << 16, 4096)])
def test_cache_sizes_do_not_change_the_moves(expansions, blocks):
    reference = {label: list(solve(label, 9)) for label in ("NNN", "RRB", "linear")}
    try:
        moves.resize_caches(expansions, blocks)
        for label, listed in reference.items():
            assert list(solve(label, 9)) == listed
            assert list(solve(label, 9).iter_from(777)) == listed[777:]
    finally:
        moves.resize_caches()


@pytest.mark.parametrize(("label", "n"), [("classic", 13), ("classic:70", 140)])
def test_block_levels_on_both_sides_of_their_cap(label, n):
    """A table's block level is where its solution passes BLOCK_MOVES moves (classic: 12), or
    table._BLOCK_LEVELS for plans whose lengths grow slowly (70 pegs: 2n - 1 moves up to 70
    disks): both stream exactly their moves."""
    solution = solve(label, n)
    plan = table.table_of(default_registry.get(label))
    if label == "classic":
        assert plan.block_level == 12 < table._BLOCK_LEVELS
    else:
        assert plan.block_level == table._BLOCK_LEVELS
    moves = list(solution)
    assert moves == [solution[k] for k in range(len(moves))]
    assert validate(moves, solution.variant, n).solved


@pytest.mark.parametrize("step", [solution_module._JUMP_STEP, solution_module._JUMP_STEP + 1])
def test_slices_with_steps_on_both_sides_of_jump_step(step):
    solution = solve("NNN", 11)
    listed = list(solution)
    for start in (0, 5, len(listed) - 1):
        assert list(solution[start::step]) == listed[start::step]
        assert list(solution[start::-step]) == listed[start::-step]


def test_lengths_beyond_machine_integers():
    """len() up to sys.maxsize; beyond, TooLargeError. Streams past 2^63 start at once."""
    assert len(solve("classic", 63)) == sys.maxsize == 2**63 - 1
    with pytest.raises(TooLargeError, match=r"use \.length"):
        len(solve("classic", 64))
    legend = solve("classic", 64)
    assert str(next(iter(legend[1:]))) == "2: S -> D"
    assert [str(m) for m in itertools.islice(legend[::-1], 3)] == [
        "1: I -> D",
        "2: S -> D",
        "1: S -> I",
    ]
    assert len(legend[: sys.maxsize]) == sys.maxsize
    with pytest.raises(TooLargeError):
        len(legend[: sys.maxsize + 1])
    assert legend[: sys.maxsize + 1]  # bool() needs no len()
    nnn = solve("NNN", 41)
    assert nnn.length > sys.maxsize
    last = list(itertools.islice(nnn[::-1], 4))
    assert last == list(itertools.islice(reversed(nnn), 4))
    assert last[0] == nnn[-1]
    # islice's bound is a machine integer: count * step just above it takes the other path
    count_step = list(itertools.islice(legend[5::2], 3))
    assert count_step == [legend[5], legend[7], legend[9]]
    far = list(legend[:: 2**62])
    assert far == [legend[0], legend[2**62], legend[2**63], legend[3 * 2**62]]


def test_indices_beyond_the_digit_limit():
    """Integers of more than 4,300 digits never leak ValueError from str()."""
    small = solve("NNN", 3)
    huge = 10**5000
    for call in (lambda: small[huge], lambda: small.unrank(huge), lambda: small.unrank(-huge)):
        with pytest.raises(MoveIndexError, match="about 5,001 digits"):
            call()
    with pytest.raises(MoveIndexError):
        small[-huge]
    assert "digits" in repr(solve("NNN", 10_000))
    assert repr(solve("NNN", 3)) == "Solution('NNN', n=3, length=11)"
    big = solve("NNN", 9_100)
    k = big.length // 7
    assert big.rank(big.unrank(k)) == k


@pytest.mark.parametrize(
    ("index", "message"),
    [
        (slice(None, None, 0), "step must not be zero"),
        (slice(1.5, 3), "slice start must be an integer, got float 1.5"),
        (slice("a", None), "slice start must be an integer, got str 'a'"),
        (slice(None, 2.0), "slice stop must be an integer"),
        (slice(None, None, True), "got the bool True"),
    ],
)
def test_bad_slices_raise_library_errors(index, message):
    with pytest.raises(InvalidArgumentError, match=message):
        solve("NNN", 3)[index]
    with pytest.raises(InvalidArgumentError, match=message):
        solve("NNN", 3)[1:][index]


def test_scans_refuse_long_solutions_at_once(monkeypatch):
    from hanoi_magnet import Move

    small = solve("classic", 3)
    assert Move(3, 0, 2) in small
    assert small.index(Move(3, 0, 2)) == 3
    assert small.count(Move(1, 0, 2)) == 2
    with pytest.raises(ValueError, match="not in the solution"):
        small.index(Move(3, 0, 1))
    monkeypatch.setattr(solution_module, "_SCAN_LIMIT", 7)
    assert Move(3, 0, 2) in small  # exactly at the limit: scanned
    with pytest.raises(TooLargeError, match="would scan 15 moves"):
        Move(4, 0, 2) in solve("classic", 4)  # noqa: B015 (the test is the exception)
    with pytest.raises(TooLargeError):
        solve("classic", 64).count(Move(1, 0, 1))


def test_per_disk_refuses_what_would_not_fit(monkeypatch):
    assert solve("NNN", 1000).per_disk[-1] == 1
    limit = 1000 * solve("NNN", 1000).length.bit_length() // 2
    monkeypatch.setattr("hanoi_magnet._backends.PER_DISK_BITS", limit)
    assert solve("NNN", 1000).per_disk[0] > 0  # exactly at the limit
    monkeypatch.setattr("hanoi_magnet._backends.PER_DISK_BITS", limit - 1)
    with pytest.raises(TooLargeError, match="MiB"):
        solve("NNN", 1000).per_disk
    assert PER_DISK_BITS == 1 << 32


def test_memo_budget_of_plans_that_change_with_n(monkeypatch):
    caches.clear_caches()
    monkeypatch.setattr(table, "MEMO_BITS", 64)
    with pytest.raises(TooLargeError, match="classic:4"):
        solve("classic:4", 60).length
    monkeypatch.setattr(table, "MEMO_BITS", 1 << 32)
    caches.clear_caches()
    # Frame-Stewart on 4 pegs: t + 1 disks move 2^t times each; 55 disks fill t <= 9
    assert solve("classic:4", 60).length == sum((t + 1) * 2**t for t in range(10)) + 5 * 2**10


# -- memory: O(n), not O(n^2) --------------------------------------------------------------------


def test_descents_hold_o_n_memory():
    """At 10,000 disks the exact lengths of every level would take ~55 MB; a descent needs ~2."""
    import tracemalloc

    caches.clear_caches()
    solution = solve("NNN", 10_000)
    k = solution.length // 3 + 12_345
    tracemalloc.start()
    try:
        position = solution.unrank(k)
        move = solution[k]
        assert solution.rank(position) == k
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert move.disk >= 1
    assert peak < 12 * 2**20
    assert max(table.table_of(default_registry.get("NNN")).memo.lengths) <= table.MEMO_SIZES


def test_state_type_checks_in_rank():
    solution = solve("NNN", 300)
    with pytest.raises(InvalidArgumentError):
        solution.rank(State.tower(299))
