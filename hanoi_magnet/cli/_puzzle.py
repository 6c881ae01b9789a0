"""The text subcommands of ``hanoi-magnet`` (see :mod:`hanoi_magnet.cli`, which runs them).

Each subcommand is a :class:`~hanoi_magnet._cliutil.Command`: its name, a help line, a function
that declares its arguments and a function that runs it and returns the exit status. Output goes
to ``sys.stdout``, looked up at call time, so tests can capture it.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TextIO

from hanoi_magnet._digits import unlimited_digits
from hanoi_magnet.cli import _util as _cliutil
from hanoi_magnet.cli._util import Command, CommandError, decimal, integer, puzzle_arguments
from hanoi_magnet.errors import HanoiError
from hanoi_magnet.model import Move
from hanoi_magnet.registry import default_registry, solve
from hanoi_magnet.rules import MagneticRules
from hanoi_magnet.theory._counting import count, per_disk
from hanoi_magnet.validate import validate

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
        choices=("text", "json", "csv"),
        default="text",
        help="text: one move per line as '3: S -> D' (what validate reads back); json: JSON "
        "Lines, one object per move with index, disk, source, target (posts as numbers "
        "0, 1, 2...); csv: the same columns with a header",
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


def _text_lines(moves: Iterable[Move], posts: int) -> Iterator[str]:
    known: dict[Move, str] = {}  # a solution repeats a few distinct moves many times
    for move in moves:
        text = known.get(move)
        if text is None:
            text = known[move] = move.format(posts) + "\n"
        yield text


def _run_solve(args: argparse.Namespace) -> int:
    solution = solve(args.label, args.n)
    moves = solution[args.start : args.stop]
    out: TextIO = sys.stdout
    if args.format == "text":
        out.writelines(_text_lines(moves, solution.variant.posts))
        return 0
    first = range(solution.length)[args.start : args.stop].start
    with unlimited_digits():  # indices of huge solutions have many digits
        if args.format == "csv":
            out.write("index,disk,source,target\n")
            pattern = "{},{},{},{}\n"
        else:
            pattern = '{{"index": {}, "disk": {}, "source": {}, "target": {}}}\n'
        out.writelines(
            pattern.format(index, move.disk, move.source, move.target)
            for index, move in zip(itertools.count(first), moves)
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
    print(f"total: {decimal(total)}")
    for size, moves in enumerate(per_disk(args.label, args.n), 1):
        print(f"disk {size}: {decimal(moves)}")
    return 0


COUNT = Command("count", "the exact number of moves, every digit", _count_arguments, _run_count)


# -- validate -----------------------------------------------------------------------------------


def _validate_arguments(parser: argparse.ArgumentParser) -> None:
    puzzle_arguments(parser)
    parser.add_argument(
        "file",
        metavar="FILE",
        help="the moves, one per line as solve prints them ('3: S -> D') or as 'S->D', 'SD', "
        "'0 2'; '#' starts a comment; - reads standard input",
    )


def _verdict(lines: Iterable[str], args: argparse.Namespace, source: str) -> int:
    counted = _cliutil.Progress.over(lines, sys.stderr, "lines checked")
    try:
        report = validate(counted, args.label, args.n)
    except UnicodeDecodeError as error:
        raise CommandError(f"{source} is not UTF-8 text: {error}") from None
    print(report)
    if report.error is not None:
        rule = report.error.rule
        print(f"rule: {rule.value} ({rule.describe()})")
        print(f"position before move {report.error.index} (counted from 0): {report.state}")
        return 1
    if not report.solved:
        print(f"position after {decimal(report.length)} moves: {report.state}")
        return 2
    return 0


def _run_validate(args: argparse.Namespace) -> int:
    if args.file == "-":
        return _verdict(sys.stdin, args, "standard input")
    try:
        with Path(args.file).open(encoding="utf-8") as lines:
            return _verdict(lines, args, args.file)
    except (FileNotFoundError, IsADirectoryError, PermissionError) as error:
        raise CommandError(f"cannot read {args.file}: {error.strerror}", status=2) from None


VALIDATE = Command(
    "validate",
    "check a file of moves: exit 0 solved, 1 illegal, 2 legal but not solved",
    _validate_arguments,
    _run_validate,
)
