"""Exact decimal text of huge integers, and back, in subquadratic time (private).

Before Python 3.12, ``str(n)`` and ``int(text)`` take time quadratic in the number of digits
(a count of a million disks, about 477,000 digits, took seconds to print; 4 million digits,
minutes). Both directions here split the number in halves recursively: towards text through the
:mod:`decimal` module, whose multiplication is fast for huge operands, and from text with
Python's own (Karatsuba) multiplication. On Python 3.12 and later, ``str`` and ``int`` already
do this, and are used directly. Neither function is subject to the interpreter's 4,300-digit
limit: the numbers are the command line's own results and the user's own arguments.
"""

from __future__ import annotations

import decimal
import functools
import sys
from collections.abc import Callable

#: Below this many bits (digits, for text), the built-in conversion is fast enough.
SMALL_BITS = 1 << 15
SMALL_DIGITS = 10_000
# Leaves of the recursion: converted directly.
_LEAF_BITS = 1 << 10
_LEAF_DIGITS = 1_000
_NATIVE = sys.version_info >= (3, 12)


def _builtin_str(value: int) -> str:
    setter = getattr(sys, "set_int_max_str_digits", None)
    if setter is None:  # Pythons before 3.10.7 have no limit
        return str(value)
    before = sys.get_int_max_str_digits()
    setter(0)
    try:
        return str(value)
    finally:
        setter(before)


def _builtin_int(text: str) -> int:
    setter = getattr(sys, "set_int_max_str_digits", None)
    if setter is None:
        return int(text)
    before = sys.get_int_max_str_digits()
    setter(0)
    try:
        return int(text)
    finally:
        setter(before)


def int_to_text(value: int) -> str:
    """``str(value)`` for an int of any size, in subquadratic time.

    Example:
        >>> len(int_to_text(3**100_000))
        47713
        >>> int_to_text(-(2**70))
        '-1180591620717411303424'
    """
    if _NATIVE or value.bit_length() < SMALL_BITS:
        return _builtin_str(value)
    with decimal.localcontext() as context:
        context.prec = decimal.MAX_PREC
        context.Emax = decimal.MAX_EMAX
        context.Emin = decimal.MIN_EMIN
        context.traps[decimal.Inexact] = True  # exact, or an error: never a rounded answer
        power_of_two = functools.cache(_power_of_two)
        text = str(_to_decimal(abs(value), value.bit_length(), power_of_two))
    return "-" + text if value < 0 else text


def _power_of_two(bits: int) -> decimal.Decimal:
    return decimal.Decimal(2) ** bits


def _to_decimal(
    value: int, bits: int, power_of_two: Callable[[int], decimal.Decimal]
) -> decimal.Decimal:
    """Value (< 2**bits) as a Decimal: high half times 2**half plus low half."""
    if bits <= _LEAF_BITS:
        return decimal.Decimal(value)
    half = bits >> 1
    high = value >> half
    low = value - (high << half)
    return _to_decimal(low, half, power_of_two) + _to_decimal(
        high, bits - half, power_of_two
    ) * power_of_two(half)


def text_to_int(text: str) -> int:
    """``int(text)`` for decimal digits (an optional sign first) of any length, subquadratic.

    Raises:
        ValueError: ``text`` is not an optional sign followed by decimal digits.

    Example:
        >>> text_to_int("-" + "9" * 20_000) == -(10**20_000 - 1)
        True
    """
    digits = text.strip()
    sign = 1
    if digits[:1] in ("-", "+"):
        sign = -1 if digits[0] == "-" else 1
        digits = digits[1:]
    if not (digits.isascii() and digits.isdigit()):
        raise ValueError(f"not a decimal integer: {text[:40]!r}")
    if _NATIVE or len(digits) < SMALL_DIGITS:
        return sign * _builtin_int(digits)
    power_of_ten = functools.cache(lambda count: 10**count)
    return sign * _from_digits(digits, power_of_ten)


def _from_digits(digits: str, power_of_ten: Callable[[int], int]) -> int:
    if len(digits) <= _LEAF_DIGITS:
        return int(digits)
    half = len(digits) >> 1
    high, low = digits[:-half], digits[-half:]
    return _from_digits(high, power_of_ten) * power_of_ten(half) + _from_digits(low, power_of_ten)
