"""The diameter of the four-peg puzzle's state graph: every pair, then bounds.

    python benchmarks/four_peg_diameter.py MAX_N [--pairs N] [--pegs P] [--from N] [--out FILE]

For n = 1 .. ``--pairs`` (default 9), a search from every position up to a permutation of the
pegs (:func:`hanoi_magnet.search.invariants`): the diameter, the number of unordered pairs that
far apart, the radius, the searches (one per orbit of the permutations of the pegs) and the
histogram of eccentricities. Exhaustive, so the result is its own certificate.

Beyond, up to MAX_N: the diameter alone, exactly, by the bounding algorithm of
:func:`hanoi_magnet.search.diameter` with its bounds kept per orbit of the permutations of the
pegs (a search from ``v`` with eccentricity ``e`` gives every position ``w`` the bounds
``max(d, e - d) <= ecc(w) <= e + d`` with ``d`` the distance from ``v`` to the nearest image
of ``w``; positions whose bounds meet, or whose upper bound cannot beat the largest
eccentricity found, drop out), printing the searches it took: its certificate is the list of
searches (each one repeatable) and the bounds they give. CPU seconds per row. ``--out`` adds
the rows to a JSON file (``docs/tables/four-peg-diameter.json`` is read by the documentation).
Needs numba. Not part of ``run.py``: 12 disks take minutes, 13 about an hour.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hanoi_magnet import ClassicRules
from hanoi_magnet.search import invariants
from hanoi_magnet.search._exhaustive import diameter_numpy
from hanoi_magnet.search._exhaustive.layout import CodeLayout


def _into(events: list[tuple[int, int, int]]) -> diameter_numpy.Report:
    def report(searches: int, best: int, left: int) -> None:
        events.append((searches, best, left))

    return report


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("largest", type=int, nargs="?", default=9)
    parser.add_argument("--pairs", type=int, default=9, help="every pair up to this n")
    parser.add_argument("--from", dest="first", type=int, default=1)
    parser.add_argument("--pegs", type=int, default=4)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    rows: dict[str, dict[str, object]] = {}
    if args.out is not None and args.out.exists():
        rows = json.loads(args.out.read_text(encoding="utf-8"))["rows"]
    rules = ClassicRules(args.pegs)
    for n in range(args.first, args.largest + 1):
        started = time.process_time()
        if n <= args.pairs:
            found = invariants(rules, n, engine="compiled", max_pairs=10**13)
            seconds = time.process_time() - started
            histogram = {e: c for e, c in enumerate(found.eccentricities) if c}
            rows[str(n)] = {
                "method": "every pair",
                "diameter": found.diameter,
                "antipodal_pairs": found.antipodal_pairs,
                "radius": found.radius,
                "searches": found.searches,
                "eccentricities": {str(e): c for e, c in histogram.items()},
                "cpu_seconds": round(seconds, 1),
                "command": f"python benchmarks/four_peg_diameter.py {n} --from {n}",
            }
            _write(args.out, rows)
            print(
                f"n={n}: diameter {found.diameter}, antipodal pairs {found.antipodal_pairs:,}, "
                f"radius {found.radius}, {found.searches:,} searches, {seconds:,.1f} s CPU; "
                f"eccentricities {histogram}",
                flush=True,
            )
            continue
        last: list[tuple[int, int, int]] = []
        layout = CodeLayout(rules, n)
        diameter = diameter_numpy.undirected(layout, compiled=True, report=_into(last))
        seconds = time.process_time() - started
        rows[str(n)] = {
            "method": "bounds",
            "diameter": diameter,
            "searches": last[-1][0],
            "cpu_seconds": round(seconds, 1),
            "command": f"python benchmarks/four_peg_diameter.py {n} --from {n} --pairs 0",
        }
        _write(args.out, rows)
        print(
            f"n={n}: diameter {diameter} (bounds), {last[-1][0]:,} searches, {seconds:,.1f} s CPU",
            flush=True,
        )
    return 0


def _write(path: Path | None, rows: dict[str, dict[str, object]]) -> None:
    if path is not None:
        ordered = dict(sorted(rows.items(), key=lambda item: int(item[0])))
        document = {"format": "hanoi-magnet four-peg diameters", "rows": ordered}
        path.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
