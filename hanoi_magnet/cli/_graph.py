"""The ``graph`` subcommand of ``hanoi-magnet``: the state graph as Graphviz DOT or SVG."""

from __future__ import annotations

import argparse
import sys

from hanoi_magnet.cli._util import (
    Command,
    Progress,
    is_terminal,
    output_argument,
    puzzle_arguments,
    write_lines,
)
from hanoi_magnet.draw._graphs import graph_lines


def _graph_arguments(parser: argparse.ArgumentParser) -> None:
    puzzle_arguments(parser)
    parser.add_argument(
        "--format",
        choices=("dot", "svg"),
        default="dot",
        help="Graphviz DOT (default) or an SVG picture",
    )
    parser.add_argument(
        "--no-solution",
        dest="solution",
        action="store_false",
        help="do not highlight the optimal solution's path",
    )
    output_argument(parser)


def _run_graph(args: argparse.Namespace) -> int:
    total, lines = graph_lines(args.label, args.n, svg=args.format == "svg", solution=args.solution)
    # a line per position and per move: a progress count on a terminal's standard error, unless
    # the picture itself goes to that terminal
    if args.output != "-" or not is_terminal(sys.stdout):
        lines = Progress.over(lines, sys.stderr, "graph: lines written", total)
    write_lines(lines, args.output)
    return 0


GRAPH = Command(
    "graph",
    "the state graph (every legal position, every move) as DOT or SVG, solution highlighted",
    _graph_arguments,
    _run_graph,
)
