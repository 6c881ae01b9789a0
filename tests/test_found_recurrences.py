"""theory.find_recurrence: recurrences found from terms, against sequences made to follow one.

A random integer recurrence (random order, coefficients, first terms, and a few irregular
terms before it starts) generates the terms; the recurrence found must reproduce every one of
them and the next ones, be no longer than the one that made them, and be found from no more
terms than that one needs. The plan tables' own recurrences (theory.characteristic_polynomial)
give a second, independent check.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from hanoi_magnet import NoRecurrenceError
from hanoi_magnet.errors import InvalidArgumentError
from hanoi_magnet.theory import (
    Polynomial,
    characteristic_polynomial,
    count,
    find_recurrence,
)


def _generate(coefficients, first, irregular, count_):
    values = list(irregular) + list(first)
    while len(values) < count_:
        values.append(sum(c * values[-1 - i] for i, c in enumerate(coefficients)))
    return values


@pytest.mark.parametrize("seed", range(60))
def test_recovers_a_random_recurrence(seed):
    rng = random.Random(seed)
    order = rng.randrange(1, 6)
    coefficients = [rng.randrange(-5, 6) for _ in range(order)]
    coefficients[-1] = coefficients[-1] or 1
    first = [rng.randrange(-9, 10) for _ in range(order)]
    irregular = [rng.randrange(-9, 10) for _ in range(rng.randrange(3))]
    transient = len(irregular)
    checks = rng.randrange(1, 4)
    total = 2 * (order + transient) + checks + rng.randrange(4)
    terms = _generate(coefficients, first, irregular, total + 10)
    found = find_recurrence(terms[:total], offset=1, checks=checks)
    assert found.order <= order + transient
    assert 2 * found.order <= found.found_from <= 2 * (order + transient)
    assert found.checked == total - found.found_from >= checks
    assert found.extend(total + 10) == tuple(terms)  # the given terms, and ten more
    assert found.start == 1 + found.order


def test_the_generating_function_expands_to_the_terms():
    terms = [3, 72, 1419, 26580, 487839, 8867088, 160391235, 2894149932]
    found = find_recurrence([1, 3, 7, 15, 31, 63], offset=1)
    assert str(found.generating_function()) == "1/(1 - 3x + 2x^2)"
    found = find_recurrence([2, 1, 3, 4, 7, 11, 18, 29], offset=0, checks=2)  # Lucas
    assert found.generating_function() == "(2 - x)/(1 - x - x^2)"
    with pytest.raises(NoRecurrenceError, match="order at most 3 fits 7 terms"):
        find_recurrence(terms, checks=1)


def test_follows_the_plan_tables_recurrences():
    """NNN's move counts come from its plan table: the recurrence found from 30 of them has a
    characteristic polynomial dividing the table's (it may be shorter: a factor the counts
    do not use)."""
    for label in ("NNN", "RBB", "NBN", "linear", "cyclic"):
        terms = [count(label, n) for n in range(1, 31)]
        found = find_recurrence(terms, offset=1, checks=10)
        table = characteristic_polynomial(label)
        factors = dict(found.characteristic.factor().factors)
        whole = dict(table.factor().factors)
        assert all(whole.get(factor, 0) >= power for factor, power in factors.items()), label


def test_exact_rationals_and_irregular_starts():
    halves = [Fraction(1, 2**n) for n in range(8)]
    found = find_recurrence(halves)
    assert found.coefficients == (Fraction(1, 2),)
    assert found.characteristic == Polynomial((-1, 2))
    found = find_recurrence([5, 1, 2, 4, 8, 16, 32], checks=2)  # 2**(n-1) after a 5
    assert str(found) == "a(n) = 2 a(n-1) for n >= 2"
    assert found.extend(9)[-1] == 128
    assert str(find_recurrence([0, 0, 0, 0])) == "a(n) = 0 for n >= 0"
    # one term would give 3 a(n-1) too, but one term determines no recurrence of order one
    assert find_recurrence([3, 9, 27, 81]).found_from == 2


def test_errors():
    with pytest.raises(InvalidArgumentError, match="none to find"):
        find_recurrence([1, 2], checks=2)
    with pytest.raises(InvalidArgumentError, match="checks"):
        find_recurrence([1, 2, 3], checks=-1)
    with pytest.raises(NoRecurrenceError):
        find_recurrence([1, 2, 4, 7, 11], checks=2)
