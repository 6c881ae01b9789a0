"""Tower-to-tower distances on three posts, level by level: the small graph of the largest disk.

On three posts, when the largest disk ``m`` of a (sub)puzzle moves from post ``q`` to ``q'``,
every smaller disk lies on the third post, as a tower showing one face. So any path splits at
the moves of disk ``m`` into legs in which disk ``m`` sits still in a **block** ``(q, g)``
(post and face) and the ``m - 1`` smaller disks go from one tower to another, a three-post
problem of one disk fewer in which post ``q`` acts as a post of colour ``g`` (its disk's face;
under classic rules nothing changes). The **macro graph** of level ``m`` has a node ``(B, t)``
for every block ``B`` and tower ``t`` of the smaller disks, an edge of length 1 for every legal
move of disk ``m``, and within a block an edge of the tower-to-tower distance one level down.
Its shortest paths are exact distances (the argument of Hinz et al., *The Tower of Hanoi -
Myths and Maths*, for the classic graph; it holds for any colours and directions).

Environments: the colour each post shows the smaller disks, ``-1`` neutral, 0 red, 1 blue.
Towers: ``(post, face)``; with no disk there is one position, the tower :data:`EMPTY`.
"""

from __future__ import annotations

import functools
import heapq
from collections.abc import Iterable

from hanoi_magnet.rules import ClassicRules, MagneticRules, Rules

INF = 1 << 60
EMPTY = (-1, -1)

Env = tuple[int, int, int]
Tower = tuple[int, int]
Block = tuple[int, int]
Node = tuple[Block, Tower]


class Macro:
    """The macro graphs of one set of three-post rules, at every level, memoised."""

    def __init__(self, rules: Rules) -> None:
        assert rules.posts == 3
        self.magnetic = isinstance(rules, MagneticRules)
        self.faces = (0, 1) if self.magnetic else (0,)
        self.flip = 1 if self.magnetic else 0
        if isinstance(rules, MagneticRules):
            self.colors: Env = tuple(-1 if c is None else c.bit for c in rules.post_colors)  # type: ignore[assignment]
        else:
            assert isinstance(rules, ClassicRules)
            self.colors = (-1, -1, -1)
        self.allowed = {(a, b) for a in range(3) for b in range(3) if a != b}
        if rules.allowed is not None:  # classic or magnetic
            self.allowed &= set(rules.allowed)

    # -- environments, blocks, towers ------------------------------------------------------------

    def child(self, env: Env, block: Block) -> Env:
        """The environment of the smaller disks while disk ``m`` sits in ``block``."""
        if not self.magnetic:
            return env
        post, face = block
        return tuple(face if q == post else c for q, c in enumerate(env))  # type: ignore[return-value]

    def blocks(self, env: Env) -> list[Block]:
        """The (post, face) places the largest disk can have in ``env``."""
        return [(q, g) for q in range(3) for g in self.faces if env[q] in (-1, g)]

    def towers(self, m: int, env: Env) -> list[Tower]:
        """The towers of ``m`` disks legal in ``env``."""
        return [EMPTY] if m == 0 else self.blocks(env)

    def all_towers(self, m: int) -> list[Tower]:
        """Every (post, face) tower of ``m`` disks, legal or not (the slots of the arrays)."""
        return [EMPTY] if m == 0 else [(q, g) for q in range(3) for g in self.faces]

    # -- distances -------------------------------------------------------------------------------

    def nodes(self, m: int, env: Env) -> list[Node]:
        """The macro nodes of level ``m`` (``m >= 1``)."""
        return [(b, t) for b in self.blocks(env) for t in self.towers(m - 1, self.child(env, b))]

    def edges(self, m: int, env: Env, node: Node) -> Iterable[tuple[Node, int]]:
        """The edges leaving ``node``: (node, length)."""
        (post, face), tower = node
        inner = self.child(env, (post, face))
        if m > 1:
            for other, length in self.tower_distances(m - 1, inner)[tower].items():
                if other != tower:
                    yield ((post, face), other), length
        for target in range(3):
            if target == post or (post, target) not in self.allowed:
                continue
            if m > 1 and tower[0] != 3 - post - target:
                continue  # the smaller disks must all wait on the third post
            landing = face ^ self.flip
            if env[target] in (-1, landing):
                yield ((target, landing), tower), 1

    def dijkstra(self, m: int, env: Env, seeds: dict[Node, int]) -> dict[Node, int]:
        """Distances from the seeded nodes (with their starting lengths) to every macro node."""
        best = dict(seeds)
        heap = [(length, node) for node, length in seeds.items()]
        heapq.heapify(heap)
        while heap:
            length, node = heapq.heappop(heap)
            if length > best.get(node, INF):
                continue
            for other, step in self.edges(m, env, node):
                if length + step < best.get(other, INF):
                    best[other] = length + step
                    heapq.heappush(heap, (length + step, other))
        return best

    @functools.cache  # noqa: B019 (one Macro per search; the memo is the point)
    def from_tower(self, m: int, env: Env, tower: Tower) -> dict[Node, int]:
        """Distances from the tower of ``m`` disks to every macro node of level ``m``."""
        return self.dijkstra(m, env, {(tower, tower if m > 1 else EMPTY): 0})

    @functools.cache  # noqa: B019
    def tower_distances(self, m: int, env: Env) -> dict[Tower, dict[Tower, int]]:
        """``[t][u]``: the distance from tower ``t`` to tower ``u`` (``m`` disks, ``env``)."""
        if m == 0:
            return {EMPTY: {EMPTY: 0}}
        result: dict[Tower, dict[Tower, int]] = {}
        for tower in self.towers(m, env):
            reached = self.from_tower(m, env, tower)
            result[tower] = {
                other: reached[node]
                for other in self.towers(m, env)
                if (node := (other, other if m > 1 else EMPTY)) in reached
            }
        return result


@functools.lru_cache(maxsize=64)
def macro_for(rules: Rules) -> Macro:
    """The (shared, memoised) macro graphs of ``rules``."""
    return Macro(rules)
