"""The subcommands ``variants``, ``solve`` and ``count`` (see :mod:`hanoi_magnet.cli`).

Each subcommand is a :class:`~hanoi_magnet.cli._util.Command`: its name, a help line, a function
that declares its arguments and a function that runs it and returns the exit status. Output goes
to ``sys.stdout``, looked up at call time, so tests can capture it.
"""

from __future__ import annotations

import argparse
import sys

from hanoi_magnet.cli._distance import format_arguments, write_moves
from hanoi_magnet.cli._positions import ends
from hanoi_magnet.cli._util import Command, decimal, puzzle_arguments
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
    puzzle_arguments(parser, positions=True)
    format_arguments(parser)
    parser.add_argument(
        "--from",
        dest="source",
        metavar="POS",
        help="solve from this position instead of the start tower: a shortest path to the goal "
        "(compact SSI/rrb or long 'S: 3r 2r | I: 1b | D: -'; exact and O(n) on three posts)",
    )
    parser.add_argument(
        "--to",
        dest="target",
        metavar="POS",
        help="to this position instead of the goal tower (written the same way)",
    )


def _run_solve(args: argparse.Namespace) -> int:
    variant = default_registry.variant(args.label)
    source, target = args.source or "start", args.target or "goal"
    if args.source is None and args.target is None and args.n is not None:
        solution = solve(args.label, args.n)
    else:
        start, goal = ends(variant.rules, variant, args.n, source, target)
        solution = default_registry.solve(args.label, start.n, start=start, goal=goal)
    write_moves(
        solution[args.start : args.stop],
        args,
        label=solution.variant.label,
        n=solution.n,
        length=solution.length,
        posts=solution.variant.posts,
        out=sys.stdout,
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
        print(f"moves: {decimal(total)}")
        return 0
    counts = per_disk(args.label, args.n)  # first: it may be refused as too large
    print(f"moves: {decimal(total)}")
    for size, moves in enumerate(counts, 1):
        print(f"disk {size}: {decimal(moves)}")
    return 0


COUNT = Command("count", "the exact number of moves, every digit", _count_arguments, _run_count)
