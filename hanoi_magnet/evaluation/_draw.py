"""Random choices that are the same on every platform and Python version.

Python guarantees only that ``random.Random(seed).random()`` gives the same numbers everywhere
(the other methods may change between versions), so every choice here is made from it alone:
an integer below ``n`` takes enough 53-bit draws to cover ``n`` with 64 bits to spare.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from hanoi_magnet.model import Color, State
from hanoi_magnet.rules import MagneticRules, Rules

T = TypeVar("T")

_BITS = 53


def below(rng: random.Random, n: int) -> int:
    """A uniform integer in ``0 .. n - 1`` (``n`` of any size; bias below 2**-64)."""
    if n <= 0:
        raise ValueError(f"nothing to choose from below {n}")
    chunks = (n.bit_length() + 64) // _BITS + 1
    value = 0
    for _ in range(chunks):
        value = (value << _BITS) | int(rng.random() * (1 << _BITS))
    return (value * n) >> (chunks * _BITS)


def between(rng: random.Random, low: int, high: int) -> int:
    """A uniform integer in ``low .. high`` (both included)."""
    return low + below(rng, high - low + 1)


def choice(rng: random.Random, items: Sequence[T]) -> T:
    """One of ``items``, uniformly."""
    return items[below(rng, len(items))]


def permutation(rng: random.Random, items: Sequence[T]) -> list[T]:
    """``items`` in a uniformly random order."""
    pool = list(items)
    return [pool.pop(below(rng, len(pool))) for _ in range(len(pool))]


def position(rng: random.Random, rules: Rules, n: int) -> State:
    """A uniformly random legal position.

    Each disk lies on any post; under magnetic rules each stack on a neutral post shows either
    colour, on a coloured post that colour.
    """
    posts = rules.posts
    where = [below(rng, posts) for _ in range(n)]  # where[d - 1]: the post of disk d
    stacks = [[d for d in range(n, 0, -1) if where[d - 1] == p] for p in range(posts)]
    if not isinstance(rules, MagneticRules):
        return State(stacks)
    shown = [
        color if color is not None else (Color.RED, Color.BLUE)[below(rng, 2)]
        for color in rules.post_colors
    ]
    return State(stacks, [shown[where[d - 1]] for d in range(1, n + 1)])
