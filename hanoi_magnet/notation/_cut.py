r"""An answer cut off in the middle of its last move: the piece of a move at the very end.

A model that runs out of output budget stops wherever it is, often inside a move
(``"...\nMove disk"``, ``"A->C, B->"``, ``"[1, 0,"``). :func:`begun_move` finds, on the last line
of a text, the piece after its last whole move that is the beginning of a move but not a whole
one.
"""

from __future__ import annotations

import re

from hanoi_magnet._lazy import LazyPattern
from hanoi_magnet.notation._lines import plain_line
from hanoi_magnet.notation._mentions import last_mentions, mentions
from hanoi_magnet.notation._segments import GLUE, LEAD

_LONGEST = 200  # a longer piece of text is no piece of one move
_WORD = r"(?:the\s{1,3})?(?:peg|rod|post|tower|pole|needle|stack|column)s?\s{0,3}"
_NAME = r"(?:[A-Za-z]|\d{1,200})"
_PREFIX = r"[A-Za-z]{0,7}"  # the beginning of a word: "Pe" of "Peg", "t" of "to"
_ARROWING = rf"""(?:from\s{{1,3}})?(?:{_WORD})?{_NAME}\s{{0,3}}
    (?:-{{1,3}}>?|={{1,3}}>?|[→⟶⇒➔➜]|to?|onto?)\s{{0,3}}(?:{_WORD})?{_PREFIX}"""
# A move sentence begun: every part optional after the first, in the order a move writes them.
_SENTENCE = rf"""(?:(?:the|a)\s{{1,3}})?(?:(?:top|smallest|largest)\s{{1,3}})?(?:disk|disc)
    (?:\s{{1,3}}(?:\#|no\.\s?)?\d{{0,200}}(?:\s{{0,3}}:?\s{{0,3}}(?:{_ARROWING}|(?:from\s{{0,3}}
    (?:{_WORD})?{_NAME}?|fr|fro)))?)?"""
_BEGUN = LazyPattern(
    rf"""(?:[\[(]\s{{0,3}}["']?|["'])?(?:
        (?:move|moving|take|put|shift|transfer|place)(?:\s{{1,3}}(?:{_SENTENCE}|{_ARROWING}|\d{{1,40}}
          (?:\s{{1,3}}(?:{_ARROWING}|(?:from\s{{1,3}})?(?:{_WORD})?{_NAME}?|fr|fro))?
          |from\s{{1,3}}(?:{_WORD})?{_NAME}?|the(?:\s{{1,3}}top)?|{_PREFIX}))?
       |mo|mov|di|dis|ste|step|fr|fro|from
       |{_SENTENCE}
       |\d{{1,40}}\s{{0,3}}:\s{{0,3}}(?:{_ARROWING}|(?:{_WORD})?{_NAME}?)
       |{_ARROWING}
       |(?:from\s{{1,3}})?{_WORD}{_NAME}?
       |(?:\d{{1,40}}\s{{0,3}},\s{{0,3}})?(?:["']?{_NAME}["']?\s{{0,3}},?\s{{0,3}})?["']?
       |\{{[^{{}}\n]*
    )""",
    re.IGNORECASE | re.VERBOSE,
)
#: The characters a piece matching ``_BEGUN`` can end with (besides letters, digits and spaces;
#: ``.`` only as in ``disk no.``; anything after a ``{``).
_BEGUN_ENDS = frozenset("'\":,#-=>→⟶⇒➔➜[(")
_WORDS = ("peg", "rod", "post", "tower", "pole", "needle", "stack", "column")


def end_of_text(text: str) -> int:
    """The length of ``text`` without the spaces and new lines at its end."""
    end = len(text)
    while end and text[end - 1].isspace():
        end -= 1
    return end


def begun_move(text: str, end: int) -> tuple[int, bool] | None:
    """Where the beginning of a move cut off by the end of ``text`` starts (``None``: none).

    ``end``: the text's end without its final spaces. The piece is what follows the last whole
    move on the last line (after its separator: a comma, ``then``...), or the whole last line
    after its numbering when it holds no whole move. The flag says whether the piece was read
    as a whole move of its own: ``Peg A -> P``, whose ``P`` is the beginning of ``Peg``.
    """
    start = max(text.rfind("\n", 0, end), text.rfind("\r", 0, end)) + 1
    if end <= start:
        return None
    line = text[start:end]
    known = _BEGUN_LINES.get(line, _UNKNOWN)
    if known is _UNKNOWN:
        known = _begun_in_line(line)
        if len(line) <= _LONGEST:
            if len(_BEGUN_LINES) >= _LINES_KEPT:
                _BEGUN_LINES.clear()
            _BEGUN_LINES[line] = known
    if known is None:
        return None
    at, replaced = known
    return start + at, replaced


#: The last lines already looked at (answers of a dataset end alike), and what was found.
_BEGUN_LINES: dict[str, tuple[int, bool] | None] = {}
_LINES_KEPT = 1024
_UNKNOWN = (-1, False)


def _begun_in_line(line: str) -> tuple[int, bool] | None:
    """:func:`begun_move` in one last line: the piece's offset in it, and the flag."""
    plain = plain_line(line)
    if not _may_end_begun(plain.rstrip(" ")):
        return None
    lead = LEAD.match(plain)
    lead_end = lead.end() if lead else 0
    found = last_mentions(plain[lead_end:])  # (their offsets count from lead_end)
    replaced = False
    if (
        found
        and found[-1].end + lead_end == len(plain.rstrip(" *`"))
        and _word_begun(plain, found[-1].raw.target)
    ):
        found, replaced = found[:-1], True  # "Peg A -> P": the target begins "Peg"
    if found:
        after = found[-1].end + lead_end
        glue = GLUE.match(plain, after)
        piece_at = glue.end() if glue else after
        if piece_at == after and piece_at < len(plain) and not plain[piece_at].isspace():
            return None  # a remark glued to the move: "A->C(now...)"
    else:
        piece_at = lead_end
    piece = plain[piece_at:].strip(" ")
    if not piece or len(piece) > _LONGEST:
        return None
    if _BEGUN.fullmatch(piece) is None:
        return None
    if found and not replaced and not mentions(piece) and _looks_like_prose(piece):
        return None
    piece_at += len(plain[piece_at:]) - len(plain[piece_at:].lstrip(" "))
    return _given(line, piece_at), replaced


def _may_end_begun(line: str) -> bool:
    """Whether ``line`` (no spaces at its end) may end with a piece ``_BEGUN`` matches.

    A necessary condition only, and cheap: most lines end with ``.``, ``)`` or ``]``, which no
    begun move does, and then their moves need not be found again.
    """
    if not line:
        return False
    last = line[-1]
    if last.isalnum() or last.isspace() or last in _BEGUN_ENDS:
        return True
    if last == "." and line[-3:].lower() == "no.":
        return True
    return "{" in line[-_LONGEST:]


def _given(line: str, position: int) -> int:
    """The offset in ``line`` of offset ``position`` in its plain form (markup taken off)."""
    if len(plain_line(line)) == len(line):
        return position
    kept = 0
    for index, char in enumerate(line):
        if char in "*`":
            continue
        if kept == position:
            return index
        kept += 1
    return len(line)


def _word_begun(line: str, target: str) -> bool:
    """Whether a last move's target is the beginning of the peg word the line uses."""
    lower = line.lower()
    return target.isalpha() and any(
        word.startswith(target.lower()) and word in lower for word in _WORDS
    )


def _looks_like_prose(piece: str) -> bool:
    """A piece with several words that are no part of a move: "Move on to the next part"."""
    words = re.findall(r"[A-Za-z]{3,}", piece)
    return sum(word.lower() not in _KNOWN for word in words) >= 2


_KNOWN = frozenset(
    [
        "move",
        "moves",
        "moved",
        "moving",
        "disk",
        "disc",
        "from",
        "the",
        "top",
        "peg",
        "rod",
        "post",
        "tower",
        "pole",
        "smallest",
        "take",
        "put",
        "shift",
        "transfer",
        "place",
    ]
)
