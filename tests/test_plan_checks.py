"""The check of a plan (records.configs): the tower-to-tower fast path against the general one.

A sub-solve whose table starts and ends with a tower (``Table.towers``) is checked without
placing segments: its disks' post and face are compared with the one tower it starts from,
and the position after it is one segment put in place (``records._assign``, sorted and merged
in one pass). Both are compared with the general path (the table's own segments placed,
``_replace``), which a table with its own start and goal positions takes: on every built-in
table at small sizes, and on random plans, broken or not (the same error, word for word).
"""

from __future__ import annotations

import itertools
import random

import pytest

from hanoi_magnet import PlanError, Variant, default_registry, labels
from hanoi_magnet._engine import records
from hanoi_magnet._engine.table import Table, all_tables, table_of
from hanoi_magnet.plans import MoveStep, PlanSolver, SubStep

SOLVABLE = [label for label in labels() if default_registry.get(label).solvable]
THREE = [label for label in labels() if default_registry.get(label).variant.posts == 3]


def _outcome(table: Table, m: int) -> object:
    """The positions (or the error), and the check alone (as an expansion runs it)."""
    outcomes: list[object] = []
    for check in (records.configs, lambda table, m: records._follow(table, m, keep=False)[0]):
        table.memo.checked.discard(m)
        try:
            outcomes.append(check(table, m))
        except PlanError as error:
            outcomes.append(str(error))
        else:
            assert m in table.memo.checked
    if isinstance(outcomes[0], str):
        assert outcomes[1] == outcomes[0]  # the same error
    else:
        assert outcomes[1] == outcomes[0][0]  # the same steps, checked
    return outcomes[0]


def _general(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every table takes the general path (as if it had its own start and goal positions)."""
    for table in all_tables():
        monkeypatch.setattr(table, "towers", False)


@pytest.mark.parametrize("label", [*SOLVABLE, "classic:4", "classic:5", "classic:9"])
def test_every_table_checks_the_same_both_ways(monkeypatch, label):
    table = table_of(default_registry.get(label))
    sizes = range(1, 13)
    fast = [_outcome(table, m) for m in sizes]
    assert all(not isinstance(found, str) for found in fast), label
    _general(monkeypatch)
    assert [_outcome(table, m) for m in sizes] == fast, label


def _random_table(rng: random.Random, index: int) -> Table:
    steps = []
    for _ in range(rng.randint(1, 4)):
        if rng.random() < 0.3:
            steps.append(MoveStep(*rng.sample(range(3), 2)))
        else:
            steps.append(
                SubStep(
                    rng.choice(THREE),
                    tuple(rng.sample(range(3), 3)),
                    disks=-1,
                    reverse=rng.random() < 0.3,
                    swap=rng.random() < 0.3,
                )
            )
    cls = type(
        f"Random{index}",
        (PlanSolver,),
        {"plan": tuple(steps), "label": f"random-{index}", "variant": Variant.from_label(
            rng.choice(["classic", "NNN", "RRB", "RBB", "NRB", "BRR"]))},
    )  # fmt: skip
    return Table(cls)


def test_random_plans_check_the_same_both_ways(monkeypatch):
    """Random plans of moves and sub-solves (posts, reversed, colours swapped), most of them
    broken: the same positions, or the same PlanError, on both paths."""
    rng = random.Random(36)
    made = [_random_table(rng, index) for index in range(400)]
    fast = [[_outcome(table, m) for m in (1, 2, 5)] for table in made]
    assert any(isinstance(found, str) for found in itertools.chain(*fast))
    assert any(not isinstance(found, str) for found in itertools.chain(*fast))
    _general(monkeypatch)
    for table in made:
        monkeypatch.setattr(table, "towers", False)
    assert [[_outcome(table, m) for m in (1, 2, 5)] for table in made] == fast


def _assign_by_sorting(config, first, last, post, face):
    """The segments put in place the plain way: cut, add, sort, merge."""
    out = [part for segment in config for part in records._outside(segment, first, last)]
    out.append((first, last, post, face))
    out.sort()
    merged = []
    for segment in out:
        if merged and merged[-1][1] + 1 == segment[0] and merged[-1][2:] == segment[2:]:
            merged[-1] = (merged[-1][0], segment[1], *segment[2:])
        else:
            merged.append(segment)
    return merged


def test_assign_equals_cut_sort_and_merge():
    """Every position of up to 6 disks on 3 posts (faces or none), every range put anywhere."""
    for m in range(1, 7):
        for where in itertools.product(range(3), repeat=m):
            for faces in ([-1] * m, [(disk * 7 + sum(where)) % 2 for disk in range(m)]):
                config = _assign_by_sorting([], 1, 1, where[0], faces[0])
                for disk in range(2, m + 1):
                    config = _assign_by_sorting(
                        config, disk, disk, where[disk - 1], faces[disk - 1]
                    )
                for first in range(1, m + 1):
                    for last in range(first, m + 1):
                        for post, face in itertools.product(range(3), sorted({-1, faces[0]})):
                            want = _assign_by_sorting(config, first, last, post, face)
                            assert records._assign(config, first, last, post, face) == want
