"""count("NNN", n) for huge n against two baselines measured in the same process.

* naive: Lunnon's seven recurrences stepped bottom-up, n vector updates of big integers;
* matrix power: Lunnon's 8 x 8 Markov matrix raised to the n-th power by repeated squaring.

The library splits the characteristic polynomial into coprime factors and combines the residues
K^n mod each factor (Chinese remainder theorem), so its work is dominated by 3^n and a power of
K modulo the cubic K^3 - K - 2.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._harness import measure, table
from hanoi_magnet.theory import count

# Lunnon's Markov matrix (seed 000), rows NNN RNN NNR NBR RNB RBN RRB 1.
LUNNON_M = [
    [0, 1, 1, 0, 0, 0, 0, 1],
    [0, 1, 0, 1, 0, 0, 0, 1],
    [0, 1, 0, 0, 0, 1, 2, 2],
    [0, 0, 0, 0, 0, 2, 2, 2],
    [0, 0, 0, 1, 0, 1, 0, 1],
    [0, 0, 0, 0, 1, 0, 2, 1],
    [0, 0, 0, 0, 0, 0, 3, 1],
    [0, 0, 0, 0, 0, 0, 0, 1],
]


def naive(n: int) -> int:
    """Lunnon's recurrences, one level at a time."""
    nnn = rnn = nnr = nbr = rnb = rbn = rrb = 0
    for _ in range(n):
        nnn, rnn, nnr, nbr, rnb, rbn, rrb = (
            rnn + 1 + nnr,
            rnn + 1 + nbr,
            2 * rrb + 1 + rbn + 1 + rnn,
            2 * rrb + 1 + rbn + 1 + rbn,
            rbn + 1 + nbr,
            rnb + 2 * rrb + 1,
            3 * rrb + 1,
        )
    return nnn


def matrix_power(n: int) -> int:
    """M^n applied to S(0) = (0, ..., 0, 1), by repeated squaring."""
    size = len(LUNNON_M)

    def product(a: list[list[int]], b: list[list[int]]) -> list[list[int]]:
        return [
            [sum(a[i][t] * b[t][j] for t in range(size) if a[i][t]) for j in range(size)]
            for i in range(size)
        ]

    result = [[int(i == j) for j in range(size)] for i in range(size)]
    base = LUNNON_M
    while n:
        if n & 1:
            result = product(result, base)
        base = product(base, base)
        n >>= 1
    return result[0][size - 1]


def main() -> None:
    start = time.perf_counter()
    first = count("NNN", 100_000)
    first_call = time.perf_counter() - start
    assert first == naive(100_000) == matrix_power(100_000)

    rows = []
    for n, baselines in [(10_000, True), (100_000, True), (1_000_000, False)]:
        library = measure(f"count {n}", lambda n=n: count("NNN", n), repeat=7)
        row: list[object] = [f"{n:,}", f"{library.median * 1e3:.2f} ms"]
        if baselines:
            plain = measure(f"naive {n}", lambda n=n: naive(n), repeat=3)
            squared = measure(f"matrix {n}", lambda n=n: matrix_power(n), repeat=3)
            row += [
                f"{plain.median * 1e3:.0f} ms",
                f"{plain.median / library.median:.0f}x",
                f"{squared.median * 1e3:.0f} ms",
                f"{squared.median / library.median:.0f}x",
            ]
        else:
            row += ["-", "-", "-", "-"]
        rows.append(row)
    print(
        table(
            'count("NNN", n): medians; ratios = baseline / library (same process)',
            rows,
            ["n", "library", "naive", "ratio", "matrix power", "ratio"],
        )
    )
    print()
    print(f"first call at n = 100,000 (reads the tables, factors p): {first_call * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
