"""How the moves of an answer are laid out: lines, one line, a list, a table, a paragraph.

Each layout writes a whole answer body from its moves and returns it as :class:`Piece` values:
the text, and for each move the offsets where its text starts, where its source name ends and
where its target name starts (so that a corruption can cut the text inside a move).
"""

from __future__ import annotations

import json
import re
from typing import NamedTuple

from hanoi_magnet.model import Move
from hanoi_magnet.testing._choices import Chooser, Sticky
from hanoi_magnet.testing._forms import INLINE_FORMS, LINE_FORMS, Names, can_write, names_disk

ReadMove = Move | tuple[int, int]


class Place(NamedTuple):
    """Where one move's text is in the body: its start, and a span a cut may fall in."""

    start: int
    cut_from: int  # the end of its source name: a cut from here...
    cut_to: int  # ...to the start of its target name leaves a move begun, not whole


class Body(NamedTuple):
    """An answer body: its text, the moves a careful reader reads, and each move's place."""

    text: str
    moves: tuple[ReadMove, ...]
    places: tuple[Place, ...]
    recipe: tuple[str, ...]
    labels: bool = False  # every move written "N: ...": see :func:`counted`
    labelled: tuple[bool, ...] = ()  # each move written "N: ..." (lines and inline lists)

    def labels_of(self, kept: tuple[ReadMove, ...]) -> bool:
        """Whether every move of ``kept`` (what a reader keeps of the body) is "N: ...".

        ``kept`` is the body's first moves when the rest is cut off, else all of them.
        """
        if self.labelled and len(kept) < len(self.labelled) and kept == self.moves[: len(kept)]:
            return all(self.labelled[: len(kept)])
        return self.labels


_ORDINALS = [
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
]
_TENS = ["twent", "thirt", "fort", "fift", "sixt", "sevent", "eight", "ninet"]
_UNITS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
_UNIT_ORDINALS = _ORDINALS[:9]  # "twenty-first"... "ninety-ninth"


def ordinal_word(number: int) -> str:
    """``first``, ``twentieth``, ``twenty-first``, ... ``ninety-ninth`` (1 to 99)."""
    if number < 20:
        return _ORDINALS[number - 1]
    tens, units = divmod(number, 10)
    if units == 0:
        return f"{_TENS[tens - 2]}ieth"
    return f"{_TENS[tens - 2]}y-{_UNIT_ORDINALS[units - 1]}"


def ordinal_number(number: int) -> str:
    """``1st``, ``2nd``, ``11th``, ``23rd``."""
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"


def _numbering(style: str, index: int, count: int) -> str:
    """The text before move ``index`` (1-based) of ``count`` in a numbering style."""
    if style == "ordinal-words":
        word = ordinal_word(index) if index < 100 else ordinal_number(index)
        return f"{word.capitalize()}, "
    if style == "lead-ins":
        if index == 1:
            return "First, "
        return "Finally, " if index == count else ("Then ", "Next, ", "After that, ")[index % 3]
    return {
        "none": "",
        "dot": f"{index}. ",
        "paren": f"{index}) ",
        "step": f"Step {index}: ",
        "step-dash": f"Step {index} - ",
        "bold-step": f"**Step {index}:** ",
        "move-n": f"Move {index}: ",
        "action": f"Action {index}: ",
        "step-of": f"Step {index} of {count}: ",
        "step-slash": f"Step {index}/{count}: ",
        "parens": f"({index}) ",
        "move-hash": f"Move #{index}: ",
        "hash": f"#{index} ",
        "dash": "- ",
        "star": "* ",
        "bullet": "• ",
        "ordinal-numbers": f"{ordinal_number(index)}: ",
        "ordinal-move": f"{ordinal_number(index)} move: ",
        "colon": f"{index}: ",
        "sub-step": f"1.{index} ",
        "time": f"[{index // 60:02d}:{index % 60:02d}] ",
    }[style]


_STYLES = (
    "none", "dot", "paren", "step", "step-dash", "bold-step", "move-n", "hash", "dash",
    "star", "bullet", "ordinal-words", "ordinal-numbers", "ordinal-move", "lead-ins", "colon",
    "action", "step-of", "step-slash", "parens", "move-hash", "sub-step", "time",
)  # fmt: skip
#: Forms after which ``N:`` is a label the reader may take for a disk (``1: A to C``).
_LABELLED = ("arrow", "to")
_REMARKS = (
    " ✅",
    " (now the smallest disk is out of the way)",
    " — frees the largest disk",
    " -- the middle disk",
    "  # legal",
    "  // ok",
    ". Nice.",
    " (legal)",
    " ← important",
    " [smallest disk]",
    " (the target peg was empty)",
    " — the smallest disk is now on top",
    " (moves the largest disk!)",
    " ✔️ valid",
    " <- key move",
    " => ok",
    " ({left} left)",
    " — {left} remaining",
    " [{left} to go]",
)


def _move_text(move: ReadMove, form: str, names: Names, chooser: Chooser) -> str | None:
    return LINE_FORMS[form](move, names, chooser)


def _styled(chooser: Chooser) -> Chooser:
    """The chooser the forms write with: one style through the answer."""
    return chooser if isinstance(chooser, Sticky) else Sticky(chooser)


def _read_as(move: ReadMove, form: str, names: Names) -> ReadMove:
    """What a careful reader reads from ``move`` written in ``form``: the disk if written."""
    if isinstance(move, Move) and not names_disk(form, names):
        return (move.source, move.target)
    return move


def counted(read: tuple[ReadMove, ...], labels: bool) -> tuple[ReadMove, ...]:
    """``1: S -> D``, ``2: S -> I``, ``3: S -> D``...: numbers counting up are steps.

    The reading convention (:doc:`/reading-answers`): when every move read is a label
    (``labels``: ``N: ...``) and the labels count up by one from 1 over three moves or more,
    they are read as step numbers (on three posts no legal answer moves disks 1, 2, 3 one after
    the other; on more posts the reader says it could be either). ``read`` is what the reader
    keeps (a move cut off at the end is not counted).
    """
    if not labels or len(read) < 3:
        return read
    moves = [move for move in read if isinstance(move, Move)]
    if [move.disk for move in moves] != list(range(1, len(read) + 1)):
        return read
    return tuple((move.source, move.target) for move in moves)


_LABEL = re.compile(r"\d+\s*:")


def _place(text: str, offset: int, move: ReadMove, names: Names) -> Place:
    """Where, in ``text`` (written at ``offset``), a cut leaves the move begun, not whole."""
    source, target = (move.source, move.target) if isinstance(move, Move) else move
    # the target is the last peg name written; the source the one before it
    # as whole names: a lower-case "s" is also in "post", a "1" in "10"
    target_at = _last_name(text, names.peg(target), len(text))
    source_name = names.peg(source)
    source_end = _last_name(text, source_name, target_at) + len(source_name)
    if isinstance(move, Move) and text.startswith("{"):  # JSON: the value after its key
        target_at = text.rfind(":") + 1
    return Place(offset, offset + source_end, offset + max(target_at, source_end))


def _last_name(text: str, name: str, before: int) -> int:
    """Where the last ``name`` in ``text[:before]`` starts (-1: none).

    One standing on its own if there is one, else one inside other letters ("AC").
    """
    found = -1
    for match in re.finditer(rf"(?<![A-Za-z0-9]){re.escape(name)}(?![A-Za-z0-9])", text):
        if match.end() > before:
            break
        found = match.start()
    return found if found >= 0 else text.rfind(name, 0, before)


def _forms_for(moves: tuple[ReadMove, ...], names: Names, forms: tuple[str, ...]) -> list[str]:
    """The forms of ``forms`` that can write every one of ``moves`` in these names."""
    return [form for form in forms if all(can_write(form, move, names) for move in moves)]


def lines(moves: tuple[ReadMove, ...], names: Names, chooser: Chooser) -> Body:
    """One move per line, numbered or not, with remarks, markup and blank lines."""
    form = chooser.choice(_forms_for(moves, names, tuple(LINE_FORMS)))
    styled = _styled(chooser)
    style = chooser.choice(_STYLES)
    if style in ("move-n", "move-hash") and form == "sentence":
        style = "step"  # "Move 1: Move disk 1 ..." reads, but nobody writes it
    if form == "disk-first" and style in ("none", "hash"):
        style = "dot"  # "1: S -> D" after no number: the library's own lines
    if style == "colon" and (
        form == "disk-first" or (form in _LABELLED and (len(moves) < 3 or names.posts != 3))
    ):
        # "1: A to C", "2: A to B", "3: C to B": step numbers counting up over three moves on
        # three posts (fewer, or on more posts, they could be disks: see counted()); before
        # other forms ("1: AC", "2: [0, 1]") a step number
        style = "dot"
    newline = chooser.choice(("\n", "\n", "\r\n"))
    markup = chooser.choice(("", "", "", "**", "`"))
    remarks = chooser.chance(20)
    periods = chooser.chance(10)
    blank = chooser.chance(5)
    parts: list[str] = []
    places: list[Place] = []
    read: list[ReadMove] = []
    offset = 0
    texts: list[str] = []
    for index, move in enumerate(moves, 1):
        text = _move_text(move, form, names, styled)
        assert text is not None
        texts.append(text)
        head = _numbering(style, index, len(moves)) + markup
        line = head + text + markup
        if periods and form not in ("bracketed", "json"):
            line += "."
        if remarks and chooser.chance(40):
            line += chooser.choice(_REMARKS).format(left=len(moves) - index)
        places.append(_place(text, offset + len(head), move, names))
        read.append(_read_as(move, form, names))
        line += newline + (newline if blank and chooser.chance(50) else "")
        parts.append(line)
        offset += len(line)
    recipe = ("lines", form, style, f"markup={markup!r}", f"newline={newline!r}")
    labelled = tuple(_LABEL.match(text) is not None for text in texts)
    return Body("".join(parts), tuple(read), tuple(places), recipe, all(labelled), labelled)


_SEPARATORS = (", ", ", then ", "; ", " | ", "<br>", " and then ", ", and then ", " then ")
_LEADS = (
    "", "Moves: ", "Answer: ", "The moves are: ", "Solution: ", "The sequence is ",
    "Here are the moves: ", "Here it is: ", "Here's the solution: ", "Here you go - ",
    "Either way, ", "In either case: ",
)  # fmt: skip
_SINGLE_LEADS = ("The next move is ", "Next move: ", "Best move: ", "I would play ")


def inline(
    moves: tuple[ReadMove, ...], names: Names, chooser: Chooser, *, lead: bool = True
) -> Body:
    """Every move on one line: ``A->C, A->B, C->B``; ``First ..., then ..., and finally ...``.

    ``lead``: the line may open with a label (``Moves:``, ``The next move is``).
    """
    styled = _styled(chooser)
    usable = _forms_for(moves, names, (*INLINE_FORMS, "compact", "spaced"))
    form = chooser.choice(usable)
    if form in ("compact", "spaced"):
        separator = chooser.choice((", ", "; ", " ") if form == "compact" else (", ", "; "))
    elif form == "sentence" and chooser.chance(30):
        separator = " → "
    else:
        separator = chooser.choice(_SEPARATORS)
    ordinals = form == "sentence" and len(moves) > 1 and chooser.chance(30)
    opening = chooser.choice(_SINGLE_LEADS if len(moves) == 1 else _LEADS) if lead else ""
    if ordinals:
        opening = "First, "
    pieces: list[str] = [opening]
    texts: list[str] = []
    places: list[Place] = []
    read: list[ReadMove] = []
    offset = len(opening)
    for index, move in enumerate(moves, 1):
        if index > 1:
            joint = separator
            if ordinals:
                joint = ", and finally " if index == len(moves) else ", then "
            pieces.append(joint)
            offset += len(joint)
        text = _move_text(move, form, names, styled)
        assert text is not None
        texts.append(text)
        places.append(_place(text, offset, move, names))
        read.append(_read_as(move, form, names))
        pieces.append(text)
        offset += len(text)
    ending = chooser.choice((".", "", "\n")) if form not in ("bracketed",) else "\n"
    recipe = ("inline", form, f"separator={separator!r}", f"ordinals={ordinals}")
    labelled = tuple(_LABEL.match(text) is not None for text in texts)
    body = "".join(pieces) + ending
    return Body(body, tuple(read), tuple(places), recipe, all(labelled), labelled)


def listed(moves: tuple[ReadMove, ...], names: Names, chooser: Chooser) -> Body:
    """One bracketed list: ``moves = [[1, 0, 2], ...]``, JSON objects, quoted moves."""
    kind = chooser.choice(("bracketed", "json", "quoted"))
    if kind == "quoted":
        item_form = chooser.choice(_forms_for(moves, names, ("arrow", "compact", "to")))
    else:
        item_form = kind
    opening = chooser.choice(("moves = [", "[", "moves = [", '{"moves": ['))
    closing = "]}" if opening.startswith("{") else "]"
    multiline = chooser.chance(40)
    separator = ",\n    " if multiline else ", "
    start = opening + ("\n    " if multiline else "")
    pieces = [start]
    offset = len(start)
    places: list[Place] = []
    read: list[ReadMove] = []
    styled = _styled(chooser)
    quote = chooser.choice(('"', "'")) if kind == "quoted" else ""
    if opening.startswith("{"):
        quote = '"' if kind == "quoted" else ""
    for index, move in enumerate(moves):
        if index:
            pieces.append(separator)
            offset += len(separator)
        text = LINE_FORMS[item_form](move, names, styled)
        assert text is not None
        if kind == "quoted":
            text = quote + json.dumps(text, ensure_ascii=False)[1:-1] + quote
        places.append(_place(text, offset, move, names))
        read.append(_read_as(move, item_form, names))
        pieces.append(text)
        offset += len(text)
    trailing = "," if chooser.chance(10) and not opening.startswith("{") else ""
    end = trailing + ("\n" if multiline else "") + closing
    text = "".join(pieces) + end
    fence = chooser.choice(("", "", "```\n", "```python\n", "```json\n"))
    if fence:
        for number, place in enumerate(places):
            places[number] = Place(*(value + len(fence) for value in place))
        text = f"{fence}{text}\n```"
    recipe = ("list", kind, item_form, f"opening={opening!r}", f"fence={fence.strip()!r}")
    return Body(text + "\n", tuple(read), tuple(places), recipe)


def table(moves: tuple[ReadMove, ...], names: Names, chooser: Chooser) -> Body:
    """A markdown table: ``| Step | Disk | From | To |``, or ``| # | Move |`` with arrows.

    Sometimes without its outer pipes (``Step | Disk | From | To``, ``---|---``).
    """
    with_disk = all(isinstance(move, Move) for move in moves) and chooser.chance(60)
    by_columns = chooser.chance(70)
    if by_columns:
        head = "| Step | Disk | From | To |" if with_disk else "| Step | From | To |"
    else:
        head = "| # | Move |"
    rule = _rule(head)
    rows = [head, rule]
    styled = _styled(chooser)
    form = chooser.choice(_forms_for(moves, names, ("arrow", "sentence")))
    disk_cell = chooser.choice(_DISK_CELLS)
    read: list[ReadMove] = []
    for index, move in enumerate(moves, 1):
        source, target = (move.source, move.target) if isinstance(move, Move) else move
        if by_columns:
            cells = [str(index)]
            if with_disk:
                assert isinstance(move, Move)
                if chooser.chance(5):  # no number: the top disk's move ("| top | A | C |")
                    cells.append(chooser.choice(_NO_DISK_CELLS))
                    read.append((source, target))
                else:
                    cells.append(disk_cell.format(disk=move.disk))
                    read.append(move)
            else:
                read.append((source, target))
            cells += [names.called(source), names.called(target)]
        else:
            text = _move_text(move, form, names, styled)
            assert text is not None
            cells = [str(index), text]
            read.append(_read_as(move, form, names))
        rows.append("| " + " | ".join(cells) + " |")
    recipe: tuple[str, ...] = ("table", "columns" if by_columns else "cells", f"disk={with_disk}")
    if chooser.chance(25):  # without the outer pipes, as GitHub's tables may be written
        rows = [row.strip("|").strip() for row in rows]
        recipe += ("bare",)
    return Body("\n".join(rows) + "\n", tuple(read), (), recipe)


#: How a table's disk cells name their disk (one way for the whole table).
_DISK_CELLS = ("{disk}",) * 6 + ("disk {disk}", "Disk {disk}", "#{disk}", "**{disk}**", "D{disk}")
#: A disk cell that names no disk: the move is the top disk's.
_NO_DISK_CELLS = ("", "-", "\u2014", "top", "the top disk", "n/a")


def _rule(head: str) -> str:
    return "|" + "---|" * (head.count("|") - 1)


_SUBJECTS = ("", "we ", "I ", "you ")


def paragraph(moves: tuple[ReadMove, ...], names: Names, chooser: Chooser) -> Body:
    """A narrative: ``First, move disk 1 from A to C. Next, move ... Finally, ...``."""
    pieces: list[str] = []
    read: list[ReadMove] = []
    places: list[Place] = []
    offset = 0
    subject = chooser.choice(_SUBJECTS)
    styled = _styled(chooser)
    for index, move in enumerate(moves, 1):
        if index == 1:
            lead = "First, " if len(moves) > 1 else ""
        elif index == len(moves):
            lead = " Finally, "
        else:
            lead = chooser.choice((" Next, ", " Then ", " After that, ", " Then, "))
        text = _sentence_text(move, names, styled)
        if subject:
            text = subject + text[0].lower() + text[1:]
        elif lead:
            text = text[0].lower() + text[1:]
        pieces.append(lead)
        offset += len(lead)
        places.append(_place(text, offset, move, names))
        read.append(_read_as(move, "sentence", names))
        pieces.append(text + ".")
        offset += len(text) + 1
    recipe = ("paragraph", f"subject={subject!r}")
    return Body("".join(pieces) + "\n", tuple(read), tuple(places), recipe)


def _sentence_text(move: ReadMove, names: Names, chooser: Chooser) -> str:
    text = LINE_FORMS["sentence"](move, names, chooser)
    assert text is not None
    return text.replace("MOVE", "Move")


#: Every layout, the simplest first.
LAYOUTS = {
    "lines": lines,
    "inline": inline,
    "list": listed,
    "table": table,
    "paragraph": paragraph,
}
