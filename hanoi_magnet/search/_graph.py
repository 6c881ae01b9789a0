"""The state graph: every legal position of n disks, and an edge for every legal move.

Nodes are numbered 0, 1, ... in the order of the compact search codes (so node 0 is the tower on
post 0, red side up under magnetic rules); :meth:`StateGraph.state` and :meth:`StateGraph.code`
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
from hanoi_magnet.model import Move, State, _disk_count, _integer, post_name
from hanoi_magnet.rules import Rules
from hanoi_magnet.search._bidirectional import legal_state_count
from hanoi_magnet.search._layout import polygon_layout
from hanoi_magnet.search._space import Space

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


def _legal_codes(space: Space) -> array[int]:
    """Every legal code, increasing: each placement with every allowed face per stack."""
    if not space.magnetic:
        return array("q", range(space.size))
    codes = array("q")
    for placement in range(space.posts**space.n):
        tops = space.tops(placement)
        patterns = [0]
        for post, top in enumerate(tops):
            if not top:
                continue  # an empty post has face bit 0
            color = space.colors[post]
            options = (0, 1) if color < 0 else (color,)
            patterns = [bits | option << post for bits in patterns for option in options]
        base = placement * space.face_count
        codes.extend(sorted(base + bits for bits in patterns))
    return codes


def _reachable(space: Space, start: int) -> array[int]:
    seen = {start}
    queue = deque([start])
    while queue:
        for after, _ in space.neighbours(queue.popleft(), space.pairs):
            if after not in seen:
                seen.add(after)
                queue.append(after)
    return array("q", sorted(seen))


class _SparseIndex(dict[int, int]):
    """Node numbers by code; -1 for a code that is not a node."""

    def __missing__(self, key: int) -> int:
        return -1


def _node_index(space: Space, codes: array[int]) -> MutableMapping[int, int] | array[int]:
    """Node numbers by code: an array over every code when the nodes fill much of it."""
    dense = space.size <= 8 * len(codes) + 1024
    index: MutableMapping[int, int] | array[int] = (
        array("l", [-1]) * space.size if dense else _SparseIndex()
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

    __slots__ = ("_codes", "_index", "_moves", "_sources", "_space", "_targets", "directed")

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
        self._space = space = Space(rules, n)
        if start is not None:
            reason = rules.check_state(start)
            if reason is not None or start.n != n:
                why = reason or f"it has {start.n} disks, not {n}"
                raise InvalidArgumentError(f"start is not a legal position here: {why}")
            self._codes = codes = _reachable(space, space.encode(start))
        else:
            self._codes = codes = _legal_codes(space)
        self.directed = any((b, a) not in space.pairs for a, b in space.pairs)
        self._index = _node_index(space, codes)
        self._sources = array("l")
        self._targets = array("l")
        self._moves = array("l")  # disk * len(pairs) + direction index
        index, directions = self._index, len(space.pairs)
        for node, code in enumerate(codes):
            for after, direction in space.neighbours(code, space.pairs):
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
        return self._space.rules

    @property
    def n(self) -> int:
        """The number of disks."""
        return self._space.n

    def __len__(self) -> int:
        return len(self._codes)

    @property
    def edge_count(self) -> int:
        """The number of edges (arcs, if :attr:`directed`)."""
        return len(self._sources)

    def state(self, node: int) -> State:
        """The position of node ``node``."""
        return self._space.decode(self._codes[node])

    def code(self, node: int) -> int:
        """:attr:`State.code <hanoi_magnet.State.code>` of node ``node``."""
        return self._space.state_code(self._codes[node])

    def node(self, state: State) -> int:
        """The node of ``state``.

        Example:
            >>> from hanoi_magnet import ClassicRules, State
            >>> from hanoi_magnet.search import state_graph
            >>> state_graph(ClassicRules(), 2).node(State([[], [1], [2]]))
            7
        """
        reason = self.rules.check_state(state)
        found = -1 if reason or state.n != self.n else self._index[self._space.encode(state)]
        if found < 0:
            raise InvalidArgumentError(f"{state!r} is not a node of this graph")
        return found

    def states(self) -> Iterator[State]:
        """The positions of the nodes, in node order."""
        return map(self._space.decode, self._codes)

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
        """A short name for a node: the post of each disk, largest first, then the faces.

        Example:
            >>> from hanoi_magnet import ClassicRules, MagneticRules, State
            >>> from hanoi_magnet.search import state_graph
            >>> graph = state_graph(ClassicRules(), 3)
            >>> graph.label(graph.node(State([[3], [2], [1]])))
            'SID'
            >>> graph = state_graph(MagneticRules("NNN"), 2)
            >>> graph.label(graph.node(State([[2], [1], []], faces="RB")))
            'SI br'
        """
        state = self.state(node)
        posts = len(state.posts)
        where = [""] * state.n
        for post, stack in enumerate(state.posts):
            for disk in stack:
                where[disk - 1] = post_name(post, posts)
        text = ("" if posts <= 10 else ",").join(reversed(where))
        if state.faces is not None:
            text += " " + "".join(face.value for face in reversed(state.faces)).lower()
        return text

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
        return polygon_layout(self._space, self._codes)

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


# -- Graphviz DOT -------------------------------------------------------------------------------

_PATH_COLOR = "#d62728"


def _number(value: float) -> str:
    return f"{value + 0.0:.2f}"  # + 0.0 turns -0.0 into 0.0


def _dot(graph: StateGraph, path: list[int], name: str) -> str:
    """The DOT text of ``graph``, the walk through the nodes ``path`` in red."""
    return "".join(dot_lines(graph, path, name))


def dot_lines(graph: StateGraph, path: list[int], name: str) -> Iterator[str]:
    """The lines of :func:`_dot`, one at a time (the command line streams them)."""
    on_path = set(path)
    steps = set(itertools.pairwise(path))
    if not graph.directed:
        steps |= {(b, a) for a, b in steps}
    arrow = "->" if graph.directed else "--"
    points = graph.layout()
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
