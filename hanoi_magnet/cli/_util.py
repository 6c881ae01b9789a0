"""What the subcommands share: Command, argument types, colour choice, big numbers, progress."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TextIO

import attrs

from hanoi_magnet._digits import unlimited_digits
from hanoi_magnet.errors import InvalidArgumentError, UnknownVariantError
from hanoi_magnet.model import MAX_DISKS, Color
from hanoi_magnet.registry import default_registry
from hanoi_magnet.rules import MagneticRules
from hanoi_magnet.variants import Variant, normalize_label


def decimal(value: int) -> str:
    """``str(value)`` for an int of any size."""
    with unlimited_digits():
        return str(value)


def integer(text: str) -> int:
    """An integer argument (any sign, any size) for argparse."""
    try:
        with unlimited_digits():
            return int(text.replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer, got {text!r}") from None


def disk_count(text: str) -> int:
    """A number of disks for argparse: an integer from 0 to MAX_DISKS."""
    try:
        n = integer(text)
    except argparse.ArgumentTypeError:
        n = -1
    if not 0 <= n <= MAX_DISKS:
        raise argparse.ArgumentTypeError(
            f"the number of disks must be an integer from 0 to {MAX_DISKS:,}, got {text!r}"
        )
    return n


def variant_label(text: str) -> str:
    """A known variant label for argparse, in its canonical spelling; else the close matches."""
    try:
        default_registry.get(text)
    except (UnknownVariantError, InvalidArgumentError) as error:
        raise argparse.ArgumentTypeError(str(error)) from None
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

    def __init__(self, stream: TextIO, what: str) -> None:
        self.stream = stream
        self.what = what
        self.shown = False

    @classmethod
    def over(cls, items: Iterable[str], stream: TextIO, what: str) -> Iterator[str]:
        """``items``, counted on ``stream`` if it is a terminal."""
        if not is_terminal(stream):
            yield from items
            return
        progress = cls(stream, what)
        try:
            yield from progress._count(items)
        finally:
            progress.clear()

    def _count(self, items: Iterable[str]) -> Iterator[str]:
        last = time.monotonic()
        count = 0
        for count, item in enumerate(items, 1):
            yield item
            if count % self.CHECK_EVERY == 0 and time.monotonic() - last >= self.INTERVAL:
                self.stream.write(f"\r{self.what}: {count:,}")
                self.stream.flush()
                self.shown, last = True, time.monotonic()

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


def puzzle_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the LABEL and N arguments every puzzle command takes."""
    parser.add_argument(
        "label",
        metavar="LABEL",
        type=variant_label,
        help="a variant label, e.g. NNN, RBB, classic, classic:4 (list them: variants)",
    )
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


def write_output(text: str, output: str) -> None:
    """Write ``text`` to standard output (``-``) or to the file ``output``, saying so."""
    if output == "-":
        sys.stdout.write(text)
    else:
        Path(output).write_text(text, encoding="utf-8")
        print(f"wrote {output}")


class CommandError(Exception):
    """A failure a subcommand reports in one line, with the exit status to return."""

    def __init__(self, message: str, status: int = 1) -> None:
        super().__init__(message)
        self.status = status


def disks(n: int) -> str:
    """``'1 disk'``, ``'3 disks'``."""
    return f"{decimal(n)} disk{'' if n == 1 else 's'}"
