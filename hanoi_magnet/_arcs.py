"""Move-restriction digraphs on three posts: the ``arcs:`` labels, spelled and checked.

An arc set is the set of allowed ``(source, target)`` directions between the posts S, I, D
(0, 1, 2). A label ``arcs:SI,IS,ID,DS`` lists them, each as the letters of its two posts (or
``S->I``); the canonical spelling lists them in the order SI, SD, IS, ID, DS, DI. The tower
always goes from S to D, so every (arc set, start post, goal post) problem on three posts is one
``arcs:`` label after renaming the posts, and no two labels name the same problem.

Sapir ("The Tower of Hanoi with forbidden moves", The Computer Journal 47(1), 2004) shows that
up to renaming the posts exactly five arc sets are strongly connected (every post reachable
from every other): the 3-cycle, the 3-cycle plus one reversed arc, the line, the 3-cycle plus
two reversed arcs, and all six arcs. They give 18 arc sets with the tower from S to D, each
solvable for every number of disks; any other arc set leaves some post unreachable from
another, and no tower of three or more disks gets from S to D (a search shows it for three
disks, and a solution for n + 1 disks would give one for n: leave out the largest disk).
"""

from __future__ import annotations

import re

_LETTERS = "SID"
#: Every arc on three posts, in the canonical order of a label.
ARCS: tuple[tuple[int, int], ...] = ((0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1))
_ARC = re.compile(r"([sid])(?:->|>|-)?([sid])", re.IGNORECASE)

Arcs = frozenset[tuple[int, int]]


def parse(text: str) -> Arcs | None:
    """The arcs of a comma-separated list such as ``SI,ID`` or ``s->i, i->d``.

    None if the list is malformed: an unknown letter, one post twice in an arc, no arcs.
    """
    items = [item.strip() for item in text.split(",")]
    found = set()
    for item in items:
        match = _ARC.fullmatch(item)
        if match is None:
            return None
        source, target = (_LETTERS.index(ch.upper()) for ch in match.groups())
        if source == target:
            return None
        found.add((source, target))
    return frozenset(found) if found else None


def spell(arcs: Arcs) -> str:
    """The canonical list, e.g. ``SI,IS,ID,DS``."""
    return ",".join(_name(arc) for arc in ARCS if arc in arcs)


def describe(arcs: Arcs) -> str:
    """The arcs for people: ``S->I, I->S, I->D, D->S``."""
    return ", ".join(f"{_LETTERS[a]}->{_LETTERS[b]}" for a, b in ARCS if (a, b) in arcs)


def renamed(arcs: Arcs, posts: tuple[int, int, int]) -> Arcs:
    """The arcs as a sub-puzzle sees them whose post i is our post ``posts[i]``."""
    return frozenset((a, b) for a, b in ARCS if (posts[a], posts[b]) in arcs)


def cut_off(arcs: Arcs) -> str | None:
    """Why the arcs are not strongly connected (a post that cannot reach another), or None."""
    for start in range(3):
        reached = {start}
        for _ in range(2):
            reached |= {b for a, b in arcs if a in reached}
        if len(reached) < 3:
            missing = min(set(range(3)) - reached)
            return (
                f"no sequence of allowed moves leads from {_LETTERS[start]} to "
                + (_LETTERS[missing])
            )
    return None


def connected() -> list[Arcs]:
    """The 18 strongly connected arc sets, fewest arcs first, then in label order."""
    subsets = (
        frozenset(arc for bit, arc in enumerate(ARCS) if mask >> bit & 1) for mask in range(64)
    )
    found = [arcs for arcs in subsets if arcs and cut_off(arcs) is None]
    return sorted(
        found, key=lambda arcs: (len(arcs), [ARCS.index(a) for a in ARCS if a not in arcs])
    )


def _name(arc: tuple[int, int]) -> str:
    return _LETTERS[arc[0]] + _LETTERS[arc[1]]
