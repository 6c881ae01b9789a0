"""Find the moves in a model's whole answer: reasoning, prose, code fences and all."""

from __future__ import annotations

import re

import attrs

from hanoi_magnet.errors import InvalidArgumentError, NotationError
from hanoi_magnet.model import _integer
from hanoi_magnet.notation._builtin import NOTATIONS, get_notation
from hanoi_magnet.notation._lines import Candidate, line_runs
from hanoi_magnet.notation._notations import Notation
from hanoi_magnet.notation._pegs import PegNames
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
    r"""The moves found in a text by :func:`extract_moves`, and how they were read.

    Attributes:
        moves: the moves, as :class:`~hanoi_magnet.Move` objects where the text names the disk,
            else ``(source, target)`` pairs; posts numbered from 0. They stop before
            :attr:`unreadable`, if there is one.
        pegs: the peg naming the moves were read with (``None`` when there are none).
        notation: the name of the built-in notation of the first move (``None``: none or a
            free-form sentence).
        line: the line of the text (1-based, thinking included) where the answer starts.
        truncated: the answer is a list that the text ends inside of (output cut off).
        unreadable: the first item inside the answer that is not a move, and why
            (``None``: every item was read).

    Example:
        >>> from hanoi_magnet.notation import extract_moves
        >>> found = extract_moves("Answer:\n```\nmoves = [[1, 0, 2], [2, 0, 1], [1, 2,")
        >>> found.moves, found.truncated, found.pegs.describe
        ((Move(disk=1, source=0, target=2), Move(disk=2, source=0, target=1)), True, 'pegs numbered from 0')
    """  # noqa: E501 (a doctest's output is one line)

    moves: tuple[ReadMove, ...]
    pegs: PegNames | None
    notation: str | None
    line: int
    truncated: bool = False
    unreadable: str | None = None


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
    body, offset = _answer_region(text.replace("\r\n", "\n").replace("\r", "\n"), thinking)
    candidate = _choose(body, chosen)
    if candidate is None:
        what = "moves" if chosen is None else f"moves in notation {chosen.name!r}"
        raise NotationError(f"no {what} found in the answer")
    naming = pegs or (chosen.pegs if chosen is not None else None)
    raws = candidate.raws
    if naming is None and raws:
        naming = PegNames.detect({name for raw in set(raws) for name in raw[1:]}, posts)
    moves: list[ReadMove] = []
    unreadable = candidate.unreadable
    converted: dict[Raw, ReadMove] = {}  # an answer repeats a few moves many times
    for raw in raws:
        move = converted.get(raw)
        if move is None:
            assert naming is not None
            try:
                move = converted[raw] = to_move(raw, naming, posts)
            except NotationError as error:
                unreadable = f"{_show(raw)} ({error})"
                break
        moves.append(move)
    return Extraction(
        moves=tuple(moves),
        pegs=naming if moves or raws else None,
        notation=_named(candidate.notation, naming),
        line=text.count("\n", 0, offset + candidate.start) + 1,
        truncated=not candidate.closed,
        unreadable=unreadable,
    )


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


def _choose(text: str, notation: Notation | None) -> Candidate | None:
    blocks = _blocks(text, notation) if notation is None or notation.is_list else []
    lines = line_runs(text, notation, blocks) if notation is None or not notation.is_list else []
    named = [block for block in blocks if block.named and block.closed]
    if named:
        return named[-1]
    complete = [c for c in (*blocks, *lines) if c.closed]
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
            found.append(Candidate([], start.start(), start.end(), True, True, None, name))
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
