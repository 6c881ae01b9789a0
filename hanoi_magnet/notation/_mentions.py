r"""Move mentions: every way a single move is written, found anywhere in a line.

One regular expression finds, left to right, every *mention* of a move in a piece of text:

* **move**: an optional verb (``move``, ``moving``, ``take``...), an optional disk (``disk 1``,
  ``the top disk``, ``disc #2``), an optional ``from``, then two pegs joined by an arrow
  (``->``, ``→``, ``=>``, ``\to``...) or by ``to``/``onto``: ``Move disk 1 from Peg A to Peg C``,
  ``A -> C``, ``tower 1 to tower 3``, ``Disk 2: S -> D``;
* **label**: the library's ``1: S -> D``, also ``1: A to C`` (a space after the colon: not a
  time such as ``10:30 to 11``): a disk, or a step number (see the run rules);
* **bracket**: ``[1, 0, 2]``, ``(0, 2)``, ``[1, "A", "C"]``, ``[A C]``;
* **json**: ``{"disk": 1, "from": 0, "to": 2}`` (keys in any order, letters quoted or not);
* **compact**: ``SD``, ``AC`` (capitals, no space);
* **triple** and **spaced**: ``1 0 2`` (disk, source, target) and ``0 2``, ``A C``.

Each mention is :attr:`strong` (an arrow, a verb, a disk, a peg word, brackets: a move wherever
it stands) or weak (``A to C``, ``SD``, ``0 2``: a move only on a line of moves, never inside
prose). Peg names are a letter or a number, perhaps after a word (``Peg``, ``rod``, ``tower``,
``post``...), perhaps quoted. Every expression is linear in the text. Each group of words
opens with a look at its first letter (``(?=[mtpsb...])``): the same matches, found sooner (the
engine skips a dozen words at once where a peg letter stands).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from hanoi_magnet._lazy import LazyPattern
from hanoi_magnet.notation._scan import Raw
from hanoi_magnet.notation._written import notation_written

_PEG_WORD = (
    r"(?=[tprnscTPRNSC])(?:the\s{1,3})?"
    r"(?:peg|rod|post|tower|pole|needle|stack|column|spindle|stick|pin|pillar)"
    r"s?\s{0,3}(?:\#|no\.\s?)?\s{0,2}"
)
_NAME = r"(?<![A-Za-z0-9_])(?:[A-Za-z](?![A-Za-z0-9_])|\d{1,40}(?![\d.]?[A-Za-z0-9]))"
_ARROW = (
    r"(?:-{1,3}>|={1,3}>|[–—]>|[→⟶➔➜➙➝➞⇒⟹↦⟼]|\\(?:to|rightarrow|Rightarrow|longrightarrow|"
    r"mapsto)(?![A-Za-z]))"
)
_VERB = (
    r"(?=[mtpsbMTPSB])"
    r"(?:move[sd]?|moving|take|taking|put|putting|shift|transfer|place|bring|send|slide)"
)
_SIZE = (
    r"(?=[tslbmnruTSLBMNRU])"
    r"(?:top|smallest|largest|biggest|smaller|larger|bigger|small|large|big|medium|middle|"
    r"next|remaining|last|upper|lower|bottom|tiny|second|third)"
)
_DISK_WORD = r"(?=[drpDRP])(?:disk|disc|ring|piece)"
_DISK = rf"""
    (?:(?=[taTA])(?:the|a)\s{{1,3}})?(?:{_SIZE}(?:most)?\s{{1,3}})?
    (?:(?P<dword>{_DISK_WORD})(?!\w)\s{{0,3}}(?:\#|no\.\s{{0,2}}|number\s{{1,3}})?
       (?P<disk>\d{{1,40}}(?!\d))?(?(disk)|(?!\s{{0,3}}\d))  # "disk 1 to 3": 1 is the disk
       (?:\s{{0,3}}(?<!\d)on\s{{1,3}}top(?!\w))?
     |(?P<bare>\d{{1,40}})(?=\s{{1,3}}from\b))
    \s{{0,3}}(?:\(\s{{0,3}}(?:{_DISK_WORD}\s{{0,3}})?(?P<pdisk>\d{{1,40}})\s{{0,3}}\)\s{{0,3}})?:?
"""
#: After a number, a word that makes it a count, not a peg: "from 2 to 3 disks".
_NOT_A_COUNT = r"(?!\s{1,3}(?:disks?|discs?|rings?|moves?|steps?|times|pegs?|rods?|posts?)\b)"
#: After two digits, words that make them a count: "31 left", "(12 remaining)", "15 moves".
_NO_COUNT_AFTER = (
    r"(?!\s{1,3}(?:left|remaining|more|to\s{1,3}go|in\s{1,3}total|total|disks?|discs?|rings?"
    r"|moves?|steps?|times|pegs?|rods?|posts?)\b)"
)
_MOVE = rf"""
    (?P<move>
      (?:(?P<verb>(?<![A-Za-z]){_VERB})(?!\w)\s{{1,3}})?
      (?:{_DISK}\s{{0,3}})?
      (?P<from>(?=[fF])from\s{{1,3}})?
      (?P<sword>{_PEG_WORD})?(?P<source>{_NAME})
      (?P<sep>\s{{0,3}}{_ARROW}\s{{0,3}}|\s{{1,3}}(?:to|onto|into)\s{{1,3}})
      (?P<tword>{_PEG_WORD})?(?P<target>{_NAME}){_NOT_A_COUNT}
    )
"""
_LABEL = rf"""
    (?P<label>(?<![\w.=])(?<!=\s)(?<!=\s\s)(?P<ldisk>\d{{1,40}})\s{{0,3}}:(?P<lspace>\s{{1,3}})?(?(lspace)(?:from\s{{1,3}})?)
      (?:{_PEG_WORD})?(?P<lsource>{_NAME})(?:\s{{0,3}}{_ARROW}\s{{0,3}}|(?(lspace)\s{{1,3}}(?:to|onto)\s{{1,3}}|(?!)))
      (?:{_PEG_WORD})?(?P<ltarget>{_NAME}))
"""
_Q = r"""["']?"""
_BRACKET = rf"""
    (?P<bracket>
      [\[(]\s{{0,3}}(?:(?P<bdisk>\d{{1,40}})\s{{0,3}},\s{{0,3}})?
      {_Q}(?P<bsource>{_NAME}){_Q}\s{{0,3}},\s{{0,3}}{_Q}(?P<btarget>{_NAME}){_Q}\s{{0,3}},?\s{{0,3}}[\])]
     |\[\s{{0,3}}(?P<asource>[A-Za-z])\s{{1,3}}(?P<atarget>[A-Za-z])\s{{0,3}}\]
    )
"""
_JSON = r"""(?P<json>\{[^{}\[\]\n]{1,300}\})"""
_COMPACT = (
    r"""(?P<compact>(?<![A-Za-z0-9.])(?:(?-i:(?P<csource>[A-Z])(?P<ctarget>[A-Z]))
    |(?<!\d:)(?P<dsource>\d)(?P<dtarget>\d)"""  # (not in a time: "00:01")
    + _NO_COUNT_AFTER
    + r""")(?![A-Za-z0-9]|[.:]\d))"""
)
_TRIPLE = r"""
    (?P<triple>(?<![\w.])(?P<tdisk>[1-9]\d{0,39})[ \t]{1,3}(?P<tsource>\d)[ \t]{1,3}
      (?P<ttarget>\d)(?!\w|\.\w))
"""
_SPACED = r"""
    (?P<spaced>(?<![\w.])(?:(?-i:(?P<psource>[A-Z])[ \t]{1,3}(?P<ptarget>[A-Z]))
      |(?P<nsource>\d{1,40})[ \t]{1,3}(?P<ntarget>\d{1,40}))(?!\w|\.\w))
"""

#: Every mention of a move, the most specific form first at each place.
MENTION = LazyPattern(
    # a mention starts at a word's first character or at a bracket: never inside a word
    r"(?<![A-Za-z0-9_])(?=[A-Za-z0-9\[({])(?:"
    + "|".join((_LABEL, _BRACKET, _JSON, _MOVE, _TRIPLE, _COMPACT, _SPACED))
    + ")",
    re.IGNORECASE | re.VERBOSE,
)
#: The same without the forms that need an arrow or "to" between their pegs.
_WITHOUT_SEPARATOR = LazyPattern(
    r"(?<![A-Za-z0-9_])(?=[A-Za-z0-9\[({])(?:"
    + "|".join((_BRACKET, _JSON, _TRIPLE, _COMPACT, _SPACED))
    + ")",
    re.IGNORECASE | re.VERBOSE,
)
#: What every move or label mention holds between its pegs.
_SEPARATOR = re.compile(rf"{_ARROW}|(?<![A-Za-z])(?:to|onto|into)(?![A-Za-z])", re.IGNORECASE)


def separated(text: str) -> bool:
    """Whether ``text`` holds a separator of a move's pegs the reader knows (``->``, ``⇒``, "into").

    >>> separated("A ⇒ B"), separated("Rules:")
    (True, False)
    """
    return _SEPARATOR.search(text) is not None


_JSON_FIELD = re.compile(
    r"""["']?(?P<key>[A-Za-z_]+)["']?\s{0,3}:\s{0,3}["']?(?P<value>[A-Za-z0-9]{1,40})["']?""",
)
_JSON_KEYS = {
    "disk": "disk",
    "source": "source",
    "from": "source",
    "from_peg": "source",
    "src": "source",
    "start": "source",
    "target": "target",
    "to": "target",
    "to_peg": "target",
    "dst": "target",
    "destination": "target",
}


class Mention(NamedTuple):
    """One move found in a text."""

    raw: Raw
    start: int
    end: int
    form: str  # "move", "label", "bracket", "json", "compact", "triple", "spaced"
    strong: bool  # a move wherever it stands (else only on a line of moves)
    #: the built-in notation its text is written in, else its form (every mention that
    #: mentions() returns has it)
    written: str = ""


def mentions(text: str) -> list[Mention]:
    """Every mention of a move in ``text``, left to right, not overlapping."""
    pattern = MENTION if _SEPARATOR.search(text) else _WITHOUT_SEPARATOR
    if len(text) >= _PIECES_FROM and "," in text and _OPENS.search(text) is None:
        by_pieces = _by_pieces(text, pattern)
        if by_pieces is not None:
            return by_pieces
    found: list[Mention] = []
    append = found.append
    new = tuple.__new__  # a Mention without its constructor's keyword handling
    for match in pattern.finditer(text):
        read = _known_read(match, text)
        if read:
            start, end = match.span()
            append(new(Mention, (read[0], start, end, read[1], read[2], read[3])))
    return found


_Read = tuple[Raw, str, bool, str]


def _known_read(match: re.Match[str], text: str) -> _Read | None:
    """What a mention reads as (``None``: a JSON object naming no move), remembered.

    Keyed by the mention with the characters its expression looks at around it (one before,
    two after; the text's start reads as a new line): the same key, the same reading.
    """
    start, end = match.span()
    key = (end - start, text[start - 1 : end + 2] if start else "\n" + text[: end + 2])
    known = _KNOWN
    read = known.get(key, _UNREAD)
    if read is _UNREAD:
        mention = _mention(match)
        if len(known) >= 4096:
            known.clear()
        known[key] = read = mention and (mention.raw, mention.form, mention.strong,
                                         mention.written)  # fmt: skip
    return read


_UNREAD = (Raw(None, "", ""), "", False, "")


def _by_pieces(text: str, pattern: re.Pattern[str] | LazyPattern) -> list[Mention] | None:
    """:func:`mentions` of a long line, piece by piece between its commas, remembered.

    For a line with commas and no bracket, brace or parenthesis. No mention holds a comma but
    bracketed moves and JSON objects, which such a line cannot hold; so every comma is a place
    no mention straddles, and a scan started at a comma finds what the whole scan finds after
    it (as in :func:`_resynchronized`). What it finds before the next comma depends only on
    the piece between the two commas, both included (a mention starts after the first, whose
    look-behinds look one character back; look-aheads stop at the second): a piece seen before
    has the same mentions, and a line of thousands of moves written alike costs its few
    distinct pieces. Each piece is scanned within its own bounds, so the time stays linear in
    the line. ``None`` (read the whole line) if a mention took a comma after all; the line's
    brackets are looked for first only to spare that work.
    """
    found: list[Mention] = []
    append = found.append
    new = tuple.__new__
    known = _PIECES
    full = pattern is MENTION
    length = len(text)
    start = 0
    while start < length:
        comma = text.find(",", start + 1)
        end = length if comma < 0 else comma
        context = text[start : end + 1]  # from its comma to the next, both included
        key = (full, start == 0, end == length, context)
        pieces = known.get(key)
        if pieces is None:
            made = []
            for match in pattern.finditer(text, start, end + 1):  # the piece, both commas
                if match.end() > end:  # (no mention holds a comma here: never)
                    return None
                read = _known_read(match, text)
                if read:
                    made.append((match.start() - start, match.end() - start, read))
            pieces = tuple(made)
            if len(context) <= _PIECE_LONGEST:
                if len(known) >= _PIECES_KEPT:
                    known.clear()
                known[key] = pieces
        for at, to, read in pieces:
            append(new(Mention, (read[0], start + at, start + to, read[1], read[2], read[3])))
        start = end
    return found


#: A line this long or longer is read piece by piece (:func:`_by_pieces`) when it can be.
_PIECES_FROM = 1_000
#: Pieces kept, and the longest kept (a longer one is scanned each time).
_PIECES_KEPT = 4096
_PIECE_LONGEST = 200
_PIECES: dict[tuple[bool, bool, bool, str], tuple[tuple[int, int, _Read], ...]] = {}


#: What each mention reads as, by its text and the characters around it that the expression
#: looks at: a move, its form and strength, or ``None`` (a JSON object naming no move).
#: Answers repeat a few mentions many times.
_KNOWN: dict[tuple[int, str], tuple[Raw, str, bool, str] | None] = {}


def last_mentions(text: str, count: int = 2) -> list[Mention]:
    """The last ``count`` mentions of :func:`mentions` (fewer if there are fewer), in order.

    One scan that builds only the mentions it returns: on a line of a million moves this is the
    regular expression's time, not the million mentions'.
    """
    pattern = MENTION if _SEPARATOR.search(text) else _WITHOUT_SEPARATOR
    start = _resynchronized(text)
    kept = _last(pattern.finditer(text, start), count)
    if start and len(kept) < count:
        kept = _last(pattern.finditer(text), count)
    found = [item if isinstance(item, Mention) else _mention(item) for item in kept]
    return [mention for mention in found if mention is not None]


def _last(matches: Iterator[re.Match[str]], count: int) -> list[re.Match[str] | Mention]:
    kept: list[re.Match[str] | Mention] = []
    for match in matches:
        if match.lastgroup == "json":  # the one form that may be no move: decided now
            mention = _mention(match)
            if mention is None:
                continue
            kept.append(mention)
        else:
            kept.append(match)
        if len(kept) > count:
            del kept[0]
    return kept


#: A long text's last mentions are looked for in about its last ``_TAIL`` characters.
_TAIL = 1_000
#: The longest mention that can hold a comma: a JSON object (braces around at most 300
#: characters); a bracketed move is shorter. No other form holds a comma.
_LONGEST_WITH_COMMA = 302
_OPENS = re.compile(r"[\[({]")


def _resynchronized(text: str) -> int:
    """A place near the end of ``text`` where scanning it from the start would be anyway.

    The scan is left to right and its mentions do not overlap, so from a place that no mention
    of the whole scan straddles on, a scan started there finds the same mentions. A comma is
    such a place unless a bracket or a brace opens shortly before it (only bracketed moves and
    JSON objects hold commas). 0: no such place (or a short text): scan it all.
    """
    if len(text) <= 2 * _TAIL:
        return 0
    comma = text.rfind(",", 0, len(text) - _TAIL)
    if comma <= 0 or _OPENS.search(text, max(0, comma - _LONGEST_WITH_COMMA), comma):
        return 0
    return comma


def _mention(match: re.Match[str]) -> Mention | None:
    """The mention ``match`` found (``None``: a JSON object naming no move), its notation named."""
    mention = _read(match)
    if mention is None:
        return None
    return mention._replace(written=notation_written(match.group(0), mention.form))


def _read(match: re.Match[str]) -> Mention | None:
    form = match.lastgroup
    group = match.group
    start, end = match.span()
    if form == "move":
        disk, bare, pdisk, dword, verb, sword, tword, sep, source, target = group(
            "disk", "bare", "pdisk", "dword", "verb", "sword", "tword", "sep", "source", "target"
        )
        disk = None if dword is None and bare is None and pdisk is None else disk or bare or pdisk
        strong = bool(verb or dword or sword or tword) or not sep.strip().isalpha()
        return Mention(Raw(disk, source, target), start, end, "move", strong)
    if form == "label":
        return Mention(
            Raw(group("ldisk"), group("lsource"), group("ltarget")), start, end, form, True
        )
    if form == "bracket":
        if group("asource") is not None:
            return Mention(Raw(None, group("asource"), group("atarget")), start, end, form, True)
        raw = Raw(group("bdisk"), group("bsource"), group("btarget"))
        return Mention(raw, start, end, form, True)
    if form == "json":
        return _json(match.group(0), start, end)
    if form == "compact":
        source = group("csource") or group("dsource")
        target = group("ctarget") or group("dtarget")
        return Mention(Raw(None, source, target), start, end, form, False)
    if form == "triple":
        raw = Raw(group("tdisk"), group("tsource"), group("ttarget"))
        return Mention(raw, start, end, form, False)
    source = group("psource") or group("nsource")
    target = group("ptarget") or group("ntarget")
    return Mention(Raw(None, source, target), start, end, "spaced", False)


def json_raw(text: str) -> Raw | None:
    """The move of one JSON object (keys in any order; ``None``: it names no source and target)."""
    found = _json(text, 0, len(text))
    return None if found is None else found.raw


def _json(text: str, start: int, end: int) -> Mention | None:
    fields: dict[str, str] = {}
    for field in _JSON_FIELD.finditer(text):
        role = _JSON_KEYS.get(field.group("key").lower())
        if role is not None and role not in fields:
            fields[role] = field.group("value")
    if "source" not in fields or "target" not in fields:
        return None
    if not fields.get("disk", "0").isdecimal():
        return None  # {"disk": X, ...}: a format, not a move
    return Mention(
        Raw(fields.get("disk"), fields["source"], fields["target"]), start, end, "json", True
    )


#: The beginning of a move sentence: a line that starts so but holds no whole move is a move
#: that cannot be read (never prose).
BEGUN = re.compile(
    rf"(?:{_VERB})\s{{1,3}}(?:the\s{{1,3}}|a\s{{1,3}})?(?:\w+\s{{1,3}})?{_DISK_WORD}(?!\w)",
    re.IGNORECASE,
)
#: An arrow from a placeholder (``? -> C``) at the start of a piece of text: a move that cannot
#: be read, whatever follows it (``? -> C, then C -> B``).
PLACEHOLDER_ARROW = LazyPattern(
    rf"\s{{0,3}}(?:\d{{1,4}}\s{{0,3}}:\s{{0,3}})?(?:{_PEG_WORD})?[?_]{{1,3}}\s{{0,3}}{_ARROW}",
    re.IGNORECASE | re.VERBOSE,
)
#: An arrow move whose target is no peg name (``C->?``, ``Peg A -> Peg ??``, ``A ->``) or
#: whose source is a placeholder (``? -> C``, ``Peg ?? -> Peg B``), alone on its line after its
#: lead (a remark opened by a symbol may follow: "(not sure)", "<- key move", "✔️ valid"): a move
#: that cannot be read, never prose.
HALF_ARROW = LazyPattern(
    rf"""\s{{0,3}}(?:\d{{1,4}}\s{{0,3}}:\s{{0,3}})?
    (?:(?:{_PEG_WORD})?{_NAME}\s{{0,3}}{_ARROW}\s{{0,3}}(?:{_PEG_WORD})?(?!{_NAME})[^\s,;<]{{0,6}}
      |(?:{_PEG_WORD})?[?_]{{1,3}}\s{{0,3}}{_ARROW}\s{{0,3}}(?:{_PEG_WORD})?(?:{_NAME}|[?_]{{1,3}}))
    [\s.,;:!?]*(?:(?:[(\[{{—–#/←✅]|--|<-|=>|\s-\s|(?<=\s)[^\w\s]).*)?""",
    re.IGNORECASE | re.VERBOSE,
)
