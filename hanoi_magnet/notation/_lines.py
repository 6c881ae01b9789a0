r"""Runs of move lines in free text.

Each line is read once (the reading of a line's text is remembered: a solution repeats a few
lines many times) by :func:`~hanoi_magnet.notation._segments.read_line`, after its markup
(emphasis, code marks, HTML tags, LaTeX) is taken off; rows of a markdown table are read by
their columns. Move lines with only blank lines between them form a *run*; runs with prose
between them are joined or kept apart by :func:`~hanoi_magnet.notation._extract.extract_moves`.
Everything here is linear in the length of the text.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence
from typing import NamedTuple

from hanoi_magnet._lazy import LazyPattern
from hanoi_magnet.notation._cues import (
    ANSWER_WORD,
    INDEX,
    cue_of,
    drafted,
    made_then_further,
    part_label,
    recalls_made,
)
from hanoi_magnet.notation._mentions import mentions
from hanoi_magnet.notation._scan import Raw, same_move, small_int
from hanoi_magnet.notation._segments import (
    ABANDON,
    ABANDON_LINE,
    BARE,
    BLANK,
    BLANK_LINE,
    BROKEN,
    BROKEN_LINE,
    LEAD,
    MOVES,
    NEGATED,
    OF_COUNT,
    PLAN_LINE,
    PROSE,
    PROSE_LINE,
    STEP_WORD,
    WEAK,
    Line,
    abandons,
    read_line,
    weak_remark,
)
from hanoi_magnet.notation._snapshots import has_lists, without_pictures

__all__ = [
    "ABANDON", "BLANK", "BROKEN", "MOVES", "NEGATED", "PROSE", "WEAK", "Line", "abandons",
    "cue_of", "drafted",
]  # fmt: skip


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
    abandoned: str | None = None  # text giving up the moves inside or right after the run
    counted: int = -1  # every line "N: ...", N counting up by one from this number (else -1)
    hedged: str = ""  # moves offered as alternatives inside the run ("A->C or A->B")
    uncertain: str = ""  # words between moves that neither join nor separate them
    paragraphs: tuple[int, ...] = ()  # where the run goes on after a blank line (move indexes)
    label: str = ""  # its first line announces an answer ("So the moves are:", "Final answer:")


# LaTeX around moves: \boxed{...}, \text{...}, arrows.
_LATEX_ARROW = re.compile(r"\\(?:to|rightarrow|Rightarrow|longrightarrow|mapsto)\b")
_LATEX_DROP = re.compile(r"\\(?:boxed|text|textbf|mathrm|mathbf|texttt|quad|qquad|,|;|!)|[{}$]")
_FENCE = re.compile(r"^\s*(?:```|~~~)")
_COMMENT_LINE = re.compile(r"^\s*(?://|<!--)")
_MARKUP = str.maketrans("", "", "*`")
_TAGS = re.compile(r"</?(?:b|strong|em|i|u|code|span|p|div|li|ol|ul|pre|mark)\b[^<>]{0,40}>", re.I)
_TABLE_SEPARATOR = re.compile(r"[\s:|-]*")
_HEADS = {
    "disk": ("disk", "disc"),
    "source": ("from", "source", "src", "from peg", "from rod", "from post", "start"),
    "target": ("to", "target", "dst", "to peg", "to rod", "to post", "destination", "end"),
}
_HEAD_WORDS = frozenset(word for names in _HEADS.values() for word in names)


def _boxed(line: str) -> str | None:
    r"""The inside of ``\boxed{...}`` on a line (``None``: there is none).

    Boxes one after the other with nothing but glue between them (``\boxed{A->C},
    \boxed{A->B}``, ``then``) hold one answer: their insides, joined; with ``or`` between them,
    alternatives (a hedge). After other words (``not \boxed{B->A}``) a box adds nothing to the
    first.
    """
    start = line.find("\\boxed{")
    if start < 0:
        return None
    pieces = []
    while True:
        inside, end = _box_at(line, start)
        pieces.append(inside)
        following = line.find("\\boxed{", end)
        if following < 0:
            break
        if _BOX_OR.fullmatch(line, end, following):
            pieces.append(" or ")  # a hedge: read as one line
        elif _BOX_GLUE.fullmatch(line, end, following):
            pieces.append(", ")
        else:
            break
        start = following
    return "".join(pieces)


#: What a box says of the moves inside it: the final answer ("\boxed{A->C, ...}").
_BOXED_LABEL = "Final answer: "


def _box_at(line: str, start: int) -> tuple[str, int]:
    """The inside of the box that opens at ``start``, and where the box ends."""
    depth = 0
    for position in range(start + 6, len(line)):
        char = line[position]
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return line[start + 7 : position], position + 1
    return line[start + 7 :], len(line)


#: Two boxes offered as alternatives: "\boxed{A->C} or \boxed{A->B}".
_BOX_OR = re.compile(r"[\s$]*(?:,\s*)?(?:or|/)[\s$]*(?:else\s+)?", re.IGNORECASE)
#: What may join two boxes of one answer: spaces, a comma or semicolon, "then", an arrow.
_BOX_GLUE = re.compile(
    r"[\s$]*(?:[,;|][\s$]*)?(?:(?:and\s+)?then\s+|and\s+|->\s*|→\s*)?[\s$]*"  # "$, $": math
)


def _strip_latex(line: str) -> str:
    return _LATEX_DROP.sub(" ", _LATEX_ARROW.sub(" -> ", line))


def plain_line(line: str) -> str:
    """A line without its markup: emphasis and code marks, HTML tags, LaTeX; fences go blank."""
    if _FENCE.match(line) or _COMMENT_LINE.match(line):
        return ""
    if "\\" in line and not line.lstrip().startswith("{"):
        boxed = _boxed(line)
        # a box holds the final answer: "\boxed{...}" after other moves replaces them
        line = _strip_latex(_BOXED_LABEL + boxed if boxed is not None else line)
    if "~~" in line or "<" in line:
        line = _STRUCK.sub(" ", line)  # struck out: "~~A->C~~ A->B", "<del>A->C</del>"
    if has_lists(line):
        line = without_pictures(line)  # "A->C  [3, 2] [] [1]": the pegs after the move
    if "(" in line:
        line = _FORMAT_ASIDE.sub(_spaces, line)  # "Moves (format e.g. A->B): ...": an example
    if "<-" in line or "\u2190" in line or "\u27f5" in line:
        line = _LEFT_ARROW.sub(_turned, line)  # "B <- A": from A to B, as the arrow points
    if "<" in line:
        line = _TAGS.sub(" ", line)
    return line.translate(_MARKUP)


#: Text struck out in markdown or HTML: what the answer takes back.
_STRUCK = re.compile(
    r"~~[^~\n]{0,200}~~|<(s|del|strike)\b[^<>]{0,40}>[^\n]{0,200}?</\1\s{0,3}>", re.IGNORECASE
)


#: An example of the format in parentheses: "(format e.g. A->B)", "(for example 1 -> 3)".
_FORMAT_ASIDE = re.compile(
    r"\([^()\n]{0,80}?\b(?:e\.g\.|eg\.|for\s{1,3}example|format|notation|such\s{1,3}as)"
    r"[^()\n]{0,80}\)",
    re.IGNORECASE,
)


def _spaces(found: re.Match[str]) -> str:
    return " " * len(found.group(0))


#: A move written with its arrow pointing left, target first: "B <- A", "C ← A".
_LEFT_ARROW = re.compile(
    r"(?<![\w<-])([A-Za-z]|\d{1,2})([ \t]{0,3})(<-{1,3}|\u2190|\u27f5)([ \t]{0,3})"
    r"([A-Za-z]|\d{1,2})(?![\w>-])"
)
_TURNED = {"\u2190": "\u2192", "\u27f5": "\u27f6"}


def _turned(found: re.Match[str]) -> str:
    """A left-pointing move written source first, as long as it was (offsets do not move)."""
    target, before, arrow, after, source = found.groups()
    arrow = _TURNED.get(arrow) or arrow[1:] + ">"
    return f"{source}{before}{arrow}{after}{target}"


_REMEMBERED = 4096  # distinct lines whose reading is kept (a solution repeats a few)
_LONGEST_REMEMBERED = 300  # longer lines are read each time they occur


class LineReader:
    """Reads lines into :class:`Line` values, remembering the readings of repeated lines."""

    def __init__(self) -> None:
        self._seen: dict[str, Line] = {}
        self._cells: dict[str, Line] = {}  # table cells: their move line, or PROSE_LINE
        self._numbers: dict[str, int | None] = {}  # lines: their number as a list's item
        #: The reading of a line if it was read before, else ``None`` (a dict's get: fast).
        self.known: Callable[[str], Line | None] = self._seen.get

    def read(self, line: str) -> Line:
        """The reading of ``line`` (remembered: answers repeat the same few lines)."""
        known = self._seen.get(line)
        if known is None:
            known = read_line(plain_line(line))
            if len(line) <= _LONGEST_REMEMBERED:
                if len(self._seen) >= _REMEMBERED:
                    self._seen.clear()
                self._seen[line] = known
        return known

    def number(self, line: str) -> int | None:
        """The line's number as a list's item (:func:`list_number`), remembered as readings are."""
        if line in self._numbers:
            return self._numbers[line]
        found = list_number(line)
        if len(line) <= _LONGEST_REMEMBERED:
            if len(self._numbers) >= _REMEMBERED:
                self._numbers.clear()
            self._numbers[line] = found
        return found

    def numbers(self, lines: list[str]) -> list[int | None]:
        """The numbers of ``lines`` as a list's items (remembered ones looked up at C speed)."""
        found = list(map(self._numbers.get, lines, itertools.repeat(-1)))
        if -1 in found:  # (no list counts from -1)
            pairs = zip(lines, found, strict=True)
            found = [self.number(line) if number == -1 else number for line, number in pairs]
        return found

    def read_cell(self, cell: str) -> Line | None:
        """The move line a table's cell holds, without remark or label (``None``: no move).

        A cell that starts a move and cannot be read (``A ->``) gives its ``BROKEN`` line.
        Remembered as lines are: a table's cells repeat the same few moves.
        """
        known = self._cells.get(cell)
        if known is None:
            found = self.read(cell)
            if found.kind == MOVES:
                known = found._replace(remark="", labels=False)
            else:
                known = found if found.kind == BROKEN else PROSE_LINE
            if len(cell) <= _LONGEST_REMEMBERED:
                if len(self._cells) >= _REMEMBERED:
                    self._cells.clear()
                self._cells[cell] = known
        return None if known is PROSE_LINE else known


_READER = LineReader()


def line_reader() -> LineReader:
    """The reader of lines, shared by every call: a line's reading depends on nothing else."""
    return _READER


# -- tables -------------------------------------------------------------------------------------


def table_columns(cells: list[str]) -> dict[str, int] | None:
    """The columns of a markdown table header (disk, source, target), if it names them."""
    words = [cell.strip().strip("*").strip().lower() for cell in cells]
    if _HEAD_WORDS.isdisjoint(words):  # a row of moves, as most rows are
        return None
    found: dict[str, int] = {}
    for index, word in enumerate(words):
        for role, names in _HEADS.items():
            if word in names and role not in found:
                found[role] = index
    return found if "source" in found and "target" in found else None


def peg_columns(cells: list[str]) -> frozenset[int]:
    """The columns a table header names by pegs ("Peg A | Peg B | Peg C"): the position.

    Their cells list each peg's disks ("3 2", "(3, 2)"), which alone look like moves.
    """
    found = frozenset(
        index for index, cell in enumerate(cells) if _PEG_HEAD.fullmatch(cell.replace("*", ""))
    )
    return found if len(found) >= 2 else frozenset()


def table_cells(line: str) -> list[str]:
    """The cells of a markdown table row."""
    inner = line.strip()
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") else inner
    return inner.split("|")


def table_separator(line: str) -> bool:
    """Whether a line is the ``|---|---|`` row under a table's header."""
    return "-" in line and _TABLE_SEPARATOR.fullmatch(line) is not None


_CELL = re.compile(
    r"\s*(?:the\s+)?(?:peg|rod|post|tower|pole|needle|stack|column)?\s*([A-Za-z]|\d+)\s*"
    r"(?:\([^()]{0,40}\)\s*)?",  # a remark in parentheses: "A (left)"
    re.IGNORECASE,
)
#: A header cell naming a peg: "Peg A", "Rod 1", "A", "Tower 3 (target)".
_PEG_HEAD = re.compile(
    r"\s*(?:(?:peg|rod|post|tower|pole|needle|stack)\s*)?(?:[A-Za-z]|\d)\s*(?:\([^()]{0,40}\)\s*)?",
    re.IGNORECASE,
)
#: A disk cell that names its disk: "2", "disk 2", "D2", "#2", "2 (middle)".
_DISK_CELL = re.compile(
    r"\s*(?:(?:disk|disc)\s*|d\s*|\#\s*)?(\d+)\s*(?:\([^()]{0,40}\)\s*)?", re.IGNORECASE
)
#: A disk cell that names no disk, the move being the top disk's: blank, a dash, "top", "largest".
_NO_DISK_CELL = re.compile(
    r"\s*(?:[-\u2013\u2014]+|n/a|(?:the\s+)?(?:top|smallest|small|middle|medium|largest|large|"
    r"biggest|big)(?:\s+(?:disk|disc|one))?)?\s*",
    re.IGNORECASE,
)
#: A cell holding only a placeholder for what the answer could not say.
_PLACEHOLDER = re.compile(r"\?+")
#: What an attempt at a peg puts in a cell that names no peg: a short token ("?", "X9").
_ATTEMPT = re.compile(r"\s*[A-Za-z0-9?]\S{0,3}\s*")


def table_row(
    cells: list[str],
    columns: dict[str, int] | None,
    reader: LineReader,
    shown: frozenset[int] = frozenset(),
) -> Line:
    """The move in one row of a markdown table.

    Read by its named columns, else from the one cell that holds a move (``| 1 | A -> C |``).
    A row that is no move is a move that cannot be read (kind ``BROKEN``) when it tries to be
    one: a disk number or a peg in a named column, a cell that starts a move (``A ->``); it
    gives the moves up when its cells only say so (``| ... | ... |``); it is ``BLANK`` when its
    cells are empty, else ``PROSE`` (whether a row of prose between two rows of moves is a
    move that cannot be read is the table's to say: :class:`_Table`).
    """
    if columns is not None and max(columns.values()) < len(cells):
        plain = [cell.replace("*", "") for cell in cells]
        source = _CELL.fullmatch(plain[columns["source"]])
        target = _CELL.fullmatch(plain[columns["target"]])
        disk_cell = plain[columns["disk"]] if "disk" in columns else ""
        disk = _DISK_CELL.fullmatch(disk_cell)
        if source and target and (disk or _NO_DISK_CELL.fullmatch(disk_cell)):
            raw = Raw(disk.group(1) if disk else None, source.group(1), target.group(1))
            return Line(MOVES, [raw], None, "", False)
        row = _no_move_row(cells)
        if row.kind in (BLANK, ABANDON):
            return row
        pegs = (plain[columns["source"]], plain[columns["target"]])
        if any(_ATTEMPT.fullmatch(cell) or _CELL.fullmatch(cell) for cell in pegs) or any(
            char.isdigit() for char in disk_cell
        ):
            return _unread_row(cells)
        return row
    broken = None
    if shown:  # "| 1 | A -> C | 3 2 | 1 | - |": the pegs' disks after the move, no move
        cells = [cell for index, cell in enumerate(cells) if index not in shown]
    cells = _without_pictures(cells)
    for cell in cells:
        if cell.strip() and not cell.strip().isdigit():  # a step number is no move
            found = reader.read_cell(cell)
            if found is not None:
                if found.kind == MOVES:
                    return found
                broken = broken or found
    if broken is None and columns is not None and any(_peg_cell(cell) for cell in cells):
        return _unread_row(cells)  # "1 | 1 | A": a row of named columns with some left out
    return broken or _no_move_row(cells)


def _without_pictures(cells: list[str]) -> list[str]:
    """The cells, a picture of the pegs across them (``| [3, 2] | [] | [1] |``) left out.

    One list of disks a peg's column: each cell alone looks like a move (``[3, 2]``).
    """
    row = "|".join(cells)
    if not ("[" in row or "(" in row or ";" in row) or not any(map(has_lists, cells)):
        return cells  # (a cell has no "|": only brackets or ":" and ";" may make a picture)
    return without_pictures(row).split("|")


def _peg_cell(cell: str) -> bool:
    """Whether a cell names a peg or holds a placeholder (not a number: a step or a disk)."""
    plain = cell.replace("*", "").strip()
    return not plain.isdigit() and bool(_CELL.fullmatch(plain) or _PLACEHOLDER.fullmatch(plain))


def _unread_row(cells: list[str]) -> Line:
    """A row that tries to be a move and is none."""
    return BROKEN_LINE._replace(remark="|".join(cells).strip())


def _no_move_row(cells: list[str]) -> Line:
    """A row with no move: empty, giving the moves up (``| ... | ... |``), or prose."""
    words = [cell.strip() for cell in cells if cell.strip() and not cell.strip().isdigit()]
    if any(_PLACEHOLDER.fullmatch(word) for word in words):
        return _unread_row(cells)  # "| 3 | ? |": a move the answer could not give
    if not words:
        return BLANK_LINE if not any(cell.strip() for cell in cells) else PROSE_LINE
    if all(abandons(word) for word in words):
        return ABANDON_LINE
    return PROSE_LINE


_TITLES = "a table's header of moves over a row without moves: the columns' titles"


class _Table:
    """The rows of the markdown table being read, in order.

    A row of prose between two rows of moves is a move that cannot be read (``| 2 | ? |``), so
    the reading stops there, as at a line that cannot be read; rows of prose before the first
    move row or after the last (a note, a total) are prose. Empty rows are passed over. A
    header of moves over rows that hold none (``| A->C | A->B |``, then ``| ? | ? |``) titles
    the columns: the table asks for moves, it gives none; alone, or over rows of moves, it is
    the table's first row of moves.
    """

    def __init__(self, runs: _Runs) -> None:
        self.runs = runs
        self.moves = False  # a row of this table held moves
        self.waiting: list[tuple[str, int]] = []  # rows of prose since the last row of moves
        self.pegs: frozenset[int] = frozenset()  # the columns that show the pegs' disks
        self.header: tuple[Line, str, int] | None = None  # a header of moves, held back

    def line(
        self,
        line: str,
        line_start: int,
        columns: dict[str, int] | None,
        header: bool,
    ) -> dict[str, int] | None:
        """Read a row of the table, or its header (``header``: the next line is a separator)."""
        cells = table_cells(line)
        if (heads := table_columns(cells)) is not None:
            self.end()
            self.runs.skip(line_start, line_start + len(line), "a table's header")
            return heads
        if header:
            self.pegs = peg_columns(cells)  # the header: columns named by pegs show them
        read = table_row(cells, columns, self.runs.reader, self.pegs)
        if header and read.kind == MOVES:
            self.end()
            self.header = (read, line, line_start)  # moves, or the columns' titles?
            return columns
        self.row(read, line, line_start)
        return columns

    def row(self, read: Line, line: str, line_start: int) -> None:
        if read.kind == BLANK:
            return
        if self.header is not None:
            if read.kind != MOVES:  # a header of moves over a row without moves: titles
                _, title, title_start = self.header
                self.runs.skip(title_start, title_start + len(title), _TITLES)
                self.header = None
            self._header()
        if read.kind == PROSE:
            self.waiting.append((line, line_start))
            return
        self._flush(unread=self.moves and read.kind != ABANDON)
        self.runs.add(read, line, line_start)
        self.moves = self.moves or read.kind == MOVES

    def end(self) -> None:
        """The table ends (a line that is no row, a new header, a list): its last prose rows."""
        self._header()
        self._flush(unread=False)
        self.moves = False
        self.pegs = frozenset()

    def _header(self) -> None:
        """The header of moves held back (if any) is the table's first row of moves."""
        if self.header is not None:
            self.runs.add(*self.header)
            self.moves = True
            self.header = None

    def _flush(self, unread: bool) -> None:
        for line, line_start in self.waiting:
            read = _unread_row(table_cells(line)) if unread else PROSE_LINE
            self.runs.add(read, line, line_start)
        self.waiting.clear()


class _Plans:
    """Items of a plan: moves listed beside steps that move several disks at once.

    In ``1. Move the top two disks from A to B.``, ``2. Move the largest disk from A to C.``,
    ``3. Move the two disks from B to C.`` the second item is a step of a plan, not a move of
    the answer: its siblings (items of the same list: numbered in turn, or the same bullet) move
    towers. A step of several disks with moves written under it is a heading instead, and the
    moves under it, and its sibling moves, are the answer's. Moves listed before the first
    step of a plan are in doubt.
    """

    def __init__(self, runs: _Runs) -> None:
        self.runs = runs
        self.pending: tuple[str, int] | None = None  # a step of several disks, nothing under it
        self.after_move = False  # ... listed right after a move of its list
        self.plan: tuple[str, int] | None = None  # the last item of the plan being read
        self.moved: tuple[str, int] | None = None  # the item of the last line, a move
        self.doubted = ""  # why the run the next move line joins is in doubt
        self.moved_line = ""  # the last line, a move, while no plan is in play

    def takes(self, read: Line, line: str, line_start: int) -> bool:
        """Whether ``line`` is a move of a plan (then skipped, and reported)."""
        if read.kind == BLANK:
            return False
        if not (read.plan or self.pending or self.plan):
            # the common case: no plan in play; a move line is remembered for one that comes
            self.moved_line = line if read.kind == MOVES else ""
            return False
        item = _item(line)
        pending, self.pending = self.pending, None
        moved, self.moved = self.moved, None
        if self.moved_line:
            moved, self.moved_line = _item(self.moved_line), ""
        if pending is not None:
            self._resolve(pending, item is not None and _follows(item, pending))
        if read.plan:
            if item is not None:
                self.pending = item
                self.after_move = moved is not None and _follows(item, moved)
            return False
        if self.plan is not None:
            if item is not None and _follows(item, self.plan):
                if read.kind == MOVES and self.plan == moved:
                    # a second move in a row: moves listed after the plan in the same list?
                    self.plan = None
                    self.doubted = _AFTER_PLAN
                    return False
                self.plan = item
                if read.kind in (MOVES, WEAK):
                    self.runs.skip(line_start, line_start + len(line.rstrip()), _PLAN_STEP)
                    self.moved = item
                    return True
                return False
            self.plan = None
        if read.kind == MOVES and item is not None:
            self.moved = item
        return False

    def added(self) -> None:
        """A move line was added to the runs: it is in doubt if the plan said so."""
        if self.doubted:
            self.runs.doubt(self.doubted)
            self.doubted = ""

    def end(self) -> None:
        """A table, a list or reasoning: no item goes on past it."""
        if self.pending is not None:
            self._resolve(self.pending, True)
        self.pending = self.plan = self.moved = None
        self.moved_line = ""

    def _resolve(self, step: tuple[str, int], alone: bool) -> None:
        """A step of several disks followed by a sibling (``alone``) or by lines under it."""
        self.plan = step if alone else None
        if alone and self.after_move:
            self.runs.doubt("moves listed beside a step that moves several disks at once")


_PLAN_STEP = "a step of a plan whose other steps move several disks at once"
_AFTER_PLAN = "moves listed after a plan's steps, in the same list"
#: A bulleted line, and its indentation.
_BULLET = re.compile(r"([ \t]*[-*+•])[ \t]")


def _item(line: str) -> tuple[str, int] | None:
    """The list a line is an item of (``"#"``: numbered, else its bullet) and its number."""
    bullet = _BULLET.match(line)  # (first: "* 2: A -> C" is a bullet, its 2 a disk)
    if bullet is not None:
        return (bullet.group(1), -1)
    number = line_number(line)
    return None if number is None else ("#", number)


def _follows(item: tuple[str, int], before: tuple[str, int]) -> bool:
    """Whether ``item`` is the item after ``before`` in one list."""
    return item[0] == before[0] and (item[1] < 0 or item[1] == before[1] + 1)


class _Numbered:
    """Numbered lines read in order: an item of words between two numbered moves is no remark.

    In ``1. ...``, ``2. ...``, ``3. <words>``, ``4. ...`` the third item, numbered in turn
    between two moves, is a move the reader cannot read ("3. At last, move disk 1 from C to
    B", "3. A ➡️ B"): the reading stops there, as at a table's row of words between moves. An
    item of words after the last move (``8. Done.``) is a note.
    """

    def __init__(self, runs: _Runs) -> None:
        self.runs = runs
        self.last = -1  # the number of the last numbered move line (-1: none)
        self.listed = False  # the current run's first line is a list's item ("1.", "Step 1:")
        self.waiting: list[tuple[Line, str, int]] = []  # items of words numbered in turn since
        self.count = 0  # how many of them
        self.step: tuple[Line, str] | None = None  # the numbered line of one move just read
        self.plans = _Plans(runs)

    def line(self, read: Line, line: str, line_start: int) -> None:
        if self.runs.words_item(read):
            read = PLAN_LINE if read.plan else PROSE_LINE
        if self.plans.takes(read, line, line_start):
            return
        number = line_number(line)
        step, self.step = self.step, None
        if read.kind == BLANK and step is not None:
            self.step = step
        elif read.kind == MOVES and step and _again(read, line, number, *step):
            # "**Step 1: A -> C**", then "Move disk 1 from A to C": one step, said twice
            self.runs.skip(line_start, line_start + len(line.rstrip()), _AGAIN)
            return
        if (
            read.kind == MOVES
            and len(read.raws) == 1
            and (
                number is not None
                or _BULLET.match(line)
                or ((":" in line or "#" in line) and _heading(line))
            )
        ):
            self.step = (read, line)
        if (
            read.kind == PROSE
            and number is not None
            and self.last < 0
            and not (self.waiting or read.plan)
            and _LIST_ITEM_VERB.match(line)
            and _PEG_TALK.search(plain_line(line))
        ):
            # "1. Move the smallest of the three disks from A to C", then "2. A->B": the first
            # item may be a move the reader cannot read (it is one, if a move follows it)
            self.last, self.count = number - 1, 1
            self.waiting.append((read, line, line_start))
            return
        if read.kind in (PROSE, WEAK) and self.last >= 0 and number == self.last + 1 + self.count:
            self.waiting.append((read, line, line_start))
            self.count += 1
            return
        if read.kind == BLANK and self.waiting:
            self.waiting.append((read, line, line_start))
            return
        if read.kind == MOVES:
            if (
                number == 1
                and self.last >= 2
                and self.listed
                and not self.waiting
                and list_number(line) == 1
            ):
                self.runs.close()  # "1. A->B" ... "3. B->C", then "1. A->C": a second list
            self._flush(unread=number is not None and number == self.last + 1 + self.count > 0)
            if not self.runs.current:  # a run starts: is it a list ("1. ...")?
                self.listed = list_number(line) is not None
            self.runs.add(read, line, line_start)
            self.plans.added()
            self.last = -1 if number is None else number
            return
        self._flush(unread=False)
        self.runs.add(read, line, line_start)

    def end(self) -> None:
        self._flush(unread=False)
        self.last = -1
        self.step = None
        self.plans.end()

    def _flush(self, unread: bool) -> None:
        for read, line, line_start in self.waiting:
            if unread and read.kind != BLANK:
                read = BROKEN_LINE._replace(remark=line.strip()[:80])
            self.runs.add(read, line, line_start)
        self.waiting.clear()
        self.count = 0


_AGAIN = "the move of the step above, said again"


def _again(read: Line, line: str, number: int | None, step: Line, step_line: str) -> bool:
    """Whether a line's one move is the move of ``step``, the line above it, restated.

    ``step`` is numbered or a heading (``### ...``, a line in bold, a line ending with ``:``).
    Restated in other words (``A -> C``, then "Move disk 1 from A to C"), or under a heading
    (``### Step 1: Move disk 1 from A to C``, then ``1. Move disk 1 from A to C``): the same
    pegs, the same disk where both name one. (The same move twice in a row is never legal: the
    second would put a larger disk on the first; two numbered lines alike are read as
    written.) A numbered line restates only a heading numbered otherwise (``**Phase 1: ...**``
    over ``1. ...``; ``1. ...:`` over ``2. ...`` are items of one list), or the line it is
    nested under; a bulleted line only a heading, or the bullet it is nested under.
    """
    if len(read.raws) != 1 or read.hedged or read.uncertain or read.broken or read.label:
        return False  # ("Moves: 03" after the list announces an answer of its own)
    if not same_move(read.raws[0], step.raws[0]):
        return False
    heading = _heading(step_line)
    if number is not None:
        nested = _indent(line) > _indent(step_line)
        return nested or (heading and numbering(step_line) != numbering(line))
    if _BULLET.match(line) and _BULLET.match(step_line):  # nested, or another item alike
        return _indent(line) > _indent(step_line)
    return heading or _move_text(line) != _move_text(step_line)


#: A list item that tells to move: "1. Move the smallest of the three disks from A to C".
_LIST_ITEM_VERB = re.compile(
    r"[ \t*_>]*\(?\d{1,4}[.)][ \t*_]{1,4}(?:move|take|put|shift|transfer|place|bring)\b",
    re.IGNORECASE,
)
#: A heading: "### Step 1: ...", a line in bold with a label ("**Phase 2: ...**"), a line
#: ending with ":" ("**A -> C**" alone is a move in bold).
_HEADING = re.compile(
    r"^\s{0,3}\#{1,6}\s|^\s*(?:\*\*|__)[^\W\d_][\w \t#./-]{0,40}:[^*_\n]{1,200}(?:\*\*|__)\s*$"
    r"|:\s*(?:\*\*|__)?\s*$"
)


def _heading(line: str) -> bool:
    return _HEADING.search(line) is not None


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _move_text(line: str) -> str:
    """A line's words after its lead (number, bullet, markup), case, spaces and stops aside."""
    plain = plain_line(line)
    lead = LEAD.match(plain)
    return "".join(plain[lead.end() if lead else 0 :].lower().split()).rstrip(".;,!")


#: The number of a numbered line: "4.", "4)", "(4)", "Step 4:", "**Move 4:**", "#4", "### Step 4",
#: "Action 4:", "Step 4/7:" (a capitalized word numbering its steps, as in a line's lead).
_LINE_NUMBER = re.compile(
    r"[ \t*_>]*(?:\#{1,6}[ \t]{1,3})?(?:"
    + STEP_WORD
    + r"(\d{1,4})"
    + OF_COUNT
    + r"\s{0,3}:|(?:(?:step|move)[ \t]{0,3})?\#?\(?(\d{1,6})[ \t]{0,2}(?:[.):]|[-\u2013](?![->]))"
    r"|\#(\d{1,6})[ \t]|(\d{1,6})(?:st|nd|rd|th)[ \t]{0,2}[.):])",  # ("#2 A->C", "2nd: A->C")
    re.IGNORECASE | re.VERBOSE,
)


#: A line that is only a step's number: "Step 4:", "**Step 4**", "### Move 4", "Action 4/7:".
_STEP_HEADING = re.compile(
    r"[ \t*_>\#]*(?:"
    + STEP_WORD
    + r"|(?:step|move)[ \t]{0,3}\#?)(\d{1,4})"
    + OF_COUNT
    + r"[ \t*_:.)\-\u2013]*$",
    re.IGNORECASE | re.VERBOSE,
)


def step_above(text: str, start: int) -> int | None:
    """The number of the step whose heading is the line right above ``start`` ("Step 4:")."""
    if start < 2 or text[start - 1] != "\n":
        return None
    above = text[text.rfind("\n", 0, start - 1) + 1 : start - 1]
    found = _STEP_HEADING.match(above.rstrip("\r"))
    return None if found is None else int(found[1])


_ORDINAL_DIGITS = re.compile(r"\d+(?:st|nd|rd|th)", re.IGNORECASE)  # ("1st:", "2nd:" alike)


def numbering(line: str, start: int = 0) -> str | None:
    """How a line is numbered, its numbers left out (``"."``, ``"**Phase :"``; ``None``: not)."""
    found = _LINE_NUMBER.match(line, start)
    if found is None:
        return None
    return re.sub(r"\d", "", _ORDINAL_DIGITS.sub("th", found[0])).strip()


def list_number(line: str, start: int = 0) -> int | None:
    """The number of a line numbered as a list's item: "1.", "(1)", "Step 1:" (not "1:")."""
    found = _LINE_NUMBER.match(line, start)
    if found is None:
        return None
    head = found[0].strip(" \t*_>")  # ("* 2: A -> C": a bullet, then the disk)
    written = found[1] or found[2] or found[3] or found[4]
    if (head.endswith(":") and head[:-1].strip().isdigit()) or written.startswith("0"):
        return None  # ("01.": a move of two digits, no list's number)
    return int(written)


def line_number(line: str, start: int = 0) -> int | None:
    """The number of the numbered line starting at ``start`` (``None``: it is not numbered)."""
    found = _LINE_NUMBER.match(line, start)
    return None if found is None else int(found[1] or found[2] or found[3] or found[4])


# -- runs ---------------------------------------------------------------------------------------


def line_runs(
    text: str, blocks: Sequence[Candidate]
) -> tuple[list[Candidate], list[tuple[int, int, str]]]:
    """Runs of move lines outside the lists already found, and the skipped stretches.

    Returns the runs (weak ones too, marked) and ``(start, end, why)`` for every non-blank line
    outside every run and list (consecutive lines with the same reason merged). Lines made of
    :data:`MASK` characters are skipped reasoning: like a list, they separate runs.
    """
    builder = _Runs(text, line_reader())
    table = _Table(builder)
    numbered = _Numbered(builder)
    spans = sorted((block.start, block.end) for block in blocks)
    next_block = 0
    offset = 0
    columns: dict[str, int] | None = None
    lines = text.split("\n")
    piped = (
        0  # in a table written without its outer pipes ("Disk | From | To", "---|---"): its width
    )
    below = (-1, False)  # the line after the last row read, and whether it is a separator
    for index, line in enumerate(lines):
        line_start, offset = offset, offset + len(line) + 1
        while next_block < len(spans) and spans[next_block][1] <= line_start:
            next_block += 1
        if next_block < len(spans) and spans[next_block][0] <= line_start:
            _barrier(table, numbered, builder)  # inside a list: it separates runs
            continue
        if MASK in line:
            # skipped reasoning separates runs; what follows its closing tag on the same line
            # ("</think>A->C") is read, what precedes an opening tag ("A->C <think>") too
            read_from = len(line) - len(line.lstrip(MASK))
            if read_from:
                _barrier(table, numbered, builder)
            line_start += read_from
            line = line[read_from:].split(MASK, 1)[0]
            if not line.strip():
                continue
        if next_block < len(spans) and spans[next_block][0] < line_start + len(line):
            line = line[: spans[next_block][0] - line_start]  # a list starts on this line
        if piped and not _bare_row(line, piped):
            piped = 0
        if not piped and "|" in line and line.lstrip()[:1] != "|" and index + 1 < len(lines):
            following = lines[index + 1]
            if "|" in following and table_separator(following):
                piped = len(table_cells(line))
        if piped or line.lstrip()[:1] == "|":
            numbered.end()
            looked, separator = below  # (each line looked at once: from the row above it)
            if looked != index or line is not lines[index]:
                separator = table_separator(line)
            if not separator:
                header = index + 1 < len(lines) and table_separator(lines[index + 1])
                below = index + 1, header
                columns = table.line(line, line_start, columns, header)
            continue
        table.end()
        columns = None
        numbered.line(_line(lines, index, line, builder.reader), line, line_start)
    table.end()
    numbered.end()
    builder.close()
    return builder.runs, builder.skipped


def _barrier(table: _Table, numbered: _Numbered, builder: _Runs) -> None:
    """A list or skipped reasoning: it ends a table and a numbered list, and separates runs."""
    table.end()
    numbered.end()
    builder.barrier()


def _line(lines: list[str], index: int, line: str, reader: LineReader) -> Line:
    """The reading of ``line``, the line at ``index`` (not in a table)."""
    read = reader.read(line)
    if _bare(read) and _bare_next(lines, index, reader):
        return read._replace(kind=MOVES)  # "13.", "32.", "21.": moves in doubt, not prose
    return read


def _bare_next(lines: list[str], index: int, reader: LineReader) -> bool:
    """Whether a line of two digits and a period is a move in doubt, by the line after it.

    It is, before another such line (``13.``, ``32.``) or before words (an answer of one move,
    ``13.`` alone in its ``<answer>`` block); before a move line it is that line's list number
    (``12.`` then ``A->C``), or puts moves of two digits in doubt (``12.`` then ``01``). At the
    end of the text it is a move in doubt too (``13.`` alone at the end of its ``<answer>``
    block), unless spaces follow it there: the text of an item cut off after its list number,
    blanked to read the text without it (``10. from Rod A to Ro``).
    """
    # up to the next line that is not blank, however far (each look stops there: linear)
    for following in itertools.islice(lines, index + 1, None):
        if following.strip():
            read = reader.read(following)
            if read.kind == BLANK:  # a fence, a comment: no line of the answer
                continue
            return _bare(read) or read.kind in (PROSE, ABANDON) or bool(read.label)
    line = lines[index]
    return len(line) - len(line.rstrip()) < 2


def _bare(read: Line) -> bool:
    """Whether a line is two digits and a period, alone or with a remark opened by a symbol.

    ``13.``, ``13. // ok``, ``13. (legal)``; not ``13. We are done.`` (words).
    """
    return read.kind == BARE and (not read.remark or weak_remark(read.remark))


def _bare_row(line: str, width: int) -> bool:
    """Whether ``line`` goes on a table without outer pipes ``width`` cells wide.

    As many cells as its header, the first a few words at most (a number, a move) and no label:
    "In summary, the moves are: A->C | A->B | C->B" or "Corrected sequence: A->D | A->B | A->C"
    after the table is a line of its own.
    """
    if line.count("|") != width - 1:
        return table_separator(line)
    first = line.split("|", 1)[0]
    return len(first.split()) <= _BARE_FIRST_WORDS and _BARE_LABEL.search(first) is None


#: Words that may say a move the reader cannot read: "from A to C", two peg letters, an arrow.
_PEG_TALK = re.compile(
    r"\bfrom\s{1,3}(?:(?:peg|rod|post|tower|pole)\s{0,2})?\w{1,3}\s{1,3}(?:on)?to\s"
    r"|(?<![\w'])[A-HJ-Z](?![\w']).{0,40}?(?<![\w'])[A-HJ-Z](?![\w'])"
    r"|[\u2190-\u21ff\u2794-\u27bf\u2900-\u297f\u2b00-\u2bff]|->|&rarr;"
)
#: A disk that goes somewhere, told as a step: "Then disk 1 moves to the free rod.", "The
#: smallest disk goes onto disk 2." (not indented: nested under a move, it tells of that move).
_DISK_GOES = re.compile(
    r"(?:[-*+•]\s{1,3})?(?:(?:then|next|now|finally|after\s{1,3}that|and)\W{1,3})?"
    r"(?:the\s{1,3}(?:\w{1,10}\s{1,3})?)?dis[ck]\s{0,3}\#?\d{0,3}\s{1,3}(?:\w{1,10}\s{1,3})?"
    r"(?:moves|goes|hops|jumps|slides|travels|is\s{1,3}(?:moved|placed|put))\s{1,3}"
    r"(?:back\s{1,3}|over\s{1,3})?(?:(?:on)?to|on\s{1,3}top\s{1,3}of)\s",
    re.IGNORECASE,
)


def _says_a_move(line: str) -> bool:
    """Whether a line of prose between two move lines may be a move of the list."""
    return _PEG_TALK.search(line) is not None or _DISK_GOES.match(line) is not None


_BARE_FIRST_WORDS = 3
_BARE_LABEL = re.compile(r"[A-Za-z]{2}\s{0,3}:")  # "Corrected sequence: A->D | ...": a label


#: Fills the lines of skipped reasoning (the same length: offsets do not move).
MASK = "\x01"


#: A lead the reader does not know before a move: "T1:", "a)", "➤", "[1/3]", "<1>" (not a word).
_UNKNOWN_LEAD = re.compile(r"[ \t]*(?![A-Za-z]{2,}\b)\S{1,8}[ \t]+")
#: What counts in a lead: a number, a letter, a roman numeral, a number word ("[Step 2]", "B)").
_INDEX_TOKEN = LazyPattern(rf"(?<![A-Za-z0-9]){INDEX}(?![A-Za-z0-9])", re.IGNORECASE)
#: A word that numbers answers in a lead that counts lines ("Option 2 would be").
_ANSWER_IN_LEAD = LazyPattern(rf"\b{ANSWER_WORD}\b", re.IGNORECASE)
#: The longest lead of words before a move that may count the lines ("[Step 12] ", "12 || ").
_COUNTED_LEAD = 24


#: Bullets a numbered item may stand after ("- Step 3: ..."); "*" the numbers allow already.
BULLETS = ("-", "•", "+", "–")
_TWICE_NUMBERED = (
    "numbered lines whose numbers before ':' count up too: the steps again, or the disks?"
)


class _Runs:
    """Gathers move lines into runs, and the other lines into skipped stretches."""

    def __init__(self, text: str, reader: LineReader) -> None:
        self.text = text
        self.reader = reader
        self.runs: list[Candidate] = []
        self.skipped: list[tuple[int, int, str]] = []
        self.current: list[Raw] = []
        self.labels = True  # every move written "N: ..."
        self.listed = False  # ... and a line numbered as a list's item too ("Step 3: 3: A->C")
        self.remarks: list[tuple[int, int, str]] = []
        self.start = self.end = 0
        self.name: str | None = None
        self.mixed = False
        self.weak = False
        self.prose = False  # a prose line since the last run
        self.joinable = False  # only prose since the last run: the next one may join it
        self.abandoned: str | None = None
        self.broken: str | None = None  # the unreadable move line that stopped the run
        self.hedged = ""
        self.uncertain = ""
        self.blank = False  # a blank line since the current run's last move
        self.paragraphs: list[int] = []
        self.label = ""
        self.bare = ""  # a list number that may be a move ("12.", "12. ok") since the last run
        self.mentioned = ""  # a move mentioned in prose right after a run of move lines
        self.led = False  # every line of the current weak run is a move after a lead ("T1: A->C")
        self.lines: list[tuple[Line, str]] = []  # the current weak run's lines (looked at last)

    def add(self, read: Line, line: str, line_start: int) -> None:
        if (  # the common case first: one more plain move line of the current run
            read.kind == MOVES
            and read.name == self.name
            and not read.remark
            and self.current
            and not self.weak
            and self.broken is None
            and not (read.hedged or read.uncertain or read.negated or read.broken or read.label)
        ):
            if self.blank:
                self.paragraphs.append(len(self.current))
                self.blank = False
            self.current.extend(read.raws)
            self.labels = self.labels and read.labels
            self.listed = self.listed or (read.labels and self._listed(line))
            self.end = line_start + len(line.rstrip())
            return
        kind = read.kind
        if kind == BARE:
            if self._digits() and read.name == "compact":
                self._moves(read, False, line, line_start)  # "01." "12." "02.": a move in doubt
                return
            self._prose(PROSE, line, line_start)
            self.bare = read.uncertain  # in doubt if moves of two digits come next
            return
        if read.negated:
            self._negated(read, line, line_start)
        if kind == WEAK and self.current and not self.weak:
            kind = PROSE  # a move mentioned in prose does not join a run of move lines
        if (
            kind == PROSE
            and self.current
            and not (self.blank or read.plan or line.rstrip().endswith(":"))
            and _says_a_move(plain_line(line))
        ):
            # "A->C", "Disk 3 goes from A to C.", "B->A": is the line between a move of the list?
            self._prose(kind, line, line_start)
            self.mentioned = line.strip()[:60]
            return
        if kind == BROKEN or (kind == MOVES and self.broken is not None):
            self._broken(read, line, line_start)
        elif kind in (MOVES, WEAK):
            self._moves(read, kind == WEAK, line, line_start)
            if read.broken:
                self._broken(read._replace(remark=read.broken), line, line_start)
        elif kind == NEGATED:
            self.close()
        elif kind != BLANK:
            self._prose(kind, line, line_start)
        elif self.current:
            self.blank = True

    def _negated(self, read: Line, line: str, line_start: int) -> None:
        """A move mentioned as one not to make: skipped, and reported."""
        self.skip(
            line_start, line_start + len(line.rstrip()), "a move mentioned as one not to make"
        )

    def _opens(self, read: Line) -> bool:
        """Whether a line's label starts a run of its own.

        A label announcing an answer does ("So the moves are:"), and one over moves already
        made ("Moves so far:"); one over the moves still to make ("Next moves:") only after
        moves so labelled: otherwise it goes on with the run ("First moves: ...", "Next
        moves: ...").
        """
        label = read.label
        return not part_label(label) or recalls_made(label) or made_then_further(self.label, label)

    def _moves(self, read: Line, weak: bool, line: str, line_start: int) -> None:
        if self.current and (weak != self.weak or (read.label and not weak and self._opens(read))):
            self.close()  # a line announcing an answer ("So the moves are: ...") starts one
        led = weak and self._led(read, line)
        if weak:
            self.lines.append((read, line))
        if not self.current:
            self.start, self.name, self.mixed, self.weak = line_start, read.name, False, weak
            self.label = read.label
            self.led = led
            if self.mentioned and self.joinable and not weak:
                # "A->C", "Disk 3 goes from A to C.", "B->A": is that line a move of the list?
                self.uncertain = f"a move mentioned in prose between move lines: {self.mentioned!r}"
            self.mentioned = ""
            if self.bare and not weak and read.name == "compact" and read.raws[0].source.isdigit():
                self.uncertain = f"{self.bare} just before the moves"
        elif read.name != self.name:
            self.mixed = True
        self.led = self.led and led
        if self.blank and self.current:
            self.paragraphs.append(len(self.current))
        self.blank = False
        self.current.extend(read.raws)
        self.labels = self.labels and read.labels
        self.listed = self.listed or (read.labels and self._listed(line))
        self.end = line_start + len(line.rstrip())
        self.hedged = self.hedged or read.hedged
        self.uncertain = self.uncertain or read.uncertain
        if read.remark:
            at = line.rfind(read.remark)
            where = (line_start + at, line_start + at + len(read.remark)) if at >= 0 else None
            self.remarks.append((*(where or (line_start, self.end)), "a remark after a move"))
        if read.abandons and self.abandoned is None:
            self.abandoned = read.remark

    def _led(self, read: Line, line: str) -> bool:
        """Whether a line whose move is mentioned in prose is a move line after an unknown lead.

        "T1: A->C", "a) A->C", "➤ Move disk 1 from A to C", "[1/3] ...": a lead of up to eight
        characters that is not a word, then a move line of that one move.
        """
        if len(read.raws) != 1:
            return False
        lead = _UNKNOWN_LEAD.match(line)
        if lead is None:
            return False
        rest = self.reader.read(line[lead.end() :])
        return rest.kind == MOVES and rest.raws == read.raws

    def _counting(self) -> str | None:
        """The first lead of the current weak run's lines if their leads count them, else None.

        Each line one move after a lead (:meth:`_counted`) of the same shape as the line's
        before, but not the same lead: "[Step 1] A->C", "[Step 2] A->B" (not "I think A->C"
        twice). Looked at when the run ends, line by line until one does not count.
        """
        first = previous = shape = None
        for read, line in self.lines:
            found = self._counted(read, line)
            if found is None or (shape is not None and (found[1] != shape or found[0] == previous)):
                return None
            previous, shape = found
            first = first or previous
        return first

    def _counted(self, read: Line, line: str) -> tuple[str, str] | None:
        """The lead of a line whose move is mentioned in prose, and its shape, if it may count.

        "[Step 2] A->C", "Step B, A->C", "2 || A->C": a lead of up to 24 characters, then a move
        line of that one move. Its shape is the lead with its numbers, letters, roman numerals
        and number words masked: lines whose leads differ only there count the moves.
        """
        if len(read.raws) != 1:
            return None
        plain = plain_line(line)
        first = next((m for m in mentions(plain) if m.strong), None)
        if first is None:
            return None
        lead = plain[: first.start].strip()
        if not lead or len(lead) > _COUNTED_LEAD:
            return None
        rest = self.reader.read(plain[first.start :])
        if rest.kind != MOVES or rest.raws != read.raws:
            return None
        return lead, _INDEX_TOKEN.sub("#", lead)

    def _broken(self, read: Line, line: str, line_start: int) -> None:
        """A move line that cannot be read, or a move line after one: the run stops there."""
        line_end = line_start + len(line.rstrip())
        if self.broken is None:
            if self.current and self.weak:
                self.close()
            if not self.current:
                self.start, self.name, self.mixed, self.weak = line_start, None, False, False
            self.broken = read.remark
            self.remarks.append((line_start, line_end, "a move that cannot be read"))
        else:
            self.remarks.append((line_start, line_end, "after a move that cannot be read"))
        self.end = line_end

    def words_item(self, read: Line) -> bool:
        """Whether ``10. <words>`` is a list item of words: it follows moves not of two digits.

        Beside moves of two digits it may be a move and a remark (``12. ok``): in doubt.
        """
        return read.kind == BARE and not _bare(read) and bool(self.current) and not self._digits()

    def _digits(self) -> bool:
        """Whether the current run is of moves written as two digits (``01``, ``12.``).

        None being read, the last run, if only prose came after it (a remark, a picture of the
        pegs under each move).
        """
        if self.current:
            return self.name == "compact" and not self.weak and self.current[-1].source.isdigit()
        last = self.runs[-1] if self.runs and self.joinable else None
        if last is None or last.weak or last.notation != "compact":
            return False
        return last.raws[-1].source.isdigit()

    def _prose(self, kind: int, line: str, line_start: int) -> None:
        self.bare = ""
        abandon = kind == ABANDON
        if abandon and self.abandoned is None:
            if self.current:
                self.abandoned = line.strip()
            elif self.runs and self.joinable and not self.prose and not self.runs[-1].abandoned:
                self.runs[-1] = self.runs[-1]._replace(abandoned=line.strip())
        self.close()
        if not abandon:
            self.prose = True
        self.skip(
            line_start,
            line_start + len(line.rstrip()),
            "abandons writing the moves" if abandon else "prose",
        )

    def barrier(self) -> None:
        self.close()
        self.prose = self.joinable = False
        self.bare = self.mentioned = ""

    def close(self) -> None:
        if self.current or self.broken is not None:
            self.runs.append(
                _run(
                    self.current,
                    self.labels,
                    self.start,
                    self.end,
                    None if self.mixed else self.name,
                    self.weak,
                    tuple(self.remarks),
                    self.abandoned,
                )
            )
            if self.broken is not None:
                self.runs[-1] = self.runs[-1]._replace(
                    unreadable=f"{self.broken!r} (not a move)", written=None
                )
            counting = self._counting() if self.weak and len(self.current) > 1 else None
            if self.weak and (self.led or counting is not None) and len(self.current) > 1:
                # lines of one move each after leads the reader does not know: move lines, an
                # answer of their own (a warm-up, a draft) beside any other
                self.runs[-1] = self.runs[-1]._replace(weak=False)
                if counting is not None and _ANSWER_IN_LEAD.search(counting):
                    # "Option 1 would be A->C", "Option 2 would be A->B": answers, not steps
                    self.hedged = self.hedged or f"each line numbered as an answer: {counting!r}"
            if self.listed and self.runs[-1].written is not None:  # (read as steps)
                # "Step 1: 1: S -> D", "Step 2: 2: S -> I", "Step 3: 3: S -> D": the numbers
                # before ':' count up beside the list's own: its steps again, or the disks?
                self.uncertain = self.uncertain or _TWICE_NUMBERED
            if self.hedged or self.uncertain or self.paragraphs or self.label:
                self.runs[-1] = self.runs[-1]._replace(
                    hedged=self.hedged,
                    uncertain=self.uncertain,
                    paragraphs=tuple(self.paragraphs),
                    label=self.label,
                )
            self.prose, self.abandoned, self.joinable, self.broken = False, None, True, None
            self.bare = ""
        self.current, self.labels, self.remarks, self.lines = [], True, [], []
        self.listed = False
        self.hedged = self.uncertain = self.label = ""
        self.blank, self.paragraphs = False, []

    def _listed(self, line: str) -> bool:
        """Whether ``line`` is numbered as a list's item ("3.", "Step 3:", "- Step 3:")."""
        if self.reader.number(line) is not None:
            return True
        bare = line.lstrip()
        return bare[:1] in BULLETS and self.reader.number(bare[1:]) is not None

    def doubt(self, why: str) -> None:
        """The current run (or, none being read, the last) is in doubt: ``why``."""
        if self.current:
            self.uncertain = self.uncertain or why
        elif self.runs and not self.runs[-1].uncertain:
            self.runs[-1] = self.runs[-1]._replace(uncertain=why)

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
        abandoned=abandoned,
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
    return run._replace(raws=steps, notation="arrows", written=run)


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
    """A plain run of move lines: no remark, nothing given up."""
    return _run(raws, labels, start, end, name, False, (), None)


def as_written(run: Candidate) -> Candidate:
    """The run as written (numbers before ':' read as disks)."""
    return run if run.written is None else run.written
