"""Exact counts in JSON: written as strings of decimal digits, always, so no reader loses them.

A count that grows as 2^n (the moves of an optimal solution, the moves made before a position)
passes 2^53, where readers that use doubles (JavaScript, pandas, ``datasets``) round it, at 53
disks, and Python's own ``str(int)`` refuses it beyond 4,300 digits. Writing such a field as a
string only when it is large gives a column of numbers and strings, which pyarrow refuses and
``datasets`` reads as float64 or not at all; so the fields in :data:`COUNTS` are strings in
every record, small or large, and readers take both strings and (files written by 0.1) plain
integers.
"""

from __future__ import annotations

import json
import re
from typing import Any

from hanoi_magnet._digits import unlimited_digits

#: The largest integer a double (JavaScript's numbers, pandas' and ``datasets``' float64)
#: holds exactly together with its neighbours.
SAFE = 2**53

#: The fields of instance and result records that hold exact counts: always strings of
#: decimal digits (the schema on the evaluation page of the documentation).
COUNTS = frozenset(
    {
        "done",
        "count",
        "optimum",
        "answer_moves",
        "answer_chars",
        "answer_tokens",
        "max_answer_chars",
        "max_answer_tokens",
    }
)

_DECIMAL = re.compile(r"-?[0-9]+")


def exact(record: dict[str, Any]) -> dict[str, Any]:
    """``record`` with each count of :data:`COUNTS` as a string of its decimal digits.

    Any other integer field beyond +-2^53 is written as a string too (a last resort: none of
    the kit's other fields grows that large). Only the record's own fields: the integers
    nested inside (moves, offsets in a text, indices of moves read) are bounded by the size of
    a text or a position.
    """
    return {key: _field(key, value) for key, value in record.items()}


def dumps(record: dict[str, Any]) -> str:
    """One line of JSON (ASCII), the counts as strings, integers of any size."""
    with unlimited_digits():
        return json.dumps(exact(record), ensure_ascii=True)


def read_count(value: object) -> object:
    """A count written by :func:`exact` (a string of decimal digits), back to an int.

    Plain integers (files written before counts were strings) are returned as they are;
    anything else is refused.

    Raises:
        ValueError: ``value`` is a string but not decimal digits.
    """
    if isinstance(value, str):
        if _DECIMAL.fullmatch(value) is None:
            raise ValueError(f"expected a count as a string of decimal digits, got {value[:40]!r}")
        with unlimited_digits():
            return int(value)
    return value


def _field(key: str, value: object) -> object:
    if type(value) is not int:
        return value
    if key in COUNTS or not -SAFE <= value <= SAFE:
        with unlimited_digits():
            return str(value)
    return value
