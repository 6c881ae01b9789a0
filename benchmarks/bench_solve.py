"""Warm and cold ``solve()`` against fixed plain-Python baselines run in the same process.

``solve()`` is lazy: a warm call only finds the plan and wraps it. A regression in that path
(0.2.0's plan tables were re-checked on every call, 3x the 0.1.0 cost) shows here as a ratio:

* warm: ``solve(label, 20)`` against :func:`plain_warm`, the least a lazy solve can do in plain
  Python (the label looked up in a dict, ``n`` checked, a slotted object built);
* huge: the first moves of solutions of 10^4 to 10^6 disks (``solution[:3]``, then the first
  1,000 by iteration), time and peak memory, from cold caches;
* cold: ``clear_caches()``, then ``solve(label, 20)``, ``.length`` and ``[0]`` against
  :func:`plain_cold`, a plain interpreter of the same plan table (its length by the plan's
  sums, memoised in a fresh dict, and its first move by descent; nothing checked).

The ratio is ours / baseline: lower is better, and a rise between runs is a regression.

    python benchmarks/run.py solve
"""

from __future__ import annotations

import itertools
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._harness import compare, table
from hanoi_magnet import Move, clear_caches, default_registry, solve
from hanoi_magnet._steps import MoveStep, plan_class

LABELS = ("classic", "classic:4", "NNN", "linear")
DISKS = 20


class _Lazy:
    __slots__ = ("label", "n", "plan")

    def __init__(self, label: str, n: int, plan: object) -> None:
        self.label, self.n, self.plan = label, n, plan


_KNOWN: dict[str, object] = {}


def plain_warm(label: str, n: int) -> _Lazy:
    """The least a lazy solve does: find the plan by label, check n, wrap both."""
    plan = _KNOWN.get(label.lower())
    if plan is None:
        raise KeyError(label)
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(n)
    return _Lazy(label, n, plan)


def plain_cold(label: str, n: int) -> tuple[int, Move]:
    """The plan's length by its own sums (a fresh memo) and its first move, unchecked."""
    memo: dict[tuple[Any, int], int] = {}

    def steps(cls: Any, m: int) -> list[tuple[Any, int, int, tuple[int, ...]]]:
        out = []
        for step in cls.steps(m):
            if isinstance(step, MoveStep):
                out.append((None, 1, m + step.disk - 1, (step.source, step.target)))
            elif m + step.disks > 0:
                size = m + step.disks
                low = m - size if step.largest else 0
                out.append((plan_class(step.label), size, low, step.posts))
        return out

    def length(cls: Any, m: int) -> int:
        key = (cls, m)
        if key not in memo:
            memo[key] = sum(1 if c is None else length(c, s) for c, s, _, _ in steps(cls, m))
        return memo[key]

    total = length(default_registry.get(label), n)
    cls, m, low, posts = default_registry.get(label), n, 0, tuple(range(8))
    while True:  # the first move: descend into the first step that moves a disk
        for child, size, offset, mapping in steps(cls, m):
            if child is None:
                return total, Move(low + offset + 1, posts[mapping[0]], posts[mapping[1]])
            if length(child, size):
                cls, m, low = child, size, low + offset
                posts = tuple(posts[p] for p in mapping)
                break


def _warm(label: str) -> tuple[object, object]:
    return (lambda: plain_warm(label, DISKS)), (lambda: solve(label, DISKS))


def _cold(label: str) -> tuple[object, object]:
    def ours() -> object:
        clear_caches()
        solution = solve(label, DISKS)
        return solution.length, solution[0]

    return (lambda: plain_cold(label, DISKS)), ours


def huge() -> None:
    """The first moves of huge solutions: time and peak memory (tracemalloc), cold."""
    rows = []
    for label in ("NNN", "classic", "linear"):
        for n in (10_000, 100_000, 1_000_000):
            clear_caches()
            tracemalloc.start()
            began = time.perf_counter()
            solution = solve(label, n)
            first = list(solution[:3])
            more = list(itertools.islice(solution, 1000))
            spent = time.perf_counter() - began
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
            assert more[:3] == first
            rows.append([f"{label} n={n:,}", f"{spent * 1e3:.1f}", f"{peak / 2**20:.2f}"])
    print(
        table(
            "solve(label, n)[:3] and the first 1,000 moves, cold (one run each)",
            rows,
            ["case", "ms", "peak MiB"],
        )
    )
    print()


def main() -> None:
    huge()
    for label in LABELS:
        _KNOWN[label.lower()] = default_registry.get(label)
        solution = solve(label, DISKS)
        assert plain_cold(label, DISKS) == (solution.length, solution[0]), label
    loops = 2000
    for kind, make, count in (("warm", _warm, loops), ("cold", _cold, 20)):
        rows = []
        for label in LABELS:
            base_one, ours_one = make(label)

            def base(f: Any = base_one, count: int = count) -> None:
                for _ in range(count):
                    f()

            def mine(f: Any = ours_one, count: int = count) -> None:
                for _ in range(count):
                    f()

            b, o, ratio = compare(base, mine, repeat=9)
            rows.append(
                [
                    f"{label} n={DISKS}",
                    f"{b.per(count) * 1e6:.2f}",
                    f"{o.per(count) * 1e6:.2f}",
                    f"{1 / ratio:.2f}x",
                ]
            )
        what = "solve()" if kind == "warm" else "clear_caches(); solve(); .length; [0]"
        print(
            table(
                f"{kind} {what} (µs per call, medians of 9; ratio = ours / baseline, lower is "
                "better)",
                rows,
                ["case", "baseline µs", "ours µs", "ratio"],
            )
        )
        print()


if __name__ == "__main__":
    main()
