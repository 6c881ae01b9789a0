"""Positions as text: State.parse reads back str(State), the compact form and repr(State)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hanoi_magnet import Color, InvalidArgumentError, State, Variant
from hanoi_magnet.testing import disk_counts, states, variants


@st.composite
def any_states(draw: st.DrawFn, *, max_posts: int = 12, max_disks: int = 12) -> State:
    """Any well-formed State: 1 to max_posts posts (more than 10 for the comma form), a post
    per disk, and either no faces or any face per disk (legal under magnetic rules or not)."""
    posts = draw(st.integers(1, max_posts))
    n = draw(st.integers(0, max_disks))
    where = draw(st.lists(st.integers(0, posts - 1), min_size=n, max_size=n))
    stacks = [[d for d in range(n, 0, -1) if where[d - 1] == p] for p in range(posts)]
    faces = draw(st.none() | st.lists(st.sampled_from(Color), min_size=n, max_size=n))
    return State(stacks, faces)


@st.composite
def legal_states(draw: st.DrawFn) -> State:
    """Legal positions of the built-in variants (3 to 5 posts, magnetic or classic)."""
    variant = draw(variants(solvable=None))
    return draw(states(variant, draw(disk_counts(max_value=10)), reachable=False))


def _magnetic(state: State) -> bool | None:
    # Without disks, str() of a magnetic state reads like a classic one: say which it is.
    return state.magnetic if state.n == 0 else None


@given(any_states())
def test_str_reads_back(state):
    assert State.parse(str(state), magnetic=_magnetic(state)) == state
    assert State.parse(str(state), posts=len(state.posts), magnetic=state.magnetic) == state


@given(any_states())
def test_the_compact_form_reads_back(state):
    text = state.format(compact=True)
    assert State.parse(text) == state
    assert " " not in text and "|" not in text  # one shell word
    assert State.parse(text.lower()) == state
    assert State.parse(f"  {text}\n") == state


@given(legal_states())
def test_legal_states_read_back_in_both_forms(state):
    assert State.parse(str(state), magnetic=state.magnetic) == state
    assert State.parse(state.format(compact=True)) == state
    assert State.parse(state.format(compact=True), posts=len(state.posts)) == state


@given(any_states())
def test_repr_evaluates_back(state):
    assert eval(repr(state), {"State": State}) == state


def test_the_compact_form_is_largest_disk_first():
    state = State([[3, 2], [1], []], faces="BRR")
    assert str(state) == "S: 3r 2r | I: 1b | D: -"
    assert state.format(compact=True) == "SSI/rrb"
    assert State.tower(3, 3, posts=4).format(compact=True) == "4:333"
    assert State.tower(2, 11, posts=12).format(compact=True) == "12:11,11"
    assert State([[], [], []]).format(compact=True) == "-"
    assert State([[], [], []], faces="").format(compact=True) == "-/-"
    assert State([[], [], [], []]).format(compact=True) == "4:-"
    assert State.parse("4:0013") == State([[4, 3], [2], [], [1]])
    assert State.parse("0013", posts=4) == State([[4, 3], [2], [], [1]])
    assert State.parse("3:201") == State.parse("DSI")
    assert State.parse("dsi/BRb") == State([[2], [1], [3]], faces="BRB")


def test_long_form_spellings():
    expected = State([[3, 2], [1], []], faces="BRR")
    for text in (
        "S: 3r 2r | I: 1b | D: -",
        "s:3R 2r|i:1B|d:-",
        "0: 3r 2r | 1: 1b | 2: -",  # numbers name the three posts too
        "  S:  3r  2r |I: 1b| D:   -  ",
    ):
        assert State.parse(text) == expected, text
    assert State.parse("0: 2 1") == State([[2, 1]])
    assert State.parse("0: -") == State([[]])
    assert State.parse("S: - | I: - | D: -", magnetic=True) == State([[], [], []], faces="")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "must not be empty"),
        ("   ", "must not be empty"),
        ("S: 2 1 | D: - | I: -", r"part 2 of 3, 'D: -', must start with the name of post 1: 'I'"),
        ("S: 2 1 | I - | D: -", r"part 2 of 3, 'I -', must start"),
        ("0: 1 | 1: - | 2: - | 4: 2", r"'4: 2', must start with the name of post 3"),
        ("S: 1 2 | I: - | D: -", r"in 'S: 1 2': disk 2 cannot lie on disk 1"),
        ("S: 2 2 | I: - | D: -", r"disk 2 cannot lie on disk 2"),
        ("S: 3x | I: - | D: -", r"in 'S: 3x': '3x' is not a disk"),
        ("S: 2r | I: 1 | D: -", r"disk 1 has no face \(r or b\) but disk 2 has one"),
        ("S: 3 | I: 1 | D: -", r"disk 2 is missing"),
        ("S: 2 | I: 1 | D: 1", r"disk 1 appears more than once"),
        ("SSX", r"'SSX' is not a position"),
        ("0013", r"need the number of posts first, e.g. '4:0013'"),
        ("4:0015", r"disk 1 is on post 5, but posts are 0\.\.3"),
        ("4:SSI", r"the letters S, I, D name the posts of a three-post puzzle"),
        ("0:-", "at least 1 post"),
        ("SSI/rr", r"after '/' give one face per disk, r or b, largest disk first \(3 letters\)"),
        ("SSI/rrx", r"got 'rrx'"),
        ("-/r", r"\(0 letters, or -\)"),
    ],
)
def test_errors_name_the_offending_part(text, message):
    with pytest.raises(InvalidArgumentError, match=message):
        State.parse(text)


def test_expectations_are_checked():
    with pytest.raises(InvalidArgumentError, match="S, I, D name the posts of a three-post"):
        State.parse("SSI", posts=4)
    with pytest.raises(InvalidArgumentError, match="expected a position on 4 posts"):
        State.parse("5:0000", posts=4)
    with pytest.raises(InvalidArgumentError, match="expected a position on 3 posts"):
        State.parse("0: 1 | 1: - | 2: - | 3: -", posts=3)
    with pytest.raises(InvalidArgumentError, match="magnetic rules need the up face"):
        State.parse("SSI", magnetic=True)
    with pytest.raises(InvalidArgumentError, match="classic positions have none"):
        State.parse("SSI/rrr", magnetic=False)
    with pytest.raises(InvalidArgumentError, match="magnetic must be True, False or None"):
        State.parse("SSI", magnetic="yes")
    with pytest.raises(InvalidArgumentError, match="posts must be an integer >= 1"):
        State.parse("SSI", posts=0)
    with pytest.raises(InvalidArgumentError, match="must be a str"):
        State.parse(b"SSI")


def test_variant_positions_read_back_from_their_labels():
    for label in ("NNN", "RBB", "classic", "classic:4", "linear"):
        variant = Variant.from_label(label)
        for state in (variant.start(5), variant.goal(5)):
            assert State.parse(state.format(compact=True)) == state
            assert State.parse(str(state), magnetic=variant.magnetic) == state


def test_parsing_is_linear_in_the_number_of_disks():
    """A position of 200,000 disks parses (no quadratic checks); a mistake in it is named."""
    n = 200_000
    state = State.tower(n, 2, face=Color.BLUE)
    text = state.format(compact=True)
    assert State.parse(text) == state
    assert State.parse(str(state)) == state
    with pytest.raises(InvalidArgumentError, match=f"disk {n} appears more than once") as error:
        State.parse(str(state).replace("S: -", f"S: {n}b"))
    assert len(str(error.value)) < 300  # the message quotes an excerpt, not the whole text
    with pytest.raises(InvalidArgumentError, match="cannot lie on") as error:
        State.parse(str(state).replace("D: ", f"D: {n}b "))
    assert len(str(error.value)) < 300


@pytest.mark.parametrize("posts", [10, 11, 12, 30])
def test_one_disk_on_a_high_post_reads_back(posts):
    """With more than ten posts the compact form separates posts with commas, so a single
    disk's post is one number ('11:10' is disk 1 on post 10, not two disks on posts 1 and 0)."""
    for post in range(posts):
        stacks = [[1] if p == post else [] for p in range(posts)]
        state = State(stacks)
        assert State.parse(state.format(compact=True)) == state
    if posts > 10:
        assert State.parse(f"{posts}:10").posts[10] == (1,)
