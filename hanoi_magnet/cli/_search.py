"""The ``search`` subcommand of ``hanoi-magnet``: distances, layer counts, eccentricity, diameter.

Rules are a variant label (``classic:4``, ``NNN``, ``linear``...) or the colours of any number of
posts (``NNNN``, ``RBNN``: magnetic rules on four posts). Positions are written as the post of
each disk, largest first (``SSID``, or ``0013`` beyond three posts), then for magnetic rules the
up face of each disk, largest first (``SSID rrrb``); ``start`` and ``goal`` name the towers of
the puzzle (from the first post to the last, with the faces of the variant's conventions).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Any

from hanoi_magnet.cli._util import Command, CommandError, Status, disk_count, is_terminal
from hanoi_magnet.errors import InvalidArgumentError, SearchLimitError, UnknownVariantError
from hanoi_magnet.model import Color, State, post_name
from hanoi_magnet.registry import default_registry
from hanoi_magnet.rules import MagneticRules, Rules
from hanoi_magnet.search import DEFAULT_MAX_STATES, distance
from hanoi_magnet.search._exhaustive.budget import human_bytes
from hanoi_magnet.search._exhaustive.diameter import diameter
from hanoi_magnet.search._exhaustive.distance_tables import remoteness
from hanoi_magnet.search._exhaustive.engines import ENGINES
from hanoi_magnet.search._exhaustive.queries import explore
from hanoi_magnet.variants import Variant

#: how many farthest positions are printed
SHOWN = 5
_UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}


def puzzle(text: str) -> tuple[Rules, Variant | None]:
    """``(rules, variant)`` for a label, ``(rules, None)`` for post colours, for argparse."""
    cleaned = text.strip()
    if len(cleaned) >= 3 and set(cleaned.upper()) <= set("RBN") and len(cleaned) != 3:
        return MagneticRules(cleaned), None
    try:
        variant = default_registry.variant(cleaned)
    except (UnknownVariantError, InvalidArgumentError) as error:
        raise argparse.ArgumentTypeError(
            f"{error} (or give post colours such as NNNN for magnetic rules on four posts)"
        ) from None
    return variant.rules, variant


def towers(rules: Rules, variant: Variant | None, n: int) -> tuple[State, State]:
    """The start and goal of the puzzle: the variant's, or first post to last post."""
    if variant is not None:
        return variant.start(n), variant.goal(n)
    posts = rules.posts
    if not isinstance(rules, MagneticRules):
        return State.tower(n, 0, posts=posts), State.tower(n, posts - 1, posts=posts)
    first, last = rules.post_colors[0], rules.post_colors[-1]
    start = first or Color.RED
    goal = last or start.flipped
    return State.tower(n, 0, posts=posts, face=start), State.tower(
        n, posts - 1, posts=posts, face=goal
    )


def position(text: str, rules: Rules, n: int, named: dict[str, State]) -> State:
    """A position written as posts (largest disk first) and, if magnetic, faces."""
    words = text.split()
    if len(words) == 1 and words[0].lower() in named:
        return named[words[0].lower()]
    posts = rules.posts
    names = [post_name(post, posts).upper() for post in range(posts)]
    if not words or len(words[0]) != n or len(words) > 2:
        raise InvalidArgumentError(
            f"a position of {n} disks is {n} post names, largest disk first (from "
            f"{', '.join(names)}), then for magnetic rules {n} faces (r or b); got {text!r}"
        )
    stacks: list[list[int]] = [[] for _ in range(posts)]
    for disk, name in zip(range(n, 0, -1), words[0].upper(), strict=True):
        if name not in names:
            raise InvalidArgumentError(f"{name!r} is not a post; the posts are {', '.join(names)}")
        stacks[names.index(name)].append(disk)
    faces = None
    if rules.magnetic:
        if len(words) != 2 or len(words[1]) != n:
            raise InvalidArgumentError(
                f"magnetic positions need {n} faces after the posts: {text!r}"
            )
        faces = [Color.parse(face) for face in reversed(words[1])]
    state = State(stacks, faces=faces)
    reason = rules.check_state(state)
    if reason is not None:
        raise InvalidArgumentError(f"{text!r} is not a legal position: {reason}")
    return state


def memory_size(text: str) -> int:
    """``8G``, ``500M``, ``1024`` (bytes) for argparse."""
    cleaned = text.strip().upper().removesuffix("B").removesuffix("I")
    unit = cleaned[-1:] if cleaned[-1:] in _UNITS else ""
    try:
        return int(float(cleaned.removesuffix(unit)) * _UNITS[unit])
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a size such as 8G or 500M, got {text!r}"
        ) from None


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "rules", metavar="RULES", type=puzzle, help="a label, or post colours (NNNN)"
    )
    parser.add_argument("n", metavar="N", type=disk_count, help="the number of disks")
    what = parser.add_mutually_exclusive_group()
    for flag, text in (
        ("--layers", "how many positions lie at each distance from --from (a complete search)"),
        ("--eccentricity", "the largest distance from --from, and the positions there"),
        ("--diameter", "the largest distance between two positions joined by a path"),
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
        help="posts largest disk first, then faces: SSID rrrb (default: start)",
    )
    parser.add_argument(
        "--to", dest="target", metavar="POSITION", default="goal", help="(default: goal)"
    )
    parser.add_argument("--save", metavar="FILE", help="with --layers: write the counts as JSON")
    parser.add_argument(
        "--engine",
        choices=ENGINES,
        default="auto",
        help="numpy (vectorised), python, or auto: numpy when installed",
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
    rules, variant = args.rules
    start, goal = towers(rules, variant, args.n)
    named = {"start": start, "goal": goal}
    source = position(args.source, rules, args.n, named)
    target = position(args.target, rules, args.n, named)
    show = is_terminal(sys.stderr) if args.progress is None else args.progress
    options: dict[str, Any] = {"engine": args.engine, "max_memory": args.max_memory}
    out = sys.stdout
    if args.diameter:
        out.write(f"diameter: {diameter(rules, args.n, **options)}\n")
    elif args.table:
        table = remoteness(rules, target, progress=show, **options)
        table.save(args.table)
        out.write(f"to: {target}\nmax distance: {table.max_distance}\n")
        out.write(f"positions reaching it: {table.reachable:,}\nwrote {args.table}\n")
    elif args.layers or args.eccentricity:
        client = _client(args.scheduler)
        try:
            found = explore(rules, source, progress=show, client=client, **options)
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
        moves = distance(
            rules, source, target, max_states=args.max_states, engine=args.engine, progress=show
        )
        out.write(f"from: {source}\nto: {target}\ndistance: {moves}\n")
    return 0


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
    return distributed.Client(address)


SEARCH = Command(
    "search",
    "distances, layer counts, eccentricity, diameter by exhaustive search (any rules)",
    _arguments,
    _run,
)
