"""Planar coordinates for drawing state graphs; y grows downwards, as in SVG.

**One rule for every number of posts.** The posts name the corners of a regular polygon with
sides one unit long: for three posts the triangle with S at the top, I bottom left and D bottom
right; for four, a square (0 top left, 1 bottom left, 2 bottom right, 3 top right). The
positions where the largest disk lies on post p form a copy of the graph of one disk fewer,
scaled down and placed in corner p. Inside that copy the corners are *mirrored* across the axis
through corner p, so that the smaller disks waiting on the posts q and r of a move p -> s of the
largest disk sit on the side of the copy that faces the copy of s. Reading the disks from the
largest down, disk d on post p adds ``base**(d - 1)`` times the corner that p names at that
level, then the names mirror.

For three posts this is the Sierpinski triangle (the mirror through corner p swaps the other two
names; base 2): every edge of the classic graph comes out one unit long. For four posts each copy
is a little under a third of the square (base 3.4), so the copies stand apart with a gap wider
than themselves. Each coordinate of a position is then a sum of distinct powers of 3.4, one
digit 0 or 1 per disk: all positions are distinct and at least one unit apart. At base 2 the
copies would fill the square as a plain grid, at base 3 a ternary one, and in both some moves of
the larger disks run straight through positions they do not join; at 3.4 every edge passes at
least 0.39 units from every other position up to four disks (the tests measure it).

From five posts on, base ``1 + 4 R`` (R the polygon's circumradius) keeps any two positions at
least one unit apart: positions that first differ at disk d are ``base**(d-1)`` apart in that
disk's corners and at most ``2 R (base**(d-1) - 1) / (base - 1)`` apart in all the smaller ones.
There, whatever the base, some edges run through other positions (a diagonal of a regular
polygon is parallel to a side, so a move between two copies can line up with a smaller move).

Under magnetic rules the positions with the same placement (only faces differ) sit on a small
circle around the placement's point.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable

from hanoi_magnet.search._exhaustive.layout import CodeLayout

Point = tuple[float, float]

_SPREAD = 0.25  # radius of the circle for magnetic positions that share a placement


def corners(posts: int) -> list[Point]:
    """The corner of each post: a regular polygon with unit sides, post 0's corner at (0, 0).

    The bottom side is level; the posts go round counterclockwise as drawn (y grows downwards).
    """
    radius = 1 / (2 * math.sin(math.pi / posts))
    points = []
    for post in range(posts):
        angle = math.pi / 2 + math.pi / posts + 2 * math.pi * (1 - post) / posts
        points.append((radius * math.cos(angle), radius * math.sin(angle)))
    x0, y0 = points[0]
    return [(_clean(x - x0), _clean(y - y0)) for x, y in points]


def _clean(value: float) -> float:
    """``value`` rounded off near whole multiples of 1/2 (keeps the grid's points exact)."""
    nearest = round(value * 2) / 2
    return nearest if abs(value - nearest) < 1e-12 else value


def scale_base(posts: int) -> float:
    """How much larger each disk's copy is than the next smaller disk's (see the module doc)."""
    if posts == 3:
        return 2.0
    if posts == 4:
        return 3.4
    return 1 + 4 / (2 * math.sin(math.pi / posts))


def polygon_layout(space: CodeLayout, codes: Iterable[int]) -> list[Point]:
    """The point of each code (codes of one placement must be adjacent, as when sorted)."""
    posts = space.posts
    table = corners(posts)
    base = scale_base(posts)
    # mirror[c][k]: the corner that corner k becomes when mirrored across the axis through c
    mirror = [[(2 * c - k) % posts for k in range(posts)] for c in range(posts)]
    points: list[Point] = []
    for placement, group in itertools.groupby(codes, lambda code: code // space.face_count):
        names = list(range(posts))  # the corner that each post's label means at this level
        x = y = 0.0
        for disk in range(space.n, 0, -1):
            peg = placement // space.powers[disk - 1] % posts
            corner = names[peg]
            corner_x, corner_y = table[corner]
            size = base ** (disk - 1)
            x += corner_x * size
            y += corner_y * size
            names = [mirror[corner][name] for name in names]
        count = len(list(group))
        if count == 1:
            points.append((x, y))
            continue
        # magnetic positions with the same placement (faces differ): a small circle around it
        for rank in range(count):
            angle = 2 * math.pi * (rank + 0.5) / count
            points.append((x + _SPREAD * math.sin(angle), y - _SPREAD * math.cos(angle)))
    return points
