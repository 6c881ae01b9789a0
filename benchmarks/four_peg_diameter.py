"""The diameter of the four-peg puzzle's state graph and its antipodal pairs, by a search from
every position up to a permutation of the pegs.

    python benchmarks/four_peg_diameter.py MAX_N

Prints, for n = 1 .. MAX_N, the diameter, the number of unordered pairs of positions that far
apart, the radius, the searches run (one per orbit of the 24 permutations of the pegs) and the
CPU seconds. Exhaustive, so the result is its own certificate: the eccentricity of every
position follows from the searches, and the histogram of eccentricities is printed too. Needs
numba (the compiled kernel). Not part of ``run.py``: n = 10 takes a quarter of an hour.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hanoi_magnet import ClassicRules
from hanoi_magnet.search._exhaustive import compiled
from hanoi_magnet.search._exhaustive.layout import CodeLayout


def main(argv: list[str]) -> int:
    largest = int(argv[0]) if argv else 8
    for n in range(1, largest + 1):
        started = time.process_time()
        found = compiled.all_pairs(CodeLayout(ClassicRules(4), n))
        seconds = time.process_time() - started
        print(
            f"n={n}: diameter {found.diameter}, antipodal pairs {found.antipodal_pairs:,}, "
            f"radius {min(found.eccentricities)}, {found.sources:,} searches, "
            f"{seconds:,.1f} s CPU; eccentricities {found.eccentricities}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
