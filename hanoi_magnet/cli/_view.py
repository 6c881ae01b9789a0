"""The ``view`` subcommand of ``hanoi-magnet``: scrub through a solution in the browser."""

from __future__ import annotations

import argparse
import webbrowser

from hanoi_magnet.cli._positions import disks_given, position
from hanoi_magnet.cli._util import Command, Status, integer, variant_label, write_output
from hanoi_magnet.errors import InvalidArgumentError
from hanoi_magnet.model import State
from hanoi_magnet.registry import default_registry
from hanoi_magnet.view import MAX_DISKS, MAX_EXPORT_MOVES, ViewerServer, export_html


def _port(text: str) -> int:
    port = integer(text)
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a number from 0 to 65535, got {text!r}")
    return port


def _view_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "label",
        metavar="LABEL",
        type=variant_label,
        help="a variant label, e.g. NNN, RBB, classic, classic:4 (list them: variants)",
    )
    parser.add_argument(
        "n",
        metavar="N",
        nargs="?",
        type=integer,
        help=f"the number of disks (0 to {MAX_DISKS:,}; may be left out when --from or --to "
        "gives a position)",
    )
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
        "path from it to the goal (compact SSI/rrb or long 'S: 3r 2r | I: 1b | D: -'; on four "
        "or more posts found by search, within the viewer's limit)",
    )
    parser.add_argument(
        "--to",
        dest="target",
        metavar="POS",
        help="aim at this position instead of the goal tower (written the same way)",
    )
    parser.add_argument(
        "--play",
        action="store_true",
        help="open in play mode (move the disks yourself, with hints) instead of scrubbing",
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


def _ends(args: argparse.Namespace) -> tuple[State | None, State | None]:
    """The positions of ``--from`` and ``--to``, read as ``distance`` reads them (N inferred)."""
    variant = default_registry.variant(args.label)
    n = disks_given(
        args.n, (args.source, args.target), posts=variant.posts, magnetic=variant.magnetic
    )
    if not 0 <= n <= MAX_DISKS:
        raise InvalidArgumentError(
            f"the viewer draws 0 to {MAX_DISKS:,} disks, got {n:,} (count or solve bigger "
            "puzzles with hanoi-magnet count and solve)"
        )
    args.n = n
    named = {"start": variant.start(n), "goal": variant.goal(n)}
    found = [
        None if text is None else position(text, variant.rules, n, named)
        for text in (args.source, args.target)
    ]
    return found[0], found[1]


def _run_view(args: argparse.Namespace) -> int:
    start, goal = _ends(args)
    mode = "play" if args.play else None
    if args.html is not None:
        page = export_html(args.label, args.n, at=args.at, start=start, goal=goal, mode=mode)
        write_output(page, args.html)
        return 0
    server = ViewerServer(args.label, args.n, at=args.at, start=start, goal=goal, port=args.port)
    with server:
        url = server.url + ("&mode=play" if mode else "")
        print(f"hanoi-magnet viewer: {url}", flush=True)
        print("press Ctrl-C to stop", flush=True)
        if args.browser:
            webbrowser.open(url)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("stopped", flush=True)
            return Status.INTERRUPTED
    return 0


VIEW = Command(
    "view",
    f"scrub through a solution, or play with hints, in the browser (a local page; up to "
    f"{MAX_DISKS:,} disks)",
    _view_arguments,
    _run_view,
)
