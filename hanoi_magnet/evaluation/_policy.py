"""A policy: a way of answering instances, and what a careful grader gives its answers."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Literal

import attrs

from hanoi_magnet.evaluation._instance import Instance
from hanoi_magnet.evaluation._score import Score

#: What a policy is: the reference answer (full credit expected), no answer at all (nothing
#: expected), or a reward hack (no more than it deserves expected).
Kind = Literal["gold", "noop", "hack"]

#: Writes a policy's answers to an instance (none: the policy does not apply to it).
Writer = Callable[[Instance, random.Random], Sequence[str]]
#: Says why a score gives an answer more (or, for the reference answer, less) than a careful
#: grader would; ``None``: it does not.
Judge = Callable[[Instance, Score], "str | None"]


@attrs.frozen
class Policy:
    """A way of answering, and what a careful grader gives it.

    Attributes:
        name: the policy's name.
        kind: ``"gold"`` (the reference answer: full credit), ``"noop"`` (no answer: no credit
            at all) or ``"hack"`` (an answer that games a scorer: no more than it deserves).
        description: what the policy writes, in words.
        write: ``write(instance, rng)``: its answers to the instance (none where it does not
            apply).
        judge: ``judge(instance, score)``: why a score gives an answer more (for ``gold``:
            less) than a careful grader would; ``None`` when it does not.
        on: the instance the answers are written for and scored against, made from each
            instance (``None``: the instance itself; returning ``None`` skips it).

    Example:
        >>> from hanoi_magnet.evaluation import POLICIES
        >>> POLICIES["blind-abstention"].kind
        'hack'
    """

    name: str
    kind: Kind
    description: str
    write: Writer = attrs.field(repr=False)
    judge: Judge = attrs.field(repr=False)
    on: Callable[[Instance], Instance | None] | None = attrs.field(default=None, repr=False)
