"""Find the moves in a model's whole answer: reasoning, prose, code fences and all."""

from __future__ import annotations

import bisect
import contextlib
import itertools
import operator
import re
from typing import Any

import attrs

from hanoi_magnet.errors import InvalidArgumentError, NotationError
from hanoi_magnet.model import _integer
from hanoi_magnet.notation._builtin import NOTATIONS, get_notation
from hanoi_magnet.notation._cut import begins_a_move, end_of_text, incomplete, pieces_at_end
from hanoi_magnet.notation._lines import (
    BLANK,
    MASK,
    MOVES,
    PROSE,
    Candidate,
    Line,
    LineReader,
    as_written,
    counted_steps,
    line_reader,
    line_runs,
    run_of_lines,
)
from hanoi_magnet.notation._notations import Notation
from hanoi_magnet.notation._pegs import PegNames
from hanoi_magnet.notation._report import Chosen, Reading, Span, moves_to_json
from hanoi_magnet.notation._scan import (
    JSON_OBJECT,
    LIST_ITEM,
    QUOTED_ITEM,
    ItemReader,
    Raw,
    ReadMove,
    json_item,
    physical_lines,
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
            closed around the moves, a last line that ends inside a move such as ``Move
            disk``): the output was cut off.
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


_TAG = re.compile(r"<(/?)(?:think|thinking|reasoning)>", re.IGNORECASE)
_ANSWER_TAG = re.compile(r"<(/?)answer>", re.IGNORECASE)
_LIST_START = re.compile(
    r"""(?P<name>\bmoves\s*[=:]\s*|["']moves["']\s*:\s*)?\[(?=\s*[\[{("'])
      | (?P<empty>\bmoves\s*[=:]\s*\[\s*\])""",
    re.VERBOSE | re.IGNORECASE,
)
_ANY_LIST_ITEM = re.compile(f"{LIST_ITEM.pattern}|{JSON_OBJECT}|{QUOTED_ITEM}", re.VERBOSE)


def _check(
    text: object, notation: str | Notation | None, pegs: object, posts: object, thinking: object
) -> tuple[str, Notation | None, PegNames | None, int]:
    if not isinstance(text, str):
        raise InvalidArgumentError(f"extract_moves expects a string, got {type(text).__name__}")
    chosen = None if notation is None else get_notation(notation)
    if pegs is not None and not isinstance(pegs, PegNames):
        raise InvalidArgumentError(f"pegs must be a PegNames or None, got {pegs!r}")
    count = _integer(posts, "posts", minimum=1)
    if not isinstance(thinking, bool):
        raise InvalidArgumentError(f"thinking must be True or False, got {thinking!r}")
    return text, chosen, pegs, count


class _Found:
    """Everything found in the answer region: candidates and skipped stretches."""

    def __init__(
        self, candidates: list[Candidate], skipped: list[tuple[int, int, str]], unclosed: bool
    ) -> None:
        self.candidates = candidates
        self.skipped = skipped
        self.unclosed = unclosed  # read inside a <think> never closed


def _find(
    normal: str, notation: Notation | None, posts: int, thinking: bool
) -> tuple[_Found, int, int]:
    """The candidates of the answer region, and the region's bounds in ``normal``."""
    regions, unclosed = ([], None) if thinking else _reasoning(normal)
    masked = _masked(normal, regions) if regions else normal
    start, end = _answer_region(masked)
    found = _search(masked, start, end, notation, posts)
    if unclosed is not None and not found.candidates:
        # A <think> never closed: nothing outside it, so read inside it.
        tag = _TAG.match(normal, unclosed)
        tag_end = tag.end() if tag else unclosed
        masked = _masked(normal, regions[:-1])
        masked = masked[:unclosed] + " " * (tag_end - unclosed) + masked[tag_end:]
        start, end = _answer_region(masked)
        found = _search(masked, start, end, notation, posts)
        found.unclosed = True
        regions = regions[:-1]
    for a, b, why in regions:
        found.skipped.append((a, b, why))
    if start > 0 and normal[:start].strip():
        found.skipped.append((0, start, "outside the last <answer>...</answer>"))
    if end < len(normal) and normal[end:].strip():
        found.skipped.append((end, len(normal), "outside the last <answer>...</answer>"))
    return found, start, end


def _search(text: str, start: int, end: int, notation: Notation | None, posts: int) -> _Found:
    body = text[start:end] if start or end < len(text) else text
    blocks = _blocks(body, notation) if notation is None or notation.is_list else []
    runs: list[Candidate] = []
    skipped: list[tuple[int, int, str]] = []
    if notation is None or not notation.is_list:
        runs, skipped = line_runs(body, notation, blocks, posts)
    candidates = sorted([*blocks, *runs], key=lambda candidate: candidate.start)
    if start:
        candidates = [_shift(c, start) for c in candidates]
        skipped = [(a + start, b + start, why) for a, b, why in skipped]
    return _Found(candidates, skipped, False)


def _shift(candidate: Candidate, by: int) -> Candidate:
    remarks = tuple((a + by, b + by, why) for a, b, why in candidate.remarks)
    return candidate._replace(start=candidate.start + by, end=candidate.end + by, remarks=remarks)


def _reasoning(text: str) -> tuple[list[tuple[int, int, str]], int | None]:
    """The stretches of reasoning (``<think>...</think>`` and the like).

    Also where a ``<think>`` that is never closed opens (``None``: none).
    """
    regions: list[tuple[int, int, str]] = []
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


def _merged(text: str, regions: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """Regions with only spaces between them, and the same reason, made one."""
    merged: list[tuple[int, int, str]] = []
    for a, b, why in regions:
        if merged and merged[-1][2] == why and not text[merged[-1][1] : a].strip():
            merged[-1] = (merged[-1][0], b, why)
        else:
            merged.append((a, b, why))
    return merged


def _masked(text: str, regions: list[tuple[int, int, str]]) -> str:
    """``text`` with each region's characters replaced (new lines kept): offsets do not move."""
    pieces: list[str] = []
    position = 0
    for a, b, _ in regions:
        pieces.append(text[position:a])
        for line in text[a:b].split("\n"):
            pieces.append(MASK * len(line))
            pieces.append("\n")
        pieces.pop()
        position = b
    pieces.append(text[position:])
    return "".join(pieces)


def _answer_region(text: str) -> tuple[int, int]:
    """The inside of the last ``<answer>`` (to its ``</answer>`` or the end), else everything."""
    last: int | None = None
    close: int | None = None
    for tag in _ANSWER_TAG.finditer(text):
        if not tag.group(1):
            last, close = tag.end(), None
        elif last is not None and close is None:
            close = tag.start()
    if last is None:
        return 0, len(text)
    return last, len(text) if close is None else close


# -- choosing the reading -------------------------------------------------------------------------


class _Group:
    """A reading being built: line runs joined across prose, or one list."""

    def __init__(self, candidate: Candidate, key: tuple[tuple[object, ...], ...]) -> None:
        self.parts = [candidate]
        self.key = list(key)
        self.doubts = 0  # plausible other readings recorded (a few are enough)

    @property
    def last(self) -> Candidate:
        return self.parts[-1]

    def raws(self) -> list[Raw]:
        if len(self.parts) == 1:
            return self.parts[0].raws
        return [raw for part in self.parts for raw in part.raws]


class _Loser:
    def __init__(self, parts: list[Candidate], why: str, plausible: bool = False) -> None:
        self.parts = parts
        self.why = why
        self.plausible = plausible


def _key(candidate: Candidate, posts: int) -> tuple[tuple[object, ...], ...]:
    """The moves of a candidate in a form that compares across notations: (source, target)."""
    try:
        naming: PegNames | None = _detect(candidate.raws, posts)[0]
    except NotationError:
        naming = None
    known: dict[Raw, tuple[object, ...]] = {}
    pairs: list[tuple[object, ...]] = []
    for raw in candidate.raws:
        pair = known.get(raw)
        if pair is None:
            pair = (raw.source.upper(), raw.target.upper())
            if naming is not None:
                with contextlib.suppress(NotationError):
                    pair = (naming.read(raw.source, posts), naming.read(raw.target, posts))
            known[raw] = pair
        pairs.append(pair)
    return tuple(pairs)


def _choose(found: list[Candidate], posts: int) -> tuple[_Group | None, list[_Loser], str]:
    """The reading that is the answer, the others with why they lost, and why it won."""
    strong = [c for c in found if not c.weak]
    pool = strong or found
    losers = [
        _Loser([weak], "moves mentioned in prose, while the answer has move lines")
        for weak in (found if strong else [])
        if weak.weak
    ]
    if len(pool) == 1:
        return _Group(pool[0], ()), losers, _only(strong)
    group: _Group | None = None
    why = "the first reading, which no later one replaced"
    for candidate in pool:
        key = _key(candidate, posts)
        if group is None:
            group = _Group(candidate, key)
        elif candidate.after_prose and not candidate.block and not group.last.block:
            if group.last.unreadable is not None and candidate.cue != "correction":
                losers.append(_Loser([candidate], "after a move that cannot be read"))
                continue
            group, why = _join(group, candidate, key, losers, why)
        elif (len(key) < len(group.key) and list(key) == group.key[: len(key)]) or (
            list(key) == group.key and candidate.closed
        ):
            losers.append(_Loser([candidate], f"restates the first {len(key)} moves of the answer"))
        elif not candidate.closed and group.last.closed:
            why_lost = "a list the text ends inside of, after a complete answer"
            losers.append(_Loser([candidate], why_lost, True))
        else:
            losers.append(_Loser(group.parts, "an earlier answer, replaced by a later one"))
            group, why = _Group(candidate, key), "the last answer in the text"
    if not strong:
        why = f"{why} (moves mentioned in prose: the text has no move lines or list)"
    if group is not None and len(group.parts) > 1:
        # "1: ...", "2: ..." counting up across prose: step numbers; else disks throughout
        steps = counted_steps(group.parts)
        group.parts = steps or [part.written or part for part in group.parts]
    return group, losers, why


_JOINED = "runs of move lines with prose between them, read as one answer"


def _join(
    group: _Group,
    candidate: Candidate,
    key: tuple[tuple[object, ...], ...],
    losers: list[_Loser],
    why: str,
) -> tuple[_Group, str]:
    """A run of move lines after prose that follows the group's last run of lines.

    The prose decides when it says so: a correction ("wait", "that is wrong", "final
    answer") makes the later run replace the group; a restatement ("to recap", "the first
    moves are") of the group's first moves is dropped. Otherwise the runs are read as one
    answer; when the later run starts like the group (its first two moves), it could also be
    a new attempt or a restatement: the reading is then ambiguous.
    """
    prefix = list(key) == group.key[: len(key)]
    if candidate.cue == "correction":
        losers.append(_Loser(group.parts, "an earlier attempt; the prose after it corrects it"))
        return _Group(candidate, key), "a later attempt after prose that corrects the earlier one"
    if candidate.cue == "restatement" and prefix:
        losers.append(_Loser([candidate], f"restates the first {len(key)} moves"))
        return group, why
    if len(key) >= 2 and list(key[:2]) == group.key[:2] and group.doubts < _DOUBTS:
        group.doubts += 1
        losers.append(_Loser([candidate], "read alone: a new attempt starting over", True))
        if prefix:
            restated = f"without the later lines, read as restating the first {len(key)} moves"
            losers.append(_Loser(list(group.parts), restated, True))
    group.parts.append(candidate)
    group.key.extend(key)
    return group, _JOINED


_DOUBTS = 3  # at most this many starts-over are offered as plausible readings


def _only(strong: list[Candidate]) -> str:
    if not strong:
        return "the only reading (moves mentioned in prose: the text has no move lines or list)"
    return "the only reading"


# -- the report -----------------------------------------------------------------------------------


class _Places:
    """Line numbers and offsets in the text as given, from offsets in its normalised copy."""

    def __init__(self, text: str, normal: str) -> None:
        self._normal = normal
        self._breaks: list[int] | None = None  # found once more than a few lines are asked
        self._asked = 0
        # where "\r\n" became "\n": each shifts the later offsets by one
        self._pairs = (
            [m.start() - i for i, m in enumerate(_CRLF.finditer(text))] if "\r" in text else []
        )

    def line(self, position: int) -> int:
        if self._breaks is None:
            self._asked += 1
            if self._asked <= 8:
                return self._normal.count("\n", 0, position) + 1
            self._breaks = [m.start() for m in _NEWLINE.finditer(self._normal)]
        return bisect.bisect_left(self._breaks, position) + 1

    def given(self, position: int) -> int:
        if not self._pairs:
            return position
        return position + bisect.bisect_right(self._pairs, position - 1)

    def span(self, start: int, end: int, why: str) -> Span:
        last = max(start, end - 1)
        return Span(self.given(start), self.given(end), self.line(start), self.line(last), why)


_NEWLINE = re.compile("\n")
_CRLF = re.compile("\r\n")


def _naming(
    raws: list[Raw], pegs: PegNames | None, chosen: Notation | None, posts: int
) -> tuple[PegNames | None, Chosen, str]:
    if pegs is not None:
        return pegs, "named", f"the caller named {pegs.describe}"
    if chosen is not None:
        return chosen.pegs, "defaulted", f"notation {chosen.name!r} writes {chosen.pegs.describe}"
    if not raws:
        return None, "defaulted", "no peg is written"
    naming, why = _detect(raws, posts)
    return naming, "detected", why


def _detect(raws: list[Raw], posts: int) -> tuple[PegNames, str]:
    """The naming the peg names of ``raws`` show, and why (NotationError: they cannot tell)."""
    distinct = set(raws)  # few: hashing each move once beats reading its names
    tokens = frozenset(map(_SOURCE, distinct)).union(map(_TARGET, distinct))
    known = _DETECTED.get((tokens, posts))
    if known is None:
        naming = PegNames.detect(tokens, posts)  # raises when it cannot tell: not remembered
        if len(_DETECTED) >= 1024:
            _DETECTED.clear()
        known = _DETECTED[tokens, posts] = (naming, _detected_why(naming, tokens, posts))
    return known


#: The naming detected for each set of peg names (an answer writes a few, answers share them).
_DETECTED: dict[tuple[frozenset[str], int], tuple[PegNames, str]] = {}


def _detected_why(naming: PegNames, tokens: frozenset[str], posts: int) -> str:
    if naming is PegNames.ZERO:
        return "the answer writes peg 0"
    if naming is PegNames.ONE:
        return f"the answer writes peg {posts} of {posts} pegs and never peg 0"
    shown = ", ".join(sorted({t.upper() for t in tokens}))
    return f"the answer writes pegs {shown}"


def _own_naming(raws: list[Raw], posts: int) -> PegNames | None:
    """The naming the answer's own peg names show (``None``: they cannot tell)."""
    try:
        return _detect(raws, posts)[0]
    except NotationError:
        return None


def _mismatch(
    raws: list[Raw], naming: PegNames | None, pegs_from: Chosen, posts: int
) -> tuple[str | None, PegNames | None]:
    """What the answer's own peg names show, when that is not the naming they were read with."""
    if pegs_from == "detected" or naming is None or not raws:
        return None, None
    own = _own_naming(raws, posts)
    if own is None or own is naming or (naming is PegNames.SID and own is PegNames.ZERO):
        return None, None
    if naming is PegNames.ZERO and own is PegNames.SID and posts == 3:
        return None, None
    tokens = {name.upper() for raw in set(raws) for name in raw[1:]}
    shown = ", ".join(sorted(tokens, key=lambda t: (len(t), t))[:12])
    return f"the answer writes pegs {shown} ({own.describe}), read as {naming.describe}", own


def _convert(
    raws: list[Raw], unreadable: str | None, naming: PegNames | None, posts: int
) -> tuple[list[ReadMove], str | None]:
    moves: list[ReadMove] = []
    if naming is None:
        return moves, unreadable
    known = _KNOWN.get((naming, posts))
    if known is None:
        if len(_KNOWN) >= 64:
            _KNOWN.clear()
        known = _KNOWN[naming, posts] = {}
    distinct = set(raws)
    if len(distinct) <= _KNOWN_SIZE // 2:  # the common case: a few distinct moves
        if len(known) + len(distinct) > _KNOWN_SIZE:
            known.clear()
        try:
            for raw in distinct:
                if raw not in known:
                    known[raw] = to_move(raw, naming, posts)
        except NotationError:
            pass  # found again, at its place, by the loop below
        else:
            return list(map(known.__getitem__, raws)), unreadable
    for raw in raws:
        move = known.get(raw)
        if move is None:
            try:
                move = to_move(raw, naming, posts)
            except NotationError as error:
                return moves, f"{_show(raw)} ({error})"
            if len(known) >= _KNOWN_SIZE:
                known.clear()
            known[raw] = move
        moves.append(move)
    return moves, unreadable


_KNOWN_SIZE = 4096
#: The move each raw move stands for, by naming and posts: answers repeat the same few moves.
_KNOWN: dict[tuple[PegNames, int], dict[Raw, ReadMove]] = {}


def _notation_of(parts: list[Candidate], naming: PegNames | None, posts: int) -> str | None:
    names = {part.notation for part in parts}
    return _named(names.pop(), naming, posts) if len(names) == 1 else None


def _reading(loser: _Loser, naming: PegNames | None, posts: int, places: _Places) -> Reading:
    raws = [raw for part in loser.parts for raw in part.raws]
    own = _own_naming(raws, posts) or naming
    last = loser.parts[-1]
    moves, unreadable = _convert(raws, last.unreadable, own, posts)
    name = _notation_of(loser.parts, own, posts)
    return Reading(
        moves=tuple(moves),
        spans=tuple(places.span(p.start, p.end, _form(name)) for p in loser.parts),
        notation=name,
        pegs=own,
        why=loser.why,
        plausible=loser.plausible and bool(moves),
        truncated=not last.closed,
        unreadable=unreadable,
    )


def _form(name: str | None) -> str:
    if name is None:
        return "moves written as sentences, in a table or in mixed forms"
    return f"moves in notation {name!r}"


def _named(name: str | None, naming: PegNames | None, posts: int = 3) -> str | None:
    """The built-in notation with the template of ``name`` and the pegs ``naming``."""
    key = (name, naming, posts != 3)
    if key not in _NAMED:
        _NAMED[key] = _find_named(name, naming, posts)
    return _NAMED[key]


_NAMED: dict[tuple[str | None, PegNames | None, bool], str | None] = {}


def _find_named(name: str | None, naming: PegNames | None, posts: int) -> str | None:
    if name is None or naming is None or name not in NOTATIONS:
        return name if name is None or name in NOTATIONS else None
    if name == "compact" and naming is PegNames.ZERO and posts != 3:
        return "compact"  # the library names posts 0, 1, 2, 3 from four posts on
    template = NOTATIONS[name].template
    same = [n.name for n in NOTATIONS.values() if n.template == template and n.pegs is naming]
    return same[0] if same else None


def _show(raw: Raw) -> str:
    disk = "" if raw.disk is None else f"disk {_short(raw.disk)}: "
    return f"{disk}{_short(raw.source)} -> {_short(raw.target)}"


def _short(token: str) -> str:
    return token if len(token) <= 20 else f"{token[:8]}...({len(token)} digits)"


def extract_moves(
    text: str,
    *,
    notation: str | Notation | None = None,
    pegs: PegNames | None = None,
    posts: int = 3,
    thinking: bool = False,
) -> Extraction:
    r"""Find the moves in ``text``, a model's whole answer, and report how they were read.

    Where the answer is: inside the last ``<answer>...</answer>`` if there is one; reasoning
    inside ``<think>...</think>`` (also ``<thinking>``, ``<reasoning>``, or everything before a
    lone closing tag) is skipped unless ``thinking`` is true; a ``<think>`` never closed is read
    when nothing is found outside it.

    What is read: runs of move lines in any line notation of :data:`NOTATIONS`, as sentences
    ("Move disk 1 from peg A to peg C"), several on a line (``SD SI DI``, ``A->C, A->B``), in
    markdown tables or ``\boxed{...}``, with numbering, bullets, labels, lead-in words and a
    remark after the moves (skipped and reported); and lists: ``[[1, 0, 2], ...]``, Python
    tuples, JSON objects, quoted moves (``["A->C", ...]``).

    Which reading wins (the full rules: the documentation's "Reading answers" page): move
    lines and lists before moves mentioned in prose; runs with prose between them are one
    answer unless the prose corrects the earlier run (the later replaces it) or restates its
    first moves (the repeat is dropped); otherwise the last answer in the text wins, except a
    repeat of the answer's first moves, and a list cut off by the end of the text after a
    complete answer. When a later run starts like the reading so far and nothing tells a new
    attempt from a continuation, :attr:`Extraction.ambiguous` is set and the other readings
    are in :attr:`Extraction.alternatives`. A line that starts as a move but cannot be read
    stops the reading (:attr:`Extraction.unreadable`), unless it is the last line of the text
    and the beginning of a move in the answer's notation: the output was cut off there
    (:attr:`Extraction.truncated`). Lines ``1: ...``, ``2: ...``, ``3: ...``
    counting up from 1 are numbered steps when read freely (on three posts disks 1, 2, 3
    cannot move one after the other); with ``notation="library"`` the number is the disk.

    The time is linear in the length of the text.

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
    text, chosen, pegs, posts = _check(text, notation, pegs, posts, thinking)
    if not text or text.isspace():
        raise NotationError("no answer: the text is empty")
    try:
        whole: Extraction | NotationError = _extract(text, chosen, pegs, posts, thinking)
    except NotationError as error:
        whole = error
    cut = _cut_off(text, whole, chosen, pegs, posts, thinking)
    if cut is not None:
        return cut
    if isinstance(whole, NotationError):
        raise whole
    return whole


def _cut_off(
    text: str,
    whole: Extraction | NotationError,
    chosen: Notation | None,
    pegs: PegNames | None,
    posts: int,
    thinking: bool,
) -> Extraction | None:
    """The reading of ``text`` cut off inside its last move, or ``None`` if it is not so.

    The last line, or its end after a comma, semicolon or space, must be the beginning of a
    move in the notation of the answer read without it, and reading it must add no move to the
    reading of the whole text (it could not be read, or was skipped as prose). Answers already
    found cut off (a list or a ``<think>`` never closed) are left as they are.
    """
    if isinstance(whole, Extraction) and whole.truncated:
        return None
    # read whole, the piece was skipped (prose, a remark, a move that cannot be read): the
    # common answer, whose last line is a move, is not read again
    skipped_from = 0
    end = end_of_text(text)
    if isinstance(whole, Extraction):
        if not whole.skipped:
            return None
        skipped_from = min((s.start for s in whole.skipped if s.end >= end), default=end + 1)
        if skipped_from > end:
            return None
    templates = _LINE_TEMPLATES if chosen is None else (chosen.template,)
    if chosen is None and isinstance(whole, Extraction):
        found = NOTATIONS.get(whole.notation or "")
        if found is not None and not found.is_list:
            templates = (found.template,)  # the answer's notation
    starts = pieces_at_end(text, end)
    for start in starts:
        piece = text[start:]
        if start < skipped_from:
            continue
        if not begins_a_move(piece, templates):
            continue
        try:
            cut = _extract(text[:start] + " " * len(piece), chosen, pegs, posts, thinking)
        except NotationError:
            continue
        notation = chosen or NOTATIONS.get(cut.notation or "")
        naming = cut.pegs or (None if notation is None else notation.pegs)
        letters = None if naming is None else naming in (PegNames.LETTERS, PegNames.SID)
        if notation is None or notation.is_list:
            continue
        if not incomplete(piece, notation.template, letters):
            continue
        if start != starts[0] and not (cut.spans and cut.spans[-1].end > starts[0]):
            continue  # the end of a line of prose, not of a line of moves
        if isinstance(whole, Extraction) and whole.moves != cut.moves:
            continue
        shown = piece.strip() if len(piece.strip()) <= 40 else f"{piece.strip()[:37]}..."
        line = (
            text.count("\n", 0, start) + 1
            if "\r" not in text
            else len(physical_lines(text[:start]))
        )
        skipped = Span(start, start + len(piece.rstrip()), line, line, _CUT_WHY)
        return attrs.evolve(
            cut,
            truncated=True,
            skipped=tuple(sorted((*cut.skipped, skipped), key=lambda s: (s.start, s.end))),
            why=f"{cut.why}; the text ends inside a move ({shown!r}): it was cut off",
        )
    return None


_CUT_WHY = "the beginning of a move at the very end of the text: the output was cut off"
_LINE_TEMPLATES = tuple(dict.fromkeys(n.template for n in NOTATIONS.values() if not n.is_list))


def _extract(
    text: str, chosen: Notation | None, pegs: PegNames | None, posts: int, thinking: bool
) -> Extraction:
    """:func:`extract_moves` on checked arguments, before looking for a move cut off."""
    fast = _fast(text, chosen, posts)
    if fast is not None:
        candidate, skipped = fast
        return _assemble(
            text, text, [candidate], [], "the only reading", skipped, chosen, pegs, posts
        )
    normal = text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text
    found, _, end = _find(normal, chosen, posts, thinking)
    group, losers, why = _choose(found.candidates, posts)
    if group is None:
        what = "moves" if chosen is None else f"moves in notation {chosen.name!r}"
        raise NotationError(f"no {what} found in the answer")
    parts = group.parts
    last = parts[-1]
    skipped = list(found.skipped)
    if found.unclosed:
        why = f"{why}; read inside a <think> that is never closed"
        if normal[last.end : end].strip(MASK + " \n\t"):
            last = parts[-1] = last._replace(closed=False)  # cut off while still reasoning
    return _assemble(text, normal, parts, losers, why, skipped, chosen, pegs, posts)


def _assemble(
    text: str,
    normal: str,
    parts: list[Candidate],
    losers: list[_Loser],
    why: str,
    skipped: list[tuple[int, int, str]],
    chosen: Notation | None,
    pegs: PegNames | None,
    posts: int,
) -> Extraction:
    """The extraction of the reading ``parts``, with its report."""
    places = _Places(text, normal)
    raws = parts[0].raws if len(parts) == 1 else [raw for part in parts for raw in part.raws]
    last = parts[-1]
    naming, pegs_from, pegs_why = _naming(raws, pegs, chosen, posts)
    moves, unreadable = _convert(raws, last.unreadable, naming, posts)
    name = _notation_of(parts, naming, posts)
    mismatch, own = _mismatch(raws, naming, pegs_from, posts)
    if own is not None:
        losers.append(_Loser(parts, f"the same moves read with {own.describe}, as written"))
    alternatives = tuple(_reading(loser, naming, posts, places) for loser in losers)
    for part in parts:
        skipped.extend(part.remarks)
    read = {id(part) for part in parts}
    skipped.extend(
        (part.start, part.end, f"another reading: {loser.why}")
        for loser in losers
        for part in loser.parts
        if id(part) not in read
    )
    return Extraction(
        moves=tuple(moves),
        pegs=naming if moves or raws else None,
        notation=name,
        line=places.line(parts[0].start),
        truncated=not last.closed,
        unreadable=unreadable,
        notation_from="detected" if chosen is None else "named",
        pegs_from=pegs_from,
        pegs_why=pegs_why,
        pegs_mismatch=mismatch,
        spans=tuple(places.span(p.start, p.end, _form(name)) for p in parts),
        skipped=tuple(places.span(a, b, why) for a, b, why in sorted(set(skipped))),
        alternatives=alternatives,
        why=why,
        ambiguous=any(reading.plausible for reading in alternatives),
        abandoned=next((part.abandoned for part in parts if part.abandoned), None),
    )


def _prose(
    text: str,
    lines: list[str],
    kinds: list[int],
    first: int,
    last: int,
    skipped: list[tuple[int, int, str]],
) -> None:
    """The prose lines ``lines[first:last]`` as skipped stretches.

    Merged as the full reading merges them: when only spaces come between.
    """
    offset = sum(map(len, lines[:first])) + first
    merging = False
    for index in range(first, last):
        line = lines[index]
        line_start = offset
        offset += len(line) + 1
        if kinds[index] != PROSE:
            continue
        line_end = line_start + len(line.rstrip())
        if merging and not text[skipped[-1][1] : line_start].strip():
            skipped[-1] = (skipped[-1][0], line_end, "prose")
        else:
            skipped.append((line_start, line_end, "prose"))
        merging = True


_KIND, _RAWS, _LABELS = operator.itemgetter(0), operator.itemgetter(1), operator.itemgetter(4)
_PLAIN = operator.itemgetter(0, 2, 3, 5)  # kind, notation, remark, abandons
_BLANK_PLAIN = (BLANK, None, "", False)
_OUTSIDE = frozenset({BLANK, PROSE})
_NOT_FAST = ("<", "[", "|", "\r", MASK)


def _fast(
    text: str, notation: Notation | None, posts: int
) -> tuple[Candidate, list[tuple[int, int, str]]] | None:
    """The common clean answer at little cost: prose, one run of plain move lines, prose.

    ``None`` for anything else (tags, lists, tables, remarks, several runs...): the full
    reading handles those. Gives exactly what the full reading gives (the tests compare them).
    """
    if any(mark in text for mark in _NOT_FAST) or (notation is not None and notation.is_list):
        return None
    lines = text.split("\n")
    reader = line_reader(notation, posts)
    known = list(map(reader.known, lines))
    reads: list[Line] = (
        [found or reader.read(line) for found, line in zip(known, lines, strict=True)]
        if None in known  # lines not read before
        else known  # type: ignore[assignment]
    )
    kinds = list(map(_KIND, reads))
    if MOVES not in kinds:
        return None
    first = kinds.index(MOVES)
    last = len(kinds) - 1 - kinds[::-1].index(MOVES)
    among = reads[first : last + 1]
    name = reads[first].name
    # plain move lines in one notation, and blank lines (all in C: this is the hot path)
    if not set(map(_PLAIN, among)) <= {(MOVES, name, "", False), _BLANK_PLAIN}:
        return None
    if not set(kinds[:first]).union(kinds[last + 1 :]) <= _OUTSIDE:
        return None
    raws = list(itertools.chain.from_iterable(map(_RAWS, among)))
    labels = all(map(_LABELS, among))  # blank lines count as labelled
    start = sum(map(len, lines[:first])) + first
    end = start + sum(map(len, lines[first:last])) + (last - first) + len(lines[last].rstrip())
    skipped: list[tuple[int, int, str]] = []
    if PROSE in kinds:
        _prose(text, lines, kinds, 0, first, skipped)
        _prose(text, lines, kinds, last + 1, len(lines), skipped)
    candidate = run_of_lines(raws, labels, start, end, name)
    return (candidate if notation is None else as_written(candidate)), skipped


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
                abandoned=block.abandoned,
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
    first = _FIRST_ITEM.match(text, bracket + 1)
    opener = first.group(0)[-1:] if first else ""
    if opener == "{":
        return "json"
    if opener == "[" and None not in {raw.disk for raw in set(raws)}:
        return "moves-list"
    return None


_DISK, _SOURCE, _TARGET = operator.itemgetter(0), operator.itemgetter(1), operator.itemgetter(2)
_FIRST_ITEM = re.compile(r"\s*\S")
_QUOTED_LINES = LineReader(None, 3)


def _list_item(match: re.Match[str]) -> Raw:
    if match.group("quote"):
        read = _QUOTED_LINES.read(match.group("inner"))
        if read.kind != MOVES or len(read.raws) != 1:
            raise NotationError(f"not a move: {match.group(0)!r}")
        return read.raws[0]
    if match.group(0).startswith("{"):
        return json_item(match)
    return template_item(match)
