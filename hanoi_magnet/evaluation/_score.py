"""Scoring an answer.

What was read, the first broken rule, whether and how well the answer does the task, and named
rewards.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import attrs

from hanoi_magnet.errors import (
    AmbiguousNotationError,
    IllegalMoveError,
    InvalidArgumentError,
    NotationError,
    Rule,
)
from hanoi_magnet.evaluation._instance import Instance, Task
from hanoi_magnet.evaluation._tasks import task_done, task_optimum
from hanoi_magnet.model import Move, State, _integer
from hanoi_magnet.notation import Extraction, PegNames, extract_moves, get_notation
from hanoi_magnet.search import DEFAULT_MAX_STATES
from hanoi_magnet.validate import validate

#: The names of the rewards in :attr:`Score.rewards`.
REWARDS = ("reasoning_gym", "prefix", "solved", "optimal")


@attrs.frozen
class MoveError:
    """The first move of an answer that breaks a rule (or cannot be read as a move).

    Attributes:
        index: its 0-based position in the answer.
        rule: the :class:`~hanoi_magnet.Rule` it breaks (``MALFORMED``: not a move).
        move: the move (``None`` when it names no disk or could not be read).
        item: the move as written, or as read.
        detail: why, in words.
        position: the position before it.

    Example:
        >>> from hanoi_magnet.evaluation import generate, score
        >>> instance = generate(seed=4, count=1, families=["classic"], tasks=["solve"])[0]
        >>> error = score("moves = [[2, 0, 1]]", instance).first_error
        >>> error.index, error.rule.name, error.detail
        (0, 'NOT_ON_TOP', 'disk 2 is not the top disk of post S (disk 1 is)')
    """

    index: int
    rule: Rule
    move: Move | None
    item: str
    detail: str
    position: State | None


def _read_only(rewards: Mapping[str, float]) -> Mapping[str, float]:
    return MappingProxyType(dict(rewards))


@attrs.frozen
class Score:
    """The verdict on one answer to one :class:`Instance` (see :func:`score`).

    Attributes:
        id: the instance's id.
        task: the instance's task.
        parsed: how many moves were read from the answer.
        parse_error: why no moves could be read (``None``: they could).
        valid_prefix: how many moves, from the first, are legal.
        first_error: the first illegal or unreadable move (:class:`MoveError`), or ``None``.
        goal_reached: the moves are legal and end in the instance's goal position.
        goal_index: after how many moves the goal was first reached (``None``: never).
        solved: the task is done: for ``solve``, legal moves that end in the goal; for
            ``continue``, exactly the number of moves asked, legal, each on a shortest path to
            the goal; for ``next-move``, one legal move that begins a shortest path.
        optimal: solved, in the optimal number of moves (or fewer: see :attr:`excess`).
        optimum: the optimal number of moves (``continue``: the number asked).
        proven: whether :attr:`optimum` is proven optimal; ``False`` for Frame–Stewart's
            count on five or more pegs, which is only conjectured.
        excess: when solved, the number of moves beyond the optimum (negative only against a
            conjectured optimum: an answer that would disprove it).
        excess_ratio: when solved, the number of moves divided by the optimum.
        unverified: a ``continue`` answer left the library's solution and the search that
            would decide whether it is still optimal exceeded its limit; it is counted as
            not solved.
        rewards: named scalar rewards in [0, 1], see :func:`score`.

    Example:
        >>> from hanoi_magnet.evaluation import generate, score
        >>> instance = generate(seed=4, count=1, families=["classic"], tasks=["solve"])[0]
        >>> instance.n, instance.optimum
        (4, 15)
        >>> result = score("<think>hmm</think> moves = [[1, 0, 1]]", instance)
        >>> result.parsed, result.valid_prefix, result.solved, dict(result.rewards)
        (1, 1, False, {'reasoning_gym': 0.05, 'prefix': 0.06666666666666667, 'solved': 0.0, 'optimal': 0.0})
    """  # noqa: E501 (a doctest's output is one line)

    id: str
    task: Task
    parsed: int
    parse_error: str | None
    valid_prefix: int
    first_error: MoveError | None
    goal_reached: bool
    goal_index: int | None
    solved: bool
    optimal: bool
    optimum: int | None
    proven: bool | None
    excess: int | None
    excess_ratio: float | None
    unverified: bool
    rewards: Mapping[str, float] = attrs.field(converter=_read_only, hash=False)

    def to_dict(self) -> dict[str, Any]:
        """The score as JSON-ready values (positions in the library's text form).

        Example:
            >>> from hanoi_magnet.evaluation import generate, score
            >>> instance = generate(seed=4, count=1, families=["classic"])[0]
            >>> sorted(score("", instance).to_dict())[:4]
            ['excess', 'excess_ratio', 'first_error', 'goal_index']
        """
        error = self.first_error
        return {
            "id": self.id,
            "task": self.task.value,
            "parsed": self.parsed,
            "parse_error": self.parse_error,
            "valid_prefix": self.valid_prefix,
            "first_error": None
            if error is None
            else {
                "index": error.index,
                "rule": error.rule.value,
                "move": None if error.move is None else str(error.move),
                "item": error.item,
                "detail": error.detail,
                "position": None if error.position is None else str(error.position),
            },
            "goal_reached": self.goal_reached,
            "goal_index": self.goal_index,
            "solved": self.solved,
            "optimal": self.optimal,
            "optimum": self.optimum,
            "proven": self.proven,
            "excess": self.excess,
            "excess_ratio": self.excess_ratio,
            "unverified": self.unverified,
            "rewards": dict(self.rewards),
        }


def score(
    answer: str | None,
    instance: Instance,
    *,
    pegs: PegNames | None = None,
    detect_pegs: bool = False,
    thinking: bool = False,
    max_states: int = DEFAULT_MAX_STATES,
) -> Score:
    r"""Score a solver's whole ``answer`` to ``instance``.

    The moves are found with :func:`~hanoi_magnet.notation.extract_moves` (any notation,
    reasoning skipped, the pegs read as the instance's notation names them) and replayed by
    :func:`~hanoi_magnet.validate` from the instance's start.

    Rewards:

    * ``reasoning_gym``: reasoning-gym's rules for its Tower of Hanoi dataset — 1.0 for a
      solution no longer than the optimum, optimum / length for a longer one, 0.05 for legal
      moves that do not solve the task, 0.0 for an illegal, unreadable or empty answer.
    * ``prefix``: the legal prefix as a share of the optimum, ``min(valid_prefix, optimum) /
      optimum`` (1.0 for an optimum of 0): credit for how far the answer got.
    * ``solved`` and ``optimal``: 1.0 or 0.0.

    Args:
        answer: the solver's output (``None`` or ``""``: no answer).
        instance: the instance.
        pegs: read the pegs with this naming instead of the instance's notation's.
        detect_pegs: detect the naming from the answer instead (see
            :meth:`~hanoi_magnet.notation.PegNames.detect`).
        thinking: also read moves inside ``<think>`` blocks.
        max_states: the most positions a search may visit when the instance's answers were
            withheld, or a ``continue`` answer departs from the library's solution.

    Example:
        >>> from hanoi_magnet.evaluation import generate, score
        >>> instance = generate(seed=11, count=1, families=["classic"], disks=(2, 2),
        ...                     tasks=["solve"], templates=["reasoning-gym"])[0]
        >>> answer = "Move disk 1 from Peg 1 to Peg 2.\nMove disk 2 from Peg 1 to Peg 3.\n"
        >>> result = score(answer + "Move disk 1 from Peg 2 to Peg 3.", instance)
        >>> result.solved, result.optimal, result.rewards["reasoning_gym"]
        (True, True, 1.0)
        >>> score(answer, instance).rewards["reasoning_gym"]  # legal, not solved
        0.05
    """
    if not isinstance(instance, Instance):
        raise InvalidArgumentError(f"instance must be an Instance, got {type(instance).__name__}")
    max_states = _integer(max_states, "max_states", minimum=1)
    for name, flag in (("detect_pegs", detect_pegs), ("thinking", thinking)):
        if not isinstance(flag, bool):
            raise InvalidArgumentError(f"{name} must be True or False, got {flag!r}")
    best, proven = task_optimum(instance, max_states)
    naming = None if detect_pegs else (pegs or get_notation(instance.notation).pegs)
    try:
        found = _extract(answer, instance, naming, thinking)
    except NotationError as error:
        return _unread(instance, str(error), best, proven)
    moves = found.moves
    report = validate(moves, instance.rules, start=instance.start, goal=instance.goal)
    first_error = None
    if report.error is not None:
        first_error = _move_error(report.error)
    elif found.unreadable is not None:
        first_error = MoveError(
            len(moves), Rule.MALFORMED, None, found.unreadable, "not a move", report.state
        )
    legal = first_error is None
    solved, unverified = task_done(instance, moves, report, legal, max_states)
    length = len(moves)
    excess = length - best if solved else None
    optimal = solved and length <= best
    return Score(
        id=instance.id,
        task=instance.task,
        parsed=length,
        parse_error=None,
        valid_prefix=report.length,
        first_error=first_error,
        goal_reached=legal and report.solved,
        goal_index=report.goal_index,
        solved=solved,
        optimal=optimal,
        optimum=best,
        proven=proven,
        excess=excess,
        excess_ratio=(length / best if best else 1.0) if solved else None,
        unverified=unverified,
        rewards=_rewards(length, report.length, best, solved, legal, optimal),
    )


def _extract(
    answer: object, instance: Instance, naming: PegNames | None, thinking: bool
) -> Extraction:
    """The moves of ``answer`` in the instance's notation; failing that, in any notation.

    Detecting the pegs (``naming`` None) reads any notation at once.
    """
    if not isinstance(answer, str) or not answer.strip():
        raise NotationError("no answer")
    posts = instance.posts
    if naming is None:
        return extract_moves(answer, posts=posts, thinking=thinking)
    try:
        return extract_moves(
            answer, notation=instance.notation, pegs=naming, posts=posts, thinking=thinking
        )
    except AmbiguousNotationError:
        raise
    except NotationError:
        return extract_moves(answer, pegs=naming, posts=posts, thinking=thinking)


def _rewards(
    length: int, valid: int, best: int, solved: bool, legal: bool, optimal: bool
) -> dict[str, float]:
    if solved:
        gym = 1.0 if length <= best else best / length
    else:
        gym = 0.05 if legal and length else 0.0
    return {
        "reasoning_gym": gym,
        "prefix": min(valid, best) / best if best else 1.0,
        "solved": float(solved),
        "optimal": float(optimal),
    }


def _unread(instance: Instance, why: str, best: int, proven: bool | None) -> Score:
    return Score(
        id=instance.id,
        task=instance.task,
        parsed=0,
        parse_error=why,
        valid_prefix=0,
        first_error=None,
        goal_reached=False,
        goal_index=None,
        solved=False,
        optimal=False,
        optimum=best,
        proven=proven,
        excess=None,
        excess_ratio=None,
        unverified=False,
        rewards=dict.fromkeys(REWARDS, 0.0),
    )


def _move_error(error: IllegalMoveError) -> MoveError:
    item = error.item
    shown = str(error.move) if isinstance(item, Move) else str(item)
    if isinstance(item, tuple):
        shown = f"{item[0]} -> {item[1]}"
    return MoveError(
        index=error.index if error.index is not None else 0,
        rule=error.rule,
        move=error.move,
        item=shown,
        detail=error.detail,
        position=error.state,
    )
