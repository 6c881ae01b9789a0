"""The puzzles the generator draws: families, their rules and ends, random positions."""

from __future__ import annotations

import random

from hanoi_magnet.errors import InvalidArgumentError, UnreachableError
from hanoi_magnet.evaluation import _draw
from hanoi_magnet.evaluation._optimum import optimum
from hanoi_magnet.model import State
from hanoi_magnet.registry import default_registry
from hanoi_magnet.rules import ClassicRules, Rules
from hanoi_magnet.variants import SID_LABELS

#: The kinds of puzzle the generator draws from.
FAMILIES = ("classic", "frame-stewart", "linear", "cyclic", "magnetic", "digraph")

# The strongly connected sets of allowed moves on three pegs, up to relabelling (Sapir, "The
# Tower of Hanoi with forbidden moves", Computer Journal 47(1), 2004).
_DIGRAPHS: tuple[tuple[tuple[int, int], ...], ...] = (
    ((0, 1), (1, 2), (2, 0)),
    ((0, 1), (1, 2), (2, 0), (1, 0)),
    ((0, 1), (1, 0), (1, 2), (2, 1)),
    ((0, 1), (1, 2), (2, 0), (1, 0), (2, 1)),
    ((0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)),
)
_RESAMPLES = 100  # attempts at a random position that can reach the goal


def puzzle(
    rng: random.Random, family: str, fewest_pegs: int, most_pegs: int
) -> tuple[str | None, Rules, int, int]:
    """(label or None, rules, start post, goal post) of a puzzle of ``family``."""
    if family == "digraph":
        arcs = _draw.choice(rng, _DIGRAPHS)
        relabel = _draw.permutation(rng, (0, 1, 2))
        rules = ClassicRules(3, [(relabel[a], relabel[b]) for a, b in arcs])
        source, target = _draw.permutation(rng, (0, 1, 2))[:2]
        return None, rules, source, target
    if family == "frame-stewart":
        label = f"classic:{_draw.between(rng, fewest_pegs, most_pegs)}"
    elif family == "cyclic":
        label = _draw.choice(rng, ("cyclic", "cyclic:ccw"))
    elif family == "magnetic":
        label = _draw.choice(rng, _SOLVABLE_LABELS)
    else:
        label = family
    variant = default_registry.variant(label)
    return label, variant.rules, variant.source, variant.target


_SOLVABLE_LABELS = tuple(
    label for label in SID_LABELS if getattr(default_registry.get(label), "solvable", True)
)


def random_pair(rng: random.Random, rules: Rules, n: int, limit: int) -> tuple[State, State]:
    """A random legal start and a random legal goal reachable from it, not the same."""
    for _ in range(_RESAMPLES):
        start, goal = _draw.position(rng, rules, n), _draw.position(rng, rules, n)
        if start != goal and _reachable(rules, start, goal, limit):
            return start, goal
    raise InvalidArgumentError(  # pragma: no cover - reachable pairs are common
        f"no reachable pair of random positions found in {_RESAMPLES} attempts"
    )


def random_start(rng: random.Random, rules: Rules, goal: State, limit: int) -> State:
    for _ in range(_RESAMPLES):
        start = _draw.position(rng, rules, goal.n)
        if start != goal and _reachable(rules, start, goal, limit):
            return start
    raise InvalidArgumentError(  # pragma: no cover - reachable positions are common
        f"no random position that can reach the goal found in {_RESAMPLES} attempts"
    )


def _reachable(rules: Rules, start: State, goal: State, limit: int) -> bool:
    try:
        optimum(rules, start, goal, max_states=limit)
    except UnreachableError:
        return False
    return True
