"""Garbage of every kind gets a HanoiError subclass, never a raw TypeError/IndexError/crash."""

from __future__ import annotations

import contextlib

from hypothesis import given
from hypothesis import strategies as st

from hanoi_magnet import (
    ClassicRules,
    HanoiError,
    MagneticRules,
    Move,
    State,
    Variant,
    solve,
    validate,
)
from hanoi_magnet.validate import parse_moves

garbage = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(10**30), max_value=10**30),
        st.floats(allow_nan=True),
        st.text(max_size=12),
        st.binary(max_size=6),
        st.sampled_from(["S->D", "SD", "0 2", "NNN", "classic", "", " ", "->", "9: S -> D"]),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.tuples(inner, inner),
        st.dictionaries(st.text(max_size=3), inner, max_size=2),
    ),
    max_leaves=8,
)


def _only_hanoi_errors(call, *args, **kwargs):
    with contextlib.suppress(HanoiError):
        call(*args, **kwargs)


@given(garbage)
def test_validate_moves(junk):
    # bad moves are reported, not raised (the container itself may be rejected)
    try:
        report = validate(junk, "classic", 3)
    except HanoiError:
        return
    # a report, never a crash: it is consistent with itself
    assert report.ok == (report.error is None)
    assert not (report.solved and not report.ok)
    if report.error is not None:
        assert report.error.index == report.length


@given(st.lists(garbage, max_size=5))
def test_validate_each_item(items):
    report = validate(items, "NNN", 2)
    assert isinstance(report.length, int)


@given(garbage, garbage)
def test_validate_variant_and_n(variant, n):
    _only_hanoi_errors(validate, [], variant, n)


@given(garbage)
def test_parse_moves(junk):
    _only_hanoi_errors(parse_moves, junk)


@given(st.text(alphabet="SIDsid0123456789:->, \n#→todisk", max_size=30))
def test_parse_moves_text(text):
    _only_hanoi_errors(parse_moves, text)


@given(garbage, garbage)
def test_state(posts, faces):
    _only_hanoi_errors(State, posts, faces)


@given(garbage, garbage, garbage)
def test_move(disk, source, target):
    _only_hanoi_errors(Move, disk, source, target)


@given(garbage)
def test_labels(label):
    _only_hanoi_errors(Variant.from_label, label)
    _only_hanoi_errors(solve, label, 2)


@given(garbage)
def test_disk_counts(n):
    _only_hanoi_errors(solve, "NNN", n)
    _only_hanoi_errors(State.tower, n)


@given(garbage, garbage)
def test_rules_constructors(a, b):
    _only_hanoi_errors(ClassicRules, a, b)
    _only_hanoi_errors(MagneticRules, a)


@given(garbage)
def test_solution_indexing(k):
    solution = solve("NNN", 3)
    _only_hanoi_errors(solution.__getitem__, k)
    _only_hanoi_errors(solution.unrank, k)
    _only_hanoi_errors(solution.rank, k)
    _only_hanoi_errors(solution.iter_from, k)
