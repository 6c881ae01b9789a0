"""The macro-graph picture of the Distances page (docs/_static/macro-graph.svg).

Drawn from the reference of tests/reference_distance.py, each node a position pictured by the
library's own render_svg. ``python -m tests.macro_picture`` writes the file; a test checks that
the file in the docs is exactly what this draws, so the picture cannot drift from the argument.
"""

from __future__ import annotations

import heapq
import re
import sys
from html import escape
from pathlib import Path

from hanoi_magnet import (
    State,
    default_registry,
)
from hanoi_magnet.draw import render_svg
from tests.reference_distance import Answer, Node, Tower, environment, reference

PICTURE = Path(__file__).resolve().parent.parent / "docs" / "_static" / "macro-graph.svg"
LABEL, DISKS = "cyclic+1", 3
RED, GREY, INK = "#d62728", "#8a8a8a", "#222222"
COLUMN = 56  # the width of one post in a node's picture
BOX_W, BOX_H, GAP_X, GAP_Y, MARGIN, TOP = 3 * COLUMN, 62, 64, 40, 16, 96


def macro_edges(label: str, m: int) -> list[tuple[object, object, Answer]]:
    """Every edge of the macro graph of the variant's tower problem at level m, start and goal
    included, among the nodes reachable from the start."""
    variant = default_registry.variant(label)
    rules = variant.rules
    solver, env = reference(rules, counting=True), environment(rules)
    face = lambda c: 0 if c is None else c.bit  # noqa: E731
    source = Tower(variant.source, face(variant.start_face))
    target = Tower(variant.target, face(variant.goal_face))
    edges: list[tuple[object, object, Answer]] = [
        ("start", node, leg) for leg, node in solver.first_moves(m, env, source)
    ]
    seen = [node for _, node, _ in edges]
    for node in seen:
        for leg, after in solver.middle_edges(m, env, node):
            if leg.distance is not None:
                edges.append((node, after, leg))
                if after not in seen:
                    seen.append(after)
    edges += [(node, "goal", leg) for leg, node in solver.last_legs(m, env, target) if node in seen]
    return edges


def distances(edges, source, *, backwards=False) -> dict[object, int]:
    out: dict[object, list[tuple[object, int]]] = {}
    for a, b, leg in edges:
        if backwards:
            a, b = b, a
        out.setdefault(a, []).append((b, leg.distance))
    found = {source: 0}
    queue = [(0, repr(source), source)]
    while queue:
        reached, _, node = heapq.heappop(queue)
        if reached > found[node]:
            continue
        for after, length in out.get(node, []):
            if after not in found or reached + length < found[after]:
                found[after] = reached + length
                heapq.heappush(queue, (reached + length, repr(after), after))
    return found


def position(node: object) -> State:
    """The position a node stands for (n disks: the largest as the node says, the rest as a
    tower), or the start or the goal."""
    variant = default_registry.variant(LABEL)
    if node == "start":
        return variant.start(DISKS)
    if node == "goal":
        return variant.goal(DISKS)
    assert isinstance(node, Node)
    stacks: list[list[int]] = [[], [], []]
    stacks[node.post].append(DISKS)
    stacks[node.tower_post].extend(range(DISKS - 1, 0, -1))  # type: ignore[index]
    return State(stacks)


def embedded(state: State, x: float, y: float, caption: str) -> tuple[str, float, float]:
    """render_svg's picture of ``state`` placed at (x, y) as a nested <svg>, a caption under
    it; with the size of both."""
    svg = render_svg(state, column_width=COLUMN)
    svg = svg.split("\n", 1)[1]  # no XML declaration inside another document
    # the post names would be too small to read at this size; the caption says it all
    svg = re.sub(r'<text class="post"[^>]*>[^<]*</text>', "", svg)
    size = re.search(r'width="([\d.]+)" height="([\d.]+)"', svg)
    assert size is not None
    width, height = float(size[1]), float(size[2])
    svg = svg.replace(
        '<svg xmlns="http://www.w3.org/2000/svg" ', f'<svg x="{x:.0f}" y="{y:.0f}" ', 1
    )
    text = (
        f'<text x="{x + width / 2:.0f}" y="{y + height + 13:.0f}" font-size="12" '
        f'text-anchor="middle" fill="{INK}">{escape(caption)}</text>'
    )
    return svg + "\n" + text, width, height + 18


#: Where each node goes, as (column, row): by (disk 3's post, the smaller tower's post).
GRID = {
    "start": (0, 1),
    (1, 2): (1, 1),
    (2, 0): (2, 0),
    (0, 2): (2, 2),
    (0, 1): (3, 2),
    "goal": (3, 0),
}


def draw() -> str:
    edges = macro_edges(LABEL, DISKS)
    ahead, behind = distances(edges, "start"), distances(edges, "goal", backwards=True)
    total = ahead["goal"]
    key = lambda node: node if isinstance(node, str) else (node.post, node.tower_post)  # noqa: E731
    nodes = list(dict.fromkeys([a for a, _, _ in edges] + [b for _, b, _ in edges]))
    assert {key(node) for node in nodes} == set(GRID), "the layout is for this graph"
    pictures, boxes = [], {}
    for node in nodes:
        column, row = GRID[key(node)]
        x, y = MARGIN + column * (BOX_W + GAP_X), TOP + row * (BOX_H + GAP_Y)
        caption = node if isinstance(node, str) else str(position(node))
        svg, width, height = embedded(position(node), x, y, caption)
        pictures.append(svg)
        boxes[node] = (x, y, width, height)
    parts = []
    for a, b, leg in edges:
        tight = ahead[a] + leg.distance + behind.get(b, 10**9) == total
        parts.extend(arrow(boxes[a], boxes[b], leg.distance, tight))
    width = MARGIN * 2 + 4 * BOX_W + 3 * GAP_X
    height = TOP + 3 * BOX_H + 2 * GAP_Y + MARGIN
    header = [
        f"The macro graph of {LABEL} with {DISKS} disks (moves S->I, I->S, I->D, D->S).",
        f"A node: the position just after a move of disk {DISKS}. An edge: the smaller tower's",
        f"transfer and the next move of disk {DISKS}, labelled with their number of moves.",
        f"Red: the shortest way, {total} moves. Posts S, I, D from left to right.",
    ]
    text = [
        f'<text x="{MARGIN}" y="{MARGIN + 12 + 17 * row}" font-size="13" fill="{INK}">'
        f"{escape(line)}</text>"
        for row, line in enumerate(header)
    ]
    markers = "".join(
        f'<marker id="arrow-{name}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" '
        f'markerHeight="8" orient="auto"><path d="M 0 0 L 10 5 L 0 10 z" fill="{colour}"/></marker>'
        for name, colour in (("red", RED), ("grey", GREY))
    )
    return "\n".join(
        [
            (
                f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
                f'viewBox="0 0 {width} {height}" role="img" font-family="sans-serif">'
            ),
            f"<title>The macro graph of {LABEL} with {DISKS} disks</title>",
            f"<defs>{markers}</defs>",
            '<rect width="100%" height="100%" fill="#ffffff"/>',
            *text,
            *pictures,
            *parts,
            "</svg>",
            "",
        ]
    )


def arrow(source, target, length: int, tight: bool) -> list[str]:
    """A curved arrow from one picture's edge to another's, its length written on it."""
    (x1, y1, w1, h1), (x2, y2, w2, h2) = source, target
    c1, c2 = (x1 + w1 / 2, y1 + h1 / 2), (x2 + w2 / 2, y2 + h2 / 2)
    dx, dy = c2[0] - c1[0], c2[1] - c1[1]
    # leave and enter through the sides facing each other (top or bottom if in one column)
    if abs(dx) > 1:
        start = (x1 + w1, c1[1]) if dx > 0 else (x1, c1[1])
        end = (x2, c2[1]) if dx > 0 else (x2 + w2, c2[1])
    else:
        start = (c1[0], y1 + h1) if dy > 0 else (c1[0], y1)
        end = (c2[0], y2) if dy > 0 else (c2[0], y2 + h2)
    # bend to the left of the direction of travel, so that a pair of opposite arrows separates
    ex, ey = end[0] - start[0], end[1] - start[1]
    norm = max((ex * ex + ey * ey) ** 0.5, 1.0)
    bend = 28
    control = (
        (start[0] + end[0]) / 2 + ey / norm * bend,
        (start[1] + end[1]) / 2 - ex / norm * bend,
    )
    middle = (
        (start[0] + 2 * control[0] + end[0]) / 4,
        (start[1] + 2 * control[1] + end[1]) / 4,
    )
    colour, name, stroke = (RED, "red", 2.5) if tight else (GREY, "grey", 1.3)
    x, y = middle
    curve = (
        f"M {start[0]:.0f} {start[1]:.0f} Q {control[0]:.0f} {control[1]:.0f} "
        f"{end[0]:.0f} {end[1]:.0f}"
    )
    return [
        (
            f'<path d="{curve}" fill="none" stroke="{colour}" stroke-width="{stroke}" '
            f'marker-end="url(#arrow-{name})"/>'
        ),
        f'<circle cx="{x:.0f}" cy="{y:.0f}" r="10" fill="#ffffff" stroke="{colour}"/>',
        (
            f'<text x="{x:.0f}" y="{y + 4:.0f}" font-size="12" text-anchor="middle" '
            f'fill="{colour}">{length}</text>'
        ),
    ]


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else PICTURE
    target.write_text(draw(), encoding="utf-8")
    print(f"wrote {target}")
