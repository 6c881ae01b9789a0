"""Search and state-graph benchmarks: states per second, and ratios against object baselines.

Baselines, run in the same process:

* the object BFS of ``tests/oracle.py`` (States, ``rules.legal_moves``, ``rules.apply``, a set
  of codes): the plain way to answer the same "how far?" question;
* a plain State-object graph builder (a dict of neighbour lists) for the state graph.

Run: ``python benchmarks/bench_search.py`` (or ``python -m benchmarks.bench_search``).
"""

from __future__ import annotations

import random
import sys
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._harness import measure, table
from hanoi_magnet import ClassicRules, State, default_registry
from hanoi_magnet.search import classic_distance, shortest_path, state_graph
from tests.oracle import bfs_distance


def search_rows(repeat: int = 5) -> list[list[object]]:
    rows: list[list[object]] = []
    for label, n, with_baseline in [
        ("NNN", 7, True),
        ("NNN", 8, True),
        ("RBB", 8, True),
        ("classic:4", 8, True),
        ("NNN", 10, False),
        ("classic:5", 8, False),
        ("classic", 12, False),
    ]:
        variant = default_registry.variant(label)
        start, goal = variant.start(n), variant.goal(n)
        explored = shortest_path(variant.rules, start, goal).explored
        fast = measure("search", partial(shortest_path, variant.rules, start, goal), repeat=repeat)
        row: list[object] = [
            f"{label} n={n}",
            f"{explored:,}",
            f"{fast.median * 1e3:.1f} ms",
            f"{explored / fast.median:,.0f}",
        ]
        if with_baseline:
            slow = measure(
                "oracle", partial(bfs_distance, variant.rules, start, goal), repeat=3, warmup=0
            )
            row += [f"{slow.median * 1e3:.0f} ms", f"{slow.median / fast.median:.1f}x"]
        else:
            row += ["-", "-"]
        rows.append(row)
    return rows


def naive_graph(rules: ClassicRules, n: int) -> dict[State, list[State]]:
    """The state graph with State objects: every position's neighbours, by asking the rules."""
    graph: dict[State, list[State]] = {}
    for code in range(rules.pegs**n):
        state = State.from_code(code, disks=n, posts=rules.pegs)
        graph[state] = [rules.apply(state, move) for move in rules.legal_moves(state)]
    return graph


def graph_rows(repeat: int = 3) -> list[list[object]]:
    rows: list[list[object]] = []
    rules = ClassicRules()
    for n in (8, 10, 12):
        fast = measure("graph", partial(state_graph, rules, n), repeat=repeat)
        row: list[object] = [f"classic n={n}", f"{3**n:,}", f"{fast.median:.3f} s"]
        if n <= 10:
            slow = measure("naive", partial(naive_graph, rules, n), repeat=repeat, warmup=0)
            row += [f"{slow.median:.3f} s", f"{slow.median / fast.median:.1f}x"]
        else:
            row += ["-", "-"]
        rows.append(row)
    return rows


def fast_distance_rows(repeat: int = 5) -> list[list[object]]:
    rng = random.Random(10)
    n = 10
    pairs = [
        (
            State.from_code(rng.randrange(3**n), disks=n),
            State.from_code(rng.randrange(3**n), disks=n),
        )
        for _ in range(20)
    ]
    rules = ClassicRules()
    fast = measure("O(n)", lambda: [classic_distance(a, b) for a, b in pairs], repeat=repeat)
    slow = measure("search", lambda: [len(shortest_path(rules, a, b)) for a, b in pairs], repeat=3)
    return [
        [
            f"20 random pairs, classic n={n}",
            f"{fast.median * 1e3:.2f} ms",
            f"{slow.median * 1e3:.0f} ms",
            f"{slow.median / fast.median:,.0f}x",
        ]
    ]


def main() -> None:
    print(
        table(
            "Bidirectional search over compact codes vs the object BFS (tests/oracle.py)",
            search_rows(),
            ["problem", "visited", "search", "states/s", "object BFS", "ratio"],
        )
    )
    print()
    print(
        table(
            "state_graph vs a State-object graph builder (classic, 3 pegs)",
            graph_rows(),
            ["graph", "nodes", "state_graph", "objects", "ratio"],
        )
    )
    print()
    print(
        table(
            "classic_distance (O(n)) vs len(shortest_path(...))",
            fast_distance_rows(),
            ["problem", "classic_distance", "search", "ratio"],
        )
    )


if __name__ == "__main__":
    main()
