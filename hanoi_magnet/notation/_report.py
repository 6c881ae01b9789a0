"""The reading report: which parts of an answer were read as moves, which were skipped, and why.

:func:`~hanoi_magnet.notation.extract_moves` returns an
:class:`~hanoi_magnet.notation.Extraction`; its report is made of the values defined here:
:class:`Span` (a stretch of the text, read or skipped, with the reason) and :class:`Reading`
(one candidate reading of the answer: the chosen one's rivals, each with its own moves and why
it lost).
"""

from __future__ import annotations

from typing import Any, Literal, TypeAlias

import attrs

from hanoi_magnet.model import Move
from hanoi_magnet.notation._pegs import PegNames
from hanoi_magnet.notation._scan import ReadMove

#: How the notation or the peg naming of a reading was chosen: given by the caller
#: (``"named"``), read off the answer itself (``"detected"``), or taken by default because the
#: answer cannot tell (``"defaulted"``; for pegs: the named notation's own naming).
Chosen: TypeAlias = Literal["named", "detected", "defaulted"]


@attrs.frozen
class Span:
    r"""A stretch of the answer's text: read as moves, or skipped with a reason.

    Attributes:
        start: the offset of its first character in the text as given (0-based).
        end: the offset just past its last character.
        line: the 1-based line of its first character (CRLF, CR and LF each end a line).
        end_line: the 1-based line of its last character.
        why: for a skipped span, why it was skipped (``"prose"``, ``"reasoning inside <think>"``,
            ``"a remark after a move"``...); for a span read as moves, the form read.

    Example:
        >>> from hanoi_magnet.notation import extract_moves
        >>> found = extract_moves("Sure.\nA->C\nA->B\n")
        >>> found.spans
        (Span(start=6, end=15, line=2, end_line=3, why="moves in notation 'letter-arrows'"),)
        >>> [(s.line, s.why) for s in found.skipped]
        [(1, 'prose')]
    """

    start: int
    end: int
    line: int
    end_line: int
    why: str = ""

    def to_dict(self) -> dict[str, Any]:
        """The span as plain JSON values.

        Example:
            >>> from hanoi_magnet.notation import Span
            >>> Span(0, 4, 1, 1, "prose").to_dict()
            {'start': 0, 'end': 4, 'line': 1, 'end_line': 1, 'why': 'prose'}
        """
        return {
            "start": self.start,
            "end": self.end,
            "line": self.line,
            "end_line": self.end_line,
            "why": self.why,
        }


@attrs.frozen
class Reading:
    r"""One reading of an answer that was considered: its moves, where they are, why it lost.

    :attr:`Extraction.alternatives <hanoi_magnet.notation.Extraction.alternatives>` holds the
    readings that lost to the chosen one.

    Attributes:
        moves: the moves of this reading (as :attr:`Extraction.moves
            <hanoi_magnet.notation.Extraction.moves>`).
        spans: the text read as these moves.
        notation: the built-in notation of the moves (``None``: free-form or mixed).
        pegs: the peg naming they were read with (``None``: none could be decided).
        why: why this reading lost (for the chosen one: why it won).
        plausible: a careful reader could have meant this reading as the answer and it
            differs from the chosen one: the extraction is then
            :attr:`~hanoi_magnet.notation.Extraction.ambiguous`.
        truncated: the text ends inside this reading (a list never closed).
        unreadable: the first item of this reading that is not a move, and why.

    Example:
        >>> from hanoi_magnet.notation import extract_moves
        >>> found = extract_moves("Draft: [[1, 0, 1]]\nFinal answer:\nA->C")
        >>> found.moves, found.alternatives[0].moves, found.alternatives[0].why
        (((0, 2),), (Move(disk=1, source=0, target=1),), 'an earlier attempt; the prose after it corrects it')
    """  # noqa: E501 (a doctest's output is one line)

    moves: tuple[ReadMove, ...]
    spans: tuple[Span, ...]
    notation: str | None
    pegs: PegNames | None
    why: str
    plausible: bool = False
    truncated: bool = False
    unreadable: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The reading as plain JSON values (moves as ``[disk, source, target]`` or pairs).

        Example:
            >>> from hanoi_magnet.notation import Reading
            >>> Reading(((0, 2),), (), "arrows", None, "restates the first move").to_dict()["moves"]
            [[0, 2]]
        """
        return {
            "moves": moves_to_json(self.moves),
            "spans": [span.to_dict() for span in self.spans],
            "notation": self.notation,
            "pegs": None if self.pegs is None else self.pegs.name,
            "why": self.why,
            "plausible": self.plausible,
            "truncated": self.truncated,
            "unreadable": self.unreadable,
        }


def moves_to_json(moves: tuple[ReadMove, ...]) -> list[list[int]]:
    """Moves as lists of numbers: ``[disk, source, target]`` or ``[source, target]``."""
    return [
        [move.disk, move.source, move.target] if isinstance(move, Move) else list(move)
        for move in moves
    ]


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
        hedged: why no reading can be chosen with confidence although one was read: the answer
            offers alternatives ("A->C or A->B", "Option 2: ..."), or words between its moves
            neither join nor separate them; :attr:`ambiguous` is then set too. ``None``: it
            does not hedge.
        paragraphs: where the reading goes on after a blank line or after prose between its
            parts: indexes in :attr:`moves` (0-based). A scorer checks whether a part alone is
            an answer: two answers written one after the other are a hedge.
        unfinished: the moves were read inside a reasoning block that is never closed: the
            model never left its reasoning (:attr:`truncated` is set too).
        asked: the notation the caller asked the answer to use (``None``: none was named).
        deviation: how the answer departs from :attr:`asked`, in words (``None``: it keeps to
            it: nothing but its moves, each written as the notation writes it, and blank
            lines; or no notation was asked). The moves read do not depend on it.

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
    hedged: str | None = None
    paragraphs: tuple[int, ...] = ()
    unfinished: bool = False
    asked: str | None = None
    deviation: str | None = None

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
            "hedged": self.hedged,
            "paragraphs": list(self.paragraphs),
            "unfinished": self.unfinished,
            "asked": self.asked,
            "deviation": self.deviation,
        }
