"""Compute the rows of the exact tables on the "Exact tables" page, and keep them in JSON.

    python docs/tables/compute.py magnetic4 [LABEL ...] --up-to N   # four-post magnetic puzzles
    python docs/tables/compute.py classic PEGS --up-to N            # perfect tower to tower

Each row is one call of hanoi_magnet.distance (a bidirectional breadth-first search; the same
as ``hanoi-magnet search RULES N --max-states ...``), from a tower on the first post to a tower
on the last, with the faces of the SID conventions (start: the first post's colour, red if
neutral; goal: the last post's colour, or the opposite face if neutral). Rows already in the
JSON file are kept; a label stops at the first row that takes more than --seconds.
"""

from __future__ import annotations

import argparse
import itertools
import json
import resource
import sys
import time
from pathlib import Path

import hanoi_magnet as hm
from hanoi_magnet import search
from hanoi_magnet.cli._search import towers

HERE = Path(__file__).resolve().parent
FILES = {"magnetic4": HERE / "four-post-magnetic.json", "classic": HERE / "classic-pegs.json"}


def row(rules: hm.Rules, n: int) -> dict[str, object]:
    start, goal = towers(rules, None, n)
    began = time.perf_counter()
    events: list[search.SearchProgress] = []
    try:
        moves: int | None = search.distance(
            rules, start, goal, max_states=10**12, progress=events.append
        )
    except hm.UnreachableError:
        moves = None
    seconds = time.perf_counter() - began
    visited = events[-1].reached if events else 1
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    return {"moves": moves, "seconds": round(seconds, 2), "visited": visited, "peak_rss": peak}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("table", choices=sorted(FILES))
    parser.add_argument("which", nargs="*")
    parser.add_argument("--up-to", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=120.0)
    args = parser.parse_args(argv)
    path = FILES[args.table]
    data = json.loads(path.read_text()) if path.exists() else {}
    if args.table == "magnetic4":
        names = args.which or ["".join(c) for c in itertools.product("NRB", repeat=4)]
        rules_of = hm.MagneticRules
    else:
        names = [f"classic:{pegs}" for pegs in (args.which or ["4", "5"])]
        rules_of = lambda name: hm.ClassicRules(int(name.split(":")[1]))  # noqa: E731
    for name in names:
        rows = data.setdefault(name, {})
        for n in range(1, args.up_to + 1):
            if str(n) in rows:
                continue
            try:
                rows[str(n)] = found = row(rules_of(name), n)
            except hm.SearchLimitError as error:
                print(f"{name} n={n}: {error}", flush=True)
                break
            path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
            print(f"{name} n={n}: {found}", flush=True)
            if found["seconds"] > args.seconds:
                break
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
