"""The library's distances, shortest paths and numbers of shortest paths on three posts.

Checked against a breadth-first search that asks only the rules object (tests/oracle.py) —
every ordered pair of legal positions for n <= 3 under every colouring, every set of allowed
directions (classic), magnetic rules on every strongly connected set of directions, random pairs
up to 8 disks — and against the independent level-by-level reference
(tests/reference_distance.py, itself checked against the search) where the search cannot go:
hundreds of disks. Every path returned is replayed move by move.
"""

from __future__ import annotations

import pathlib
import random
import time

import pytest

from hanoi_magnet import (
    ClassicRules,
    Color,
    HanoiError,
    InvalidArgumentError,
    MagneticRules,
    Rules,
    State,
    TooLargeError,
    UnreachableError,
    default_registry,
    solve,
)
from hanoi_magnet._engine import chains
from hanoi_magnet._engine.chains import Chains
from hanoi_magnet.search import (
    Path,
    classic_distance,
    distance,
    geodesic_count,
    shortest_path,
)
from hanoi_magnet.variants import SID_LABELS
from tests.oracle import PositionGraph, bfs_geodesics, legal_positions, random_legal_position
from tests.reference_distance import reference_distance, reference_geodesics
from tests.rulesets import (
    ARC_SETS,
    CONNECTED,
    LINE,
    THREE_POST_LABELS,
    random_rules,
    spelled,
    walk,
)
from tests.scale import FULL, TOWER_SIZES


def answer(rules: Rules, start: State, goal: State) -> tuple[int | None, int]:
    """The engine's distance and number of shortest paths, as geodesic_count computes them;
    the distance must also be what distance() computes, by its own leaner search (the public
    functions are called themselves on the random pairs below)."""
    found = Chains(rules, start, goal, record=False, counting=True)
    plain = Chains(rules, start, goal, record=False, counting=False)
    assert plain.distance == found.distance, (rules, str(start), str(goal))
    return (found.distance, found.count) if found.distance is not None else (None, 0)


def assert_every_pair(rules: Rules, n: int) -> int:
    """Every ordered pair of legal positions: distance (or unreachability) and the number of
    shortest move sequences equal the breadth-first search's. Returns the number of pairs."""
    graph = PositionGraph(rules, n)
    for i, source in enumerate(graph.states):
        found = graph.geodesics(i)
        for j, target in enumerate(graph.states):
            expected = found[j] or (None, 0)
            assert answer(rules, source, target) == expected, (rules, str(source), str(target))
    return len(graph.states) ** 2


@pytest.mark.parametrize("label", SID_LABELS)
def test_every_pair_under_every_colouring_up_to_three_disks(label):
    rules = MagneticRules(label)
    assert sum(assert_every_pair(rules, n) for n in (1, 2, 3)) >= 3**2 + 9**2 + 27**2


@pytest.mark.parametrize("arcs", ARC_SETS, ids=spelled)
def test_every_pair_of_classic_positions_under_every_set_of_directions(arcs):
    """All 64 sets of allowed directions, the 46 not strongly connected ones included (where
    many goals cannot be reached: the engine must say so, not loop or guess)."""
    rules = ClassicRules(3, arcs)
    assert sum(assert_every_pair(rules, n) for n in (1, 2, 3)) == 9 + 81 + 729


@pytest.mark.parametrize("arcs", CONNECTED, ids=spelled)
def test_every_pair_of_magnetic_positions_with_restricted_directions(arcs):
    """Each of the 18 strongly connected direction sets: every colouring with n <= 2, and with
    n = 3 the colouring with the most positions (NNN) and, with HANOI_TEST_SCALE=full, one
    more drawn at random."""
    pairs = 0
    for label in SID_LABELS:
        rules = MagneticRules(label, allowed=arcs)
        pairs += assert_every_pair(rules, 1) + assert_every_pair(rules, 2)
    other = random.Random(spelled(arcs)).choice(SID_LABELS[:-1])
    for label in ("NNN", other) if FULL else ("NNN",):
        pairs += assert_every_pair(MagneticRules(label, allowed=arcs), 3)
    assert pairs > 126**2


#: Every 5th of the 64 direction sets.
CUT_OFF = ARC_SETS[2::5]


@pytest.mark.parametrize("arcs", CUT_OFF, ids=spelled)
def test_every_pair_of_magnetic_positions_under_directions_that_cut_posts_off(arcs):
    """Every 5th of the 64 sets (most not strongly connected), n = 3, one colouring each."""
    label = random.Random(spelled(arcs)).choice(SID_LABELS)
    assert assert_every_pair(MagneticRules(label, allowed=arcs), 3) > 0


#: (disks, breadth-first searches from random starts), each checking 30 goals
RANDOM_TREES = [(4, 30), (5, 20), (6, 14), (7, 8), (8, 5)]


@pytest.mark.parametrize(("n", "trees"), RANDOM_TREES)
def test_random_pairs_up_to_eight_disks_through_the_public_functions(n, trees):
    """distance, geodesic_count and shortest_path themselves, from random starts under random
    rules, to random legal goals (often unreachable) and to goals a random walk reaches; every
    path is replayed legally to its goal with the claimed length."""
    rng = random.Random(100 + n)
    checked = reachable = 0
    for _ in range(trees):
        rules = random_rules(rng)
        start = random_legal_position(rules, n, rng)
        found = bfs_geodesics(rules, start)
        goals = [random_legal_position(rules, n, rng) for _ in range(15)]
        goals += [walk(rules, start, rng, 4 * n) for _ in range(15)]
        for goal in goals:
            expected = found.get(goal.code)
            checked += 1
            if expected is None:
                with pytest.raises(UnreachableError):
                    distance(rules, start, goal)
                with pytest.raises(UnreachableError):
                    shortest_path(rules, start, goal)
                assert geodesic_count(rules, start, goal) == 0
                continue
            reachable += 1
            assert distance(rules, start, goal) == expected[0], (rules, str(start), str(goal))
            if n <= 6:
                assert geodesic_count(rules, start, goal) == expected[1]
            assert_replays(rules, shortest_path(rules, start, goal), start, goal, expected[0])
    assert checked == 30 * trees and reachable >= 15 * trees


def assert_replays(rules: Rules, path: Path, start: State, goal: State, length: int) -> None:
    """The path's moves are legal from start, end at goal, number ``length``; every position
    on the way is its unrank(k), and rank() gives k back (each position is met once on a
    shortest path)."""
    assert isinstance(path, Path)
    assert (path.start, path.goal, path.length, len(path)) == (start, goal, length, length)
    state = start
    for k, move in enumerate(path):
        assert path.unrank(k) == state and path.rank(state) == k
        assert path[k] == move
        state = rules.apply(state, move)  # raises on an illegal move
    assert state == goal == path.unrank(length)
    assert sum(path.per_disk) == length


@pytest.mark.parametrize("label", SID_LABELS)
def test_tower_counts_against_the_search(label):
    """Tower to tower (the variant's own start and goal) up to 6 disks: distance, and the
    number of optimal solutions of every magnetic variant, as the search counts them."""
    variant = default_registry.variant(label)
    for n in range(1, 7):
        start, goal = variant.start(n), variant.goal(n)
        expected = bfs_geodesics(variant.rules, start).get(goal.code, (None, 0))
        assert answer(variant.rules, start, goal) == expected, (label, n)


@pytest.mark.parametrize("label", THREE_POST_LABELS)
def test_tower_to_tower_equals_every_solver_up_to_300_disks(label):
    """For every registered three-post variant and every n <= 300 (tests.scale.TOWER_SIZES:
    a sample that keeps both sides of each threshold unless HANOI_TEST_SCALE=full), the
    distance between its start and goal is its solver's length (or unreachable, for the
    unsolvable ones). One pass per n, since each n is a new problem."""
    variant = default_registry.variant(label)
    solvable = default_registry.get(label).solvable
    for n in TOWER_SIZES:
        found = Chains(
            variant.rules, variant.start(n), variant.goal(n), record=False, counting=False
        )
        assert found.distance == (solve(label, n).length if solvable else None), (label, n)


def test_classic_positions_agree_with_classic_distance():
    """The level-by-level search (which distance() no longer runs on these rules) and Hinz's
    closed form agree, and both agree with the independent reference at hundreds of disks."""
    rules = ClassicRules()
    rng = random.Random(3)
    for n in [*range(1, 13), 40, 100, 300, 1000]:
        for _ in range(8 if n < 100 else 2):
            start = random_legal_position(rules, n, rng)
            goal = random_legal_position(rules, n, rng)
            found = classic_distance(start, goal)
            assert Chains(rules, start, goal, record=False, counting=False).distance == found
            if n in (40, 300):
                assert reference_distance(rules, start, goal) == found, n


EVERY_ARC = [(a, b) for a in range(3) for b in range(3) if a != b]


@pytest.mark.parametrize(
    "rules",
    [ClassicRules(), ClassicRules(3, EVERY_ARC), ClassicRules(3, EVERY_ARC[:-1])],
    ids=["all-directions", "all-six-listed", "one-missing"],
)
def test_distance_on_classic_rules_equals_the_search_on_both_sides_of_the_closed_form(rules):
    """distance() answers classic rules with every direction (however spelled) by Hinz's
    closed form, and any other set of directions by the level-by-level search: both against
    breadth-first search on every pair up to three disks and random pairs of four and five."""
    for n in (1, 2, 3):
        graph = PositionGraph(rules, n)
        for i, source in enumerate(graph.states):
            found = graph.geodesics(i)
            for j, target in enumerate(graph.states):
                expected = found[j][0] if found[j] else None
                if expected is None:
                    with pytest.raises(UnreachableError):
                        distance(rules, source, target)
                else:
                    assert distance(rules, source, target) == expected
    rng = random.Random(27)
    for n in (4, 5):
        for _ in range(4):
            start = random_legal_position(rules, n, rng)
            reached = bfs_geodesics(rules, start)
            for _ in range(10):
                goal = random_legal_position(rules, n, rng)
                expected = reached.get(goal.code)
                if expected is not None:
                    assert distance(rules, start, goal) == expected[0]


def test_distance_on_classic_rules_uses_the_closed_form_not_the_search(monkeypatch):
    """Before: search.distance(ClassicRules(), ...) ran the general macro search (47-57x
    slower than classic_distance at 10-12 disks)."""
    from hanoi_magnet.search import _queries

    def refuse(*args, **kwargs):
        raise AssertionError("the level-by-level search ran")

    monkeypatch.setattr(_queries, "Chains", refuse)
    rng = random.Random(9)
    for rules in (ClassicRules(), ClassicRules(3, EVERY_ARC)):
        start = random_legal_position(rules, 12, rng)
        goal = random_legal_position(rules, 12, rng)
        assert distance(rules, start, goal) == classic_distance(start, goal)
    with pytest.raises(AssertionError, match="search ran"):
        distance(ClassicRules(3, EVERY_ARC[:-1]), start, goal)


def test_classic_distance_of_many_disks_is_exact():
    """Before: the level-by-level search did not answer for minutes at a million disks (and
    classic_distance built its numbers bit by bit, quadratic in n)."""
    n = 200_000
    tower = State.tower(n)
    assert distance(ClassicRules(), tower, State.tower(n, 2)) == 2**n - 1
    # disk n on I, the rest a tower on S: disk n stays; n - 1 disks go S -> I
    start = State([list(range(n - 1, 0, -1)), [n], []])
    assert classic_distance(start, State.tower(n, 1)) == 2 ** (n - 1) - 1


@pytest.mark.parametrize("n", [20, 60, 150])
def test_random_pairs_of_many_disks_against_the_reference(n):
    """Where no search can go: random rules, random legal goals and goals a random walk from a
    random position reaches, compared with the independent reference."""
    rng = random.Random(n)
    for _ in range(6):
        rules = random_rules(rng)
        start = random_legal_position(rules, n, rng)
        for goal in (random_legal_position(rules, n, rng), walk(rules, start, rng, 50)):
            expected = reference_distance(rules, start, goal)
            found = Chains(rules, start, goal, record=False, counting=False).distance
            assert found == expected, (rules, n)


def test_counts_of_tower_transfers_on_both_sides_of_the_shared_sizes():
    """Counts of tower transfers of up to chains._SHARED_COUNTS disks are shared between
    queries, larger ones kept per query: both sides against the reference."""
    limit = chains._SHARED_COUNTS
    for label in ("NNN", "RBN", "NBB"):
        variant = default_registry.variant(label)
        for n in (limit, limit + 1, limit + 2):
            start, goal = variant.start(n), variant.goal(n)
            assert geodesic_count(variant.rules, start, goal) == reference_geodesics(
                variant.rules, start, goal
            ), (label, n)


def test_the_shared_levels_give_the_answers_they_would_without_sharing(monkeypatch):
    """Levels up to chains._SHARED_LEVELS are shared between queries; with no sharing at all
    (and with every level shared) the answers are the same, on both sides of the limit."""
    rng = random.Random(7)
    cases = []
    for n in (2, 3, 4, 5, 7):
        for _ in range(6):
            rules = random_rules(rng)
            start = random_legal_position(rules, n, rng)
            cases.append((rules, start, walk(rules, start, rng, 30)))
    shared = [answer(*case) for case in cases]
    for levels in (0, 10):
        monkeypatch.setattr(chains, "_SHARED_LEVELS", levels)
        chains._SHARED.clear()
        assert [answer(*case) for case in cases] == shared


def test_a_count_too_large_to_hold_is_refused_at_once_with_an_estimate(monkeypatch):
    """Magnetic counts grow in size exponentially (NNN: about 1.5-fold more bits per disk);
    past chains.COUNT_BITS the query is refused, early, with the size it would reach."""
    rules = MagneticRules("NNN")
    start, goal = State.tower(100_000, face=Color.RED), State.tower(100_000, 2, face=Color.BLUE)
    began = time.process_time()
    with pytest.raises(TooLargeError, match=r"about 10\^\d+ bits") as caught:
        geodesic_count(rules, start, goal)
    assert time.process_time() - began < 30  # it stops at a few dozen disks, not 100,000
    assert "100,000 disks" in str(caught.value) and len(str(caught.value)) < 400

    # both sides of the limit, with a small one
    def towers(n: int) -> tuple[State, State]:
        return State.tower(n, face=Color.RED), State.tower(n, 2, face=Color.RED)

    count = geodesic_count(rules, *towers(12))
    largest = Chains(rules, *towers(12), record=False, counting=True).count_bits
    monkeypatch.setattr(chains, "COUNT_BITS", largest)
    assert geodesic_count(rules, *towers(12)) == count
    with pytest.raises(TooLargeError):
        geodesic_count(rules, *towers(13))


def test_classic_pairs_have_at_most_two_shortest_paths_at_any_size():
    """Hinz et al.: at most two shortest paths between classic positions, one from a tower."""
    rules = ClassicRules()
    rng = random.Random(2)
    for n in (5, 30, 500):
        tower = State.tower(n, rng.randrange(3))
        for _ in range(10):
            state = random_legal_position(rules, n, rng)
            assert geodesic_count(rules, tower, state) == 1
            assert geodesic_count(rules, state, random_legal_position(rules, n, rng)) in (1, 2)


def test_paths_of_a_thousand_disks_are_consistent_across_their_whole_index_range():
    """A path between random positions of 1,000 disks: at sampled k over the whole range,
    unrank(k) followed by move k is unrank(k + 1), and rank finds k; both ends are right."""
    rng = random.Random(11)
    rules = MagneticRules("NNN")
    start, goal = (random_legal_position(rules, 1000, rng) for _ in range(2))
    if not rules.legal_moves(start) or not rules.legal_moves(goal):  # dead ends: isolated
        pytest.skip("drew a dead end")
    path = shortest_path(rules, start, goal)
    assert path.length == distance(rules, start, goal)
    assert path.unrank(0) == start and path.unrank(path.length) == goal
    for k in [0, 1, path.length - 1, *(rng.randrange(path.length) for _ in range(25))]:
        here = path.unrank(k)
        assert rules.apply(here, path[k]) == path.unrank(k + 1)
        assert path.rank(here) == k


@pytest.mark.parametrize("n", [11, 12])
def test_long_paths_iterate_and_slice_like_their_replay(n):
    """Paths of 10^4 to 10^6 moves between random positions: iteration replays legally to
    the goal, and slices and iter_from agree with the moves iterated, across the range."""
    rng = random.Random(n)
    rules = MagneticRules("NBN") if n == 12 else ClassicRules(3, LINE)
    while True:  # a random pair, one reachable from the other
        start = random_legal_position(rules, n, rng)
        goal = random_legal_position(rules, n, rng)
        try:
            path = shortest_path(rules, start, goal)
        except UnreachableError:
            continue
        if 10**4 <= path.length <= 2 * 10**6:
            break
    moves = list(path)
    assert 10**4 <= len(moves) <= 2 * 10**6
    state = start
    for move in moves:
        state = rules.apply(state, move)
    assert state == goal
    for _ in range(5):
        a, b = sorted(rng.randrange(len(moves)) for _ in range(2))
        step = rng.choice((1, 3, 4096, -1, -7))
        assert list(path[a:b:step]) == moves[a:b:step]
        assert list(path.iter_from(a))[:100] == moves[a : a + 100]
        assert path.unrank(b) == _replay(rules, path.unrank(a), moves[a:b])


def _replay(rules: Rules, state: State, moves: list) -> State:
    for move in moves:
        state = rules.apply(state, move)
    return state


def test_solve_from_and_to_any_position():
    """registry.solve(label, start=..., goal=...) is the shortest path under the variant's
    rules, the other end being the variant's own; with no positions, today's solve."""
    variant = default_registry.variant("RBN")
    start = State([[3], [2, 1], []], faces="BBR")
    path = default_registry.solve("RBN", start=start)
    assert (path.start, path.goal) == (start, variant.goal(3))
    assert path.length == distance(variant.rules, start, variant.goal(3))
    back = default_registry.solve("RBN", 3, goal=start)
    assert (back.start, back.goal) == (variant.start(3), start)
    assert list(default_registry.solve("NNN", 5)) == list(solve("NNN", 5))
    with pytest.raises(InvalidArgumentError, match="3 disks"):
        default_registry.solve("RBN", 4, start=start)


def test_unreachable_goals_say_why():
    rules = MagneticRules("NNN")
    dead = State([[3], [2], [1]], faces="BBB")  # every top disk repelled everywhere
    tower = State.tower(3, face=Color.RED)
    with pytest.raises(UnreachableError, match="the start is a dead end"):
        distance(rules, dead, tower)
    with pytest.raises(UnreachableError, match="the goal is a dead end"):
        shortest_path(rules, tower, dead)
    one_way = ClassicRules(3, [(0, 1), (1, 2)])
    with pytest.raises(UnreachableError, match="disk 2 must go from I to S"):
        distance(one_way, State([[], [2, 1], []]), State([[2, 1], [], []]))
    line = MagneticRules("NNN", allowed=LINE)  # post + face parity never changes on a line
    with pytest.raises(UnreachableError, match="disk 1 cannot get"):
        distance(line, State.tower(1, face=Color.RED), State.tower(1, 1, face=Color.RED))
    big = State.tower(5000, face=Color.RED)
    with pytest.raises(UnreachableError) as caught:
        distance(line, big, State.tower(5000, 1, face=Color.RED))
    assert len(str(caught.value)) < 1000  # the positions are shortened


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: distance(ClassicRules(), State.tower(3), State.tower(4)), "disks"),
        (lambda: distance(MagneticRules("NNN"), State.tower(3), State.tower(3)), "faces"),
        (
            lambda: distance(
                MagneticRules("RBN"),
                State.tower(2, face=Color.BLUE),  # blue side up on the red post
                State.tower(2, 2, face=Color.BLUE),
            ),
            "red",
        ),
        (lambda: distance("classic", State.tower(2), State.tower(2)), "Rules"),  # type: ignore[arg-type]
        (lambda: distance(ClassicRules(), "SSI", State.tower(3)), "State"),  # type: ignore[arg-type]
        (
            lambda: geodesic_count(
                ClassicRules(4), State.tower(2, posts=4), State.tower(2, 3, posts=4)
            ),
            "three posts",
        ),
    ],
)
def test_bad_arguments_raise_hanoi_errors_that_name_them(call, match):
    with pytest.raises(HanoiError, match=match):
        call()


def test_four_posts_keep_the_search():
    """Between two four-peg towers distance() gives the Frame-Stewart number (no search);
    shortest_path, and distance between other positions, still search."""
    rules = ClassicRules(4)
    start, goal = State.tower(4, posts=4), State.tower(4, 3, posts=4)
    assert distance(rules, start, goal) == 9
    assert len(shortest_path(rules, start, goal)) == 9
    other = State([[4, 3], [], [], [2, 1]])
    expected = bfs_geodesics(rules, other)[goal.code][0]
    assert distance(rules, other, goal) == len(shortest_path(rules, other, goal)) == expected


def test_the_distances_page_says_what_these_tests_check():
    """docs/distances.rst quotes the numbers of pairs the tests above compare: recomputed."""
    root = pathlib.Path(__file__).resolve().parent.parent
    page = (root / "docs" / "distances.rst").read_text("utf-8")

    def pairs(rules: Rules, n: int) -> int:
        return len(legal_positions(rules, n)) ** 2

    free = sum(pairs(MagneticRules(label), n) for label in SID_LABELS for n in (1, 2, 3))
    classic = sum(pairs(ClassicRules(3, arcs), n) for arcs in ARC_SETS for n in (1, 2, 3))
    restricted = 0
    for arcs in CONNECTED:
        for label in SID_LABELS:
            restricted += sum(pairs(MagneticRules(label, allowed=arcs), n) for n in (1, 2))
        other = random.Random(spelled(arcs)).choice(SID_LABELS[:-1])
        restricted += sum(pairs(MagneticRules(label, allowed=arcs), 3) for label in ("NNN", other))
    cut = [
        pairs(MagneticRules(random.Random(spelled(arcs)).choice(SID_LABELS), allowed=arcs), 3)
        for arcs in CUT_OFF
    ]
    randoms = 30 * sum(trees for _, trees in RANDOM_TREES)
    for number in (free, classic, restricted, sum(cut), randoms):
        assert f"{number:,}" in page, number
    assert f"magnetic on {len(cut)} of the 64 direction sets" in page
