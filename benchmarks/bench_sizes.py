"""Descents at huge n: unrank, move_at and rank cold, their time and peak memory.

Targets (issue "Correct at every size"): NNN with 100,000 disks under 1 s and under 300 MB
peak for each of unrank, move_at and rank; 1,000,000 disks answering without running out of
memory. Each call is cold (caches cleared first), at k = length // 3 + 12,345.

Baseline, in the same process: a loop doing two big-integer operations per level (a shift and
a subtraction, ``k -= k >> 1``) on a number of the same size as the descent's k, for the same
number of levels — the least work any descent through n levels of an exponential-length plan
can do. Peak memory is measured with tracemalloc in separate runs (it slows the code down);
1,000,000 disks run in a child process, measured by the operating system's peak RSS.
"""

from __future__ import annotations

import subprocess
import sys
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._harness import measure, table
from hanoi_magnet import clear_caches, solve

ROOT = Path(__file__).resolve().parent.parent


def floor(k: int, levels: int) -> int:
    """Two big-integer operations per level on numbers of the descent's size."""
    for _ in range(levels):
        k -= k >> 1
    return k


def calls(n: int) -> dict[str, object]:
    solution = solve("NNN", n)
    k = solution.length // 3 + 12_345
    position = solution.unrank(k)
    return {
        "unrank": lambda: solution.unrank(k),
        "move_at": lambda: solution[k],
        "rank": lambda: solution.rank(position),
        "k": k,
    }


def cold(func):  # type: ignore[no-untyped-def]
    def run():  # type: ignore[no-untyped-def]
        clear_caches()
        return func()

    return run


def peak_mb(func) -> float:  # type: ignore[no-untyped-def]
    clear_caches()
    tracemalloc.start()
    try:
        func()
        return tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()


CHILD = """
import resource, sys, time
sys.path.insert(0, {root!r})
from hanoi_magnet import solve
n = {n}
solution = solve("NNN", n)
k = solution.length // 3 + 12_345
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
out = []
for name in ("unrank", "move_at", "rank"):
    start = time.perf_counter()
    if name == "unrank":
        position = solution.unrank(k)
    elif name == "move_at":
        solution[k]
    else:
        assert solution.rank(position) == k
    out.append((name, time.perf_counter() - start))
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(repr((out, before / 1024, peak / 1024)))
"""


def main() -> None:
    rows = []
    for n in (10_000, 30_000, 100_000):
        found = calls(n)
        k = found["k"]
        assert isinstance(k, int)
        base = measure("floor", lambda k=k, n=n: floor(k, n), repeat=3)
        for name in ("unrank", "move_at", "rank"):
            timing = measure(name, cold(found[name]), repeat=3, warmup=0)
            rows.append(
                [
                    f"{n:,}",
                    name,
                    f"{timing.median:.3f} s",
                    f"{base.median:.3f} s",
                    f"{timing.median / base.median:.1f}x",
                    f"{peak_mb(found[name]):.1f} MB",
                ]
            )
    print(
        table(
            "NNN, cold calls at k = length // 3 + 12,345 (medians of 3; peak by tracemalloc)",
            rows,
            ["n", "call", "time", "floor", "vs floor", "peak"],
        )
    )
    child = subprocess.run(
        [sys.executable, "-c", CHILD.format(root=str(ROOT), n=1_000_000)],
        capture_output=True,
        text=True,
        check=True,
    )
    results, before, peak = eval(child.stdout)
    print()
    print(
        table(
            "NNN with 1,000,000 disks, one cold call each, in a child process",
            [[name, f"{seconds:.1f} s"] for name, seconds in results]
            + [["peak RSS (process)", f"{peak:.0f} MB (after solve(): {before:.0f} MB)"]],
            ["call", "time"],
        )
    )


if __name__ == "__main__":
    main()
