"""Capital words that look like moves: ``OK``, ``NO``, ``ID`` beside an answer's moves.

Two capital letters (``AC``, ``SD``) or two letters apart (``A C``) are a move on a line of
moves, whatever the letters: lines are read before the number of posts is known, so ``OK, here
is the solution:`` reads as a move from peg O to peg K, and the whole answer then fails on a
peg that does not exist. A reader sees a word there.

:func:`letter_words` finds such words once a reading has failed (no naming fits its letters,
an item that is not a move, pegs that do not fit the prompt) or is in doubt: the short forms
in capitals (``OK``, ``O K``) none of whose letters names a peg, in the letter naming that fits
the answer's other moves, and that stand apart from the moves: on a line with other words, or
on a line of their own that is not between two lines of moves. The answer is then read again
with those words in lower case: words still (``OR`` offers options), no more moves. A lone
``XY`` between two lines of moves is not a word: that line stays what it was (a move that
cannot be read).
"""

from __future__ import annotations

import bisect
import re
import string

from hanoi_magnet.notation._mentions import Mention, mentions
from hanoi_magnet.notation._snapshots import has_lists, without_pictures

_SID = frozenset("SID")
_CAPITALS = frozenset({"compact", "spaced"})  # the forms of capital letters only: "OK", "O K"
#: Two capitals standing alone, together or apart: what every such form holds.
_PAIR = re.compile(r"(?<![A-Za-z0-9])[A-Z][ \t]{0,3}[A-Z](?![A-Za-z0-9])")


def letter_words(text: str, posts: int) -> list[tuple[int, int]]:
    r"""The offsets of the capital words in ``text`` that were read as moves (see the module).

    Example:
        >>> text = "OK, here it is:\nAC\nAB\nCB"
        >>> [text[start:end] for start, end in letter_words(text, 3)]
        ['OK']
        >>> letter_words("AC\nXY\nCB", 3)  # between two moves, alone: not a word
        []
    """
    if _PAIR.search(text) is None:
        return []  # no two capitals together or apart: no word of the kind (a quick look)
    namings = letter_namings(posts)
    lines = text.split("\n")
    found: list[tuple[Mention, int, bool]] = []  # each mention, its line, and whether it has words
    position = 0
    for number, line in enumerate(lines):
        on_line = mentions(without_pictures(line) if has_lists(line) else line)  # as read
        if on_line:
            worded = _WORD.search(_without(line, on_line)) is not None
            found.extend(
                (m._replace(start=m.start + position, end=m.end + position), number, worded)
                for m in on_line
            )
        position += len(line) + 1
    strong: list[frozenset[str]] = []
    numbered = False  # an arrow or a verb names a peg by its number
    weak: list[tuple[Mention, int, bool, frozenset[str]]] = []
    for mention, number, worded in found:
        letters = _letters(mention)
        if letters is None:
            numbered = numbered or mention.strong
        elif mention.strong:
            strong.append(letters)
        elif mention.form in _CAPITALS:
            weak.append((mention, number, worded, letters))
    if not weak:
        return []
    if (numbered and not strong) or not namings:
        chosen: frozenset[str] = frozenset()  # the pegs are numbers: no letter names one
    else:  # the naming most arrows and verbs fit (a move cut off may name a stray letter)
        chosen = max(
            namings,
            key=lambda names: (
                sum(letters <= names for letters in strong),
                sum(word[3] <= names for word in weak),
            ),
        )
    words = [word for word in weak if not word[3] & chosen]
    if not words:
        return []
    kept = {id(word[0]) for word in words}
    reach: dict[int, tuple[int, int]] = {}  # each line's other mentions: first end, last start
    moving = set()  # lines of moves: weak mentions among words are prose ("with 16 moves")
    for mention, number, worded in found:
        if id(mention) not in kept:
            first_end, last_start = reach.get(number, (mention.end, mention.start))
            reach[number] = (min(first_end, mention.end), max(last_start, mention.start))
            if mention.strong or not worded:
                moving.add(number)
    filled = [number for number, line in enumerate(lines) if line.strip()]
    return [
        (mention.start, mention.end)
        for mention, number, worded, _ in words
        if worded
        or (
            _apart(mention, reach.get(number), number in moving)
            and not (number not in moving and _between(number, filled, moving))
        )
    ]


def _apart(word: Mention, reach: tuple[int, int] | None, moving: bool) -> bool:
    """Whether ``word`` is not between two moves of its own line ("OK. AC, AB", not "AC OK AB").

    ``reach``: where the line's first other mention ends and its last one starts.
    """
    if not moving or reach is None:
        return True
    first_end, last_start = reach
    return not (first_end <= word.start and last_start >= word.end)


def _between(number: int, filled: list[int], moving: set[int]) -> bool:
    """Whether the lines next to line ``number`` (blank lines aside) both hold moves."""
    at = bisect.bisect_left(filled, number)
    before = filled[at - 1] if at > 0 else None
    after = filled[at + 1] if at + 1 < len(filled) else None
    return before in moving and after in moving


def move_in_another_naming(
    text: str, words: list[tuple[int, int]], posts: int
) -> tuple[int, int] | None:
    """A word of ``words`` that is a move in another letter naming, beside a move on its line.

    ``DS (B->C)``: on three posts, ``DS`` names no peg A, B, C but is a move of pegs S, I, D;
    beside another move it is one, written in other names (which is meant?), not a word.

    Example:
        >>> text = "DS (B->C)"
        >>> move_in_another_naming(text, letter_words(text, 3), 3)
        (0, 2)
        >>> text = "OK (B->C)"
        >>> move_in_another_naming(text, letter_words(text, 3), 3) is None
        True
    """
    namings = letter_namings(posts)
    by_line: dict[int, list[tuple[int, int]]] = {}
    line_start = previous = 0
    for start, end in sorted(words):  # (each stretch between two words looked at once)
        newline = text.rfind("\n", previous, start)
        line_start = line_start if newline < 0 else newline + 1
        by_line.setdefault(line_start, []).append((start, end))
        previous = end
    for line_start, on_line in by_line.items():
        moves = [
            (start, end)
            for start, end in on_line
            # (the words are read in lower case by then)
            if any(
                frozenset(text[start:end].upper().replace(" ", "")) <= names for names in namings
            )
        ]
        if not moves:
            continue
        line_end = text.find("\n", line_start)
        line_end = len(text) if line_end < 0 else line_end
        pieces, position = [], line_start
        for start, end in on_line:  # every word of the line blanked: words, not moves
            pieces += [text[position:start], " " * (end - start)]
            position = end
        pieces.append(text[position:line_end])
        if mentions("".join(pieces)):
            return moves[0]
    return None


def letter_namings(posts: int) -> list[frozenset[str]]:
    """The peg letters of each letter naming for ``posts`` posts (S, I, D first on three).

    Example:
        >>> [sorted(names) for names in letter_namings(3)]
        [['D', 'I', 'S'], ['A', 'B', 'C']]
        >>> letter_namings(27)  # beyond Z no letter names a peg
        []
    """
    namings = [_SID] if posts == 3 else []
    if posts <= len(string.ascii_uppercase):
        namings.append(frozenset(string.ascii_uppercase[:posts]))
    return namings


def _letters(mention: Mention) -> frozenset[str] | None:
    """The peg letters a mention writes, upper case (``None``: it writes a number)."""
    source, target = mention.raw.source, mention.raw.target
    if not (source.isalpha() and target.isalpha()):
        return None
    return frozenset((source.upper(), target.upper()))


def _without(line: str, found: list[Mention]) -> str:
    """``line`` with its mentions left out."""
    pieces = []
    position = 0
    for mention in found:
        pieces.append(line[position : mention.start])
        position = mention.end
    pieces.append(line[position:])
    return " ".join(pieces)


#: A word of prose: two letters or more (a lone letter may be a peg, ``a`` an article).
_WORD = re.compile(r"[A-Za-z]{2,}")
