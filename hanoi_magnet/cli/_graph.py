"""The ``graph`` subcommand of ``hanoi-magnet``: the state graph as Graphviz DOT, SVG, PNG or PDF.

RULES is written as for ``distance`` and ``search`` (:mod:`hanoi_magnet.cli._positions`): a
label, post colours (``RBNN``) or colours and directions (``NNN/linear``). Nodes are labelled
in the compact form every command reads (``SSI/rrb``); the start and goal are marked.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator

from hanoi_magnet.cli._positions import puzzle, towers
from hanoi_magnet.cli._util import (
    Command,
    CommandError,
    Progress,
    Status,
    disk_count,
    integer,
    is_terminal,
    output_format,
    picture_arguments,
    write_picture,
)
from hanoi_magnet.draw._graphs import graph_lines, rules_graph_lines
from hanoi_magnet.errors import HanoiError
from hanoi_magnet.search import shortest_path

#: What ``graph`` writes (DOT first: the default without a suffix).
GRAPH_FORMATS = ("dot", "svg", "png", "pdf")

#: The narrowest and widest pictures ``--width`` draws, in pixels.
WIDTHS = range(100, 20_001)


def _width(text: str) -> int:
    value = integer(text)
    if value not in WIDTHS:
        raise argparse.ArgumentTypeError(
            f"--width takes {WIDTHS.start:,} to {WIDTHS.stop - 1:,} pixels, got {text!r}"
        )
    return value


def _graph_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "rules",
        metavar="RULES",
        type=puzzle,
        help="a variant label (NNN, classic, classic:4...), post colours (RBNN: magnetic "
        "rules on four posts), or colours/directions (NNN/linear)",
    )
    parser.add_argument("n", metavar="N", type=disk_count, help="the number of disks")
    parser.add_argument(
        "--no-solution",
        dest="solution",
        action="store_false",
        help="do not highlight the optimal solution's path",
    )
    parser.add_argument(
        "--width",
        type=_width,
        default=480,
        metavar="PX",
        help="the picture's width in pixels (default 480); node labels are drawn where they "
        "fit, so a wider picture keeps them for more positions",
    )
    picture_arguments(parser, GRAPH_FORMATS)


def _lines(args: argparse.Namespace, svg: bool) -> tuple[int, Iterator[str]]:
    rules, variant = args.rules
    if variant is not None:
        return graph_lines(variant.label, args.n, svg=svg, solution=args.solution, width=args.width)
    start, goal = towers(rules, None, args.n)
    path = []
    if args.solution:
        try:
            path = list(shortest_path(rules, start, goal).states())
        except HanoiError:  # no path between the towers: the graph without one
            path = []
    return rules_graph_lines(
        rules, start, goal, path, svg=svg, width=args.width, name=f"{rules!r} n={args.n}"
    )


def _run_graph(args: argparse.Namespace) -> int:
    fmt = output_format(args.output, args.format, GRAPH_FORMATS)
    if fmt == "dot" and args.scale != 1.0:
        raise CommandError("--scale applies to PNG and PDF pictures", Status.USAGE)
    total, lines = _lines(args, svg=fmt != "dot")
    # a line per position and per move: a progress count on a terminal's standard error, unless
    # the picture itself goes to that terminal
    if args.output != "-" or not is_terminal(sys.stdout):
        lines = Progress.over(lines, sys.stderr, "graph: lines written", total)
    write_picture(lines, args.output, fmt, args.scale)
    return 0


GRAPH = Command(
    "graph",
    "the state graph (every legal position, every move) as DOT, SVG, PNG or PDF, solution "
    "highlighted, start and goal marked",
    _graph_arguments,
    _run_graph,
)
