"""Validation: the library's streaming validator against a plain Python replay loop.

Baseline, in the same process: the loop anyone would write — lists for posts, pop and append,
the size check (and, for magnetic rules, the face flip and the colour checks) — with no
reporting, no goal tracking and no input checking.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._harness import measure, table
from hanoi_magnet import Move, solve, validate


def replay_classic(moves: list[Move], n: int) -> bool:
    posts: list[list[int]] = [list(range(n, 0, -1)), [], []]
    for move in moves:
        disk = posts[move.source].pop()
        below = posts[move.target]
        if below and below[-1] < disk:
            return False
        below.append(disk)
    return len(posts[2]) == n


def replay_magnetic(moves: list[Move], n: int, colors: tuple[int | None, ...]) -> bool:
    posts: list[list[int]] = [list(range(n, 0, -1)), [], []]
    faces = [0] * (n + 1)
    for move in moves:
        disk = posts[move.source].pop()
        below = posts[move.target]
        face = faces[disk] ^ 1
        if below:
            if below[-1] < disk or faces[below[-1]] != face:
                return False
        elif colors[move.target] is not None and colors[move.target] != face:
            return False
        faces[disk] = face
        below.append(disk)
    return len(posts[2]) == n


def main() -> None:
    rows = []
    for label, n in (("classic", 20), ("NNN", 13)):
        moves = list(solve(label, n))
        if label == "classic":
            baseline = measure("replay", lambda m=moves, n=n: replay_classic(m, n), repeat=5)
        else:
            baseline = measure(
                "replay", lambda m=moves, n=n: replay_magnetic(m, n, (None,) * 3), repeat=5
            )
        ours = measure("validate", lambda m=moves, lab=label, n=n: validate(m, lab, n), repeat=5)
        assert validate(moves, label, n).solved
        count = len(moves)
        rows.append(
            [
                f"{label} n={n}",
                f"{count:,}",
                f"{count / baseline.median / 1e6:.1f}",
                f"{count / ours.median / 1e6:.1f}",
                f"{baseline.median / ours.median:.2f}x",
            ]
        )
    print(
        table(
            "Validation (M moves/s, median of 5; ratio = replay time / validate time)",
            rows,
            ["case", "moves", "plain replay", "validate", "vs replay"],
        )
    )


if __name__ == "__main__":
    main()
