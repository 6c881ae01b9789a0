"""Where the answer is: reasoning blocks to skip, and the last ``<answer>...</answer>``."""

from __future__ import annotations

import bisect
import re

from hanoi_magnet.notation._cues import shows_example

_TAG = re.compile(r"<(/?)(?:think|thinking|reasoning)>", re.IGNORECASE)
_ANSWER_TAG = re.compile(r"<(/?)answer>", re.IGNORECASE)

#: Fills the lines of skipped reasoning (the same length: offsets do not move).
MASK = "\x01"

Region = tuple[int, int, str]


def reasoning(text: str) -> tuple[list[Region], int | None]:
    """The stretches of reasoning (``<think>...</think>`` and the like).

    Also where a ``<think>`` that is never closed opens (``None``: none).
    """
    regions: list[Region] = []
    opened: int | None = None
    done = 0  # the end of the last region
    for tag in _TAG.finditer(text):
        if not tag.group(1):
            if opened is None:
                opened = tag.start()
        elif opened is not None:
            regions.append((opened, tag.end(), "reasoning inside <think>...</think>"))
            opened, done = None, tag.end()
        else:  # a closing tag without its opening: the reasoning came before it
            regions.append((done, tag.end(), "reasoning before a lone </think>"))
            done = tag.end()
    if opened is not None:
        regions.append((opened, len(text), "reasoning inside a <think> never closed"))
    return _merged(text, regions), opened


def opening_tag_end(text: str, at: int) -> int:
    """The end of the reasoning tag that opens at ``at`` (``at`` itself if there is none)."""
    tag = _TAG.match(text, at)
    return tag.end() if tag else at


def _merged(text: str, regions: list[Region]) -> list[Region]:
    """Regions with only spaces between them, and the same reason, made one."""
    merged: list[Region] = []
    for a, b, why in regions:
        if merged and merged[-1][2] == why and not text[merged[-1][1] : a].strip():
            merged[-1] = (merged[-1][0], b, why)
        else:
            merged.append((a, b, why))
    return merged


def masked(text: str, regions: list[Region], fill: str = MASK) -> str:
    """``text`` with each region's characters but its line ends made ``fill``.

    The same length, so offsets do not move. :data:`MASK` marks skipped reasoning, which
    separates runs of moves; a space (``fill=" "``) leaves nothing there at all (a comment).
    """
    pieces: list[str] = []
    position = 0
    for a, b, _ in regions:
        pieces.append(text[position:a])
        for line in text[a:b].split("\n"):
            pieces.append(fill * len(line))
            pieces.append("\n")
        pieces.pop()
        position = b
    pieces.append(text[position:])
    return "".join(pieces)


def unseen(text: str) -> list[Region]:
    """The stretches of ``text`` that the answer, shown, does not show: comments, images.

    An HTML comment (one never closed runs to the end of the text) and the description of a
    markdown image (``![A->C](moves.png)``, over several lines too). Moves written only there
    are not offered to the reader of the answer (a policy could hide the right moves from a
    human grader and show them to a program): they are not read. Linear: each ``<!--`` and
    ``![`` is looked at once, and the search goes on after what it found.
    """
    found: list[Region] = []
    if "<!--" in text:
        position = 0
        while (start := text.find("<!--", position)) >= 0:
            close = text.find("-->", start + 4)
            position = len(text) if close < 0 else close + 3
            found.append((start, position, "inside an HTML comment, not shown"))
    if "![" in text:
        found += _images(text)
        found.sort()
    return _apart(found)


def set_aside(text: str) -> list[Region]:
    """What is not the answer's own: what it does not show, and formats quoted over lines.

    :func:`unseen` and :func:`quoted_formats`, in order, none inside another.
    """
    notes = unseen(text)
    quoted = quoted_formats(text) if "\n" in text else []
    return notes if not quoted else _apart(sorted([*notes, *quoted]))


def quoted_formats(text: str) -> list[Region]:
    """Moves quoted as a format's example over several lines: not the answer's own moves.

    "Write the moves in the form 'A->B" then "D->B'." shows a format, as it does on one line
    (where the words before the moves say so, see
    :func:`~hanoi_magnet.notation._cues.shows_example`); the quotation runs from its opening
    quote to the closing one on a later line. The whole sentence is set aside (its words would
    head the moves after it as an example), and the answer's moves may follow it. A quotation
    never closed runs to the end, as an HTML comment does: which lines it holds, nobody can
    tell. Linear but for bisections: each quote left open at a line's end is looked at once,
    with the 80 characters before it; the closing marks are found in one pass.
    """
    quotes = [quote for quote in _OPEN_AT_LINE_END if quote in text]
    if not quotes:
        return []
    opened = sorted(
        (found.start(), quote)
        for quote in quotes
        for found in _OPEN_AT_LINE_END[quote].finditer(text)
    )
    regions: list[Region] = []
    closings: dict[str, list[int]] = {}
    position = 0
    for start, quote in opened:
        if start < position:
            continue
        line_start = text.rfind("\n", 0, start) + 1
        if not shows_example(text[max(line_start, start - 80) : start]):
            continue
        if quote not in closings:
            closings[quote] = [mark.start() for mark in _CLOSING[quote].finditer(text)]
        marks = closings[quote]
        at = bisect.bisect_left(marks, start + 1)
        if at == len(marks):
            regions.append((line_start, len(text), "a format's example, quoted and never closed"))
            break
        # the whole sentence: its words, the quotation, the stop after it
        tail = _SENTENCE_END.match(text, marks[at] + 1)
        position = tail.end() if tail else marks[at] + 1
        regions.append((line_start, position, "a format's example, quoted over several lines"))
    return regions


#: Each opening quote, not closed on its line (an apostrophe inside a word opens nothing).
_OPEN_AT_LINE_END = {
    quote: re.compile(rf"(?<![^\W_]){quote}[^\n{closing}]*\n")
    for quote, closing in (("'", "'\u2019"), ('"', '"\u201d'), ("`", "`"),
                           ("\u2018", "\u2019'"), ("\u201c", '\u201d"'))
}  # fmt: skip
#: The marks that close each opening quote (an apostrophe inside a word closes nothing).
_CLOSING = {
    "'": re.compile(r"['\u2019](?![^\W_])"),
    '"': re.compile(r'["\u201d]'),
    "`": re.compile(r"`"),
    "\u2018": re.compile(r"[\u2019'](?![^\W_])"),
    "\u201c": re.compile(r"[\u201d\"]"),
}
_SENTENCE_END = re.compile(r"[ \t.,;:!)]*(?=\n|$)")


def _images(text: str) -> list[Region]:
    """Markdown images: ``![``, a description to the matching ``]``, then ``(...)`` on one line.

    Brackets inside the description are balanced (``![moves = [[1, 0, 2]]](m.png)``). Linear:
    the brackets are matched in one pass, line ends and ``)`` found by bisection.
    """
    closing: dict[int, int] = {}
    opened: list[int] = []
    for mark in _BRACKET.finditer(text):
        if mark.group(0) == "[":
            opened.append(mark.start())
        elif opened:
            closing[opened.pop()] = mark.start()
    line_ends = [end.start() for end in _LINE_END.finditer(text)]
    parens = [paren.start() for paren in _CLOSE_PAREN.finditer(text)]
    found: list[Region] = []
    position = 0
    while (start := text.find("![", position)) >= 0:
        position = start + 2
        bracket = closing.get(start + 1)
        if bracket is None or not text.startswith("(", bracket + 1):
            continue
        after = bisect.bisect_left(parens, bracket + 2)
        line = bisect.bisect_left(line_ends, bracket + 2)
        line_end = line_ends[line] if line < len(line_ends) else len(text)
        if after < len(parens) and parens[after] < line_end:
            found.append((start, parens[after] + 1, "an image's description"))
    return found


_BRACKET = re.compile(r"[\[\]]")
_LINE_END = re.compile(r"\n")
_CLOSE_PAREN = re.compile(r"\)")


def _apart(regions: list[Region]) -> list[Region]:
    """``regions`` (in order) without those inside an earlier one (an image in a comment)."""
    kept: list[Region] = []
    for region in regions:
        if not kept or region[0] >= kept[-1][1]:
            kept.append(region)
    return kept


def tags_apart(body: str) -> str:
    """``body`` with each answer tag that shares its line with other text on a line of its own.

    The same length, so that offsets do not move: an opening tag gives up its ``>`` for the
    line end after it, a closing tag its ``>`` for the line end before it (``<answer>A->C``:
    ``<answer`` then ``A->C``). So one-line blocks (``<answer>A->C</answer>``) are read as the
    blocks written over several lines are: each block's moves apart, the tags between them.
    Linear: each line that holds a tag is looked at once.
    """
    if "<" not in body:
        return body
    pieces: list[str] = []
    done = 0
    line_end = -1
    shared = False
    for tag in _ANSWER_TAG.finditer(body):
        if tag.start() > line_end:  # the first tag of its line
            line_start = body.rfind("\n", 0, tag.start()) + 1
            line_end = body.find("\n", tag.end())
            line_end = len(body) if line_end < 0 else line_end
            shared = _ANSWER_TAG.fullmatch(body[line_start:line_end].strip()) is None
        if shared:
            word = tag.group(0)[:-1]  # "<answer" or "</answer"
            pieces += (body[done : tag.start()], f"\n{word}" if tag.group(1) else f"{word}\n")
            done = tag.end()
    if not done:
        return body
    pieces.append(body[done:])
    return "".join(pieces)


def answer_region(text: str) -> tuple[int, int]:
    """From the first ``<answer>`` to the last ``</answer>`` (or the end), else everything.

    Several answer blocks are read together: the reading rules then decide between them (two
    different answers are a hedge, the same one twice a restatement).
    """
    first: int | None = None
    close: int | None = None
    for tag in _ANSWER_TAG.finditer(text):
        if not tag.group(1):
            if first is None:
                first = tag.end()
            close = None
        elif first is not None:
            close = tag.start()
    if first is None:
        return 0, len(text)
    return first, len(text) if close is None else close
