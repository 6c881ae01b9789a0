"""The puzzles the generator draws: families, their rules and ends, random positions."""

from __future__ import annotations

import random

from hanoi_magnet.errors import (
    InvalidArgumentError,
    SearchLimitError,
    UnreachableError,
    UnsolvableError,
)
from hanoi_magnet.evaluation import _draw
from hanoi_magnet.evaluation._instance import Instance, Task
from hanoi_magnet.evaluation._optimum import optimum
from hanoi_magnet.evaluation._prompts import PromptTemplate, render
from hanoi_magnet.model import State
from hanoi_magnet.notation import Notation
from hanoi_magnet.registry import default_registry, solve
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
_KINDS_TRIED = 8  # attempts at an instance with no solution that a glance does not give away


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


#: The magnetic labels with no solution for two or more disks.
UNSOLVABLE_LABELS = tuple(
    label for label in SID_LABELS if not getattr(default_registry.get(label), "solvable", True)
)
# Three-peg directions that do not connect every peg both ways: acyclic ones (everything flows
# one way), up to relabelling.
_ONE_WAY: tuple[tuple[tuple[int, int], ...], ...] = (
    ((0, 1), (1, 2), (0, 2)),
    ((0, 1), (1, 2)),
    ((0, 1), (0, 2), (1, 2), (2, 1)),
)


def no_solution(
    rng: random.Random,
    name: str,
    n: int,
    template: PromptTemplate,
    notation: Notation,
    limit: int,
) -> Instance:
    """A ``solve`` instance with no solution, and the library's reason why.

    Drawn so that a glance does not give it away: the start position has a legal move (the
    three labels with no legal first move at all, BBB, NRR and RRR, are drawn only when the
    others fail, which they do not on three posts).
    """
    kind = 1 + _draw.below(rng, 2)
    for attempt in range(_KINDS_TRIED):
        if (kind + attempt) % 2 == 1:
            found = _one_way(rng, n, limit)
            if found is not None:
                rules, start, goal, why = found
                return _unsolvable(name, "digraph", None, rules, start, goal, why, n, template,
                                   notation)  # fmt: skip
        else:
            stranded = _stranded(rng, n, limit)
            if stranded is not None:
                label, rules, start, goal, why = stranded
                return _unsolvable(name, "magnetic", label, rules, start, goal, why, n, template,
                                   notation)  # fmt: skip
    label = _draw.choice(rng, UNSOLVABLE_LABELS)
    variant = default_registry.variant(label)
    start, goal = variant.start(n), variant.goal(n)
    try:
        solve(label, n)
    except UnsolvableError as error:
        return _unsolvable(name, "magnetic", label, variant.rules, start, goal, str(error), n,
                           template, notation)  # fmt: skip
    raise AssertionError(f"{label} has a solution for {n} disks")  # pragma: no cover


def _one_way(rng: random.Random, n: int, limit: int) -> tuple[Rules, State, State, str] | None:
    arcs = _draw.choice(rng, _ONE_WAY)
    relabel = _draw.permutation(rng, (0, 1, 2))
    rules = ClassicRules(3, [(relabel[a], relabel[b]) for a, b in arcs])
    ends = [(source, target) for source in range(3) for target in range(3) if source != target]
    for source, target in _draw.permutation(rng, tuple(ends)):
        start, goal = State.tower(n, source), State.tower(n, target)
        if not rules.legal_moves(start):
            continue  # a glance at the first move would give it away
        try:
            optimum(rules, start, goal, max_states=limit)
        except UnreachableError as error:
            return rules, start, goal, str(error)
        except SearchLimitError:  # pragma: no cover - three posts need no search
            continue
    return None


def _stranded(
    rng: random.Random, n: int, limit: int
) -> tuple[str, Rules, State, State, str] | None:
    label = _draw.choice(rng, _SOLVABLE_LABELS)
    rules = default_registry.variant(label).rules
    for _ in range(_RESAMPLES):
        start, goal = _draw.position(rng, rules, n), _draw.position(rng, rules, n)
        if not rules.legal_moves(start):
            continue  # a glance at the first move would give it away
        try:
            optimum(rules, start, goal, max_states=limit)
        except UnreachableError as error:
            return label, rules, start, goal, str(error)
        except SearchLimitError:  # pragma: no cover - three posts need no search
            continue
    return None


def _unsolvable(
    name: str,
    family: str,
    label: str | None,
    rules: Rules,
    start: State,
    goal: State,
    why: str,
    n: int,
    template: PromptTemplate,
    notation: Notation,
) -> Instance:
    prompt = render(template, notation, rules, start, goal, abstain=True)
    return Instance(
        id=name,
        task=Task.SOLVE,
        family=family,
        variant=label,
        rules=rules,
        n=n,
        start=start,
        goal=goal,
        notation=notation.name,
        template=template.name,
        prompt=prompt,
        unsolvable=why,
    )
