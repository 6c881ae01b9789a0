r"""Answers written exactly as the asked notation writes its moves, read without reading.

An answer that is nothing but lines the asked notation writes (one move a line, ``\n`` between
them, nothing else) is the most common answer of all, and its reading is known in advance: each
line's move, and a report that does not depend on which moves they are. The full reading of
such an answer teaches its lines (each line's move) and the report (all but the moves and the
span); a later answer made only of lines already taught is then read by looking them up. Lines
that carry labels (``1: S -> D``, where counting up makes them step numbers) are never taught:
their reading depends on their neighbours.

The tests compare every field of the reading with the full reading's, for every notation.
"""

from __future__ import annotations

from typing import Any

import attrs

from hanoi_magnet.model import Move
from hanoi_magnet.notation._lines import MOVES, line_reader
from hanoi_magnet.notation._notations import Notation
from hanoi_magnet.notation._pegs import PegNames
from hanoi_magnet.notation._report import Extraction, Span

#: The most lines a notation keeps, for one peg naming and number of posts.
LINES_KEPT = 4096

#: The report of a reading that :func:`known_reading` leaves as the full reading made it.
_OWN = frozenset({"moves", "spans", "line"})


class _Taught:
    """One notation's taught lines (for one naming and number of posts) and their report."""

    __slots__ = ("form", "lines", "name", "report")

    def __init__(self, report: dict[str, Any], form: str, name: str | None) -> None:
        self.lines: dict[str, Move] = {}
        self.report = report
        self.form = form  # the span's words
        self.name = name  # the form the reader found the lines in


def can_teach(notation: Notation) -> bool:
    """Whether a line of the notation keeps to it whatever its place in the answer.

    One move a line, and no move's number in it (``jsonl``'s ``"index"``).
    """
    return not notation.is_list and "{index}" not in notation.template


def _lines_of(text: str) -> list[str] | None:
    r"""The lines of a text shaped as a notation's own answer (``None``: another shape).

    No blank line, none with spaces at its ends, ``\n`` between them and at most one at the end.
    """
    if "\r" in text:
        return None
    lines = text.split("\n")
    if not lines[-1]:
        lines.pop()
    if not lines or "" in lines:
        return None
    return lines


def known_reading(
    text: str, notation: Notation, pegs: PegNames | None, posts: int
) -> Extraction | None:
    """The reading of ``text`` when it is made only of lines taught before (else ``None``)."""
    taught = notation._taught.get((pegs, posts))
    if taught is None:
        return None
    known = taught.lines
    first = text.find("\n")
    if (text if first < 0 else text[:first]) not in known:
        return None  # most answers that are not such an answer fail at once
    lines = _lines_of(text)
    if lines is None:
        return None
    try:
        if set(lines).difference(known):  # (a dict: each line looked up)
            return None
        moves = tuple(map(known.__getitem__, lines))
    except KeyError:  # pragma: no cover - another thread emptied the table meanwhile
        return None
    end = len(text) - 1 if text.endswith("\n") else len(text)
    span = Span(0, end, 1, len(lines), taught.form)
    return Extraction(**taught.report, moves=moves, spans=(span,), line=1)


def teach(
    text: str, notation: Notation, pegs: PegNames | None, posts: int, found: Extraction
) -> None:
    """Learn the lines of ``text`` from its full reading ``found``, when it is such an answer."""
    if found.deviation is not None or found.skipped or found.alternatives or found.ambiguous:
        return
    if found.truncated or found.unreadable is not None or found.paragraphs or found.unfinished:
        return
    if found.pegs_mismatch is not None or found.abandoned is not None or found.hedged is not None:
        return
    if len(found.spans) != 1 or found.line != 1:
        return
    lines = _lines_of(text)
    if lines is None or len(lines) != len(found.moves) or len(lines) > LINES_KEPT:
        return
    if not all(map(Move.__instancecheck__, found.moves)) or not text.isascii():
        return
    reads = list(map(line_reader().known, dict.fromkeys(lines)))
    if None in reads:
        return  # lines not read one by one (too long to be remembered)
    names = {read.name for read in reads if read is not None}
    if len(names) != 1 or any(read is None or read.kind != MOVES or read.labels for read in reads):
        return
    name = names.pop()
    end = len(text) - 1 if text.endswith("\n") else len(text)
    span = found.spans[0]
    if (span.start, span.end, span.line, span.end_line) != (0, end, 1, len(lines)):
        return
    report = {
        field.name: getattr(found, field.name)
        for field in attrs.fields(Extraction)
        if field.name not in _OWN
    }
    key = (pegs, posts)
    taught = notation._taught.get(key)
    if taught is None or taught.report != report or taught.name != name:
        taught = notation._taught[key] = _Taught(report, span.why, name)
    known = taught.lines
    if len(known) + len(lines) > LINES_KEPT:
        known.clear()
    moves: tuple[Move, ...] = found.moves  # type: ignore[assignment]  # (Move objects: above)
    known.update(zip(lines, moves, strict=True))
