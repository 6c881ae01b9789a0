r"""Runs of move lines in free text.

Each line is read once (the reading of a line's text is remembered: a solution repeats a few
lines many times) and classified:

* **moves**: one or more moves in one notation, perhaps after numbering, a bullet, a label
  (``Answer:``) or a lead-in word (``First,``, ``Then``), perhaps followed by a remark (``(now A is
  empty)``, ``✅``, ``— the largest disk``), which is skipped and reported;
* **moves in prose**: a move sentence ("move disk 1 from A to C") inside other words; such runs
  are read only when the text holds no other moves;
* **abandoned**: text that gives up writing the moves ("and so on", "the pattern continues",
  a lone ``...``);
* **broken**: a line that starts as a move ("Move disk ...") but cannot be read: the run it
  belongs to stops there (:attr:`Extraction.unreadable`), it is never taken for prose;
* **prose**, **blank** (fences and comment lines too); rows of a markdown table are read by
  their columns.

Move lines with only blank lines between them form a *run*; runs with prose between them are
joined or kept apart by :func:`~hanoi_magnet.notation._extract.extract_moves`. Everything here is
linear in the length of the text: every regular expression is anchored or starts with a literal.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import NamedTuple

from hanoi_magnet.errors import NotationError
from hanoi_magnet.notation._builtin import NOTATIONS
from hanoi_magnet.notation._notations import Notation
from hanoi_magnet.notation._scan import (
    ItemReader,
    Raw,
    clean_line,
    json_item,
    small_int,
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
    weak: bool = False  # moves found inside prose sentences only
    remarks: tuple[tuple[int, int, str], ...] = ()  # skipped pieces inside the run
    cue: str | None = None  # what the prose just before the run says: "correction", "restatement"
    after_prose: bool = False  # prose (not just blank lines) separates it from the run before
    abandoned: str | None = None  # text giving up the moves inside or right after the run
    counted: int = -1  # every line "N: ...", N counting up by one from this number (else -1)


# -- what one line holds ------------------------------------------------------------------------

BLANK, PROSE, MOVES, WEAK, ABANDON, BROKEN = range(6)


class Line(NamedTuple):
    """The reading of one line."""

    kind: int
    raws: list[Raw]
    name: str | None  # the notation of its moves
    remark: str  # a remark after the moves, skipped ("": none)
    labels: bool  # written "N: ..." (a disk, or maybe a step number)
    abandons: bool = False  # "A->C, A->B, ..." : the line gives up writing the moves


_BLANK_LINE = Line(BLANK, [], None, "", True)  # labels: a blank line breaks no count
_PROSE_LINE = Line(PROSE, [], None, "", False)
_ABANDON_LINE = Line(ABANDON, [], None, "", False)

_NUMBERING = re.compile(
    r"(?:(?:step|move)\s{0,3}#?\d+\s{0,3}[:.)-]\s*|\(?\d+\s{0,3}[.)]\s+|#\d+:?\s+|[-+•]\s+)",
    re.IGNORECASE,
)
# "Answer: A->C, A->B", "The moves are ...", "My answer is: ...": a label before moves on the
# same line.
_LABEL = re.compile(
    r"(?:(?:the|my|our)\s{1,3})?(?:final\s{1,3})?(?:answer|solution|moves?|sequence|steps?)"
    r"(?:\s{1,3}(?:is|are)\b\s{0,3}[:=]?|\s{0,3}[:=])\s*",
    re.IGNORECASE,
)
# "First, ", "Then ", "Next: ", "Finally, ", "After that, ": words that lead into a move.
_LEAD = re.compile(
    r"(?:(?:first(?:ly)?|then|next|now|after\s{1,3}that|afterwards|finally|lastly|and|so|"
    r"last(?:ly)?|second(?:ly)?|third(?:ly)?)\b[\s,:.;-]{0,4})+",
    re.IGNORECASE,
)
_REMEMBERED = 4096  # distinct lines whose reading is kept (a solution repeats a few)
_LONGEST_REMEMBERED = 300  # longer lines are read each time they occur
_WORDS = r"(?:(?:the\s{1,3})?(?:peg|rod|post|tower|pole|needle|stack)\s{0,3})?"
# A sentence as models write them: "Move disk 3 from peg A to peg C", "move the disk 1 from
# rod 0 to rod 2", "Move the smallest disk (1) from A to C" is not one: the disk is a number.
_SENTENCE = re.compile(
    rf"""move\s{{1,3}}(?:the\s{{1,3}})?(?:(?:smallest|largest|middle|top|small|big|medium|next)
    \s{{1,3}})?(?:disk|disc)\s{{0,3}}\#?(?P<disk>\d+)?\s{{1,3}}from\s{{1,3}}
    {_WORDS}(?P<source>[A-Za-z]|\d+)\s{{1,3}}to\s{{1,3}}{_WORDS}(?P<target>[A-Za-z]|\d+)\b""",
    re.VERBOSE | re.IGNORECASE,
)
# The start of a move sentence: a line that starts so but cannot be read is a broken move.
_NEAR = re.compile(r"move\s{1,3}(?:the\s{1,3}|a\s{1,3})?(?:\w+\s{1,3})?(?:disk|disc)\b", re.I)
_COMPACT = re.compile(r"(?P<source>[SIDsid])(?P<target>[SIDsid])")
_DIGITS = re.compile(r"(?P<source>\d)(?P<target>\d)")
# Between two moves on one line: a comma, a semicolon, "then", "and" (spaces alone only where
# the notation has none inside a move).
_BETWEEN = re.compile(r"[ \t]*(?:[,;]|\bthen\b|\band\b|&)[ \t]*(?:then\b|and\b)?[ \t]*", re.I)
_SPACES = re.compile(r"[ \t]+")
# What may open a remark after a move: brackets, dashes, colons, a check mark, any symbol.
_REMARK_OPENERS = frozenset("([{—–-‒:;,.!?#/<=←|~\"'")
_ABANDON = re.compile(
    r"(?:\.\.\.|…)\s*$|^\s*(?:\.\.\.|…)|\b(?:and\s{1,3}so\s{1,3}on|etc\b|the\s{1,3}pattern\s{1,3}"
    r"(?:continues|repeats)|continu(?:e|ing)\s{1,3}(?:this|the|in\s{1,3}this)\s{1,3}"
    r"(?:pattern|way|manner|process)|(?:and\s{1,3})?repeat(?:ing)?\s{1,3}(?:this|the|for)\b|"
    r"(?:similarly|likewise)\s{1,3}for\s{1,3}the\s{1,3}rest|remaining\s{1,3}moves\s{1,3}"
    r"follow)",
    re.IGNORECASE,
)
_ELLIPSIS_LINE = re.compile(r"[\s*`(\[]*(?:\.\s?\.\s?\.|…)[\s.…*`)\]]*")
_CORRECTION = re.compile(
    r"\b(?:wait|actually|mistake|wrong|incorrect|oops|invalid|illegal|instead|correct(?:ed|ion|ly)|"
    r"let\s{1,3}me\s{1,3}(?:redo|restart|try|fix|re-?check|reconsider|start)|redo|start\s{1,3}"
    r"over|try\s{1,3}again|revised|fixed|final\s{1,3}(?:answer|solution|moves|sequence|list))\b",
    re.IGNORECASE,
)
_RESTATEMENT = re.compile(
    r"\b(?:recap|summary|summari[sz]e|in\s{1,3}short|to\s{1,3}confirm|again|restat\w*|repeat\w*|"
    r"i\.e\.|that\s{1,3}is|first\s{1,3}(?:few|two|three|four|five|\d+)\s{1,3}moves|the\s{1,3}"
    r"first\s{1,3}moves?|begins?\s{1,3}with|starts?\s{1,3}with|starting\s{1,3}with|verify|check)\b",
    re.IGNORECASE,
)
# LaTeX around moves: \boxed{...}, \text{...}, arrows.
_LATEX_ARROW = re.compile(r"\\(?:to|rightarrow|Rightarrow|longrightarrow|mapsto)\b")
_LATEX_DROP = re.compile(r"\\(?:boxed|text|textbf|mathrm|mathbf|texttt|quad|qquad|,|;|!)|[{}$]")
_TABLE_SEPARATOR = re.compile(r"\|?[\s:|-]*-[\s:|-]*")
_HEADS = {
    "disk": ("disk", "disc"),
    "source": ("from", "source", "src", "from peg", "from rod", "from post", "start"),
    "target": ("to", "target", "dst", "to peg", "to rod", "to post", "destination", "end"),
}


def cue_of(prose: str) -> str | None:
    """What a stretch of prose between two runs announces.

    ``"correction"``, ``"restatement"`` or ``None``.
    """
    if _CORRECTION.search(prose):
        return "correction"
    if _RESTATEMENT.search(prose):
        return "restatement"
    return None


def abandons(line: str) -> bool:
    """Whether a line gives up writing the moves out ("and so on", a lone "...")."""
    return bool(_ABANDON.search(line))


def _boxed(line: str) -> str | None:
    r"""The inside of ``\boxed{...}`` on a line (``None``: there is none)."""
    start = line.find("\\boxed{")
    if start < 0:
        return None
    depth = 0
    for position in range(start + 6, len(line)):
        char = line[position]
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return line[start + 7 : position]
    return line[start + 7 :]


def _strip_latex(line: str) -> str:
    return _LATEX_DROP.sub(" ", _LATEX_ARROW.sub(" -> ", line))


def line_patterns(
    notation: Notation | None, posts: int
) -> list[tuple[str | None, re.Pattern[str], bool]]:
    """``(name, pattern, spaced)`` for each line form to try; ``spaced``: a move has spaces."""
    if notation is not None:
        return [(notation.name, notation._pattern, " " in notation.template)]
    patterns: list[tuple[str | None, re.Pattern[str], bool]] = []
    seen: set[str] = set()
    for candidate in NOTATIONS.values():
        if candidate.is_list or candidate.template in seen:
            continue
        seen.add(candidate.template)
        pattern = candidate._pattern
        if candidate.name == "compact":
            pattern = _DIGITS if posts > 3 else _COMPACT
            if posts > 3:  # the library writes posts 0, 1, 2, 3: "01", "13"; letters too
                patterns.append(("compact", _COMPACT, False))
        patterns.append((candidate.name, pattern, " " in candidate.template))
    return patterns


class LineReader:
    """Reads lines into :class:`Line` values, remembering the readings of repeated lines."""

    def __init__(self, notation: Notation | None, posts: int) -> None:
        self.notation = notation
        self.patterns = line_patterns(notation, posts)
        self.sentences = notation is None
        self._seen: dict[str, Line] = {}
        #: The reading of a line if it was read before, else ``None`` (a dict's get: fast).
        self.known: Callable[[str], Line | None] = self._seen.get

    def read(self, line: str) -> Line:
        """The reading of ``line`` (remembered: answers repeat the same few lines)."""
        known = self._seen.get(line)
        if known is None:
            known = self._read(line)
            if len(line) <= _LONGEST_REMEMBERED:
                if len(self._seen) >= _REMEMBERED:
                    self._seen.clear()
                self._seen[line] = known
        return known

    def _read(self, line: str) -> Line:
        if not line or line.isspace():
            return _BLANK_LINE
        if "\\" in line and not line.lstrip().startswith("{"):
            boxed = _boxed(line)
            line = _strip_latex(boxed if boxed is not None else line)
        cleaned = clean_line(line)
        if not cleaned:
            return _ABANDON_LINE if _ELLIPSIS_LINE.fullmatch(line) else _BLANK_LINE
        head = _NUMBERING.match(cleaned)
        text = self._unlabelled(cleaned[head.end() :] if head else cleaned)
        if not text:
            return _ABANDON_LINE if abandons(cleaned) else _PROSE_LINE
        found = self._moves(text)
        if found is None and head:  # "01. ok" on four posts: a move, not a numbered item
            found = self._moves(self._unlabelled(cleaned))
        if found is not None:
            if not found.abandons and line.rstrip(" \t*`").endswith(("...", "…")):
                return found._replace(abandons=True, remark=found.remark or "...")
            return found
        if abandons(cleaned):
            return _ABANDON_LINE
        if _NEAR.match(text):
            return Line(BROKEN, [], None, text[:80], False)
        return _PROSE_LINE

    def _unlabelled(self, text: str) -> str:
        """``text`` without a label ("Answer:") and lead-in words ("First,") before moves."""
        label = _LABEL.match(text)
        if label:
            text = text[label.end() :]
        lead = _LEAD.match(text) if self.sentences else None
        if lead and lead.end() < len(text):
            text = text[lead.end() :]
        return text

    def _moves(self, text: str) -> Line | None:
        patterns = self.patterns
        if text[0] == "{":  # only JSON Lines start so: no other pattern can match
            patterns = [p for p in patterns if p[0] == "jsonl"]
        for name, pattern, _ in patterns:  # the whole line one move: the common case
            match = pattern.fullmatch(text)
            if match is not None:
                raw = _raw(name, match)
                if raw is not None:
                    return Line(MOVES, [raw], name, "", name == "library")
        for name, pattern, spaced in patterns:  # several moves, or a remark after them
            found = _several(text, name, pattern, spaced)
            if found is not None:
                return found
        if self.sentences and "ove" in text:
            return _sentences(text)
        return None


_READERS: dict[tuple[Notation | str | None, int], LineReader] = {}


def line_reader(notation: Notation | None, posts: int) -> LineReader:
    """The reader of lines for ``notation`` (``None``: any) and ``posts``, shared by every call.

    A line's reading depends on nothing else, and answers share their lines.
    """
    builtin = notation is not None and NOTATIONS.get(notation.name) is notation
    key = (notation.name if builtin else notation, posts)  # type: ignore[union-attr]
    reader = _READERS.get(key)
    if reader is None:
        if len(_READERS) >= 64:
            _READERS.clear()
        reader = _READERS[key] = LineReader(notation, posts)
    return reader


def _raw(name: str | None, match: re.Match[str]) -> Raw | None:
    reader: ItemReader = json_item if name == "jsonl" else template_item
    try:
        return reader(match)
    except NotationError:
        return None


def _several(text: str, name: str | None, pattern: re.Pattern[str], spaced: bool) -> Line | None:
    """Moves one after the other on a line, perhaps followed by a remark."""
    match = pattern.match(text)
    if match is None:
        return None
    raws: list[Raw] = []
    end = 0
    while match is not None:
        raw = _raw(name, match)
        if raw is None:
            break
        raws.append(raw)
        end = match.end()
        between = _BETWEEN.match(text, end)
        if between is None and not spaced:
            between = _SPACES.match(text, end)
        if between is None:
            break
        match = pattern.match(text, between.end())
        if match is not None and match.end() < len(text) and text[match.end()].isalnum():
            match = None  # "A C" of "A Cat": a word, not a move
    if not raws:
        return None
    rest = text[end:]
    if rest and not _remark(rest, name):
        return None
    remark = rest.strip(" \t,;")
    return Line(MOVES, raws, name, remark, name == "library", bool(remark) and abandons(remark))


def _remark(rest: str, name: str | None) -> bool:
    """Whether the text after the moves on a line is a remark (else the line is prose)."""
    first = rest.lstrip()[:1]
    if not first:
        return True
    if rest[0].isalnum():
        return False  # "A Cat": the move was the start of a word
    if first in _REMARK_OPENERS or not (first.isascii() or first.isalnum()):
        return True  # a bracket, a dash, a colon, a check mark...
    # words after a space: only after a move that is clearly one (a sentence, an arrow)
    return rest[0].isspace() and name in _WORDY


#: Notations whose moves are clear enough to be followed by words after a space.
_WORDY = frozenset({"reasoning-gym", "library", "arrows", "letters-to", "jsonl"})


def _sentences(text: str) -> Line | None:
    """Move sentences in a line: "Move disk 1 from A to C." or "..., so move disk 1 to C"."""
    raws: list[Raw] = []
    position = 0
    strong = False
    for match in _SENTENCE.finditer(text):
        between = text[position : match.start()]
        if raws and not _joins(between):
            break
        if not raws:
            strong = match.start() == 0
        raws.append(Raw(match.group("disk"), match.group("source"), match.group("target")))
        position = match.end()
    if not raws:
        return None
    remark = text[position:].strip(" \t.,;:!")
    kind = MOVES if strong else WEAK
    return Line(kind, raws, None, remark, False, bool(remark) and abandons(remark))


_JOINS = re.compile(r"[\s.,;:!)(-]*(?:then|next|and|after\s{1,3}that|finally)?[\s.,;:-]*", re.I)


def _joins(between: str) -> bool:
    return _JOINS.fullmatch(between) is not None


# -- tables -------------------------------------------------------------------------------------


def table_columns(cells: list[str]) -> dict[str, int] | None:
    """The columns of a markdown table header (disk, source, target), if it names them."""
    found: dict[str, int] = {}
    for index, cell in enumerate(cells):
        word = cell.strip().strip("*").strip().lower()
        for role, names in _HEADS.items():
            if word in names and role not in found:
                found[role] = index
    return found if "source" in found and "target" in found else None


def table_cells(line: str) -> list[str]:
    """The cells of a markdown table row."""
    inner = line.strip()
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") else inner
    return inner.split("|")


def table_separator(line: str) -> bool:
    """Whether a line is the ``|---|---|`` row under a table's header."""
    return _TABLE_SEPARATOR.fullmatch(line.strip()) is not None


_CELL = re.compile(r"\s*(?:peg|rod|post)?\s*([A-Za-z]|\d+)\s*", re.IGNORECASE)


def table_row(cells: list[str], columns: dict[str, int] | None, reader: LineReader) -> Line:
    """The move in one row of a markdown table.

    Read by its named columns, else from the one cell that holds a move (``| 1 | A -> C |``).
    """
    if columns is not None and max(columns.values()) < len(cells):
        source = _CELL.fullmatch(cells[columns["source"]].replace("*", ""))
        target = _CELL.fullmatch(cells[columns["target"]].replace("*", ""))
        disk = None
        if "disk" in columns:
            written = re.fullmatch(r"\s*(\d+)\s*", cells[columns["disk"]].replace("*", ""))
            disk = written.group(1) if written else None
        if source and target and ("disk" not in columns or disk is not None):
            return Line(MOVES, [Raw(disk, source.group(1), target.group(1))], None, "", False)
        return _PROSE_LINE
    for cell in cells:
        if cell.strip():
            found = reader.read(cell)
            if found.kind == MOVES:
                return Line(MOVES, found.raws, found.name, "", False)
    return _PROSE_LINE


# -- runs ---------------------------------------------------------------------------------------


def line_runs(
    text: str, notation: Notation | None, blocks: Sequence[Candidate], posts: int = 3
) -> tuple[list[Candidate], list[tuple[int, int, str]]]:
    """Runs of move lines outside the lists already found, and the skipped stretches.

    Returns the runs (weak ones too, marked) and ``(start, end, why)`` for every non-blank line
    outside every run and list (consecutive lines with the same reason merged). Lines made of
    :data:`MASK` characters are skipped reasoning: like a list, they separate runs.
    """
    builder = _Runs(text, line_reader(notation, posts))
    spans = sorted((block.start, block.end) for block in blocks)
    next_block = 0
    offset = 0
    columns: dict[str, int] | None = None
    for line in text.split("\n"):
        line_start, offset = offset, offset + len(line) + 1
        while next_block < len(spans) and spans[next_block][1] <= line_start:
            next_block += 1
        if next_block < len(spans) and spans[next_block][0] <= line_start:
            builder.barrier()  # inside a list: it separates runs
            continue
        if MASK in line:
            # skipped reasoning separates runs; what follows its closing tag on the same line
            # ("</think>A->C") is read, what precedes an opening tag ("A->C <think>") too
            read_from = len(line) - len(line.lstrip(MASK))
            if read_from:
                builder.barrier()
            line_start += read_from
            line = line[read_from:].split(MASK, 1)[0]
            if not line.strip():
                continue
        if next_block < len(spans) and spans[next_block][0] < line_start + len(line):
            line = line[: spans[next_block][0] - line_start]  # a list starts on this line
        if line.lstrip()[:1] == "|":
            cells = table_cells(line)
            if table_separator(line):
                continue
            if (heads := table_columns(cells)) is not None:
                columns = heads
                builder.skip(line_start, line_start + len(line), "a table's header")
                continue
            read = table_row(cells, columns, builder.reader)
        else:
            columns = None
            read = builder.reader.read(line)
        builder.add(read, line, line_start)
    builder.close()
    runs = builder.runs
    if notation is not None:
        runs = [_as_written(run) for run in runs]
    return runs, builder.skipped


#: Fills the lines of skipped reasoning (the same length: offsets do not move).
MASK = "\x01"


class _Runs:
    """Gathers move lines into runs, and the other lines into skipped stretches."""

    def __init__(self, text: str, reader: LineReader) -> None:
        self.text = text
        self.reader = reader
        self.runs: list[Candidate] = []
        self.skipped: list[tuple[int, int, str]] = []
        self.current: list[Raw] = []
        self.labels = True  # every move written "N: ..."
        self.remarks: list[tuple[int, int, str]] = []
        self.start = self.end = 0
        self.name: str | None = None
        self.mixed = False
        self.weak = False
        self.prose: list[str] = []  # prose lines since the last run (for its cue), a few
        self.joinable = False  # only prose since the last run: the next one may join it
        self.after = False  # the current run came after prose only
        self.abandoned: str | None = None
        self.broken: str | None = None  # the unreadable move line that stopped the run

    def add(self, read: Line, line: str, line_start: int) -> None:
        if (  # the common case first: one more plain move line of the current run
            read.kind == MOVES
            and read.name == self.name
            and not read.remark
            and self.current
            and not self.weak
            and self.broken is None
        ):
            self.current.extend(read.raws)
            self.labels = self.labels and read.labels
            self.end = line_start + len(line.rstrip())
            return
        kind = read.kind
        if kind == WEAK and self.current and not self.weak:
            kind = PROSE  # a move mentioned in prose does not join a run of move lines
        if kind == BROKEN or (kind == MOVES and self.broken is not None):
            self._broken(read, line, line_start)
        elif kind in (MOVES, WEAK):
            self._moves(read, kind == WEAK, line, line_start)
        elif kind != BLANK:
            self._prose(kind, line, line_start)

    def _moves(self, read: Line, weak: bool, line: str, line_start: int) -> None:
        if self.current and weak != self.weak:
            self.close()
        if not self.current:
            self.start, self.name, self.mixed, self.weak = line_start, read.name, False, weak
            self.after = self.joinable
        elif read.name != self.name:
            self.mixed = True
        self.current.extend(read.raws)
        self.labels = self.labels and read.labels
        self.end = line_start + len(line.rstrip())
        if read.remark:
            at = line.rfind(read.remark)
            where = (line_start + at, line_start + at + len(read.remark)) if at >= 0 else None
            self.remarks.append((*(where or (line_start, self.end)), "a remark after a move"))
        if read.abandons and self.abandoned is None:
            self.abandoned = read.remark

    def _broken(self, read: Line, line: str, line_start: int) -> None:
        """A move line that cannot be read, or a move line after one: the run stops there."""
        line_end = line_start + len(line.rstrip())
        if self.broken is None:
            if self.current and self.weak:
                self.close()
            if not self.current:
                self.start, self.name, self.mixed, self.weak = line_start, None, False, False
                self.after = self.joinable
            self.broken = read.remark
            self.remarks.append((line_start, line_end, "a move that cannot be read"))
        else:
            self.remarks.append((line_start, line_end, "after a move that cannot be read"))
        self.end = line_end

    def _prose(self, kind: int, line: str, line_start: int) -> None:
        abandon = kind == ABANDON
        if abandon and self.abandoned is None:
            if self.current:
                self.abandoned = line.strip()
            elif self.runs and self.joinable and not self.prose and not self.runs[-1].abandoned:
                self.runs[-1] = self.runs[-1]._replace(abandoned=line.strip())
        self.close()
        if not abandon and len(self.prose) < 8:
            self.prose.append(line[:300])
        self.skip(
            line_start,
            line_start + len(line.rstrip()),
            "abandons writing the moves" if abandon else "prose",
        )

    def barrier(self) -> None:
        self.close()
        self.prose, self.joinable = [], False

    def close(self) -> None:
        if self.current or self.broken is not None:
            cue = cue_of(" ".join(self.prose)) if self.prose and self.after else None
            self.runs.append(
                _run(
                    self.current,
                    self.labels,
                    self.start,
                    self.end,
                    None if self.mixed else self.name,
                    self.weak,
                    tuple(self.remarks),
                    cue,
                    self.after,
                    self.abandoned,
                )
            )
            if self.broken is not None:
                self.runs[-1] = self.runs[-1]._replace(
                    unreadable=f"{self.broken!r} (not a move)", written=None
                )
            self.prose, self.abandoned, self.joinable, self.broken = [], None, True, None
        self.current, self.labels, self.remarks = [], True, []

    def skip(self, a: int, b: int, why: str) -> None:
        skipped = self.skipped
        if skipped and skipped[-1][2] == why and not self.text[skipped[-1][1] : a].strip():
            skipped[-1] = (skipped[-1][0], b, why)
        else:
            skipped.append((a, b, why))


def _run(
    raws: list[Raw],
    labels: bool,
    start: int,
    end: int,
    name: str | None,
    weak: bool,
    remarks: tuple[tuple[int, int, str], ...],
    cue: str | None,
    after_prose: bool,
    abandoned: str | None,
) -> Candidate:
    """A run of lines; "1: ...", "2: ...", "3: ..." counting up are step numbers, not disks.

    (On three posts no legal sequence moves disks 1, 2 and 3 one after the other: after the
    first two, disk 3 finds both other posts topped by smaller disks. When the caller names the
    notation, its own reading stands: see :func:`_as_written`.)
    """
    candidate = Candidate(
        raws,
        start,
        end,
        False,
        True,
        None,
        name,
        None,
        False,
        weak,
        remarks,
        cue,
        after_prose,
        abandoned,
    )
    if labels and raws:
        disks = [small_int(raw.disk) for raw in raws if raw.disk is not None]
        first = disks[0] if disks else -1
        if first >= 0 and disks == list(range(first, first + len(raws))):
            candidate = candidate._replace(counted=first)
            if len(raws) >= 3 and first in (0, 1):
                return as_steps(candidate)
    return candidate


def as_steps(run: Candidate) -> Candidate:
    """A run of "N: ..." lines with the numbers read as step numbers (the moves as pairs)."""
    steps = [Raw(None, raw.source, raw.target) for raw in run.raws]
    name = "letter-arrows" if run.raws[0].source.isalpha() else "arrows"
    return run._replace(raws=steps, notation=name, written=run)


def counted_steps(parts: list[Candidate]) -> list[Candidate] | None:
    """Runs cut by prose that together count "1: ...", "2: ...", ... up: read as steps.

    ``None`` when they do not (each run then keeps its own reading).
    """
    originals = [part.written or part for part in parts]
    first = originals[0].counted
    if first not in (0, 1) or sum(len(o.raws) for o in originals) < 3:
        return None
    expected = first
    for run in originals:
        if run.counted != expected:
            return None
        expected += len(run.raws)
    return [as_steps(run) for run in originals]


def run_of_lines(
    raws: list[Raw], labels: bool, start: int, end: int, name: str | None
) -> Candidate:
    """A plain run of move lines: no remark, no cue, nothing before it."""
    return _run(raws, labels, start, end, name, False, (), None, False, None)


def as_written(run: Candidate) -> Candidate:
    """The run as its notation reads it (numbers before ':' are disks)."""
    return _as_written(run)


def _as_written(run: Candidate) -> Candidate:
    """The run as its notation reads it (numbers before ':' are disks)."""
    return run if run.written is None else run.written
