"""Where the answer grammar takes its choices from: a seeded ``random.Random``, or Hypothesis.

The grammar (:mod:`._grammar`) is written once against :class:`Chooser`; the Hypothesis strategy
draws every choice from the test's data (so failures shrink towards the first option of each
choice: plain lines, no wrapper, no corruption), and the plain generator from a seeded random
source (fast enough for a million answers).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, TypeVar

T = TypeVar("T")


class Chooser(Protocol):
    """The source of every choice the grammar makes."""

    def choice(self, options: Sequence[T]) -> T:
        """One of ``options`` (the first is the simplest: where failures shrink to)."""

    def integer(self, low: int, high: int) -> int:
        """An integer from ``low`` to ``high``, both included."""

    def chance(self, percent: int) -> bool:
        """True ``percent`` times in a hundred."""


class RandomChooser:
    """Choices from a seeded :class:`random.Random` (the same seed, the same answers)."""

    def __init__(self, rng: random.Random) -> None:
        self._random = rng.random

    def choice(self, options: Sequence[T]) -> T:
        return options[int(self._random() * len(options))]

    def integer(self, low: int, high: int) -> int:
        return low + int(self._random() * (high - low + 1))

    def chance(self, percent: int) -> bool:
        return self._random() * 100 < percent


class Sticky:
    """A chooser that makes each choice once and keeps it: one style for a whole answer.

    The forms of :mod:`._forms` choose words (``Move`` or ``move``, which arrow...) each time
    they write a move; a model keeps one style through an answer, so the forms are given a
    sticky chooser: the same options give the same choice again.
    """

    def __init__(self, chooser: Chooser) -> None:
        self._chooser = chooser
        self._made: dict[tuple[object, ...], object] = {}

    def choice(self, options: Sequence[T]) -> T:
        key = tuple(options)
        if key not in self._made:
            self._made[key] = self._chooser.choice(options)
        return self._made[key]  # type: ignore[return-value]

    def integer(self, low: int, high: int) -> int:
        return self._chooser.integer(low, high)

    def chance(self, percent: int) -> bool:
        key = ("chance", percent)
        if key not in self._made:
            self._made[key] = self._chooser.chance(percent)
        return self._made[key]  # type: ignore[return-value]
