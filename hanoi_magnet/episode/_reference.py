"""An optimal answer to an instance, in its notation: what a dataset shows as the answer."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from hanoi_magnet._text import integer_text
from hanoi_magnet.episode._speech import Speech, plural
from hanoi_magnet.errors import InvalidArgumentError, SearchLimitError, TooLargeError
from hanoi_magnet.evaluation import ABSTENTION, Instance, Task, optimal_moves
from hanoi_magnet.model import Move, _integer
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

    ``solve``: the variant's own solution from tower to tower (lazy; on five posts or more
    Frame–Stewart's, presumed optimal as the instance's optimum is), else a shortest path from
    the start to the goal (lazy on three posts, found by search on more); ``continue``: the
    next moves of the library's solution; ``next-move``: the first move that begins a shortest
    path.

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
        if instance.variant is not None:  # tower to tower: the variant's own solution, lazily
            solution = solve(instance.variant, instance.n)
            if (
                solution.start == instance.start
                and solution.unrank(solution.length) == instance.goal
            ):
                return solution
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
    return Speech.of(instance).moves(moves)


@attrs.frozen
class WrittenAnswer:
    """An optimal answer as a dataset shows it, or why none is shown.

    Attributes:
        text: the answer in the instance's notation (``None``: withheld).
        withheld: why it is not written (``None``: it is).

    Example:
        >>> from hanoi_magnet.episode import written_answer
        >>> from hanoi_magnet.evaluation import generate
        >>> small = generate(seed=1, count=1, tasks=["solve"], families=["classic"], disks=(2, 2))
        >>> written_answer(small[0]).withheld is None
        True
    """

    text: str | None
    withheld: str | None = None


def written_answer(
    instance: Instance,
    *,
    max_moves: int = MAX_ANSWER_MOVES,
    max_states: int = DEFAULT_MAX_STATES,
) -> WrittenAnswer:
    """The answer every adapter shows for ``instance``: never an error for a large one.

    The one policy of every harness adapter: an optimal answer of more than ``max_moves``
    moves (65,536 by default: classic rules from 17 disks, the free magnetic puzzle from 14),
    or one that needs a search beyond ``max_states`` positions, is not written; its ``text``
    is ``None`` and ``withheld`` says why. The instance itself, its prompt and its optimum are
    unaffected, and answers to it are scored as any other.

    Example:
        >>> from hanoi_magnet.episode import written_answer
        >>> from hanoi_magnet.evaluation import generate
        >>> big = generate(seed=1, count=1, tasks=["solve"], families=["classic"], disks=(17, 17))
        >>> found = written_answer(big[0])
        >>> found.text, found.withheld
        (None, 'an optimal answer has 131,071 moves, more than the 65,536 moves written out')
    """
    try:
        return WrittenAnswer(reference_answer(instance, max_moves=max_moves, max_states=max_states))
    except TooLargeError:
        moves = reference_moves(instance, max_states=max_states)
        assert moves is not None  # an instance without solution is answered by abstaining
        length = moves.length if hasattr(moves, "length") else len(moves)
        return WrittenAnswer(
            None,
            f"an optimal answer has {plural(length, 'move')}, more than the "
            f"{plural(max_moves, 'move')} written out",
        )
    except SearchLimitError as error:
        return WrittenAnswer(None, f"an optimal answer needs a search too large to run: {error}")
