"""Frame–Stewart counts against the plain min-recursion, in the same process.

The baseline is the definition, bottom-up: FS(m, p) = min over k of 2 FS(k, p) + FS(m - k, p - 1)
for every m <= n, quadratic in n (0.1.0 computed it this way: about 25 minutes for
count("classic:4", 10**5)). The library sums powers of two by blocks (Klavžar, Milutinović and
Petr, 2002) and finds each split by binary search; at the sizes where the baseline still runs,
the ratio says how much faster, and the library's own times at 10^5 and 10^6 disks (the claim:
under a second at 10^5) show its growth.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._harness import measure, table
from hanoi_magnet import clear_caches
from hanoi_magnet.solvers._frame_stewart import best_split
from hanoi_magnet.solvers.classic import _frame_stewart_steps
from hanoi_magnet.theory import count


def min_recursion(n: int, pegs: int) -> int:
    """FS(n, pegs) by the definition, every smaller size first."""
    fewer = [2**m - 1 for m in range(n + 1)]
    for _ in range(4, pegs + 1):
        lengths = [0, 1]
        for m in range(2, n + 1):
            lengths.append(min(2 * lengths[k] + fewer[m - k] for k in range(1, m)))
        fewer = lengths
    return fewer[n]


def cold_count(label: str, n: int) -> int:
    clear_caches()  # the engine's memo of lengths: every run starts cold
    best_split.cache_clear()  # and the splits, and the plan steps
    _frame_stewart_steps.cache_clear()
    return count(label, n)


def main() -> None:
    rows = []
    for n, baseline in [(500, True), (2000, True), (100_000, False), (1_000_000, False)]:
        assert n > 2000 or cold_count("classic:4", n) == min_recursion(n, 4)
        library = measure(f"count {n}", lambda n=n: cold_count("classic:4", n), repeat=5)
        row: list[object] = [f"{n:,}", f"{library.median * 1e3:.1f} ms"]
        if baseline:
            plain = measure(f"min {n}", lambda n=n: min_recursion(n, 4), repeat=3)
            row += [f"{plain.median * 1e3:.0f} ms", f"{plain.median / library.median:.0f}x"]
        else:
            row += ["-", "-"]
        rows.append(row)
    print(
        table(
            'count("classic:4", n), cold: medians; ratio = min-recursion / library',
            rows,
            ["n", "library", "min-recursion", "ratio"],
        )
    )
    many = measure("classic:600 601", lambda: cold_count("classic:600", 601), repeat=3)
    print()
    print(f'count("classic:600", 601), cold (0.1.0: RecursionError): {many.median * 1e3:.0f} ms')


if __name__ == "__main__":
    main()
