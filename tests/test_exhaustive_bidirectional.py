"""distance() and shortest_path() with numpy: the same lengths as pure Python and the object
BFS, the same errors, and numpy chosen exactly where it should be."""

from __future__ import annotations

import itertools
import random

import pytest

pytest.importorskip("numpy")

import hanoi_magnet as hm
from hanoi_magnet import search
from hanoi_magnet.search._exhaustive import dispatch
from hanoi_magnet.search._exhaustive.layout import CodeLayout
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
                    search.shortest_path(rules, start, goal, engine=engine)
            continue
        path = search.shortest_path(rules, start, goal, engine="numpy")
        assert len(path) == expected == search.distance(rules, start, goal, engine="python")
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
            search.distance(rules, start, isolated, engine=engine)
        messages.add(str(caught.value))
    assert len(messages) == 1
    # not a tower pair (towers of the four-peg puzzle are answered by Frame-Stewart, no search)
    far = (hm.State.tower(9, posts=4), hm.State([[], [1], [], [9, 8, 7, 6, 5, 4, 3, 2]]))
    limits = set()
    for engine in ("numpy", "python"):
        with pytest.raises(hm.SearchLimitError) as caught:
            search.distance(hm.ClassicRules(4), *far, max_states=500, engine=engine)
        limits.add(str(caught.value))
    assert len(limits) == 1


def test_the_search_is_chosen_by_posts_size_and_direction(monkeypatch):
    from hanoi_magnet.search._exhaustive import budget

    # as if 16 GiB were available, whatever else the machine is doing
    monkeypatch.setattr(budget, "available_memory", lambda: 16 << 30)
    monkeypatch.setattr(dispatch, "available_memory", lambda: 16 << 30)
    four, three = hm.ClassicRules(4), hm.MagneticRules("NNN")
    one_way = hm.ClassicRules(4, [(0, 1), (1, 2), (2, 3), (3, 0), (0, 2)])
    choose = dispatch.choose_search
    assert choose(four, 8, 10**6, "auto") == "bits"
    assert choose(three, 8, 10**6, "auto") == "python"  # thin layers: pure Python
    assert choose(three, 8, 10**6, "numpy") == "bits"
    assert choose(four, 8, 10**6, "python") == "python"
    # the bit arrays of 4**15 codes are far more than 16 bytes for each of 1,000 positions
    size = dispatch.bitset_bytes(CodeLayout(four, 15))
    assert size > dispatch.BITS_BYTES_PER_STATE * 1000
    assert choose(four, 15, size // dispatch.BITS_BYTES_PER_STATE, "auto") == "bits"
    assert choose(four, 15, 1000, "auto", path=True) == "python"
    assert choose(four, 15, 1000, "auto", path=False) == "frontier"
    # however many positions may be visited, bits for 4**20 codes (2 x 128 GiB) do not fit
    assert choose(four, 20, 10**15, "auto", path=False) == "frontier"
    assert choose(one_way, 20, 1000, "auto", path=False) == "python"
    assert choose(four, 30, 1000, "numpy", path=False) == "frontier"
    assert choose(four, 32, 1000, "auto", path=False) == "python"  # codes beyond 2**62
    with pytest.raises(hm.SearchLimitError, match="bidirectional search"):
        choose(four, 40, 1000, "numpy")
    with pytest.raises(hm.SearchLimitError, match="bidirectional search"):
        choose(one_way, 40, 1000, "numpy", path=False)


@pytest.mark.parametrize(
    "rules",
    [r for r in RULES if r.posts > 3 and not (isinstance(r, hm.ClassicRules) and r.allowed)],
    ids=repr,
)
def test_frontier_search_distances_equal_the_object_bfs(rules, monkeypatch):
    from hanoi_magnet.search._exhaustive import bidirectional, frontier

    def frontier_distance(layout, start, goal, limit, report):
        length, _, visited, side = bidirectional.between(
            layout, start, goal, limit, report, "frontier", path=False
        )
        return length, visited, side

    monkeypatch.setattr(frontier, "CHUNK", 5)  # several chunks per layer
    rng = random.Random(repr(rules))
    states = all_states(rules, 3)
    layout = CodeLayout(rules, 3)
    for _ in range(40):
        start, goal = rng.choice(states), rng.choice(states)
        expected = bfs_distance(rules, start, goal)
        found, visited, side = frontier_distance(
            layout, layout.encode(start), layout.encode(goal), 10**6, lambda *_: None
        )
        assert found == expected and visited >= 1 and (side >= 0) == (expected is None)
    far = hm.State.tower(11, posts=4), hm.State.tower(11, 3, posts=4)
    if rules == hm.ClassicRules(4):  # eleven disks, all the way
        found = frontier_distance(CodeLayout(rules, 11), 0, 4**11 - 1, 10**8, lambda *_: None)
        assert found[0] == 65 == search.distance(rules, *far, max_states=10**8)


def test_progress_of_a_distance_search():
    # the goal is not a tower, so the search runs (towers are answered by Frame-Stewart)
    start, goal = hm.State.tower(7, posts=4), hm.State([[], [1], [], [7, 6, 5, 4, 3, 2]])
    expected = bfs_distance(hm.ClassicRules(4), start, goal)
    for engine in ("numpy", "python"):
        events: list[search.SearchProgress] = []
        length = search.distance(
            hm.ClassicRules(4), start, goal, engine=engine, progress=events.append
        )
        assert length == expected and events[-1].done and events[-1].depth == expected
        assert [event.depth for event in events[:-1]] == list(range(1, len(events)))
        assert events[-1].reached == max(event.reached for event in events)


def test_layers_expanded_in_many_chunks(monkeypatch):
    from hanoi_magnet.search._exhaustive import bidirectional, bidirectional_numpy

    monkeypatch.setattr(bidirectional_numpy, "CHUNK", 3)
    rules = hm.MagneticRules("NRNN")
    rng = random.Random(5)
    states = all_states(rules, 3)
    layout = CodeLayout(rules, 3)
    for _ in range(30):
        start, goal = rng.choice(states), rng.choice(states)
        expected = bfs_distance(rules, start, goal)
        a, b = layout.encode(start), layout.encode(goal)
        quiet = lambda *_: None  # noqa: E731
        length, _, _, _ = bidirectional.between(layout, a, b, 10**6, quiet, "bits", path=False)
        found, codes, _, _ = bidirectional.between(layout, a, b, 10**6, quiet, "bits", path=True)
        assert length == found == expected == (None if codes is None else len(codes) - 1)


@pytest.mark.parametrize("rules", RULES, ids=repr)
@pytest.mark.parametrize("dense", [True, False], ids=["bytearray", "dict"])
def test_every_kernel_of_the_one_bidirectional_search_agrees_with_the_object_bfs(
    rules, dense, monkeypatch
):
    """python (marks), bits (numpy) and frontier (numpy, moves that can be undone) run the same
    loop: the same distance, the same dry side, and legal paths of that length."""
    from hanoi_magnet.search._exhaustive import bidirectional

    if not dense:
        monkeypatch.setattr(bidirectional, "DENSE_CODES", 0)  # the python side's sparse marks
    rng = random.Random(f"{rules!r} kernels")
    states = all_states(rules, 3)
    layout = CodeLayout(rules, 3)
    kernels = ["python", "bits"] + ([] if layout.directed else ["frontier"])
    quiet = lambda *_: None  # noqa: E731
    for _ in range(20):
        start, goal = rng.choice(states), rng.choice(states)
        expected = bfs_distance(rules, start, goal)
        a, b = layout.encode(start), layout.encode(goal)
        for kernel in kernels:
            length, _, visited, side = bidirectional.between(
                layout, a, b, 10**6, quiet, kernel, path=False
            )
            assert length == expected, kernel
            assert (side >= 0) == (expected is None) and visited >= 1
            if kernel == "frontier":
                continue
            length, codes, _, _ = bidirectional.between(
                layout, a, b, 10**6, quiet, kernel, path=True
            )
            assert length == expected
            if codes is not None:
                state = start
                assert codes[0] == a and codes[-1] == b and len(codes) == expected + 1
                for before, after in itertools.pairwise(codes):
                    move = layout.move_between(before, after)
                    state = rules.apply(state, move)  # refuses an illegal move
                    assert layout.encode(state) == after
