"""The ``hanoi-magnet`` command (also ``python -m hanoi_magnet``): explore the puzzles from a shell.

Subcommands: ``variants``, ``solve``, ``show``, ``count``, ``validate``, ``distance``, ``path``,
``draw``, ``graph``, ``view``, ``search`` and ``eval``; run ``hanoi-magnet SUBCOMMAND --help``
for each one's arguments, or see the command-line page of the documentation.

Errors are one line on standard error, never a traceback. Every outcome has its own exit
status, the same for every command (see :class:`hanoi_magnet.cli._util.Status`): 0 success,
1 an illegal move and 3 legal moves that miss the goal (``validate``), 2 a usage error (a bad
argument, an unknown label, a position outside the solution), 4 a file that cannot be read or
written, 5 input that is not UTF-8, 6 a request that cannot be met (no solution, too large), 130
interrupted. A closed pipe (``hanoi-magnet solve classic 30 | head``) is not an error: the
command stops quietly with status 0.

Adding a subcommand: write its
``add_arguments(parser)`` and ``run(args) -> int`` functions in a module of their own, wrap them
in a :class:`hanoi_magnet.cli._util.Command`, and append it to :data:`COMMANDS`. Library errors
raised by ``run`` are reported by :func:`main` as described above; raise
:class:`hanoi_magnet.cli._util.CommandError` for any other one-line failure.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from importlib import metadata
from typing import NoReturn

from hanoi_magnet.cli._distance import DISTANCE, PATH
from hanoi_magnet.cli._eval import EVAL
from hanoi_magnet.cli._graph import GRAPH
from hanoi_magnet.cli._pictures import DRAW, SHOW
from hanoi_magnet.cli._puzzle import COUNT, SOLVE, VARIANTS
from hanoi_magnet.cli._search import SEARCH
from hanoi_magnet.cli._util import STATUS_HELP, Command, CommandError, Status
from hanoi_magnet.cli._validate import VALIDATE
from hanoi_magnet.cli._view import VIEW
from hanoi_magnet.errors import (
    HanoiError,
    InvalidArgumentError,
    MoveIndexError,
    UnknownVariantError,
)

__all__ = ["COMMANDS", "PROG", "main"]

#: The name the command is installed under (the console script).
PROG = "hanoi-magnet"

#: The subcommands, in the order ``hanoi-magnet --help`` lists them.
COMMANDS: list[Command] = [
    VARIANTS,
    SOLVE,
    SHOW,
    COUNT,
    VALIDATE,
    DISTANCE,
    PATH,
    DRAW,
    GRAPH,
    VIEW,
    SEARCH,
    EVAL,
]

_USAGE_ERRORS = (InvalidArgumentError, UnknownVariantError, MoveIndexError)


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (usage is one ``--help`` away)."""

    def error(self, message: str) -> NoReturn:
        self.exit(Status.USAGE, f"{self.prog}: error: {message} (see: {self.prog} --help)\n")


def _version() -> str:
    try:
        return metadata.version("hanoi-magnet")
    except metadata.PackageNotFoundError:  # running from a source tree that is not installed
        return "unknown"


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``hanoi-magnet``, with one subparser per entry of COMMANDS.

    Example:
        >>> from hanoi_magnet.cli._main import build_parser
        >>> build_parser().parse_args(["count", "nnn", "3"]).label
        'NNN'
    """
    parser = _Parser(
        prog=PROG,
        description="The Tower of Hanoi and its Magnetic variants: solve, show, count, "
        "validate and draw.",
        epilog=f"'{PROG} COMMAND --help' describes each command.\n\n{STATUS_HELP}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    subparsers = parser.add_subparsers(title="commands", metavar="COMMAND", required=True)
    for command in COMMANDS:
        sub = subparsers.add_parser(
            command.name, help=command.help, description=command.help[:1].upper() + command.help[1:]
        )
        command.add_arguments(sub)
        sub.set_defaults(run=command.run)
    return parser


def _fail(message: str, status: int) -> int:
    print(f"{PROG}: error: {' '.join(message.split())}", file=sys.stderr)
    return status


def _silence_stdout() -> None:
    """After a closed pipe (``hanoi-magnet solve ... | head``): discard what is left to flush."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # not a real file (tests): nothing to flush
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``hanoi-magnet`` with the arguments ``argv`` (default: the process's); return the status.

    Never raises for bad input or failures: they are reported in one line on standard error.

    Example:
        >>> from hanoi_magnet.cli._main import main
        >>> main(["count", "NNN", "3"])
        11
        0
        >>> main(["solve", "RBB", "1"])
        1: S -> D
        0
    """
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        status: int = args.run(args)
        sys.stdout.flush()
    except SystemExit as exit_:  # argparse: --help, --version, usage errors
        code = exit_.code
        return code if isinstance(code, int) else Status.OK if code is None else Status.USAGE
    except CommandError as error:
        return _fail(str(error), error.status)
    except _USAGE_ERRORS as error:
        return _fail(str(error), Status.USAGE)
    except HanoiError as error:
        return _fail(str(error), Status.FAILED)
    except BrokenPipeError:  # the reader went away (| head): not an error
        _silence_stdout()
        return Status.OK
    except OSError as error:  # a file (status 4), or the system refused (a busy port...: 6)
        message = f"{error.filename or ''}: {error.strerror or error}".lstrip(": ")
        return _fail(message, Status.UNREADABLE if error.filename else Status.FAILED)
    except KeyboardInterrupt:
        return _fail("interrupted", Status.INTERRUPTED)
    return int(status)
