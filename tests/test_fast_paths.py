"""Every fast path agrees with the plain path it replaces: same moves, positions and verdicts."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from hanoi_magnet import Move, default_registry, solve, validate
from hanoi_magnet._engine import caches, records, table
from hanoi_magnet._engine.table import Table, table_of
from hanoi_magnet.variants import SID_LABELS
from tests.rulesets import FAMILIES

SOLVABLE = [label for label in SID_LABELS if default_registry.get(label).solvable]
ALL = [*SOLVABLE, *FAMILIES]


def naive_walk(plan: Table, m: int, posts: tuple[int, ...], low: int, back: bool) -> Iterator[Move]:
    """The plan expanded by plain recursion, straight from the resolved steps."""
    steps = plan.resolve(m)
    for step in reversed(steps) if back else steps:
        if step.table is None:
            source, target = posts[step.posts[0]], posts[step.posts[1]]
            yield Move(low + step.low + 1, *((target, source) if back else (source, target)))
        else:
            sub = tuple(posts[p] for p in step.posts)
            yield from naive_walk(step.table, step.disks, sub, low + step.low, back ^ step.reverse)


@pytest.mark.parametrize("label", ALL)
def test_cached_blocks_equal_the_naive_walk(label):
    for n in range(8):
        plan = table_of(default_registry.get(label))
        naive = list(naive_walk(plan, n, tuple(range(plan.posts)), 0, False)) if n else []
        assert list(solve(label, n)) == naive


@pytest.fixture(params=[(0, 1), (0, 2), (256, 1), (256, 2), (256, 3)], ids=str)
def unrank_path(request, monkeypatch):
    """Force the large-size descent (MEMO_SIZES = 0) or entry records of a given depth."""
    memo_sizes, depth = request.param
    caches.clear_caches()
    monkeypatch.setattr(table, "MEMO_SIZES", memo_sizes)
    monkeypatch.setattr(records, "_DEPTH", depth)
    yield
    caches.clear_caches()


@pytest.mark.parametrize("label", ALL)
def test_every_unrank_path_equals_replay(label, unrank_path):
    for n in range(1, 7):
        solution = solve(label, n)
        rules = solution.variant.rules
        state = solution.start
        for k, move in enumerate(itertools.chain(solution, [None])):
            assert solution.unrank(k) == state
            if move is not None:
                state = rules.apply(state, move)


@pytest.mark.parametrize("label", ["NNN", "NBR", "RBB", "classic", "classic:4", "cyclic:ccw"])
def test_iter_from_and_move_at_agree_with_iteration(label):
    solution = solve(label, 8)
    moves = list(solution)
    for k in range(0, len(moves), 37):
        assert solution.move_at(k) == moves[k]
        assert list(itertools.islice(solution.iter_from(k), 50)) == moves[k : k + 50]
        assert list(itertools.islice(reversed(solution[: k + 1]), 50)) == moves[k::-1][:50]


@pytest.mark.parametrize("label", ["NNN", "RBN", "classic", "linear", "cyclic"])
def test_every_input_form_gets_the_same_verdict(label):
    solution = solve(label, 5)
    moves = list(solution)
    broken = [*moves[:20], moves[25], *moves[20:]]

    def verdict(report):
        error = None if report.error is None else (report.error.rule, report.error.index)
        return report.ok, report.solved, report.length, report.goal_index, report.state, error

    for sequence in (moves, moves[:30], broken):
        as_moves = verdict(validate(sequence, label, 5))
        # Text such as "3: S -> D" names each disk, as a Move does: the very same verdict.
        assert verdict(validate("\n".join(str(m) for m in sequence), label, 5)) == as_moves
        if sequence is not broken:
            # A bare pair moves whatever is on top, which for a legal sequence is the same disk.
            pairs = [(m.source, m.target) for m in sequence]
            assert verdict(validate(pairs, label, 5)) == as_moves


@pytest.mark.parametrize(("label", "n"), [("classic", 14), ("NNN", 10), ("linear", 10)])
def test_iter_from_crosses_cached_blocks(label, n):
    """Streams from k keep walk order once they leave the first block (4,096-move blocks)."""
    solution = solve(label, n)
    moves = list(solution)
    assert len(moves) > 2 * table.BLOCK_MOVES
    for k in (0, 1, table.BLOCK_MOVES - 1, table.BLOCK_MOVES, len(moves) // 2, len(moves) - 2):
        assert list(solution.iter_from(k)) == moves[k:]
    assert list(solution[::-1]) == moves[::-1]
    assert list(solution[5 : len(moves) - 5 : 7]) == moves[5 : len(moves) - 5 : 7]
