"""distance() and shortest_path() with numpy: the same lengths as pure Python and the object
BFS, the same errors, and numpy chosen exactly where it should be."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numpy")

import hanoi_magnet as hm
from hanoi_magnet._exhaustive import dispatch
from hanoi_magnet._exhaustive.layout import CodeLayout
from tests.oracle import all_states, bfs_distance

RULES = [
    hm.ClassicRules(4),
    hm.ClassicRules(5),
    hm.ClassicRules(4, [(0, 1), (1, 2), (2, 3), (3, 0), (0, 2)]),
    hm.ClassicRules(3, [(0, 1), (1, 2), (0, 2)]),
    hm.MagneticRules("NNNN"),
    hm.MagneticRules("RRBB"),
    hm.MagneticRules("NNN"),
    hm.MagneticRules("RBN"),
]


@pytest.mark.parametrize("rules", RULES, ids=repr)
def test_numpy_paths_are_legal_and_as_short_as_the_object_bfs(rules):
    rng = random.Random(repr(rules))
    n = 3
    states = all_states(rules, n)
    for _ in range(25):
        start, goal = rng.choice(states), rng.choice(states)
        expected = bfs_distance(rules, start, goal)
        if expected is None:
            for engine in ("numpy", "python"):
                with pytest.raises(hm.UnreachableError):
                    hm.shortest_path(rules, start, goal, engine=engine)
            continue
        path = hm.shortest_path(rules, start, goal, engine="numpy")
        assert len(path) == expected == hm.distance(rules, start, goal, engine="python")
        state = start
        for move in path:
            state = rules.apply(state, move)
        assert state == goal


def test_unreachable_and_over_the_limit_say_the_same_with_either_engine():
    rules = hm.MagneticRules("NNNN")
    isolated = hm.State([[4], [3], [2], [1]], faces="RRRR")
    start = hm.State.tower(4, posts=4, face="R")
    messages = set()
    for engine in ("numpy", "python"):
        with pytest.raises(hm.UnreachableError) as caught:
            hm.distance(rules, start, isolated, engine=engine)
        messages.add(str(caught.value))
    assert len(messages) == 1
    far = (hm.State.tower(9, posts=4), hm.State.tower(9, 3, posts=4))
    limits = set()
    for engine in ("numpy", "python"):
        with pytest.raises(hm.SearchLimitError) as caught:
            hm.distance(hm.ClassicRules(4), *far, max_states=500, engine=engine)
        limits.add(str(caught.value))
    assert len(limits) == 1


def test_numpy_is_chosen_for_four_posts_and_visited_bits_in_proportion():
    four, three = hm.ClassicRules(4), hm.MagneticRules("NNN")
    assert dispatch.use_numpy(four, 8, 10**6, "auto")
    assert not dispatch.use_numpy(three, 8, 10**6, "auto")  # thin layers: pure Python
    assert dispatch.use_numpy(three, 8, 10**6, "numpy")
    assert not dispatch.use_numpy(four, 8, 10**6, "python")
    # the bit arrays of 4**20 codes are far more than 16 bytes for each of 1,000 positions
    size = dispatch.bitset_bytes(CodeLayout(four, 20))
    assert size > dispatch.BITS_BYTES_PER_STATE * 1000
    assert not dispatch.use_numpy(four, 20, 1000, "auto")
    assert dispatch.use_numpy(four, 20, size // dispatch.BITS_BYTES_PER_STATE, "auto")
    with pytest.raises(hm.SearchLimitError, match="bidirectional search"):
        dispatch.use_numpy(four, 40, 1000, "numpy")


def test_progress_of_a_distance_search():
    for engine in ("numpy", "python"):
        events: list[hm.SearchProgress] = []
        length = hm.distance(
            hm.ClassicRules(4),
            hm.State.tower(7, posts=4),
            hm.State.tower(7, 3, posts=4),
            engine=engine,
            progress=events.append,
        )
        assert length == 25 and events[-1].done and events[-1].depth == 25
        assert [event.depth for event in events[:-1]] == list(range(1, len(events)))
        assert events[-1].reached == max(event.reached for event in events)
