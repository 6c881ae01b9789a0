"""What each task asks of an answer: its optimum, and when the answer does the task."""

from __future__ import annotations

from hanoi_magnet.errors import SearchLimitError, UnreachableError, UnsolvableError
from hanoi_magnet.evaluation._instance import Instance, Task
from hanoi_magnet.evaluation._optimum import optimal_moves, optimum
from hanoi_magnet.model import Move, State
from hanoi_magnet.notation import ReadMove
from hanoi_magnet.registry import solve
from hanoi_magnet.validate import ValidationReport


def task_optimum(instance: Instance, max_states: int) -> tuple[int | None, bool | None, str | None]:
    """The instance's optimum, proof status and why it has no solution.

    Recomputed when withheld; the optimum is ``None`` exactly when there is no solution.
    """
    if instance.unsolvable is not None:
        return None, None, instance.unsolvable
    if instance.optimum is not None:
        return instance.optimum, instance.proven, None
    if instance.task is Task.SOLVE:
        try:
            best = optimum(
                instance.rules,
                instance.start,
                instance.goal,
                variant=instance.variant,
                max_states=max_states,
            )
        except (UnreachableError, UnsolvableError) as error:
            return None, None, str(error)
        return best.length, best.proven, None
    if instance.task is Task.NEXT_MOVE:
        return 1, True, None
    assert instance.variant is not None
    assert instance.count is not None
    solution = solve(instance.variant, instance.n)
    whole = optimum(instance.rules, solution.start, instance.goal, variant=instance.variant)
    return instance.count, whole.proven, None


def task_done(
    instance: Instance,
    moves: tuple[ReadMove, ...],
    report: ValidationReport,
    legal: bool,
    max_states: int,
) -> tuple[bool, bool]:
    """(whether the task is done, whether that could not be checked)."""
    if not legal:
        return False, False
    if instance.task is Task.SOLVE:
        return report.solved, False
    if instance.task is Task.NEXT_MOVE:
        if len(moves) != 1:
            return False, False
        best = instance.expected
        if best is None:
            best = optimal_moves(
                instance.rules, instance.start, instance.goal, max_states=max_states
            )
        move = moves[0]
        pair = (move.source, move.target) if isinstance(move, Move) else move
        return pair in {(m.source, m.target) for m in best}, False
    return _continued(instance, moves, report.state, max_states)


def _continued(
    instance: Instance, moves: tuple[ReadMove, ...], end: State, max_states: int
) -> tuple[bool, bool]:
    assert instance.variant is not None
    assert instance.count is not None
    assert instance.done is not None
    if len(moves) != instance.count:
        return False, False
    solution = solve(instance.variant, instance.n)
    if end == solution.unrank(instance.done + instance.count):
        return True, False
    remaining = solution.length - instance.done - instance.count
    try:
        found = optimum(instance.rules, end, instance.goal, max_states=max_states)
    except UnreachableError:
        return False, False
    except SearchLimitError:
        return False, True
    return found.length == remaining, False
