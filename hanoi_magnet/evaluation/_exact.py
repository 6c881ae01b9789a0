"""Integers that every JSON reader keeps exact: those beyond 2^53 are written as strings."""

from __future__ import annotations

import json
from typing import Any

from hanoi_magnet._digits import unlimited_digits

#: The largest integer a double (JavaScript's numbers, pandas' and ``datasets``' float64)
#: holds exactly together with its neighbours.
SAFE = 2**53


def exact(record: dict[str, Any]) -> dict[str, Any]:
    """``record`` with each integer field beyond +-2^53 as a string of its digits.

    Only the record's own fields: the integers nested inside (moves, offsets in a text,
    indices of moves read) are bounded by the size of a text or a position.
    """
    return {
        key: _digits(value) if type(value) is int and not -SAFE <= value <= SAFE else value
        for key, value in record.items()
    }


def dumps(record: dict[str, Any]) -> str:
    """One line of JSON (ASCII), integers beyond 2^53 as strings, of any size."""
    return json.dumps(exact(record), ensure_ascii=True)


def read_count(value: object) -> object:
    """An integer written by :func:`exact` (a string of digits), back to an int."""
    if isinstance(value, str) and value.lstrip("-").isdigit() and value.isascii():
        with unlimited_digits():
            return int(value)
    return value


def _digits(value: int) -> str:
    with unlimited_digits():
        return str(value)
