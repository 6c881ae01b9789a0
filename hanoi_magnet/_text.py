"""Values shown in messages, safely however large they are (private).

Python refuses to convert an int of more than 4,300 digits to text (by default; a guard
against slow conversions), so an error message that formats such a number would itself fail;
one that formats a list or a text of a million items would be unreadable. :func:`shown` and
:func:`integer_text` never raise and stay short.
"""

from __future__ import annotations

import math

#: Longer texts in a message are cut in the middle (the length is said); integers with more
#: digits are shown by their first and last digits.
MAX_SHOWN = 120
# Integers of at most this many bits have fewer than MAX_SHOWN digits.
_SHORT_BITS = 390
# Above this many bits, not even the first digits are computed (10**digits would be slow).
_EXACT_BITS = 1 << 20
_LOG10_2 = math.log10(2)


def digit_count(value: int) -> int:
    """The number of decimal digits of ``abs(value)`` (1 for 0), without converting it.

    Example:
        >>> digit_count(10**5000), digit_count(-999), digit_count(0)
        (5001, 3, 1)
    """
    value = abs(value)
    if value < 10:
        return 1
    digits = int(value.bit_length() * _LOG10_2) + 1  # exact, or one too many
    if value.bit_length() <= _EXACT_BITS and 10 ** (digits - 1) > value:
        digits -= 1
    return digits


def integer_text(value: int) -> str:
    """``str(value)``, or for more than :data:`MAX_SHOWN` digits its first and last digits.

    Works beyond the interpreter's digit limit: the digits shown are computed arithmetically.

    Example:
        >>> integer_text(12345), integer_text(-(10**5000) - 7)
        ('12345', '-100000…0007 (5,001 digits)')
    """
    magnitude = abs(value)
    if magnitude.bit_length() <= _SHORT_BITS:
        return str(value)
    digits = digit_count(magnitude)
    if digits <= MAX_SHOWN:
        return str(value)
    sign = "-" if value < 0 else ""
    if magnitude.bit_length() > _EXACT_BITS:
        return f"{sign}an integer of about {digits:,} digits"
    head = magnitude // 10 ** (digits - 6)
    return f"{sign}{head}…{magnitude % 10**4:04d} ({digits:,} digits)"


def shown(value: object) -> str:
    """``repr(value)`` for a message: huge integers abbreviated, very long texts cut.

    Example:
        >>> shown("S->D"), shown([1, 10**5000])
        ("'S->D'", '[1, 100000…0000 (5,001 digits)]')
        >>> shown("S" * 1000)  # doctest: +ELLIPSIS
        "'SSSS...SSS' (1,002 characters)"
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return integer_text(value)
    try:
        text = repr(value)
    except ValueError:  # an int beyond the digit limit, perhaps inside a container
        text = _repr_huge(value)
    if len(text) > MAX_SHOWN:
        text = f"{text[:80]}…{text[-20:]} ({len(text):,} characters)"
    return text


def _repr_huge(value: object) -> str:
    if isinstance(value, int):
        return integer_text(value)
    if isinstance(value, (list, tuple)):
        inner = ", ".join(_repr_part(item) for item in value)
        if isinstance(value, list):
            return f"[{inner}]"
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if isinstance(value, dict):
        pairs = ", ".join(f"{_repr_part(k)}: {_repr_part(v)}" for k, v in value.items())
        return "{" + pairs + "}"
    return f"<{type(value).__name__} object>"


def _repr_part(value: object) -> str:
    try:
        return repr(value)
    except ValueError:
        return _repr_huge(value)
