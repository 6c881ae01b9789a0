"""Pictures of the pegs written beside the moves: ``[3, 2] [] [1]``, ``A: [3], B: [2, 1], C: []``.

Lists in parentheses too: ``1: (3, 2), 2: (1), 3: ()``; and named pegs without brackets, apart by
``|`` or ``;``: ``1: 3 2 | 2: empty | 3: 1``.

A model often shows the position after each move as one list of disks per peg. Such a picture
holds no move, but its lists look like moves of pairs (``[3, 2]`` read as from 3 to 2), so it is
blanked (replaced by as many spaces: offsets do not move) before the moves are looked for. A
picture is two lists of disk numbers or more, side by side, one of them empty or of one disk (a
move is never either); a list of moves (``[0, 2], [0, 1]``) is left as it is.
"""

from __future__ import annotations

import re

#: One peg's list of disks, perhaps named: "[3, 2]", "A: [3, 2]", "B=[]".
_PEG_LIST = (
    r"(?:(?<![A-Za-z0-9])[A-Za-z0-9]{1,3}[ \t]{0,2}[:=][ \t]{0,2})?"
    r"(?:\[[\d \t,]{0,120}\]|\([\d \t,]{0,120}\))"
)
_PICTURE = re.compile(
    rf"\[?[ \t]{{0,3}}{_PEG_LIST}(?:[ \t]{{0,3}}[,;|]?[ \t]{{0,3}}{_PEG_LIST})+[ \t]{{0,3}}\]?"
)
#: A list of no disk or of one: the mark of a picture (cheap to look for in a whole text).
_SHORT = re.compile(r"\[[ \t]{0,3}\d{0,3}[ \t]{0,3}\]|\([ \t]{0,3}\d{0,3}[ \t]{0,3}\)")
_LIST = re.compile(r"\[([^\[\]]*)\]")


#: One peg's disks without brackets, named: "1: 3 2", "B: empty", "C: -", "Peg 3: 1".
_BARE_PEG = (
    r"(?<![\w:])(?:(?:peg|rod|tower|post|pole)[ \t]{0,2})?[A-Za-z0-9]{1,3}[ \t]{0,2}[:=][ \t]{0,3}"
    r"(?:empty|none|-|—|\d{1,3}(?:[ \t,]{1,3}\d{1,3}){0,30})"
)
#: Pegs without brackets side by side, apart by "|" or ";": "1: 3 2 | 2: empty | 3: 1".
_BARE_PICTURE = re.compile(
    rf"{_BARE_PEG}(?:[ \t]{{0,3}}[|;][ \t]{{0,3}}{_BARE_PEG})+(?![\w:])", re.IGNORECASE
)
_BARE_DISKS = re.compile(r"[:=][ \t]{0,3}([^|;]*)")


def has_lists(text: str) -> bool:
    """Whether ``text`` may hold a picture (a cheap look before the pattern's)."""
    return "[" in text or "(" in text or (":" in text and ("|" in text or ";" in text))


def without_pictures(text: str) -> str:
    """``text`` with every picture of the pegs replaced by spaces.

    >>> without_pictures("1. A->C  [3, 2] [] [1]").rstrip()
    '1. A->C'
    >>> without_pictures("moves = [[0, 2], [0, 1], [2, 1]]")
    'moves = [[0, 2], [0, 1], [2, 1]]'
    """
    if ("[" in text or "(" in text) and _SHORT.search(text) is not None:
        text = _PICTURE.sub(_blank, text)
    if ":" in text and ("|" in text or ";" in text):
        text = _BARE_PICTURE.sub(_blank_bare, text)
    return text


def _blank_bare(found: re.Match[str]) -> str:
    """Pegs without brackets, blanked when they are a picture.

    Disks from 1, none twice, a peg empty or of one disk (a move of numbers, "1: 1 3", names
    two).
    """
    seen: list[str] = []
    short = False
    for disks in _BARE_DISKS.findall(found.group(0)):
        numbers = re.findall(r"\d+", disks)
        if any(not number.strip("0") for number in numbers):
            return found.group(0)
        seen += numbers
        short = short or len(numbers) <= 1
    if not short or len(set(seen)) != len(seen):
        return found.group(0)
    return " " * len(found.group(0))


def _blank(found: re.Match[str]) -> str:
    """The stretch with its picture blanked: the lists at its end that can be one.

    From the last list back, while the lists are disks of a position (numbers from 1, no disk
    twice: a move such as ``[1, 2, 1]`` or ``[1, 0, 2]`` is none), in the same brackets, and
    stand apart alike; a picture has two lists or more, one of them empty or of one disk.
    """
    stretch = found.group(0)
    lists = list(_ONE_LIST.finditer(stretch))
    disks: set[str] = set()
    start = len(lists)
    gap = None
    short = False
    round_ = lists[-1].group("round") is not None if lists else False
    for index in range(len(lists) - 1, -1, -1):
        one = lists[index]
        if (one.group("round") is not None) != round_:
            break  # "(12) [3, 1, 2]": a picture's lists have the same brackets
        numbers = re.findall(r"\d+", one.group("inside") or one.group("round") or "")
        if any(number.lstrip("0") == "" for number in numbers) or disks.intersection(numbers):
            break
        if len(numbers) == 1 and one.group(0)[0] in "[(" and _numbers_line(found, one.start()):
            break  # "(7) (2, 4, 1)", "[12] [3, 1, 2]": the step's number, then its move
        if len(set(numbers)) != len(numbers):
            break
        between = (
            stretch[lists[index].end() : lists[index + 1].start()]
            if index + 1 < len(lists)
            else None
        )
        if between is not None:
            if gap is not None and between != gap:
                break
            gap = between
        disks.update(numbers)
        short = short or len(numbers) <= 1
        start = index
    if len(lists) - start < 2 or not short:
        return stretch
    at = 0 if start == 0 else lists[start].start()  # (with the brackets around them all)
    return stretch[:at] + " " * (len(stretch) - at)


def _numbers_line(found: re.Match[str], at: int) -> bool:
    """Whether the list at ``at`` in the stretch opens its line (a list number: ``(7)``)."""
    start = found.start() + at
    return not found.string[found.string.rfind("\n", 0, start) + 1 : start].strip()


_ONE_LIST = re.compile(
    r"(?:(?<![A-Za-z0-9])[A-Za-z0-9]{1,3}[ \t]{0,2}[:=][ \t]{0,2})?"
    r"(?:\[(?P<inside>[\d \t,]{0,120})\]|\((?P<round>[\d \t,]{0,120})\))"
)
