"""The successors of many codes at once: a handful of numpy operations per chunk of disks.

See :mod:`.tables` for why a few table lookups per position decide every legal move.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from hanoi_magnet.rules import MagneticRules
from hanoi_magnet.search._exhaustive.layout import CodeLayout
from hanoi_magnet.search._exhaustive.tables import (
    ChunkTable,
    Int64s,
    any_open_pair,
    chunk_digits,
    chunk_table,
    color_table,
    occupancy_sum,
    open_pairs,
    post_pairs,
)


class Successors:
    """``successors(codes)``: for each code, the code after each possible move.

    The result has one row per code and one column per pair of posts (the only move between
    them, see :mod:`.tables`); where a pair has no legal move the entry is the code itself, which
    any search has already visited. With the layout of :meth:`CodeLayout.reversed_rules` it
    gives the predecessors instead.
    """

    __slots__ = (
        "_any_open",
        "_chunks",
        "_colors",
        "_face_bits",
        "_magnetic",
        "_occupancy_sum",
        "_open",
        "_shift_bits",
        "layout",
    )

    def __init__(self, layout: CodeLayout) -> None:
        self.layout = layout
        posts = layout.posts
        allowed = frozenset(
            (a, b) for a in range(posts) for b in range(posts) if a != b and layout.allowed(a, b)
        )
        digits = chunk_digits(posts)
        # (lowest place, modulus, table, scale in code units) per chunk, smallest disks first
        self._chunks: list[tuple[int, int, ChunkTable, np.int64]] = []
        place = 0
        while place < layout.n:
            size = min(digits, layout.n - place)
            table = chunk_table(posts, size, allowed)
            scale = np.int64(posts**place * layout.face_count)
            self._chunks.append((posts**place, posts**size, table, scale))
            place += size
        self._face_bits = layout.face_count.bit_length() - 1
        # digits of a power-of-two base are read with shifts
        self._shift_bits = posts.bit_length() - 1 if posts & (posts - 1) == 0 else 0
        self._open = open_pairs(posts)
        self._any_open = any_open_pair(posts)
        self._magnetic = isinstance(layout.rules, MagneticRules)
        if isinstance(layout.rules, MagneticRules):
            colors = color_table(layout.rules)
            self._colors = (colors.legal, colors.change)
            self._occupancy_sum = occupancy_sum(posts).ravel()

    def _digits(self, placement: Int64s, place: int, modulus: int) -> Int64s:
        """The chunk of ``placement`` that starts at ``place`` (a power of the base)."""
        if self._shift_bits:
            shift = (place.bit_length() - 1) if place > 1 else 0
            value = placement >> shift if shift else placement
            return value & (modulus - 1) if place * modulus < self.layout.placements else value
        value = placement // place if place > 1 else placement
        return value % modulus if place * modulus < self.layout.placements else value

    def __call__(self, codes: Int64s) -> Int64s:
        """``(len(codes), pairs)`` int64: the code after the move between each pair of posts."""
        pairs = self._open.shape[1]
        if not self._chunks or codes.size == 0:
            return np.repeat(codes[:, None], pairs, axis=1)
        placement = codes >> self._face_bits if self._face_bits else codes
        place, modulus, table, scale = self._chunks[0]
        value = self._digits(placement, place, modulus)
        delta = np.take(table.delta, value, axis=0) * scale
        if len(self._chunks) > 1:
            empty = np.take(table.empty, value)
            # only positions with two posts free of the smallest disks need the larger ones
            rows = np.flatnonzero(np.take(self._any_open, empty))
            if rows.size:
                delta[rows] += self._larger_disks(placement[rows], empty[rows])
        if not self._magnetic:
            return codes[:, None] + delta
        occupancy = np.take(table.occupancy, value)
        for place, modulus, table, _ in self._chunks[1:]:
            count = np.take(table.occupancy, self._digits(placement, place, modulus))
            occupancy = np.take(self._occupancy_sum, occupancy * 3**self.layout.posts + count)
        faces = codes & (self.layout.face_count - 1)
        key = (occupancy * self.layout.face_count + faces) * (2 * pairs)
        index = key[:, None] + (np.arange(0, 2 * pairs, 2) + (delta < 0))
        legal_by_color, change = self._colors
        # no disk moves between the pair (or not in that direction): no face changes either
        still = delta == 0
        delta += np.take(change, index)
        delta[~np.take(legal_by_color, index) | still] = 0
        return codes[:, None] + delta

    def empty_posts(self, codes: Int64s) -> Int64s:
        """For each code, a bit mask of the posts that hold no disk."""
        placement = codes >> self._face_bits if self._face_bits else codes
        empty = np.full(codes.size, (1 << self.layout.posts) - 1, dtype=np.int64)
        for place, modulus, table, _ in self._chunks:
            empty &= np.take(table.empty, self._digits(placement, place, modulus))
        return empty

    def is_position(self, codes: Int64s) -> npt.NDArray[np.bool_]:
        """Whether each code is a position (no face bit set for an empty neutral post)."""
        empty = self.empty_posts(codes)
        result = np.ones(codes.size, dtype=np.bool_)
        for bit, post in enumerate(self.layout.neutral):
            result &= ~((((codes >> bit) & 1) == 1) & (((empty >> post) & 1) == 1))
        return result

    def _larger_disks(self, placement: Int64s, empty: Int64s) -> Int64s:
        """The moves of the disks above the first chunk, for pairs that chunk leaves empty."""
        delta = np.zeros((placement.size, self._open.shape[1]), dtype=np.int64)
        for place, modulus, table, scale in self._chunks[1:]:
            value = self._digits(placement, place, modulus)
            delta += np.take(table.delta, value, axis=0) * (
                np.take(self._open, empty, axis=0) * scale
            )
            empty = empty & np.take(table.empty, value)
        return delta


def pair_count(posts: int) -> int:
    """The most moves a position can have: one per pair of posts."""
    return len(post_pairs(posts))
