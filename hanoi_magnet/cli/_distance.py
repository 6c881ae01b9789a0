"""The ``distance`` and ``path`` subcommands: between any two positions, under any rules.

On three posts both are exact and take O(n) steps (:func:`hanoi_magnet.search.distance`,
:func:`~hanoi_magnet.search.shortest_path`); on more posts they search, within ``--max-states``
positions. ``path`` prints the moves as ``solve`` does, in the same formats, and ``solve LABEL N
--from POS`` is ``path`` under a registered variant's rules.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from typing import TextIO

from hanoi_magnet.cli._formats import FORMATS, csv_lines, json_document, jsonl_lines, text_lines
from hanoi_magnet.cli._limits import checked_count, checked_distance
from hanoi_magnet.cli._positions import ends as positions_ends
from hanoi_magnet.cli._positions import puzzle
from hanoi_magnet.cli._util import Command, decimal, integer
from hanoi_magnet.model import Move, State
from hanoi_magnet.search import DEFAULT_MAX_STATES, distance, geodesic_count, shortest_path

__all__ = ["DISTANCE", "PATH", "format_arguments", "write_moves"]


def _ends_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "rules",
        metavar="RULES",
        type=puzzle,
        help="a variant label (NNN, classic, linear, classic:4...), post colours (NNNN: "
        "magnetic rules on four posts), or colours/directions (NNN/linear)",
    )
    parser.add_argument(
        "n",
        metavar="N",
        nargs="?",
        type=integer,
        help="the number of disks (needed only when both ends are start or goal)",
    )
    parser.add_argument(
        "--from",
        dest="source",
        metavar="POS",
        default="start",
        help="the position to start from: compact (SSI/rrb: the post of each disk, largest "
        "first, then the up faces), long ('S: 3r 2r | I: 1b | D: -'), or start (the default)",
    )
    parser.add_argument(
        "--to",
        dest="target",
        metavar="POS",
        default="goal",
        help="the position to reach, written the same way, or goal (the default)",
    )
    parser.add_argument(
        "--max-states",
        metavar="N",
        type=integer,
        default=DEFAULT_MAX_STATES,
        help="four or more posts: the most positions the search may visit "
        f"(default {DEFAULT_MAX_STATES:,}; three posts need no search)",
    )


def ends(args: argparse.Namespace) -> tuple[State, State]:
    """The two positions the arguments name (N inferred from a written position)."""
    rules, variant = args.rules
    return positions_ends(rules, variant, args.n, args.source, args.target)


def _distance_arguments(parser: argparse.ArgumentParser) -> None:
    _ends_arguments(parser)
    parser.add_argument(
        "--count",
        action="store_true",
        help="print the number of distinct shortest move sequences instead (three posts)",
    )


def _run_distance(args: argparse.Namespace) -> int:
    rules, _ = args.rules
    start, goal = ends(args)
    if args.count:
        checked_count(rules, start.n)  # refuses a huge N on three posts
        sys.stdout.write(f"shortest paths: {decimal(geodesic_count(rules, start, goal))}\n")
        return 0
    found = checked_distance(rules, start, goal, args.max_states)
    if found is None:
        found = distance(rules, start, goal, max_states=args.max_states)
    sys.stdout.write(f"distance: {decimal(found)}\n")
    return 0


def format_arguments(parser: argparse.ArgumentParser) -> None:
    """``--format``, ``--start`` and ``--stop``, as ``solve`` has them."""
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


def write_moves(
    moves: Iterable[Move],
    args: argparse.Namespace,
    *,
    label: str,
    n: int,
    length: int,
    posts: int,
    out: TextIO,
) -> None:
    """The slice ``args.start:args.stop`` of a sequence of ``length`` moves, in ``args.format``."""
    if args.format == "text":
        out.writelines(text_lines(moves, posts))
        return
    window = range(length)[args.start : args.stop]
    if args.format == "jsonl":
        out.writelines(jsonl_lines(moves, window.start))
    elif args.format == "csv":
        out.writelines(csv_lines(moves, window.start))
    else:
        out.writelines(
            json_document(
                moves,
                label=label,
                n=n,
                length=length,
                start=window.start,
                stop=max(window.stop, window.start),
            )
        )


def _path_arguments(parser: argparse.ArgumentParser) -> None:
    _ends_arguments(parser)
    format_arguments(parser)


def _run_path(args: argparse.Namespace) -> int:
    rules, variant = args.rules
    start, goal = ends(args)
    path = shortest_path(rules, start, goal, max_states=args.max_states)
    label = variant.label if variant is not None else repr(rules)
    write_moves(
        path[args.start : args.stop],
        args,
        label=label,
        n=start.n,
        length=path.length,
        posts=rules.posts,
        out=sys.stdout,
    )
    return 0


DISTANCE = Command(
    "distance",
    "the least number of moves between two positions (exact, O(n) on three posts)",
    _distance_arguments,
    _run_distance,
)
PATH = Command(
    "path",
    "the moves of a shortest path between two positions (as solve prints them)",
    _path_arguments,
    _run_path,
)
