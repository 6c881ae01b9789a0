"""Fixed costs: complete layer counts at small sizes against a plain BFS, and a path's first move.

    python benchmarks/bench_fixed_costs.py [--old TREE] [--repeat N]

Every measurement runs in a fresh process with ``PYTHONPATH`` set to a source tree: this one,
and, with ``--old``, another (``git worktree add /tmp/old ddaab42``), interleaved (old, new,
old, new, ...); the tables give medians.

* **Layer counts**: ``search.layer_counts(ClassicRules(4), tower)`` (``engine="auto"``) at 10
  and 13 disks against the plain breadth-first search of ``bench_exhaustive.py`` (``plain_bfs``:
  tops from the digits, every pair of posts, a bytearray), CPU seconds in the same process:
  *warm* is the median of five calls after a first one, *cold* the first call with the import
  of ``hanoi_magnet`` before it (what a script that asks once pays). At 13 disks the plain BFS
  (minutes) runs once, in this tree's process, and is every tree's baseline.
* **A path's first move**: the wall time until ``hanoi-magnet path classic N`` (``python -m
  hanoi_magnet``) writes its first line, N = 20,000 and 70,000, beside ``solve classic N
  --stop 1``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

LAYERS = r"""
import json, sys, time
started = time.process_time()
import hanoi_magnet as hm
from hanoi_magnet import search
n = int(sys.argv[1])
tower = hm.State.tower(n, posts=4)
counts = search.layer_counts(hm.ClassicRules(4), tower)
cold = time.process_time() - started
warm = []
for _ in range(5):
    started = time.process_time()
    assert search.layer_counts(hm.ClassicRules(4), tower) == counts
    warm.append(time.process_time() - started)
engine = search.explore(hm.ClassicRules(4), tower).engine

def plain_bfs(posts, n):
    seen = bytearray(posts**n)
    seen[0] = 1
    frontier, found_counts = [0], [1]
    powers = [posts**d for d in range(n)]
    while frontier:
        found = []
        for code in frontier:
            tops = [0] * posts
            rest = code
            for disk in range(1, n + 1):
                rest, post = divmod(rest, posts)
                if not tops[post]:
                    tops[post] = disk
            for a in range(posts):
                disk = tops[a]
                if not disk:
                    continue
                for b in range(posts):
                    if b != a and (not tops[b] or tops[b] > disk):
                        after = code + (b - a) * powers[disk - 1]
                        if not seen[after]:
                            seen[after] = 1
                            found.append(after)
        if found:
            found_counts.append(len(found))
        frontier = found
    return found_counts

plain = []
for _ in range(int(sys.argv[2])):
    started = time.process_time()
    assert tuple(plain_bfs(4, n)) == counts
    plain.append(time.process_time() - started)
plain = plain or [float("nan")]
warm.sort(); plain.sort()
print(json.dumps({"cold": cold, "warm": warm[len(warm) // 2], "plain": plain[len(plain) // 2],
                  "engine": engine}))
"""


def _environment(tree: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(tree)}


def layers(tree: Path, n: int, plain: int) -> dict[str, float]:
    """One process: ``plain`` runs of the plain BFS (0: none), the layer counts."""
    done = subprocess.run(
        [sys.executable, "-c", LAYERS, str(n), str(plain)],
        env=_environment(tree),
        capture_output=True,
        text=True,
        check=True,
        cwd="/",
    )
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def first_line(tree: Path, *args: str) -> float:
    """Wall seconds until the command writes its first line (then it is stopped)."""
    started = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-m", "hanoi_magnet", *args],
        env=_environment(tree),
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        cwd="/",
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    elapsed = time.perf_counter() - started
    process.kill()
    process.wait()
    assert line.strip(), args
    return elapsed


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", type=Path, help="another source tree to measure beside this one")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    trees = {"this": HERE} if args.old is None else {"old": args.old, "this": HERE}
    print("Layer counts, four pegs from a tower (CPU seconds; ratio: plain BFS / layer_counts)")
    print()
    print("tree  n      engine     plain BFS   warm   ratio      cold    ratio", flush=True)
    for n in (10, 13):
        found: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
        for _ in range(args.repeat):
            for name, tree in trees.items():
                # the plain BFS in every process at 10 disks; at 13 (minutes) once, in this tree's
                found[name].append(layers(tree, n, 3 if n < 13 else int(name == "this")))
        baseline = statistics.median(run["plain"] for run in found["this"])
        for name, runs in found.items():
            plain = statistics.median(run["plain"] for run in runs) if n < 13 else baseline
            warm = statistics.median(run["warm"] for run in runs)
            cold = statistics.median(run["cold"] for run in runs)
            print(
                f"{name:<5} n={n:<3} {runs[0]['engine']:<9} {plain:>8.3f} {warm:>8.3f} "
                f"{plain / warm:>7.1f}x {cold:>8.3f} {plain / cold:>7.1f}x",
                flush=True,
            )
    print()
    print("First line of output (wall seconds, medians)")
    print()
    print("tree  command                          seconds")
    for command in (
        ("path", "classic", "20000"),
        ("path", "classic", "70000"),
        ("solve", "classic", "70000", "--stop", "1"),
    ):
        times: dict[str, list[float]] = {name: [] for name in trees}
        for _ in range(args.repeat):
            for name, tree in trees.items():
                times[name].append(first_line(tree, *command))
        for name, values in times.items():
            median = statistics.median(values)
            print(f"{name:<5} {' '.join(command):<32} {median:>7.2f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
