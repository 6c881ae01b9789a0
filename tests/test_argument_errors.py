"""Bad arguments get an InvalidArgumentError (or another HanoiError) with a clear message — never
a raw AttributeError, TypeError or ValueError — including integers far beyond Python's 4,300-digit
limit on conversions, long texts, and objects of the wrong kind where a State is expected."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hanoi_magnet import (
    ClassicRules,
    Color,
    HanoiError,
    InvalidArgumentError,
    MagneticRules,
    Move,
    State,
    Variant,
    check,
    validate,
)
from hanoi_magnet.model import post_name
from hanoi_magnet.theory import count, per_disk
from hanoi_magnet.validate import parse_moves

HUGE = 10**5000

garbage = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(10**30), max_value=10**30),
        # 10^e and -10^e: beyond, at and below Python's 4,300-digit limit, and past 64 bits
        st.sampled_from([5000, 4300, 4299, 20]).flatmap(
            lambda e: st.sampled_from([10**e, -(10**e)])
        ),
        st.floats(allow_nan=True),
        st.text(max_size=12),
        st.sampled_from(["S", "a", "\ufeffS->D", "S->" + "9" * 5000, "9" * 5000 + ": S -> D"]),
        st.binary(max_size=6),
        st.just(State.tower(2)),
        st.just(Move(1, 0, 2)),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.tuples(inner, inner),
        st.dictionaries(st.sampled_from(["disk", "source", "target", "x"]), inner, max_size=3),
    ),
    max_leaves=6,
)


def only_hanoi_errors(call, *args, **kwargs):
    message = ""
    try:
        call(*args, **kwargs)
    except HanoiError as error:
        message = str(error)
    assert len(message) < 1000, "messages stay short, whatever the input"


def test_validate_with_a_start_that_is_not_a_state():
    # AttributeError: 'str' object has no attribute 'n' (0.1.0)
    with pytest.raises(
        InvalidArgumentError, match=r"start must be a State \(or None\), got str 'S'"
    ):
        validate([], "NNN", 2, start="S")
    with pytest.raises(InvalidArgumentError, match="goal must be a State"):
        validate([], "NNN", 2, goal=[[], [], [2, 1]])


def test_post_name_of_something_that_is_not_a_number():
    # ValueError (substring not found) / TypeError in 0.1.0
    with pytest.raises(InvalidArgumentError, match=r"post must be an integer .*got str 'a'"):
        post_name("a")
    with pytest.raises(InvalidArgumentError, match=r"got float 1\.5"):
        post_name(1.5)
    with pytest.raises(InvalidArgumentError, match="posts must be an integer >= 1"):
        post_name(1, posts=0)
    assert post_name(-1) == "-1"  # a post a puzzle lacks still has a name, for messages


def test_variant_with_rules_that_are_not_rules():
    # attrs' raw TypeError in 0.1.0
    with pytest.raises(InvalidArgumentError, match="rules must be a ClassicRules or Magnetic"):
        Variant("x", "classic", 0, 2)
    with pytest.raises(InvalidArgumentError, match="label must be a string"):
        Variant(None, ClassicRules(), 0, 2)


@given(garbage)
def test_post_name(junk):
    only_hanoi_errors(post_name, junk)
    only_hanoi_errors(post_name, 1, junk)


@given(garbage, garbage, garbage)
def test_validate_and_check_arguments(n, start, goal):
    only_hanoi_errors(validate, [], "NNN", n, start=start, goal=goal)
    only_hanoi_errors(check, ["S->D"], "classic", n, start=start, goal=goal)
    only_hanoi_errors(validate, [], MagneticRules("NNN"), start=start, goal=goal)


@given(st.lists(garbage, max_size=4))
def test_validate_items_are_reported(items):
    for label in ("NNN", "classic", "classic:4"):
        report = validate(items, label, 2)
        assert len(str(report)) < 1000
        with contextlib.suppress(HanoiError):
            check(items, label, 2)


@given(garbage)
def test_parse_moves(junk):
    only_hanoi_errors(parse_moves, junk)
    if isinstance(junk, str):
        only_hanoi_errors(parse_moves, f"S->D, {junk}")


@given(garbage, garbage, garbage)
def test_constructors(a, b, c):
    only_hanoi_errors(Move, a, b, c)
    only_hanoi_errors(lambda: str(Move(1, 0, 2 if not isinstance(c, int) else c)))
    only_hanoi_errors(State, a, b)
    only_hanoi_errors(State.tower, a, b, posts=c)
    only_hanoi_errors(State.tower, 2, face=a)
    only_hanoi_errors(State.from_code, a, disks=b)
    only_hanoi_errors(Variant, a, ClassicRules(), b, c)
    only_hanoi_errors(Variant, "x", a, 0, 2)
    only_hanoi_errors(Variant, "x", MagneticRules("NNN"), 0, 2, a, b)
    only_hanoi_errors(Variant.from_label, a)
    only_hanoi_errors(ClassicRules, a, b)
    only_hanoi_errors(MagneticRules, a)
    only_hanoi_errors(Color.parse, a)


@given(garbage)
def test_state_queries(junk):
    state = State.tower(3, face=Color.RED)
    only_hanoi_errors(state.face_up, junk)
    only_hanoi_errors(state.post_of, junk)
    only_hanoi_errors(state.top, junk)
    only_hanoi_errors(MagneticRules("NNN").is_legal, state, junk)
    only_hanoi_errors(MagneticRules("NNN").apply, state, junk)
    only_hanoi_errors(ClassicRules().legal_moves, junk)


@given(garbage)
def test_counting_arguments(n):
    only_hanoi_errors(count, "NNN", n)
    only_hanoi_errors(count, "classic:4", n)
    only_hanoi_errors(per_disk, "RRB", n)
    only_hanoi_errors(count, n, 3)
