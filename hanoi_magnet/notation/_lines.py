"""Runs of move lines in free text.

One move per line (or a few, separated by commas), in any line notation, with the numbering,
bullets and labels people put in front of them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from hanoi_magnet.errors import NotationError
from hanoi_magnet.notation._builtin import NOTATIONS
from hanoi_magnet.notation._notations import Notation
from hanoi_magnet.notation._scan import (
    ItemReader,
    Raw,
    clean_line,
    json_item,
    physical_lines,
    template_item,
)


class Candidate(NamedTuple):
    """Moves found in a text: a run of lines or a bracketed list."""

    raws: list[Raw]
    start: int  # offset in the text
    end: int
    named: bool  # a list introduced by "moves ="
    closed: bool
    unreadable: str | None
    notation: str | None
    written: Candidate | None = None  # step numbers read as such: the run as written
    block: bool = False  # a bracketed list (else a run of lines)


_NUMBERING = re.compile(
    r"^(?:(?:step|move)\s*#?\d+\s*[:.)-]\s*|\d+\s*[.)]\s+|#\d+:?\s+|[-+•]\s+)", re.IGNORECASE
)
# "Answer: A->C, A->B", "The moves are ...", "My answer is: ...": a label before moves on the
# same line.
_LABEL = re.compile(
    r"^(?:(?:the|my|our)\s+)?(?:final\s+)?(?:answer|solution|moves?|sequence|steps?)"
    r"(?:\s+(?:is|are)\b\s*[:=]?|\s*[:=])\s*",
    re.IGNORECASE,
)
_REMEMBERED = 4096  # distinct lines whose reading is kept (a solution repeats a few)
_SPLIT = re.compile(r"\s*[;,]\s*(?![^\[]*\])")
_WORDS = r"(?:(?:the\s+)?(?:peg|rod|post|tower|pole|needle)\s*)?"
# A sentence as models write them: "Move disk 3 from peg A to peg C", "move the disk 1 from
# rod 0 to rod 2".
_SENTENCE = re.compile(
    rf"""move\s+(?:the\s+)?(?:disk|disc)\s*(?P<disk>\d+)\s+from\s+{_WORDS}(?P<source>[A-Za-z]|\d+)
    \s+to\s+{_WORDS}(?P<target>[A-Za-z]|\d+)""",
    re.VERBOSE | re.IGNORECASE,
)
_COMPACT = re.compile(r"(?P<source>[SIDsid])(?P<target>[SIDsid])")


def _line_patterns(notation: Notation | None) -> list[tuple[str | None, re.Pattern[str]]]:
    if notation is not None:
        return [(notation.name, notation._pattern)]
    patterns: list[tuple[str | None, re.Pattern[str]]] = []
    seen: set[str] = set()
    for candidate in NOTATIONS.values():
        if candidate.is_list or candidate.template in seen:
            continue
        seen.add(candidate.template)
        pattern = _COMPACT if candidate.name == "compact" else candidate._pattern
        patterns.append((candidate.name, pattern))
    patterns.append((None, _SENTENCE))
    return patterns


def line_runs(text: str, notation: Notation | None, blocks: Sequence[Candidate]) -> list[Candidate]:
    """Runs of move lines, outside the lists already found."""
    patterns = _line_patterns(notation)
    runs: list[Candidate] = []
    current: list[Raw] = []
    labels: list[bool] = []  # per move: written "N: ..." (a disk, or maybe a step number)
    start = end = 0
    name: str | None = None
    offset = 0
    spans = [(block.start, block.end) for block in blocks]
    seen: dict[str, tuple[bool, tuple[list[Raw], str | None] | None]] = {}  # answers repeat
    for line in physical_lines(text):
        line_start, offset = offset, offset + len(line) + 1
        inside = bool(spans) and any(a <= line_start < b for a, b in spans)
        known = None if inside else seen.get(line)
        if known is None:
            cleaned = "" if inside else _NUMBERING.sub("", clean_line(line), count=1)
            cleaned = _LABEL.sub("", cleaned, count=1)
            known = bool(cleaned), _read_line(cleaned, patterns) if cleaned else None
            if not inside and len(seen) < _REMEMBERED:
                seen[line] = known
        written, read = known
        if read is not None:
            if not current:
                start, name = line_start, read[1]
            current.extend(read[0])
            labels.extend([read[1] == "library"] * len(read[0]))
            end = line_start + len(line)
        elif written or inside:
            if current:
                runs.append(_run(current, labels, start, end, name))
            current, labels = [], []
    if current:
        runs.append(_run(current, labels, start, end, name))
    return runs if notation is None else [_as_written(run) for run in runs]


def _run(raws: list[Raw], labels: list[bool], start: int, end: int, name: str | None) -> Candidate:
    """A run of lines; "1: ...", "2: ...", "3: ..." counting up are step numbers, not disks.

    (On three posts no legal sequence moves disks 1, 2 and 3 one after the other: after the
    first two, disk 3 finds both other posts topped by smaller disks. When the caller names the
    notation, its own reading stands: see :func:`_as_written`.)
    """
    candidate = Candidate(raws, start, end, False, True, None, name)
    if len(raws) >= 3 and all(labels):
        disks = [int(raw.disk) for raw in raws if raw.disk is not None]
        first = disks[0] if disks else -1
        if first in (0, 1) and disks == list(range(first, first + len(raws))):
            steps = [Raw(None, raw.source, raw.target) for raw in raws]
            name = "letter-arrows" if raws[0].source.isalpha() else "arrows"
            return Candidate(steps, start, end, False, True, None, name, candidate)
    return candidate


def _as_written(run: Candidate) -> Candidate:
    """The run as its notation reads it (numbers before ':' are disks)."""
    return run if run.written is None else run.written


def _read_line(
    cleaned: str, patterns: list[tuple[str | None, re.Pattern[str]]]
) -> tuple[list[Raw], str | None] | None:
    if cleaned.startswith("{"):  # only JSON Lines start so: no other pattern can match
        patterns = [(name, pattern) for name, pattern in patterns if name == "jsonl"]
    pieces = [cleaned]
    for attempt in range(2):
        if attempt:  # several moves on one line, separated by commas or semicolons
            pieces = _SPLIT.split(cleaned)
            if len(pieces) < 2:
                return None
        for name, pattern in patterns:
            reader: ItemReader = json_item if name == "jsonl" else template_item
            raws = []
            for piece in pieces:
                match = pattern.fullmatch(piece)
                if match is None:
                    break
                try:
                    raws.append(reader(match))
                except NotationError:
                    break
            else:
                return raws, name
    return None
