"""The binary descent (positions of a plan like the classic one by the bits of k).

It must agree with plain iteration of the solution for small n, and with the generic descent
(which it replaces) for large n across the whole index range: k near 0 and near 2^n - 1,
random k, and the word-size thresholds 2^63 and 2^64. It is taken exactly by the tables whose
plan is binary, read off the plan (not by label).
"""

from __future__ import annotations

import random

import pytest

from hanoi_magnet import Registry, Variant, default_registry, solve
from hanoi_magnet._engine import binary, caches
from hanoi_magnet._engine.table import table_of
from hanoi_magnet.plans import MoveStep, PlanSolver, SubStep


def test_classic_is_a_binary_plan_and_the_others_are_not():
    assert binary.binary(table_of(default_registry.get("classic"))) is not None
    for label in ("linear", "cyclic", "NNN", "RBB", "classic:4", "arcs:SI,IS,ID,DI,SD"):
        assert binary.binary(table_of(default_registry.get(label))) is None, label


def _ks(length: int, rng: random.Random) -> list[int]:
    near = [0, 1, 2, 3, length - 3, length - 2, length - 1, length]
    thresholds = [t + d for t in (1 << 63, 1 << 64) for d in (-1, 0, 1)]
    sampled = [rng.randrange(length + 1) for _ in range(20)]
    return sorted({k for k in [*near, *thresholds, *sampled] if 0 <= k <= length})


@pytest.mark.parametrize("n", [0, 1, 2, 3, 4, 5, 7, 8, 9, 12, 16])
def test_equals_iterating_the_solution(n):
    solution = solve("classic", n)
    rules = solution.variant.rules
    wanted = set(_ks(solution.length, random.Random(n))) if n > 9 else None
    state = solution.start
    for k, move in enumerate([*solution, None]):
        if wanted is None or k in wanted:
            assert solution.unrank(k) == state, k
            assert solution.rank(state) == k
        if move is not None:
            state = rules.apply(state, move)


def _positions(n: int, ks: list[int]) -> list[object]:
    caches.clear_caches()
    solution = solve("classic", n)
    return [solution.unrank(k) for k in ks]


@pytest.mark.parametrize("n", [17, 63, 64, 65, 66, 255, 256, 257, 1000])
def test_equals_the_generic_descent_for_large_n(n, monkeypatch):
    ks = _ks(2**n - 1, random.Random(n))
    fast = _positions(n, ks)
    assert binary.binary(table_of(default_registry.get("classic"))) is not None
    monkeypatch.setattr(binary, "_derive", lambda table: None)
    try:
        assert _positions(n, ks) == fast
    finally:
        caches.clear_caches()


def test_negative_k_counts_from_the_end():
    solution = solve("classic", 70)
    assert solution.unrank(-1) == solution.goal
    assert solution.unrank(-(2**70)) == solution.start
    assert solution.unrank(-(2**64)) == solution.unrank(2**70 - 2**64)


def _registry_with(label, plan):
    registry = Registry()
    cls = type(
        f"Table_{label.replace('-', '_')}",
        (PlanSolver,),
        {"plan": plan, "label": label, "variant": Variant.from_label("classic")},
    )
    return registry, registry.register(label, cls)


def test_a_plugin_with_the_same_plan_under_other_posts_is_read_as_binary():
    # the same solution written with the two sub-solves' post maps of its own table
    registry, cls = _registry_with(
        "my-binary",
        (SubStep("my-binary", "SDI"), MoveStep("S", "D"), SubStep("my-binary", "ISD")),
    )
    assert binary.binary(table_of(cls)) is not None
    for n in (0, 1, 5, 70):
        mine, theirs = registry.solve("my-binary", n), solve("classic", n)
        for k in _ks(mine.length, random.Random(n)):
            assert mine.unrank(k) == theirs.unrank(k)


def test_a_plan_whose_sub_solves_are_another_tables_is_not_read_as_binary():
    # the same moves, but its sub-solves are the classic table's: the generic descent answers
    registry, cls = _registry_with(
        "via-classic",
        (SubStep("classic", "SDI"), MoveStep("S", "D"), SubStep("classic", "ISD")),
    )
    assert binary.binary(table_of(cls)) is None
    mine, theirs = registry.solve("via-classic", 6), solve("classic", 6)
    assert [mine.unrank(k) for k in range(64)] == [theirs.unrank(k) for k in range(64)]
