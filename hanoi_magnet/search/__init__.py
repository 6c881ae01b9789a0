"""Search over the positions themselves: shortest paths, distances, state graphs, whole spaces.

The plans answer the puzzles they were written for; search answers everything else, between any
two positions, for any rules: bidirectional breadth-first :func:`shortest_path` and
:func:`distance`, exact O(n) :func:`classic_distance` for the classic three-peg puzzle, the
number of legal positions, and the :func:`state_graph` (networkx, Graphviz and SVG exports).
Exhaustive search answers whole-space questions (compiled with numba, vectorised with numpy, in
pure Python, or on a Dask cluster):
:func:`explore` (positions at each distance, eccentricity, farthest positions),
:func:`remoteness` (the distance of every position to a goal), :func:`diameter` and
:func:`invariants` (diameter, radius, Wiener index, distance distribution: every pair).

Example:
    >>> from hanoi_magnet import ClassicRules, State
    >>> from hanoi_magnet.search import distance
    >>> distance(ClassicRules(), State.tower(3), State.tower(3, post=2))
    7
"""

from hanoi_magnet._path import Path
from hanoi_magnet.search._bidirectional import DEFAULT_MAX_STATES, legal_state_count
from hanoi_magnet.search._classic import classic_distance, classic_path_to_tower
from hanoi_magnet.search._exhaustive.diameter import diameter
from hanoi_magnet.search._exhaustive.distance_tables import remoteness
from hanoi_magnet.search._exhaustive.estimate import estimate_memory
from hanoi_magnet.search._exhaustive.graph_invariants import GraphInvariants
from hanoi_magnet.search._exhaustive.invariants import invariants
from hanoi_magnet.search._exhaustive.progress import SearchProgress
from hanoi_magnet.search._exhaustive.queries import (
    eccentricity,
    explore,
    farthest_positions,
    layer_counts,
)
from hanoi_magnet.search._exhaustive.remoteness import RemotenessTable
from hanoi_magnet.search._exhaustive.results import Exploration
from hanoi_magnet.search._graph import DEFAULT_MAX_NODES, StateGraph, state_graph
from hanoi_magnet.search._paths import ShortestPath
from hanoi_magnet.search._queries import distance, geodesic_count, shortest_path

__all__ = [
    "DEFAULT_MAX_NODES",
    "DEFAULT_MAX_STATES",
    "Exploration",
    "GraphInvariants",
    "Path",
    "RemotenessTable",
    "SearchProgress",
    "ShortestPath",
    "StateGraph",
    "classic_distance",
    "classic_path_to_tower",
    "diameter",
    "distance",
    "eccentricity",
    "estimate_memory",
    "explore",
    "farthest_positions",
    "geodesic_count",
    "invariants",
    "layer_counts",
    "legal_state_count",
    "remoteness",
    "shortest_path",
    "state_graph",
]
