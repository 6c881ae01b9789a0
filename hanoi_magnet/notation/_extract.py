"""Find the moves in a model's whole answer: reasoning, prose, code fences and all."""

from __future__ import annotations

import bisect
import functools
import itertools
import operator
import re

import attrs

from hanoi_magnet.errors import InvalidArgumentError, NotationError
from hanoi_magnet.model import Move, _integer
from hanoi_magnet.notation._builtin import get_notation
from hanoi_magnet.notation._canonical import can_teach, known_reading, teach
from hanoi_magnet.notation._cues import fields_reordered
from hanoi_magnet.notation._cut import begun_move, end_of_text
from hanoi_magnet.notation._decide import (
    Decision,
    Loser,
    choose,
    correction_after,
    counted_doubt,
    disowned_by,
    disowned_on_line,
    heading_of,
    onto_itself,
)
from hanoi_magnet.notation._lines import (
    BLANK,
    BULLETS,
    MOVES,
    PROSE,
    Candidate,
    Line,
    LineReader,
    line_number,
    line_reader,
    line_runs,
    run_of_lines,
)
from hanoi_magnet.notation._mentions import json_raw, mentions
from hanoi_magnet.notation._naming import (
    convert,
    mismatch,
    named,
    naming,
    own_naming,
    peg_names,
)
from hanoi_magnet.notation._normalize import Plain, normalize
from hanoi_magnet.notation._notations import Notation
from hanoi_magnet.notation._pegs import PegNames
from hanoi_magnet.notation._regions import (
    MASK,
    answer_region,
    masked,
    opening_tag_end,
    quoted_formats,
    reasoning,
    set_aside,
    tags_apart,
)
from hanoi_magnet.notation._report import Extraction, Reading, Span
from hanoi_magnet.notation._scan import (
    JSON_OBJECT,
    LIST_ITEM,
    QUOTED_ITEM,
    Block,
    Raw,
    ReadMove,
    read_block,
    template_item,
)
from hanoi_magnet.notation._segments import names_another
from hanoi_magnet.notation._snapshots import without_pictures
from hanoi_magnet.notation._words import letter_namings, letter_words, move_in_another_naming

_LIST_START = re.compile(
    r"""(?P<name>\bmoves\s*[=:]\s*|["']moves["']\s*:\s*)?\[(?=\s*[\[{("'])
      | (?P<empty>\bmoves\s*[=:]\s*\[\s*\]|(?m:^[ \t]*\[[ \t]*\](?=[ \t]*$)))""",
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
        self,
        candidates: list[Candidate],
        skipped: list[tuple[int, int, str]],
        text: str,
        region: tuple[int, int],
    ) -> None:
        self.candidates = candidates
        self.skipped = skipped
        self.text = text  # the text read, reasoning masked
        self.unclosed = False  # read inside a <think> never closed
        self.region = region  # the answer region's bounds in the text


def _find(plain: str, thinking: bool) -> _Found:
    """The candidates of the answer region, and the region's bounds in ``plain``."""
    regions, unclosed = ([], None) if thinking else reasoning(plain)
    hidden = masked(plain, regions) if regions else plain
    notes = set_aside(hidden)  # comments, images, quoted formats: not read
    hidden = masked(hidden, notes, " ") if notes else hidden
    start, end = answer_region(hidden)
    found = _search(hidden, start, end)
    if unclosed is not None and not found.candidates:
        # A <think> never closed: nothing outside it, so read inside it.
        tag_end = opening_tag_end(plain, unclosed)
        hidden = masked(plain, regions[:-1])
        hidden = hidden[:unclosed] + " " * (tag_end - unclosed) + hidden[tag_end:]
        notes = set_aside(hidden)
        hidden = masked(hidden, notes, " ") if notes else hidden
        start, end = answer_region(hidden)
        found = _search(hidden, start, end)
        found.unclosed = True
        regions = regions[:-1]
    found.skipped.extend(regions)
    found.skipped.extend(notes)
    if start > 0 and plain[:start].strip():
        found.skipped.append((0, start, "outside the last <answer>...</answer>"))
    if end < len(plain) and plain[end:].strip():
        found.skipped.append((end, len(plain), "outside the last <answer>...</answer>"))
    return found


def _search(text: str, start: int, end: int) -> _Found:
    body = tags_apart(text[start:end] if start or end < len(text) else text)
    blocks = _blocks(without_pictures(body))  # (lines lose their pictures as they are read)
    runs, skipped = line_runs(body, blocks)
    candidates = sorted([*blocks, *runs], key=lambda candidate: candidate.start)
    if start:
        candidates = [_shift(c, start) for c in candidates]
        skipped = [(a + start, b + start, why) for a, b, why in skipped]
    return _Found(candidates, skipped, text, (start, end))


def _shift(candidate: Candidate, by: int) -> Candidate:
    """``candidate`` found ``by`` characters later (its run as written too: "1:" read as steps)."""
    remarks = tuple((a + by, b + by, why) for a, b, why in candidate.remarks)
    written = None if candidate.written is None else _shift(candidate.written, by)
    return candidate._replace(
        start=candidate.start + by, end=candidate.end + by, remarks=remarks, written=written
    )


# -- the report -----------------------------------------------------------------------------------


class _Places:
    """Line numbers and offsets in the text as given, from offsets in its plain copy."""

    def __init__(self, given: str, plain: Plain) -> None:
        self._given = given
        self._plain = plain
        self._breaks: list[int] | None = None  # found once more than a few lines are asked
        self._asked = 0

    def line(self, position: int) -> int:
        """The 1-based line of an offset in the text as given (CRLF, CR, LF end lines)."""
        text = self._given
        if self._breaks is None:
            self._asked += 1
            if self._asked <= 8 and "\r" not in text:
                return text.count("\n", 0, position) + 1
            self._breaks = [m.start() for m in _LINE_END.finditer(text)]
        return bisect.bisect_left(self._breaks, position) + 1

    def span(self, start: int, end: int, why: str) -> Span:
        """The span of ``plain[start:end]``, never empty: what is read or skipped holds text."""
        given = self._plain.given
        first, last = given(start), given(end - 1)
        return Span(first, last + 1, self.line(first), self.line(last), why)


_LINE_END = re.compile(r"\r\n?|\n")


def extract_moves(
    text: str,
    *,
    notation: str | Notation | None = None,
    pegs: PegNames | None = None,
    posts: int = 3,
    thinking: bool = False,
) -> Extraction:
    r"""Find the moves in ``text``, a model's whole answer, and report how they were read.

    One reading, whatever was asked: every form is read (sentences, arrows, pairs, lists,
    tables, JSON...), and ``notation``, the notation the answer was asked to use, changes
    which moves are read only through its peg naming (the default of ``pegs``); whether the
    answer keeps to it is reported apart (:attr:`Extraction.deviation`).

    The text is first made plain (byte-order marks, zero-width and control characters removed;
    no-break spaces, curly quotes, full-width forms and digits of every script made ASCII);
    offsets in the report are offsets in the text as given.

    Where the answer is: inside the last ``<answer>...</answer>`` if there is one; reasoning
    inside ``<think>...</think>`` (also ``<thinking>``, ``<reasoning>``, or everything before a
    lone closing tag) is skipped unless ``thinking`` is true; a ``<think>`` never closed is read
    when nothing is found outside it.

    What is read: move lines (numbered, bulleted, with ordinals, labels and lead-in words, with
    remarks after them), several moves on one line joined by commas, ``then``, ``|``,
    ``<br>``..., moves in sentences ("First, move disk 1 from A to C, then ..."), markdown tables,
    ``\boxed{...}``, and lists: ``[[1, 0, 2], ...]``, Python tuples, JSON objects, quoted moves.
    A line whose moves are offered as alternatives (``A->C or A->B``) hedges; a move mentioned
    as one not to make ("never move disk 1 from B to A") is not read.

    Which reading wins (the full rules: the documentation's "Reading answers" page): move
    lines and lists before moves mentioned in prose; a later answer replaces an earlier one
    after reasoning or a correction ("wait", "final answer"); a repeat of the first moves is a
    restatement; answers offered as options hedge; runs of move lines with prose between them
    are one answer; two different answers with nothing said about them make the reading
    ambiguous. A line that starts as a move but cannot be read stops the reading
    (:attr:`Extraction.unreadable`), unless the text ends inside it: the output was cut off
    (:attr:`Extraction.truncated`).

    The time is linear in the length of the text.

    Args:
        text: the whole answer.
        notation: the notation the answer was asked to use (a name or a :class:`Notation`):
            its peg naming is the default, and the report says whether the answer keeps to it.
        pegs: the peg naming of the prompt: numbers are read in it (letters need none).
        posts: the number of posts of the puzzle (decides which names exist).
        thinking: also look inside reasoning blocks.

    Raises:
        NotationError: no moves were found.
        AmbiguousNotationError: the pegs are numbers that could count from 0 or from 1 and the
            text cannot tell; pass ``pegs``.

    Example:
        >>> from hanoi_magnet.notation import extract_moves
        >>> reply = "Let me think.\n1. **A -> C**\n2. A -> B.\n3. C -> B\nThat's 3 moves!"
        >>> found = extract_moves(reply)
        >>> found.moves, found.pegs.describe, found.notation
        (((0, 2), (0, 1), (2, 1)), 'pegs named by letters from A', 'letter-arrows')
        >>> extract_moves("First move disk 1 from A to C, then move disk 2 from A to B.").moves
        (Move(disk=1, source=0, target=2), Move(disk=2, source=0, target=1))
    """
    text, chosen, pegs, posts = _check(text, notation, pegs, posts, thinking)
    if not text or text.isspace():
        raise NotationError("no answer: the text is empty")
    taught = chosen is not None and not thinking and can_teach(chosen)
    if taught:  # nothing but the asked notation's own lines, all read before: looked up
        assert chosen is not None
        known = known_reading(text, chosen, pegs, posts)
        if known is not None:
            return known
    plain = normalize(text)
    reading = _Reading(text, plain, chosen, pegs, posts, thinking)
    whole = reading.whole()
    words: list[tuple[int, int]] = []
    if (
        reading.stray
        or isinstance(whole, NotationError)
        or whole.unreadable is not None
        or whole.ambiguous
    ):
        words = letter_words(plain.text, posts)  # "OK, here it is:" read as a move O -> K?
        if words:  # lower case, they are words still ("OR" offers options), moves no more
            plain = plain.lowered(words)
            reading = _Reading(text, plain, chosen, pegs, posts, thinking)
            whole = reading.whole()
    cut = _cut_off(reading, whole)
    if cut is not None:
        return _with_words(cut, words, reading)
    if isinstance(whole, NotationError):
        raise whole
    if words:
        return _with_words(whole, words, reading)
    if taught:
        assert chosen is not None
        teach(text, chosen, pegs, posts, whole)
    return whole


def _reordered(text: str, first: Candidate) -> str | None:
    """Whether the text just before the moves names their fields in an order not read."""
    return fields_reordered(
        text[max(0, first.start - _DECLARED_BEFORE) : first.start],
        text[first.start : first.start + _DECLARED_BEFORE],
    )


_DECLARED_BEFORE = 300  # how far before its moves an answer declares their fields


def _with_words(found: Extraction, words: list[tuple[int, int]], reading: _Reading) -> Extraction:
    """``found`` with the capital words left out of it skipped, and why."""
    if not words:
        return found
    places = _Places(reading.given, reading.plain)
    text = reading.given
    spans = []
    for start, end in words:
        span = places.span(start, end, "")
        word = text[span.start : span.end]
        spans.append(attrs.evolve(span, why=f"{word!r} is a word, not a move: no peg is so named"))
    skipped = sorted((*found.skipped, *spans), key=lambda span: (span.start, span.end))
    other = move_in_another_naming(reading.plain.text, words, reading.posts)
    if other is None or found.hedged is not None:
        return attrs.evolve(found, skipped=tuple(skipped))
    span = spans[words.index(other)]
    hedged = f"a move in other names of the pegs beside the moves: {text[span.start : span.end]!r}"
    return attrs.evolve(found, skipped=tuple(skipped), hedged=hedged, ambiguous=True)


class _Reading:
    """One call's arguments and text, read once or twice (without a piece cut off at its end)."""

    def __init__(
        self,
        given: str,
        plain: Plain,
        chosen: Notation | None,
        pegs: PegNames | None,
        posts: int,
        thinking: bool,
    ) -> None:
        self.given = given
        self.plain = plain
        self.chosen = chosen
        self.pegs = pegs
        self.posts = posts
        self.thinking = thinking
        self.stray = False  # a reading named a letter that is no peg on these posts

    def whole(self) -> Extraction | NotationError:
        """The reading of the whole plain text, or why there is none."""
        try:
            return self.extract(self.plain.text)
        except NotationError as error:
            return error

    def extract(self, text: str) -> Extraction:
        """The reading of ``text`` (the plain text, or it with a cut-off piece blanked)."""
        fast = _fast(text)
        if fast is None and not self.thinking and "<" in text:
            fast = _fast_after_reasoning(text)
        if fast is not None:
            candidate, skipped = fast
            decision = Decision()
            before = text[: candidate.start]
            decision.hedged = (
                correction_after(text, candidate.end, False)
                or disowned_by(heading_of(before))
                or disowned_on_line(before.rpartition("\n")[2])
            )
            doubt = counted_doubt([candidate], self.posts)
            if doubt is not None:
                decision.losers.append(doubt)
            return self.assemble(text, [candidate], decision, skipped, (0, len(text)))
        found = _find(text, self.thinking)
        decision = choose(found.candidates, found.text, self.posts)
        group = decision.group
        if group is None:
            raise NotationError("no moves found in the answer")
        parts = group.parts
        last = parts[-1]
        skipped = list(found.skipped)
        if found.unclosed:  # the output ends while the model is still reasoning
            decision.why = f"{decision.why}; read inside a <think> that is never closed"
            parts[-1] = last._replace(closed=False)
        return self.assemble(text, parts, decision, skipped, found.region, found.unclosed)

    def assemble(
        self,
        text: str,
        parts: list[Candidate],
        decision: Decision,
        skipped: list[tuple[int, int, str]],
        region: tuple[int, int],
        unfinished: bool = False,
    ) -> Extraction:
        """The extraction of the reading ``parts``, with its report."""
        posts = self.posts
        places = _Places(self.given, self.plain)
        raws = parts[0].raws if len(parts) == 1 else [raw for part in parts for raw in part.raws]
        last = parts[-1]
        default = None if self.chosen is None else self.chosen.pegs
        distinct = set(raws)
        tokens = peg_names(raws, distinct)
        other_letters = None
        if not _one_letter_naming(tokens, posts):
            self.stray = True
            other_letters = _letters_of_its_own(tokens, posts)
        used, how, why_pegs = naming(raws, self.pegs, default, posts, tokens)
        moves, unreadable = convert(raws, last.unreadable, used, posts, distinct)
        name = _notation_of(parts, used, posts)
        losers = list(decision.losers)
        differs, own = mismatch(raws, used, how, posts, distinct, tokens)
        if own is not None:
            losers.append(Loser(parts, f"the same moves read with {own.describe}, as written"))
        alternatives = tuple(_reading(loser, used, posts, places) for loser in losers)
        for part in parts:
            skipped.extend(part.remarks)
        if losers:
            read = {id(part) for part in parts}
            skipped.extend(
                (part.start, part.end, f"another reading: {loser.why}")
                for loser in losers
                for part in loser.parts
                if id(part) not in read
            )
        hedged = (
            decision.hedged
            or onto_itself(distinct)
            or _reordered(text, parts[0])
            or other_letters
            or _another_in_naming(text, parts, used, self.pegs or default, posts)
        )
        paragraphs = _paragraph_starts(parts, len(moves))
        return Extraction(
            moves=tuple(moves),
            pegs=used if moves or raws else None,
            notation=name,
            line=places.line(self.plain.given(parts[0].start)),
            truncated=not last.closed,
            unreadable=unreadable,
            notation_from="detected",
            pegs_from=how,
            pegs_why=why_pegs,
            pegs_mismatch=differs,
            spans=tuple([places.span(p.start, p.end, _form(name)) for p in parts]),
            skipped=tuple([places.span(a, b, why) for a, b, why in sorted(set(skipped))])
            if skipped
            else (),
            alternatives=alternatives,
            why=decision.why,
            ambiguous=hedged is not None
            or (bool(alternatives) and any(r.plausible for r in alternatives)),
            abandoned=next((part.abandoned for part in parts if part.abandoned), None),
            hedged=hedged,
            unfinished=unfinished,
            paragraphs=paragraphs,
            asked=None if self.chosen is None else self.chosen.name,
            deviation=None
            if self.chosen is None
            else self.chosen.deviation(text[region[0] : region[1]], moves, posts),
        )


def _another_in_naming(
    text: str, parts: list[Candidate], used: PegNames | None, given: PegNames | None, posts: int
) -> str | None:
    """Why the moves are in doubt: a remark after a move names another move in their naming.

    The naming is the one the reading settled on: ``[[2, 1, 2]] (A->B)`` with pegs numbered
    from 0 is B->C beside A->B. Before the naming is known, a remark is another move only if
    it is one in every naming (``1->2 (A->B)`` may be the move said again, pegs from 1).
    Numbers in the remark count as the puzzle counts its pegs (``given``), if it says.
    """
    if used is None:
        return None
    for part in parts:
        if part.block:
            if len(part.raws) == 1:
                tail = _another_after(text, part, used, _numbered(given, posts))
                if tail:
                    return f"the moves cannot be told apart from the words around them: {tail}"
            continue
        for start, end, why in part.remarks:
            remark = text[start:end]
            if why != _REMARK or not mentions(remark):  # (most remarks name no move)
                continue
            before = mentions(text[text.rfind("\n", 0, start) + 1 : start])
            if before and names_another(remark, before[-1].raw, used, _numbered(given, posts)):
                return (
                    "the moves cannot be told apart from the words around them: "
                    f"the move is followed by another move: {remark.strip()[:40]!r}"
                )
    return None


_REMARK = "a remark after a move"


def _numbered(given: PegNames | None, posts: int) -> PegNames | None:
    """How the puzzle numbers its pegs, if it does: from 0 or from 1.

    (``S, I, D`` names three posts by letters, any other count by numbers from 0.)
    """
    if given is PegNames.SID and posts != 3:
        return PegNames.ZERO
    return given if given in (PegNames.ZERO, PegNames.ONE) else None


def _paragraph_starts(parts: list[Candidate], count: int) -> tuple[int, ...]:
    """Where the reading goes on after a blank line or prose, among its first ``count`` moves.

    Each part after the first starts one, and so does each paragraph within a part.
    """
    if len(parts) == 1 and not parts[0].paragraphs:
        return ()
    paragraphs: list[int] = []
    offset = 0
    for part in parts:
        if offset:
            paragraphs.append(offset)
        paragraphs.extend(offset + index for index in part.paragraphs)
        offset += len(part.raws)
    return tuple(index for index in paragraphs if index < count)


def _cut_off(reading: _Reading, whole: Extraction | NotationError) -> Extraction | None:
    """The reading of the text cut off inside its last move, or ``None`` if it is not so.

    The last line's piece after its last whole move (or the whole line) must begin a move
    without being one, and reading the text without it must give the same moves (the piece
    was skipped: prose, a remark, a move that cannot be read). Answers already found cut off
    (a list or a ``<think>`` never closed) are left as they are.
    """
    if isinstance(whole, Extraction) and whole.truncated:
        return None
    text = reading.plain.text
    end = end_of_text(text)
    begun = begun_move(text, end)
    if begun is None:
        return None
    at, replaced = begun
    piece = text[at:end]
    blanked = text[:at] + " " * (len(text) - at)
    try:
        cut = reading.extract(blanked) if blanked.strip() else None
    except NotationError:
        cut = None
    if isinstance(whole, Extraction) and not _same_before(whole, cut, replaced):
        return None
    if isinstance(whole, NotationError) and cut is None and not _strong_piece(piece):
        return None
    places = _Places(reading.given, reading.plain)
    shown = piece.strip() if len(piece.strip()) <= 40 else f"{piece.strip()[:37]}..."
    piece_span = places.span(at, end, _CUT_WHY)
    why = f"the text ends inside a move ({shown!r}): it was cut off"
    if cut is None:
        return Extraction(
            moves=(), pegs=None, notation=None, line=piece_span.line, truncated=True,
            skipped=(piece_span,), why=f"no whole move; {why}",
        )  # fmt: skip
    skipped = tuple(span for span in cut.skipped if span.why != "a move that cannot be read")
    return attrs.evolve(
        cut,
        truncated=True,
        unreadable=None,
        skipped=tuple(sorted((*skipped, piece_span), key=lambda s: (s.start, s.end))),
        why=f"{cut.why}; {why}",
    )


@functools.lru_cache(maxsize=256)
def _one_letter_naming(tokens: frozenset[str], posts: int) -> bool:
    """Whether the letters among peg names ``tokens`` all name pegs in one letter naming."""
    letters = {token.upper() for token in tokens if token.isalpha()}
    return not letters or any(letters <= names for names in letter_namings(posts))


def _letters_of_its_own(tokens: frozenset[str], posts: int) -> str | None:
    """Why the moves name their pegs by letters of their own ("L -> R", "L -> M"), if they do.

    One letter that names no peg is a slip ("C -> D" on three pegs: a move to no peg); two or
    more are another naming (left, middle, right), which the reader does not know.
    """
    named = frozenset().union(*letter_namings(posts))
    stray = sorted({token.upper() for token in tokens if token.isalpha()} - named)
    if len(stray) < 2:
        return None
    return f"the moves name pegs {', '.join(stray)}: letters that name no peg on {posts} posts"


_CUT_WHY = "the beginning of a move at the very end of the text: the output was cut off"


def _same_before(whole: Extraction, cut: Extraction | None, replaced: bool) -> bool:
    """Whether the whole reading is the reading before the piece: the same moves, post to post.

    When the piece was read as a move of its own (``Peg A -> P``), it may hold one move more.
    The labels of a counted run may be read as disks with the piece (``1: 0 -> 1``, ...,
    ``3: 0 -> 3``, then ``disk 2 from ...``) and as step numbers without it: the same moves.
    """
    before = () if cut is None else _pairs(cut.moves)
    moves = _pairs(whole.moves)
    if replaced and len(moves) == len(before) + 1:
        return moves[: len(before)] == before
    return moves == before


def _pairs(moves: tuple[ReadMove, ...]) -> tuple[tuple[int, int], ...]:
    """Each move's (source, target)."""
    return tuple((m.source, m.target) if isinstance(m, Move) else m for m in moves)


def _strong_piece(piece: str) -> bool:
    """Whether a piece alone (no move before it) is clearly the beginning of a move."""
    return len(piece.strip()) >= 4 or any(
        mark in piece for mark in ("-", "=", "→", "⟶", "⇒", " t", "[")
    )


def _notation_of(parts: list[Candidate], used: PegNames | None, posts: int) -> str | None:
    names = {part.notation for part in parts}
    return named(names.pop(), used, posts) if len(names) == 1 else None


def _reading(loser: Loser, used: PegNames | None, posts: int, places: _Places) -> Reading:
    raws = [raw for part in loser.parts for raw in part.raws]
    own = own_naming(raws, posts) or used
    last = loser.parts[-1]
    moves, unreadable = convert(raws, last.unreadable, own, posts)
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


# -- the common clean answer ----------------------------------------------------------------------


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
_ANSWER_LABEL = operator.itemgetter(10)  # "So the moves are: ..." (a new answer after moves)
_PLAIN = operator.itemgetter(0, 2, 3, 5, 6, 7, 8, 9)  # kind, notation, remark and the flags
_BLANK_PLAIN = (BLANK, None, "", False, "", "", "", "")
_OUTSIDE = frozenset({BLANK, PROSE})
_PLAN = operator.attrgetter("plan")
_PEGS = operator.attrgetter("source", "target")
_NOT_FAST = ("<", "[", "|", MASK, "{")


def _fast(text: str) -> tuple[Candidate, list[tuple[int, int, str]]] | None:
    """The common clean answer at little cost: prose, one run of plain move lines, prose.

    ``None`` for anything else (tags, lists, tables, remarks, several runs...): the full
    reading handles those. Gives exactly what the full reading gives (the tests compare them).
    """
    if any(mark in text for mark in _NOT_FAST):
        return None
    lines = text.split("\n")
    reader: LineReader = line_reader()
    known = list(map(reader.known, lines))
    reads: list[Line] = (
        [found or reader.read(line) for found, line in zip(known, lines, strict=True)]
        if None in known  # lines not read before
        else known  # type: ignore[assignment]
    )
    kinds = list(map(_KIND, reads))
    if MOVES not in kinds or (PROSE in kinds and quoted_formats(text)):
        return None  # (a format quoted over lines: set aside by the full reading)
    first = kinds.index(MOVES)
    last = len(kinds) - 1 - kinds[::-1].index(MOVES)
    among = reads[first : last + 1]
    name = reads[first].name
    # a line's reading depends on its text alone, and answers repeat a few lines many times:
    # each distinct line's reading looked at once (all in C: this is the hot path)
    table = dict(zip(lines[first : last + 1], among, strict=True))
    distinct = table.values()
    # plain move lines in one notation, and blank lines
    if not set(map(_PLAIN, distinct)) <= {(MOVES, name, "", False, "", "", "", ""), _BLANK_PLAIN}:
        return None
    if not set(kinds[:first]).union(kinds[last + 1 :]) <= _OUTSIDE:
        return None
    if first and kinds[first - 1] == PROSE and line_number(lines[first - 1]) is not None:
        return None  # "1. <words>", "2. A->C": the first item may be a move it cannot read
    if PROSE in kinds and any(map(_PLAN, reads)):
        return None  # a plan's steps ("Move the top 2 disks to B") beside the moves
    if any(map(_ANSWER_LABEL, distinct)) and any(map(_ANSWER_LABEL, among[1:])):
        return None  # a line announcing an answer after moves: a candidate of its own
    raws = list(itertools.chain.from_iterable(map(_RAWS, among)))
    if len(among) < _SHORT or _restating(table, len(among)):
        pegs = list(map(_PEGS, raws))
        if any(map(operator.eq, pegs, itertools.islice(pegs, 1, None))):
            return None  # the same pegs twice in a row: a step said again? (never legal twice)
    if (
        first < last
        and reader.number(lines[first]) is not None  # (a list, as the full reading asks)
        and 1 in reader.numbers(lines[first + 1 : last + 1])
    ):
        return None  # "3. B->C", then "1. A->C": a second list, numbered again
    labels = all(map(_LABELS, distinct))  # blank lines count as labelled
    if labels and (
        reader.numbers(lines[first : last + 1]).count(None) < last + 1 - first
        or any(line.lstrip()[:1] in BULLETS for line in table)
    ):
        return None  # "Step 3: 3: S -> D": numbered twice? (the full reading tells)
    paragraphs = _paragraphs(among) if BLANK in kinds[first:last] else ()
    start = sum(map(len, lines[:first])) + first
    end = start + sum(map(len, lines[first:last])) + (last - first) + len(lines[last].rstrip())
    skipped: list[tuple[int, int, str]] = []
    if PROSE in kinds:
        _prose(text, lines, kinds, 0, first, skipped)
        _prose(text, lines, kinds, last + 1, len(lines), skipped)
    run = run_of_lines(raws, labels, start, end, name)
    return (run._replace(paragraphs=paragraphs) if paragraphs else run), skipped


_SHORT = 512  # lines: fewer are looked at two by two (cheaper than to tell their shapes)


def _restating(table: dict[str, Line], count: int) -> bool:
    """Whether lines may say a step again in other words (then two in a row are looked for).

    Not when the distinct lines, few beside the ``count`` lines (an answer repeating its
    lines), are all written alike but for their numbers and pegs: "Move disk 1 from Peg 1 to
    Peg 3", "Move disk 2 from Peg 1 to Peg 2", ... (a long answer then costs no extra look).
    """
    if len(table) * 2 > count:
        return True
    shapes = {_SHAPE.sub("", line) for line in table}
    return len(shapes) > 1


#: What two lines written alike differ by: numbers, peg letters, spaces, stops.
_SHAPE = re.compile(r"\d+|\b[A-Za-z]\b|[\s.,;:!]+")


def _fast_after_reasoning(text: str) -> tuple[Candidate, list[tuple[int, int, str]]] | None:
    """The common answer of a reasoning model: one closed reasoning block, then a clean answer.

    What :func:`_fast` reads after the block, shifted, and the block skipped; ``None`` for
    anything else (text before the block, several blocks, one never closed, tags after it).
    The full reading masks the block and reads the rest alike (the tests compare them).
    """
    regions, unclosed = reasoning(text)
    if unclosed is not None or len(regions) != 1:
        return None
    start, end, why = regions[0]
    if text[:start].strip():
        return None
    fast = _fast(text[end:])
    if fast is None:
        return None
    candidate, skipped = fast
    skipped = [(a + end, b + end, what) for a, b, what in skipped]
    skipped.append((start, end, why))
    return _shift(candidate, end), skipped


def _paragraphs(reads: list[Line]) -> tuple[int, ...]:
    """Where a run of plain lines goes on after a blank line (indexes of its moves)."""
    found: list[int] = []
    count = 0
    blank = False
    for read in reads:
        if read.kind == BLANK:
            blank = True
            continue
        if blank and count:
            found.append(count)
        blank = False
        count += len(read.raws)
    return tuple(found)


# -- lists ----------------------------------------------------------------------------------------


def _blocks(text: str) -> list[Candidate]:
    found: list[Candidate] = []
    position = 0 if "[" in text else len(text)
    while (start := _LIST_START.search(text, position)) is not None:
        if start.group("empty"):
            found.append(
                Candidate([], start.start(), start.end(), True, True, None, None, block=True)
            )
            position = start.end()
            continue
        bracket = start.end() - 1
        block = read_block(text, bracket, _ANY_LIST_ITEM, _list_item)
        position = max(block.end, bracket + 1)
        if not block.raws and (block.closed or text[block.end :].strip()):
            continue  # "[[disk id, from peg, to peg], ...]": a format, not an answer
        distinct = set(block.raws)  # few: lists repeat a few moves many times
        if len(block.raws) > 1 and len({raw.disk is None for raw in distinct}) > 1:
            block = _one_shape(block)
            distinct = set(block.raws)
        found.append(
            Candidate(
                block.raws,
                start.start(),
                block.end,
                start.groupdict().get("name") is not None,
                block.closed,
                block.unreadable,
                _list_notation(text, bracket, distinct),
                block=True,
                abandoned=block.abandoned,
                uncertain=_another_after(text, block),
            )
        )
    return found


def _another_after(
    text: str,
    block: Block | Candidate,
    naming: PegNames | None = None,
    numbered: PegNames | None = None,
) -> str:
    """Why a list of one move is in doubt: a remark after it on its line names another move.

    "moves = [[1, 0, 1]] (A->D)": which move is meant? (As "A->C (A->B)" on a line of moves.)
    With ``naming`` and ``numbered``, see :func:`_another_in_naming`.
    """
    if len(block.raws) != 1 or not block.closed:
        return ""
    line_end = text.find("\n", block.end)
    tail = text[block.end : len(text) if line_end < 0 else line_end]
    if not tail.strip() or not names_another(tail, block.raws[0], naming, numbered):
        return ""
    return f"the move is followed by another move: {tail.strip()[:40]!r}"


_DISK = operator.itemgetter(0)


def _one_shape(block: Block) -> Block:
    """A list whose moves all name their disk, or none does; it stops at the first that differs.

    ``[[1, 0, 2], [9, 9], [2, 0, 1]]``: a pair among triples is no move of the list (as a
    line that starts as a move but holds none is not): the reading stops at the first item
    whose shape is not that of most items (of the first, when as many have each), unreadable.
    """
    raws = block.raws
    pairs = operator.countOf(map(_DISK, raws), None)  # (at C speed, no list made)
    if pairs in (0, len(raws)):  # pragma: no cover - the caller found both shapes
        return block
    shape = raws[0].disk is None if 2 * pairs == len(raws) else 2 * pairs > len(raws)
    index = next(i for i, raw in enumerate(raws) if (raw.disk is None) != shape)
    odd = raws[index]
    shown = ", ".join(part for part in (odd.disk, odd.source, odd.target) if part is not None)
    holds = "no disk" if shape else "their disk"
    return block._replace(
        raws=raws[:index],
        unreadable=f"[{shown}] (not a move: the list's moves name {holds})",
    )


def _list_notation(text: str, bracket: int, raws: set[Raw]) -> str | None:
    """The list's notation from its first item's opener (``raws``: its distinct moves)."""
    first = _FIRST_ITEM.match(text, bracket + 1)
    opener = first.group(0)[-1:] if first else ""
    if opener == "{":
        return "json"
    if opener == "[" and None not in {raw.disk for raw in raws}:
        return "moves-list"
    return None


_FIRST_ITEM = re.compile(r"\s*\S")
_QUOTED_LINES = LineReader()


def _list_item(match: re.Match[str]) -> Raw:
    if match.group("quote"):
        read = _QUOTED_LINES.read(match.group("inner"))
        if read.kind != MOVES or len(read.raws) != 1:
            raise NotationError(f"not a move: {match.group(0)!r}")
        return read.raws[0]
    if match.group(0).startswith("{"):
        raw = json_raw(match.group(0))
        if raw is None:
            raise NotationError(
                "a move object needs a source and a target (keys source, from, from_peg, src "
                f"and target, to, to_peg, dst), got {match.group(0)!r}"
            )
        return raw
    return template_item(match)
