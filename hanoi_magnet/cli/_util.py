"""What the subcommands share: Command, argument types, colour choice, big numbers, progress."""

from __future__ import annotations

import argparse
import enum
import os
import shutil
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TextIO, TypeVar

import attrs

from hanoi_magnet._text import shown
from hanoi_magnet.cli._bigdecimal import int_to_text, text_to_int
from hanoi_magnet.errors import InvalidArgumentError, UnknownVariantError
from hanoi_magnet.model import MAX_DISKS, Color, Move
from hanoi_magnet.registry import default_registry
from hanoi_magnet.rules import MagneticRules
from hanoi_magnet.variants import Variant, normalize_label

T = TypeVar("T")


def decimal(value: int) -> str:
    """``str(value)`` for an int of any size, in subquadratic time (see ``_bigdecimal``)."""
    return int_to_text(value)


def integer(text: str) -> int:
    """An integer argument (any sign, any size, ``_`` allowed between digits) for argparse."""
    try:
        return text_to_int(text.replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer, got {shown(text)}") from None


def disk_count(text: str) -> int:
    """A number of disks for argparse: an integer from 0 to MAX_DISKS."""
    try:
        n = integer(text)
    except argparse.ArgumentTypeError:
        n = -1
    if not 0 <= n <= MAX_DISKS:
        raise argparse.ArgumentTypeError(
            f"the number of disks must be an integer from 0 to {MAX_DISKS:,}, got {shown(text)}"
        )
    return n


def variant_label(text: str) -> str:
    """A known variant label for argparse, in its canonical spelling; else the close matches."""
    try:
        default_registry.get(text)
    except (UnknownVariantError, InvalidArgumentError) as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    except (ValueError, OverflowError) as error:  # a library without the check of huge numbers
        raise argparse.ArgumentTypeError(
            f"unknown variant label {shown(text)} ({type(error).__name__})"
        ) from None
    return normalize_label(text)


def use_color(choice: bool | None, stream: TextIO) -> bool:
    """Whether to write ANSI colours to ``stream``.

    ``--color``/``--no-color`` decide if given; else no colour when ``NO_COLOR`` is set (and not
    empty, see no-color.org) or ``TERM=dumb``; else colour exactly when ``stream`` is a terminal.
    """
    if choice is not None:
        return choice
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    return is_terminal(stream)


#: The width assumed when the terminal reports none (a 0x0 pseudo-terminal, an IDE console).
FALLBACK_WIDTH = 80


def terminal_width() -> int:
    """The terminal's width in columns: ``COLUMNS`` or the terminal's own, else 80.

    Python 3.10's :func:`shutil.get_terminal_size` returns 0 for a terminal that reports a size
    of 0x0 (later versions fall back); so does a ``COLUMNS=0`` environment: both mean unknown.
    """
    columns = shutil.get_terminal_size((FALLBACK_WIDTH, 24)).columns
    return columns if columns > 0 else FALLBACK_WIDTH


def is_terminal(stream: TextIO) -> bool:
    """Whether ``stream`` is an interactive terminal (False for closed or odd streams)."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False


class Progress:
    """A one-line progress count on a terminal, for commands that may run long.

    ``Progress.over(items, ...)`` passes the items through unchanged; when ``stream`` is a
    terminal it also rewrites one line with the count read so far, at most a few times a
    second, and erases it at the end. On anything but a terminal it adds nothing.
    """

    CHECK_EVERY = 4096  # items between two looks at the clock
    INTERVAL = 0.25  # seconds between two updates of the line

    def __init__(self, stream: TextIO, what: str, total: int | None = None) -> None:
        self.stream = stream
        self.what = what
        self.total = total
        self.shown = False

    @classmethod
    def over(
        cls, items: Iterable[T], stream: TextIO, what: str, total: int | None = None
    ) -> Iterator[T]:
        """``items``, counted on ``stream`` if it is a terminal (out of ``total``, if known)."""
        if not is_terminal(stream):
            yield from items
            return
        progress = cls(stream, what, total)
        try:
            yield from progress._count(items)
        finally:
            progress.clear()

    def _count(self, items: Iterable[T]) -> Iterator[T]:
        last = time.monotonic()
        count = 0
        for count, item in enumerate(items, 1):
            yield item
            if count % self.CHECK_EVERY == 0 and time.monotonic() - last >= self.INTERVAL:
                self.stream.write(f"\r{self.what}: {self._amount(count)}")
                self.stream.flush()
                self.shown, last = True, time.monotonic()

    def _amount(self, count: int) -> str:
        if not self.total:
            return f"{count:,}"
        return f"{count:,} of {self.total:,} ({min(count, self.total) * 100 // self.total}%)"

    def clear(self) -> None:
        """Erase the progress line, if one was written."""
        if self.shown:
            self.stream.write("\r\x1b[2K")
            self.stream.flush()
            self.shown = False


@attrs.frozen
class Command:
    """One subcommand: ``hanoi-magnet NAME ...``.

    Attributes:
        name: the word after ``hanoi-magnet``.
        help: one line for ``hanoi-magnet --help``.
        add_arguments: declares the subcommand's arguments on its parser.
        run: does the work with the parsed arguments; returns the exit status.
    """

    name: str
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


def puzzle_arguments(parser: argparse.ArgumentParser, *, positions: bool = False) -> None:
    """Declare the LABEL and N arguments every puzzle command takes.

    With ``positions`` (a command that also takes ``--from``/``--to``), N may be left out: a
    written position gives it.
    """
    parser.add_argument(
        "label",
        metavar="LABEL",
        type=variant_label,
        help="a variant label, e.g. NNN, RBB, classic, classic:4 (list them: variants)",
    )
    if positions:
        parser.add_argument(
            "n",
            metavar="N",
            nargs="?",
            type=disk_count,
            help="the number of disks (0 to 1,000,000; may be left out when --from or --to "
            "writes a position)",
        )
        return
    parser.add_argument(
        "n", metavar="N", type=disk_count, help="the number of disks (0 to 1,000,000)"
    )


def post_colors(variant: Variant) -> tuple[Color | None, ...] | None:
    """The colours of the posts of a magnetic variant, for pictures (None: classic)."""
    rules = variant.rules
    return rules.post_colors if isinstance(rules, MagneticRules) else None


def output_argument(parser: argparse.ArgumentParser, kind: str = "FILE") -> None:
    """Declare ``-o/--output FILE`` (``-``, the default, is standard output)."""
    parser.add_argument(
        "-o",
        "--output",
        metavar=kind,
        default="-",
        help=f"the {'SVG ' if kind.endswith('.svg') else ''}file to write "
        "(default: - for standard output)",
    )


def picture_arguments(parser: argparse.ArgumentParser, formats: tuple[str, ...]) -> None:
    """Declare ``-o/--output FILE``, ``--format`` and ``--scale`` for a picture command."""
    parser.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        default="-",
        help="the file to write, in the format its suffix names ("
        + ", ".join(f".{name}" for name in formats)
        + "; PNG and PDF need pip install 'hanoi-magnet[export]'); default: - for standard "
        "output",
    )
    parser.add_argument(
        "--format",
        choices=formats,
        help=f"the format, whatever the suffix (default: the suffix's, else {formats[0]})",
    )
    parser.add_argument(
        "--scale",
        type=_scale,
        default=1.0,
        metavar="S",
        help="PNG and PDF: magnify S times (2 for sharp slides; default 1)",
    )


def _scale(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value <= 64:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(
            f"--scale takes a number above 0, at most 64, got {text!r}"
        )
    return value


def output_format(output: str, chosen: str | None, formats: tuple[str, ...]) -> str:
    """The format to write: ``--format``, else the suffix of ``-o``, else the first of formats.

    A suffix of another format, or one that no format has, is refused (status 2) before
    anything is computed: an SVG never lands in a ``.png`` file.
    """
    suffix = Path(output).suffix.lower().lstrip(".") if output != "-" else ""
    suffix = {"gv": "dot", "htm": "html"}.get(suffix, suffix)
    if chosen is not None:
        if suffix and suffix != chosen:
            raise CommandError(
                f"--format {chosen} does not match the suffix of {output!r}", Status.USAGE
            )
        return chosen
    if not suffix:
        return formats[0]
    if suffix not in formats:
        raise CommandError(
            f"cannot write {output!r}: the suffix .{suffix} is not a format of this command "
            f"({', '.join('.' + name for name in formats)})",
            Status.USAGE,
        )
    return suffix


def write_picture(lines: Iterable[str], output: str, fmt: str, scale: float) -> None:
    """Write a picture: text formats as their lines come, PNG and PDF converted from SVG."""
    if fmt not in ("png", "pdf"):
        write_lines(lines, output)
        return
    from hanoi_magnet.draw import svg_to  # noqa: PLC0415 (the draw package only when drawing)

    try:
        data = svg_to("".join(lines), fmt, scale=scale)
    except ImportError as error:
        raise CommandError(str(error), Status.FAILED) from None
    if output == "-":
        if is_terminal(sys.stdout):
            raise CommandError(
                f"will not write {fmt.upper()} to a terminal: give -o FILE.{fmt}", Status.USAGE
            )
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        return
    try:
        Path(output).write_bytes(data)
    except OSError as error:
        message = f"cannot write {output}: {error.strerror or error}"
        raise CommandError(message, Status.UNREADABLE) from None
    print(f"wrote {output}")


def write_output(text: str, output: str) -> None:
    """Write ``text`` to standard output (``-``) or to the file ``output``, saying so."""
    write_lines([text], output)


def write_lines(lines: Iterable[str], output: str) -> None:
    """Write ``lines`` as they come to standard output (``-``) or to the file ``output``."""
    if output == "-":
        sys.stdout.writelines(lines)
        return
    try:
        with Path(output).open("w", encoding="utf-8") as file:
            file.writelines(lines)
    except OSError as error:
        message = f"cannot write {output}: {error.strerror or error}"
        raise CommandError(message, Status.UNREADABLE) from None
    print(f"wrote {output}")


class Status(enum.IntEnum):
    """The exit statuses of ``hanoi-magnet``: one scheme for every command, each outcome its own.

    ``validate`` answers with 0, 1 or 3; the others are the same for every command.
    """

    OK = 0  #: success (validate: the moves are legal and reach the goal)
    ILLEGAL = 1  #: validate: an illegal or malformed move
    USAGE = 2  #: bad arguments: an unknown label, a bad N, a position outside the solution...
    NOT_SOLVED = 3  #: validate: every move legal, but the goal is not reached
    UNREADABLE = 4  #: a file cannot be read or written (missing, a directory, no permission...)
    NOT_UTF8 = 5  #: the input is not UTF-8 text
    FAILED = 6  #: the request cannot be met: no solution, too large, a solver failed...
    INTERRUPTED = 130  #: interrupted (Ctrl-C), as shells report SIGINT


#: The table of :class:`Status`, for ``--help`` and the documentation.
STATUS_HELP = """exit status:
  0  success (validate: the moves solve the puzzle)
  1  validate: an illegal or malformed move
  2  usage error: bad arguments, unknown label, position outside the solution
  3  validate: the moves are legal but do not reach the goal
  4  a file cannot be read or written
  5  the input is not UTF-8 text
  6  the request cannot be met: no solution, too large, a solver failed, a busy port
  130 interrupted"""


class CommandError(Exception):
    """A failure a subcommand reports in one line, with the exit status to return."""

    def __init__(self, message: str, status: int = Status.FAILED) -> None:
        super().__init__(message)
        self.status = status


def move_name(index: int, move: Move, posts: int) -> str:
    """A move in human-readable text: ``move 4, disk 1: S -> D`` (``index`` counted from 0).

    Every command names moves this way: ``move k`` is ``solution[k]``, move 0 the first.
    """
    return f"move {decimal(index)}, disk {move.format(posts)}"


def disks(n: int) -> str:
    """``'1 disk'``, ``'3 disks'``."""
    return f"{decimal(n)} disk{'' if n == 1 else 's'}"
