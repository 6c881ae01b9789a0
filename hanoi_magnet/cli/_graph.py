"""The ``graph`` subcommand of ``hanoi-magnet``: the state graph as Graphviz DOT or SVG."""

from __future__ import annotations

import argparse

from hanoi_magnet.cli._util import Command, output_argument, puzzle_arguments, write_output
from hanoi_magnet.draw._graphs import graph_dot, graph_svg


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
    if args.format == "svg":
        text = graph_svg(args.label, args.n, solution=args.solution)
    else:
        text = graph_dot(args.label, args.n, solution=args.solution)
    write_output(text, args.output)
    return 0


GRAPH = Command(
    "graph",
    "the state graph (every legal position, every move) as DOT or SVG, solution highlighted",
    _graph_arguments,
    _run_graph,
)
