"""Linear recurrences found from a sequence's terms, exactly, and checked on terms not used.

The plan tables give the recurrences of the move counts (:func:`~hanoi_magnet.theory.recurrence`);
numbers computed by search (the invariants of a state graph) come with no table, only terms.
:func:`find_recurrence` finds the shortest linear recurrence with constant coefficients that
the first terms satisfy (the Berlekamp–Massey algorithm, in exact rational arithmetic), and
keeps it only if the terms it was not found from satisfy it too. ``k`` terms determine a
recurrence of order ``L`` uniquely when ``2 L <= k`` (the shortest linear recurrence of a finite
sequence is unique then), so a recurrence found from ``k`` terms and checked on ``m`` more is a
conjecture with ``m`` confirmations: the evidence is stated, and a proof is another matter.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

import attrs

from hanoi_magnet.errors import InvalidArgumentError, NoRecurrenceError
from hanoi_magnet.model import _integer
from hanoi_magnet.theory._polynomial import Polynomial

__all__ = ["FoundRecurrence", "find_recurrence"]


@attrs.frozen(slots=True)
class FoundRecurrence:
    """A linear recurrence with constant coefficients that a sequence's terms satisfy.

    ``a(n) = c_1 a(n-1) + ... + c_L a(n-L)`` for every ``n >= start``, the terms indexed from
    ``offset``.

    Attributes:
        coefficients: ``(c_1, ..., c_L)``, exact (Fractions; integers where they are).
        offset: the index of the first term given.
        start: the first index the recurrence holds at (``offset + L`` at least).
        found_from: how many of the first terms determined it (at least ``2 L``).
        checked: how many further terms it was checked on, none of them used to find it.
        terms: the terms given.

    Example:
        >>> from hanoi_magnet.theory import find_recurrence
        >>> found = find_recurrence([1, 3, 7, 15, 31, 63, 127], offset=1)  # 2**n - 1
        >>> print(found)
        a(n) = 3 a(n-1) - 2 a(n-2) for n >= 3
        >>> found.found_from, found.checked
        (4, 3)
        >>> print(found.characteristic.factor())
        (K - 2)(K - 1)
        >>> print(found.generating_function())  # 1 + 3x + 7x^2 + ...: a(1), a(2), ...
        1/(1 - 3x + 2x^2)
        >>> found.extend(9)[-2:]
        (255, 511)
    """

    coefficients: tuple[Fraction, ...]
    offset: int
    start: int
    found_from: int
    checked: int
    terms: tuple[Fraction, ...]

    @property
    def order(self) -> int:
        """The number of earlier terms each term depends on, ``L``."""
        return len(self.coefficients)

    @property
    def characteristic(self) -> Polynomial:
        """``K^L - c_1 K^(L-1) - ... - c_L``, scaled to coprime integers."""
        return Polynomial(_integers([*(-c for c in reversed(self.coefficients)), Fraction(1)]))

    def generating_function(self) -> str:
        """``P(x)/Q(x)`` with ``sum a(offset + i) x^i = P(x)/Q(x)``, integers where possible."""
        denominator = [Fraction(1), *(-c for c in self.coefficients)]
        head = min(len(self.terms), self.start - self.offset)
        numerator = [
            sum(
                (denominator[j] * self.terms[i - j] for j in range(min(i, self.order) + 1)),
                Fraction(0),
            )
            for i in range(head)
        ]
        scale = math.lcm(*(value.denominator for value in [*numerator, *denominator]))
        top = _text([value * scale for value in numerator])
        bottom = _text([value * scale for value in denominator])
        return f"({top})/({bottom})" if " " in top else f"{top}/({bottom})"

    def extend(self, count: int) -> tuple[int | Fraction, ...]:
        """The first ``count`` terms: those given, then the recurrence's."""
        values = list(self.terms[:count])
        while len(values) < count:
            values.append(
                sum((c * values[-1 - i] for i, c in enumerate(self.coefficients)), Fraction(0))
            )
        return tuple(_plain(value) for value in values)

    def __str__(self) -> str:
        pieces: list[str] = []
        for i, c in enumerate(self.coefficients, start=1):
            if c == 0:
                continue
            size = abs(c)
            factor = "" if size == 1 else f"{size} "
            sign = ("-" if c < 0 else "") if not pieces else (" - " if c < 0 else " + ")
            pieces.append(f"{sign}{factor}a(n-{i})")
        return f"a(n) = {''.join(pieces) or '0'} for n >= {self.start}"


def find_recurrence(
    terms: Sequence[int | Fraction], *, offset: int = 0, checks: int = 1
) -> FoundRecurrence:
    """The shortest linear recurrence the terms satisfy, found from as few of them as possible.

    For ``k = 1, 2, ...``: the shortest recurrence of the first ``k`` terms (Berlekamp–Massey,
    exactly), kept if it is determined by them (order ``L`` with ``2 L <= k``) and every later
    term satisfies it; at least ``checks`` later terms must be left to check it on. Below,
    ``n(n - 1)/2 + 1`` follows a recurrence of order 3, which 5 terms cannot both find and
    check.

    Raises:
        NoRecurrenceError: no recurrence of order up to ``(len(terms) - checks) // 2`` fits
            (the terms may follow a longer one, or none).

    Example:
        >>> from hanoi_magnet.theory import find_recurrence
        >>> print(find_recurrence([0, 1, 1, 2, 3, 5, 8, 13], checks=3))
        a(n) = a(n-1) + a(n-2) for n >= 2
        >>> find_recurrence([1, 2, 4, 7, 11], checks=2)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        hanoi_magnet.errors.NoRecurrenceError: no linear recurrence of order at most 1 fits 3 ...
    """
    values = [Fraction(value) for value in terms]
    offset = _integer(offset, "offset", minimum=-(1 << 62))
    checks = _integer(checks, "checks", minimum=0)
    if len(values) <= checks:
        raise InvalidArgumentError(f"{len(values)} terms leave none to find a recurrence from")
    for known in range(1, len(values) - checks + 1):
        connection, order = _berlekamp_massey(values[:known])
        if 2 * order > known:
            continue  # not determined by so few terms
        if all(
            sum(connection[i] * values[n - i] for i in range(order + 1)) == 0
            for n in range(known, len(values))
        ):
            return FoundRecurrence(
                tuple(-c for c in connection[1:]),
                offset,
                offset + order,
                known,
                len(values) - known,
                tuple(values),
            )
    longest = (len(values) - checks) // 2
    raise NoRecurrenceError(
        f"no linear recurrence of order at most {longest} fits {len(values) - checks} terms "
        f"and checks on {checks} more (the terms may follow a longer one)"
    )


def _berlekamp_massey(values: Sequence[Fraction]) -> tuple[list[Fraction], int]:
    """The connection polynomial ``C`` (``C[0] = 1``) and order ``L`` of the shortest recurrence.

    ``sum C[i] s[n - i] = 0`` over ``i = 0..L`` for every ``n >= L`` (Massey, *Shift-register
    synthesis and BCH decoding*, 1969; over the rationals every division is exact).
    """
    current, previous = [Fraction(1)], [Fraction(1)]
    order, gap, last = 0, 1, Fraction(1)
    for n, value in enumerate(values):
        error = value + sum(current[i] * values[n - i] for i in range(1, len(current)))
        if error == 0:
            gap += 1
            continue
        factor = error / last
        updated = current + [Fraction(0)] * max(0, len(previous) + gap - len(current))
        for i, c in enumerate(previous):
            updated[i + gap] -= factor * c
        if 2 * order <= n:
            previous, last, order, gap = current, error, n + 1 - order, 1
        else:
            gap += 1
        current = updated
    return current + [Fraction(0)] * (order + 1 - len(current)), order


def _integers(values: Sequence[Fraction]) -> list[int]:
    scale = math.lcm(*(value.denominator for value in values))
    integers = [int(value * scale) for value in values]
    content = math.gcd(*integers) or 1
    return [value // content for value in integers]


def _plain(value: Fraction) -> int | Fraction:
    return int(value) if value.denominator == 1 else value


def _text(coefficients: Sequence[Fraction]) -> str:
    """``1 - 3x + 2x^2`` (a polynomial in x, constant first)."""
    pieces: list[str] = []
    for power, c in enumerate(coefficients):
        if c == 0:
            continue
        size = abs(_plain(c))
        variable = "" if power == 0 else "x" if power == 1 else f"x^{power}"
        number = "" if size == 1 and power else str(size)
        sign = ("-" if c < 0 else "") if not pieces else (" - " if c < 0 else " + ")
        pieces.append(f"{sign}{number}{variable}")
    return "".join(pieces) or "0"
