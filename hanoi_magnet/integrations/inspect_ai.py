"""inspect_ai tasks over the generator, the scorer and the episode (extra ``inspect``).

* :func:`hanoi_magnet_task`: one sample per instance of
  :func:`~hanoi_magnet.evaluation.generate` (the prompt as input, the instance's JSON record in
  the metadata), answered in one reply and scored by :func:`hanoi_scorer`.
* :func:`hanoi_magnet_moves_task`: the multi-turn variant: the model makes moves with the
  ``move`` tool (:func:`move_tool`), as the prompt's last paragraph says, each answered by
  :class:`~hanoi_magnet.episode.Episode` with the new position or the rule it broke, in the
  prompt's words; the legal moves it made are scored as its answer.

inspect loads this module through its ``inspect_ai`` entry point, so the command line finds
the tasks by name (``inspect eval hanoi_magnet/hanoi_magnet_task``) and the offline mock model
:class:`OfflineMockModel` (``--model hanoi_magnet_mock/model``); see
:doc:`/integrations/inspect-ai`.
"""

from __future__ import annotations

import contextlib
import json
import uuid
from typing import Any

from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import (
    ChatMessage,
    GenerateConfig,
    ModelAPI,
    ModelOutput,
    ModelUsage,
    modelapi,
)
from inspect_ai.scorer import Score, Scorer, Target, mean, scorer
from inspect_ai.solver import Generate, Solver, TaskState, generate, solver, use_tools
from inspect_ai.tool import Tool, ToolChoice, ToolInfo, tool
from inspect_ai.util import store

from hanoi_magnet.episode import Episode, Speech, written_answer
from hanoi_magnet.errors import HanoiError
from hanoi_magnet.evaluation import Instance, score
from hanoi_magnet.evaluation import generate as generate_instances
from hanoi_magnet.evaluation._exact import exact

__all__ = [
    "TOOL_NAME",
    "OfflineMockModel",
    "hanoi_magnet_moves_task",
    "hanoi_magnet_task",
    "hanoi_scorer",
    "instance_of",
    "move_tool",
    "samples",
]

#: The keys this module keeps in inspect's per-sample store: the instance, the moves given to
#: the tool (as written), and the key of the sample's live episode in :data:`_EPISODES`.
_INSTANCE, _MOVES, _LIVE = "hanoi_magnet:instance", "hanoi_magnet:moves", "hanoi_magnet:episode"

#: The name the move tool is registered under (and the prompt names).
TOOL_NAME = "move"

#: The live episode of each sample being played (so a tool call plays one move, and never
#: replays the ones before); dropped when the sample is scored.
_EPISODES: dict[str, Episode] = {}


def samples(seed: int, count: int, **options: Any) -> list[Sample]:
    """One :class:`~inspect_ai.dataset.Sample` per instance of ``generate(seed, count, ...)``.

    The target is an optimal answer, or empty when it is longer than
    :data:`~hanoi_magnet.episode.MAX_ANSWER_MOVES` moves (then ``metadata["answer_withheld"]``
    says so: :func:`~hanoi_magnet.episode.written_answer`); the metadata holds the instance's
    JSON record (``instance``) and its family, variant, task and size.

    Example:
        >>> from hanoi_magnet.integrations.inspect_ai import instance_of, samples
        >>> from hanoi_magnet.evaluation import generate
        >>> [instance_of(s.metadata) for s in samples(3, 2)] == generate(seed=3, count=2)
        True
    """
    found = []
    for instance in generate_instances(seed, count, **options):
        answer = written_answer(instance)
        metadata: dict[str, Any] = {
            "instance": json.loads(instance.to_json()),
            "family": instance.family,
            "variant": instance.variant,
            "task": instance.task.value,
            "n": instance.n,
        }
        if answer.withheld is not None:
            metadata["answer_withheld"] = answer.withheld
        found.append(
            Sample(
                id=instance.id, input=instance.prompt, target=answer.text or "", metadata=metadata
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
        extra: dict[str, Any] = {}
        if moves is None:  # the single-turn task: the reply is the answer
            answer = state.output.completion
        else:
            episode = _episode(instance)
            _EPISODES.pop(store().get(_LIVE, ""), None)
            answer = episode.answer()
            extra = {
                "attempts": episode.attempts,
                "illegal_attempts": episode.attempts - episode.steps,
                "feedback": [f.text() for f in episode.history],
            }
            if not moves:  # the tool was never called: the reply's text is not played
                said = score(state.output.completion, instance, thinking=thinking)
                extra["tool_expected"] = (
                    f"no move was made with the `{TOOL_NAME}` tool; the reply's text is not "
                    f"played (as an answer it would score {said.outcome.value})"
                )
        result = score(answer, instance, thinking=thinking)
        explanation = f"{result.outcome.value}: {result.detail}"
        if "tool_expected" in extra:
            explanation += f" ({extra['tool_expected']})"
        return Score(
            value=dict(result.rewards),
            answer=answer,
            explanation=explanation,
            metadata={
                "outcome": result.outcome.value,
                "rewards": dict(result.rewards),
                "score": exact(result.to_dict()),  # counts as strings, as eval score writes
                **extra,
            },
        )

    return run


def _episode(instance: Instance) -> Episode:
    """The sample's live episode (rebuilt from the moves in the store if it is not live)."""
    key: str = store().get(_LIVE, "")
    episode = _EPISODES.get(key)
    if episode is None:
        episode = Episode.from_instance(instance)
        made: list[str] = store().get(_MOVES, [])
        for text in made:
            if episode.done:
                break
            with contextlib.suppress(HanoiError):
                episode.play(text)
        key = uuid.uuid4().hex
        store().set(_LIVE, key)
        _EPISODES[key] = episode
    return episode


@tool(name=TOOL_NAME)
def move_tool() -> Tool:
    """The ``move`` tool: make one move; the answer is the new position or the broken rule.

    One move, written as the prompt asks (:meth:`~hanoi_magnet.episode.Episode.read`: one
    item of a list notation, ``[1, 0, 2]``, is one move); the answer is the episode's
    :class:`~hanoi_magnet.episode.Feedback`, in the prompt's notation and peg names.
    """

    async def execute(move: str) -> str:
        """Make one move in the puzzle.

        Args:
            move: one move, written in the form the puzzle's instructions give.

        Returns:
            The new position and the distance to the goal, or the rule the move broke.
        """
        instance = Instance.from_json(store().get(_INSTANCE))
        episode = _episode(instance)
        if episode.done:
            return (
                "the episode is over: the goal is reached"
                if episode.solved
                else "the episode is over"
            )
        store().set(_MOVES, [*store().get(_MOVES, []), move])
        try:
            return episode.play(move).text()
        except HanoiError as error:
            return f"not a move: {error}"

    return execute


@solver
def _start_episode() -> Solver:
    async def solve(state: TaskState, generate: Generate) -> TaskState:
        instance = instance_of(state.metadata)
        store().set(_INSTANCE, instance.to_json())
        store().set(_MOVES, [])
        state.user_prompt.text += "\n\n" + Speech.of(instance).tool_instructions(TOOL_NAME)
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


class OfflineMockModel(ModelAPI):
    """inspect's mock model, offline: ``--model hanoi_magnet_mock/model``.

    ``mockllm/model`` fills in the token usage of each reply by counting tokens with tiktoken's
    ``o200k_base`` tables, which tiktoken downloads from the web the first time they are used:
    offline, every sample then fails. This model replies as ``mockllm/model`` does (the same
    text, every time: ``-M default_output="..."`` changes it) and counts a token for every
    four characters, so it needs no tables and no network.
    """

    def __init__(
        self,
        model_name: str,
        base_url: str | None = None,
        api_key: str | None = None,
        config: GenerateConfig = GenerateConfig(),  # noqa: B008 (inspect's own default)
        default_output: str = "Default output from hanoi_magnet_mock/model",
        **model_args: Any,
    ) -> None:
        super().__init__(model_name, base_url, api_key, [], config)
        self.default_output = str(default_output)

    async def generate(
        self,
        input: list[ChatMessage],
        tools: list[ToolInfo],
        tool_choice: ToolChoice,
        config: GenerateConfig,
    ) -> ModelOutput:
        """The fixed reply, with its usage counted as characters / 4."""
        output = ModelOutput.from_content(model=self.model_name, content=self.default_output)
        read = sum(len(message.text) for message in input) // 4 + 1
        written = len(self.default_output) // 4 + 1
        output.usage = ModelUsage(
            input_tokens=read, output_tokens=written, total_tokens=read + written
        )
        return output


@modelapi(name="hanoi_magnet_mock")
def _offline_mock() -> type[ModelAPI]:
    return OfflineMockModel
