"""The ``view`` subcommand of ``hanoi-magnet``: scrub through a solution in the browser."""

from __future__ import annotations

import argparse
import webbrowser

from hanoi_magnet.cli._positions import position
from hanoi_magnet.cli._util import Command, integer, puzzle_arguments, write_output
from hanoi_magnet.model import State
from hanoi_magnet.registry import default_registry
from hanoi_magnet.view import MAX_DISKS, MAX_EXPORT_MOVES, ViewerServer, export_html, frame


def _port(text: str) -> int:
    port = integer(text)
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a number from 0 to 65535, got {text!r}")
    return port


def _view_arguments(parser: argparse.ArgumentParser) -> None:
    puzzle_arguments(parser)
    parser.add_argument(
        "--at",
        type=integer,
        default=0,
        metavar="K",
        help="open at the position after K moves (default 0; negative counts from the end)",
    )
    parser.add_argument(
        "--from",
        dest="source",
        metavar="POS",
        help="start from this position instead of the start tower: the viewer shows a shortest "
        "path from it to the goal (compact SSI/rrb or long 'S: 3r 2r | I: 1b | D: -'; "
        "three posts)",
    )
    parser.add_argument(
        "--port",
        type=_port,
        default=0,
        help="the port to listen on, on 127.0.0.1 (default: a free one)",
    )
    parser.add_argument(
        "--no-browser",
        dest="browser",
        action="store_false",
        help="only print the address; do not open a browser",
    )
    parser.add_argument(
        "--html",
        metavar="FILE",
        help=f"write a self-contained page (no server needed; solutions of at most "
        f"{MAX_EXPORT_MOVES:,} moves) to FILE, or - for standard output, and exit",
    )


def _start(args: argparse.Namespace) -> State | None:
    """The position of ``--from``, read as ``solve --from`` reads it (None: the start tower)."""
    if args.source is None:
        return None
    frame(args.label, args.n, 0)  # the viewer's limits first, before any position is read
    variant = default_registry.variant(args.label)
    named = {"start": variant.start(args.n), "goal": variant.goal(args.n)}
    return position(args.source, variant.rules, args.n, named)


def _run_view(args: argparse.Namespace) -> int:
    start = _start(args)
    if args.html is not None:
        write_output(export_html(args.label, args.n, at=args.at, start=start), args.html)
        return 0
    server = ViewerServer(args.label, args.n, at=args.at, start=start, port=args.port)
    with server:
        print(f"hanoi-magnet viewer: {server.url}", flush=True)
        print("press Ctrl-C to stop", flush=True)
        if args.browser:
            webbrowser.open(server.url)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("stopped", flush=True)
    return 0


VIEW = Command(
    "view",
    f"scrub through a solution in the browser (a local page; up to {MAX_DISKS:,} disks)",
    _view_arguments,
    _run_view,
)
