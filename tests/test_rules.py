from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hanoi_magnet import (
    ClassicRules,
    Color,
    IllegalMoveError,
    InvalidArgumentError,
    MagneticRules,
    Move,
    Rule,
    State,
)
from hanoi_magnet.testing import disk_counts, legal_move_sequences, states, variants

RED, BLUE = Color.RED, Color.BLUE


@st.composite
def walks(draw):
    """Rules, the positions along a legal walk from a reachable position, and its moves.

    Every built-in variant, solvable or not: classic on 3 to 5 pegs, the restricted families,
    the 27 magnetic colourings.
    """
    variant = draw(variants(solvable=None))
    n = draw(disk_counts(max_value=5))
    start = draw(states(variant, n))
    moves = draw(legal_move_sequences(variant, start=start, max_length=40))
    positions = [start]
    for move in moves:
        positions.append(variant.rules.apply(positions[-1], move))
    return variant.rules, positions, moves


def test_classic_legal_moves_and_apply():
    rules = ClassicRules()
    start = State.tower(2)
    assert rules.legal_moves(start) == (Move(1, 0, 1), Move(1, 0, 2))
    after = rules.apply(start, Move(1, 0, 2))
    assert after == State(((2,), (), (1,)))
    assert rules.check(after, Move(2, 0, 2)) is Rule.SIZE


@pytest.mark.parametrize(
    ("move", "rule"),
    [
        (Move(1, 0, 3), Rule.NO_SUCH_POST),
        (Move(1, 0, 0), Rule.SAME_POST),
        (Move(1, 1, 2), Rule.EMPTY_SOURCE),
        (Move(3, 0, 1), Rule.NO_SUCH_DISK),
        (Move(2, 0, 1), Rule.NOT_ON_TOP),
    ],
)
def test_common_rules(move, rule):
    assert ClassicRules().check(State.tower(2), move) is rule
    assert MagneticRules("NNN").check(State.tower(2, face=RED), move) is rule


def test_restricted_directions():
    cyclic = ClassicRules(3, [(0, 1), (1, 2), (2, 0)])
    assert cyclic.check(State.tower(1), Move(1, 0, 2)) is Rule.DIRECTION
    assert cyclic.is_legal(State.tower(1), Move(1, 0, 1))
    with pytest.raises(InvalidArgumentError, match=r"beyond 0\.\.2"):
        ClassicRules(3, [(0, 3)])
    with pytest.raises(InvalidArgumentError, match="two different posts"):
        ClassicRules(3, [(1, 1)])
    assert ClassicRules(3, ["SI", "IS"]).allowed == frozenset({(0, 1), (1, 0)})


def test_magnetic_flip_repulsion_and_post_colour():
    rules = MagneticRules("NNN")
    start = State.tower(2, face=RED)
    after = rules.apply(start, Move(1, 0, 1))
    assert after.face_up(1) is BLUE  # flipped
    assert after.face_up(2) is RED
    # disk 1 back onto disk 2: flips to red, disk 2 shows red: same colour up, legal
    assert rules.is_legal(after, Move(1, 1, 0))
    # a blue-up disk 2 on D, then disk 1 (blue) onto it would land red up: repulsion
    state = State([[], [1], [2]], faces="BB")
    assert rules.check(state, Move(1, 1, 2)) is Rule.REPULSION
    coloured = MagneticRules("RRR")
    assert coloured.check(start, Move(1, 0, 1)) is Rule.POST_COLOR
    assert MagneticRules("RBR").is_legal(start, Move(1, 0, 1))


def test_apply_error_carries_everything():
    rules = MagneticRules("RRR")
    start = State.tower(1, face=RED)
    with pytest.raises(IllegalMoveError) as caught:
        rules.apply(start, Move(1, 0, 2))
    error = caught.value
    assert error.rule is Rule.POST_COLOR
    assert error.state == start
    assert error.move == Move(1, 0, 2)
    assert "blue side up on the empty red post D" in str(error)
    assert isinstance(error, ValueError)


def test_rules_reject_mismatched_states():
    with pytest.raises(InvalidArgumentError, match="has 3 posts"):
        ClassicRules().legal_moves(State.tower(1, posts=4))
    with pytest.raises(InvalidArgumentError, match="without faces"):
        ClassicRules().legal_moves(State.tower(1, face=RED))
    with pytest.raises(InvalidArgumentError, match="with faces"):
        MagneticRules("NNN").legal_moves(State.tower(1))
    with pytest.raises(InvalidArgumentError, match="expected a Move"):
        ClassicRules().apply(State.tower(1), (0, 1))  # type: ignore[arg-type]


def test_check_state():
    rules = MagneticRules("RNN")
    assert rules.check_state(State([[2, 1], [], []], faces="RR")) is None
    assert "two colours" in rules.check_state(State([[2, 1], [], []], faces="RB"))
    assert "blue side up on the red post S" in rules.check_state(State([[1], [], []], faces="B"))
    assert ClassicRules().is_legal_state(State([[1], [2], []]))


def test_constructors_validate():
    with pytest.raises(InvalidArgumentError, match="pegs must be an integer >= 3"):
        ClassicRules(2)
    with pytest.raises(InvalidArgumentError, match="at least 3 posts"):
        MagneticRules("RB")
    assert MagneticRules([RED, None, "b"]).label == "RNB"
    assert repr(MagneticRules("rbn")) == "MagneticRules('RBN')"
    assert repr(ClassicRules(4)) == "ClassicRules(pegs=4)"


@given(walks())
def test_random_legal_walks_stay_legal(walk):
    rules, states, _ = walk
    for state in states:
        assert rules.check_state(state) is None


@given(walks())
def test_every_move_is_reversible(walk):
    rules, states, moves = walk
    for before, move, after in zip(states, moves, states[1:], strict=False):
        if isinstance(rules, ClassicRules) and rules.allowed is not None:
            back = move.reversed()
            if (back.source, back.target) not in rules.allowed:
                continue  # a one-way family: reversal is not a legal move there
        assert rules.apply(after, move.reversed()) == before


@given(walks())
def test_magnetic_stacks_show_one_colour(walk):
    rules, states, _ = walk
    if isinstance(rules, MagneticRules):
        for state in states:
            for stack in state.posts:
                assert len({state.face_up(d) for d in stack}) <= 1


@given(walks())
def test_apply_never_half_applies(walk):
    rules, states, _ = walk
    state = states[-1]
    snapshot = (state.posts, state.faces)
    for source in range(rules.posts):
        for target in range(rules.posts):
            for disk in range(1, state.n + 2):
                move = Move(disk, source, target)
                if rules.check(state, move) is not None:
                    with pytest.raises(IllegalMoveError):
                        rules.apply(state, move)
    assert (state.posts, state.faces) == snapshot


@given(walks())
def test_legal_moves_agree_with_check(walk):
    rules, states, _ = walk
    state = states[-1]
    legal = set(rules.legal_moves(state))
    for source, stack in enumerate(state.posts):
        for target in range(rules.posts):
            if stack:
                move = Move(stack[-1], source, target)
                assert (move in legal) == (rules.check(state, move) is None)
