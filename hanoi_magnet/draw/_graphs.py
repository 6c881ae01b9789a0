"""Renderings of a :class:`~hanoi_magnet.search.StateGraph`: Graphviz DOT and SVG (stdlib only).

Also the one-call helpers :func:`graph_dot` and :func:`graph_svg` for a variant label, with its
optimal solution drawn in red (what the command line's ``graph`` subcommand prints).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from xml.sax.saxutils import escape

from hanoi_magnet.errors import UnsolvableError
from hanoi_magnet.model import Move, State
from hanoi_magnet.registry import default_registry
from hanoi_magnet.rules import Rules
from hanoi_magnet.search import _graph
from hanoi_magnet.search._graph import StateGraph, state_graph

__all__ = ["graph_dot", "graph_svg"]

_PATH_COLOR = "#d62728"
_EDGE_COLOR = "#9aa5b1"
_NODE_COLOR = "#1f4e79"


def graph_dot(label: str, n: int, *, solution: bool = True) -> str:
    """The state graph of variant ``label`` with ``n`` disks, in Graphviz DOT.

    With ``solution`` (and a solvable variant), the positions of the optimal solution from
    :func:`~hanoi_magnet.solve` are drawn in red.

    Example:
        >>> from hanoi_magnet.draw import graph_dot
        >>> text = graph_dot("classic", 2)
        >>> text.splitlines()[0], text.count(" -- "), text.count("color=")
        ('graph "classic n=2" {', 12, 7)
    """
    graph, states = _variant_graph(label, n, solution)
    return graph.to_dot(highlight=states, name=f"{label} n={n}")


def graph_svg(label: str, n: int, *, solution: bool = True, width: int = 480) -> str:
    """The state graph of variant ``label`` with ``n`` disks as an SVG picture.

    The same as :func:`graph_dot`, drawn with :meth:`StateGraph.layout
    <hanoi_magnet.search.StateGraph.layout>` (the Sierpinski triangle for three posts).

    Example:
        >>> from hanoi_magnet.draw import graph_svg
        >>> graph_svg("RBB", 2).count("<circle")  # one per legal position
        9
    """
    graph, states = _variant_graph(label, n, solution)
    return graph.to_svg(highlight=states, width=width)


def _variant_graph(label: str, n: int, solution: bool) -> tuple[StateGraph, list[State]]:
    variant = default_registry.variant(label)
    graph = state_graph(variant.rules, n)
    states: list[State] = []
    if solution:
        try:
            moves = default_registry.solve(label, n)
        except UnsolvableError:
            return graph, states
        states = list(_replay(variant.rules, moves.start, moves))
    return graph, states


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


def svg_lines(graph: StateGraph, path: list[int], width: int) -> Iterator[str]:
    """The lines of :func:`_svg`, one at a time: O(1) work per node and per edge."""
    points = graph.layout()
    xs = [x for x, _ in points] or [0.0]
    ys = [y for _, y in points] or [0.0]
    left, top = min(xs), min(ys)  # once: computed per node, they made the export quadratic
    span = max(max(xs) - left, max(ys) - top, 1.0)
    margin = 0.6
    scale = width / (span + 2 * margin)
    height = round((max(ys) - top + 2 * margin) * scale)
    radius = max((0.09 if graph.rules.magnetic else 0.2) * scale, 1.5)
    labels = len(graph) <= 40

    def at(node: int) -> tuple[str, str]:
        x, y = points[node]
        return _number((x - left + margin) * scale), _number((y - top + margin) * scale)

    yield (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">\n'
    )
    yield f"<title>{escape(repr(graph))}</title>\n"
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
    for node in range(len(graph)):
        x, y = at(node)
        fill = _PATH_COLOR if node in on_path else _NODE_COLOR
        yield (
            f'<circle cx="{x}" cy="{y}" r="{_number(radius)}" fill="{fill}">'
            f"<title>{escape(str(graph.state(node)))}</title></circle>\n"
        )
        if labels:
            yield (
                f'<text x="{x}" y="{_number(float(y) - radius - 2)}" font-size="9" '
                f'text-anchor="middle" font-family="sans-serif">{escape(graph.label(node))}'
                "</text>\n"
            )
    yield "</svg>\n"


def graph_lines(
    label: str, n: int, *, svg: bool, solution: bool = True
) -> tuple[int, Iterator[str]]:
    """About how many lines :func:`graph_svg` (``svg``) or :func:`graph_dot` has, and them.

    The lines come one at a time (the command line streams them, with a progress count).
    """
    graph, states = _variant_graph(label, n, solution)
    path = graph.path_nodes(states)
    name = f"{label} n={n}"
    lines = svg_lines(graph, path, 480) if svg else _graph.dot_lines(graph, path, name)
    return len(graph) + graph.edge_count, lines


# StateGraph.to_svg draws with this module (the search layer knows nothing of pictures).
_graph.install_svg(_svg)
