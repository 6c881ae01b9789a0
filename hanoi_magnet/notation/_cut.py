r"""An answer cut off in the middle of its last move: the piece of a move at the very end.

A model that runs out of output budget stops wherever it is, often inside a move
(``"...\nMove disk"``, ``"A->C, B->"``). :func:`pieces_at_end` finds the places where such a
piece could start on the last line of a text, and :func:`incomplete` tells whether a piece is
the beginning of a move in a notation, but not a whole one.
"""

from __future__ import annotations

import functools
import re

from hanoi_magnet.notation._scan import clean_line, template_pattern

_PARTS = re.compile(r"(\{\w+\}|->|\s+)")
_ARROWS = r"\s*(?:->|→|=>|-->|⟶)\s*"
_PEG = r"(?:[A-Za-z]|\d+)"
_NUMBERING = re.compile(
    r"\s*(?:(?:step|move)\s{0,3}#?\d+\s{0,3}[:.)-]\s*|\(?\d+\s{0,3}[.)]\s+|#\d+:?\s+|[-+•*]\s+)",
    re.IGNORECASE,
)
_PEGS = {True: "[A-Za-z]", False: r"\d+"}
_LONGEST = 200  # a longer piece of text is no piece of one move


def end_of_text(text: str) -> int:
    """The length of ``text`` without the spaces and new lines at its end."""
    end = len(text)
    while end and text[end - 1].isspace():
        end -= 1
    return end


def pieces_at_end(text: str, end: int) -> list[int]:
    """Where a piece of a move cut off by the end of ``text`` may start, first the widest.

    The last line (``end``: the text's end without spaces), then what follows its last comma
    or semicolon, then what follows its last space: several moves may share a line.
    """
    start = max(text.rfind("\n", 0, end), text.rfind("\r", 0, end)) + 1
    if end == start:
        return []
    found = [start]
    after = max(text.rfind(",", start, end), text.rfind(";", start, end)) + 1
    while 0 < after < end and text[after].isspace():
        after += 1
    if 0 < after < end:
        found.append(after)
    space = max(text.rfind(" ", start, end), text.rfind("\t", start, end)) + 1
    if 0 < space < end and space not in found:
        found.append(space)
    return [place for place in found if end - place <= _LONGEST]


def incomplete(piece: str, template: str, letters: bool | None = None) -> bool:
    """Whether ``piece`` begins a move written as ``template`` without being a whole one.

    ``piece`` is a line's end as written: markup and numbering are taken off first.
    ``letters``: the pegs are letters (``False``: numbers; ``None``: either).
    """
    cleaned = _cleaned(piece)
    whole, start = _patterns(template, letters)
    return bool(cleaned) and start.fullmatch(cleaned) is not None and not whole.fullmatch(cleaned)


def begins_a_move(piece: str, templates: tuple[str, ...]) -> bool:
    """Whether ``piece`` begins (or is) a move in one of ``templates``: one quick test."""
    first = _first_chars(templates)
    if first is not None and piece.lstrip()[:1] not in first:
        return False
    cleaned = _cleaned(piece)
    return bool(cleaned) and _any_start(templates).fullmatch(cleaned) is not None


def _cleaned(piece: str) -> str:
    cleaned = clean_line(piece)
    numbering = _NUMBERING.match(cleaned)
    if numbering is not None:
        cleaned = cleaned[numbering.end() :]
    return cleaned.strip()


@functools.lru_cache(maxsize=16)
def _first_chars(templates: tuple[str, ...]) -> frozenset[str] | None:
    """The characters a move in ``templates`` may start with, numbering and markup included.

    ``None``: any (a template that starts with a peg or a disk).
    """
    chars = set(_NUMBERING_FIRST)
    for template in templates:
        head = template.lstrip()[:1]
        if not head or (head == "{" and not template.lstrip().startswith("{{")):
            return None
        chars.update((head.lower(), head.upper()))
    return frozenset(chars)


_NUMBERING_FIRST = "0123456789sSmM#-+•*(`"


@functools.lru_cache(maxsize=16)
def _any_start(templates: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(_patterns(t)[1].pattern for t in templates), re.IGNORECASE)


@functools.lru_cache(maxsize=64)
def _patterns(
    template: str, letters: bool | None = None
) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A whole move written as ``template``, and any beginning of one."""
    whole = re.compile(template_pattern(template), re.IGNORECASE)
    pieces: list[tuple[str, str | None]] = []  # each part: all of it, and a beginning of it
    literal = template.replace("{{", "\0").replace("}}", "\1")
    for part in _PARTS.split(literal):
        if not part:
            continue
        if part.isspace():
            pieces.append((r"\s*", None))
        elif part == "->":
            pieces.append((_ARROWS, r"\s*(?:-|=|--)"))
        elif part in ("{source}", "{target}"):
            pieces.append((_PEG if letters is None else _PEGS[letters], None))
        elif part in ("{disk}", "{index}"):
            pieces.append((r"\d+", None))
        else:
            text = part.replace("\0", "{").replace("\1", "}")
            starts = "|".join(re.escape(text[:k]) for k in range(len(text) - 1, 0, -1))
            pieces.append((re.escape(text), starts or None))
    pattern = ""
    for full, start in reversed(pieces):
        inner = f"{full}(?:{pattern})?" if pattern else full
        pattern = f"(?:{inner}|{start})" if start else f"(?:{inner})"
    return whole, re.compile(pattern, re.IGNORECASE)
