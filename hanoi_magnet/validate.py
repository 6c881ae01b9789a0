"""Replay a sequence of moves and report the first broken rule — streaming, constant memory.

Moves may be :class:`~hanoi_magnet.Move` objects, ``(source, target)`` pairs (the disk is the
one on top), mappings with integer ``"source"`` and ``"target"`` and optionally ``"disk"`` (as
JSON records read back; other keys such as ``"index"`` are ignored), or text: ``"S->D"``,
``"S -> D"``, ``"SD"``, ``"0 2"``, ``"0->2"``, optionally prefixed by a disk number as the solver
prints them (``"3: S -> D"``), one per line or separated by commas or semicolons; ``#`` starts a
comment. Letters S, I, D name posts 0, 1, 2.

A number too long to name any post or disk (more than 100 digits) is not read: the move is
reported as naming no such post (or disk), with the number abbreviated.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping
from typing import TypeAlias

import attrs

from hanoi_magnet._move_text import parse_token, tokens
from hanoi_magnet._replay import Replay
from hanoi_magnet._replay_loops import run
from hanoi_magnet._text import shown
from hanoi_magnet.errors import (
    IllegalMoveError,
    InvalidArgumentError,
    NotSolvedError,
)
from hanoi_magnet.model import Move, State, _disk_count
from hanoi_magnet.rules import Rules
from hanoi_magnet.variants import Variant

__all__ = ["MoveLike", "ValidationReport", "check", "parse_moves", "validate"]

#: What the validator accepts as one move.
MoveLike: TypeAlias = Move | tuple[int, int] | Mapping[str, int] | str


def parse_moves(text: str) -> list[Move | tuple[int, int]]:
    r"""Read moves from text: one per line or separated by commas or semicolons.

    A move with a disk number (``"3: S -> D"``) becomes a :class:`~hanoi_magnet.Move`; one
    without becomes a ``(source, target)`` pair. Raises
    :class:`~hanoi_magnet.IllegalMoveError` with rule ``MALFORMED`` and the token's index for
    anything else (``NO_SUCH_POST`` or ``NO_SUCH_DISK`` for a number of more than 100 digits,
    which no puzzle has).

    Example:
        >>> from hanoi_magnet.validate import parse_moves
        >>> parse_moves("S->D, SI\n0 2  # a comment\n1: I -> D")
        [(0, 2), (0, 1), (0, 2), Move(disk=1, source=1, target=2)]
    """
    if not isinstance(text, str):
        raise InvalidArgumentError(f"parse_moves expects a string, got {type(text).__name__}")
    moves: list[Move | tuple[int, int]] = []
    for index, token in enumerate(tokens(text)):
        try:
            moves.append(parse_token(token))
        except IllegalMoveError as error:
            raise error.at(index) from None
    return moves


@attrs.frozen(slots=True)
class ValidationReport:
    """The verdict of :func:`validate`.

    Attributes:
        ok: every move read was legal.
        solved: every move was legal and the last one left the goal position.
        length: the number of legal moves replayed (all of them when ``ok``).
        error: ``None``, or the :class:`~hanoi_magnet.IllegalMoveError` of the first illegal
            move, with its ``index``, ``move``, ``state`` before it and ``rule``.
        state: the position after the last legal move.
        goal_index: after how many moves the goal was first reached (``None``: never).

    Example:
        >>> from hanoi_magnet import validate
        >>> report = validate("S->I, S->D, I->D", "classic", 2)
        >>> report.ok, report.solved, report.length, report.goal_index
        (True, True, 3, 3)
        >>> print(report)
        solved: 3 legal moves reach the goal
    """

    ok: bool
    solved: bool
    length: int
    error: IllegalMoveError | None
    state: State
    goal_index: int | None

    def __str__(self) -> str:
        if self.error is not None:
            return f"illegal: {self.error}"
        if self.solved:
            return f"solved: {self.length} legal moves reach the goal"
        reached = "" if self.goal_index is None else f" (reached at move {self.goal_index})"
        return f"not solved: {self.length} legal moves do not end in the goal{reached}"


def _state_argument(value: object, name: str) -> State | None:
    if value is None or isinstance(value, State):
        return value
    raise InvalidArgumentError(
        f"{name} must be a State (or None), got {type(value).__name__} {shown(value)}"
    )


def _resolve(
    variant: object, n: object, start: object, goal: object
) -> tuple[Rules, State, State | None]:
    start = _state_argument(start, "start")
    goal = _state_argument(goal, "goal")
    if isinstance(variant, Rules):
        if start is None:
            raise InvalidArgumentError("validating against bare rules needs a start state")
        return variant, start, goal
    if isinstance(variant, str):
        from hanoi_magnet.registry import default_registry  # noqa: PLC0415 (import cycle)

        variant = default_registry.variant(variant)
    if not isinstance(variant, Variant):
        raise InvalidArgumentError(
            "variant must be a label, a Variant or a Rules object, "
            f"got {type(variant).__name__} {shown(variant)}"
        )
    if start is None:
        if n is None:
            raise InvalidArgumentError("give n (the number of disks) or a start state")
        start = variant.start(_disk_count(n))
    elif n is not None and _disk_count(n) != start.n:
        raise InvalidArgumentError(f"n = {shown(n)} but the start state has {start.n} disks")
    if goal is None:
        goal = variant.goal(start.n)
    return variant.rules, start, goal


def validate(
    moves: Iterable[MoveLike] | str,
    variant: str | Variant | Rules,
    n: int | None = None,
    *,
    start: State | None = None,
    goal: State | None = None,
) -> ValidationReport:
    """Replay ``moves`` and report the first illegal one, or whether they solve the puzzle.

    Streaming: the moves are read one at a time and never stored, so a generator of any length
    is checked in constant memory. Nothing raises for bad moves — they are reported; only bad
    arguments (an unknown label, a bad ``n``) raise.

    Args:
        moves: an iterable of moves (see the module documentation), or text.
        variant: a label such as ``"NNN"``, a :class:`~hanoi_magnet.Variant`, or bare rules
            (then ``start`` is required).
        n: the number of disks (not needed when ``start`` is given).
        start: the position to start from (default: the variant's start).
        goal: the position to reach (default: the variant's goal; with bare rules, none).

    Example:
        >>> from hanoi_magnet import validate
        >>> report = validate(["S->I", "S->D", "I->D"], "NNN", 2)
        >>> report.ok, report.error.rule.name, report.error.index
        (False, 'REPULSION', 2)
        >>> print(report.error.state)
        S: - | I: 1b | D: 2b
    """
    rules, start, goal = _resolve(variant, n, start, goal)
    rules._check_state_shape(start)
    if goal is not None:
        rules._check_state_shape(goal)
        if goal.n != start.n:
            raise InvalidArgumentError(f"the start has {start.n} disks but the goal {goal.n}")
    if isinstance(moves, str):
        # One string: its lines, one at a time (each is split further as any text item is).
        moves = io.StringIO(moves, newline=None)
    elif not isinstance(moves, Iterable):
        raise InvalidArgumentError(
            f"moves must be an iterable of moves or a string, got {type(moves).__name__}"
        )
    replay = Replay(rules, start, goal)
    error = run(replay, moves)
    return ValidationReport(
        ok=error is None,
        solved=error is None and replay.at_goal(),
        length=replay.index,
        error=error,
        state=replay.state(),
        goal_index=replay.goal_index,
    )


def check(
    moves: Iterable[MoveLike] | str,
    variant: str | Variant | Rules,
    n: int | None = None,
    *,
    start: State | None = None,
    goal: State | None = None,
) -> ValidationReport:
    """Like :func:`validate`, but raise instead of reporting a failure.

    Raises:
        IllegalMoveError: the first illegal move (with ``index``, ``move``, ``state``, ``rule``).
        NotSolvedError: every move was legal but they did not end in the goal.

    Example:
        >>> from hanoi_magnet import check
        >>> check("SI SD ID".split(), "classic", 2).length
        3
    """
    report = validate(moves, variant, n, start=start, goal=goal)
    if report.error is not None:
        raise report.error
    if not report.solved:
        raise NotSolvedError(str(report))
    return report
