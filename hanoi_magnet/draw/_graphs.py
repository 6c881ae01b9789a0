"""Renderings of a :class:`~hanoi_magnet.search.StateGraph`: Graphviz DOT and SVG (stdlib only).

Also the one-call helpers :func:`graph_dot` and :func:`graph_svg` for a variant label, with its
optimal solution drawn in red (what the command line's ``graph`` subcommand prints).
"""

from __future__ import annotations

import itertools
import textwrap
from collections.abc import Iterable, Iterator
from html import escape as _html_escape

from hanoi_magnet.draw import _labels
from hanoi_magnet.errors import HanoiError, InvalidArgumentError, UnsolvableError
from hanoi_magnet.model import Move, State
from hanoi_magnet.registry import default_registry
from hanoi_magnet.rules import Rules
from hanoi_magnet.search import _graph
from hanoi_magnet.search._graph import Ends, StateGraph, dot_lines, state_graph

__all__ = ["graph_dot", "graph_svg"]


def _escape(text: str) -> str:
    """&, < and > as entities (xml.sax.saxutils.escape's work, without its urllib imports)."""
    return _html_escape(text, quote=False)


Point = tuple[float, float]

_PATH_COLOR = "#d62728"
_EDGE_COLOR = "#9aa5b1"
_NODE_COLOR = "#1f4e79"


def graph_dot(label: str, n: int, *, solution: bool = True) -> str:
    """The state graph of variant ``label`` with ``n`` disks, in Graphviz DOT.

    With ``solution`` (and a solvable variant), the positions of the optimal solution from
    :func:`~hanoi_magnet.solve` are drawn in red. Nodes are labelled with the compact form of
    their position (``SSI/rrb``, as every command writes positions; on four or more posts
    without the leading number of posts); the start and the goal are circled twice and
    marked ``start`` and ``goal``.

    Example:
        >>> from hanoi_magnet.draw import graph_dot
        >>> text = graph_dot("classic", 2)
        >>> text.splitlines()[0], text.count(" -- "), text.count("color=")
        ('graph "classic n=2" {', 12, 7)
        >>> [line.split()[1] for line in text.splitlines() if "xlabel" in line]
        ['[label="SS",', '[label="DD",']
    """
    graph, states, ends = _variant_graph(label, n, solution)
    return "".join(dot_lines(graph, graph.path_nodes(states), f"{label} n={n}", ends))


def graph_svg(label: str, n: int, *, solution: bool = True, width: int = 480) -> str:
    """The state graph of variant ``label`` with ``n`` disks as an SVG picture.

    The same as :func:`graph_dot`, drawn with :meth:`StateGraph.layout
    <hanoi_magnet.search.StateGraph.layout>` (the Sierpinski triangle for three posts). Each
    node is labelled with :meth:`StateGraph.label <hanoi_magnet.search.StateGraph.label>`,
    next to it and clear of the other nodes, of the red path and of the other labels; if the
    labels cannot all be placed so at this ``width`` (or the graph has more than 300
    positions), none is drawn and a caption says so.

    Example:
        >>> from hanoi_magnet.draw import graph_svg
        >>> graph_svg("RBB", 2).count("<circle")  # one per legal position
        9
        >>> graph_svg("RBB", 2).count('class="label"'), "left out" in graph_svg("RBB", 2, width=60)
        (9, True)
    """
    graph, states, ends = _variant_graph(label, n, solution)
    return "".join(svg_lines(graph, graph.path_nodes(states), _width(width), ends))


def _width(width: object) -> int:
    if isinstance(width, bool) or not isinstance(width, int) or width < 1:
        raise InvalidArgumentError(f"width must be a positive integer (pixels), got {width!r}")
    return width


def _variant_graph(
    label: str, n: int, solution: bool
) -> tuple[StateGraph, list[State], Ends | None]:
    variant = default_registry.variant(label)
    graph = state_graph(variant.rules, n)
    ends = _ends(graph, variant.start(n), variant.goal(n))
    states: list[State] = []
    if solution:
        try:
            moves = default_registry.solve(label, n)
        except UnsolvableError:
            return graph, states, ends
        states = list(_replay(variant.rules, moves.start, moves))
    return graph, states, ends


def _ends(graph: StateGraph, start: State, goal: State) -> Ends | None:
    """The nodes of the start and the goal (None if either is not a node of the graph)."""
    try:
        return graph.node(start), graph.node(goal)
    except HanoiError:
        return None


def node_label(graph: StateGraph, node: int) -> str:
    """A node's name in pictures: :meth:`StateGraph.label`, its position's compact form."""
    return graph.label(node)


def rules_graph_lines(
    rules: Rules,
    start: State,
    goal: State,
    path: Iterable[State] = (),
    *,
    svg: bool,
    width: int = 480,
    name: str = "hanoi",
) -> tuple[int, Iterator[str]]:
    """About how many lines the graph of ``rules`` with ``start.n`` disks has, and them.

    For rules spelled out on the command line (``NNN/linear``, ``RBNN``): the graph of every
    legal position, ``start`` and ``goal`` marked, the positions ``path`` drawn in red.
    """
    graph = state_graph(rules, start.n)
    nodes = graph.path_nodes(path)
    ends = _ends(graph, start, goal)
    width = _width(width)
    lines = svg_lines(graph, nodes, width, ends) if svg else dot_lines(graph, nodes, name, ends)
    return len(graph) + graph.edge_count, lines


def _replay(rules: Rules, start: State, moves: Iterable[Move]) -> Iterator[State]:
    """The positions from ``start`` along ``moves`` (``start`` first), each move checked."""
    state = start
    yield state
    for move in moves:
        state = rules.apply(state, move)
        yield state


def _number(value: float) -> str:
    return f"{value + 0.0:.2f}"  # + 0.0 turns -0.0 into 0.0


def _svg(graph: StateGraph, path: list[int], width: int) -> str:
    """An SVG drawing of ``graph`` at its layout, the walk through ``path`` in red."""
    return "".join(svg_lines(graph, path, width))


def svg_lines(
    graph: StateGraph, path: list[int], width: int, ends: Ends | None = None
) -> Iterator[str]:
    """The lines of :func:`_svg`, one at a time: O(1) work per node and per edge.

    Nodes are labelled (:func:`node_label`) where every label finds a place off the nodes,
    off the red path and off the other labels (:mod:`hanoi_magnet.draw._labels`); otherwise
    no node is, and a caption under the graph says so. The start and goal (``ends``, else the
    path's ends) get a green and an orange outline, which a caption names.
    """
    if ends is None and path:
        ends = (path[0], path[-1])
    layout = graph.layout()
    labelled = _labels_fit(graph, layout, path, width)
    if labelled is not None:
        points, radius, drawing_height, boxes = labelled
        caption: list[str] = []
        why = ""
    else:
        points, radius, drawing_height = _fit(graph, layout, width)
        boxes = None
        why = (
            f"{len(graph):,} positions are too many to name"
            if len(graph) > MAX_LABELLED
            else "too dense to name every position at this width"
        )
        caption = _wrap(f"Labels left out: {why}.", width)
    if ends is not None:
        caption += _wrap("Green outline: the start. Orange outline: the goal.", width)
    height = round(drawing_height + _CAPTION_LINE * len(caption) + (4 if caption else 0))

    def at(node: int) -> tuple[str, str]:
        x, y = points[node]
        return _number(x), _number(y)

    title = repr(graph) if boxes is not None else f"{graph!r}: labels left out, {why}"
    yield (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">\n'
    )
    yield f"<title>{_escape(title)}</title>\n"
    yield f'<rect width="100%" height="100%" fill="{_PAPER}"/>\n'
    yield f'<g stroke="{_EDGE_COLOR}" stroke-width="1">\n'
    for source, target, _ in graph.edges():
        (x1, y1), (x2, y2) = at(source), at(target)
        yield f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>\n'
    yield "</g>\n"
    if len(path) > 1:
        walk = " ".join(",".join(at(node)) for node in path)
        yield (
            f'<polyline points="{walk}" fill="none" stroke="{_PATH_COLOR}" stroke-width="3" '
            'stroke-linejoin="round"/>\n'
        )
    on_path = set(path)
    marks = _marks(ends, radius)
    for node in range(len(graph)):
        x, y = at(node)
        fill = _PATH_COLOR if node in on_path else _NODE_COLOR
        mark, what = marks.get(node, ("", ""))
        yield (
            f'<circle cx="{x}" cy="{y}" r="{_number(radius)}" fill="{fill}"{mark}>'
            f"<title>{what}{_escape(str(graph.state(node)))}</title></circle>\n"
        )
    for node, box in enumerate(boxes or ()):
        centre_x, centre_y = (box.left + box.right) / 2, (box.top + box.bottom) / 2
        yield _text(centre_x, centre_y, node_label(graph, node), "label", _LABEL_SIZE)
    for row, line in enumerate(caption):
        line_y = drawing_height + _CAPTION_LINE * (row + 0.5)
        yield _text(width / 2, line_y, line, "caption", _CAPTION_SIZE)
    yield "</svg>\n"


def _marks(ends: Ends | None, radius: float) -> dict[int, tuple[str, str]]:
    """The outline and the tooltip's first words of the start and goal nodes."""
    if ends is None:
        return {}
    stroke = _number(max(min(radius * 0.6, 3.0), 1.0))
    start, goal = ends
    marks = {goal: (f' class="goal" stroke="{_GOAL_COLOR}" stroke-width="{stroke}"', "goal: ")}
    start_mark = f' class="start" stroke="{_START_COLOR}" stroke-width="{stroke}"'
    marks[start] = (start_mark, "start and goal: " if start == goal else "start: ")
    return marks


_START_COLOR = "#2ca02c"
_GOAL_COLOR = "#ff7f0e"
_PAPER = "#ffffff"
_LABEL_SIZE = 9.0
_CAPTION_SIZE = 11.0
_CAPTION_LINE = _CAPTION_SIZE * (_labels.LINE_EM + 0.1)  # lines a little apart
_MARGIN = 0.6  # around the nodes, in units of the layout
#: Graphs with more positions than this are drawn without labels (nobody reads 300 of them).
MAX_LABELLED = 300


def _fit(
    graph: StateGraph, layout: list[Point], width: float, room: Point = (0.0, 0.0)
) -> tuple[list[Point], float, float]:
    """The layout scaled to ``width``: the nodes' points, their radius and the height.

    Around the nodes is a margin of 0.6 units of the layout, or of ``room`` (x, y) pixels
    beyond the nodes' circles if that is more (room for their labels).
    """
    xs = [x for x, _ in layout] or [0.0]
    ys = [y for _, y in layout] or [0.0]
    left, top = min(xs), min(ys)  # once: computed per node, they made the export quadratic
    span = max(max(xs) - left, max(ys) - top, 1.0)
    scale = width / (span + 2 * _MARGIN)
    radius = _radius(graph, scale)
    margin_x = max(_MARGIN * scale, room[0] + radius)
    margin_y = max(_MARGIN * scale, room[1] + radius)
    if margin_x > _MARGIN * scale:
        scale = max(width - 2 * margin_x, 0.0) / span
        radius = _radius(graph, scale)
    points = [(margin_x + (x - left) * scale, margin_y + (y - top) * scale) for x, y in layout]
    return points, radius, 2 * margin_y + (max(ys) - top) * scale


def _radius(graph: StateGraph, scale: float) -> float:
    return max((0.09 if graph.rules.magnetic else 0.2) * scale, 1.5)


def _labels_fit(
    graph: StateGraph, layout: list[Point], path: list[int], width: float
) -> tuple[list[Point], float, float, list[_labels.Box]] | None:
    """The drawing with room for labels and a place for each, or None if they do not fit."""
    if not 0 < len(graph) <= MAX_LABELLED:
        return None
    texts = [node_label(graph, node) for node in range(len(graph))]
    size = _LABEL_SIZE
    room = (
        max(map(len, texts)) * _labels.CHAR_EM * size + 2 * _labels.GAP,
        _labels.LINE_EM * size + 2 * _labels.GAP,
    )
    if width <= 2 * room[0]:
        return None  # no room left for the graph itself
    points, radius, height = _fit(graph, layout, width, room)
    frame = _labels.Box(1.0, 1.0, width - 1.0, height - 1.0)
    walk = [(points[a], points[b]) for a, b in itertools.pairwise(path)]
    edges = [(points[a], points[b]) for a, b, _ in graph.edges()]
    boxes = _labels.place_labels(
        points, texts, radius=radius, font_size=size, frame=frame, path=walk, edges=edges
    )
    return None if boxes is None else (points, radius, height, boxes)


def _wrap(text: str, width: float) -> list[str]:
    """``text`` in lines that fit ``width`` at the caption size; none if a word cannot fit."""
    fits = int((width - 4) / (_labels.CHAR_EM * _CAPTION_SIZE))
    lines = textwrap.wrap(text, max(fits, 1))
    return lines if all(len(line) <= fits for line in lines) else []


def _text(x: float, y: float, text: str, kind: str, size: float) -> str:
    """A line of text centred on (x, y), on a white halo that covers what runs beneath it."""
    return (
        f'<text class="{kind}" x="{_number(x)}" y="{_number(y)}" font-size="{size:g}" '
        'text-anchor="middle" dominant-baseline="central" font-family="sans-serif" '
        f'stroke="{_PAPER}" stroke-width="3" stroke-linejoin="round" paint-order="stroke">'
        f"{_escape(text)}</text>\n"
    )


def graph_lines(
    label: str, n: int, *, svg: bool, solution: bool = True, width: int = 480
) -> tuple[int, Iterator[str]]:
    """About how many lines :func:`graph_svg` (``svg``) or :func:`graph_dot` has, and them.

    The lines come one at a time (the command line streams them, with a progress count).
    """
    graph, states, ends = _variant_graph(label, n, solution)
    path = graph.path_nodes(states)
    name = f"{label} n={n}"
    width = _width(width)
    lines = svg_lines(graph, path, width, ends) if svg else dot_lines(graph, path, name, ends)
    return len(graph) + graph.edge_count, lines


# StateGraph.to_svg draws with this module (the search layer knows nothing of pictures).
_graph.install_svg(_svg)
