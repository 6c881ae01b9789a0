"""The picture subcommands of ``hanoi-magnet``: ``show`` (terminal) and ``draw`` (SVG)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from hanoi_magnet._text import integer_text
from hanoi_magnet.cli import _util as _cliutil
from hanoi_magnet.cli._util import (
    Command,
    CommandError,
    Status,
    decimal,
    disks,
    integer,
    move_name,
    output_format,
    picture_arguments,
    post_colors,
    puzzle_arguments,
    write_picture,
)
from hanoi_magnet.draw._positions import render_strip, render_svg, render_text
from hanoi_magnet.model import State
from hanoi_magnet.registry import solve
from hanoi_magnet.solution import Solution

#: The most moves ``draw --strip`` draws (one panel per position).
STRIP_MAX_MOVES = 64

#: The most disks ``draw`` draws: beyond, the picture's disks are thinner than a hundredth of
#: a pixel and the file grows by about 180 bytes a disk (``show`` lists any number).
DRAW_MAX_DISKS = 10_000
_SVG_BYTES_PER_DISK = 180


def _add_position_argument(add_argument: Callable[..., argparse.Action]) -> None:
    """Declare ``--at K`` with a parser's (or an exclusive group's) ``add_argument``."""
    add_argument(
        "--at",
        type=integer,
        default=0,
        metavar="K",
        help="the position after K moves of the optimal solution (default 0, the start; "
        "negative counts from the end: -1 is the goal)",
    )


#: ``--at K`` up to this many moves replays the first moves instead of descending the plan:
#: they move only the smallest disks, so the position is the start's with those changed.
REPLAY_MOVES = 4096


def _after_first_moves(solution: Solution, k: int) -> State:
    """The position after the first ``k`` moves, from the moves themselves (k small).

    Disks the moves leave alone stay where the start has them, at the bottom of their stacks;
    the moved ones are on top, largest first (the position is legal), their faces turned once
    per move. O(n + k): no descent through the n levels of the plan.
    """
    start = solution.start
    where: dict[int, int] = {}
    turns: dict[int, int] = {}
    for move in solution[0:k]:
        where[move.disk] = move.target
        turns[move.disk] = turns.get(move.disk, 0) + 1
    stacks = [[disk for disk in stack if disk not in where] for stack in start.posts]
    for disk in sorted(where, reverse=True):
        stacks[where[disk]].append(disk)
    faces = None
    if start.faces is not None:
        faces = list(start.faces)
        for disk, count in turns.items():
            if count % 2:
                faces[disk - 1] = faces[disk - 1].flipped
    # legal by construction (the solution's moves from its start): no need to check a
    # million disks again
    return State._trusted(tuple(map(tuple, stacks)), None if faces is None else tuple(faces))


def _position(solution: Solution, at: int) -> tuple[State, int, str]:
    """The position after ``--at`` moves, the move count (>= 0) and a one-line title."""
    if 0 <= at <= min(REPLAY_MOVES, solution.length):
        state = _after_first_moves(solution, at)
    else:
        state = solution.unrank(at)  # raises MoveIndexError for a K out of range (of any size)
    k = at if at >= 0 else at + solution.length + 1
    title = (
        f"{solution.variant.label}, {disks(solution.n)}: "
        f"the position after {integer_text(k)} of {integer_text(solution.length)} moves"
    )
    return state, k, title


def _show_arguments(parser: argparse.ArgumentParser) -> None:
    puzzle_arguments(parser)
    _add_position_argument(parser.add_argument)
    parser.add_argument(
        "--color",
        action=argparse.BooleanOptionalAction,
        help="colour the faces red and blue with ANSI escapes (default: only when standard "
        "output is a terminal and NO_COLOR is not set; without colour, faces are the letters "
        "r and b)",
    )


def _run_show(args: argparse.Namespace) -> int:
    solution = solve(args.label, args.n)
    state, k, title = _position(solution, args.at)
    picture = render_text(
        state,
        color=_cliutil.use_color(args.color, sys.stdout),
        post_colors=post_colors(solution.variant),
        max_width=_cliutil.terminal_width(),
    )
    print(title)
    print(picture)
    if k < solution.length:
        print(f"next: {move_name(k, solution[k], solution.variant.posts)}")
    else:
        print("next: none, the goal is reached")
    return 0


SHOW = Command(
    "show", "draw the position after K moves in the terminal", _show_arguments, _run_show
)


def _draw_arguments(parser: argparse.ArgumentParser) -> None:
    puzzle_arguments(parser)
    which = parser.add_mutually_exclusive_group()
    _add_position_argument(which.add_argument)
    which.add_argument(
        "--strip",
        action="store_true",
        help=f"draw every position of the solution, in rows (at most {STRIP_MAX_MOVES} moves)",
    )
    parser.add_argument(
        "--per-row",
        type=_panels,
        default=4,
        metavar="P",
        help="with --strip: at most P positions in a row, then the next row (default 4)",
    )
    picture_arguments(parser, PICTURE_FORMATS)


def _panels(text: str) -> int:
    count = integer(text)
    if count < 1:
        raise argparse.ArgumentTypeError(f"--per-row takes a positive integer, got {text!r}")
    return count


#: What ``draw`` writes: SVG, or PNG and PDF converted from it.
PICTURE_FORMATS = ("svg", "png", "pdf")


def _run_draw(args: argparse.Namespace) -> int:
    fmt = output_format(args.output, args.format, PICTURE_FORMATS)  # refused before drawing
    if args.n > DRAW_MAX_DISKS:
        size = args.n * _SVG_BYTES_PER_DISK / 2**20
        raise CommandError(
            f"a picture of {args.n:,} disks would be about {size:,.0f} MiB of SVG, each disk "
            f"thinner than a hundredth of a pixel; draw takes at most {DRAW_MAX_DISKS:,} disks "
            "(show lists the posts of any number)",
            Status.FAILED,
        )
    solution = solve(args.label, args.n)
    colors = post_colors(solution.variant)
    if args.strip:
        if solution.length > STRIP_MAX_MOVES:
            raise CommandError(
                f"--strip draws solutions of at most {STRIP_MAX_MOVES} moves, but "
                f"{solution.variant.label} with {disks(solution.n)} takes "
                f"{decimal(solution.length)}: use fewer disks, or --at K",
                Status.USAGE,
            )
        posts = solution.variant.posts
        states = [solution.unrank(k) for k in range(solution.length + 1)]
        captions = ["start", *(move_name(k, m, posts) for k, m in enumerate(solution))]
        svg = render_strip(states, post_colors=colors, captions=captions, per_row=args.per_row)
    else:
        state, _, title = _position(solution, args.at)
        svg = render_svg(state, post_colors=colors, title=title)
    write_picture([svg], args.output, fmt, args.scale)
    return 0


DRAW = Command(
    "draw",
    "draw a position, or a short solution, as SVG, PNG or PDF",
    _draw_arguments,
    _run_draw,
)
