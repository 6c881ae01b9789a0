"""Validation: the library's streaming validator against plain Python loops, every input form.

Baselines, in the same process: the loops anyone would write for each form — lists for posts,
pop and append, the size check (and, for magnetic rules, the face flip and the colour checks),
and for text the least parsing that reads the form (``str.partition`` and a dict of post
letters) — with no reporting, no goal tracking and no input checking.

Forms: Move objects; ``(source, target)`` pairs; a list of lines as ``hanoi-magnet solve``
prints them (``"3: S -> D"``); the same text as one string; and that text streamed from a file
on disk. The target: every form at 0.5x its plain loop or better (ratio = plain / validate).
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._harness import compare, table
from hanoi_magnet import Move, solve, validate
from hanoi_magnet.notation import NOTATIONS

LETTER = {"S": 0, "I": 1, "D": 2}


def replay_classic(moves: list[Move], n: int) -> bool:
    posts: list[list[int]] = [list(range(n, 0, -1)), [], []]
    for move in moves:
        disk = posts[move.source].pop()
        below = posts[move.target]
        if below and below[-1] < disk:
            return False
        below.append(disk)
    return len(posts[2]) == n


def replay_pairs(pairs: list[tuple[int, int]], n: int) -> bool:
    posts: list[list[int]] = [list(range(n, 0, -1)), [], []]
    for source, target in pairs:
        disk = posts[source].pop()
        below = posts[target]
        if below and below[-1] < disk:
            return False
        below.append(disk)
    return len(posts[2]) == n


def replay_lines(lines: Iterable[str], n: int) -> bool:
    """Read "3: S -> D" lines: the disk, the two posts; check the disk is on top, the size."""
    posts: list[list[int]] = [list(range(n, 0, -1)), [], []]
    for line in lines:
        number, _, rest = line.partition(":")
        source, _, target = rest.partition("->")
        disk = posts[LETTER[source.strip()]].pop()
        below = posts[LETTER[target.strip()]]
        if disk != int(number) or (below and below[-1] < disk):
            return False
        below.append(disk)
    return len(posts[2]) == n


def replay_magnetic(moves: list[Move], n: int) -> bool:
    """Free magnetic rules (NNN): the size check, the flip, touching faces must differ."""
    posts: list[list[int]] = [list(range(n, 0, -1)), [], []]
    faces = [0] * (n + 1)
    for move in moves:
        disk = posts[move.source].pop()
        below = posts[move.target]
        face = faces[disk] ^ 1
        if below and (below[-1] < disk or faces[below[-1]] != face):
            return False
        faces[disk] = face
        below.append(disk)
    return len(posts[2]) == n


def replay_magnetic_pairs(pairs: list[tuple[int, int]], n: int) -> bool:
    posts: list[list[int]] = [list(range(n, 0, -1)), [], []]
    faces = [0] * (n + 1)
    for source, target in pairs:
        disk = posts[source].pop()
        below = posts[target]
        face = faces[disk] ^ 1
        if below and (below[-1] < disk or faces[below[-1]] != face):
            return False
        faces[disk] = face
        below.append(disk)
    return len(posts[2]) == n


def replay_magnetic_lines(lines: Iterable[str], n: int) -> bool:
    posts: list[list[int]] = [list(range(n, 0, -1)), [], []]
    faces = [0] * (n + 1)
    for line in lines:
        number, _, rest = line.partition(":")
        source, _, target = rest.partition("->")
        disk = posts[LETTER[source.strip()]].pop()
        below = posts[LETTER[target.strip()]]
        face = faces[disk] ^ 1
        if disk != int(number) or (below and (below[-1] < disk or faces[below[-1]] != face)):
            return False
        faces[disk] = face
        below.append(disk)
    return len(posts[2]) == n


def _from_file(path: str, label: str, n: int) -> object:
    with open(path, encoding="utf-8") as lines:
        return validate(lines, label, n)


def _plain_file(replay: Callable[..., bool], path: str, n: int) -> bool:
    with open(path, encoding="utf-8") as lines:
        return replay(lines, n)


def _forms_table(label: str, n: int, plain: dict[str, Callable[..., bool]]) -> float:
    """Print one table, every form of the solution of ``label``; return the worst ratio."""
    moves = list(solve(label, n))
    count = len(moves)
    pairs = [(m.source, m.target) for m in moves]
    text = NOTATIONS["library"].format(moves)
    lines = text.splitlines()
    handle, path = tempfile.mkstemp(suffix=".txt")
    os.close(handle)
    Path(path).write_text(text, encoding="utf-8")
    by_lines = plain["lines"]
    forms = [
        ("Move objects", lambda: plain["moves"](moves, n), lambda: validate(moves, label, n)),
        ("(source, target) pairs", lambda: plain["pairs"](pairs, n),
         lambda: validate(pairs, label, n)),
        ("list of lines", lambda: by_lines(lines, n), lambda: validate(lines, label, n)),
        ("one string", lambda: by_lines(text.splitlines(), n), lambda: validate(text, label, n)),
        ("file from disk", lambda: _plain_file(by_lines, path, n),
         lambda: _from_file(path, label, n)),
    ]  # fmt: skip
    rows = []
    worst = float("inf")
    try:
        for name, baseline, ours in forms:
            report = ours()
            assert report.solved, (name, report)  # type: ignore[attr-defined]
            assert report.length == count, (name, report)  # type: ignore[attr-defined]
            assert baseline()
            base, mine, ratio = compare(baseline, ours, repeat=9)
            worst = min(worst, ratio)
            rows.append(
                [
                    name,
                    f"{count / base.median / 1e6:.2f}",
                    f"{count / mine.median / 1e6:.2f}",
                    f"{ratio:.2f}x",
                ]
            )
    finally:
        os.unlink(path)
    print(
        table(
            f"Validation of {label} n={n} ({count:,} moves), every input form (M moves/s, "
            "medians of 9 runs in alternation; ratio = median of plain loop time / validate "
            "time per run)",
            rows,
            ["form", "plain loop", "validate", "ratio"],
        )
    )
    return worst


def main() -> None:
    worst = _forms_table(
        "classic", 20, {"moves": replay_classic, "pairs": replay_pairs, "lines": replay_lines}
    )
    print(f"\nworst ratio {worst:.2f}x; target >= 0.5x: {'met' if worst >= 0.5 else 'NOT met'}\n")
    magnetic = {
        "moves": replay_magnetic,
        "pairs": replay_magnetic_pairs,
        "lines": replay_magnetic_lines,
    }
    worst = _forms_table("NNN", 13, magnetic)
    print(f"\nworst ratio {worst:.2f}x (magnetic rules: the plain loops flip faces too)")


if __name__ == "__main__":
    main()
