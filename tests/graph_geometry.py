"""Read a state-graph SVG back into geometry, to check its labels by measurement.

Independent of hanoi_magnet.draw: it knows only SVG itself. Nodes are the ``<circle>`` elements
(in node order), the highlighted path is the ``<polyline>``, edges are the ``<line>`` elements,
and every ``<text>`` is a box estimated from its font size and its number of characters (a
conservative 0.75 em per character and 1.2 em of height; the browser tests check the estimate
against Chromium's own measurement), placed by its ``text-anchor`` and ``dominant-baseline``.
"""

from __future__ import annotations

import itertools
import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

SVG = "{http://www.w3.org/2000/svg}"
CHAR_EM = 0.75  # width of one character, in font sizes (wider than any label glyph)
HEIGHT_EM = 1.2  # height of a line of text, in font sizes


@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle; ``text`` is what it holds."""

    left: float
    top: float
    right: float
    bottom: float
    text: str = ""
    kind: str = ""

    def intersects(self, other: Box) -> bool:
        return (
            self.left < other.right
            and other.left < self.right
            and self.top < other.bottom
            and other.top < self.bottom
        )

    def contains(self, other: Box, slack: float = 0.0) -> bool:
        return (
            self.left - slack <= other.left
            and other.right <= self.right + slack
            and self.top - slack <= other.top
            and other.bottom <= self.bottom + slack
        )

    @property
    def centre(self) -> tuple[float, float]:
        return (self.left + self.right) / 2, (self.top + self.bottom) / 2

    def distance(self, x: float, y: float) -> float:
        """From the point (x, y) to the nearest point of the box (0 inside)."""
        dx = max(self.left - x, 0.0, x - self.right)
        dy = max(self.top - y, 0.0, y - self.bottom)
        return math.hypot(dx, dy)


@dataclass(frozen=True)
class Circle:
    x: float
    y: float
    r: float
    title: str


Segment = tuple[tuple[float, float], tuple[float, float]]


@dataclass
class GraphPicture:
    width: float
    height: float
    circles: list[Circle]
    edges: list[Segment]
    path: list[Segment]
    texts: list[Box]

    @property
    def labels(self) -> list[Box]:
        return [box for box in self.texts if box.kind != "caption"]

    @property
    def captions(self) -> list[Box]:
        return [box for box in self.texts if box.kind == "caption"]


def estimated_box(element: ET.Element) -> Box:
    """The box a ``<text>`` element takes, from its attributes and its character count."""
    text = "".join(element.itertext())
    size = float(element.get("font-size", "16"))
    x, y = float(element.get("x", "0")), float(element.get("y", "0"))
    width = CHAR_EM * size * len(text)
    anchor = element.get("text-anchor", "start")
    left = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
    baseline = element.get("dominant-baseline", "alphabetic")
    if baseline in ("central", "middle"):
        top = y - HEIGHT_EM * size / 2
    else:  # the alphabetic baseline: most of a line lies above it
        top = y - (HEIGHT_EM - 0.25) * size
    return Box(left, top, left + width, top + HEIGHT_EM * size, text, element.get("class", ""))


def _points(text: str) -> list[tuple[float, float]]:
    pairs = [pair.split(",") for pair in text.split()]
    return [(float(x), float(y)) for x, y in pairs]


def read_graph(svg: str) -> GraphPicture:
    """The geometry of a graph picture (see the module docstring)."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    box = root.get("viewBox")
    if box:
        _, _, width, height = map(float, box.split())
    else:
        width, height = float(root.get("width")), float(root.get("height"))
    circles = [
        Circle(
            float(c.get("cx")),
            float(c.get("cy")),
            float(c.get("r")),
            "".join(t.text or "" for t in c.findall(f"{SVG}title")),
        )
        for c in root.iter(f"{SVG}circle")
    ]
    edges = [
        ((float(e.get("x1")), float(e.get("y1"))), (float(e.get("x2")), float(e.get("y2"))))
        for e in root.iter(f"{SVG}line")
    ]
    path: list[Segment] = []
    for polyline in root.iter(f"{SVG}polyline"):
        path.extend(itertools.pairwise(_points(polyline.get("points"))))
    texts = [estimated_box(element) for element in root.iter(f"{SVG}text")]
    return GraphPicture(width, height, circles, edges, path, texts)


def segment_crosses_box(segment: Segment, box: Box) -> bool:
    """Whether any point of the segment lies strictly inside the box (Liang–Barsky clipping)."""
    (x1, y1), (x2, y2) = segment
    dx, dy = x2 - x1, y2 - y1
    low, high = 0.0, 1.0
    sides = ((-dx, x1 - box.left), (dx, box.right - x1), (-dy, y1 - box.top), (dy, box.bottom - y1))
    for p, q in sides:
        if p == 0:
            if q <= 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low >= high:
            return False
    return True


def overlaps(picture: GraphPicture) -> list[str]:
    """Every way the picture's text collides: with text, nodes, the path or the edge of the
    picture. Empty for a readable picture."""
    found = []
    for a, b in itertools.combinations(picture.texts, 2):
        if a.intersects(b):
            found.append(f"{a.text!r} overlaps {b.text!r}")
    frame = Box(0, 0, picture.width, picture.height)
    for box in picture.texts:
        if not frame.contains(box):
            found.append(f"{box.text!r} runs out of the picture")
        found.extend(
            f"{box.text!r} covers the node {circle.title!r}"
            for circle in picture.circles
            if box.distance(circle.x, circle.y) < circle.r
        )
        found.extend(
            f"the path {segment} runs through {box.text!r}"
            for segment in picture.path
            if segment_crosses_box(segment, box)
        )
    return found


def clearance(point, start, end) -> float:
    """The distance from ``point`` to the segment from ``start`` to ``end``."""
    (px, py), (ax, ay), (bx, by) = point, start, end
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def min_spacing(points: list[tuple[float, float]]) -> float:
    """The least distance between two of the points."""
    return min(math.dist(p, q) for p, q in itertools.combinations(points, 2))


def aspect(points: list[tuple[float, float]]) -> float:
    """Width over height of the points' bounding box."""
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return (max(xs) - min(xs)) / (max(ys) - min(ys))


def label_positions(picture: GraphPicture, labels: list[str]) -> dict[str, Box]:
    """The box of each label text (each must appear once)."""
    boxes: dict[str, Box] = {}
    for box in picture.labels:
        assert box.text not in boxes, f"label {box.text!r} twice"
        boxes[box.text] = box
    assert sorted(boxes) == sorted(labels)
    return boxes


def near_its_node(picture: GraphPicture, labels: list[str]) -> list[str]:
    """Labels that are nearer another node than their own (node i has ``labels[i]``)."""
    boxes = label_positions(picture, labels)
    wrong = []
    for node, label in enumerate(labels):
        box = boxes[label]
        own = box.distance(picture.circles[node].x, picture.circles[node].y)
        for other, circle in enumerate(picture.circles):
            if other != node and box.distance(circle.x, circle.y) < own:
                wrong.append(f"{label!r} is nearer the node of {labels[other]!r}")
                break
    return wrong


def words(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()
