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
import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from importlib import metadata
from typing import NoReturn, TextIO

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
from hanoi_magnet.registry import PluginWarning

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
        sub.set_defaults(run=command.run, command=command.name, command_parser=sub)
    return parser


def _fail(message: str, status: int, command: str | None = None) -> int:
    """Report ``message`` as one line, ``hanoi-magnet COMMAND: error: MESSAGE``; return status."""
    print(f"{_prefix(command)}: error: {' '.join(message.split())}", file=sys.stderr)
    return status


def _prefix(command: str | None) -> str:
    return PROG if command is None else f"{PROG} {command}"


def _command_of(argv: Sequence[str] | None) -> str | None:
    """The subcommand named in ``argv`` (for errors raised before parsing ends), if any."""
    words = sys.argv[1:] if argv is None else list(argv)
    names = {command.name for command in COMMANDS}
    return next((word for word in words if word in names), None)


@contextmanager
def _plugin_warnings(command: str | None) -> Iterator[None]:
    """Show each plugin warning as one line, ``hanoi-magnet COMMAND: warning: ...``, once.

    Python's own display takes two lines and points into the library's code; a command's user
    needs only what is wrong with which plugin.
    """
    seen: set[str] = set()

    def show(
        message: Warning | str,
        category: type[Warning],
        filename: str,
        lineno: int,
        file: TextIO | None = None,
        line: str | None = None,
    ) -> None:
        del filename, lineno, line
        text = " ".join(str(message).split())
        if text in seen:
            return
        seen.add(text)
        stream = sys.stderr if file is None else file
        kind = "warning" if issubclass(category, PluginWarning) else category.__name__
        print(f"{_prefix(command)}: {kind}: {text}", file=stream)

    with warnings.catch_warnings():
        warnings.simplefilter("always", PluginWarning)
        warnings.showwarning = show
        yield


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
        moves: 11
        0
        >>> main(["solve", "RBB", "1"])
        1: S -> D
        0
    """
    command = _command_of(argv)
    with _plugin_warnings(command):
        return _main(argv, command)


def _main(argv: Sequence[str] | None, command: str | None) -> int:
    try:
        parser = build_parser()
        args, extra = parser.parse_known_args(argv)
        if extra:  # said by the subcommand's parser, whose name the error line carries
            getattr(args, "command_parser", parser).error(
                f"unrecognized arguments: {' '.join(extra)}"
            )
        command = args.command
        status: int = args.run(args)
        sys.stdout.flush()
    except SystemExit as exit_:  # argparse: --help, --version, usage errors
        code = exit_.code
        return code if isinstance(code, int) else Status.OK if code is None else Status.USAGE
    except CommandError as error:
        return _fail(str(error), error.status, command)
    except _USAGE_ERRORS as error:
        return _fail(str(error), Status.USAGE, command)
    except HanoiError as error:
        return _fail(str(error), Status.FAILED, command)
    except BrokenPipeError:  # the reader went away (| head): not an error
        _silence_stdout()
        return Status.OK
    except OSError as error:  # a file (status 4), or the system refused (a busy port...: 6)
        message = f"{error.filename or ''}: {error.strerror or error}".lstrip(": ")
        return _fail(message, Status.UNREADABLE if error.filename else Status.FAILED, command)
    except KeyboardInterrupt:
        return _fail("interrupted", Status.INTERRUPTED, command)
    except (MemoryError, RecursionError) as error:  # a last guard: still one line
        what = "out of memory" if isinstance(error, MemoryError) else "too deeply nested"
        return _fail(f"{what}; try a smaller request", Status.FAILED, command)
    except Exception as error:  # a bug: still one line, and a way to report it
        return _fail(
            f"internal error ({type(error).__name__}: {error}); please report it with the "
            "command line",
            Status.FAILED,
            command,
        )
    return int(status)
