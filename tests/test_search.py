"""The bidirectional search and the classic three-peg fast paths, checked against the engine and
against the independent object BFS of tests/oracle.py (which only asks the rules objects)."""

from __future__ import annotations

import functools
import itertools
import random
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanoi_magnet import (
    ClassicRules,
    Color,
    InvalidArgumentError,
    MagneticRules,
    MoveIndexError,
    Rules,
    SearchLimitError,
    State,
    UnreachableError,
    default_registry,
    solve,
    validate,
)
from hanoi_magnet.search import (
    classic_distance,
    classic_path_to_tower,
    distance,
    legal_state_count,
    shortest_path,
)
from hanoi_magnet.variants import SID_LABELS
from tests.oracle import bfs_distance, reachable_states

SOLVABLE = [label for label in SID_LABELS if default_registry.get(label).solvable]
UNSOLVABLE = [label for label in SID_LABELS if not default_registry.get(label).solvable]
CLASSIC_3 = ClassicRules()
ONE_WAY = [
    ClassicRules(3, [(0, 1), (1, 2), (2, 0)]),  # clockwise
    ClassicRules(3, [(0, 2), (2, 1), (1, 0)]),  # counter-clockwise
    ClassicRules(3, [(0, 1), (1, 2), (0, 2)]),  # disks only move rightwards: many dead ends
    ClassicRules(4, [(0, 1), (1, 2), (2, 3), (3, 0), (0, 2)]),
]


# -- strategies and helpers ---------------------------------------------------------------------


def all_rules() -> st.SearchStrategy[Rules]:
    return st.one_of(
        st.builds(ClassicRules, st.integers(3, 5)),
        st.sampled_from([*ONE_WAY, ClassicRules(3, [(0, 1), (1, 0), (1, 2), (2, 1)])]),
        st.builds(MagneticRules, st.sampled_from(SID_LABELS)),
        st.builds(MagneticRules, st.sampled_from(["NNNN", "RBNN", "RRBB"])),
        st.builds(  # a magnetic puzzle on a line, or around a cycle either way
            MagneticRules,
            st.sampled_from(SID_LABELS),
            st.sampled_from([ONE_WAY[0].allowed, ONE_WAY[1].allowed, ["SI", "IS", "ID", "DI"]]),
        ),
    )


@st.composite
def legal_states(draw: st.DrawFn, rules: Rules, n: int) -> State:
    """Any legal position: a post per disk, and for magnetic rules a colour per stack."""
    where = [draw(st.integers(0, rules.posts - 1)) for _ in range(n)]
    stacks = [[d for d in range(n, 0, -1) if where[d - 1] == post] for post in range(rules.posts)]
    if not isinstance(rules, MagneticRules):
        return State(stacks)
    shown = [
        color if color is not None else draw(st.sampled_from(Color)) for color in rules.post_colors
    ]
    return State(stacks, faces=[shown[where[d - 1]] for d in range(1, n + 1)])


@st.composite
def problems(draw: st.DrawFn, *, max_disks: int = 4) -> tuple[Rules, State, State]:
    rules = draw(all_rules())
    n = draw(st.integers(0, max_disks if rules.posts == 3 else max_disks - 1))
    return rules, draw(legal_states(rules, n)), draw(legal_states(rules, n))


def replay(rules: Rules, state: State, moves) -> State:
    for move in moves:
        state = rules.apply(state, move)  # raises on an illegal move
    return state


def all_distances(rules: Rules, source: State) -> dict[State, int]:
    """A plain BFS over State objects: the distance from ``source`` to every reachable state."""
    found = {source: 0}
    queue = deque([source])
    while queue:
        state = queue.popleft()
        for move in rules.legal_moves(state):
            after = rules.apply(state, move)
            if after not in found:
                found[after] = found[state] + 1
                queue.append(after)
    return found


@functools.cache
def distances_to_tower(n: int, peg: int) -> dict[State, int]:
    # classic moves can be undone, so the distance to a tower is the distance from it
    return all_distances(CLASSIC_3, State.tower(n, peg))


# -- the search agrees with the engine on every registered variant -----------------------------


def _agrees_with_engine(label: str, n: int) -> None:
    variant = default_registry.variant(label)
    start, goal = variant.start(n), variant.goal(n)
    path = shortest_path(variant.rules, start, goal)
    assert len(path) == path.length == solve(label, n).length
    assert validate(path, variant, n).solved
    assert distance(variant.rules, start, goal) == path.length


@pytest.mark.parametrize("label", SOLVABLE)
@pytest.mark.parametrize("n", range(7))
def test_magnetic_variants_match_the_engine(label, n):
    _agrees_with_engine(label, n)


@pytest.mark.parametrize(
    ("label", "max_n"),
    [("classic", 10), ("linear", 8), ("cyclic", 9), ("cyclic:ccw", 9), ("classic:4", 8)]
    + [("classic:5", 6)],
)
def test_classic_variants_match_the_engine(label, max_n):
    for n in range(max_n + 1):
        _agrees_with_engine(label, n)


# -- ... and with the independent object BFS on random positions --------------------------------


@given(problems())
def test_random_pairs_match_the_oracle(problem):
    rules, start, goal = problem
    expected = bfs_distance(rules, start, goal)
    if expected is None:
        # three posts: decided level by level; more: the search explored the whole component
        why = "no sequence of legal moves" if rules.posts == 3 else "explored all the positions"
        with pytest.raises(UnreachableError, match=why):
            shortest_path(rules, start, goal)
        with pytest.raises(UnreachableError):
            distance(rules, start, goal)
        return
    path = shortest_path(rules, start, goal)
    assert len(path) == expected == distance(rules, start, goal)
    assert replay(rules, start, path) == goal
    states = list(path.states())
    assert states[0] == start == path.unrank(0)
    assert states[-1] == goal == path.unrank(-1)
    assert all(path.unrank(k) == state for k, state in enumerate(states))


@settings(max_examples=25)
@given(st.sampled_from(["NNN", "RNB", "NBR", "RBN"]), st.data())
def test_random_magnetic_pairs_with_five_disks(label, data):
    rules = MagneticRules(label)
    start, goal = data.draw(legal_states(rules, 5)), data.draw(legal_states(rules, 5))
    expected = bfs_distance(rules, start, goal)
    if expected is None:
        with pytest.raises(UnreachableError):
            shortest_path(rules, start, goal)
    else:
        path = shortest_path(rules, start, goal)
        assert len(path) == expected
        assert replay(rules, start, path) == goal


def test_magnetic_moves_between_legal_positions_can_be_undone():
    # The backward search relies on it (see hanoi_magnet.search).
    for label in SID_LABELS:
        rules = MagneticRules(label)
        for code in range(6**3):
            state = State.from_code(code, disks=3, magnetic=True)
            if not rules.is_legal_state(state):
                continue
            for move in rules.legal_moves(state):
                assert rules.is_legal(rules.apply(state, move), move.reversed())


# -- the classic three-peg fast paths ----------------------------------------------------------


@pytest.mark.parametrize("n", range(5))
def test_classic_distance_for_every_pair_of_small_positions(n):
    for code in range(3**n):
        start = State.from_code(code, disks=n)
        for goal, expected in all_distances(CLASSIC_3, start).items():
            assert classic_distance(start, goal) == expected


@pytest.mark.parametrize("n", range(5, 9))
def test_classic_distance_from_random_positions_to_every_position(n):
    rng = random.Random(n)
    for _ in range(3):
        start = State.from_code(rng.randrange(3**n), disks=n)
        found = all_distances(CLASSIC_3, start)
        assert len(found) == 3**n
        for goal, expected in found.items():
            assert classic_distance(start, goal) == expected


@given(st.integers(0, 8).flatmap(lambda n: st.tuples(*[legal_states(CLASSIC_3, n)] * 2)))
def test_classic_distance_matches_the_search(pair):
    start, goal = pair
    assert classic_distance(start, goal) == len(shortest_path(CLASSIC_3, start, goal))


@given(st.integers(0, 8).flatmap(lambda n: legal_states(CLASSIC_3, n)), st.integers(0, 2))
def test_classic_path_to_tower_is_a_shortest_path(state, peg):
    tower = State.tower(state.n, peg)
    moves = list(classic_path_to_tower(state, peg))
    assert replay(CLASSIC_3, state, moves) == tower
    assert len(moves) == distances_to_tower(state.n, peg)[state]
    assert len(moves) == classic_distance(state, tower)


def test_classic_path_to_tower_is_lazy_for_huge_towers():
    moves = classic_path_to_tower(State.tower(200), 2)
    assert list(itertools.islice(moves, 100)) == list(solve("classic", 200)[:100])
    assert distance(CLASSIC_3, State.tower(200), State.tower(200, 2)) == 2**200 - 1


def test_classic_fast_paths_refuse_other_positions():
    with pytest.raises(InvalidArgumentError, match="classic position on 3 pegs"):
        classic_distance(State.tower(2, posts=4), State.tower(2, posts=4))
    with pytest.raises(InvalidArgumentError, match="classic position on 3 pegs"):
        classic_path_to_tower(State.tower(2, face=Color.RED))
    with pytest.raises(InvalidArgumentError, match="2 disks but the goal has 3"):
        classic_distance(State.tower(2), State.tower(3))
    with pytest.raises(InvalidArgumentError, match="target must be a peg"):
        classic_path_to_tower(State.tower(2), 3)


# -- unreachable goals, limits, bad arguments --------------------------------------------------


@pytest.mark.parametrize("label", UNSOLVABLE)
@pytest.mark.parametrize("n", range(1, 6))
def test_unsolvable_labels_are_unreachable(label, n):
    variant = default_registry.variant(label)
    start, goal = variant.start(n), variant.goal(n)
    assert goal not in reachable_states(variant.rules, start)  # the oracle agrees
    # three posts: decided level by level, with the reason
    with pytest.raises(UnreachableError, match="no sequence of legal moves leads from"):
        shortest_path(variant.rules, start, goal)
    with pytest.raises(UnreachableError):
        distance(variant.rules, start, goal)


def test_unreachable_when_the_goal_side_runs_out():
    rules = ClassicRules(4, [(0, 1), (1, 2), (2, 3), (0, 2), (0, 3), (1, 3)])  # rightwards only
    start, goal = State.tower(3, posts=4), State([[1], [], [], [3, 2]])  # disk 1 never moved
    everything = [State.from_code(code, disks=3, posts=4) for code in range(4**3)]
    leads_there = [state for state in everything if bfs_distance(rules, state, goal) is not None]
    pattern = rf"from which the goal can be reached \({len(leads_there)} of the 64 legal"
    with pytest.raises(UnreachableError, match=pattern):
        shortest_path(rules, start, goal)


def test_unreachable_when_the_start_side_runs_out():
    rules = ClassicRules(4, [(0, 1), (1, 2), (2, 3), (0, 2), (0, 3), (1, 3)])  # rightwards only
    start, goal = State([[], [], [3], [2, 1]]), State.tower(3, posts=4)
    count = len(reachable_states(rules, start))  # the oracle's own count
    pattern = rf"reachable from the start \({count:,} of"
    with pytest.raises(UnreachableError, match=pattern):
        shortest_path(rules, start, goal)


def test_the_limit_is_exact():
    rules = ClassicRules(4)
    start, goal = State.tower(7, 0, posts=4), State.tower(7, 3, posts=4)
    path = shortest_path(rules, start, goal)
    assert shortest_path(rules, start, goal, max_states=path.explored).length == path.length
    with pytest.raises(SearchLimitError, match=r"max_states=[\d,]+ positions; 7 disks have 16,384"):
        shortest_path(rules, start, goal, max_states=path.explored - 1)


def test_oversized_searches_say_how_large_the_space_is():
    with pytest.raises(
        SearchLimitError, match=f"max_states=1,000 positions; 10 disks have {4**10:,}"
    ):
        shortest_path(
            ClassicRules(4), State.tower(10, posts=4), State.tower(10, 3, posts=4), max_states=1000
        )
    nnnn = MagneticRules("NNNN")
    start, goal = State.tower(9, posts=4, face=Color.RED), State.tower(9, 3, posts=4, face="B")
    with pytest.raises(SearchLimitError, match="legal positions under MagneticRules"):
        distance(nnnn, start, goal, max_states=50)
    # three posts need no search: the limit does not apply
    nnn = MagneticRules("NNN")
    assert distance(nnn, State.tower(9, face="R"), State.tower(9, 2, face="B"), max_states=50) > 0


def test_far_apart_large_positions_stop_at_the_limit_quickly():
    # 4**20 codes: the marks are kept sparse, and the search stops at the limit
    start, goal = State.tower(20, 0, posts=4), State.tower(20, 3, posts=4)
    with pytest.raises(SearchLimitError):
        shortest_path(ClassicRules(4), start, goal, max_states=2000)


def test_near_positions_of_many_disks_are_found_quickly():
    start = State.tower(20, 0, posts=4)
    rules = ClassicRules(4)
    goal = replay(rules, start, solve("classic:4", 20)[:6])
    assert len(shortest_path(rules, start, goal, max_states=10_000)) == 6


@pytest.mark.parametrize(
    ("rules", "start", "goal", "message"),
    [
        (MagneticRules("NNN"), State([[2, 1], [], []], "RB"), State.tower(2, face="R"), "start"),
        (MagneticRules("RNN"), State.tower(1, face="R"), State([[1], [], []], "B"), "goal"),
        (ClassicRules(), State.tower(2), State.tower(3), "2 disks but the goal has 3"),
        (ClassicRules(), State.tower(2), State.tower(2, posts=4), "has 3 posts"),
        (ClassicRules(), State.tower(2, face="R"), State.tower(2), "without faces"),
        (MagneticRules("NNN"), State.tower(2), State.tower(2), "with faces"),
        ("classic", State.tower(2), State.tower(2), "Rules object"),
        (ClassicRules(), [[2, 1], [], []], State.tower(2), "expected a State"),
    ],
)
def test_bad_arguments(rules, start, goal, message):
    with pytest.raises(InvalidArgumentError, match=message):
        shortest_path(rules, start, goal)
    with pytest.raises(InvalidArgumentError, match=message):
        distance(rules, start, goal)


@pytest.mark.parametrize("limit", [0, -5, 2.5, "many", True])
def test_bad_limits(limit):
    with pytest.raises(InvalidArgumentError, match="max_states"):
        shortest_path(ClassicRules(), State.tower(1), State.tower(1), max_states=limit)


def test_a_shortest_path_is_a_sequence_of_moves():
    start, goal = State([[3], [2, 1], []]), State([[], [], [3, 2, 1]])
    path = shortest_path(CLASSIC_3, start, goal)
    moves = list(path)
    assert len(moves) == path.length == classic_distance(start, goal)
    assert [path[k] for k in range(-len(path), len(path))] == moves + moves
    assert list(path[1:4]) == moves[1:4] and list(reversed(path)) == moves[::-1]
    assert path.rules == CLASSIC_3 and (path.start, path.goal) == (start, goal)
    with pytest.raises(IndexError):
        path[len(path)]
    with pytest.raises(MoveIndexError, match="out of range"):
        path.unrank(len(path) + 1)
    with pytest.raises(MoveIndexError, match="out of range"):
        path.unrank(-len(path) - 2)


def test_a_path_to_itself_is_empty():
    state = State([[3], [], [2, 1]])
    path = shortest_path(ClassicRules(), state, state)
    assert len(path) == 0 and list(path) == [] and path.unrank(0) == state
    assert "0 moves" in repr(path)


# -- the size of the space ---------------------------------------------------------------------


@pytest.mark.parametrize("n", range(5))
def test_legal_state_count_by_enumeration(n):
    for label in [*SID_LABELS, "NNNN", "RBNN"]:
        rules = MagneticRules(label)
        base = 2 * rules.posts
        brute = sum(
            rules.is_legal_state(State.from_code(c, disks=n, posts=rules.posts, magnetic=True))
            for c in range(base**n)
        )
        assert legal_state_count(rules, n) == brute
    for pegs in (3, 4, 5):
        assert legal_state_count(ClassicRules(pegs), n) == pegs**n
