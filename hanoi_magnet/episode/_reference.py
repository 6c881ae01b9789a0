"""An optimal answer to an instance, in its notation: what a dataset shows as the answer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hanoi_magnet._text import integer_text
from hanoi_magnet.errors import InvalidArgumentError, TooLargeError
from hanoi_magnet.evaluation import ABSTENTION, Instance, Task, optimal_moves
from hanoi_magnet.model import Move, _integer
from hanoi_magnet.notation import get_notation
from hanoi_magnet.registry import solve
from hanoi_magnet.search import DEFAULT_MAX_STATES, shortest_path

if TYPE_CHECKING:
    from collections.abc import Sequence

#: The most moves :func:`reference_answer` writes out by default.
MAX_ANSWER_MOVES = 1 << 16


def reference_moves(
    instance: Instance, *, max_states: int = DEFAULT_MAX_STATES
) -> Sequence[Move] | None:
    """The moves of an optimal answer to ``instance`` (``None``: it has no solution).

    ``solve``: a shortest path from the start to the goal (lazy on three posts, found by
    search on more); ``continue``: the next moves of the library's solution; ``next-move``:
    the first move that begins a shortest path.

    Example:
        >>> from hanoi_magnet.episode import reference_moves
        >>> from hanoi_magnet.evaluation import generate
        >>> instance = generate(seed=5, count=1, tasks=["next-move"])[0]
        >>> list(reference_moves(instance)) == list(instance.expected[:1])
        True
    """
    if not isinstance(instance, Instance):
        raise InvalidArgumentError(f"instance must be an Instance, got {type(instance).__name__}")
    if instance.unsolvable is not None:
        return None
    if instance.task is Task.SOLVE:
        return shortest_path(instance.rules, instance.start, instance.goal, max_states=max_states)
    if instance.task is Task.CONTINUE:
        if instance.expected is not None:
            return instance.expected
        assert instance.variant is not None  # a continue task has them (checked by Instance)
        assert instance.done is not None
        done, count = instance.done, instance.count or 0
        return tuple(solve(instance.variant, instance.n)[done : done + count])
    expected = instance.expected or optimal_moves(
        instance.rules, instance.start, instance.goal, max_states=max_states
    )
    return expected[:1]


def reference_answer(
    instance: Instance,
    *,
    max_moves: int = MAX_ANSWER_MOVES,
    max_states: int = DEFAULT_MAX_STATES,
) -> str:
    """An optimal answer to ``instance``, written in its notation.

    An instance with no solution is answered with the abstention phrase.

    Raises:
        TooLargeError: the answer has more than ``max_moves`` moves (64 disks: 2^64 - 1).

    Example:
        >>> from hanoi_magnet.episode import reference_answer
        >>> from hanoi_magnet.evaluation import generate, score
        >>> instance = generate(seed=5, count=1, tasks=["solve"], families=["magnetic"])[0]
        >>> score(reference_answer(instance), instance).optimal
        True
    """
    limit = _integer(max_moves, "max_moves")
    moves = reference_moves(instance, max_states=max_states)
    if moves is None:
        return ABSTENTION
    length = moves.length if hasattr(moves, "length") else len(moves)
    if length > limit:
        raise TooLargeError(
            f"an optimal answer to instance {instance.id} has {integer_text(length)} moves, "
            f"more than max_moves={integer_text(limit)}"
        )
    return get_notation(instance.notation).format(moves, instance.posts)
