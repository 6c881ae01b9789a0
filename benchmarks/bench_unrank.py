"""unrank: the generic engine against a hand-written binary algorithm, and growth with n.

Baseline, in the same process: the textbook binary unrank for the classic 3-peg puzzle (the
seed 001's algorithm): read the bits of k from the largest disk down; bit 0 leaves the disk on
the current source and swaps target and spare for the rest, bit 1 puts it on the current target
and swaps source and spare.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._harness import measure, table
from hanoi_magnet import State, solve


def binary_unrank(n: int, k: int) -> State:
    """Position after k moves of the optimal classic solution, O(n), by the bits of k."""
    stacks: list[list[int]] = [[], [], []]
    source, spare, target = 0, 1, 2
    for disk in range(n, 0, -1):
        if (k >> (disk - 1)) & 1:
            stacks[target].append(disk)
            source, spare = spare, source
        else:
            stacks[source].append(disk)
            spare, target = target, spare
    return State._trusted(tuple(tuple(s) for s in stacks), None)


def arithmetic_floor(lengths: list[int], k: int) -> int:
    """The least big-integer work any descent does: one compare and subtract per level."""
    for length in reversed(lengths):
        if k >= length:
            k -= length
    return k


def main() -> None:
    rng = random.Random(1)
    n = 64
    solution = solve("classic", n)
    ks = [rng.randrange(solution.length + 1) for _ in range(200)]
    assert all(binary_unrank(n, k) == solution.unrank(k) for k in ks)
    ours = measure("engine", lambda: [solution.unrank(k) for k in ks])
    base = measure("binary", lambda: [binary_unrank(n, k) for k in ks])
    print(
        table(
            "Classic n=64 unrank, 200 random k (median of 7 runs)",
            [
                ["hand-written binary", f"{base.median / len(ks) * 1e6:.1f}", "1.00x"],
                [
                    "generic engine",
                    f"{ours.median / len(ks) * 1e6:.1f}",
                    f"{ours.median / base.median:.2f}x",
                ],
            ],
            ["algorithm", "us per call", "vs binary"],
        )
    )
    rows = []
    for size in (100, 300, 1000, 3000, 10_000):
        nnn = solve("NNN", size)
        k = nnn.length // 3
        nnn.unrank(k)  # warm: the exact lengths of every level are computed once
        timing = measure(f"n={size}", lambda nnn=nnn, k=k: nnn.unrank(k), repeat=5)
        lengths = [solve("NNN", m).length for m in range(size)]
        floor = measure("floor", lambda lengths=lengths, k=k: arithmetic_floor(lengths, k))
        rows.append(
            [
                f"{size:,}",
                f"{timing.median * 1e3:.2f}",
                f"{timing.median / size * 1e6:.2f}",
                f"{floor.median * 1e3:.2f}",
                f"{timing.median / floor.median:.1f}x",
            ]
        )
    print()
    print(
        table(
            "NNN unrank at k = length // 3 (warm; median of 5). k has about 1.6 n bits, so the "
            "big-integer work per level grows with n; the ratio to the arithmetic floor (one "
            "compare and subtract per level, same numbers) stays flat when the number of steps "
            "is linear in n",
            rows,
            ["n", "ms per call", "us per disk", "floor ms", "vs floor"],
        )
    )


if __name__ == "__main__":
    main()
