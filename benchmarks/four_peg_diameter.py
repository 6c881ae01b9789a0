"""The diameter of the four-peg puzzle's state graph: every pair, then bounds.

    python benchmarks/four_peg_diameter.py MAX_N [--pairs N] [--pegs P]

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
searches (each one repeatable) and the bounds they give. CPU seconds per row. Needs numba. Not
part of ``run.py``: 12 disks take minutes, 13 about an hour.
"""

from __future__ import annotations

import argparse
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
    args = parser.parse_args(argv)
    rules = ClassicRules(args.pegs)
    for n in range(args.first, args.largest + 1):
        started = time.process_time()
        if n <= args.pairs:
            found = invariants(rules, n, engine="compiled", max_pairs=10**13)
            seconds = time.process_time() - started
            histogram = {e: c for e, c in enumerate(found.eccentricities) if c}
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
        print(
            f"n={n}: diameter {diameter} (bounds), {last[-1][0]:,} searches, {seconds:,.1f} s CPU",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
