"""Sets of rules the distance tests run over: every set of allowed directions on three posts,
the strongly connected ones (Sapir 2004), random rules, and every registered three-post label."""

from __future__ import annotations

import itertools
import random

from hanoi_magnet import ClassicRules, MagneticRules, Rules, State, default_registry, labels
from hanoi_magnet.variants import SID_LABELS

#: The registered classic families (every one a plan table checked by breadth-first search).
FAMILIES = [
    "classic",
    "linear",
    "cyclic",
    "cyclic:ccw",
    "cyclic+1",
    "cyclic+2",
    "classic:4",
    "classic:5",
]

ARCS = [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]
ARC_SETS = [frozenset(c) for k in range(7) for c in itertools.combinations(ARCS, k)]
LINE = frozenset({(0, 1), (1, 0), (1, 2), (2, 1)})
CLOCKWISE = frozenset({(0, 1), (1, 2), (2, 0)})
COUNTER_CLOCKWISE = frozenset({(0, 2), (2, 1), (1, 0)})


def spelled(arcs) -> str:
    return ",".join("SID"[a] + "SID"[b] for a, b in sorted(arcs)) or "none"


def connected(arcs) -> bool:
    reach = set(arcs) | {(p, p) for p in range(3)}
    for middle, a, b in itertools.product(range(3), repeat=3):
        if (a, middle) in reach and (middle, b) in reach:
            reach.add((a, b))
    return len(reach) == 9


CONNECTED = [arcs for arcs in ARC_SETS if connected(arcs)]


def random_rules(rng: random.Random) -> Rules:
    """Classic with a random strongly connected direction set, or magnetic with a random
    colouring and, half of the time, a random direction set (any of the 64)."""
    kind = rng.randrange(3)
    if kind == 0:
        return ClassicRules(3, rng.choice(CONNECTED))
    if kind == 1:
        return MagneticRules(rng.choice(SID_LABELS))
    return MagneticRules(rng.choice(SID_LABELS), allowed=rng.choice(ARC_SETS))


def walk(rules: Rules, state: State, rng: random.Random, steps: int) -> State:
    """Where a random walk of legal moves leads (a goal that can surely be reached)."""
    for _ in range(rng.randrange(steps)):
        moves = rules.legal_moves(state)
        if moves:
            state = rules.apply(state, rng.choice(moves))
    return state


THREE_POST_LABELS = [
    label
    for label in labels()
    if label in SID_LABELS or label.startswith(("classic", "linear", "cyclic", "arcs:"))
    if default_registry.variant(label).posts == 3
]
