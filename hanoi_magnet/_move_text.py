"""The validator's text forms of a move, and how text is cut into moves.

``"S->D"``, ``"S -> D"``, ``"SD"``, ``"0 2"``, ``"0->2"``, ``"S to D"``, optionally with a disk
number as the solver prints them (``"3: S -> D"``); several per line separated by commas or
semicolons; ``#`` starts a comment. Letters S, I, D name posts 0, 1, 2.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from hanoi_magnet.errors import IllegalMoveError, Rule
from hanoi_magnet.model import Move

# Post and disk numbers in text longer than this are not read (no puzzle has such a post or
# disk, and Python refuses to read ints of more than 4,300 digits).
_MAX_NUMBER_DIGITS = 100

_SEPARATORS = re.compile(r"[,;\n]")
_POST = r"(?:[SIDsid]|\d+)"
_TOKEN = re.compile(
    rf"""^\s*
    (?:(?:disk\s*)?(?P<disk>\d+)\s*:\s*)?          # optional disk number, "3:" or "disk 3:"
    (?:
        (?P<a>{_POST})\s*(?:->|→|=>|-|\bto\b)\s*(?P<b>{_POST})   # S->D, 0 -> 2, S to D
      | (?P<c>{_POST})\s+(?P<d>{_POST})                          # 0 2, S D
      | (?P<e>[SIDsid])(?P<f>[SIDsid])                           # SD
    )\s*$""",
    re.VERBOSE,
)


def _post_number(text: str, token: str) -> int:
    if text.isalpha():
        return "SID".index(text.upper())
    return _number(text, token, Rule.NO_SUCH_POST, "post")


def _number(text: str, token: str, rule: Rule, what: str) -> int:
    """A post or disk number from its digits; too many digits: that post or disk does not exist."""
    if len(text) > _MAX_NUMBER_DIGITS:
        digits = text.lstrip("0") or "0"
        shown_digits = digits if len(digits) <= 12 else f"{digits[:6]}…{digits[-4:]}"
        raise IllegalMoveError(
            rule,
            f"{what} {shown_digits} ({len(digits):,} digits) does not exist",
            item=token.strip(),
        )
    return int(text)


def parse_token(token: str) -> Move | tuple[int, int]:
    """One move from text; raises IllegalMoveError(MALFORMED) without an index."""
    match = _TOKEN.match(token)
    if match is None:
        raise IllegalMoveError(
            Rule.MALFORMED,
            "expected a move such as 'S->D', 'SD', '0 2' or '3: S -> D'",
            item=token.strip(),
        )
    source, target = (
        match.group("a") or match.group("c") or match.group("e"),
        match.group("b") or match.group("d") or match.group("f"),
    )
    pair = (_post_number(source, token), _post_number(target, token))
    disk = match.group("disk")
    if disk is None:
        return pair
    number = _number(disk, token, Rule.NO_SUCH_DISK, "disk")
    if number < 1:
        raise IllegalMoveError(Rule.MALFORMED, "disk numbers start at 1", item=token.strip())
    return Move(number, *pair)


def tokens(text: str) -> Iterator[str]:
    for line in text.splitlines() or [text]:
        content = line.split("#", 1)[0]
        for token in _SEPARATORS.split(content):
            if token.strip():
                yield token
