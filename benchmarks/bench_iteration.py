"""Iterating a solution, against the Python floor and a naive recursive generator.

Baselines, in the same process:
* floor: ``for move in prebuilt_list`` over the very same Move objects (nothing is cheaper);
* naive: a recursive generator (``yield from``) walking the same plan, the way Hanoi packages
  are usually written; for classic, the textbook three-line recursion.
"""

from __future__ import annotations

import sys
import tracemalloc
from collections import deque
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._harness import measure, table
from hanoi_magnet import Move, default_registry, solve
from hanoi_magnet._engine.table import Table, table_of

CASES = [("classic", 20), ("NNN", 13)]


def consume(iterable: object) -> None:
    deque(iterable, maxlen=0)  # type: ignore[call-overload]


def loop(iterable: object) -> None:
    for _ in iterable:  # type: ignore[attr-defined]
        pass


def naive_classic(n: int, a: int = 0, b: int = 1, c: int = 2) -> Iterator[Move]:
    if n:
        yield from naive_classic(n - 1, a, c, b)
        yield Move(n, a, c)
        yield from naive_classic(n - 1, b, a, c)


def naive_plan(table: Table, m: int, posts: tuple[int, ...], back: bool) -> Iterator[Move]:
    """The plan walked by plain recursion, one Move object made per move."""
    steps = table.resolve(m)
    for step in reversed(steps) if back else steps:
        if step.table is None:
            s, t = posts[step.posts[0]], posts[step.posts[1]]
            yield Move(step.low + 1, t, s) if back else Move(step.low + 1, s, t)
        else:
            sub = tuple(posts[p] for p in step.posts)
            yield from naive_plan(step.table, step.disks, sub, back ^ step.reverse)


def main() -> None:
    rows = []
    for label, n in CASES:
        solution = solve(label, n)
        prebuilt = list(solution)
        count = len(prebuilt)
        floor = measure("floor", lambda p=prebuilt: loop(p), repeat=5)
        ours = measure("solution", lambda s=solution: loop(s), repeat=5)
        if label == "classic":
            naive = measure("naive", lambda n=n: loop(naive_classic(n)), repeat=3)
        else:
            plan = table_of(default_registry.get(label))
            naive = measure(
                "naive", lambda p=plan, n=n: loop(naive_plan(p, n, (0, 1, 2), False)), repeat=3
            )
        rows.append(
            [
                f"{label} n={n}",
                f"{count:,}",
                f"{count / floor.median / 1e6:.1f}",
                f"{count / ours.median / 1e6:.1f}",
                f"{count / naive.median / 1e6:.2f}",
                f"{floor.median / ours.median:.2f}x",
                f"{naive.median / ours.median:.1f}x",
            ]
        )
    print(
        table(
            "Iteration (M moves/s; medians of 5 runs; ratios: floor/ours, ours vs naive)",
            rows,
            ["case", "moves", "floor", "solution", "naive", "vs floor", "vs naive"],
        )
    )
    # Memory: iterating classic n=24 (16.8 M moves) must not grow the process.
    tracemalloc.start()
    loop(solve("classic", 24))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(
        f"\nPeak traced memory while iterating classic n=24 (16,777,215 moves): {peak / 1e6:.2f} MB"
    )


if __name__ == "__main__":
    main()
