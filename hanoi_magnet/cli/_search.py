"""The ``search`` subcommand of ``hanoi-magnet``: distances, layers, diameter, graph invariants.

Rules and positions are written as for every command (:mod:`hanoi_magnet.cli._positions`): a
variant label or the colours of any number of posts (``NNNN``: magnetic rules on four posts);
positions in :meth:`State.parse <hanoi_magnet.State.parse>`'s forms (``SSID/rrrb``, ``4:0013``),
or ``start`` and ``goal``, the towers of the puzzle (from the first post to the last, with the
faces of the variant's conventions).
"""

from __future__ import annotations

import argparse
import importlib
import math
import sys
from typing import Any

from hanoi_magnet._text import shown
from hanoi_magnet.cli._limits import checked_distance
from hanoi_magnet.cli._positions import ends, puzzle
from hanoi_magnet.cli._util import Command, CommandError, Status, disk_count, is_terminal
from hanoi_magnet.errors import SearchLimitError
from hanoi_magnet.search import DEFAULT_MAX_STATES, distance
from hanoi_magnet.search._exhaustive import fileformat
from hanoi_magnet.search._exhaustive.budget import human_bytes
from hanoi_magnet.search._exhaustive.diameter import diameter
from hanoi_magnet.search._exhaustive.distance_tables import remoteness
from hanoi_magnet.search._exhaustive.engines import ENGINES
from hanoi_magnet.search._exhaustive.graph_invariants import GraphInvariants
from hanoi_magnet.search._exhaustive.invariants import invariants
from hanoi_magnet.search._exhaustive.queries import explore

#: how many farthest positions are printed
SHOWN = 5
_UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}


def memory_size(text: str) -> int:
    """``8G``, ``500M``, ``1024`` (bytes) for argparse."""
    cleaned = text.strip().upper().removesuffix("B").removesuffix("I")
    unit = cleaned[-1:] if cleaned[-1:] in _UNITS else ""
    try:
        size = float(cleaned.removesuffix(unit)) * _UNITS[unit]
    except ValueError:
        size = math.nan
    if not math.isfinite(size) or size < 0:  # inf, 1e400, nan, -1: no memory size
        raise argparse.ArgumentTypeError(
            f"expected a size such as 8G or 500M (a finite number of bytes), got {shown(text)}"
        )
    return int(size)


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "rules", metavar="RULES", type=puzzle, help="a label, or post colours (NNNN)"
    )
    parser.add_argument(
        "n",
        metavar="N",
        nargs="?",
        type=disk_count,
        help="the number of disks (may be left out when --from or --to writes a position)",
    )
    what = parser.add_mutually_exclusive_group()
    for flag, text in (
        ("--layers", "how many positions lie at each distance from --from (a complete search)"),
        ("--eccentricity", "the largest distance from --from, and the positions there"),
        ("--diameter", "the largest distance between two positions joined by a path"),
        (
            "--invariants",
            (
                "diameter, radius, centre, Wiener index, mean distance, distance distribution, "
                "antipodal pairs and pairs with several shortest paths of the graph of the "
                "positions --from reaches (a complete search from each of them)"
            ),
        ),
    ):
        what.add_argument(flag, action="store_true", help=text)
    what.add_argument(
        "--table", metavar="FILE", help="write the distance of every position to --to"
    )
    parser.add_argument(
        "--from",
        dest="source",
        metavar="POSITION",
        default="start",
        help="posts largest disk first, then faces: SSID/rrrb (default: start)",
    )
    parser.add_argument(
        "--to", dest="target", metavar="POSITION", default="goal", help="(default: goal)"
    )
    parser.add_argument(
        "--save",
        metavar="FILE",
        help="with --layers or --eccentricity: write the exploration (layer counts) as JSON; "
        "with --invariants, the invariants",
    )
    parser.add_argument(
        "--engine",
        choices=ENGINES,
        default="auto",
        help="compiled (numba), numpy (vectorised), python, or auto: the fastest installed",
    )
    parser.add_argument(
        "--no-symmetry",
        dest="symmetry",
        action="store_false",
        help="with --layers, --eccentricity or --invariants: search every position, not one "
        "per symmetric orbit of the posts (the counts are the same; for checking and timing)",
    )
    parser.add_argument(
        "--max-memory",
        metavar="SIZE",
        type=memory_size,
        help="refuse at once a search that would need more (8G, 500M)",
    )
    parser.add_argument(
        "--max-states",
        metavar="N",
        type=int,
        default=DEFAULT_MAX_STATES,
        help=f"the most positions a distance search visits (default {DEFAULT_MAX_STATES:,})",
    )
    parser.add_argument(
        "--max-pairs",
        metavar="N",
        type=int,
        help="with --invariants: refuse at once if the searches would visit more pairs "
        "(default: 10**11 compiled, 10**10 numpy, 10**8 python)",
    )
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run --layers or --eccentricity on the Dask cluster of this scheduler",
    )
    progress = parser.add_mutually_exclusive_group()
    progress.add_argument(
        "--progress",
        action="store_true",
        default=None,
        help="show progress on standard error (default: when it is a terminal)",
    )
    progress.add_argument(
        "--no-progress", dest="progress", action="store_false", help="never show progress"
    )


def _run(args: argparse.Namespace) -> int:
    if args.save and not (args.layers or args.eccentricity or args.invariants):
        raise CommandError(
            "--save writes what --layers, --eccentricity or --invariants finds: add one of them "
            "(--table FILE writes a distance table)",
            Status.USAGE,
        )
    rules, variant = args.rules
    source, target = ends(rules, variant, args.n, args.source, args.target)
    n = source.n
    show = is_terminal(sys.stderr) if args.progress is None else args.progress
    options: dict[str, Any] = {"engine": args.engine, "max_memory": args.max_memory}
    out = sys.stdout
    if args.diameter:
        out.write(f"diameter: {diameter(rules, n, **options)}\n")
    elif args.invariants:
        graph = invariants(
            rules,
            n,
            start=source,
            progress=show,
            symmetry=args.symmetry,
            max_pairs=args.max_pairs,
            **options,
        )
        out.write(describe_invariants(graph))
        if args.save:
            fileformat.write_json(args.save, graph.to_json())
            out.write(f"wrote {args.save}\n")
    elif args.table:
        table = remoteness(rules, target, progress=show, **options)
        table.save(args.table)
        out.write(f"to: {target}\nmax distance: {table.max_distance}\n")
        out.write(f"positions reaching it: {table.reachable:,}\nwrote {args.table}\n")
    elif args.layers or args.eccentricity:
        client = _client(args.scheduler)
        try:
            found = explore(
                rules, source, progress=show, client=client, symmetry=args.symmetry, **options
            )
        finally:
            if client is not None:
                client.close()
        out.write(f"from: {source}\n")
        if args.layers:
            out.write("distance positions\n")
            out.writelines(f"{d} {count}\n" for d, count in enumerate(found.counts))
        out.write(f"reachable: {found.reachable:,}\neccentricity: {found.eccentricity}\n")
        _farthest(found, out)
        out.write(
            f"engine: {found.engine}, {found.elapsed:.2f} s, {found.rate:,.0f} positions per "
            f"second, {human_bytes(found.peak_memory)}\n"
        )
        if args.save:
            found.save(args.save)
            out.write(f"wrote {args.save}\n")
    else:
        moves = checked_distance(rules, source, target, args.max_states)
        if moves is None:
            moves = distance(
                rules, source, target, max_states=args.max_states, engine=args.engine,
                progress=show,
            )  # fmt: skip
        out.write(f"from: {source}\nto: {target}\ndistance: {moves}\n")
    return 0


def describe_invariants(found: GraphInvariants) -> str:
    """The lines ``search --invariants`` prints."""
    kind = "ordered pairs, distances along the moves" if found.directed else "unordered pairs"
    moves = "one-way moves (arcs)" if found.directed else "moves (edges)"
    mean = found.mean_distance
    symmetry = (
        f"one per orbit of {found.symmetry:,} permutations of the posts"
        if found.symmetry > 1
        else "no symmetry of the posts"
    )
    lines = [
        f"from: {found.start}",
        (
            f"graph: {_count(found.positions, 'position')} reachable from it, {found.moves:,} "
            f"{moves}; {kind}"
        ),
        f"diameter: {found.diameter}",
        f"radius: {found.radius} (centre: {_count(found.centre_size, 'position')})",
        f"eccentricity of the start: {found.start_eccentricity}",
        f"Wiener index: {found.wiener_index:,} over {_count(found.pairs, 'pair')}",
        f"mean distance: {mean} = {float(mean):.6g}",
        f"antipodal pairs: {found.antipodal_pairs:,}",
        f"pairs with more than one shortest path: {found.several_shortest_paths:,}",
        "distance pairs",
        *(f"{d} {count}" for d, count in enumerate(found.distribution) if d),
        (
            f"engine: {found.engine}, {_count(found.searches, 'search', 'searches')} ({symmetry}), "
            f"{found.elapsed:.2f} s"
        ),
    ]
    return "".join(line + "\n" for line in lines)


def _count(value: int, noun: str, plural: str | None = None) -> str:
    return f"{value:,} {noun if value == 1 else plural or noun + 's'}"


def _farthest(found: Any, out: Any) -> None:
    try:
        farthest = found.farthest_positions()
    except SearchLimitError as error:  # a last layer of over a million positions
        out.write(f"farthest positions: not kept ({error})\n")
        return
    out.write(f"farthest positions: {len(farthest):,}\n")
    out.writelines(f"  {state}\n" for state in farthest[:SHOWN])
    if len(farthest) > SHOWN:
        out.write("  ...\n")


def _client(address: str | None) -> Any:
    if address is None:
        return None
    try:  # an optional dependency, imported on first use (and untyped)
        distributed: Any = importlib.import_module("dask.distributed")
    except ImportError:
        raise CommandError(
            "--scheduler needs dask: pip install 'hanoi-magnet[distributed]'", Status.USAGE
        ) from None
    try:
        return distributed.Client(address, timeout="10s")
    except (ValueError, TypeError) as error:  # not an address at all
        raise CommandError(f"--scheduler {shown(address)}: {error}", Status.USAGE) from None
    except (OSError, TimeoutError) as error:  # nothing answers there
        raise CommandError(
            f"--scheduler {shown(address)}: cannot reach a Dask scheduler there ({error})",
            Status.FAILED,
        ) from None


SEARCH = Command(
    "search",
    "distances, layer counts, eccentricity, diameter, whole-graph invariants by exhaustive "
    "search (any rules)",
    _arguments,
    _run,
)
