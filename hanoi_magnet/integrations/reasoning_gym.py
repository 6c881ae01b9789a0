"""The ``hanoi_magnet`` procedural dataset for reasoning-gym (extra ``reasoning-gym``).

Importing this module imports reasoning-gym and registers the dataset and its curriculum, so
that ``reasoning_gym.create_dataset("hanoi_magnet", seed=..., size=...)`` works. Entries are
the instances of :func:`~hanoi_magnet.evaluation.generate` for the same seed, in order; the
answer is an optimal one in the instance's notation
(:func:`~hanoi_magnet.episode.reference_answer`); :meth:`HanoiMagnetDataset.score_answer` is
:func:`~hanoi_magnet.evaluation.score`'s reward (``graded`` by default).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from typing import Any

import reasoning_gym
from reasoning_gym.coaching import (
    BaseCurriculum,
    RangeAttributeDefinition,
    ScalarAttributeDefinition,
)
from reasoning_gym.dataset import ProceduralDataset

from hanoi_magnet.episode import written_answer
from hanoi_magnet.errors import InvalidArgumentError
from hanoi_magnet.evaluation import (
    FAMILIES,
    REWARDS,
    Instance,
    Task,
    generate,
    iter_instances,
    score,
)

__all__ = [
    "DATASET_NAME",
    "HanoiMagnetConfig",
    "HanoiMagnetCurriculum",
    "HanoiMagnetDataset",
    "instance_of",
]

#: The name the dataset is registered under.
DATASET_NAME = "hanoi_magnet"

#: The three-post families: exact distances from any position at any size.
_THREE_POSTS = ("classic", "linear", "cyclic", "magnetic", "digraph")


@dataclasses.dataclass
class HanoiMagnetConfig:
    """The dataset's configuration: the arguments of :func:`~hanoi_magnet.evaluation.generate`.

    Attributes:
        families: the kinds of puzzle (:data:`~hanoi_magnet.evaluation.FAMILIES`).
        tasks: ``solve``, ``continue``, ``next-move``.
        min_disks: the fewest disks.
        max_disks: the most disks.
        min_pegs: the fewest pegs of the ``frame-stewart`` family.
        max_pegs: the most pegs of the ``frame-stewart`` family.
        positions: ``towers``, ``random`` or ``mixed``.
        templates: the prompt templates.
        notations: the notations answers are asked in (``None``: the generator's default).
        reward: which of :data:`~hanoi_magnet.evaluation.REWARDS` ``score_answer`` returns:
            ``graded`` (reasoning-gym's grading of the kit's tolerant reading, any notation)
            by default; ``reasoning_gym`` is reasoning-gym's own strict score.
        seed: the seed (``None``: a random one, as reasoning-gym does).
        size: the number of entries.

    Example:
        >>> from hanoi_magnet.integrations.reasoning_gym import HanoiMagnetConfig
        >>> HanoiMagnetConfig(families=("magnetic",), max_disks=4).validate()
    """

    families: tuple[str, ...] = tuple(FAMILIES)
    tasks: tuple[str, ...] = tuple(task.value for task in Task)
    min_disks: int = 3
    max_disks: int = 7
    min_pegs: int = 4
    max_pegs: int = 5
    positions: str = "towers"
    templates: tuple[str, ...] = ("plain",)
    notations: tuple[str, ...] | None = None
    reward: str = "graded"
    seed: int | None = None
    size: int = 500

    def options(self) -> dict[str, Any]:
        """The keyword arguments of :func:`~hanoi_magnet.evaluation.generate`."""
        found: dict[str, Any] = {
            "families": self.families,
            "tasks": self.tasks,
            "disks": (self.min_disks, self.max_disks),
            "pegs": (self.min_pegs, self.max_pegs),
            "positions": self.positions,
            "templates": self.templates,
        }
        if self.notations is not None:
            found["notations"] = self.notations
        return found

    def validate(self) -> None:
        """Refuse a configuration the generator refuses (with its message)."""
        generate(seed=0, count=0, **self.options())
        if self.reward not in REWARDS:
            raise InvalidArgumentError(
                f"reward must be one of {', '.join(REWARDS)}, got {self.reward!r}"
            )


class HanoiMagnetDataset(ProceduralDataset):  # type: ignore[misc]  # reasoning-gym is untyped
    """The instances of one seed as reasoning-gym entries.

    Each entry has a ``question`` (the prompt), an ``answer`` (an optimal one; ``None`` when it
    has more than :data:`~hanoi_magnet.episode.MAX_ANSWER_MOVES` moves, and then
    ``metadata["answer_withheld"]`` says so) and ``metadata``.

    ``metadata["instance"]`` is the instance's JSON record (its counts as decimal strings), which
    :func:`instance_of` reads back.

    Example:
        >>> import reasoning_gym
        >>> import hanoi_magnet.integrations.reasoning_gym
        >>> data = reasoning_gym.create_dataset("hanoi_magnet", seed=1, size=3)
        >>> entry = data[0]
        >>> data.score_answer(entry["answer"], entry), data.score_answer("no idea", entry)
        (1.0, 0.0)
    """

    def __init__(self, config: HanoiMagnetConfig) -> None:
        super().__init__(config=config, seed=config.seed, size=config.size)
        self._made: list[Instance] = []
        self._source: Iterator[Instance] = iter_instances(self.seed, self.size, **config.options())

    def instance(self, index: int) -> Instance:
        """The instance behind entry ``index`` (``generate(seed, size)[index]``)."""
        if not 0 <= index < self.size:
            raise IndexError(f"index {index} out of range for a dataset of {self.size}")
        while len(self._made) <= index:
            self._made.append(next(self._source))
        return self._made[index]

    def __getitem__(self, index: int) -> dict[str, Any]:
        """The entry ``index``."""
        instance = self.instance(index)
        answer = written_answer(instance)
        metadata: dict[str, Any] = {
            "source_dataset": DATASET_NAME,
            "source_index": index,
            "instance": json.loads(instance.to_json()),
            "difficulty": {
                "disks": instance.n,
                "family": instance.family,
                "task": instance.task.value,
                "positions": self.config.positions,
            },
        }
        if answer.withheld is not None:
            metadata["answer_withheld"] = answer.withheld
        return {"question": instance.prompt, "answer": answer.text, "metadata": metadata}

    def score_answer(self, answer: str | None, entry: dict[str, Any]) -> float:
        """The kit's score of ``answer`` (the configured reward, in [0, 1])."""
        return score(answer, instance_of(entry)).rewards[self.config.reward]


def instance_of(entry: dict[str, Any]) -> Instance:
    """The :class:`~hanoi_magnet.evaluation.Instance` of a dataset entry.

    Example:
        >>> import reasoning_gym
        >>> from hanoi_magnet.integrations.reasoning_gym import instance_of
        >>> from hanoi_magnet.evaluation import generate
        >>> entry = reasoning_gym.create_dataset("hanoi_magnet", seed=4, size=2)[1]
        >>> instance_of(entry) == generate(seed=4, count=2)[1]
        True
    """
    return Instance.from_dict(entry["metadata"]["instance"])


class HanoiMagnetCurriculum(BaseCurriculum):  # type: ignore[misc]  # reasoning-gym is untyped
    """A curriculum over four attributes: disks, family, position kind and task.

    It stays on three posts, where distances are exact from any position at any size (add
    ``frame-stewart`` through the configuration).

    Example:
        >>> from reasoning_gym.factory import create_curriculum
        >>> import hanoi_magnet.integrations.reasoning_gym
        >>> curriculum = create_curriculum("hanoi_magnet")
        >>> curriculum.increment_attr_level("family")
        True
        >>> curriculum.generate_configuration().families
        ('classic', 'linear', 'cyclic')
    """

    def __init__(self) -> None:
        super().__init__(HanoiMagnetCurriculum.__name__, HanoiMagnetConfig)
        self._define_attributes(
            RangeAttributeDefinition(
                name="disks",
                levels=[3, 5, 7, 9, 11],
                lower_field_name="min_disks",
                upper_field_name="max_disks",
                description="Number of disks",
            ),
            ScalarAttributeDefinition(
                name="family",
                levels=[("classic",), ("classic", "linear", "cyclic"), ("magnetic",), _THREE_POSTS],
                field_name="families",
                description="The kinds of puzzle: classic, one-way moves, magnetic",
            ),
            ScalarAttributeDefinition(
                name="positions",
                levels=["towers", "mixed", "random"],
                field_name="positions",
                description="Tower to tower, or random positions",
            ),
            ScalarAttributeDefinition(
                name="task",
                levels=[("next-move",), ("next-move", "continue"), ("solve",), tuple(Task)],
                field_name="tasks",
                description="The question: the next move, the next few moves, every move",
            ),
        )


if DATASET_NAME not in reasoning_gym.factory.DATASETS:
    reasoning_gym.register_dataset(
        DATASET_NAME, HanoiMagnetDataset, HanoiMagnetConfig, HanoiMagnetCurriculum
    )
