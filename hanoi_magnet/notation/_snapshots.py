"""Pictures of the pegs written beside the moves: ``[3, 2] [] [1]``, ``A: [3], B: [2, 1], C: []``.

A model often shows the position after each move as one list of disks per peg. Such a picture
holds no move, but its lists look like moves of pairs (``[3, 2]`` read as from 3 to 2), so it is
blanked (replaced by as many spaces: offsets do not move) before the moves are looked for. A
picture is two lists of disk numbers or more, side by side, one of them empty or of one disk (a
move is never either); a list of moves (``[0, 2], [0, 1]``) is left as it is.
"""

from __future__ import annotations

import re

#: One peg's list of disks, perhaps named: "[3, 2]", "A: [3, 2]", "B=[]".
_PEG_LIST = r"(?:(?<![A-Za-z0-9])[A-Za-z0-9]{1,3}[ \t]{0,2}[:=][ \t]{0,2})?\[[\d \t,]{0,120}\]"
_PICTURE = re.compile(
    rf"\[?[ \t]{{0,3}}{_PEG_LIST}(?:[ \t]{{0,3}}[,;|]?[ \t]{{0,3}}{_PEG_LIST})+[ \t]{{0,3}}\]?"
)
#: A list of no disk or of one: the mark of a picture (cheap to look for in a whole text).
_SHORT = re.compile(r"\[[ \t]{0,3}\d{0,3}[ \t]{0,3}\]")
_LIST = re.compile(r"\[([^\[\]]*)\]")


def without_pictures(text: str) -> str:
    """``text`` with every picture of the pegs replaced by spaces.

    >>> without_pictures("1. A->C  [3, 2] [] [1]").rstrip()
    '1. A->C'
    >>> without_pictures("moves = [[0, 2], [0, 1], [2, 1]]")
    'moves = [[0, 2], [0, 1], [2, 1]]'
    """
    if "[" not in text or _SHORT.search(text) is None:
        return text
    return _PICTURE.sub(_blank, text)


def _blank(found: re.Match[str]) -> str:
    picture = found.group(0)
    if any(len(inside.replace(",", " ").split()) <= 1 for inside in _LIST.findall(picture)):
        return " " * len(picture)
    return picture
