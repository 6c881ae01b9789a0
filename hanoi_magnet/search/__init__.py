"""Search over the positions themselves: shortest paths, distances, state graphs.

The plans answer the puzzles they were written for; search answers everything else, between any
two positions, for any rules: bidirectional breadth-first :func:`shortest_path` and
:func:`distance`, exact O(n) :func:`classic_distance` for the classic three-peg puzzle, the
number of legal positions, and the :func:`state_graph` (networkx, Graphviz and SVG exports).

Example:
    >>> from hanoi_magnet import ClassicRules, State
    >>> from hanoi_magnet.search import distance
    >>> distance(ClassicRules(), State.tower(3), State.tower(3, post=2))
    7
"""

from hanoi_magnet.search._bidirectional import (
    DEFAULT_MAX_STATES,
    distance,
    legal_state_count,
    shortest_path,
)
from hanoi_magnet.search._classic import classic_distance, classic_path_to_tower
from hanoi_magnet.search._graph import DEFAULT_MAX_NODES, StateGraph, state_graph
from hanoi_magnet.search._paths import ShortestPath

__all__ = [
    "DEFAULT_MAX_NODES",
    "DEFAULT_MAX_STATES",
    "ShortestPath",
    "StateGraph",
    "classic_distance",
    "classic_path_to_tower",
    "distance",
    "legal_state_count",
    "shortest_path",
    "state_graph",
]
