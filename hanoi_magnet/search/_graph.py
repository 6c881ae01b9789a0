"""The state graph: every legal position of n disks, and an edge for every legal move.

Nodes are numbered 0, 1, ... in the order of the codes every search of the package uses
(:mod:`hanoi_magnet.search._exhaustive.layout`; node 0 is the tower on post 0, red side up under
magnetic rules where post 0 is neutral); :meth:`StateGraph.state` and :meth:`StateGraph.code`
give a node's :class:`~hanoi_magnet.State` and :attr:`State.code <hanoi_magnet.State.code>`.
Edges are stored in arrays, each move once when moves can be undone (the graph is undirected)
and as arcs when some directions are one-way.

The nodes also get planar coordinates (see :meth:`StateGraph.layout`: the Sierpinski triangle
for three posts, nested squares for four); DOT, SVG and networkx exports follow.
"""

from __future__ import annotations

import importlib
import itertools
from array import array
from collections import deque
from collections.abc import Callable, Iterable, Iterator, MutableMapping
from typing import Any

from hanoi_magnet.errors import InvalidArgumentError, SearchLimitError
from hanoi_magnet.model import Move, State, _disk_count, _integer
from hanoi_magnet.rules import Rules
from hanoi_magnet.search._bidirectional import legal_state_count
from hanoi_magnet.search._exhaustive.layout import CodeLayout
from hanoi_magnet.search._exhaustive.neighbours import CodeMoves
from hanoi_magnet.search._layout import polygon_layout

__all__ = ["DEFAULT_MAX_NODES", "StateGraph", "state_graph"]

#: The largest graph :func:`state_graph` builds unless told otherwise.
DEFAULT_MAX_NODES = 2_000_000


def state_graph(
    rules: Rules, n: int, *, start: State | None = None, max_nodes: int = DEFAULT_MAX_NODES
) -> StateGraph:
    """The graph of the legal positions of ``n`` disks under ``rules``, edges being moves.

    Args:
        rules: a :class:`~hanoi_magnet.ClassicRules` or :class:`~hanoi_magnet.MagneticRules`.
        n: the number of disks.
        start: if given, only the positions reachable from it.
        max_nodes: refuse (with :class:`~hanoi_magnet.SearchLimitError`) a graph with more
            legal positions than this.

    Example:
        >>> from hanoi_magnet import ClassicRules
        >>> from hanoi_magnet.search import state_graph
        >>> graph = state_graph(ClassicRules(), 3)
        >>> len(graph), graph.edge_count, graph.directed
        (27, 39, False)
    """
    return StateGraph(rules, n, start=start, max_nodes=max_nodes)


def _legal_codes(space: CodeMoves) -> array[int]:
    """Every legal code, increasing: each placement with either face for each neutral stack."""
    layout = space.layout
    if layout.face_count == 1:
        return array("q", range(layout.size))
    codes = array("q")
    for placement in range(layout.placements):
        tops = space.tops(placement)
        patterns = [0]
        for bit, post in enumerate(layout.neutral):
            if tops[post]:  # an empty neutral post has face bit 0
                patterns += [bits | 1 << bit for bits in patterns]
        base = placement * layout.face_count
        codes.extend(sorted(base + bits for bits in patterns))
    return codes


def _reachable(space: CodeMoves, start: int) -> array[int]:
    seen = {start}
    queue = deque([start])
    while queue:
        for after, _ in space.neighbours(queue.popleft()):
            if after not in seen:
                seen.add(after)
                queue.append(after)
    return array("q", sorted(seen))


class _SparseIndex(dict[int, int]):
    """Node numbers by code; -1 for a code that is not a node."""

    def __missing__(self, key: int) -> int:
        return -1


def _node_index(layout: CodeLayout, codes: array[int]) -> MutableMapping[int, int] | array[int]:
    """Node numbers by code: an array over every code when the nodes fill much of it."""
    dense = layout.size <= 8 * len(codes) + 1024
    index: MutableMapping[int, int] | array[int] = (
        array("l", [-1]) * layout.size if dense else _SparseIndex()
    )
    for node, code in enumerate(codes):
        index[code] = node
    return index


class StateGraph:
    """The positions of one puzzle size and the moves between them (see :func:`state_graph`).

    Attributes:
        directed: whether some move cannot be undone (one-way directions), so that edges are
            arcs from the position before the move to the position after it.

    Example:
        >>> from hanoi_magnet import ClassicRules, State
        >>> from hanoi_magnet.search import state_graph
        >>> graph = state_graph(ClassicRules(), 1)
        >>> [str(state) for state in graph.states()]
        ['S: 1 | I: - | D: -', 'S: - | I: 1 | D: -', 'S: - | I: - | D: 1']
        >>> [(a, b, str(move)) for a, b, move in graph.edges()]
        [(0, 1, '1: S -> I'), (0, 2, '1: S -> D'), (1, 2, '1: I -> D')]
    """

    __slots__ = (
        "_codes",
        "_index",
        "_layout",
        "_moves",
        "_sources",
        "_space",
        "_targets",
        "directed",
    )

    def __init__(
        self,
        rules: Rules,
        n: int,
        *,
        start: State | None = None,
        max_nodes: int = DEFAULT_MAX_NODES,
    ) -> None:
        """The same as :func:`state_graph`."""
        if not isinstance(rules, Rules):
            raise InvalidArgumentError(f"rules must be a Rules object, got {type(rules).__name__}")
        n = _disk_count(n)
        total = legal_state_count(rules, n)
        if total > max_nodes:
            raise SearchLimitError(
                f"{n} disks have {total:,} legal positions under {rules!r}, more than "
                f"max_nodes={max_nodes:,}"
            )
        self._layout = layout = CodeLayout(rules, n)
        self._space = space = CodeMoves(layout)
        if start is not None:
            reason = rules.check_state(start)
            if reason is not None or start.n != n:
                why = reason or f"it has {start.n} disks, not {n}"
                raise InvalidArgumentError(f"start is not a legal position here: {why}")
            self._codes = codes = _reachable(space, layout.encode(start))
        else:
            self._codes = codes = _legal_codes(space)
        self.directed = layout.directed
        self._index = _node_index(layout, codes)
        self._sources = array("l")
        self._targets = array("l")
        self._moves = array("l")  # disk * len(pairs) + direction index
        index, directions = self._index, len(space.pairs)
        for node, code in enumerate(codes):
            for after, direction in space.neighbours(code):
                other = index[after]
                if other < 0 or (not self.directed and other < node):
                    continue  # outside the graph, or an undirected edge already stored
                self._sources.append(node)
                self._targets.append(other)
                disk = space.tops(code // space.face_count)[space.pairs[direction][0]]
                self._moves.append(disk * directions + direction)

    @property
    def rules(self) -> Rules:
        """The rules whose moves are the edges."""
        return self._layout.rules

    @property
    def n(self) -> int:
        """The number of disks."""
        return self._layout.n

    def __len__(self) -> int:
        return len(self._codes)

    @property
    def edge_count(self) -> int:
        """The number of edges (arcs, if :attr:`directed`)."""
        return len(self._sources)

    def state(self, node: int) -> State:
        """The position of node ``node``."""
        return self._layout.decode(self._codes[node])

    def code(self, node: int) -> int:
        """:attr:`State.code <hanoi_magnet.State.code>` of node ``node``."""
        return _state_code(self._layout, self._codes[node])

    def node(self, state: State) -> int:
        """The node of ``state``.

        Example:
            >>> from hanoi_magnet import ClassicRules, State
            >>> from hanoi_magnet.search import state_graph
            >>> state_graph(ClassicRules(), 2).node(State([[], [1], [2]]))
            7
        """
        reason = self.rules.check_state(state)
        found = -1 if reason or state.n != self.n else self._index[self._layout.encode(state)]
        if found < 0:
            raise InvalidArgumentError(f"{state!r} is not a node of this graph")
        return found

    def states(self) -> Iterator[State]:
        """The positions of the nodes, in node order."""
        return map(self._layout.decode, self._codes)

    def edges(self) -> Iterator[tuple[int, int, Move]]:
        """``(node, node, move)`` for every edge; the move leads from the first to the second."""
        pairs = self._space.pairs
        for source, target, packed in zip(self._sources, self._targets, self._moves, strict=True):
            disk, direction = divmod(packed, len(pairs))
            a, b = pairs[direction]
            yield source, target, self._space.moves[disk][a * self._space.posts + b]

    def path_nodes(self, states: Iterable[State]) -> list[int]:
        """The nodes of a sequence of positions (for example :meth:`ShortestPath.states`)."""
        return [self.node(state) for state in states]

    def label(self, node: int) -> str:
        """A node's name: its position's compact form, as every command writes positions.

        The post of each disk, largest first, then the up faces (``SSI/rrb``); on four or more
        posts the digits alone (``0013``), the number of posts being the graph's.

        Example:
            >>> from hanoi_magnet import ClassicRules, MagneticRules, State
            >>> from hanoi_magnet.search import state_graph
            >>> graph = state_graph(ClassicRules(), 3)
            >>> graph.label(graph.node(State([[3], [2], [1]])))
            'SID'
            >>> graph = state_graph(MagneticRules("NNN"), 2)
            >>> graph.label(graph.node(State([[2], [1], []], faces="RB")))
            'SI/br'
        """
        state = self.state(node)
        return state.format(compact=True).removeprefix(f"{len(state.posts)}:")

    def layout(self) -> list[tuple[float, float]]:
        """Planar coordinates for each node, edges of the classic 3-peg graph being 1 long.

        The positions where the largest disk lies on one post are a smaller copy of the graph
        of one disk fewer, placed in that post's corner of a regular polygon, recursively.
        Three posts: the Sierpinski triangle, with the towers on S, I and D at the top, bottom
        left and bottom right corners. Four posts: a square, each copy under a third of it (towers
        on posts 0, 1, 2, 3 at the top left, bottom left, bottom right and top right corners).
        Any two positions are at least one unit apart; magnetic positions sharing a placement
        sit on a small circle around it. The y axis points down, as in SVG.

        Example:
            >>> from hanoi_magnet import ClassicRules
            >>> from hanoi_magnet.search import state_graph
            >>> [(round(x, 3), round(y, 3)) for x, y in state_graph(ClassicRules(), 1).layout()]
            [(0.0, 0.0), (-0.5, 0.866), (0.5, 0.866)]
            >>> state_graph(ClassicRules(4), 2).layout()[:5]  # the copy of post 0, then post 1's
            [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0), (1.0, 4.4)]
        """
        return polygon_layout(self._layout, self._codes)

    def to_dot(self, *, highlight: Iterable[State] = (), name: str = "hanoi") -> str:
        """The graph in Graphviz DOT, the positions along ``highlight`` drawn in red.

        Nodes carry their :meth:`label`, the full position as a tooltip, and the
        :meth:`layout` as ``pos`` (for ``neato -n``).

        Example:
            >>> from hanoi_magnet import ClassicRules
            >>> from hanoi_magnet.search import state_graph
            >>> print(state_graph(ClassicRules(), 1).to_dot(), end="")  # doctest: +ELLIPSIS
            graph "hanoi" {
              node [shape=ellipse, fontsize=10];
              0 [label="S", tooltip="S: 1 | I: - | D: -", pos="0.00,0.00"];
            ...
              1 -- 2 [label="1"];
            }
        """
        return _dot(self, self.path_nodes(highlight), name)

    def to_svg(self, *, highlight: Iterable[State] = (), width: int = 480) -> str:
        """An SVG picture of :meth:`layout`, the path through ``highlight`` drawn in red.

        Example:
            >>> from hanoi_magnet import ClassicRules
            >>> from hanoi_magnet.search import state_graph
            >>> state_graph(ClassicRules(), 2).to_svg().startswith("<svg")
            True
        """
        return _SVG[0](self, self.path_nodes(highlight), _integer(width, "width", minimum=1))

    def to_networkx(self) -> Any:
        """A ``networkx.Graph`` (``DiGraph`` if :attr:`directed`) keyed by state codes.

        Needs networkx (``pip install hanoi-magnet[graph]``). Nodes are the
        :attr:`State.code <hanoi_magnet.State.code>` values with attributes ``state``,
        ``label`` and ``pos``; edges have ``move`` and ``disk``.

        Example:
            >>> from hanoi_magnet import ClassicRules
            >>> from hanoi_magnet.search import state_graph
            >>> graph = state_graph(ClassicRules(), 3).to_networkx()  # doctest: +SKIP
            >>> graph.number_of_nodes(), graph.number_of_edges()  # doctest: +SKIP
            (27, 39)
        """
        try:  # an optional dependency, imported on first use (and untyped)
            nx = importlib.import_module("networkx")
        except ImportError:
            raise ImportError(
                "to_networkx needs networkx: pip install 'hanoi-magnet[graph]'"
            ) from None
        graph: Any = nx.DiGraph() if self.directed else nx.Graph()
        positions = self.layout()
        for node in range(len(self)):
            graph.add_node(
                self.code(node), state=self.state(node), label=self.label(node), pos=positions[node]
            )
        for source, target, move in self.edges():
            graph.add_edge(self.code(source), self.code(target), move=move, disk=move.disk)
        return graph

    def __repr__(self) -> str:
        return f"StateGraph({self.rules!r}, n={self.n}, nodes={len(self)}, edges={self.edge_count})"


def _state_code(layout: CodeLayout, code: int) -> int:
    """:attr:`State.code <hanoi_magnet.State.code>` of the position with this layout code."""
    if not layout.magnetic:
        return code
    placement, faces = divmod(code, layout.face_count)
    p = layout.posts
    shown = list(layout.colors)
    for bit, post in enumerate(layout.neutral):
        shown[post] = (faces >> bit) & 1
    digits = []
    for _ in range(layout.n):
        placement, post = divmod(placement, p)
        digits.append(post + p * shown[post])
    result = 0
    for digit in reversed(digits):
        result = result * 2 * p + digit
    return result


# -- Graphviz DOT -------------------------------------------------------------------------------

_PATH_COLOR = "#d62728"


def _number(value: float) -> str:
    return f"{value + 0.0:.2f}"  # + 0.0 turns -0.0 into 0.0


def _dot(graph: StateGraph, path: list[int], name: str) -> str:
    """The DOT text of ``graph``, the walk through the nodes ``path`` in red."""
    return "".join(dot_lines(graph, path, name))


Ends = tuple[int, int]


def dot_lines(
    graph: StateGraph, path: list[int], name: str, ends: Ends | None = None
) -> Iterator[str]:
    """The graph in Graphviz DOT, one line at a time (the command line streams them).

    The one DOT writer of the package: :meth:`StateGraph.to_dot`, :func:`hanoi_magnet.draw.
    graph_dot` and the command line's ``graph`` all write through it. Nodes carry their
    :meth:`StateGraph.label`, the full position as a tooltip and the layout as ``pos``; the
    walk through ``path`` is red, and the start and goal (``ends``) are circled twice
    (``peripheries=2``) and named (``xlabel``).
    """
    on_path = set(path)
    steps = set(itertools.pairwise(path))
    if not graph.directed:
        steps |= {(b, a) for a, b in steps}
    arrow = "->" if graph.directed else "--"
    points = graph.layout()
    marks: dict[int, str] = {}
    if ends is not None:
        marks = {ends[1]: "goal", ends[0]: "start" if ends[0] != ends[1] else "start and goal"}
    yield f"{'digraph' if graph.directed else 'graph'} {_dot_string(name)} {{\n"
    yield "  node [shape=ellipse, fontsize=10];\n"
    for node in range(len(graph)):
        attributes = [
            f"label={_dot_string(graph.label(node))}",
            f"tooltip={_dot_string(str(graph.state(node)))}",
        ]
        x, y = points[node]
        attributes.append(f'pos="{_number(x)},{_number(-y)}"')  # DOT's y grows upwards
        if node in on_path:
            attributes.append(f'color="{_PATH_COLOR}"')
        if node in marks:
            attributes.append(f"peripheries=2, xlabel={_dot_string(marks[node])}")
        yield f"  {node} [{', '.join(attributes)}];\n"
    for source, target, move in graph.edges():
        extra = f', color="{_PATH_COLOR}", penwidth=2' if (source, target) in steps else ""
        yield f'  {source} {arrow} {target} [label="{move.disk}"{extra}];\n'
    yield "}\n"


def _dot_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


# -- SVG: drawn by hanoi_magnet.draw, which installs its renderer here on import ----------------

_SVG: list[Callable[[StateGraph, list[int], int], str]] = []


def install_svg(renderer: Callable[[StateGraph, list[int], int], str]) -> None:
    """Let :meth:`StateGraph.to_svg` draw with ``renderer`` (called by hanoi_magnet.draw)."""
    _SVG[:] = [renderer]
