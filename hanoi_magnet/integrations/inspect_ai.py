"""inspect_ai tasks over the generator, the scorer and the episode (extra ``inspect``).

* :func:`hanoi_magnet_task`: one sample per instance of
  :func:`~hanoi_magnet.evaluation.generate` (the prompt as input, the instance's JSON record in
  the metadata), answered in one reply and scored by :func:`hanoi_scorer`.
* :func:`hanoi_magnet_moves_task`: the multi-turn variant: the model makes moves with the
  :func:`move_tool`, each answered by :class:`~hanoi_magnet.episode.Episode` with the new
  position or the rule it broke; the legal moves it made are scored as its answer.

From the command line, wrap a task in a ``@task`` function of a file of your own (see
:doc:`/integrations/inspect-ai`).
"""

from __future__ import annotations

import json
from typing import Any

from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.scorer import Score, Scorer, Target, mean, scorer
from inspect_ai.solver import Generate, Solver, TaskState, generate, solver, use_tools
from inspect_ai.tool import Tool, tool
from inspect_ai.util import store

from hanoi_magnet.episode import Episode, reference_answer
from hanoi_magnet.errors import TooLargeError
from hanoi_magnet.evaluation import Instance, score
from hanoi_magnet.evaluation import generate as generate_instances
from hanoi_magnet.evaluation._exact import exact
from hanoi_magnet.notation import get_notation

__all__ = [
    "hanoi_magnet_moves_task",
    "hanoi_magnet_task",
    "hanoi_scorer",
    "instance_of",
    "move_tool",
    "samples",
]

#: The keys this module keeps in inspect's per-sample store.
_INSTANCE, _MOVES = "hanoi_magnet:instance", "hanoi_magnet:moves"

_TOOL_PROMPT = (
    "\n\nMake your moves one at a time with the `move` tool: give it one move in the notation "
    "above; it answers with the new position, or with the rule the move broke (the position "
    "then stays as it was). Stop calling it when the goal is reached."
)


def samples(seed: int, count: int, **options: Any) -> list[Sample]:
    """One :class:`~inspect_ai.dataset.Sample` per instance of ``generate(seed, count, ...)``.

    The target is an optimal answer (empty when too long to write); the metadata holds the
    instance's JSON record (``instance``) and its family, variant, task and size.

    Example:
        >>> from hanoi_magnet.integrations.inspect_ai import instance_of, samples
        >>> from hanoi_magnet.evaluation import generate
        >>> [instance_of(s.metadata) for s in samples(3, 2)] == generate(seed=3, count=2)
        True
    """
    found = []
    for instance in generate_instances(seed, count, **options):
        try:
            target = reference_answer(instance)
        except TooLargeError:
            target = ""
        found.append(
            Sample(
                id=instance.id,
                input=instance.prompt,
                target=target,
                metadata={
                    "instance": json.loads(instance.to_json()),
                    "family": instance.family,
                    "variant": instance.variant,
                    "task": instance.task.value,
                    "n": instance.n,
                },
            )
        )
    return found


def instance_of(metadata: dict[str, Any]) -> Instance:
    """The instance of a sample, from its metadata."""
    return Instance.from_dict(metadata["instance"])


@scorer(metrics={"*": [mean()]})
def hanoi_scorer(thinking: bool = False) -> Scorer:
    """The kit's :func:`~hanoi_magnet.evaluation.score` as an inspect scorer.

    The value is every named reward (``solved``, ``optimal``, ``graded``, ...: a mean
    each); the answer is the completion (or, after the tool task, the moves made); the
    explanation is the outcome in words; ``Score.metadata`` holds the outcome, the rewards and
    the whole score with its reading report (:meth:`~hanoi_magnet.evaluation.Score.to_dict`,
    the counts as strings of decimal digits, as ``eval score`` writes them).
    """

    async def run(state: TaskState, target: Target) -> Score:
        instance = instance_of(state.metadata)
        moves = store().get(_MOVES)
        if moves is None:
            answer = state.output.completion
            extra: dict[str, Any] = {}
        else:
            episode = _replayed(instance, moves)
            legal = [f.move for f in episode.history if f.legal and f.move is not None]
            answer = get_notation(instance.notation).format(legal, instance.posts)
            extra = {
                "attempts": episode.attempts,
                "illegal_attempts": episode.attempts - episode.steps,
                "feedback": [f.text() for f in episode.history],
            }
        result = score(answer, instance, thinking=thinking)
        return Score(
            value=dict(result.rewards),
            answer=answer,
            explanation=f"{result.outcome.value}: {result.detail}",
            metadata={
                "outcome": result.outcome.value,
                "rewards": dict(result.rewards),
                "score": exact(result.to_dict()),  # counts as strings, as eval score writes
                **extra,
            },
        )

    return run


def _replayed(instance: Instance, moves: list[str]) -> Episode:
    """The episode after the moves given to the tool so far (each as it was written)."""
    episode = Episode.from_instance(instance)
    for text in moves:
        if episode.done:
            break
        try:
            episode.play(text)
        except Exception:
            continue
    return episode


@tool
def move_tool() -> Tool:
    """The ``move`` tool: make one move; the answer is the new position or the broken rule."""

    async def execute(move: str) -> str:
        """Make one move in the puzzle.

        Args:
            move: one move, written in the notation the puzzle asks for.

        Returns:
            The new position and the distance to the goal, or the rule the move broke.
        """
        instance = Instance.from_json(store().get(_INSTANCE))
        played: list[str] = store().get(_MOVES, [])
        episode = _replayed(instance, played)
        if episode.done:
            return (
                "the episode is over: the goal is reached"
                if episode.solved
                else "the episode is over"
            )
        try:
            feedback = episode.play(move)
        except Exception as error:
            store().set(_MOVES, [*played, move])
            return f"not a move: {error}"
        store().set(_MOVES, [*played, move])
        return feedback.text()

    return execute


@solver
def _start_episode() -> Solver:
    async def solve(state: TaskState, generate: Generate) -> TaskState:
        store().set(_INSTANCE, json.dumps(state.metadata["instance"]))
        store().set(_MOVES, [])
        state.user_prompt.text = state.user_prompt.text + _TOOL_PROMPT
        return state

    return solve


@task
def hanoi_magnet_task(seed: int = 0, count: int = 100, **options: Any) -> Task:
    """Puzzle instances answered in one reply, scored by the kit.

    ``options`` are :func:`~hanoi_magnet.evaluation.generate`'s (``families``, ``tasks``,
    ``disks``, ``positions``, ``templates``, ``notations`` ...).

    Example:
        >>> from hanoi_magnet.integrations.inspect_ai import hanoi_magnet_task
        >>> len(hanoi_magnet_task(seed=1, count=4).dataset)
        4
    """
    return Task(
        dataset=MemoryDataset(samples(seed, count, **options), name="hanoi_magnet"),
        solver=generate(),
        scorer=hanoi_scorer(),
    )


@task
def hanoi_magnet_moves_task(
    seed: int = 0, count: int = 20, max_messages: int = 200, **options: Any
) -> Task:
    """The multi-turn variant: ``solve`` instances played move by move with :func:`move_tool`.

    Example:
        >>> from hanoi_magnet.integrations.inspect_ai import hanoi_magnet_moves_task
        >>> hanoi_magnet_moves_task(seed=1, count=2).dataset[0].metadata["task"]
        'solve'
    """
    options.setdefault("tasks", ["solve"])
    return Task(
        dataset=MemoryDataset(samples(seed, count, **options), name="hanoi_magnet_moves"),
        solver=[_start_episode(), use_tools(move_tool()), generate()],
        scorer=hanoi_scorer(),
        message_limit=max_messages,
    )
