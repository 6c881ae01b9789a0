"""A verifiers task set (verifiers 0.4, ``verifiers.v1``; extra ``verifiers``).

:class:`HanoiMagnetTaskset` yields one :class:`HanoiMagnetTask` per instance of
:func:`~hanoi_magnet.evaluation.generate` (its configuration, :class:`HanoiMagnetConfig`, holds
the generator's arguments), scored by :func:`~hanoi_magnet.evaluation.score`. Single turn by
default: the prompt, one reply. ``multi_turn=True``: :class:`HanoiMagnetEnv` plays the
conversation through :class:`~hanoi_magnet.episode.Episode` (a batch of moves a turn, each
answered with the new position and the exact distance, in the prompt's words) until the goal
is reached; the legal moves made are the answer scored.

This module is a verifiers plugin as it is: it exports exactly one task set and one
environment in ``__all__`` (``vf-eval hanoi_magnet.integrations.verifiers``). The package
``environments/hanoi_magnet_env`` of the repository re-exports them as an environment of
its own (``hanoi-magnet-env``), laid out as ``vf-init`` lays one out, for ``prime env push``.
Each task has a gold check (the reference answer, replayed as a model would give it) and a
no-op check (an untouched rollout scores below 1) for ``vf-validate``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import verifiers.v1 as vf

from hanoi_magnet.episode import Episode, Mode, Speech, written_answer
from hanoi_magnet.evaluation import FAMILIES, REWARDS, Instance, Task, iter_instances, score

__all__ = [
    "HanoiMagnetConfig",
    "HanoiMagnetData",
    "HanoiMagnetEnv",
    "HanoiMagnetTask",
    "HanoiMagnetTaskConfig",
    "HanoiMagnetTaskset",
]


class HanoiMagnetData(vf.TaskData):  # type: ignore[misc]  # verifiers is untyped
    """One instance as a verifiers task's data (``prompt`` is the instance's prompt).

    Attributes:
        instance: the instance's JSON record (:meth:`~hanoi_magnet.evaluation.Instance.to_json`).
        answer: an optimal answer in the instance's notation (``None``: withheld, see
            :func:`~hanoi_magnet.episode.written_answer`).
        answer_withheld: why ``answer`` is not written.
        multi_turn: whether the moves are played turn by turn.
        max_turns: the most replies a multi-turn episode takes.
    """

    instance: str
    answer: str | None = None
    answer_withheld: str | None = None
    multi_turn: bool = False
    max_turns: int = 50

    def puzzle(self) -> Instance:
        """The :class:`~hanoi_magnet.evaluation.Instance`."""
        return Instance.from_json(self.instance)


class HanoiMagnetTaskConfig(vf.TaskConfig):  # type: ignore[misc]
    """What every task is scored with: ``reward`` is one of :data:`~hanoi_magnet.evaluation.REWARDS`."""  # noqa: E501

    reward: str = "graded"


class HanoiMagnetTask(vf.Task[HanoiMagnetData, vf.State, HanoiMagnetTaskConfig]):  # type: ignore[misc]
    """One puzzle: scored by the kit, with a gold check for ``vf-validate``."""

    @property
    def key(self) -> str:
        """The instance's id (``<seed>-<index>``): stable across runs."""
        return str(self.data.puzzle().id)

    @vf.stop  # type: ignore[untyped-decorator]
    async def single_turn(self, trace: vf.Trace) -> bool:
        """A single-turn task ends after the first reply."""
        return not self.data.multi_turn and trace.num_turns >= 1

    def answer_of(self, replies: list[str]) -> str:
        """The answer the replies give: the last reply, or the legal moves the episode made."""
        instance = self.data.puzzle()
        if not self.data.multi_turn:
            return replies[-1] if replies else ""
        episode = Episode.from_instance(instance, mode=Mode.BATCH)
        for reply in replies:
            if episode.done:
                break
            episode.turn(reply)
        return episode.answer()

    def rewards_of(self, replies: list[str]) -> dict[str, float]:
        """Every named reward of the kit for these replies (a trace's assistant messages)."""
        return dict(score(self.answer_of(replies), self.data.puzzle()).rewards)

    @vf.reward(weight=1.0)  # type: ignore[untyped-decorator]
    async def hanoi_magnet(self, trace: vf.Trace) -> float:
        """The configured reward (``graded`` by default) of the answer."""
        reward = self.config.reward
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, got {reward!r}")
        return self.rewards_of(_replies(trace))[reward]

    @vf.metric  # type: ignore[untyped-decorator]
    async def rewards(self, trace: vf.Trace) -> dict[str, float]:
        """Every named reward, as metrics (``solved``, ``optimal``, ...)."""
        return self.rewards_of(_replies(trace))

    async def validate(self, runtime: Any) -> bool | None:
        """The gold check: the reference answer, given as a model would, scores 1.

        ``None`` (unchecked) where the answer is withheld as too long to write.
        """
        if self.data.answer is None:
            return None
        return self.rewards_of([self.data.answer]).get(self.config.reward) == 1.0


def _replies(trace: vf.Trace) -> list[str]:
    return [message.content or "" for message in trace.assistant_messages]


class HanoiMagnetConfig(vf.TasksetConfig):  # type: ignore[misc]
    """The task set's configuration: :func:`~hanoi_magnet.evaluation.generate`'s arguments.

    ``--env.taskset.seed 3 --env.taskset.count 50 --env.taskset.multi-turn true`` on the
    command line; ``--env.taskset.task.reward solved`` picks the reward.
    """

    seed: int = 0
    count: int = 100
    multi_turn: bool = False
    max_turns: int = 50
    families: list[str] = list(FAMILIES)  # noqa: RUF012 (pydantic copies defaults)
    tasks: list[str] | None = None
    min_disks: int = 3
    max_disks: int = 7
    min_pegs: int = 4
    max_pegs: int = 5
    positions: str = "towers"
    notations: list[str] | None = None
    task: HanoiMagnetTaskConfig = HanoiMagnetTaskConfig()

    def options(self) -> dict[str, Any]:
        """The keyword arguments of :func:`~hanoi_magnet.evaluation.generate`."""
        tasks = self.tasks or ([Task.SOLVE.value] if self.multi_turn else [t.value for t in Task])
        found: dict[str, Any] = {
            "families": tuple(self.families),
            "tasks": tuple(tasks),
            "disks": (self.min_disks, self.max_disks),
            "pegs": (self.min_pegs, self.max_pegs),
            "positions": self.positions,
        }
        if self.notations is not None:
            found["notations"] = tuple(self.notations)
        return found


class HanoiMagnetTaskset(vf.Taskset[HanoiMagnetTask, HanoiMagnetConfig]):  # type: ignore[misc]
    """The instances of one seed, in the generator's order (built lazily).

    Task ``i`` is ``generate(seed, count, ...)[i]``, the same instance as in every other
    harness; multi-turn prompts end with the episode's instructions for a turn.
    """

    def load(self) -> Iterator[HanoiMagnetTask]:
        """One task per instance."""
        config = self.config
        for instance in iter_instances(config.seed, config.count, **config.options()):
            answer = written_answer(instance)
            task_name = instance.task.value
            prompt = instance.prompt
            if config.multi_turn:
                prompt += "\n\n" + Speech.of(instance).turn_instructions()
            yield HanoiMagnetTask(
                HanoiMagnetData(
                    id=instance.id,
                    name=f"{instance.variant or instance.family} n={instance.n} {task_name}",
                    prompt=prompt,
                    instance=instance.to_json(),
                    answer=answer.text,
                    answer_withheld=answer.withheld,
                    multi_turn=config.multi_turn,
                    max_turns=config.max_turns,
                ),
                config.task,
            )


class HanoiMagnetEnv(vf.SingleAgentEnv):  # type: ignore[misc]
    """The environment: one reply for a single-turn task, or a multi-turn episode.

    A multi-turn episode answers each reply's moves until the goal is reached, after
    ``max_turns`` replies, or when the agent's own limits end the exchange.
    """

    async def run(self, task: HanoiMagnetTask, agents: Any) -> None:
        """Play one task."""
        if not task.data.multi_turn:
            await super().run(task, agents)
            return
        episode = Episode.from_instance(task.data.puzzle(), mode=Mode.BATCH)
        async with agents.agent.interaction(task) as interaction:
            segment = await interaction.turn()
            for _ in range(task.data.max_turns):
                if segment.terminated:
                    break
                turn = episode.turn(segment.last_reply)
                if episode.done:
                    break
                segment = await interaction.turn(turn.text())
        interaction.trace.info["hanoi_magnet"] = {
            "solved": episode.solved,
            "moves": episode.steps,
            "attempts": episode.attempts,
        }
