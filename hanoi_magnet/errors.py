"""The exceptions of hanoi_magnet, and the names of the rules a move can break.

Every exception the library raises on purpose derives from :class:`HanoiError` and from the
builtin it refines, so ``except ValueError`` keeps working for callers who do not know this
library, and ``except HanoiError`` catches everything it raises.
"""

from __future__ import annotations

import difflib
import enum
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
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


class HanoiError(Exception):
    """Base class of every error hanoi_magnet raises on purpose.

    Example:
        >>> from hanoi_magnet import HanoiError, solve
        >>> try:
        ...     solve("XYZ", 3)
        ... except HanoiError as error:
        ...     print(type(error).__name__)
        UnknownVariantError
    """


class InvalidArgumentError(HanoiError, ValueError, TypeError):
    """An argument has the wrong type or an out-of-range value.

    It subclasses both :class:`ValueError` and :class:`TypeError`, so either ``except`` clause a
    caller already has catches it.

    Example:
        >>> from hanoi_magnet import InvalidArgumentError, solve
        >>> try:
        ...     solve("NNN", -1)
        ... except InvalidArgumentError as error:
        ...     print(error)
        n must be an integer >= 0 (the number of disks), got -1
    """


class UnknownVariantError(HanoiError, LookupError):
    """A variant label that no registered solver answers to.

    Attributes:
        label: the label that was asked for.
        suggestions: the closest known labels, best first.

    Example:
        >>> from hanoi_magnet import UnknownVariantError, solve
        >>> try:
        ...     solve("NNM", 3)
        ... except UnknownVariantError as error:
        ...     print(sorted(error.suggestions[:3]))
        ['NNB', 'NNN', 'NNR']
    """

    def __init__(self, label: object, known: Iterable[str], *, what: str = "variant") -> None:
        self.label = label
        known = sorted(set(known))
        self.suggestions: tuple[str, ...] = _close_matches(str(label).strip(), known)
        hint = (
            f"; did you mean {', '.join(repr(s) for s in self.suggestions)}?"
            if self.suggestions
            else f"; known labels: {', '.join(known[:40])}{', ...' if len(known) > 40 else ''}"
        )
        super().__init__(f"unknown {what} label {label!r}{hint}")


def _close_matches(text: str, known: list[str]) -> tuple[str, ...]:
    """Up to five known labels nearest to ``text``, by difflib's similarity.

    Ties are broken by letters in place: ``NNM`` is as similar to ``RNN`` as to ``NNN``, but
    only one letter away from ``NNN``.
    """

    def score(candidate: str) -> tuple[float, int]:
        a, b = text.upper(), candidate.upper()
        in_place = sum(x == y for x, y in zip(a, b, strict=False)) if len(a) == len(b) else 0
        return difflib.SequenceMatcher(None, a, b).ratio(), in_place

    ranked = sorted(known, key=score, reverse=True)
    return tuple(k for k in ranked if score(k)[0] >= 0.5)[:5]


def _number(value: int) -> str:
    """An integer for a message: every digit when short, else its size (no str() limit)."""
    if abs(value) < 10**40:
        return str(value)
    digits = int(abs(value).bit_length() * 0.30102999566398120) + 1
    return f"{'-' if value < 0 else ''}<a number of about {digits:,} digits>"


class UnsolvableError(HanoiError, ValueError):
    """The puzzle has no solution (for example the ``RRR`` variant: no legal first move).

    Example:
        >>> from hanoi_magnet import UnsolvableError, solve
        >>> try:
        ...     solve("RRR", 2)
        ... except UnsolvableError as error:
        ...     print(str(error).split(":")[0])
        variant RRR has no solution for 2 disks
    """


class SolverError(HanoiError, ValueError):
    """A solver contradicts itself: its claims disagree with its own moves.

    For example its ``length(n)`` says 8 while its ``solve(n)`` yields 7 moves. Raised as soon
    as both are known; :class:`PlanError` is the kind raised for plan tables.

    Example:
        >>> from hanoi_magnet import PlanError, SolverError
        >>> issubclass(PlanError, SolverError)
        True
    """


class PlanError(SolverError):
    """A solver's plan table is inconsistent (a step starts where the previous one did not end).

    Raised when a plan table is first used, naming the table, the step and what was expected.

    Example:
        >>> from hanoi_magnet import PlanError
        >>> issubclass(PlanError, ValueError)
        True
    """


class MoveIndexError(HanoiError, IndexError):
    """A move or position index outside a solution.

    Example:
        >>> from hanoi_magnet import MoveIndexError, solve
        >>> try:
        ...     solve("classic", 2)[3]
        ... except MoveIndexError as error:
        ...     print(error)
        move index 3 is out of range for a solution of 3 moves (valid: -3 <= k < 3)
    """


class NotOnPathError(HanoiError, ValueError):
    """A state that the optimal solution never passes through (so it has no rank).

    Example:
        >>> from hanoi_magnet import NotOnPathError, State, solve
        >>> try:
        ...     solve("classic", 2).rank(State(((1,), (2,), ())))
        ... except NotOnPathError as error:
        ...     print(type(error).__name__)
        NotOnPathError
    """


class NotSolvedError(HanoiError, ValueError):
    """Every move was legal, but the moves did not end in the goal (raised by :func:`check`).

    Example:
        >>> from hanoi_magnet import NotSolvedError, check
        >>> try:
        ...     check(["S->D"], "classic", 2)
        ... except NotSolvedError as error:
        ...     print(type(error).__name__)
        NotSolvedError
    """


class UnreachableError(HanoiError, ValueError):
    """No sequence of legal moves leads from the start to the goal.

    Example:
        >>> from hanoi_magnet import UnreachableError
        >>> issubclass(UnreachableError, ValueError)
        True
    """


class SearchLimitError(HanoiError, ValueError):
    """A search would visit more states than the ``max_states`` it was allowed.

    Example:
        >>> from hanoi_magnet import SearchLimitError
        >>> issubclass(SearchLimitError, ValueError)
        True
    """


class TooLargeError(HanoiError, ValueError, OverflowError):
    """A request too large to answer (memory, time or digits), refused at once with an estimate.

    It subclasses :class:`ValueError` and :class:`OverflowError`: ``len()`` of a solution whose
    length does not fit a machine integer raises it, as do lists of numbers that would not fit
    in memory.

    Example:
        >>> from hanoi_magnet import TooLargeError, solve
        >>> try:
        ...     len(solve("classic", 64))
        ... except TooLargeError as error:
        ...     print(str(error).split(";")[0])
        the solution has 18446744073709551615 moves, more than len() can return
    """


class NoRecurrenceError(HanoiError, ValueError):
    """A variant's counts follow no fixed linear recurrence, so the theory does not apply.

    Raised by :func:`~hanoi_magnet.recurrence` and the functions built on it for solvers whose
    plan changes with n (Frame–Stewart's best split), solvers that are not plan tables, and
    tables with steps the recurrences do not model. Counting still works
    (:func:`~hanoi_magnet.count`).

    Example:
        >>> from hanoi_magnet import NoRecurrenceError, recurrence
        >>> try:
        ...     recurrence("classic:4")
        ... except NoRecurrenceError as error:
        ...     print(str(error).split(": ")[0])
        classic:4 has no fixed linear recurrence
    """


class NoRationalLimitError(HanoiError, ValueError):
    """An asymptotic factor that is not a rational number (or does not exist).

    Raised by :func:`~hanoi_magnet.asymptotic_factors` when the dominant eigenvalue is
    irrational (the cyclic puzzles: 1 + sqrt(3)), when it is a repeated root that makes the
    counts grow like n times a power, or when another root of the same modulus makes them
    oscillate.

    Example:
        >>> from hanoi_magnet import NoRationalLimitError, asymptotic_factors
        >>> try:
        ...     asymptotic_factors("cyclic")
        ... except NoRationalLimitError as error:
        ...     print(str(error).split(": ")[0])
        no rational asymptotic factors for cyclic
    """


class NotationError(HanoiError, ValueError):
    r"""Text that cannot be read as moves in the notation asked for, or holds no moves at all.

    Attributes:
        line: the 1-based line of the text where reading failed (``None``: not one line).

    Example:
        >>> from hanoi_magnet import NotationError
        >>> from hanoi_magnet.notation import NOTATIONS
        >>> try:
        ...     NOTATIONS["arrows"].read("S->D\nS to I")
        ... except NotationError as error:
        ...     print(error)
        line 2: expected a move such as 'S->D' (notation 'arrows'), got 'S to I'
    """

    def __init__(self, message: str, *, line: int | None = None) -> None:
        self.line = line
        super().__init__(message if line is None else f"line {line}: {message}")


class AmbiguousNotationError(NotationError):
    """Text that reads as moves in more than one way, with nothing to choose between them.

    Attributes:
        readings: each possible reading, described in words (for instance ``"pegs numbered
            from 0"`` and ``"pegs numbered from 1"``).

    Example:
        >>> from hanoi_magnet import AmbiguousNotationError
        >>> from hanoi_magnet.notation import extract_moves
        >>> try:
        ...     extract_moves("1 2")
        ... except AmbiguousNotationError as error:
        ...     print(error.readings)
        ('pegs numbered from 0', 'pegs numbered from 1')
    """

    def __init__(self, message: str, readings: Iterable[str]) -> None:
        self.readings = tuple(readings)
        super().__init__(f"{message}; possible readings: {'; '.join(self.readings)}")


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
        state: the state before the move (``None`` when unknown, e.g. from :func:`parse_moves`).
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
            where += f" ({self.item!r})"
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
