"""Where the labels of a graph picture go: off the nodes, off the highlighted path, off each other.

Each label is a box estimated from its font size and its number of characters (0.75 em per
character, wider than any glyph a label uses, and 1.2 em tall), centred on its anchor. Around
each node there are a few candidate places (eight directions, close to the node or one line
further out); a candidate is allowed when its box stays inside the picture, touches no node,
no segment of the highlighted path and no label placed before, and when the nearest node to
it is its own (so that a reader knows which node it names). Among the allowed places the one
crossing the fewest ordinary edges wins (a white halo keeps the text legible over those).
Nodes with the fewest allowed places choose first. If some node has no allowed place at all,
the picture is too dense for labels: :func:`place_labels` returns ``None`` and the caller
leaves every label out and says so.

Obstacles are kept in a grid of cells about one label wide, so each check looks at a few
cells: the work grows with the number of nodes and edges, not with their product.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence

import attrs

Point = tuple[float, float]
Segment = tuple[Point, Point]

#: Width of one character of a label, in font sizes (upper-case letters and digits are narrower).
CHAR_EM = 0.75
#: Height of a line of label text, in font sizes.
LINE_EM = 1.2
#: Pixels between a node's circle and its label, and around every obstacle.
GAP = 2.0
_DIRECTIONS = [(0, -1), (1, -1), (-1, -1), (1, 0), (-1, 0), (0, 1), (1, 1), (-1, 1)]


@attrs.frozen
class Box:
    """An axis-aligned rectangle."""

    left: float
    top: float
    right: float
    bottom: float

    @classmethod
    def around(cls, x: float, y: float, text: str, font_size: float) -> Box:
        """The box a label of ``text`` takes when centred on (x, y)."""
        half_width = CHAR_EM * font_size * len(text) / 2
        half_height = LINE_EM * font_size / 2
        return cls(x - half_width, y - half_height, x + half_width, y + half_height)

    def grown(self, by: float) -> Box:
        """The box with ``by`` more on every side."""
        return Box(self.left - by, self.top - by, self.right + by, self.bottom + by)

    def intersects(self, other: Box) -> bool:
        """Whether the two boxes share more than an edge."""
        return (
            self.left < other.right
            and other.left < self.right
            and self.top < other.bottom
            and other.top < self.bottom
        )

    def inside(self, other: Box) -> bool:
        """Whether this box lies within ``other``."""
        return (
            other.left <= self.left
            and self.right <= other.right
            and other.top <= self.top
            and self.bottom <= other.bottom
        )

    def distance(self, point: Point) -> float:
        """From ``point`` to the nearest point of the box (0 inside it)."""
        x, y = point
        dx = max(self.left - x, 0.0, x - self.right)
        dy = max(self.top - y, 0.0, y - self.bottom)
        return math.hypot(dx, dy)

    def crossed_by(self, segment: Segment) -> bool:
        """Whether some point of ``segment`` lies inside the box (Liang–Barsky clipping)."""
        (x1, y1), (x2, y2) = segment
        dx, dy = x2 - x1, y2 - y1
        low, high = 0.0, 1.0
        for p, q in (
            (-dx, x1 - self.left),
            (dx, self.right - x1),
            (-dy, y1 - self.top),
            (dy, self.bottom - y1),
        ):
            if p == 0:
                if q <= 0:
                    return False  # parallel to this side and outside it
                continue
            t = q / p
            if p < 0:
                low = max(low, t)
            else:
                high = min(high, t)
            if low >= high:
                return False
        return True


class _Grid:
    """Items by the square cells (of side ``cell``) that they touch."""

    def __init__(self, cell: float) -> None:
        self.cell = cell
        self._items: defaultdict[tuple[int, int], list[int]] = defaultdict(list)

    def _span(self, low: float, high: float) -> range:
        return range(math.floor(low / self.cell), math.floor(high / self.cell) + 1)

    def add_box(self, item: int, box: Box) -> None:
        for column in self._span(box.left, box.right):
            for row in self._span(box.top, box.bottom):
                self._items[column, row].append(item)

    def add_segment(self, item: int, segment: Segment) -> None:
        """File ``item`` under every cell the segment passes through (column by column)."""
        (x1, y1), (x2, y2) = sorted(segment)
        for column in self._span(x1, x2):
            if x1 == x2:
                low, high = sorted((y1, y2))
            else:
                left = max(x1, column * self.cell)
                right = min(x2, (column + 1) * self.cell)
                slope = (y2 - y1) / (x2 - x1)
                low, high = sorted((y1 + slope * (left - x1), y1 + slope * (right - x1)))
            for row in self._span(low, high):
                self._items[column, row].append(item)

    def near(self, box: Box) -> set[int]:
        """The items filed under any cell that ``box`` touches."""
        found: set[int] = set()
        for column in self._span(box.left, box.right):
            for row in self._span(box.top, box.bottom):
                found.update(self._items.get((column, row), ()))
        return found


@attrs.frozen
class _Place:
    """A candidate place for a label: its box, the direction from the node, near or far."""

    box: Box
    direction: Point
    far: bool


def _candidates(point: Point, radius: float, text: str, font_size: float) -> list[_Place]:
    """The places for a label around a node: eight directions, near, then one line further."""
    x, y = point
    width = CHAR_EM * font_size * len(text)
    height = LINE_EM * font_size
    places = []
    for far in (False, True):
        reach = radius + GAP + (height if far else 0.0)
        for dx, dy in _DIRECTIONS:
            if dx and dy:  # a corner of the box touches the circle diagonally
                offset = reach / math.sqrt(2)
                cx = x + dx * (offset + width / 2)
                cy = y + dy * (offset + height / 2)
            else:
                cx = x + dx * (reach + width / 2)
                cy = y + dy * (reach + height / 2)
            length = math.hypot(dx, dy)
            box = Box.around(cx, cy, text, font_size)
            places.append(_Place(box, (dx / length, dy / length), far))
    return places


def _free_side(node: int, points: Sequence[Point], nodes: _Grid, reach: float) -> Point:
    """The unit vector pointing away from the nodes near ``node`` (up, if none is near)."""
    x, y = points[node]
    away_x = away_y = 0.0
    for other in nodes.near(Box(x - reach, y - reach, x + reach, y + reach)):
        dx, dy = x - points[other][0], y - points[other][1]
        distance = math.hypot(dx, dy)
        if other != node and 0 < distance <= reach:
            away_x += dx / distance**2  # nearer nodes push harder
            away_y += dy / distance**2
    length = math.hypot(away_x, away_y)
    return (away_x / length, away_y / length) if length > 1e-9 else (0.0, -1.0)


def place_labels(
    points: Sequence[Point],
    texts: Sequence[str],
    *,
    radius: float,
    font_size: float,
    frame: Box,
    path: Iterable[Segment] = (),
    edges: Iterable[Segment] = (),
) -> list[Box] | None:
    """A box for each node's label (see the module docstring), or None if some label fits nowhere.

    Example:
        >>> frame = Box(0, 0, 100, 60)
        >>> (box,) = place_labels([(50, 30)], ["A"], radius=5, font_size=10, frame=frame)
        >>> box  # above the node: 5 for the circle, 2 apart, 6 for half a line of text
        Box(left=46.25, top=11.0, right=53.75, bottom=23.0)
        >>> (box,) = place_labels([(50, 30)], ["A"], radius=5, font_size=10, frame=frame,
        ...                       path=[((50, 30), (50, 0))])
        >>> box.left > 50 and box.bottom < 30  # the path goes straight up: up and to the right
        True
        >>> place_labels([(30, 30)], ["A label far too long"], radius=5, font_size=10,
        ...              frame=frame) is None
        True
    """
    count = len(points)
    if count == 0:
        return []
    widest = max(CHAR_EM * font_size * len(text) for text in texts)
    cell = max(widest, LINE_EM * font_size, 2 * radius + 2 * GAP)
    nodes, blocked, ordinary = _Grid(cell), _Grid(cell), _Grid(cell)
    for node, (x, y) in enumerate(points):
        nodes.add_box(node, Box(x - radius, y - radius, x + radius, y + radius).grown(GAP))
    path_segments = list(path)
    for index, segment in enumerate(path_segments):
        blocked.add_segment(index, segment)
    edge_segments = list(edges)
    for index, segment in enumerate(edge_segments):
        ordinary.add_segment(index, segment)

    def allowed(node: int, box: Box) -> bool:
        if not box.inside(frame):
            return False
        own = box.distance(points[node])
        for other in nodes.near(box.grown(own)):
            gap = box.distance(points[other])
            if gap < radius + GAP - 1e-6 or (other != node and gap <= own):
                return False  # covers a node, or names the wrong one
        return not any(
            box.grown(GAP).crossed_by(path_segments[index])
            for index in blocked.near(box.grown(GAP))
        )

    # each allowed place with its cost: ordinary edges crossed, then how far out it is and how
    # far it turns from the side of the node that is free of other nodes
    options: list[list[tuple[float, Box]]] = []
    for node in range(count):
        free_x, free_y = _free_side(node, points, nodes, 2 * cell)
        choices = []
        for place in _candidates(points[node], radius, texts[node], font_size):
            if not allowed(node, place.box):
                continue
            crossings = sum(
                place.box.crossed_by(edge_segments[index]) for index in ordinary.near(place.box)
            )
            turn = 1 - (place.direction[0] * free_x + place.direction[1] * free_y)  # 0 to 2
            choices.append((crossings + 0.8 * place.far + 0.6 * turn, place.box))
        if not choices:
            return None  # this node's label fits nowhere, whatever the others do
        choices.sort(key=lambda choice: choice[0])
        options.append(choices)
    placed: dict[int, Box] = {}
    labels = _Grid(cell)
    for node in sorted(range(count), key=lambda node: (len(options[node]), node)):
        for _, box in options[node]:
            spaced = box.grown(GAP / 2)  # a pixel apart, whatever the rounding of coordinates
            if not any(spaced.intersects(placed[other]) for other in labels.near(spaced)):
                placed[node] = box
                labels.add_box(node, box)
                break
        else:
            return None
    return [placed[node] for node in range(count)]
