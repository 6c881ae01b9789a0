"""The ``validate`` subcommand of ``hanoi-magnet``: replay a file of moves, answer by exit status.

The input is read as UTF-8 (a byte-order mark, as Windows editors write, is skipped), streaming,
in any of the formats ``solve`` writes (see :mod:`hanoi_magnet.cli._formats`). The verdict is
printed and returned as the exit status (see :class:`hanoi_magnet.cli._util.Status`).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
from collections.abc import Iterable, Iterator
from typing import TextIO

from hanoi_magnet._text import shown
from hanoi_magnet.cli import _util as _cliutil
from hanoi_magnet.cli._formats import FORMATS, MoveReader
from hanoi_magnet.cli._util import Command, CommandError, Status, decimal, puzzle_arguments
from hanoi_magnet.errors import Rule
from hanoi_magnet.validate import ValidationReport, validate

_BOM = "\ufeff"


def _validate_arguments(parser: argparse.ArgumentParser) -> None:
    puzzle_arguments(parser)
    parser.add_argument(
        "file",
        metavar="FILE",
        help="the moves, one per line as solve prints them ('3: S -> D') or as 'S->D', 'SD', "
        "'0 2'; '#' starts a comment; - reads standard input. UTF-8, with or without a "
        "byte-order mark",
    )
    parser.add_argument(
        "--format",
        choices=FORMATS,
        default="text",
        help="what FILE holds, as solve --format writes it: text (the default), jsonl, json "
        '(one document with a "moves" array) or csv (a header naming source and target)',
    )
    parser.epilog = _cliutil.STATUS_HELP
    parser.formatter_class = argparse.RawDescriptionHelpFormatter


def _open(path: str) -> TextIO:
    """The file as UTF-8 text (a byte-order mark skipped); CommandError if it cannot be read."""
    try:
        return open(path, encoding="utf-8-sig", newline=None)
    except (FileNotFoundError, IsADirectoryError, PermissionError) as error:
        raise CommandError(f"cannot read {path}: {error.strerror}", Status.UNREADABLE) from None
    except OSError as error:
        raise CommandError(f"cannot read {path}: {error}", Status.UNREADABLE) from None


@contextlib.contextmanager
def _standard_input() -> Iterator[TextIO]:
    """Standard input as UTF-8 text, whatever the locale says (a byte-order mark skipped)."""
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:  # a text stream without bytes (tests, embedding): take its text
        yield sys.stdin
        return
    wrapper = io.TextIOWrapper(buffer, encoding="utf-8-sig", newline=None)
    try:
        yield wrapper
    finally:
        wrapper.detach()  # leave sys.stdin's buffer open


def _without_bom(lines: Iterable[str]) -> Iterator[str]:
    """The lines, a byte-order mark at the very start removed (text streams may keep it)."""
    first = True
    for line in lines:  # not "yield from", which would close the stream if we stop early
        yield line.removeprefix(_BOM) if first else line
        first = False


def _verdict(stream: TextIO, args: argparse.Namespace, source: str) -> int:
    # a JSON document is read in chunks (it may be one long line), the others by line
    lines = _Chunks(stream) if args.format == "json" else _without_bom(stream)
    reader = MoveReader(lines, args.format)
    counted = _cliutil.Progress.over(reader, sys.stderr, "moves checked")
    try:
        report = validate(counted, args.label, args.n)
    except UnicodeDecodeError as error:
        byte = error.object[error.start : error.start + 1].hex()
        raise CommandError(
            f"{source} is not UTF-8 text ({error.reason}: byte 0x{byte})", Status.NOT_UTF8
        ) from None
    except OSError as error:
        raise CommandError(f"cannot read {source}: {error}", Status.UNREADABLE) from None
    if report.error is None and reader.problem is not None:
        return _malformed_record(report, reader.problem)
    print(report)
    if report.error is not None:
        rule = report.error.rule
        print(f"rule: {rule.value} ({rule.describe()})")
        print(f"position before move {report.error.index} (counted from 0): {report.state}")
        return Status.ILLEGAL
    if not report.solved:
        print(f"position after {decimal(report.length)} moves: {report.state}")
        return Status.NOT_SOLVED
    return Status.OK


def _malformed_record(report: ValidationReport, problem: tuple[str, str]) -> int:
    """A record of a structured format that is not a move: the same report as for text."""
    record, why = problem
    index = decimal(report.length)
    print(f"illegal: move {index} ({shown(record)}) is illegal (malformed): {why}")
    print(f"rule: {Rule.MALFORMED.value} ({Rule.MALFORMED.describe()})")
    print(f"position before move {index} (counted from 0): {report.state}")
    return Status.ILLEGAL


class _Chunks:
    """A text stream seen through ``read(size)`` only, a byte-order mark at the start removed."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.started = False

    def read(self, size: int) -> str:
        text = self.stream.read(size)
        if not self.started:
            self.started = True
            text = text.removeprefix(_BOM)
        return text


def _run_validate(args: argparse.Namespace) -> int:
    if args.file == "-":
        with _standard_input() as stream:
            return _verdict(stream, args, "standard input")
    with _open(args.file) as stream:
        return _verdict(stream, args, args.file)


VALIDATE = Command(
    "validate",
    "check a file of moves: exit 0 solved, 1 illegal, 3 legal but not solved",
    _validate_arguments,
    _run_validate,
)
