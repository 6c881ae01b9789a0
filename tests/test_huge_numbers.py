"""Integers of any size reach users as clear errors, never as Python's raw ValueError for
conversions beyond 4,300 digits; answers too large to compute are refused at once, with an
estimate. Both sides of every threshold: the interpreter's 4,300 digits, the validator's
100-digit numbers, count's 2^23 bits and per_disk's 2^29 bits."""

from __future__ import annotations

import contextlib
import sys
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hanoi_magnet import (
    ClassicRules,
    HanoiError,
    IllegalMoveError,
    Move,
    Rule,
    State,
    TooLargeError,
    Variant,
    check,
    solve,
    validate,
)
from hanoi_magnet._text import MAX_SHOWN, digit_count, integer_text, shown
from hanoi_magnet.cli._bigdecimal import SMALL_BITS, SMALL_DIGITS, int_to_text, text_to_int
from hanoi_magnet.model import post_name
from hanoi_magnet.theory import _counting as counting
from hanoi_magnet.theory import count, per_disk
from hanoi_magnet.validate import parse_moves

LIMIT = 4300  # Python's default int_max_str_digits
pytestmark = pytest.mark.skipif(
    getattr(sys, "get_int_max_str_digits", lambda: 0)() != LIMIT,
    reason="needs Python's default limit on int/str conversions",
)


def digits(count: int, first: str = "1") -> str:
    return first + "0" * (count - 1)


# -- the message helpers, both sides of the interpreter's limit ---------------------------------


@pytest.mark.parametrize(
    "count", [1, 9, 10, MAX_SHOWN, MAX_SHOWN + 1, LIMIT - 1, LIMIT, LIMIT + 1, 20_000]
)
def test_digit_count_and_text_on_both_sides_of_the_limits(count):
    # exact up to MAX_SHOWN digits, then abbreviated, both sides of Python's 4,300 digits
    value = 10 ** (count - 1)
    assert digit_count(value) == digit_count(-value) == count
    assert digit_count(value - 1) == max(count - 1, 1)
    text = integer_text(value + 7)
    if count <= MAX_SHOWN:
        assert text == str(value + 7)
        assert shown(value + 7) == text
    else:
        assert text == f"100000…{7 if count > 1 else 8:04d} ({count:,} digits)"
        assert integer_text(-value) == f"-100000…0000 ({count:,} digits)"
        assert shown(-value) == integer_text(-value)


def test_shown_cuts_long_texts_and_abbreviates_huge_integers_inside_containers():
    assert shown("x" * (MAX_SHOWN - 2)) == repr("x" * (MAX_SHOWN - 2))  # exactly MAX_SHOWN long
    long = shown("x" * (MAX_SHOWN - 1))
    assert len(long) < MAX_SHOWN + 40 and long.endswith(f"({MAX_SHOWN + 1:,} characters)")
    huge = 10**LIMIT  # LIMIT + 1 digits
    assert shown((huge, [1, {"a": huge}])) == (
        "(100000…0000 (4,301 digits), [1, {'a': 100000…0000 (4,301 digits)}])"
    )
    assert shown((huge,)) == "(100000…0000 (4,301 digits),)"


# -- fast exact decimal text for the command line (subquadratic before Python 3.12) -------------


@pytest.mark.parametrize(
    "value",
    [0, -1, 2 ** (SMALL_BITS - 1), 2**SMALL_BITS - 1, 2**SMALL_BITS, -(3**40_000), 7**200_000],
    ids=["0", "-1", "below", "just-below", "at", "-3^40000", "7^200000"],
)
def test_int_to_text_is_str_on_both_sides_of_its_switch(value):
    with _no_digit_limit():
        assert int_to_text(value) == str(value)


@pytest.mark.parametrize("length", [1, SMALL_DIGITS - 1, SMALL_DIGITS, SMALL_DIGITS + 1, 60_001])
def test_text_to_int_is_int_on_both_sides_of_its_switch(length):
    text = "9" + "1234567890" * (length // 10) + "7" * (length % 10 - 1 if length % 10 else 0)
    text = text[:length]
    with _no_digit_limit():
        assert text_to_int(text) == int(text)
        assert text_to_int("-" + text) == -int(text)
    with pytest.raises(ValueError, match="not a decimal integer"):
        text_to_int(text + "x")


def test_a_million_digits_convert_in_well_under_a_second_each_way():
    value = 3**2_000_000  # 954,243 digits: minutes for str() on Python 3.11
    started = time.perf_counter()
    text = int_to_text(value)
    back = text_to_int(text)
    assert back == value and len(text) == 954_243
    assert time.perf_counter() - started < 60  # a hang detector, not a benchmark


@contextlib.contextmanager
def _no_digit_limit():
    before = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(before)


# -- moves naming huge posts and disks: text, pairs, mappings, Move objects ---------------------


@pytest.mark.parametrize("length", [1, 100, 101, LIMIT, LIMIT + 1, 5000])
def test_a_post_number_of_any_length_is_no_such_post(length):
    number = digits(length, "7")
    for text in (f"S->{number}", f"{number} D", f"1: S -> {number}"):
        report = validate([text], "NNN", 3)
        assert report.error is not None and report.error.rule is Rule.NO_SUCH_POST, report
        assert "(posts are 0..2)" in str(report)
        assert len(str(report)) < 400
        with pytest.raises(IllegalMoveError) as raised:
            check([text], "NNN", 3)
        assert raised.value.rule is Rule.NO_SUCH_POST
    if length > 100:  # not read as a number at all
        with pytest.raises(IllegalMoveError) as raised:
            parse_moves(f"S->D\nS->{number}")
        assert raised.value.rule is Rule.NO_SUCH_POST and raised.value.index == 1
        assert f"({length:,} digits) does not exist" in str(raised.value)
    else:  # read: the rules will say the post does not exist
        assert parse_moves(f"S->{number}") == [(0, int(number))]


@pytest.mark.parametrize("length", [100, 101, 5000])
def test_a_disk_number_of_any_length_is_no_such_disk(length):
    number = digits(length, "3")
    report = validate([f"{number}: S -> D"], "NNN", 3)
    assert report.error is not None and report.error.rule is Rule.NO_SUCH_DISK
    assert "(disks are 1..3)" in str(report)


@pytest.mark.parametrize("huge", [10**LIMIT, 10**5000 + 1], ids=["4301-digits", "5001-digits"])
def test_huge_integers_in_pairs_moves_and_mappings_are_reported(huge):
    cases = [
        ((huge, 1), Rule.NO_SUCH_POST),
        ((0, -huge), Rule.NO_SUCH_POST),
        (Move(huge, 0, 1), Rule.NO_SUCH_DISK),
        (Move(1, 0, huge), Rule.NO_SUCH_POST),
        ({"disk": 1, "source": 0, "target": huge}, Rule.NO_SUCH_POST),
    ]
    for item, rule in cases:
        for label in ("NNN", "classic"):
            report = validate([item], label, 2)
            assert report.error is not None and report.error.rule is rule, (item, report)
            assert "digits)" in str(report)


def test_move_and_post_name_print_huge_numbers_abbreviated():
    assert str(Move(10**5000, 0, 2)) == "100000…0000 (5,001 digits): S -> D"
    assert post_name(10**5000) == "100000…0000 (5,001 digits)"


# -- constructors and arguments with huge integers ----------------------------------------------


HUGE = 10**5000


@pytest.mark.parametrize(
    "call",
    [
        lambda: solve("NNN", HUGE),
        lambda: solve("NNN", -HUGE),
        lambda: validate([], "NNN", HUGE),
        lambda: validate([], "NNN", 2, goal=HUGE),
        lambda: validate([], ClassicRules(), start=HUGE),
        lambda: State([[HUGE], [], []]),
        lambda: State([[2, HUGE], [], []]),
        lambda: State.tower(HUGE),
        lambda: State.tower(2, HUGE),
        lambda: State.tower(2, posts=HUGE),
        lambda: State.from_code(HUGE, disks=2),
        lambda: State.from_code(0, disks=HUGE),
        lambda: State.tower(3).top(HUGE),
        lambda: Variant.from_label(HUGE),
        lambda: Variant.from_label("classic:" + "9" * 5000),
        lambda: Variant.from_label("classic:" + "9" * 10),
        lambda: Variant("x", ClassicRules(), HUGE, 2),
        lambda: ClassicRules(HUGE),
        lambda: ClassicRules(3, allowed=[(0, HUGE)]),
        lambda: count("NNN", -HUGE),
        lambda: count("NNN", HUGE),
        lambda: per_disk("NNN", HUGE),
        lambda: solve(HUGE, 3),
    ],
)
def test_huge_integer_arguments_are_invalid_argument_errors(call):
    with pytest.raises(HanoiError) as raised:
        call()
    assert len(str(raised.value)) < 400


# -- count and per_disk: answers too large are refused at once, both sides of the limits --------


def test_count_of_ten_to_the_fifteen_disks_is_refused_at_once_with_an_estimate():
    started = time.perf_counter()
    with pytest.raises(TooLargeError) as raised:
        count("NNN", 10**15)
    assert time.perf_counter() - started < 1
    # 10^15 log10(3) = 4.77e14 digits
    assert "about 4.77e+14 decimal digits" in str(raised.value)
    assert "limit is 8,388,608 bits" in str(raised.value)


def test_count_answers_up_to_the_limit_and_refuses_one_disk_more():
    limit = counting._MAX_COUNT_BITS
    assert count("classic", limit).bit_length() == limit  # 2^n - 1 has n bits: exact
    with pytest.raises(TooLargeError, match="limit is 8,388,608 bits"):
        count("classic", limit + 1)


@pytest.mark.parametrize("label", ["NNN", "RBB", "cyclic", "NNR", "linear", "cyclic:ccw"])
def test_count_limit_on_both_sides_for_other_growth_rates(label, monkeypatch):
    monkeypatch.setattr(counting, "_MAX_COUNT_BITS", 20_000)
    accepted = [n for n in range(10_000, 14_000, 7) if _accepted(label, n)]
    assert accepted and accepted[-1] < 13_990  # the limit falls inside the range
    largest = accepted[-1]
    # the estimate is within a bit of the truth, on both sides
    assert 20_000 - 16 <= count(label, largest).bit_length() <= 20_001
    monkeypatch.setattr(counting, "_MAX_COUNT_BITS", 40_000)
    assert count(label, largest + 7).bit_length() >= 20_000 - 16


def _accepted(label, n):
    try:
        count(label, n)
    except TooLargeError:
        return False
    return True


def test_per_disk_limit_on_both_sides(monkeypatch):
    monkeypatch.setattr(counting, "_MAX_PER_DISK_BITS", 200_000)
    # NNN: P(k) ~ 3^(k-1): about 1.585 n^2 / 2 bits together, so the limit falls near n = 502
    counts = per_disk("NNN", 480)
    assert sum(c.bit_length() for c in counts) <= 200_000
    with pytest.raises(TooLargeError, match=r"per_disk\('NNN', 520\) would have about"):
        per_disk("NNN", 520)
    monkeypatch.undo()
    with pytest.raises(TooLargeError, match="limit is 536,870,912 bits"):
        per_disk("NNN", 100_000)


@given(st.integers(min_value=LIMIT - 2, max_value=LIMIT + 2))
def test_validate_numbers_around_the_limit(length):
    value, text = 10 ** (length - 1), digits(length)
    for moves in ([(0, value)], [(value, 2)], [f"S->{text}"], [{"source": 0, "target": value}]):
        report = validate(moves, "classic", 3)
        assert report.error is not None
        assert report.error.rule is Rule.NO_SUCH_POST
