"""Instances from other evaluation suites, so that their answers can be scored here."""

from __future__ import annotations

import functools
from collections.abc import Mapping

from hanoi_magnet.errors import InvalidArgumentError
from hanoi_magnet.evaluation._instance import Instance, Task
from hanoi_magnet.evaluation._optimum import Optimum, optimum
from hanoi_magnet.model import State, _integer
from hanoi_magnet.rules import ClassicRules


def from_reasoning_gym(entry: Mapping[str, object]) -> Instance:
    r"""The instance of one entry of reasoning-gym's ``tower_of_hanoi`` dataset.

    Only the entry's ``question`` and ``metadata`` (``num_disks``, ``num_pegs``, ``start_peg``
    and ``target_peg``, pegs numbered from 1) are read; the optimum is the library's own
    (Frame–Stewart's count, which reasoning-gym uses too; proven optimal on four pegs,
    conjectured on more).

    Raises:
        InvalidArgumentError: the entry lacks these fields.

    Example:
        >>> from hanoi_magnet.evaluation import from_reasoning_gym, score
        >>> entry = {"question": "Solve the Tower of Hanoi problem with 2 disks and 4 pegs...",
        ...          "metadata": {"source_index": 7, "num_disks": 2, "num_pegs": 4,
        ...                       "start_peg": 3, "target_peg": 1}}
        >>> instance = from_reasoning_gym(entry)
        >>> instance.variant, instance.optimum, instance.proven
        ('classic:4', 3, True)
        >>> answer = "Move disk 1 from Peg 3 to Peg 2\nMove disk 2 from Peg 3 to Peg 1\n"
        >>> score(answer + "Move disk 1 from Peg 2 to Peg 1", instance).rewards["reasoning_gym"]
        1.0

        A final period is more than reasoning-gym reads (it scores such an answer 0.0, and so
        does the reward named after it); the kit's own reading still solves it:

        >>> result = score(answer + "Move disk 1 from Peg 2 to Peg 1.", instance)
        >>> result.rewards["reasoning_gym"], result.rewards["graded"], result.outcome.value
        (0.0, 1.0, 'solved-optimally')
    """
    try:
        meta = entry["metadata"]
        if not isinstance(meta, Mapping):
            raise TypeError("metadata is not a mapping")
        n = _integer(meta["num_disks"], "num_disks")
        pegs = _integer(meta["num_pegs"], "num_pegs", minimum=3)
        source = _integer(meta["start_peg"], "start_peg", minimum=1) - 1
        target = _integer(meta["target_peg"], "target_peg", minimum=1) - 1
        question = str(entry.get("question", ""))
        index = meta.get("source_index", 0)
    except (KeyError, TypeError) as error:
        raise InvalidArgumentError(
            f"not a reasoning-gym tower_of_hanoi entry (needs metadata num_disks, num_pegs, "
            f"start_peg, target_peg): {error}"
        ) from None
    rules = _rules(pegs)
    start, goal = _tower(n, source, pegs), _tower(n, target, pegs)
    best = _towers(pegs, n) if source != target else optimum(rules, start, goal)
    return Instance(
        id=f"reasoning-gym-{index}",
        task=Task.SOLVE,
        family="classic" if pegs == 3 else "frame-stewart",
        variant="classic" if pegs == 3 else f"classic:{pegs}",
        rules=rules,
        n=n,
        start=start,
        goal=goal,
        notation="reasoning-gym",
        template="reasoning-gym",
        prompt=question,
        optimum=best.length,
        proven=best.proven,
    )


# A dataset repeats a few sizes thousands of times: the rules, towers and optima of each are
# made once and shared by its instances (all immutable), so that building an instance costs
# little next to scoring an answer to it.


@functools.lru_cache(maxsize=64)
def _rules(pegs: int) -> ClassicRules:
    return ClassicRules(pegs)


#: Towers of at most this many disks are kept (each holds its n disks).
_KEPT_DISKS = 64


def _tower(n: int, post: int, pegs: int) -> State:
    return _small_tower(n, post, pegs) if n <= _KEPT_DISKS else State.tower(n, post, posts=pegs)


@functools.lru_cache(maxsize=1024)
def _small_tower(n: int, post: int, pegs: int) -> State:
    return State.tower(n, post, posts=pegs)


@functools.lru_cache(maxsize=256)
def _towers(pegs: int, n: int) -> Optimum:
    """The optimum from one tower to another on ``pegs`` pegs, computed once per size.

    Any two towers: every relabelling of the pegs preserves the rules.
    """
    return optimum(_rules(pegs), _tower(n, 0, pegs), _tower(n, 1, pegs))
