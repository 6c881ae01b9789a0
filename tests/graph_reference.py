"""The tests' own whole-graph invariants: a breadth-first search from every position, plainly.

It knows nothing of codes, kernels or symmetry: it builds the graph of the positions reachable
from the start by asking the rules object for every legal move (:class:`oracle.PositionGraph`),
then searches from each of them, counting the shortest paths to every position exactly.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from hanoi_magnet import Rules, State
from tests.oracle import PositionGraph


def plain_invariants(rules: Rules, n: int, start: State) -> dict[str, object]:
    """Every invariant of :class:`hanoi_magnet.search.GraphInvariants`, from ordered pairs.

    Pairs are unordered when every move of the graph can be undone (each unordered pair
    counted once), ordered otherwise.
    """
    graph = PositionGraph(rules, n)
    first = graph.states.index(start)
    nodes = [i for i, found in enumerate(graph.geodesics(first)) if found is not None]
    inside = set(nodes)
    arcs = {(u, v) for u in nodes for v in graph.successors[u]}
    assert all(v in inside for _, v in arcs)  # what the start reaches is closed under moves
    undirected = all((v, u) in arcs for u, v in arcs)
    distances: Counter[int] = Counter()
    eccentricity: dict[int, int] = {}
    wiener = several = 0
    for u in nodes:
        found = graph.geodesics(u)
        reached = {v: found[v] for v in nodes if found[v] is not None}
        assert set(reached) <= inside
        eccentricity[u] = max(d for d, _ in reached.values())
        for v, (d, ways) in reached.items():
            if v != u:
                distances[d] += 1
                wiener += d
                several += ways > 1
    halve = 2 if undirected else 1
    diameter = max(eccentricity.values())
    radius = min(eccentricity.values())
    pairs = sum(distances.values()) // halve
    return {
        "undirected": undirected,
        "positions": len(nodes),
        "moves": len(arcs) // halve,
        "diameter": diameter,
        "radius": radius,
        "start_eccentricity": eccentricity[first],
        "centre_size": sum(1 for e in eccentricity.values() if e == radius),
        "wiener_index": wiener // halve,
        "pairs": pairs,
        "mean_distance": Fraction(wiener // halve, pairs) if pairs else Fraction(0),
        "distribution": (len(nodes), *(distances[d] // halve for d in range(1, diameter + 1))),
        "antipodal_pairs": distances[diameter] // halve if diameter else 0,
        "several_shortest_paths": several // halve,
        "eccentricities": tuple(
            sum(1 for e in eccentricity.values() if e == value) for value in range(diameter + 1)
        ),
    }
