"""Labels and positions carrying numbers too long for ``int()`` get the library's own errors.

Python refuses ``int()`` of a string of more than 4,300 digits with a plain ValueError
(``sys.get_int_max_str_digits``); the library must refuse such input itself, with a message,
on both sides of that limit (and of its own limit of 18 digits).
"""

from __future__ import annotations

import sys

import pytest

import hanoi_magnet as hm
from hanoi_magnet import theory

LIMIT = sys.get_int_max_str_digits() or 4300
DIGITS = [18, 19, LIMIT, LIMIT + 1, 5000]


@pytest.mark.parametrize("digits", DIGITS)
@pytest.mark.parametrize(
    "call",
    [
        lambda label: hm.solve(label, 3),
        lambda label: hm.solve(label, start=hm.State([[1], [], []])),
        hm.default_registry.get,
        hm.Variant.from_label,
        lambda label: theory.count(label, 3),
        theory.closed_form,
    ],
    ids=["solve", "solve-start", "get", "from_label", "count", "closed_form"],
)
def test_a_peg_count_of_any_length_gets_the_librarys_error(call, digits):
    label = "classic:" + "9" * digits
    with pytest.raises(hm.InvalidArgumentError, match=r"pegs|posts") as caught:
        call(label)
    assert len(str(caught.value)) < 500  # the label is shortened in the message


@pytest.mark.parametrize("digits", [LIMIT, LIMIT + 1])
@pytest.mark.parametrize(
    ("template", "what"),
    [
        ("S: {} | I: - | D: -", "a disk size"),
        ("{}:SSS", "a number of posts"),
        ("12:1,{}", "a post"),
    ],
)
def test_a_position_with_a_huge_number_gets_the_librarys_error(template, what, digits):
    with pytest.raises(hm.InvalidArgumentError, match=f"{what} with {digits:,} digits"):
        hm.State.parse(template.format("9" * digits))
