"""Paths between two towers: the tower problem's plan table, placed, instead of the chains.

Both sides of the choice, for every set of directions on three posts and every colouring: two
towers on different posts take the plan table (and stream as solve does); the same post, or a
position that is not a tower, takes the chains. Either way the path is legal, ends at the goal
and is as long as the tests' own breadth-first search says; where no path exists both refuse.
"""

from __future__ import annotations

import itertools

import pytest

import hanoi_magnet as hm
from hanoi_magnet import (
    ClassicRules,
    Color,
    MagneticRules,
    State,
    UnreachableError,
    _arcs,
    _path,
)
from hanoi_magnet.search import shortest_path
from hanoi_magnet.variants import SID_LABELS
from tests.oracle import bfs_distance
from tests.rulesets import ARC_SETS


def _towers(rules, n):
    faces = [None] if not rules.magnetic else [Color.RED, Color.BLUE]
    for post, face in itertools.product(range(3), faces):
        tower = State.tower(n, post, face=face)
        if rules.is_legal_state(tower):
            yield tower


def _replayed(rules, start, moves):
    state = start
    for move in moves:
        assert rules.is_legal(state, move), (state, move)
        state = rules.apply(state, move)
    return state


def _variant(rules):
    """The registered variant of exactly these rules, if there is one."""
    label = rules.label if rules.magnetic else "arcs:" + _arcs.spell(frozenset(rules.allowed))
    try:
        variant = hm.default_registry.variant(label)
    except hm.HanoiError:
        return None
    return variant if variant.rules == rules else None


def _check(rules, n, monkeypatch):
    for start, goal in itertools.permutations(list(_towers(rules, n)), 2):
        expected = bfs_distance(rules, start, goal)
        placed = _path._between_towers(rules, start, goal)
        try:
            path = shortest_path(rules, start, goal)
        except UnreachableError:
            assert expected is None and placed is None
            continue
        assert expected == path.length and _replayed(rules, start, path) == goal
        assert path.unrank(path.length) == goal and path.rank(goal) == path.length
        label = path._backend.table.cls.label  # the chains' route only on the same post
        assert label.startswith("~route") == (start.post_of(n) == goal.post_of(n))
        variant = _variant(rules)
        if variant is not None and (start, goal) == (variant.start(n), variant.goal(n)):
            assert list(path) == list(hm.solve(variant.label, n))  # its own towers: solve's
        with monkeypatch.context() as patched:  # the other side: the chains' route
            patched.setattr(_path, "_between_towers", lambda *_: None)
            chained = shortest_path(rules, start, goal)
        assert chained.length == path.length
        assert not chained._backend.table.cls.label.startswith("~placed(")


@pytest.mark.parametrize("arcs", ARC_SETS, ids=lambda arcs: ",".join(map(str, sorted(arcs))))
def test_every_direction_set(arcs, monkeypatch):
    for n in (1, 2, 3, 4):
        _check(ClassicRules(3, arcs), n, monkeypatch)


@pytest.mark.parametrize("label", SID_LABELS)
def test_every_colouring(label, monkeypatch):
    for n in (1, 2, 3, 4):
        _check(MagneticRules(label), n, monkeypatch)


def test_not_a_tower_takes_the_chains():
    rules = ClassicRules()
    tower = State.tower(5)
    off = rules.apply(tower, rules.legal_moves(tower)[0])
    assert _path._between_towers(rules, off, State.tower(5, 2)) is None
    assert _path._between_towers(rules, State.tower(5, 2), off) is None
    path = shortest_path(rules, off, State.tower(5, 2))
    assert path.length == bfs_distance(rules, off, State.tower(5, 2))


def test_tower_paths_stream_like_solve():
    """70,000 disks: the first moves and the length, without the chains (which would read
    every level's exact length before the first move)."""
    n = 70_000
    path = shortest_path(ClassicRules(), State.tower(n), State.tower(n, 2))
    assert list(path[:12]) == list(hm.solve("classic", n)[:12])
    assert path.length == 2**n - 1
    rules, n = MagneticRules("NNN"), 5_000
    start, goal = State.tower(n, 1, face="B"), State.tower(n, 0, face="B")
    path = shortest_path(rules, start, goal)
    assert _replayed(rules, start, path[:50]) == path.unrank(50)
