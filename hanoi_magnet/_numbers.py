"""Checks of the integers users pass in (posts, disks, indices), with clear errors."""

from __future__ import annotations

import operator

from hanoi_magnet._errors import InvalidArgumentError
from hanoi_magnet._text import integer_text, shown


def _integer(value: object, name: str, *, minimum: int = 0) -> int:
    """``value`` as an int >= minimum, refusing bools, floats and strings."""
    if isinstance(value, bool):
        raise InvalidArgumentError(f"{name} must be an integer, got the bool {value}")
    try:
        number = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise InvalidArgumentError(
            f"{name} must be an integer, got {type(value).__name__} {shown(value)}"
        ) from None
    if number < minimum:
        raise InvalidArgumentError(
            f"{name} must be an integer >= {minimum}, got {integer_text(number)}"
        )
    return number


def _is_index(value: object) -> bool:
    try:
        operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return False
    return True
