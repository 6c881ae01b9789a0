"""Exact integers of any size as decimal text, past Python's 4,300-digit guard."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator


@contextlib.contextmanager
def unlimited_digits() -> Iterator[None]:
    """Lift Python's limit on int <-> decimal string conversions (4300 digits) for a while.

    Exact counts for thousands of disks have more digits than that. The limit guards servers
    against slow conversions of untrusted input; here the numbers are our own results or the
    user's own arguments. Pythons older than 3.10.7 have no limit and no setter.
    """
    getter = getattr(sys, "get_int_max_str_digits", None)
    setter = getattr(sys, "set_int_max_str_digits", None)
    if getter is None or setter is None:
        yield
        return
    before = getter()
    setter(0)
    try:
        yield
    finally:
        setter(before)
