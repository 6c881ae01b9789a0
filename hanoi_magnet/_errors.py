"""The exceptions that need nothing of the puzzle's values (private; see hanoi_magnet.errors).

They live below :mod:`hanoi_magnet.model`, which raises them; :mod:`hanoi_magnet.errors`, their
public home, adds the ones that carry moves and positions. Each class says it belongs there.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from hanoi_magnet._text import shown

__all__ = [
    "AmbiguousNotationError",
    "HanoiError",
    "InvalidArgumentError",
    "MoveIndexError",
    "NoRationalLimitError",
    "NoRecurrenceError",
    "NotOnPathError",
    "NotSolvedError",
    "NotationError",
    "PlanError",
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

    The message gives the ``reason`` when there is one (a malformed ``arcs:`` list, or moves
    that cannot solve the puzzle), then the close matches among the ``known`` labels.

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

    def __init__(
        self, label: object, known: Iterable[str], *, what: str = "variant", reason: str = ""
    ) -> None:
        self.label = label
        known = sorted(set(known))
        text = label.strip() if isinstance(label, str) else ""
        self.suggestions: tuple[str, ...] = _close_matches(text, known)
        hint = (
            f"; did you mean {', '.join(repr(s) for s in self.suggestions)}?"
            if self.suggestions
            else f"; known labels: {', '.join(known[:40])}{', ...' if len(known) > 40 else ''}"
            if known
            else ""
        )
        why = f": {reason}" if reason else ""
        super().__init__(f"unknown {what} label {shown(label)}{why}{hint}")


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


def _shorten(text: str, limit: int = 160) -> str:
    """A long text for a message: its start and end around the number of characters left out."""
    if len(text) <= limit:
        return text
    keep = limit // 2
    return f"{text[:keep]} ...<{len(text) - 2 * keep:,} characters>... {text[-keep:]}"


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

    Raised by :func:`~hanoi_magnet.theory.recurrence` and the functions built on it for
    solvers whose plan changes with n (Frame–Stewart's best split), solvers that are not plan
    tables, and tables with steps the recurrences do not model. Counting still works
    (:func:`~hanoi_magnet.theory.count`). Raised too by
    :func:`~hanoi_magnet.theory.find_recurrence` when no recurrence short enough to be
    found and checked fits the terms given.

    Example:
        >>> from hanoi_magnet import NoRecurrenceError
        >>> from hanoi_magnet.theory import recurrence
        >>> try:
        ...     recurrence("classic:4")
        ... except NoRecurrenceError as error:
        ...     print(str(error).split(": ")[0])
        classic:4 has no fixed linear recurrence
    """


class NoRationalLimitError(HanoiError, ValueError):
    """An asymptotic factor that is not a rational number (or does not exist).

    Raised by :func:`~hanoi_magnet.theory.asymptotic_factors` when the dominant eigenvalue is
    irrational (the cyclic puzzles: 1 + sqrt(3)), when it is a repeated root that makes the
    counts grow like n times a power, or when another root of the same modulus makes them
    oscillate.

    Example:
        >>> from hanoi_magnet import NoRationalLimitError
        >>> from hanoi_magnet.theory import asymptotic_factors
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


for _name in __all__:
    globals()[_name].__module__ = "hanoi_magnet.errors"  # their public home
