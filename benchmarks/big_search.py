"""The largest complete search: every position of the four-peg puzzle from a perfect tower.

    python benchmarks/big_search.py N [PEGS] [--engine ENGINE] [--no-symmetry] [--out FILE]

Prints progress every 30 seconds, then the time (wall clock and CPU), the rate, the peak
resident memory of the process and the memory the search itself held, and writes the layer
counts as JSON (the format of ``Exploration.save``). Not part of ``run.py``: it runs for minutes
to hours. The search refuses at once if it would need more than 16 GiB. By default the compiled
engine runs, over the positions up to a permutation of the three other pegs.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hanoi_magnet import ClassicRules, State
from hanoi_magnet.search import explore
from hanoi_magnet.search._exhaustive.progress import TerminalProgress


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("n", type=int)
    parser.add_argument("pegs", type=int, nargs="?", default=4)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--engine", default="auto")
    parser.add_argument("--no-symmetry", action="store_true")
    args = parser.parse_args(argv)
    progress = TerminalProgress(sys.stdout)
    progress.LOG_INTERVAL = 30.0
    started, cpu = time.perf_counter(), time.process_time()
    found = explore(
        ClassicRules(args.pegs),
        State.tower(args.n, posts=args.pegs),
        progress=progress,
        max_memory=16 << 30,
        engine=args.engine,
        symmetry=not args.no_symmetry,
    )
    wall, cpu = time.perf_counter() - started, time.process_time() - cpu
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # Linux: kilobytes
    out = args.out or Path(f"classic{args.pegs}-complete-{args.n}.json")
    found.save(out)
    print(
        f"n={args.n} pegs={args.pegs} engine={found.engine} symmetry={not args.no_symmetry}: "
        f"{found.reachable:,} positions (4**n: {found.reachable == args.pegs**args.n}), "
        f"eccentricity "
        f"{found.eccentricity}, {wall:,.0f} s wall ({cpu:,.0f} s CPU), "
        f"{found.reachable / wall:,.0f} positions/s ({found.reachable / cpu:,.0f} per CPU "
        f"second), peak resident memory {peak / 2**20:,.0f} MiB, search memory "
        f"{found.peak_memory / 2**20:,.0f} MiB; wrote {out}"
    )
    farthest = found.farthest_positions()
    print(f"{len(farthest)} farthest positions, e.g. {farthest[0]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
