"""The exceptions of hanoi_magnet, and the names of the rules a move can break.

Every exception the library raises on purpose derives from :class:`HanoiError` and from the
builtin it refines, so ``except ValueError`` keeps working for callers who do not know this
library, and ``except HanoiError`` catches everything it raises.
"""

from __future__ import annotations

import enum

from hanoi_magnet._errors import (
    AmbiguousNotationError,
    HanoiError,
    InvalidArgumentError,
    MoveIndexError,
    NoRationalLimitError,
    NoRecurrenceError,
    NotationError,
    NotOnPathError,
    NotSolvedError,
    PlanError,
    SearchLimitError,
    SolverError,
    TooLargeError,
    UnknownVariantError,
    UnreachableError,
    UnsolvableError,
)
from hanoi_magnet._text import shown
from hanoi_magnet.model import Move, State

__all__ = [
    "AmbiguousNotationError",
    "HanoiError",
    "IllegalMoveError",
    "InvalidArgumentError",
    "MoveIndexError",
    "NoRationalLimitError",
    "NoRecurrenceError",
    "NotOnPathError",
    "NotSolvedError",
    "NotationError",
    "PlanError",
    "Rule",
    "SearchLimitError",
    "SolverError",
    "TooLargeError",
    "UnknownVariantError",
    "UnreachableError",
    "UnsolvableError",
]


class Rule(enum.Enum):
    """Which rule an illegal move breaks.

    Example:
        >>> from hanoi_magnet import Rule
        >>> Rule.SIZE.describe()
        'a larger disk may not be placed on a smaller one'
    """

    #: A larger disk may not be placed on a smaller one.
    SIZE = "size"
    #: Touching faces of the same colour repel (magnetic rules).
    REPULSION = "repulsion"
    #: A disk placed on an empty coloured post must show that colour (magnetic rules).
    POST_COLOR = "post color"
    #: The source post has no disk.
    EMPTY_SOURCE = "empty source"
    #: The source and the target are the same post.
    SAME_POST = "same post"
    #: The move names a post the puzzle does not have.
    NO_SUCH_POST = "no such post"
    #: The move names a disk the puzzle does not have.
    NO_SUCH_DISK = "no such disk"
    #: The named disk is not the top disk of the source post.
    NOT_ON_TOP = "not on top"
    #: The rules forbid moves in this direction (the linear and cyclic families).
    DIRECTION = "direction"
    #: The input could not be read as a move at all.
    MALFORMED = "malformed"

    def describe(self) -> str:
        """A one-line statement of the rule.

        Example:
            >>> from hanoi_magnet import Rule
            >>> Rule.REPULSION.describe()
            'touching faces of the same colour repel'
        """
        return _RULE_TEXT[self]


_RULE_TEXT = {
    Rule.SIZE: "a larger disk may not be placed on a smaller one",
    Rule.REPULSION: "touching faces of the same colour repel",
    Rule.POST_COLOR: "a disk placed on an empty coloured post must show the post's colour",
    Rule.EMPTY_SOURCE: "a move must take a disk from a post that has one",
    Rule.SAME_POST: "a move must go to a different post",
    Rule.NO_SUCH_POST: "a move must name posts the puzzle has",
    Rule.NO_SUCH_DISK: "a move must name a disk the puzzle has",
    Rule.NOT_ON_TOP: "only the top disk of a post can move",
    Rule.DIRECTION: "the rules allow moves only in some directions",
    Rule.MALFORMED: "a move is a Move, a (source, target) pair, or text such as 'S->D'",
}


class IllegalMoveError(HanoiError, ValueError):
    """A move that breaks a rule, with everything needed to say where and why.

    Attributes:
        rule: the :class:`Rule` that was broken.
        move: the offending :class:`~hanoi_magnet.Move` (``None`` when the input was malformed).
        state: the state before the move (``None`` when unknown, e.g. from
            :func:`~hanoi_magnet.validate.parse_moves`).
        index: the 0-based position of the move in the sequence (``None`` for a single move).
        item: the raw input that was given for this move.

    Example:
        >>> from hanoi_magnet import IllegalMoveError, validate
        >>> report = validate(["S->D", "S->D"], "classic", 2)
        >>> error = report.error
        >>> error.index, error.rule.name
        (1, 'SIZE')
        >>> print(error)
        move 1 (disk 2: S -> D) is illegal (size): disk 2 cannot be placed on disk 1
    """

    def __init__(
        self,
        rule: Rule,
        detail: str,
        *,
        move: Move | None = None,
        state: State | None = None,
        index: int | None = None,
        item: object = None,
    ) -> None:
        self.rule = rule
        self.detail = detail
        self.move = move
        self.state = state
        self.index = index
        self.item = item
        super().__init__(self._message())

    def _message(self) -> str:
        where = "move" if self.index is None else f"move {self.index}"
        if self.move is not None:
            where += f" (disk {self.move})"
        elif self.item is not None:
            where += f" ({shown(self.item)})"
        return f"{where} is illegal ({self.rule.value}): {self.detail}"

    def at(self, index: int) -> IllegalMoveError:
        """The same error, placed at position ``index`` of a move sequence.

        Example:
            >>> from hanoi_magnet import IllegalMoveError, Rule
            >>> IllegalMoveError(Rule.SAME_POST, "S to S").at(4).index
            4
        """
        return IllegalMoveError(
            self.rule, self.detail, move=self.move, state=self.state, index=index, item=self.item
        )
