"""Exhaustive search: positions per second of each engine against today's search, in one run.

Baseline ("today"): the search this library had before the exhaustive engines, run in the same
process: the pure-Python loop of ``hanoi_magnet.search._grow`` over the codes of
``hanoi_magnet.search._space`` (a ``bytearray`` of visited marks, neighbours by arithmetic), here
walking the whole reachable space layer by layer; and ``distance(..., engine="python")`` (the
bidirectional search itself) for distances.

Engines: ``numpy`` (the layered search: vectorised moves, two-bit table), ``recursive`` (what
numpy runs on three posts: every distance from the self-similar graph), and for distances the
numpy bidirectional search (visited bits) and the frontier search.

Run: ``python benchmarks/bench_exhaustive.py`` (or ``python benchmarks/run.py exhaustive``).
"""

from __future__ import annotations

import sys
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

from benchmarks._harness import measure, table
from hanoi_magnet import ClassicRules, MagneticRules, Rules, State
from hanoi_magnet.search import distance, legal_state_count
from hanoi_magnet.search._exhaustive import bits, dispatch, layered, three_posts
from hanoi_magnet.search._exhaustive.layout import CodeLayout
from hanoi_magnet.search._space import Space


def todays_search(rules: Rules, start: State) -> int:
    """Every position reachable from ``start``, with the loop of today's search (``_grow``)."""
    space = Space(rules, start.n)
    seen = bytearray(space.size)
    code = space.encode(start)
    seen[code] = 1
    frontier, reached = [code], 1
    neighbours, pairs = space.neighbours, space.pairs
    while frontier:
        layer: list[int] = []
        for code in frontier:
            for after, _ in neighbours(code, pairs):
                if seen[after]:
                    continue
                seen[after] = 1
                layer.append(after)
        reached += len(layer)
        frontier = layer
    return reached


def numpy_layered(rules: Rules, start: State) -> int:
    layout = CodeLayout(rules, start.n)
    counts, _ = layered.run_layers(layout, [layout.encode(start)], lambda *_: None)
    return sum(counts)


def recursive(rules: Rules, start: State) -> int:
    layout = CodeLayout(rules, start.n)
    counts, _ = three_posts.explore_three(layout, layout.encode(start), lambda *_: None)
    return sum(counts)


def tower(rules: Rules, n: int, post: int = 0) -> State:
    face = ("R" if post == 0 else "B") if rules.magnetic else None
    return State.tower(n, post, posts=rules.posts, face=face)


def complete_rows(repeat: int = 5) -> list[list[object]]:
    rows: list[list[object]] = []
    cases: list[tuple[str, Rules, int, str]] = [
        ("classic:4", ClassicRules(4), 9, "numpy"),
        ("classic:4", ClassicRules(4), 10, "numpy"),
        ("classic:4", ClassicRules(4), 11, "numpy"),
        ("classic:5", ClassicRules(5), 8, "numpy"),
        ("NNNN", MagneticRules("NNNN"), 8, "numpy"),
        ("NNN", MagneticRules("NNN"), 10, "recursive"),
        ("NNN", MagneticRules("NNN"), 11, "recursive"),
        ("NNN", MagneticRules("NNN"), 12, "recursive"),
        ("NNN", MagneticRules("NNN"), 10, "numpy"),
        ("RBB", MagneticRules("RBB"), 12, "recursive"),
        ("classic", ClassicRules(), 12, "recursive"),
    ]
    for name, rules, n, engine in cases:
        start = tower(rules, n)
        reached = todays_search(rules, start)
        run = numpy_layered if engine == "numpy" else recursive
        assert run(rules, start) == reached
        fast = measure(engine, partial(run, rules, start), repeat=repeat)
        slow = measure("today", partial(todays_search, rules, start), repeat=3, warmup=0)
        rows.append(
            [
                f"{name} n={n}",
                engine,
                f"{reached:,}",
                f"{reached / slow.median:,.0f}",
                f"{reached / fast.median:,.0f}",
                f"{slow.median / fast.median:.1f}x",
            ]
        )
    return rows


def distance_rows(repeat: int = 5) -> list[list[object]]:
    rows: list[list[object]] = []
    for name, rules, n in [
        ("classic:4", ClassicRules(4), 10),
        ("classic:4", ClassicRules(4), 12),
        ("NNNN", MagneticRules("NNNN"), 10),
        ("classic:5", ClassicRules(5), 9),
    ]:
        start, goal = tower(rules, n), tower(rules, n, rules.posts - 1)
        counted: list[int] = []

        def run(
            engine: str,
            start: State = start,
            goal: State = goal,
            rules: Rules = rules,
            counted: list[int] = counted,
        ) -> int:
            events: list[object] = []
            length = distance(
                rules,
                start,
                goal,
                max_states=10**9,
                engine=engine,  # type: ignore[arg-type]
                progress=events.append,
            )
            counted.append(events[-1].reached)  # type: ignore[attr-defined]
            return length

        slow = measure("today", partial(run, "python"), repeat=3, warmup=0)
        today_visited = counted[-1]
        fast = measure("numpy", partial(run, "numpy"), repeat=repeat)
        numpy_visited = counted[-1]
        old = dispatch.BITS_BYTES_PER_STATE
        dispatch.BITS_BYTES_PER_STATE = 0  # force the frontier search
        frontier = measure("frontier", partial(run, "auto"), repeat=repeat)
        dispatch.BITS_BYTES_PER_STATE = old
        rows.append(
            [
                f"{name} n={n}",
                f"{run('numpy')}",
                f"{today_visited / slow.median:,.0f}",
                f"{numpy_visited / fast.median:,.0f}",
                f"{slow.median / fast.median:.1f}x",
                f"{counted[-1] / frontier.median:,.0f}",
            ]
        )
    return rows


def memory_rows() -> list[list[object]]:
    rows: list[list[object]] = []
    for name, rules, n in [
        ("classic:4", ClassicRules(4), 15),
        ("classic:5", ClassicRules(5), 12),
        ("NNNN", MagneticRules("NNNN"), 11),
        ("RBNN", MagneticRules("RBNN"), 11),
        ("RRBB", MagneticRules("RRBB"), 13),
    ]:
        layout = CodeLayout(rules, n)
        table_bytes = bits.table_bytes(layout.size)
        legal = legal_state_count(rules, n)
        rows.append(
            [
                f"{name} n={n}",
                f"{layout.size:,}",
                f"{legal:,}",
                f"{table_bytes / 2**20:,.0f} MiB",
                f"{8 * table_bytes / layout.size:.2f}",
                f"{8 * table_bytes / legal:.2f}",
            ]
        )
    # the table really is that size: a complete search of classic:4 n=10 holds it
    layout = CodeLayout(ClassicRules(4), 10)
    search = layered.LayeredSearch(layout, [0])
    assert search.table.nbytes == bits.table_bytes(layout.size) == layout.size // 4
    assert isinstance(search.table.words, np.ndarray)
    return rows


def main() -> None:
    print(
        table(
            "Complete breadth-first search from a tower: positions per second",
            complete_rows(),
            ["problem", "engine", "positions", "today /s", "engine /s", "ratio"],
        )
    )
    print()
    print(
        table(
            "distance() between the towers: positions visited per second",
            distance_rows(),
            ["problem", "moves", "today /s", "numpy /s", "ratio", "frontier /s"],
        )
    )
    print()
    print(
        table(
            "The visited set: the two-bit table (bits per code, per legal position)",
            memory_rows(),
            ["problem", "codes", "positions", "table", "bits/code", "bits/position"],
        )
    )


if __name__ == "__main__":
    main()
