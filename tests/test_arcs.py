"""Sapir's move-restriction digraphs on three pegs: the ``arcs:`` labels, ``cyclic+1`` and
``cyclic+2``, their plan tables proven optimal by breadth-first search."""

from __future__ import annotations

import itertools

import pytest

from hanoi_magnet import (
    ClassicRules,
    State,
    UnknownVariantError,
    Variant,
    default_registry,
    labels,
    solve,
    validate,
)
from hanoi_magnet.search import shortest_path
from hanoi_magnet.solvers.classic import _arcs_plan
from hanoi_magnet.variants import normalize_label
from tests.oracle import bfs_distance

ALL_ARCS = [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]
SUBSETS = [frozenset(c) for k in range(7) for c in itertools.combinations(ALL_ARCS, k)]


def strongly_connected(arcs) -> bool:
    """Every post reaches every other (a plain closure, independent of the library's)."""
    reach = {(a, b) for a, b in arcs} | {(p, p) for p in range(3)}
    for middle, a, b in itertools.product(range(3), repeat=3):
        if (a, middle) in reach and (middle, b) in reach:
            reach.add((a, b))
    return len(reach) == 9


CONNECTED = [arcs for arcs in SUBSETS if strongly_connected(arcs)]
LETTERS = "SID"


def label_of(arcs) -> str:
    return normalize_label("arcs:" + ",".join(LETTERS[a] + LETTERS[b] for a, b in sorted(arcs)))


LABELS = [label_of(arcs) for arcs in CONNECTED]


def relabelled(arcs, permutation):
    return frozenset((permutation[a], permutation[b]) for a, b in arcs)


def test_eighteen_connected_arc_sets_in_sapirs_five_classes():
    assert len(CONNECTED) == 18
    classes: list[set[frozenset]] = []
    for arcs in CONNECTED:
        orbit = {relabelled(arcs, p) for p in itertools.permutations(range(3))}
        if orbit not in classes:
            classes.append(orbit)
    shapes = sorted((len(next(iter(orbit))), len(orbit)) for orbit in classes)
    # the 3-cycle (2 orientations), the line and the cycle plus one reversed arc (4 arcs each:
    # 3 and 6 labellings), the cycle plus two reversed arcs (5 arcs, 6), all six arcs (1)
    assert shapes == [(3, 2), (4, 3), (4, 6), (5, 6), (6, 1)]
    named = {"classic", "linear", "cyclic+1", "cyclic+2"}
    assert named <= set(LABELS)
    by_label = dict(zip(LABELS, CONNECTED, strict=True))
    orbit_of = {label: next(o for o in classes if by_label[label] in o) for label in LABELS}
    assert len({frozenset(orbit_of[name]) for name in named}) == 4  # four different digraphs
    assert len(orbit_of["cyclic+1"]) == len(orbit_of["cyclic+2"]) == 6
    assert len(next(iter(orbit_of["cyclic+1"]))) == 4
    assert len(next(iter(orbit_of["cyclic+2"]))) == 5


def test_every_connected_label_is_registered_and_goes_from_s_to_d():
    for arcs, label in zip(CONNECTED, LABELS, strict=True):
        assert label in labels(), label
        variant = default_registry.variant(label)
        assert variant.rules == ClassicRules(3, None if label == "classic" else arcs)
        assert (variant.source, variant.target) == (0, 2)
        assert Variant.from_label(label) == variant


@pytest.mark.parametrize(
    ("spelling", "label"),
    [
        ("arcs:SI,ID,DS", "arcs:SI,ID,DS"),
        ("ARCS: ds , si,id", "arcs:SI,ID,DS"),
        ("arcs:S->I,I->D,D->S", "arcs:SI,ID,DS"),
        ("arcs:si,si,id,ds", "arcs:SI,ID,DS"),  # a repeat is the same set
        ("arcs:SI,IS,ID,DI", "linear"),
        ("arcs:SI,SD,IS,ID,DS,DI", "classic"),
        ("arcs:SI,IS,ID,DS", "cyclic+1"),
        ("arcs:DS,SI,IS,ID,DI", "cyclic+2"),
        ("Cyclic+1", "cyclic+1"),
        ("arcs:XY", "arcs:xy"),  # malformed: only the spelling is normalised
    ],
)
def test_labels_normalise(spelling, label):
    assert normalize_label(spelling) == label
    if not label.endswith("xy"):
        assert default_registry.get(spelling) is default_registry.get(label)


@pytest.mark.parametrize(
    ("label", "message"),
    [
        ("arcs:XY", "pairs of post letters S, I, D"),
        ("arcs:", "pairs of post letters"),
        ("arcs:SS", "pairs of post letters"),
        ("arcs:SI,ID", r"not strongly connected \(no sequence of allowed moves leads from I to S"),
        ("arcs:SD", "ClassicRules\\(allowed=\\[\\(0, 2\\)\\]\\)"),
    ],
)
def test_bad_arc_lists_are_refused_with_the_reason(label, message):
    with pytest.raises(UnknownVariantError, match=message):
        Variant.from_label(label)
    with pytest.raises(UnknownVariantError, match=message):
        solve(label, 3)
    assert label not in default_registry


def test_every_other_arc_set_cannot_move_a_tower_of_three():
    """46 arc sets are not strongly connected: each is refused as a label, and no tower of 3
    disks gets from S to D under it. Neither can a larger one: a solution for n + 1 disks
    without its largest disk is a solution for n (a disk never blocks a smaller one)."""
    others = [arcs for arcs in SUBSETS if arcs not in CONNECTED]
    assert len(others) == 46
    for arcs in others:
        if arcs:
            with pytest.raises(UnknownVariantError, match="not strongly connected"):
                Variant.from_label(label_of(arcs))
        rules = ClassicRules(3, arcs)
        assert bfs_distance(rules, State.tower(3, 0), State.tower(3, 2)) is None, arcs


def test_the_named_tables_are_the_general_rule():
    """One mechanism: the arcs: family's rule (straight across if S -> D is allowed, else
    through I) gives exactly the tables written out for classic, linear, cyclic+1, cyclic+2."""
    for label in ("classic", "linear", "cyclic+1", "cyclic+2"):
        solver = default_registry.get(label)
        allowed = solver.variant.rules.allowed
        assert _arcs_plan(frozenset(ALL_ARCS) if allowed is None else allowed) == solver.plan


def test_tables_read_well():
    assert default_registry.get("cyclic+1").describe().splitlines() == [
        "cyclic+1(n) =",
        "  cyclic+1(n-1): S->S I->I D->D",
        "  move disk n: S -> I",
        "  arcs:SD,IS,ID,DI(n-1): S->D I->I D->S",
        "  move disk n: I -> D",
        "  cyclic+1(n-1): S->S I->I D->D",
    ]
    assert "S->I, I->S, I->D, D->S" in default_registry.variant("cyclic+1").description
    assert (
        default_registry.get("arcs:SD,IS,DI").__doc__ == "Only the moves S->D, I->S, D->I; S to D."
    )


def _assert_optimal_by_object_bfs(label: str, n: int) -> None:
    solution = solve(label, n)
    variant = solution.variant
    assert bfs_distance(variant.rules, variant.start(n), variant.goal(n)) == solution.length
    assert validate(solution, variant, n).solved


@pytest.mark.parametrize("label", LABELS)
def test_optimal_by_breadth_first_search(label):
    for n in range(1, 7):
        _assert_optimal_by_object_bfs(label, n)


@pytest.mark.parametrize(
    ("label", "top"), [("cyclic+1", 12), ("cyclic+2", 12), *[(label, 10) for label in LABELS]]
)
def test_optimal_by_the_compact_search_beyond(label, top):
    """The bidirectional search over codes (itself checked against the object BFS in
    tests/test_search.py) for the n the object BFS would take too long for."""
    for n in range(7, top + 1) if label.startswith("cyclic+") else [7, top]:
        variant = default_registry.variant(label)
        path = shortest_path(variant.rules, variant.start(n), variant.goal(n))
        assert validate(path, variant, n).solved
        assert solve(label, n).length == len(path), (label, n)


def test_counts_of_the_named_variants():
    # as a breadth-first search over all 64 arc sets found them, before the tables existed
    assert [solve("cyclic+1", n).length for n in range(1, 7)] == [2, 7, 20, 53, 138, 355]
    assert [solve("cyclic+2", n).length for n in range(1, 7)] == [2, 7, 19, 47, 113, 267]
