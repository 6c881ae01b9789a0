"""Optimality beyond the reach of breadth-first search, by an independent exact argument.

For three posts, the largest disk moves only when every smaller disk sits, as one tower, on
the third post (and by the repulsion rule that tower shows one colour). So an optimal solution
is a shortest path over (largest disk's post and face, smaller tower's post and face), whose
edges are single moves of the largest disk or transfers of the smaller tower; while the tower
moves, the largest disk lies still and colours its post with its up face, so each transfer is
an optimal solution of a smaller puzzle of the same kind. Computing these optima level by level
gives the exact minimum for every n (DESIGN.md, "Where the tables come from"; Lunnon's matrix
method made mechanical).

This module knows nothing of plan tables: it is checked against breadth-first search for small
n, then compared with the length of every magnetic solver up to n = 300.
"""

from __future__ import annotations

import heapq
import itertools
from functools import cache

import pytest

from hanoi_magnet import Color, MagneticRules, State, default_registry, solve
from hanoi_magnet.variants import SID_LABELS
from tests.oracle import bfs_distance

INFINITY = float("inf")
RED, BLUE = 0, 1
SWAP = str.maketrans("RB", "BR")


def accepts(colour: str, face: int) -> bool:
    """Whether a disk may land on an empty post of this colour showing ``face`` up."""
    return colour == "N" or (colour == "R") == (face == RED)


def canonical(colours: str, a: int, f: int, b: int, g: int) -> tuple[str, int, int, int, int]:
    """Move a tower from (post a, face f) to (post b, face g) under post ``colours``: the same
    problem with the posts renamed so a is 0 (and b is 2 when a != b), red and blue swapped
    so the start shows red."""
    if a == b:
        other = [p for p in range(3) if p != a]
        order = (a, *other)
        target = 0
    else:
        order = (a, 3 - a - b, b)
        target = 2
    renamed = "".join(colours[p] for p in order)
    if f == BLUE:
        return renamed.translate(SWAP), 0, RED, target, g ^ 1
    return renamed, 0, f, target, g


class Optimum:
    """Exact optimal tower transfers for every problem, computed one level at a time."""

    def __init__(self) -> None:
        self.levels: list[dict[tuple[str, int, int, int, int], float]] = []

    def cost(self, m: int, colours: str, a: int, f: int, b: int, g: int) -> float:
        if m == 0:
            return 0
        if not (accepts(colours[a], f) and accepts(colours[b], g)):
            return INFINITY  # not a legal position to start or to end in
        key = canonical(colours, a, f, b, g)
        while len(self.levels) < m:
            self.levels.append({})
        level = self.levels[m - 1]
        if key not in level:
            level[key] = self._solve(m, *key)
        return level[key]

    def _solve(self, m: int, colours: str, a: int, f: int, b: int, g: int) -> float:
        """Dijkstra over (largest disk's post, face, tower's post, face)."""
        start, goal = (a, f, a, f), (b, g, b, g)
        if start == goal:
            return 0
        best: dict[tuple[int, int, int, int], float] = {start: 0}  # exact ints: lengths are huge
        queue: list[tuple[float, tuple[int, int, int, int]]] = [(0, start)]
        while queue:
            distance, node = heapq.heappop(queue)
            if node == goal:
                return distance
            if distance > best[node]:
                continue
            big, big_face, tower, tower_face = node
            edges = []
            if m == 1 or tower != big:  # the largest disk is free to move (flipping over)
                face = big_face ^ 1
                for target in range(3):
                    if target == big or not accepts(colours[target], face):
                        continue
                    if m == 1:  # no smaller disks: the "tower" is the disk itself
                        edges.append((1, (target, face, target, face)))
                    elif target != tower:
                        edges.append((1, (target, face, tower, tower_face)))
            if m > 1:
                seen = list(colours)
                seen[big] = "R" if big_face == RED else "B"  # the largest disk colours its post
                for target, face in itertools.product(range(3), (RED, BLUE)):
                    after = (big, big_face, target, face)
                    if (target, face) == (tower, tower_face) or (target == big and after != goal):
                        continue
                    cost = self.cost(m - 1, "".join(seen), tower, tower_face, target, face)
                    if cost < INFINITY:
                        edges.append((cost, after))
            for cost, after in edges:
                if distance + cost < best.get(after, INFINITY):
                    best[after] = distance + cost
                    heapq.heappush(queue, (distance + cost, after))
        return INFINITY


@cache
def optimum() -> Optimum:
    return Optimum()


def label_problem(label: str) -> tuple[str, int, int, int, int]:
    variant = default_registry.variant(label)
    assert variant.start_face is not None
    assert variant.goal_face is not None
    return label, 0, variant.start_face.bit, 2, variant.goal_face.bit


@pytest.mark.parametrize("label", SID_LABELS)
def test_the_argument_agrees_with_breadth_first_search(label):
    colours, a, f, b, g = label_problem(label)
    rules = MagneticRules(colours)
    for n in range(1, 6):
        start = State.tower(n, a, face=Color.RED if f == RED else Color.BLUE)
        goal = State.tower(n, b, face=Color.RED if g == RED else Color.BLUE)
        found = bfs_distance(rules, start, goal)
        assert optimum().cost(n, colours, a, f, b, g) == (INFINITY if found is None else found)


@pytest.mark.parametrize("label", SID_LABELS)
def test_every_magnetic_solver_is_optimal_up_to_300_disks(label):
    problem = label_problem(label)
    solvable = default_registry.get(label).solvable
    for n in range(1, 301):
        best = optimum().cost(n, *problem)
        if solvable:
            assert solve(label, n).length == best, (label, n)
        else:
            assert best == INFINITY
