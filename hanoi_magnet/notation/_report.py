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
        (((0, 2),), (Move(disk=1, source=0, target=1),), 'an earlier answer, replaced by a later one')
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
