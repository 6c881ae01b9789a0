"""What each task asks of an answer: its optimum, and when the answer does the task."""

from __future__ import annotations

from hanoi_magnet.errors import SearchLimitError, UnreachableError
from hanoi_magnet.evaluation._instance import Instance, Task
from hanoi_magnet.evaluation._optimum import optimal_moves, optimum
from hanoi_magnet.model import Move, State
from hanoi_magnet.notation import ReadMove
from hanoi_magnet.registry import solve
from hanoi_magnet.validate import ValidationReport


def task_optimum(instance: Instance, max_states: int) -> tuple[int, bool | None]:
    """The instance's optimum and proof status (recomputed when withheld)."""
    if instance.optimum is not None:
        return instance.optimum, instance.proven
    if instance.task is Task.SOLVE:
        best = optimum(
            instance.rules,
            instance.start,
            instance.goal,
            variant=instance.variant,
            max_states=max_states,
        )
        return best.length, best.proven
    if instance.task is Task.NEXT_MOVE:
        return 1, True
    assert instance.variant is not None
    assert instance.count is not None
    solution = solve(instance.variant, instance.n)
    whole = optimum(instance.rules, solution.start, instance.goal, variant=instance.variant)
    return instance.count, whole.proven


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
