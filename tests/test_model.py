from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hanoi_magnet import Color, InvalidArgumentError, Move, State
from hanoi_magnet.model import MAX_DISKS, post_name


def test_color_flip_and_parse():
    assert Color.RED.flipped is Color.BLUE
    assert Color.BLUE.flipped is Color.RED
    assert Color.parse("r") is Color.RED
    assert Color.parse(" Blue ") is Color.BLUE
    assert (Color.RED.bit, Color.BLUE.bit) == (0, 1)
    with pytest.raises(InvalidArgumentError, match="'R' \\(red\\) or 'B'"):
        Color.parse("green")


def test_move_fields_and_text():
    move = Move(3, 0, 2)
    assert (move.disk, move.source, move.target) == (3, 0, 2)
    assert str(move) == "3: S -> D"
    assert str(Move(1, 0, 3)) == "1: 0 -> 3"
    assert move.reversed() == Move(3, 2, 0)
    assert hash(Move(1, 0, 1)) == hash(Move(1, 0, 1))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((0, 0, 1), "a disk must be an integer >= 1"),
        ((True, 0, 1), "bool"),
        ((1.0, 0, 1), "got float"),
        ((1, -1, 1), "a post must be an integer >= 0"),
        ((1, "S", 1), "got str"),
    ],
)
def test_move_rejects_bad_fields(args, message):
    with pytest.raises(InvalidArgumentError, match=message):
        Move(*args)


def test_move_is_frozen():
    with pytest.raises(AttributeError):
        Move(1, 0, 1).disk = 2  # type: ignore[misc]


def test_state_tower_and_accessors():
    state = State.tower(3, post=1, posts=4, face=Color.BLUE)
    assert state.posts == ((), (3, 2, 1), (), ())
    assert state.n == 3
    assert state.magnetic
    assert state.face_up(2) is Color.BLUE
    assert state.post_of(1) == 1
    assert state.top(1) == 1
    assert state.top(0) is None
    assert str(state) == "0: - | 1: 3b 2b 1b | 2: - | 3: -"
    classic = State.tower(2)
    assert classic.face_up(1) is None
    assert str(classic) == "S: 2 1 | I: - | D: -"


@pytest.mark.parametrize(
    ("posts", "faces", "message"),
    [
        (((1, 2), (), ()), None, "disk 2 on disk 1"),
        (((2,), (), ()), None, "each size 1..1 exactly once"),
        (((1,), (1,), ()), None, "exactly once"),
        (((1,), (), ()), "RB", "one colour per disk"),
        (((1,), (), ()), "X", "'R' \\(red\\)"),
        ((), None, "at least one post"),
        ("abc", None, "sequence of posts"),
        (((1,), 5, ()), None, "post 1 must be a sequence"),
        (((0,), (), ()), None, ">= 1"),
    ],
)
def test_state_rejects_malformed(posts, faces, message):
    with pytest.raises(InvalidArgumentError, match=message):
        State(posts, faces)


def test_state_accepts_lists_and_compares_by_value():
    assert State([[2], [], [1]]) == State(((2,), (), (1,)))
    assert State([[1]], faces="b").faces == (Color.BLUE,)
    assert repr(State([[1], [], []], faces="R")) == "State(((1,), (), ()), faces='R')"


def test_state_tower_limits():
    with pytest.raises(InvalidArgumentError, match="at most"):
        State.tower(MAX_DISKS + 1)
    with pytest.raises(InvalidArgumentError, match=r"post must be in 0\.\.2"):
        State.tower(2, post=3)
    assert State.tower(0).posts == ((), (), ())


@st.composite
def states(draw, magnetic=None):
    posts = draw(st.integers(1, 5))
    n = draw(st.integers(0, 8))
    where = draw(st.lists(st.integers(0, posts - 1), min_size=n, max_size=n))
    stacks = [[d for d in range(n, 0, -1) if where[d - 1] == p] for p in range(posts)]
    if magnetic is None:
        magnetic = draw(st.booleans())
    faces = draw(st.lists(st.sampled_from(Color), min_size=n, max_size=n)) if magnetic else None
    return State(stacks, faces)


@given(states())
def test_code_round_trip(state):
    again = State.from_code(
        state.code, disks=state.n, posts=len(state.posts), magnetic=state.magnetic
    )
    assert again == state


@given(states(), states())
def test_code_is_injective(a, b):
    shape = (a.n, len(a.posts), a.magnetic)
    if shape == (b.n, len(b.posts), b.magnetic) and a != b:
        assert a.code != b.code


def test_from_code_range_checked():
    with pytest.raises(InvalidArgumentError, match="below 3\\*\\*2"):
        State.from_code(9, disks=2)


def test_post_names():
    assert [post_name(p) for p in range(3)] == ["S", "I", "D"]
    assert post_name(3, posts=5) == "3"
