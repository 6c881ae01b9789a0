"""Environments for Prime Intellect's verifiers (extra ``verifiers``), by :func:`load_environment`.

Written against verifiers' classic environment interface (``vf.SingleTurnEnv``,
``vf.MultiTurnEnv`` with ``env_response`` and ``@vf.stop`` conditions, ``vf.Rubric``), which
verifiers 0.2 and 0.3 offer (0.3 from ``verifiers.legacy``, still as ``import verifiers as vf``);
verifiers 0.4 replaced it with a new stack and is refused on import. The tests build both
environments with verifiers 0.3.1 and check whole rollouts with a stand-in of its interfaces.
"""

from __future__ import annotations

import json
from typing import Any

import verifiers as vf

from hanoi_magnet.episode import Episode, Mode, reference_answer
from hanoi_magnet.errors import TooLargeError
from hanoi_magnet.evaluation import Instance, generate, score
from hanoi_magnet.notation import get_notation

__all__ = ["HanoiMovesEnv", "load_environment", "reward_function"]

if not hasattr(vf, "MultiTurnEnv"):
    raise ImportError(
        "hanoi_magnet.integrations.verifiers needs verifiers' classic environments (verifiers "
        f"0.2 or 0.3), found verifiers {getattr(vf, '__version__', '?')}: "
        "pip install 'verifiers>=0.2,<0.4'"
    )

#: Where a rollout's episode is kept in its state.
_EPISODE = "hanoi_magnet_episode"

_MOVES_PROMPT = (
    "\n\nPlay one turn at a time: reply with your next moves (one or more); each is answered "
    "with the new position, or with the rule it broke (the position then stays as it was)."
)


def _rows(seed: int, count: int, multi_turn: bool, options: dict[str, Any]) -> list[dict[str, Any]]:
    rows = []
    for instance in generate(seed, count, **options):
        try:
            answer = reference_answer(instance)
        except TooLargeError:
            answer = ""
        rows.append(
            {
                "question": instance.prompt + (_MOVES_PROMPT if multi_turn else ""),
                "answer": answer,
                "info": {"instance": instance.to_json()},
                "task": "hanoi_magnet",
            }
        )
    return rows


def _instance(info: Any) -> Instance:
    if isinstance(info, str):
        info = json.loads(info)
    return Instance.from_json(info["instance"])


def _text(completion: Any) -> str:
    """The last assistant message of a chat completion, or a plain completion."""
    if isinstance(completion, str):
        return completion
    for message in reversed(list(completion or [])):
        if message.get("role") == "assistant":
            return str(message.get("content") or "")
    return ""


def reward_function(reward: str = "graded") -> Any:
    """A verifiers reward function: the kit's score of a completion.

    :func:`~hanoi_magnet.evaluation.score`'s ``reward`` for the completion, or, after a
    multi-turn rollout, for the legal moves made.
    """

    def hanoi_magnet_reward(completion: Any, info: Any, state: Any = None, **_: Any) -> float:
        instance = _instance(info)
        episode = state.get(_EPISODE) if isinstance(state, dict) else None
        if isinstance(episode, Episode):
            legal = [f.move for f in episode.history if f.legal and f.move is not None]
            answer = get_notation(instance.notation).format(legal, instance.posts)
        else:
            answer = _text(completion)
        return score(answer, instance).rewards[reward]

    hanoi_magnet_reward.__name__ = f"hanoi_magnet_{reward}"
    return hanoi_magnet_reward


class HanoiMovesEnv(vf.MultiTurnEnv):  # type: ignore[misc]  # verifiers is untyped
    """The multi-turn environment: each reply played by an episode, answered with feedback.

    The :class:`~hanoi_magnet.episode.Episode` takes batches of moves per turn.
    """

    async def env_response(self, messages: Any, state: Any, **kwargs: Any) -> Any:
        """Play the moves of the last reply; answer with the feedback as a user message."""
        episode = state.get(_EPISODE)
        if episode is None:
            episode = state[_EPISODE] = Episode.from_instance(
                _instance(state["info"]), mode=Mode.BATCH
            )
        turn = episode.turn(_text(messages))
        return [{"role": "user", "content": turn.text()}]

    @vf.stop  # type: ignore[untyped-decorator]
    async def episode_over(self, state: Any, **kwargs: Any) -> bool:
        """The goal is reached (or the episode can no longer go on)."""
        episode = state.get(_EPISODE)
        return isinstance(episode, Episode) and episode.done


def load_environment(
    seed: int = 0,
    count: int = 100,
    *,
    multi_turn: bool = False,
    reward: str = "graded",
    max_turns: int = 50,
    **options: Any,
) -> Any:
    """A verifiers environment over ``generate(seed, count, **options)``.

    Single-turn (default): the prompt, one reply, the kit's rubric (``reward`` of
    :data:`~hanoi_magnet.evaluation.REWARDS`). ``multi_turn=True``: ``solve`` instances
    played turn by turn by :class:`HanoiMovesEnv`, at most ``max_turns`` turns.
    """
    if multi_turn:
        options.setdefault("tasks", ["solve"])
    from datasets import Dataset  # noqa: PLC0415 (verifiers depends on it)

    dataset = Dataset.from_list(_rows(seed, count, multi_turn, options))
    rubric = vf.Rubric(funcs=[reward_function(reward)], weights=[1.0])
    if not multi_turn:
        return vf.SingleTurnEnv(dataset=dataset, rubric=rubric)
    return HanoiMovesEnv(dataset=dataset, rubric=rubric, max_turns=max_turns)
