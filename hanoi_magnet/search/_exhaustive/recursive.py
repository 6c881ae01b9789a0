"""Whole-space distances on three posts without a search: the self-similar graph, vectorised.

A breadth-first search of a three-post magnetic puzzle crawls: its layers hold a handful of
positions each (about ten for NNN), so array operations cannot pay. But the graph is made of
copies of the graph of one disk fewer (:mod:`.macro`), and the distance from a source ``s`` to
a position ``x`` is, over the last time the largest disk arrives where it lies in ``x``,

    d(s, x) = min over towers t of [ d(s, (block of x, t)) + d_within(t, x') ],

one level down; unrolled, it is a minimum over a few "slots" (the towers of the level, and ``s``
itself while ``x`` follows ``s``'s own blocks) of an offset fixed by the larger disks plus a
distance within a small table of the smallest ``k`` disks. So the offsets are computed for every
placement of the large disks (a few min-plus products of tiny matrices per row), and every
distance is then a minimum over at most seven table look-ups: a few nanoseconds per position.

Arrays here index positions by placement and **three face bits**, one per post: the face its
stack shows, the bit of an empty post being a copy (its value never matters), which makes the
positions of a block a plain slice of the level below.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

import numpy as np

from hanoi_magnet.rules import Rules
from hanoi_magnet.search._exhaustive.bits import Int64s
from hanoi_magnet.search._exhaustive.layout import CodeLayout
from hanoi_magnet.search._exhaustive.macro import (
    EMPTY,
    INF,
    Block,
    Env,
    Macro,
    Node,
    Tower,
    macro_for,
)

#: the smallest disks whose distances are tabulated for every environment and slot
LEAF_DISKS = 7
#: placements of the larger disks handled at once when the distances are assembled
ROWS = 16


class Source:
    """The source position, level by level: its blocks, environments, and macro distances."""

    def __init__(self, macro: Macro, posts_of: list[int], faces: list[int]) -> None:
        n = len(posts_of)
        self.post = posts_of  # post_of[m - 1]: the post of disk m
        self.faces = faces  # the face each post's stack shows (0 where empty)
        self.env: list[Env] = [macro.colors] * (n + 1)
        self.block: list[Block] = [(0, 0)] * (n + 1)
        for m in range(n, 0, -1):
            post = posts_of[m - 1]
            self.block[m] = (post, faces[post] if macro.magnetic else 0)
            self.env[m - 1] = macro.child(self.env[m], self.block[m])
        # to_node[m]: the distance from the source's m smallest disks to each macro node
        self.to_node: list[dict[Node, int]] = [{}]
        for m in range(1, n + 1):
            inner = self.env[m - 1]
            seeds = {
                (self.block[m], tower): self._to_tower(m - 1, tower)
                for tower in macro.towers(m - 1, inner)
            }
            finite = {node: length for node, length in seeds.items() if length < INF}
            self.to_node.append(macro.dijkstra(m, self.env[m], finite))

    def _to_tower(self, m: int, tower: Tower) -> int:
        if m == 0:
            return 0
        return self.to_node[m].get((tower, tower if m > 1 else EMPTY), INF)


class Tables:
    """Distances within the smallest disks from every tower, for every environment.

    They depend on the rules only, so they are kept (:func:`tables_for`) and shared by every
    source (a diameter runs many).
    """

    def __init__(self, macro: Macro) -> None:
        self.macro = macro
        self.fbs = len(macro.faces) ** 3  # face-bit patterns

    def bit(self, fb: int, post: int) -> int:
        """The face bit of ``post`` in the pattern ``fb`` (always 0 under classic rules)."""
        return (fb >> post) & 1 if self.macro.magnetic else 0

    def slots(self, m: int) -> list[Tower]:
        """The tower slots of level ``m`` (a source slot comes after them)."""
        return self.macro.all_towers(m)

    @functools.cache  # noqa: B019 (one Tables per rules, kept by tables_for)
    def table(self, m: int, env: Env) -> Int64s:
        """``[slot, placement, fb]``: distances within level ``m`` from each tower slot."""
        slots = self.slots(m)
        result = np.full((len(slots), 3**m, self.fbs), INF, dtype=np.int64)
        if m == 0:
            result[0] = 0
            return result
        for index, tower in enumerate(slots):
            if tower in self.macro.towers(m, env):
                reached = self.macro.from_tower(m, env, tower)
                self.fill(result[index], m, env, reached, None, None)
        return result

    def fill(
        self,
        out: Int64s,
        m: int,
        env: Env,
        to_node: dict[Node, int],
        own: Int64s | None,
        own_block: Block | None,
    ) -> None:
        """Distances at level ``m`` from the one-level-down tables, block by block.

        ``to_node`` holds the distances to the macro nodes; ``own`` the distances within the
        block ``own_block`` from the source itself (none for a tower).
        """
        size = 3 ** (m - 1)
        for block in self.macro.blocks(env):
            post, face = block
            columns = [fb for fb in range(self.fbs) if self.bit(fb, post) == face]
            inner = self.macro.child(env, block)
            below = self.table(m - 1, inner)
            best = np.full((size, len(columns)), INF, dtype=np.int64)
            if own is not None and block == own_block:
                best = np.minimum(best, own[:, columns])
            for index, tower in enumerate(self.slots(m - 1)):
                length = to_node.get((block, tower), INF)
                if length < INF:
                    best = np.minimum(best, below[index][:, columns] + length)
            out[post * size : (post + 1) * size, columns] = np.minimum(best, INF)


@functools.lru_cache(maxsize=2)
def tables_for(rules: Rules) -> Tables:
    """The (kept) tables of ``rules``: a few tens of megabytes each, so only the last two."""
    return Tables(macro_for(rules))


class Recursion:
    """Distances from one source on three posts (``rules`` as given: forward distances)."""

    def __init__(self, rules: Rules, n: int, posts_of: list[int], faces: list[int]) -> None:
        self.macro = macro_for(rules)
        self.tables = tables_for(rules)
        self.n = n
        self.fbs = self.tables.fbs
        self.bit = self.tables.bit
        self.slots = self.tables.slots
        self.table = self.tables.table
        self.source = Source(self.macro, posts_of, faces)
        self.leaf = min(n, LEAF_DISKS)

    def env_of(self, occupied: int, fb: int) -> Env:
        """The environment of the smaller disks under larger disks on the posts ``occupied``."""
        if not self.macro.magnetic:
            return self.macro.colors
        return tuple(  # type: ignore[return-value]
            self.bit(fb, q) if occupied >> q & 1 else c for q, c in enumerate(self.macro.colors)
        )

    @functools.cache  # noqa: B019 (one Recursion per computation)
    def source_table(self, m: int) -> Int64s:
        """``[placement, fb]``: distances within level ``m`` from the source's smallest disks.

        In the source's environment at that level.
        """
        if m == 0:
            return np.zeros((1, self.fbs), dtype=np.int64)
        result = np.full((3**m, self.fbs), INF, dtype=np.int64)
        source = self.source
        own = self.source_table(m - 1)
        self.tables.fill(result, m, source.env[m], source.to_node[m], own, source.block[m])
        return result

    # -- offsets of the larger disks -------------------------------------------------------------

    def _matrices(self, m: int, combos: list[tuple[int, int]]) -> Int64s:
        """``[combo, post, slot, slot']``: min-plus steps from level ``m`` to ``m - 1``."""
        slots, below = self.slots(m), self.slots(m - 1)
        width, height = len(slots) + 1, len(below) + 1
        result = np.full((len(combos), 3, width, height), INF, dtype=np.int64)
        for c, (occupied, fb) in enumerate(combos):
            env = self.env_of(occupied, fb)
            for post in range(3):
                block = (post, self.bit(fb, post))
                if block not in self.macro.blocks(env):
                    continue
                matrix = result[c, post]
                for i, tower in enumerate(slots):
                    if tower in self.macro.towers(m, env):
                        reached = self.macro.from_tower(m, env, tower)
                        for j, inner in enumerate(below):
                            matrix[i, j] = reached.get((block, inner), INF)
                if env == self.source.env[m]:
                    for j, inner in enumerate(below):
                        matrix[-1, j] = self.source.to_node[m].get((block, inner), INF)
                    if block == self.source.block[m]:
                        matrix[-1, -1] = 0
        return result

    def offsets(self) -> tuple[Int64s, Int64s]:
        """``(offsets[row, fb, slot], occupied[row])`` at the leaf level.

        One row per placement of the disks above the leaf.
        """
        slots = len(self.slots(self.n)) + 1
        offsets = np.full((1, self.fbs, slots), INF, dtype=np.int64)
        offsets[..., -1] = 0
        occupied = np.zeros(1, dtype=np.int64)
        fbs = np.arange(self.fbs)
        for m in range(self.n, self.leaf, -1):
            combos = [(o, fb) for o in range(8) for fb in range(self.fbs)]
            matrices = self._matrices(m, combos)
            combo = occupied[:, None] * self.fbs + fbs[None, :]
            steps = []
            for post in range(3):
                step = (offsets[..., :, None] + matrices[combo, post]).min(axis=2)
                steps.append(np.minimum(step, INF))
            offsets = np.stack(steps, axis=1).reshape(-1, self.fbs, steps[0].shape[-1])
            occupied = (occupied[:, None] | (1 << np.arange(3))[None, :]).reshape(-1)
        return offsets, occupied

    # -- assembling ------------------------------------------------------------------------------

    def blocks_of_distances(self) -> Iterator[tuple[int, Int64s, Int64s]]:
        """``(first placement, distances[placement, fb], empty posts[placement])`` in blocks.

        The blocks are consecutive placements; the empty posts are bit masks.
        """
        leaf = self.leaf
        leaf_empty = _empty_posts(leaf)
        if leaf == self.n:
            yield 0, self.source_table(self.n), leaf_empty
            return
        offsets, occupied = self.offsets()
        combos = [(o, fb) for o in range(8) for fb in range(self.fbs)]
        envs = sorted({self.env_of(o, fb) for o, fb in combos})
        env_index = {env: i for i, env in enumerate(envs)}
        slots = len(self.slots(leaf)) + 1
        # tables[(env * slots + slot) * fbs + fb] = distances over the leaf placements
        tables = np.full((len(envs), slots, self.fbs, 3**leaf), INF, dtype=np.int64)
        for env, i in env_index.items():
            tables[i, :-1] = self.table(leaf, env).transpose(0, 2, 1)
            if env == self.source.env[leaf]:
                tables[i, -1] = self.source_table(leaf).T
        tables = tables.reshape(-1, 3**leaf)
        env_of_combo = np.array([env_index[self.env_of(o, fb)] for o, fb in combos])
        fbs = np.arange(self.fbs)
        for start in range(0, offsets.shape[0], ROWS):
            rows = slice(start, start + ROWS)
            env = env_of_combo[occupied[rows][:, None] * self.fbs + fbs[None, :]]
            best: Int64s | None = None
            for slot in range(slots):
                values = np.take(tables, (env * slots + slot) * self.fbs + fbs, axis=0)
                values += offsets[rows, :, slot][:, :, None]
                best = values if best is None else np.minimum(best, values)
            assert best is not None
            distances = np.minimum(best, INF).transpose(0, 2, 1).reshape(-1, self.fbs)
            empty = (~occupied[rows][:, None] & leaf_empty[None, :]).reshape(-1)
            yield start * 3**leaf, distances, empty


def _empty_posts(disks: int) -> Int64s:
    """For every placement of ``disks`` disks on three posts, the bit mask of empty posts."""
    empty = np.full(3**disks, 7, dtype=np.int64)
    values = np.arange(3**disks, dtype=np.int64)
    for _ in range(disks):
        empty &= ~(1 << (values % 3))
        values //= 3
    return empty


def layout_distances(
    layout: CodeLayout, source: int, *, backward: bool = False
) -> Iterator[tuple[int, Int64s]]:
    """``(first code, distances)`` for consecutive blocks of the codes of ``layout``.

    The distance from the code ``source`` (to it, with ``backward``); :data:`INF` where there
    is none and for codes that are no position.
    """
    state = layout.decode(source)
    posts_of = [state.post_of(d) for d in range(1, layout.n + 1)]
    faces = [
        0 if not stack or state.faces is None else state.faces[stack[0] - 1].bit
        for stack in state.posts
    ]
    rules = layout.reversed_rules() if backward else layout.rules
    recursion = Recursion(rules, layout.n, posts_of, faces)
    # the layout's face patterns as three-bit patterns (coloured posts show their colour)
    columns = []
    for bits in range(layout.face_count):
        fb = sum(1 << post for post, color in enumerate(layout.colors) if color > 0)
        for j, post in enumerate(layout.neutral):
            fb |= ((bits >> j) & 1) << post
        columns.append(fb if layout.magnetic else 0)
    for first, values, empty in recursion.blocks_of_distances():
        chosen = values[:, columns]
        for j, post in enumerate(layout.neutral):
            rows = np.flatnonzero(empty >> post & 1)
            for bits in range(layout.face_count):
                if rows.size and bits >> j & 1:
                    chosen[rows, bits] = INF  # a face bit for an empty post: no position
        yield first * layout.face_count, chosen.reshape(-1)
