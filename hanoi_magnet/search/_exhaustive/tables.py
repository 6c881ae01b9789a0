"""Lookup tables that turn the moves of many positions into a few numpy array operations.

**Chunk tables.** Cut the placement (see :mod:`.layout`) into chunks of ``c`` base-``p`` digits,
the smallest disks first. Between two posts ``a < b`` at most one move is legal by size: the
smaller of their two top disks goes onto the other post. If either post holds a disk of the lowest
chunk, that chunk alone decides which disk moves; only when both are empty there does the next
chunk decide, and so on. So for every value of a chunk the table holds, per pair of posts, the
change of the placement the move makes (``(target - source) * p**(disk - 1)``, 0 for none),
which posts the chunk leaves empty, and how many of its disks lie on each post (0, 1, or "two or
more", as a base-3 number over the posts).

**Colour tables** (magnetic rules). Whether the move between two posts is legal by colour, and
how it changes the face bits, depends only on which posts are empty, which hold a single disk,
the faces shown, and its direction: one entry per (occupancy, face bits, pair, direction).
"""

from __future__ import annotations

import functools
import itertools

import numpy as np
import numpy.typing as npt

from hanoi_magnet.rules import Rules
from hanoi_magnet.search._exhaustive.layout import CodeLayout

Int64s = npt.NDArray[np.int64]

#: a chunk table has at most this many entries per column (keeps the tables in the CPU cache)
CHUNK_ENTRIES = 1 << 12


def post_pairs(posts: int) -> tuple[tuple[int, int], ...]:
    """The pairs ``(a, b)`` of posts with ``a < b``, in the order the tables use."""
    return tuple(itertools.combinations(range(posts), 2))


def chunk_digits(posts: int) -> int:
    """How many placement digits one chunk table covers."""
    digits = 1
    while posts ** (digits + 1) <= CHUNK_ENTRIES:
        digits += 1
    return digits


class ChunkTable:
    """The move table of one chunk of ``digits`` placement digits (see the module docstring).

    Attributes:
        delta: ``(p**digits, pairs)``, int32: the placement change of the move between each
            pair, in units of the chunk's lowest digit; 0 where neither post holds a disk of the
            chunk or where the direction is not allowed.
        empty: ``(p**digits,)``: a bit mask of the posts holding no disk of the chunk.
        occupancy: ``(p**digits,)``: ``sum(min(count(q), 2) * 3**q)``.
    """

    __slots__ = ("delta", "empty", "occupancy")

    def __init__(self, posts: int, digits: int, allowed: frozenset[tuple[int, int]]) -> None:
        values = np.arange(posts**digits, dtype=np.int64)
        tops = np.zeros((posts, values.size), dtype=np.int64)
        counts = np.zeros((posts, values.size), dtype=np.int64)
        for place in reversed(range(digits)):  # largest first, so the smallest disk wins
            digit = (values // posts**place) % posts
            for post in range(posts):
                on_post = digit == post
                tops[post][on_post] = place + 1
                counts[post] += on_post
        self.empty = sum(
            ((tops[post] == 0).astype(np.int64) << post for post in range(posts)),
            start=np.zeros(values.size, dtype=np.int64),
        )
        self.occupancy = sum(
            (np.minimum(counts[post], 2) * 3**post for post in range(posts)),
            start=np.zeros(values.size, dtype=np.int64),
        )
        pairs = post_pairs(posts)
        self.delta = np.zeros((values.size, len(pairs)), dtype=np.int32)
        powers = np.array([0] + [posts ** (d - 1) for d in range(1, digits + 1)], dtype=np.int64)
        for j, (a, b) in enumerate(pairs):
            top_a, top_b = tops[a], tops[b]
            a_moves = (top_a > 0) & ((top_b == 0) | (top_a < top_b))
            b_moves = (top_b > 0) & ~a_moves
            if (a, b) in allowed:
                self.delta[a_moves, j] = (b - a) * powers[top_a[a_moves]]
            if (b, a) in allowed:
                self.delta[b_moves, j] = (a - b) * powers[top_b[b_moves]]


@functools.lru_cache(maxsize=32)
def chunk_table(posts: int, digits: int, allowed: frozenset[tuple[int, int]]) -> ChunkTable:
    """The (cached) chunk table for ``digits`` digits."""
    return ChunkTable(posts, digits, allowed)


@functools.lru_cache(maxsize=8)
def open_pairs(posts: int) -> npt.NDArray[np.bool_]:
    """``(2**posts, pairs)``: whether both posts of each pair are in the empty-post mask."""
    masks = np.arange(1 << posts, dtype=np.int64)[:, None]
    pair_masks = np.array([(1 << a) | (1 << b) for a, b in post_pairs(posts)], dtype=np.int64)
    result: npt.NDArray[np.bool_] = (masks & pair_masks) == pair_masks
    return result


@functools.lru_cache(maxsize=8)
def any_open_pair(posts: int) -> npt.NDArray[np.bool_]:
    """``(2**posts,)``: whether at least two posts are in the empty-post mask."""
    return np.asarray(open_pairs(posts).any(axis=1), dtype=np.bool_)


@functools.lru_cache(maxsize=8)
def occupancy_sum(posts: int) -> Int64s:
    """``(3**posts, 3**posts)``: the occupancy of two chunks together (counts capped at 2)."""
    codes = np.arange(3**posts, dtype=np.int64)
    total = np.zeros((codes.size, codes.size), dtype=np.int64)
    for post in range(posts):
        place = 3**post
        first = (codes // place) % 3
        total += np.minimum(first[:, None] + first[None, :], 2) * place
    return total


class ColorTable:
    """Legality by colour and the face-bit change of each move (magnetic rules).

    Indexed by ``(occupancy * face_count + face_bits) * 2 * pairs + 2 * pair + direction``
    (direction 0: from the pair's first post to its second). ``legal`` says whether the move is
    legal by colour; ``change`` is what it adds to the face bits.
    """

    __slots__ = ("change", "legal")

    def __init__(self, layout: CodeLayout) -> None:
        posts, colors = layout.posts, layout.colors
        bit_of = {post: bit for bit, post in enumerate(layout.neutral)}
        pairs = post_pairs(posts)
        entries = 3**posts * layout.face_count * 2 * len(pairs)
        legal = np.zeros(entries, dtype=np.bool_)
        change = np.zeros(entries, dtype=np.int64)
        index = 0
        for occupancy in range(3**posts):
            count = [(occupancy // 3**q) % 3 for q in range(posts)]
            for faces in range(layout.face_count):
                shown = [
                    colors[q] if q not in bit_of else faces >> bit_of[q] & 1 for q in range(posts)
                ]
                for a, b in pairs:
                    for source, target in ((a, b), (b, a)):
                        landing = shown[source] ^ 1  # the disk turns over
                        if count[target]:
                            ok = shown[target] == landing  # repulsion
                        else:
                            ok = colors[target] in (-1, landing)  # the post's own colour
                        after = faces
                        if target in bit_of:
                            bit = 1 << bit_of[target]
                            after = (after | bit) if landing else (after & ~bit)
                        if source in bit_of and count[source] == 1:
                            after &= ~(1 << bit_of[source])  # an emptied post shows nothing
                        legal[index] = ok and count[source] > 0
                        change[index] = after - faces
                        index += 1
        self.legal = legal
        self.change = change


@functools.lru_cache(maxsize=16)
def color_table(rules: Rules) -> ColorTable:
    """The (cached) colour table of magnetic ``rules``."""
    return ColorTable(CodeLayout(rules, 0))
