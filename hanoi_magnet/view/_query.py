"""The viewer server's query strings: each parameter at most once, numbers and starts checked."""

from __future__ import annotations

import re
import urllib.parse
from http import HTTPStatus

from hanoi_magnet.errors import InvalidArgumentError


class RefusedError(Exception):
    """A request the viewer refuses, with its status and a one-line reason."""

    def __init__(self, status: HTTPStatus, reason: str) -> None:
        super().__init__(reason)
        self.status = status


def parameters(
    query: str, allowed: set[str], *, required: set[str], strict: bool = True
) -> dict[str, str]:
    """The query's parameters: each at most once; unknown ones refused when ``strict``."""
    try:
        pairs = urllib.parse.parse_qsl(
            query, keep_blank_values=True, max_num_fields=len(allowed) + 8, errors="strict"
        )
    except ValueError as error:  # too many fields, or bytes that are not UTF-8
        raise RefusedError(HTTPStatus.BAD_REQUEST, f"malformed query: {error}") from None
    params: dict[str, str] = {}
    for name, value in pairs:
        if name not in allowed:
            if strict:
                expected = ", ".join(sorted(allowed)) or "none"
                raise RefusedError(
                    HTTPStatus.BAD_REQUEST,
                    f"unknown parameter {name[:40]!r} (expected: {expected})",
                )
            continue
        if name in params:
            raise RefusedError(HTTPStatus.BAD_REQUEST, f"parameter {name!r} given twice")
        params[name] = value
    missing = sorted(required - params.keys())
    if missing:
        raise RefusedError(HTTPStatus.BAD_REQUEST, f"missing parameter(s): {', '.join(missing)}")
    return params


def start_of(params: dict[str, str], name: str = "from") -> str | None:
    """The ``from`` parameter: a start position's text, or None (also when blank) for the tower."""
    text = params.get(name, "")
    return text if text.strip() else None


def end_of(params: dict[str, str]) -> str | None:
    """The ``to`` parameter: a goal position's text, or None (also when blank) for the goal."""
    return start_of(params, "to")


def integer(text: str, name: str) -> int:
    """A whole number of at most seven digits (``n``), or a one-line refusal naming ``name``."""
    if not re.fullmatch(r"[0-9]{1,7}", text):
        raise InvalidArgumentError(f"{name} must be a whole number, got {text[:40]!r}")
    return int(text)
