"""The subcommands ``variants``, ``solve`` and ``count`` (see :mod:`hanoi_magnet.cli`).

Each subcommand is a :class:`~hanoi_magnet.cli._util.Command`: its name, a help line, a function
that declares its arguments and a function that runs it and returns the exit status. Output goes
to ``sys.stdout``, looked up at call time, so tests can capture it.
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from hanoi_magnet.cli._formats import FORMATS, csv_lines, json_document, jsonl_lines, text_lines
from hanoi_magnet.cli._util import Command, decimal, integer, puzzle_arguments
from hanoi_magnet.errors import HanoiError
from hanoi_magnet.registry import default_registry, solve
from hanoi_magnet.rules import MagneticRules
from hanoi_magnet.theory._counting import count, per_disk

#: The disk counts ``variants`` shows move counts for.
VARIANT_TABLE_DISKS = range(1, 7)


# -- variants -----------------------------------------------------------------------------------


def _variants_arguments(parser: argparse.ArgumentParser) -> None:
    del parser  # no arguments


def _variant_row(label: str) -> list[str]:
    solver = default_registry.get(label)
    variant = default_registry.variant(label)
    solvable = bool(getattr(solver, "solvable", True))
    if isinstance(variant.rules, MagneticRules):
        posts = " ".join(variant.rules.label)
        faces = f"{variant.start_face}->{variant.goal_face}"
    else:
        posts, faces = f"{variant.posts} pegs", "-"
    counts = "-"
    if solvable:
        try:
            counts = ", ".join(str(solve(label, n).length) for n in VARIANT_TABLE_DISKS)
        except HanoiError as error:  # a plugin's solver may fail; say so in the table
            counts = f"error: {error}"
    return [label, posts, faces, "yes" if solvable else "no", counts]


def _run_variants(args: argparse.Namespace) -> int:
    del args
    disks = ", ".join(map(str, VARIANT_TABLE_DISKS))
    header = ["LABEL", "POSTS", "FACES", "SOLVABLE", f"MOVES FOR N = {disks}"]
    rows = [header, *(_variant_row(label) for label in default_registry.labels())]
    widths = [max(len(row[column]) for row in rows) for column in range(len(header) - 1)]
    for row in rows:
        cells = [cell.ljust(width) for cell, width in zip(row, widths, strict=False)]
        print("  ".join([*cells, row[-1]]))
    print()
    print("POSTS: colours of S, I, D (R red, B blue, N neutral); FACES: up face at start->goal.")
    print("classic:P works for any P >= 3 pegs.")
    return 0


VARIANTS = Command(
    "variants",
    "every label: post colours, faces, solvable or not, move counts for small n",
    _variants_arguments,
    _run_variants,
)


# -- solve --------------------------------------------------------------------------------------


def _solve_arguments(parser: argparse.ArgumentParser) -> None:
    puzzle_arguments(parser)
    parser.add_argument(
        "--format",
        choices=FORMATS,
        default="text",
        help="text: one move per line as '3: S -> D' (what validate reads back); jsonl: JSON "
        "Lines, one object per move with index, disk, source, target (posts as numbers "
        "0, 1, 2...); json: one JSON document, the variant, n, length, start, stop and the "
        "moves as such objects; csv: the same columns with a header. validate --format reads "
        "each back",
    )
    slicing = "as in a Python slice; negative counts from the end"
    parser.add_argument(
        "--start",
        type=integer,
        metavar="K",
        help=f"the index of the first move to print (0-based, {slicing}); the moves before it "
        "are skipped without being generated",
    )
    parser.add_argument(
        "--stop", type=integer, metavar="K", help=f"stop before the move at index K ({slicing})"
    )


def _run_solve(args: argparse.Namespace) -> int:
    solution = solve(args.label, args.n)
    moves = solution[args.start : args.stop]
    out: TextIO = sys.stdout
    if args.format == "text":
        out.writelines(text_lines(moves, solution.variant.posts))
        return 0
    window = range(solution.length)[args.start : args.stop]
    if args.format == "jsonl":
        out.writelines(jsonl_lines(moves, window.start))
    elif args.format == "csv":
        out.writelines(csv_lines(moves, window.start))
    else:
        out.writelines(
            json_document(
                moves,
                label=solution.variant.label,
                n=solution.n,
                length=solution.length,
                start=window.start,
                stop=max(window.stop, window.start),
            )
        )
    return 0


SOLVE = Command("solve", "print the moves of the optimal solution", _solve_arguments, _run_solve)


# -- count --------------------------------------------------------------------------------------


def _count_arguments(parser: argparse.ArgumentParser) -> None:
    puzzle_arguments(parser)
    parser.add_argument(
        "--per-disk",
        action="store_true",
        help="also how many times each disk moves, indexed by size: disk 1 is the smallest "
        "(the literature numbers disks from the largest)",
    )


def _run_count(args: argparse.Namespace) -> int:
    # The counting module reads the recurrence off the plan table: no moves, no memo of levels.
    total = count(args.label, args.n)
    if not args.per_disk:
        print(decimal(total))
        return 0
    counts = per_disk(args.label, args.n)  # first: it may be refused as too large
    print(f"total: {decimal(total)}")
    for size, moves in enumerate(counts, 1):
        print(f"disk {size}: {decimal(moves)}")
    return 0


COUNT = Command("count", "the exact number of moves, every digit", _count_arguments, _run_count)
