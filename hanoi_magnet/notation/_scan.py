"""Finding moves in text: the pieces every notation shares.

A move read from text is first a *raw* move: the disk as written (or ``None``) and the two peg
names as written. Only once the whole answer is known is the peg naming decided (it may have to
be detected from all the names together) and the raw moves turned into moves.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import NamedTuple, TypeAlias

from hanoi_magnet.errors import NotationError
from hanoi_magnet.model import Move
from hanoi_magnet.notation._pegs import PegNames

#: A move as read: a :class:`~hanoi_magnet.Move` when the text names the disk, else the pair
#: ``(source, target)`` (the disk is then whichever lies on top of the source).
ReadMove: TypeAlias = Move | tuple[int, int]


class Raw(NamedTuple):
    """One move as written: the disk (``None`` when not written) and the two peg names."""

    disk: str | None
    source: str
    target: str


#: Reads one item of text (already matched) into a raw move, or raises NotationError.
ItemReader: TypeAlias = Callable[["re.Match[str]"], Raw]

_PEG = r"(?:[A-Za-z]|\d+)"
_ARROWS = r"(?:->|→|=>|-->|⟶)"


def template_pattern(template: str) -> str:
    """A regular expression for one move written as ``template``.

    ``{disk}``, ``{source}``, ``{target}`` and ``{index}`` become groups; spaces in the
    template match any run of spaces (at least one between two words or names, where
    removing them would join the two); an arrow ``->`` also matches ``→`` and ``=>``.
    """
    parts = re.split(r"(\{\w+\}|->|\s+)", template)
    pattern: list[str] = []
    for position, part in enumerate(parts):
        if not part:
            continue
        if part.isspace():
            before = _last_char(parts[:position])
            after = _first_char(parts[position + 1 :])
            joins = _wordy(before) and _wordy(after)
            pattern.append(r"\s+" if joins else r"\s*")
        elif part == "->":
            pattern.append(rf"\s*{_ARROWS}\s*")
        elif part in ("{source}", "{target}"):
            name = part[1:-1]
            adjacent = _touches_placeholder(parts, position)
            pattern.append(f"(?P<{name}>[A-Za-z0-9])" if adjacent else f"(?P<{name}>{_PEG})")
        elif part == "{disk}":
            pattern.append(r"(?P<disk>\d+)")
        elif part == "{index}":
            pattern.append(r"\d+")
        else:
            pattern.append(re.escape(part))
    return "".join(pattern)


def _last_char(parts: list[str]) -> str:
    text = "".join(parts)
    return "x" if text.endswith("}") else text[-1:]


def _first_char(parts: list[str]) -> str:
    text = "".join(parts)
    return "x" if text.startswith("{") else text[:1]


def _wordy(char: str) -> bool:
    return char.isalnum()


def _touches_placeholder(parts: list[str], position: int) -> bool:
    """Whether a peg placeholder is written right next to another one (``{source}{target}``)."""
    neighbours = [parts[i] for i in (position - 1, position + 1) if 0 <= i < len(parts)]
    if "" in neighbours:  # re.split leaves empty strings between adjacent separators
        neighbours = [
            next((p for p in reversed(parts[:position]) if p), ""),
            next((p for p in parts[position + 1 :] if p), ""),
        ]
    return any(n.startswith("{") for n in neighbours)


def template_item(match: re.Match[str]) -> Raw:
    """The raw move of a template match."""
    groups = match.groupdict()
    return Raw(groups.get("disk"), groups["source"], groups["target"])


#: One JSON object such as ``{"disk": 1, "source": 0, "target": 2}``; its values may be flat
#: lists and objects of them (``"state": {"A": [3, 2], "B": [], "C": [1]}``), read as nothing.
FLAT_JSON_OBJECT = r"\{[^{}\[\]]*\}"  # the notations' own objects: scalars only
JSON_OBJECT = r"\{(?:[^{}\[\]]|\[[^{}\[\]]*\]|\{(?:[^{}\[\]]|\[[^{}\[\]]*\])*\})*\}"
_SOURCE_KEYS = ("source", "from", "from_peg", "src")
_TARGET_KEYS = ("target", "to", "to_peg", "dst")


def json_item(match: re.Match[str]) -> Raw:
    """The raw move of a JSON object with keys disk (optional), source and target."""
    try:
        value = json.loads(match.group(0))
    except ValueError:
        raise NotationError(f"not a JSON object: {match.group(0)!r}") from None
    if not isinstance(value, dict):  # pragma: no cover - the pattern matches objects only
        raise NotationError(f"expected a JSON object, got {match.group(0)!r}")
    source = next((value[k] for k in _SOURCE_KEYS if k in value), None)
    target = next((value[k] for k in _TARGET_KEYS if k in value), None)
    disk = value.get("disk")
    if source is None or target is None:
        raise NotationError(
            f"a move object needs a source and a target (keys {', '.join(_SOURCE_KEYS)} and "
            f"{', '.join(_TARGET_KEYS)}), got {match.group(0)!r}"
        )
    return Raw(
        None if disk is None else _json_scalar(disk), _json_scalar(source), _json_scalar(target)
    )


def _json_scalar(value: object) -> str:
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise NotationError(f"expected a number or a letter, got {value!r}")
    return str(value)


#: One list such as ``[1, 0, 2]`` (disk, source, target) or ``[0, 2]`` (source, target), or
#: a Python tuple ``(1, 0, 2)``.
LIST_ITEM = re.compile(
    rf"""(?P<open>[\[(])\s*(?:(?P<disk>\d+)\s*,\s*)?
    ["']?(?P<source>{_PEG})["']?\s*,\s*["']?(?P<target>{_PEG})["']?\s*,?\s*[\])]""",
    re.VERBOSE,
)
#: One quoted string (a JSON or Python list of strings such as ``["A->C", "A->B"]``).
QUOTED_ITEM = r"(?P<quote>[\"'])(?P<inner>[^\"'\n\[\]]{1,80})(?P=quote)"

#: The most digits a disk or peg number is read with; longer ones are no disk or peg (and
#: Python's int() refuses numbers over 4,300 digits).
MAX_DIGITS = 30


def same_move(one: Raw, other: Raw) -> bool:
    """Whether two raw moves, written alike or not, are the same move (a disk may be left out)."""
    return (
        one.source.upper() == other.source.upper()
        and one.target.upper() == other.target.upper()
        and (one.disk is None or other.disk is None or one.disk == other.disk)
    )


def small_int(digits: str) -> int:
    """The number written ``digits``; -1 when it has more than :data:`MAX_DIGITS` digits."""
    return int(digits) if len(digits) <= MAX_DIGITS and digits.isdecimal() else -1


def to_move(raw: Raw, naming: PegNames, posts: int) -> ReadMove:
    """The move a raw move stands for under ``naming``; NotationError if it cannot be one."""
    if raw.source.strip().isdecimal() != raw.target.strip().isdecimal():
        # "1 -> D", "(2, I)": a disk and the peg it goes to, not two pegs (S, I, D also reads
        # numbers from 0, so that "1 -> D" would be read as the move from I to D)
        raise NotationError(
            f"a peg written as a number beside one written as a letter: {raw.source} -> "
            f"{raw.target} (a disk and its peg?)"
        )
    source = naming.read(raw.source, posts)
    target = naming.read(raw.target, posts)
    if raw.disk is None:
        return (source, target)
    disk = small_int(raw.disk)
    if disk < 0:
        raise NotationError(
            f"disk number with {len(raw.disk)} digits: no such disk (disks are numbered by size)"
        )
    if disk < 1:
        raise NotationError(f"disk {raw.disk} does not exist: disks are numbered from 1")
    return Move(disk, source, target)


# -- lines --------------------------------------------------------------------------------------

_FENCE = re.compile(r"^\s*(?:```|~~~)")
_COMMENT_LINE = re.compile(r"^\s*(?:#|//|<!--)")
_TRAILING_COMMENT = re.compile(r"\s(?:#|//)")
_TRAILING_PUNCTUATION = ".,;:!"
_MARKUP = str.maketrans("", "", "*`")


def clean_line(line: str) -> str:
    """A line without the markup around a move in it.

    Emphasis marks, a trailing comment, final punctuation and surrounding spaces go; fences,
    comment lines and empty lines become blank.
    """
    if _FENCE.match(line) or _COMMENT_LINE.match(line):
        return ""
    comment = _TRAILING_COMMENT.search(line) if "#" in line or "//" in line else None
    if comment is not None:
        line = line[: comment.start()]
    text = line.translate(_MARKUP).strip()
    return text.rstrip(_TRAILING_PUNCTUATION).rstrip()


def physical_lines(text: str) -> list[str]:
    """The lines of ``text``, whatever the line ends (LF, CRLF, CR)."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def read_lines(
    text: str, pattern: re.Pattern[str], reader: ItemReader, example: str
) -> Iterator[tuple[int, Raw]]:
    """``(line number, raw move)`` for each non-blank line of ``text``.

    Raises NotationError at the first line that is not one move.
    """
    for number, line in enumerate(physical_lines(text), 1):
        cleaned = clean_line(line)
        if not cleaned:
            continue
        match = pattern.fullmatch(cleaned)
        if match is None:
            raise NotationError(f"expected a move such as {example}, got {cleaned!r}", line=number)
        try:
            yield number, reader(match)
        except NotationError as error:
            raise NotationError(str(error), line=number) from None


# -- blocks -------------------------------------------------------------------------------------

_REMEMBERED = 4096
_SKIP = re.compile(r"(?:\s|#[^\n]*|//[^\n]*)*")
_SEPARATOR = re.compile(r"(?:\s|#[^\n]*|//[^\n]*)*(?:,|(?=\]))")
_ELLIPSIS = re.compile(r"(?:\.\.\.|…)")


class Block(NamedTuple):
    """A bracketed list of moves as found in text."""

    raws: list[Raw]
    end: int  # just past the closing bracket, or len(text) when unclosed
    closed: bool
    unreadable: str | None  # the first item that is not a move (reading stopped there)
    abandoned: str | None = None  # "..." in place of moves (reading stopped there)


def read_block(text: str, start: int, item: re.Pattern[str], reader: ItemReader) -> Block:
    """Read the items of a list whose ``[`` is at ``text[start]``.

    Items are separated by commas (a trailing comma is fine); spaces, new lines and ``#`` or
    ``//`` comments may come between them. Reading stops at the closing ``]``, at the end of
    the text (an unclosed list: output cut off), or at the first item that is not a move.
    Runs of items with only spaces and commas between them are read at once
    (:func:`_plain_run`), the others one by one.
    """
    raws: list[Raw] = []
    seen: dict[str, Raw] = {}  # the reading of each item text (a solution repeats a few)
    plain: dict[str, Raw | None] = {}  # the same for _plain_run (None: not a plain item)
    position = start + 1
    length = len(text)
    while True:
        position = _SKIP.match(text, position).end()  # type: ignore[union-attr]
        if position >= length:
            return Block(raws, length, closed=False, unreadable=None)
        if text[position] == "]":
            return Block(raws, position + 1, closed=True, unreadable=None)
        if text[position] in _OPENERS:
            position = _plain_run(text, position, item, reader, plain, raws)
        match = item.match(text, position)
        if match is None:
            if raws and _ELLIPSIS.match(text, position):
                block = _unreadable(text, position, raws, "")
                return block._replace(unreadable=None, abandoned="...")
            return _unreadable(text, position, raws, "not a move")
        written = match.group(0)
        raw = seen.get(written)
        if raw is None:
            try:
                raw = reader(match)
            except NotationError as error:
                return _unreadable(text, position, raws, str(error))
            if len(seen) < _REMEMBERED:
                seen[written] = raw
        raws.append(raw)
        separator = _SEPARATOR.match(text, match.end())
        if separator is None:
            if _SKIP.match(text, match.end()).end() >= length:  # type: ignore[union-attr]
                return Block(raws, length, closed=False, unreadable=None)
            return _unreadable(text, match.end(), raws, "expected ',' or ']'")
        position = separator.end()


_OPENERS = frozenset("[({")
_PLAIN_SEPARATOR = re.compile(r"\s*,\s*")
_FIRST_WINDOW = 256  # characters read at once by _plain_run, doubled up to the last
_LAST_WINDOW = 1 << 20


def _plain_run(
    text: str,
    position: int,
    item: re.Pattern[str],
    reader: ItemReader,
    plain: dict[str, Raw | None],
    raws: list[Raw],
) -> int:
    """Read at once the items from ``position`` on that only spaces and a comma separate.

    The items start with the character at ``position`` (``[``, ``(`` or ``{``), which none of
    them contains again: the text is split at it, and each distinct piece (an item and the
    separator after it) is read once, by ``item`` and ``reader`` as the item-by-item loop of
    :func:`read_block` reads it (with the next item's opener after it, so the match sees what
    the loop sees). The moves are appended to ``raws``; the result is where the first item not
    read this way starts (the last item of a list, one before a comment, one that is not a
    move...), which the loop reads. Each window of text is split once, and windows double, so
    the time is linear in the length of the items read plus one window.
    """
    opener = text[position]
    window = _FIRST_WINDOW
    while True:
        pieces = text[position : position + window].split(opener)
        body = pieces[1:-1]  # the last piece may be cut by the window, or end the list
        if not body:  # no whole item in the window: a wider one, unless that cannot help
            if window >= _LAST_WINDOW or position + window >= len(text):
                return position
            window *= 2
            continue
        distinct = set(body)
        for piece in distinct.difference(plain):
            plain[piece] = _plain_item(opener, piece, item, reader)
        count = len(body)
        if None in map(plain.__getitem__, distinct):
            count = min(body.index(piece) for piece in distinct if plain[piece] is None)
        raws.extend(map(plain.__getitem__, body[:count]))  # type: ignore[arg-type]
        position += count + sum(map(len, body[:count]))
        if count < len(body):
            return position
        window = min(2 * window, _LAST_WINDOW)
        # (a window only widens after whole items were read, or held none: linear time)


def _plain_item(opener: str, piece: str, item: re.Pattern[str], reader: ItemReader) -> Raw | None:
    """The move of one item and the separator after it (``None``: not read that way)."""
    written = opener + piece
    match = item.match(written + opener)
    if match is None or _PLAIN_SEPARATOR.fullmatch(written, match.end()) is None:
        return None
    try:
        return reader(match)
    except NotationError:
        return None


def _unreadable(text: str, position: int, raws: list[Raw], reason: str) -> Block:
    """Stop at an item that is not a move; find where its list closes, if it does."""
    if text.find("]", position) < 0:  # the text ends inside this item: output cut off
        return Block(raws, len(text), closed=False, unreadable=None)
    piece = _PIECE.match(text, position)
    shown = (piece.group(0) if piece else "").strip()[:80] or text[position : position + 20]
    depth = 1
    for bracket in _BRACKETS.finditer(text, position):
        depth += 1 if bracket.group(0) == "[" else -1
        if depth == 0:
            return Block(raws, bracket.end(), closed=True, unreadable=f"{shown} ({reason})")
    return Block(raws, len(text), closed=False, unreadable=f"{shown} ({reason})")


_PIECE = re.compile(r"[^,\]\n]{0,200}\]?")
_BRACKETS = re.compile(r"[\[\]]")
