"""Magnetic rules with restricted directions (a magnetic puzzle on a line or around a cycle).

The rules object decides legality; the compact search (`hanoi_magnet.distance`,
`shortest_path`), the state graph and the validator generate or replay moves by their own
arithmetic, so each is checked against the rules object: the object-level breadth-first search
of tests/oracle.py, the rules' own `legal_moves`, and `Rules.apply`.
"""

from __future__ import annotations

import itertools
import random

import pytest

from hanoi_magnet import (
    ClassicRules,
    Color,
    InvalidArgumentError,
    MagneticRules,
    Move,
    Rule,
    State,
    UnreachableError,
    Variant,
    validate,
)
from hanoi_magnet.search import distance, shortest_path, state_graph
from hanoi_magnet.search._exhaustive.layout import CodeLayout
from hanoi_magnet.search._exhaustive.neighbours import CodeMoves
from hanoi_magnet.variants import SID_LABELS
from tests.oracle import bfs_distance, legal_positions, random_legal_position

LINE = frozenset({(0, 1), (1, 0), (1, 2), (2, 1)})
CLOCKWISE = frozenset({(0, 1), (1, 2), (2, 0)})
COUNTER_CLOCKWISE = frozenset({(0, 2), (2, 1), (1, 0)})
DIRECTIONS = {"line": LINE, "clockwise": CLOCKWISE, "counter-clockwise": COUNTER_CLOCKWISE}
RED, BLUE = Color.RED, Color.BLUE


def test_allowed_is_converted_and_checked_like_classic_rules():
    rules = MagneticRules("RBN", allowed=["SI", "is", (1, 2)])
    assert rules.allowed == frozenset({(0, 1), (1, 0), (1, 2)})
    assert MagneticRules("NNN").allowed is None
    assert MagneticRules("NNN", allowed=[]).allowed == frozenset()
    with pytest.raises(InvalidArgumentError, match=r"beyond 0\.\.2"):
        MagneticRules("NNN", allowed=[(0, 3)])
    with pytest.raises(InvalidArgumentError, match="two different posts"):
        MagneticRules("NNN", allowed=[(2, 2)])
    with pytest.raises(InvalidArgumentError, match="pairs"):
        MagneticRules("NNN", allowed="SI")
    assert MagneticRules("NNNN", allowed=[(0, 3)]).allowed == frozenset({(0, 3)})


@pytest.mark.parametrize(
    "rules",
    [
        MagneticRules("RBN"),
        MagneticRules("NNN", allowed=LINE),
        MagneticRules("RNBN", allowed=[(0, 3), (3, 0)]),
        MagneticRules("NNN", allowed=[]),
        ClassicRules(3, CLOCKWISE),
        ClassicRules(5),
    ],
)
def test_repr_evaluates_back(rules):
    namespace = {"MagneticRules": MagneticRules, "ClassicRules": ClassicRules}
    assert eval(repr(rules), namespace) == rules


def test_equality_and_hashing_include_the_directions():
    assert MagneticRules("NNN", allowed=LINE) != MagneticRules("NNN")
    assert MagneticRules("NNN", allowed=LINE) == MagneticRules("NNN", allowed=sorted(LINE))
    assert len({MagneticRules("NNN", allowed=LINE), MagneticRules("NNN", allowed=LINE)}) == 1


def test_a_forbidden_direction_is_named_before_the_magnetic_rules():
    rules = MagneticRules("NRN", allowed=CLOCKWISE)
    start = State.tower(2, face=RED)
    # S -> D is not allowed (and would also be legal under the magnetic rules)
    error_rule = rules.check(start, Move(1, 0, 2))
    assert error_rule is Rule.DIRECTION
    # S -> I is allowed, but disk 1 would land blue on the red post I
    assert rules.check(start, Move(1, 0, 1)) is Rule.POST_COLOR
    with pytest.raises(Exception, match=r"moves from S to D are not allowed \(allowed: S->I"):
        rules.apply(start, Move(1, 0, 2))
    assert MagneticRules("NNN", allowed=[]).legal_moves(start) == ()


@pytest.mark.parametrize("name", DIRECTIONS)
def test_legal_moves_are_the_unrestricted_ones_along_allowed_arcs(name):
    allowed = DIRECTIONS[name]
    for label in ("NNN", "RBN", "NBB"):
        free, restricted = MagneticRules(label), MagneticRules(label, allowed=allowed)
        for state in legal_positions(free, 3):
            expected = tuple(
                move for move in free.legal_moves(state) if (move.source, move.target) in allowed
            )
            assert restricted.legal_moves(state) == expected


@pytest.mark.parametrize("name", DIRECTIONS)
def test_compact_moves_forwards_and_backwards_agree_with_the_rules_object(name):
    """CodeMoves.neighbours along the allowed arcs gives the rules' successors; along the reversed
    arcs (the backward search) exactly the predecessors, found from every position's moves."""
    allowed = DIRECTIONS[name]
    for label in SID_LABELS:
        rules = MagneticRules(label, allowed=allowed)
        layout = CodeLayout(rules, 3)
        space = CodeMoves(layout)
        positions = legal_positions(rules, 3)
        predecessors: dict[State, set[State]] = {state: set() for state in positions}
        for state in positions:
            successors = {rules.apply(state, move) for move in rules.legal_moves(state)}
            found = {
                layout.decode(code)
                for code, _ in space.neighbours(layout.encode(state), space.pairs)
            }
            assert found == successors, (label, str(state))
            for after in successors:
                predecessors[after].add(state)
        backward = tuple((b, a) for a, b in space.pairs)
        assert backward == space.backward
        for state in positions:
            found = {
                layout.decode(code) for code, _ in space.neighbours(layout.encode(state), backward)
            }
            assert found == predecessors[state], (label, str(state))


def _pairs(rules, n, count, rng):
    """Random pairs of legal positions: half of the goals independent of the start (often
    unreachable), half at the end of a random walk of legal moves (always reachable)."""
    pairs = []
    for index in range(count):
        start = random_legal_position(rules, n, rng)
        goal = random_legal_position(rules, n, rng)
        if index % 2:
            goal = start
            for _ in range(rng.randrange(3 * n + 2)):
                moves = rules.legal_moves(goal)
                if moves:
                    goal = rules.apply(goal, rng.choice(moves))
        pairs.append((start, goal))
    return pairs


@pytest.mark.parametrize("name", DIRECTIONS)
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_search_agrees_with_the_object_oracle(name, n):
    """Random pairs of legal positions under every colouring: the bidirectional search over
    codes finds the object BFS's distance (or both find no path), and its path replays."""
    rng = random.Random(f"{name}-{n}")
    checked = reachable = 0
    for label in SID_LABELS:
        rules = MagneticRules(label, allowed=DIRECTIONS[name])
        for start, goal in _pairs(rules, n, 6 if n < 4 else 2, rng):
            expected = bfs_distance(rules, start, goal)
            checked += 1
            if expected is None:
                with pytest.raises(UnreachableError):
                    distance(rules, start, goal)
                continue
            reachable += 1
            path = shortest_path(rules, start, goal)
            assert len(path) == expected == distance(rules, start, goal)
            state = start
            for move in path:
                state = rules.apply(state, move)
            assert state == goal
    assert reachable and reachable < checked  # both answers occur


def test_one_way_magnetic_distances_are_not_symmetric():
    rules = MagneticRules("NNN", allowed=CLOCKWISE)
    a, b = State([[1], [2], []], faces="RR"), State([[1], [], [2]], faces="RB")
    assert distance(rules, a, b) == bfs_distance(rules, a, b) == 1  # disk 2: I -> D
    assert distance(rules, b, a) == bfs_distance(rules, b, a) == 11  # D -> I takes the long way


def test_on_a_line_each_disk_keeps_the_parity_of_post_plus_face():
    """Every move changes a disk's post by one and turns it over, so the red tower on S can
    reach D only red side up: the blue goal of NNN is unreachable, the red one takes 3^n - 1."""
    rules = MagneticRules("NNN", allowed=LINE)
    for n in range(1, 5):
        start = State.tower(n, 0, face=RED)
        assert bfs_distance(rules, start, State.tower(n, 2, face=BLUE)) is None
        with pytest.raises(UnreachableError):
            distance(rules, start, State.tower(n, 2, face=BLUE))
        assert distance(rules, start, State.tower(n, 2, face=RED)) == 3**n - 1


@pytest.mark.parametrize("name", DIRECTIONS)
def test_state_graph_edges_are_the_rules_moves(name):
    rules = MagneticRules("NBN", allowed=DIRECTIONS[name])
    graph = state_graph(rules, 3)
    assert graph.directed is (name != "line")
    edges = {(str(graph.state(a)), str(graph.state(b))) for a, b, _ in graph.edges()}
    expected = set()
    for state in legal_positions(rules, 3):
        for move in rules.legal_moves(state):
            pair = (str(state), str(rules.apply(state, move)))
            expected.add(pair if graph.directed else tuple(sorted(pair)))
    if not graph.directed:
        edges = {tuple(sorted(edge)) for edge in edges}
    assert edges == expected
    assert len(graph) == len(legal_positions(rules, 3))


def test_the_validator_reports_a_forbidden_direction():
    rules = MagneticRules("NNN", allowed=LINE)
    variant = Variant("magnetic line", rules, 0, 2, RED, RED)
    path = shortest_path(rules, variant.start(3), variant.goal(3))
    report = validate(path, variant, 3)
    assert report.ok and report.solved
    report = validate([Move(1, 0, 1), Move(1, 1, 0), Move(1, 0, 2)], variant, 3)
    assert not report.ok
    assert report.error is not None
    assert report.error.rule is Rule.DIRECTION
    assert report.error.index == 2
    assert "moves from S to D are not allowed" in str(report.error)
    # pairs and text take the same checks
    assert validate([(0, 1), (1, 2)], variant, 3).ok
    assert validate("S->D", variant, 3).error.rule is Rule.DIRECTION


def test_restricting_directions_never_shortens_a_path():
    rng = random.Random(7)
    for label, name in itertools.product(("NNN", "RNB"), DIRECTIONS):
        free = MagneticRules(label)
        restricted = MagneticRules(label, allowed=DIRECTIONS[name])
        for start, goal in _pairs(restricted, 3, 5, rng):
            one, other = bfs_distance(restricted, start, goal), bfs_distance(free, start, goal)
            assert one is None or (other is not None and one >= other)
