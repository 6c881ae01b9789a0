"""Planar coordinates for drawing state graphs; y grows downwards, as in SVG.

**Three posts: the Sierpinski triangle.** The positions where the largest disk lies on peg p form
a copy of the graph of one disk fewer, placed in the corner p of the triangle. Inside that copy
the two *other* corners trade names: the tower of the smaller disks on peg q != p must sit on the
side facing the copy of the third peg r, because the bridge between the copies p and r is the
move of the largest disk p -> r, made while the smaller disks wait on q. So, reading the disks
from the largest down, disk d on peg p adds 2^(d-1) times the corner that p names at that level,
then the other two names swap. Every edge comes out one unit long.
"""

from __future__ import annotations

import itertools
import math
from collections import deque
from collections.abc import Iterable

from hanoi_magnet.search._space import Space

Point = tuple[float, float]

# The corners of the triangle for pegs 0, 1, 2: S at the top, I bottom left, D bottom right.
_CORNERS = ((0.0, 0.0), (-0.5, math.sqrt(3) / 2), (0.5, math.sqrt(3) / 2))
_SPREAD = 0.25  # radius of the circle for magnetic positions that share a placement


def sierpinski_layout(space: Space, codes: Iterable[int]) -> list[Point]:
    """The point of each code (codes of one placement must be adjacent, as when sorted)."""
    points: list[Point] = []
    for placement, group in itertools.groupby(codes, lambda code: code // space.face_count):
        names = [0, 1, 2]  # the corner that each peg's label means at this level
        x = y = 0.0
        for disk in range(space.n, 0, -1):
            peg = placement // space.powers[disk - 1] % 3
            corner_x, corner_y = _CORNERS[names[peg]]
            x += corner_x * (1 << (disk - 1))
            y += corner_y * (1 << (disk - 1))
            q, r = (other for other in range(3) if other != peg)
            names[q], names[r] = names[r], names[q]
        count = len(list(group))
        if count == 1:
            points.append((x, y))
            continue
        # magnetic positions with the same placement (faces differ): a small circle around it
        for rank in range(count):
            angle = 2 * math.pi * (rank + 0.5) / count
            points.append((x + _SPREAD * math.sin(angle), y - _SPREAD * math.cos(angle)))
    return points


def rows_layout(nodes: int, edges: Iterable[tuple[int, int]]) -> list[Point]:
    """Row k holds the nodes k edges away from node 0, centred; other components follow."""
    neighbours: list[list[int]] = [[] for _ in range(nodes)]
    for a, b in edges:
        neighbours[a].append(b)
        neighbours[b].append(a)
    depth = [-1] * nodes
    rows: dict[int, list[int]] = {}
    first_row = 0
    for root in range(nodes):
        if depth[root] >= 0:
            continue
        depth[root] = first_row
        queue = deque([root])
        while queue:
            node = queue.popleft()
            rows.setdefault(depth[node], []).append(node)
            for other in neighbours[node]:
                if depth[other] < 0:
                    depth[other] = depth[node] + 1
                    queue.append(other)
        first_row = max(rows) + 1
    points: list[Point] = [(0.0, 0.0)] * nodes
    for row, members in rows.items():
        for column, node in enumerate(members):
            points[node] = (column - (len(members) - 1) / 2, float(row))
    return points
