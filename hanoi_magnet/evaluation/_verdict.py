"""The verdict on one reading of an answer: replayed, judged against the task, rewarded.

The rewards of a reading (see :func:`~hanoi_magnet.evaluation.score`): ``graded`` (1 for an
optimal solution, optimum / length for a longer one, 0.05 for legal moves that do not do the
task), ``prefix`` (the progress toward the goal: how much nearer the goal the legal moves
leave the puzzle, as a share of the optimum; legal moves that go nowhere earn nothing),
``solved`` and ``optimal`` (0 or 1), ``strict`` (``graded`` when the answer keeps to the
notation it was asked for, else 0).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import attrs

from hanoi_magnet.errors import Rule, SearchLimitError, UnreachableError
from hanoi_magnet.evaluation._detail import Names, ordinal, plural
from hanoi_magnet.evaluation._instance import Instance, Task
from hanoi_magnet.evaluation._optimum import optimum, plan_pairs
from hanoi_magnet.evaluation._outcome import Outcome
from hanoi_magnet.evaluation._tasks import task_done
from hanoi_magnet.model import Move, State
from hanoi_magnet.notation import ReadMove
from hanoi_magnet.registry import solve
from hanoi_magnet.rules import ClassicRules
from hanoi_magnet.validate import ValidationReport, validate

#: How a score's detail says which rule a move breaks, where the rule has a name people use;
#: the other rules (a move from an empty peg, of a disk that is not on top...) are stated by
#: the detail alone: "the 1st move, B->C, is illegal: peg B is empty".
_BROKEN = {
    Rule.SIZE: "breaks the size rule",
    Rule.DIRECTION: "breaks the direction rule",
    Rule.REPULSION: "breaks the repulsion rule",
    Rule.POST_COLOR: "breaks the post colour rule",
}


@attrs.frozen
class Verdict:
    """The verdict on one reading of an answer."""

    outcome: Outcome
    detail: str
    moves: int
    report: ValidationReport
    error: Any  # the first broken rule (a MoveError), or None
    solved: bool
    unverified: bool
    rewards: dict[str, float]
    progress: Callable[[], float]  # the ``prefix`` reward, computed when it is first read


def judge(
    moves: tuple[ReadMove, ...],
    found: Any,
    instance: Instance,
    best: int,
    max_states: int,
    error_of: Any,
) -> Verdict:
    """The outcome and rewards of one reading (``found``: an Extraction or a Reading).

    ``error_of(report_error, names)``: the :class:`MoveError` of the first broken rule.
    """
    report, first_error = _replay(moves, found, instance, error_of)
    legal = first_error is None
    solved, unverified = task_done(instance, moves, report, legal, max_states)
    length = len(moves)
    naming_error = _naming_error(found, first_error)
    unreadable = _unreadable(first_error)
    graded = 0.0
    if naming_error is not None:
        outcome, detail, solved = Outcome.FORMAT_ERROR, naming_error, False
    elif unreadable is not None:
        outcome, detail = Outcome.FORMAT_ERROR, unreadable
    elif first_error is not None:
        outcome = Outcome.ILLEGAL_MOVE
        detail = (
            f"the {ordinal(first_error.index + 1)} move, {first_error.item}, "
            f"{_BROKEN.get(first_error.rule, 'is illegal')}: {first_error.detail}"
        )
    elif solved:
        optimal = length <= best
        outcome = Outcome.SOLVED_OPTIMALLY if optimal else Outcome.SOLVED
        graded = 1.0 if optimal else best / length
        detail = f"done in {plural(length, 'move')} (the optimum is {best})"
    else:
        graded = 0.05 if length else 0.0
        outcome, detail = _unfinished(found, unverified, length)
    optimal = solved and length <= best
    # the progress may take a search (four posts or more): only a reader of ``prefix`` pays it
    progress = (
        _NO_PROGRESS
        if naming_error is not None
        else functools.partial(_progress, instance, moves, report, best, max_states, legal)
    )
    rewards = {
        "graded": graded,
        "solved": float(solved),
        "optimal": float(optimal),
        "strict": graded if getattr(found, "deviation", None) is None else 0.0,
    }
    return Verdict(
        outcome, detail, length, report, first_error, solved, unverified and legal, rewards,
        progress,
    )  # fmt: skip


def format_error(
    moves: tuple[ReadMove, ...], found: Any, instance: Instance, error_of: Any
) -> tuple[str, ValidationReport, Any] | None:
    """How one reading misses the prompt's format, as :func:`judge` says it (``None``: it does not).

    Pegs that do not fit the prompt's, or an item that is not a move. Returns the detail, the
    replay's report and the first broken rule (a MoveError). For answers to an instance with no
    solution, which :func:`judge` does not take.
    """
    report, first_error = _replay(moves, found, instance, error_of)
    detail = _naming_error(found, first_error) or _unreadable(first_error)
    return None if detail is None else (detail, report, first_error)


def _replay(
    moves: tuple[ReadMove, ...], found: Any, instance: Instance, error_of: Any
) -> tuple[ValidationReport, Any]:
    """The moves replayed from the instance's start, and the first broken rule (or ``None``)."""
    report = replayed(moves, instance)  # legal moves of classic rules: a plain loop
    if report is None:
        report = validate(moves, instance.rules, start=instance.start, goal=instance.goal)
    if report.error is None and found.unreadable is None:
        return report, None
    names = Names(getattr(found, "pegs", None), getattr(found, "notation", None), instance.posts)
    if report.error is not None:
        return report, error_of(report.error, names)
    unread = error_of(None, names, index=len(moves), item=found.unreadable, state=report.state)
    return report, unread


def _naming_error(found: Any, first_error: Any) -> str | None:
    """How the pegs read do not fit the prompt's (``None``: they fit)."""
    mismatch = getattr(found, "pegs_mismatch", None)
    if mismatch is None and (first_error is None or first_error.rule is not Rule.NO_SUCH_POST):
        return None
    described = getattr(found.pegs, "describe", "the pegs read")
    return f"the pegs do not fit the prompt's ({described}): {mismatch or first_error.detail}"


def _unreadable(first_error: Any) -> str | None:
    """The detail of an item that is not a move (``None``: every item is one)."""
    if first_error is None or first_error.rule is not Rule.MALFORMED:
        return None
    return f"the {ordinal(first_error.index + 1)} move cannot be read: {first_error.item}"


def _NO_PROGRESS() -> float:  # noqa: N802 (a constant that is called)
    return 0.0


def _unfinished(found: Any, unverified: bool, length: int) -> tuple[Outcome, str]:
    if unverified:
        return (
            Outcome.UNVERIFIED,
            "off the library's solution; the search to check it hit its limit",
        )
    if found.truncated:
        return (
            Outcome.TRUNCATED,
            f"the text ends inside the answer after {plural(length, 'legal move')}",
        )
    abandoned = getattr(found, "abandoned", None)
    if abandoned:
        return (
            Outcome.ABANDONED,
            f"after {plural(length, 'legal move')} the answer gives up: {abandoned!r}",
        )
    verb = "does" if length == 1 else "do"
    return Outcome.UNSOLVED, f"{plural(length, 'legal move')} that {verb} not do the task"


def _progress(
    instance: Instance,
    moves: tuple[ReadMove, ...],
    report: ValidationReport,
    best: int,
    max_states: int,
    legal: bool,
) -> float:
    """How much nearer the goal the legal moves leave the puzzle, as a share of the optimum.

    0 for moves that go nowhere (a disk shuffled back and forth), 1 for moves that close the
    whole distance asked for. The distance from the start is the task's own (the optimum; for
    ``continue``, what the asked moves should close; for ``next-move``, one move).
    """
    end = report.state
    goal = instance.goal
    if best == 0:  # nothing to do: moves make no progress
        return 1.0 if legal and report.length == 0 and end == goal else 0.0
    if report.length == 0:
        return 0.0
    if end == goal:
        left = 0
    elif report.length < best and _on_the_plan(instance, moves[: report.length]):
        left = best - report.length  # a position on a shortest path: what is left of it
    else:
        try:
            left = optimum(instance.rules, end, goal, max_states=max_states).length
        except (UnreachableError, SearchLimitError):
            return 0.0
    closed = _distance_from_start(instance, best, max_states) - left
    return max(0.0, min(closed, best) / best)


def _on_the_plan(instance: Instance, moves: tuple[ReadMove, ...]) -> bool:
    """Whether ``moves`` are the first moves of the library's optimal plan of a solve task.

    Then the position they reach lies on a shortest path, and its distance to the goal is the
    optimum less their number: no search (four posts or more) is needed to know it.
    """
    if instance.task is not Task.SOLVE or not moves:
        return False
    plan = plan_pairs(instance.rules, instance.start, instance.goal)
    if plan is None:
        return False
    for move, (source, target) in zip(moves, plan, strict=False):  # the plan is longer
        pair = (move.source, move.target) if isinstance(move, Move) else move
        if pair != (source, target):
            return False
    return True


def _distance_from_start(instance: Instance, best: int, max_states: int) -> int:
    """The distance from the instance's start to its goal (the task's own when it is known)."""
    if instance.task is Task.SOLVE:
        return best
    if instance.task is Task.CONTINUE and instance.variant is not None:
        assert instance.done is not None
        return solve(instance.variant, instance.n).length - instance.done
    try:
        return optimum(instance.rules, instance.start, instance.goal, max_states=max_states).length
    except (UnreachableError, SearchLimitError):  # pragma: no cover - the instance has a move
        return best


def replayed(moves: tuple[ReadMove, ...], instance: Instance) -> ValidationReport | None:
    """:func:`validate`'s report on legal moves under classic rules toward one tower.

    ``None`` for anything else (other rules or goals, an illegal move, a post the rules do not
    have, a move without its disk): :func:`validate` decides then, and names the broken rule.
    The tests check that the two reports agree.
    """
    rules, start, goal = instance.rules, instance.start, instance.goal
    if type(rules) is not ClassicRules or rules.allowed is not None or goal.faces is not None:
        return None
    n = instance.n
    stacks = [list(stack) for stack in start.posts]
    towers = [post for post, stack in enumerate(goal.posts) if len(stack) == n]
    if start.faces is not None or not towers or len(stacks) != len(goal.posts):
        return None
    tower = stacks[towers[0]]
    reached = 0 if len(tower) == n else None
    try:
        for index, move in enumerate(moves, 1):
            if type(move) is not Move:
                return None
            disk, source, target = move.disk, move.source, move.target
            stack, below = stacks[source], stacks[target]
            if source == target or not stack or stack[-1] != disk or (below and below[-1] < disk):
                return None
            stack.pop()
            below.append(disk)
            if below is tower and reached is None and len(tower) == n:
                reached = index
    except IndexError:  # a post beyond the rules'
        return None
    state = State._trusted(tuple(tuple(stack) for stack in stacks), None)
    return ValidationReport(
        ok=True,
        solved=len(tower) == n,
        length=len(moves),
        error=None,
        state=state,
        goal_index=reached,
    )
