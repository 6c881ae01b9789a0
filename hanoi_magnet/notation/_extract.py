"""Find the moves in a model's whole answer: reasoning, prose, code fences and all."""

from __future__ import annotations

import bisect
import re
from typing import Any

import attrs

from hanoi_magnet.errors import InvalidArgumentError, NotationError
from hanoi_magnet.model import _integer
from hanoi_magnet.notation._builtin import NOTATIONS, get_notation
from hanoi_magnet.notation._lines import Candidate, line_runs
from hanoi_magnet.notation._notations import Notation
from hanoi_magnet.notation._pegs import PegNames
from hanoi_magnet.notation._report import Chosen, Reading, Span, moves_to_json
from hanoi_magnet.notation._scan import (
    JSON_OBJECT,
    LIST_ITEM,
    ItemReader,
    Raw,
    ReadMove,
    json_item,
    read_block,
    template_item,
    to_move,
)


@attrs.frozen
class Extraction:
    r"""The moves found in a text by :func:`extract_moves`, and the report of how they were read.

    Attributes:
        moves: the moves of the chosen reading, as :class:`~hanoi_magnet.Move` objects where
            the text names the disk, else ``(source, target)`` pairs; posts numbered from 0.
            They stop before :attr:`unreadable`, if there is one.
        pegs: the peg naming the moves were read with (``None`` when there are none).
        notation: the name of the built-in notation of the first move (``None``: none or a
            free-form sentence).
        line: the line of the text (1-based, thinking included) where the answer starts.
        truncated: the text ends inside the answer (a list never closed, a ``<think>`` never
            closed around the moves): the output was cut off.
        unreadable: the first item inside the answer that is not a move, and why
            (``None``: every item was read).
        notation_from: how the notation was chosen: ``"named"`` (the caller's ``notation``),
            ``"detected"`` (read off the answer) or ``"defaulted"`` (nothing to tell by).
        pegs_from: how the peg naming was chosen: ``"named"`` (the caller's ``pegs``),
            ``"defaulted"`` (the named notation's own naming) or ``"detected"`` (from the peg
            names the answer uses, see :meth:`PegNames.detect`).
        pegs_why: the reason for :attr:`pegs`, in words.
        pegs_mismatch: when the naming was named or defaulted but the answer itself is written
            in another one (``Peg 1..3`` answering an S, I, D prompt, numbers from 1 in a
            notation numbered from 0), what the answer shows; ``None`` when they agree or the
            answer cannot tell. A scorer should call such an answer a format error, not a
            broken rule: the same moves read with the answer's own naming are in
            :attr:`alternatives`.
        spans: the text read as the chosen moves (lines and character offsets).
        skipped: every other stretch of the answer, with the reason it was not read as moves
            (reasoning, prose, a remark after a move, another reading...).
        alternatives: the other readings that were considered, each with its own moves and
            why it lost (:class:`Reading`).
        why: why the chosen reading won, in words.
        ambiguous: two plausible readings give different moves and the choice between them was
            a guess; both are available (:attr:`moves` and the :attr:`alternatives` with
            :attr:`Reading.plausible` set).
        abandoned: text that gives up writing the moves out ("the pattern continues...",
            "and so on", a lone "..." in place of moves), as written; ``None`` if there is none.

    Example:
        >>> from hanoi_magnet.notation import extract_moves
        >>> found = extract_moves("Answer:\n```\nmoves = [[1, 0, 2], [2, 0, 1], [1, 2,")
        >>> found.moves, found.truncated, found.pegs.describe
        ((Move(disk=1, source=0, target=2), Move(disk=2, source=0, target=1)), True, 'pegs numbered from 0')
        >>> found.notation_from, found.pegs_from, found.pegs_why
        ('detected', 'detected', 'the answer writes peg 0')
        >>> found.spans[0].line, found.skipped[0].why, found.ambiguous
        (3, 'prose', False)
    """  # noqa: E501 (a doctest's output is one line)

    moves: tuple[ReadMove, ...]
    pegs: PegNames | None
    notation: str | None
    line: int
    truncated: bool = False
    unreadable: str | None = None
    notation_from: Chosen = "detected"
    pegs_from: Chosen = "detected"
    pegs_why: str = ""
    pegs_mismatch: str | None = None
    spans: tuple[Span, ...] = ()
    skipped: tuple[Span, ...] = ()
    alternatives: tuple[Reading, ...] = ()
    why: str = ""
    ambiguous: bool = False
    abandoned: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The extraction and its report as plain JSON values.

        Example:
            >>> from hanoi_magnet.notation import extract_moves
            >>> report = extract_moves("S->D").to_dict()
            >>> report["moves"], report["pegs"], report["notation"], report["spans"][0]["line"]
            ([[0, 2]], 'SID', 'arrows', 1)
        """
        return {
            "moves": moves_to_json(self.moves),
            "pegs": None if self.pegs is None else self.pegs.name,
            "notation": self.notation,
            "line": self.line,
            "truncated": self.truncated,
            "unreadable": self.unreadable,
            "notation_from": self.notation_from,
            "pegs_from": self.pegs_from,
            "pegs_why": self.pegs_why,
            "pegs_mismatch": self.pegs_mismatch,
            "spans": [span.to_dict() for span in self.spans],
            "skipped": [span.to_dict() for span in self.skipped],
            "alternatives": [reading.to_dict() for reading in self.alternatives],
            "why": self.why,
            "ambiguous": self.ambiguous,
            "abandoned": self.abandoned,
        }


_THINK = re.compile(r"<(think|thinking|reasoning)>.*?</\1>", re.DOTALL | re.IGNORECASE)
_THINK_OPEN = re.compile(r"<(?:think|thinking|reasoning)>", re.IGNORECASE)
_THINK_CLOSE = re.compile(r"</(?:think|thinking|reasoning)>", re.IGNORECASE)
_ANSWER = re.compile(r"<answer>(.*?)(?:</answer>|\Z)", re.DOTALL | re.IGNORECASE)
_LIST_START = re.compile(
    r"""(?P<name>\bmoves\s*[=:]\s*|["']moves["']\s*:\s*)?\[(?=\s*[\[{])
      | (?P<empty>\bmoves\s*[=:]\s*\[\s*\])""",
    re.VERBOSE | re.IGNORECASE,
)
_ANY_LIST_ITEM = re.compile(f"{LIST_ITEM.pattern}|{JSON_OBJECT}", re.VERBOSE)


def extract_moves(
    text: str,
    *,
    notation: str | Notation | None = None,
    pegs: PegNames | None = None,
    posts: int = 3,
    thinking: bool = False,
) -> Extraction:
    r"""Find the moves in ``text``, a model's whole answer.

    Where the answer is: inside the last ``<answer>...</answer>`` if there is one; reasoning
    inside ``<think>...</think>`` (also ``<thinking>``, ``<reasoning>``, or everything before a
    lone closing tag) is skipped unless ``thinking`` is true. Then the last complete
    ``moves = [...]`` list if there is one; else whichever comes last of a bracketed list of
    moves (``[[1, 0, 2], ...]``, ``[[0, 2], ...]``, a JSON array of objects) and a run of move
    lines (blank lines and comments may come between them, one move per line in any
    notation of :data:`NOTATIONS` or as a sentence "Move disk 1 from peg A to peg C");
    else a list the text ends inside of (:attr:`Extraction.truncated`).

    Code fences, bullets and numbering (``1.``, ``Step 1:``), a label before moves on their
    line (``Answer:``, ``The moves are``), bold marks, trailing punctuation and comments,
    trailing commas and CRLF line ends are tolerated. Read freely,
    lines ``1: ...``, ``2: ...``, ``3: ...`` counting up from 1 are numbered steps (on three posts
    disks 1, 2, 3 cannot move one after the other); with ``notation="library"`` the number
    before the colon is the disk.

    Args:
        text: the whole answer.
        notation: only look for moves in this notation (a name or a :class:`Notation`);
            its peg naming is then the default.
        pegs: read the pegs with this naming; default: the notation's, or else detected.
        posts: the number of posts of the puzzle (decides which names exist).
        thinking: also look inside reasoning blocks.

    Raises:
        NotationError: no moves were found.
        AmbiguousNotationError: the pegs could be read in several ways (numbers from 0 or 1
            that the text cannot tell apart); pass ``pegs``.

    Example:
        >>> from hanoi_magnet.notation import extract_moves
        >>> reply = "Let me think.\n1. **A -> C**\n2. A -> B.\n3. C -> B\nThat's 3 moves!"
        >>> found = extract_moves(reply)
        >>> found.moves, found.pegs.describe, found.notation
        (((0, 2), (0, 1), (2, 1)), 'pegs named by letters from A', 'letter-arrows')
    """
    if not isinstance(text, str):
        raise InvalidArgumentError(f"extract_moves expects a string, got {type(text).__name__}")
    chosen = None if notation is None else get_notation(notation)
    if pegs is not None and not isinstance(pegs, PegNames):
        raise InvalidArgumentError(f"pegs must be a PegNames or None, got {pegs!r}")
    posts = _integer(posts, "posts", minimum=1)
    if not isinstance(thinking, bool):
        raise InvalidArgumentError(f"thinking must be True or False, got {thinking!r}")
    normal = text.replace("\r\n", "\n").replace("\r", "\n")
    places = _Places(text, normal)
    body, offset = _answer_region(normal, thinking)
    found = _candidates(body, chosen)
    candidate = _choose(found)
    if candidate is None:
        what = "moves" if chosen is None else f"moves in notation {chosen.name!r}"
        raise NotationError(f"no {what} found in the answer")
    naming, pegs_from, pegs_why = _naming(candidate.raws, pegs, chosen, posts)
    moves, unreadable = _convert(candidate, naming, posts)
    others = [c for c in found if c is not candidate]
    name = _named(candidate.notation, naming)
    spans = (places.span(offset + candidate.start, offset + candidate.end, _form(name)),)
    return Extraction(
        moves=tuple(moves),
        pegs=naming if moves or candidate.raws else None,
        notation=name,
        line=places.line(offset + candidate.start),
        truncated=not candidate.closed,
        unreadable=unreadable,
        notation_from="detected" if chosen is None else "named",
        pegs_from=pegs_from,
        pegs_why=pegs_why,
        pegs_mismatch=_mismatch(candidate.raws, naming, pegs_from, posts),
        spans=spans,
        skipped=_skipped(normal, places, offset, body, [candidate, *others]),
        alternatives=tuple(_reading(c, candidate, naming, posts, places, offset) for c in others),
        why=_why(candidate),
    )


class _Places:
    """Line numbers and offsets in the text as given, from offsets in its normalised copy."""

    def __init__(self, text: str, normal: str) -> None:
        self._breaks = [m.start() for m in re.finditer("\n", normal)]
        # where "\r\n" became "\n": each shifts the later offsets by one
        self._pairs = (
            [m.start() - i for i, m in enumerate(re.finditer("\r\n", text))] if "\r" in text else []
        )

    def line(self, position: int) -> int:
        return bisect.bisect_left(self._breaks, position) + 1

    def given(self, position: int) -> int:
        if not self._pairs:
            return position
        return position + bisect.bisect_right(self._pairs, position - 1)

    def span(self, start: int, end: int, why: str) -> Span:
        last = max(start, end - 1)
        return Span(self.given(start), self.given(end), self.line(start), self.line(last), why)


def _naming(
    raws: list[Raw], pegs: PegNames | None, chosen: Notation | None, posts: int
) -> tuple[PegNames | None, Chosen, str]:
    if pegs is not None:
        return pegs, "named", f"the caller named {pegs.describe}"
    if chosen is not None:
        return chosen.pegs, "defaulted", f"notation {chosen.name!r} writes {chosen.pegs.describe}"
    if not raws:
        return None, "defaulted", "no peg is written"
    tokens = {name for raw in set(raws) for name in raw[1:]}
    naming = PegNames.detect(tokens, posts)
    return naming, "detected", _detected_why(naming, tokens, posts)


def _detected_why(naming: PegNames, tokens: set[str], posts: int) -> str:
    if naming is PegNames.ZERO:
        return "the answer writes peg 0"
    if naming is PegNames.ONE:
        return f"the answer writes peg {posts} of {posts} pegs and never peg 0"
    shown = ", ".join(sorted({t.upper() for t in tokens}))
    return f"the answer writes pegs {shown}"


def _mismatch(
    raws: list[Raw], naming: PegNames | None, pegs_from: Chosen, posts: int
) -> str | None:
    """What the answer's own peg names show, when that is not the naming they were read with."""
    if pegs_from == "detected" or naming is None or not raws:
        return None
    tokens = {name for raw in set(raws) for name in raw[1:]}
    try:
        own = PegNames.detect(tokens, posts)
    except NotationError:
        return None
    if own is naming or (naming is PegNames.SID and own is PegNames.ZERO):
        return None
    shown = ", ".join(sorted({t.upper() for t in tokens}))
    return f"the answer writes pegs {shown} ({own.describe}), read as {naming.describe}"


def _convert(
    candidate: Candidate, naming: PegNames | None, posts: int
) -> tuple[list[ReadMove], str | None]:
    moves: list[ReadMove] = []
    unreadable = candidate.unreadable
    converted: dict[Raw, ReadMove] = {}  # an answer repeats a few moves many times
    for raw in candidate.raws:
        move = converted.get(raw)
        if move is None:
            assert naming is not None
            try:
                move = converted[raw] = to_move(raw, naming, posts)
            except NotationError as error:
                unreadable = f"{_show(raw)} ({error})"
                break
        moves.append(move)
    return moves, unreadable


def _reading(
    other: Candidate,
    chosen: Candidate,
    naming: PegNames | None,
    posts: int,
    places: _Places,
    offset: int,
) -> Reading:
    own = naming
    if other.raws:
        try:
            own = _naming(other.raws, None, None, posts)[0]
        except NotationError:
            own = naming
    moves, unreadable = _convert(other, own, posts) if own is not None else ([], None)
    why = (
        "an earlier answer, replaced by a later one"
        if other.end <= chosen.start
        else "a later reading"
    )
    name = _named(other.notation, own)
    return Reading(
        moves=tuple(moves),
        spans=(places.span(offset + other.start, offset + other.end, _form(name)),),
        notation=name,
        pegs=own,
        why=why,
        truncated=not other.closed,
        unreadable=unreadable,
    )


def _form(name: str | None) -> str:
    if name is None:
        return "moves written as sentences or in mixed forms"
    return f"moves in notation {name!r}"


def _why(candidate: Candidate) -> str:
    if candidate.named and candidate.closed:
        return "the last complete list named 'moves'"
    return "the reading that ends last" if candidate.closed else "the only reading: unfinished"


def _skipped(
    normal: str, places: _Places, offset: int, body: str, read: list[Candidate]
) -> tuple[Span, ...]:
    """The non-blank stretches of the text outside every reading, with why."""
    inside = sorted((offset + c.start, offset + c.end) for c in read)
    region_end = offset + len(body)
    spans: list[Span] = []
    if offset:
        spans.append(places.span(0, offset, "reasoning before </think>"))
    position = offset
    for start, end in [*inside, (region_end, region_end)]:
        if start > position:
            for piece in re.finditer(r"[^\n]*\S[^\n]*", normal[position:start]):
                where = position + piece.start()
                spans.append(places.span(where, position + piece.end(), "prose"))
        position = max(position, end)
    if region_end < len(normal) and normal[region_end:].strip():
        spans.append(places.span(region_end, len(normal), "after the answer"))
    return tuple(spans)


def _named(name: str | None, naming: PegNames | None) -> str | None:
    """The built-in notation with the template of ``name`` and the pegs ``naming``."""
    if name is None or naming is None:
        return name
    template = NOTATIONS[name].template
    same = [n.name for n in NOTATIONS.values() if n.template == template and n.pegs is naming]
    return same[0] if same else None


def _show(raw: Raw) -> str:
    disk = "" if raw.disk is None else f"disk {raw.disk}: "
    return f"{disk}{raw.source} -> {raw.target}"


def _answer_region(text: str, thinking: bool) -> tuple[str, int]:
    """The part of ``text`` to search, and its offset in ``text``."""
    offset = 0
    if not thinking:
        text = _THINK.sub(lambda m: "\n" * m.group(0).count("\n"), text)
        closing = list(_THINK_CLOSE.finditer(text))
        if closing:  # a closing tag without its opening: the reasoning came before it
            offset = closing[-1].end()
            text = text[offset:]
        opening = _THINK_OPEN.search(text)
        if opening:  # reasoning that never ended
            text = text[: opening.start()]
    answers = list(_ANSWER.finditer(text))
    if answers:
        last = answers[-1]
        return last.group(1), offset + last.start(1)
    return text, offset


def _candidates(text: str, notation: Notation | None) -> list[Candidate]:
    blocks = _blocks(text, notation) if notation is None or notation.is_list else []
    lines = line_runs(text, notation, blocks) if notation is None or not notation.is_list else []
    return sorted([*blocks, *lines], key=lambda candidate: candidate.start)


def _choose(found: list[Candidate]) -> Candidate | None:
    blocks = [c for c in found if c.block]
    named = [block for block in blocks if block.named and block.closed]
    if named:
        return named[-1]
    complete = [c for c in found if c.closed]
    if complete:
        return max(complete, key=lambda candidate: candidate.end)
    return blocks[-1] if blocks else None


def _blocks(text: str, notation: Notation | None) -> list[Candidate]:
    item: re.Pattern[str] = _ANY_LIST_ITEM
    reader: ItemReader = _list_item
    name: str | None = None
    starts = _LIST_START
    if notation is not None:
        item, reader, name = notation._pattern, notation._reader, notation.name
        starts = _opening(notation)
    found: list[Candidate] = []
    position = 0 if "[" in text else len(text)
    while (start := starts.search(text, position)) is not None:
        if start.group("empty"):
            found.append(
                Candidate([], start.start(), start.end(), True, True, None, name, block=True)
            )
            position = start.end()
            continue
        bracket = start.end() - 1
        block = read_block(text, bracket, item, reader)
        position = max(block.end, bracket + 1)
        if not block.raws:  # "[[disk id, from peg, to peg], ...]": a format, not an answer
            continue
        found.append(
            Candidate(
                block.raws,
                start.start(),
                block.end,
                start.groupdict().get("name") is not None,
                block.closed,
                block.unreadable,
                name or _list_notation(text, bracket, block.raws),
                block=True,
            )
        )
    return found


def _opening(notation: Notation) -> re.Pattern[str]:
    """Where a list in ``notation`` starts (an empty one included)."""
    words = r"\s*".join(map(re.escape, notation.opening.split()))[:-2]  # without the "\["
    named = r"(?P<name>)" if any(c.isalpha() for c in notation.opening) else ""
    return re.compile(
        rf"(?P<empty>{words}\[\s*\])|{named}{words}\[(?=\s*[\[{{]|\s*$)", re.IGNORECASE
    )


def _list_notation(text: str, bracket: int, raws: list[Raw]) -> str | None:
    if text[bracket + 1 :].lstrip().startswith("{"):
        return "json"
    return "moves-list" if all(raw.disk is not None for raw in raws) else None


def _list_item(match: re.Match[str]) -> Raw:
    if match.group(0).startswith("{"):
        return json_item(match)
    return template_item(match)
