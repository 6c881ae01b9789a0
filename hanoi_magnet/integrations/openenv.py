r"""The episode as an OpenEnv environment, served by OpenEnv's FastAPI app (extra ``openenv``).

:class:`HanoiMagnetEnvironment` is an ``openenv.core.Environment``: ``reset()`` draws a
``solve`` instance of :func:`~hanoi_magnet.evaluation.generate` and answers with its prompt
(and the episode's instructions for a turn); ``step(HanoiAction(moves=...))`` plays the moves
of one reply through :class:`~hanoi_magnet.episode.Episode` (a batch a turn) and answers
with the feedback, in the prompt's words, and the exact distance to the goal. The reward is
1.0 on the step that reaches the goal (0.0 otherwise); when the episode ends, the
observation also holds every reward :func:`~hanoi_magnet.evaluation.score` gives the legal
moves made.

:func:`create_app` is OpenEnv's ``create_app`` over it (``/reset``, ``/step``, ``/state``,
``/schema``, ``/ws``); ``python -m hanoi_magnet.integrations.openenv --port 8000`` serves it;
:class:`HanoiMagnetClient` is the typed ``EnvClient`` that talks to it.

Example:
    >>> from hanoi_magnet.integrations.openenv import HanoiAction, HanoiMagnetEnvironment
    >>> env = HanoiMagnetEnvironment(families=["classic"], disks=(2, 2), notations=["letters"])
    >>> env.reset(seed=1).distance
    '3'
    >>> observation = env.step(HanoiAction(moves="A B\nA C\nB C"))
    >>> observation.solved, observation.reward, observation.done, observation.rewards["optimal"]
    (True, 1.0, True, 1.0)
"""

from __future__ import annotations

import argparse
import itertools
import uuid
from collections.abc import Sequence
from typing import Any

from openenv.core import EnvClient
from openenv.core.client_types import StepResult
from openenv.core.env_server.http_server import create_app as openenv_create_app
from openenv.core.env_server.interfaces import Environment
from openenv.core.env_server.types import Action, Observation, State
from pydantic import Field

from hanoi_magnet._digits import unlimited_digits
from hanoi_magnet.episode import Episode, Mode, Speech
from hanoi_magnet.evaluation import Instance, iter_instances, score
from hanoi_magnet.model import _integer

__all__ = [
    "HanoiAction",
    "HanoiMagnetClient",
    "HanoiMagnetEnvironment",
    "HanoiObservation",
    "HanoiState",
    "create_app",
]


class HanoiAction(Action):  # type: ignore[misc]
    """One reply: the moves to play, written as the prompt asks (one or more)."""

    moves: str = Field(..., description="the reply: one or more moves, as the prompt asks")


class HanoiObservation(Observation):  # type: ignore[misc]
    """What the model sees after a reset or a step, and the episode's exact numbers."""

    text: str = Field(default="", description="the prompt (after reset) or the feedback")
    instance_id: str = Field(default="", description="the instance's id, <seed>-<index>")
    position: str = Field(default="", description="the position, compact (SSI/rrb)")
    distance: str | None = Field(
        default=None, description="the exact distance to the goal, in decimal digits"
    )
    steps: int = Field(default=0, description="legal moves made")
    attempts: int = Field(default=0, description="moves tried, legal or not")
    solved: bool = Field(default=False, description="the goal is reached")
    rewards: dict[str, float] = Field(
        default_factory=dict, description="the kit's rewards for the moves made (at the end)"
    )


class HanoiState(State):  # type: ignore[misc]
    """The episode's state: its instance, the moves made, the exact distance."""

    instance_id: str = ""
    instance: str = ""
    steps: int = 0
    attempts: int = 0
    distance: str | None = None
    solved: bool = False


class HanoiMagnetEnvironment(Environment):  # type: ignore[misc]
    """The puzzles of :func:`~hanoi_magnet.evaluation.generate` as an OpenEnv environment.

    Args:
        seed: the seed instances are drawn with (``reset(seed=...)`` overrides it).
        max_turns: the most replies an episode takes before it ends unsolved.
        options: :func:`~hanoi_magnet.evaluation.generate`'s options (``families``,
            ``disks``, ``positions``, ``notations``...); the task is always ``solve``.

    ``reset(seed=None, index=None)``: instance ``index`` of the seed (by default the next one
    of this environment: 0, 1, 2...).
    """

    SUPPORTS_CONCURRENT_SESSIONS = True

    def __init__(self, seed: int = 0, *, max_turns: int = 50, **options: Any) -> None:
        super().__init__()
        options["tasks"] = ["solve"]
        next(iter_instances(seed, 1, **options))  # refuse bad options now, with their message
        self._seed, self._options, self._max_turns = seed, options, max_turns
        self._counter = itertools.count()
        self._instance: Instance | None = None
        self._episode: Episode | None = None
        self._turns = 0
        self._state = HanoiState(episode_id=str(uuid.uuid4()))

    def reset(
        self,
        seed: int | None = None,
        episode_id: str | None = None,
        index: int | None = None,
        **kwargs: Any,
    ) -> HanoiObservation:
        """A new episode: instance ``index`` of ``seed``, from its start position."""
        seed = self._seed if seed is None else seed
        index = next(self._counter) if index is None else _integer(index, "index")
        instance = next(
            itertools.islice(iter_instances(seed, index + 1, **self._options), index, None)
        )
        self._instance, self._turns = instance, 0
        self._episode = Episode.from_instance(instance, mode=Mode.BATCH)
        self._state = HanoiState(
            episode_id=episode_id or str(uuid.uuid4()), instance_id=instance.id,
            instance=instance.to_json(),
        )  # fmt: skip
        prompt = f"{instance.prompt}\n\n{Speech.of(instance).turn_instructions()}"
        return self._observation(prompt, reward=None)

    def step(
        self, action: HanoiAction, timeout_s: float | None = None, **kwargs: Any
    ) -> HanoiObservation:
        """Play the moves of one reply; answer with the feedback."""
        episode = self._require()
        if self._over():
            return self._observation("the episode is over: reset() to play again", reward=0.0)
        self._turns += 1
        self._state.step_count += 1
        turn = episode.turn(action.moves)
        return self._observation(turn.text(), reward=1.0 if episode.solved else 0.0)

    @property
    def state(self) -> HanoiState:
        """The episode's state."""
        return self._state

    def _require(self) -> Episode:
        if self._episode is None:
            self.reset()
        assert self._episode is not None
        return self._episode

    def _over(self) -> bool:
        episode = self._require()
        return episode.done or self._turns >= self._max_turns

    def _observation(self, text: str, reward: float | None) -> HanoiObservation:
        episode, instance = self._require(), self._instance
        assert instance is not None
        done = self._over()
        with unlimited_digits():  # exact at any size
            distance = None if episode.distance is None else str(episode.distance)
        self._state.steps, self._state.attempts = episode.steps, episode.attempts
        self._state.distance, self._state.solved = distance, episode.solved
        rewards = dict(score(episode.answer(), instance).rewards) if done else {}
        return HanoiObservation(
            text=text, instance_id=instance.id, position=episode.position.format(compact=True),
            distance=distance, steps=episode.steps, attempts=episode.attempts,
            solved=episode.solved, rewards=rewards, done=done, reward=reward,
        )  # fmt: skip


def create_app(max_concurrent_envs: int = 8, **options: Any) -> Any:
    """OpenEnv's FastAPI app over :class:`HanoiMagnetEnvironment` (``options`` are its own).

    Example:
        >>> from hanoi_magnet.integrations.openenv import create_app
        >>> sorted(route.path for route in create_app().routes if "reset" in route.path)
        ['/reset']
    """
    HanoiMagnetEnvironment(**options)  # refuse bad options before the server starts

    def factory() -> HanoiMagnetEnvironment:
        return HanoiMagnetEnvironment(**options)

    return openenv_create_app(
        factory, HanoiAction, HanoiObservation, env_name="hanoi_magnet",
        max_concurrent_envs=max_concurrent_envs,
    )  # fmt: skip


class HanoiMagnetClient(EnvClient[HanoiAction, HanoiObservation, HanoiState]):  # type: ignore[misc]
    """The typed OpenEnv client of the server (async; ``.sync()`` for a synchronous one).

    ``base_url`` is the server's (``http://127.0.0.1:8000``).
    """

    def _step_payload(self, action: HanoiAction) -> dict[str, Any]:
        return {"moves": action.moves}

    def _parse_result(self, payload: dict[str, Any]) -> StepResult[HanoiObservation]:
        fields = dict(payload.get("observation", {}))
        observation = HanoiObservation(
            **fields, done=payload.get("done", False), reward=payload.get("reward")
        )
        return StepResult(
            observation=observation, reward=payload.get("reward"), done=payload.get("done", False)
        )

    def _parse_state(self, payload: dict[str, Any]) -> HanoiState:
        return HanoiState(**payload)


def main(argv: Sequence[str] | None = None) -> None:
    """Serve the environment: ``python -m hanoi_magnet.integrations.openenv --port 8000``."""
    import uvicorn  # noqa: PLC0415 (openenv-core depends on it)

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--seed", type=int, default=0, help="the seed instances are drawn with")
    parser.add_argument("--families", help="comma-separated families (default: all)")
    parser.add_argument("--disks", help="MIN,MAX disks (default: the generator's)")
    parser.add_argument(
        "--max-turns", type=int, default=50, help="the most replies an episode takes"
    )
    arguments = parser.parse_args(argv)
    options: dict[str, Any] = {"seed": arguments.seed, "max_turns": arguments.max_turns}
    if arguments.families:
        options["families"] = arguments.families.split(",")
    if arguments.disks:
        low, _, high = arguments.disks.partition(",")
        options["disks"] = (int(low), int(high or low))
    uvicorn.run(create_app(**options), host=arguments.host, port=arguments.port)


if __name__ == "__main__":
    main()
