"""The ``validate`` subcommand of ``hanoi-magnet``: replay a file of moves, answer by exit status.

The input is read as UTF-8 (a byte-order mark, as Windows editors write, is skipped), streaming,
in any of the formats ``solve`` writes (see :mod:`hanoi_magnet.cli._formats`). The verdict is
printed and returned as the exit status (see :class:`hanoi_magnet.cli._util.Status`).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import itertools
import sys
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

from hanoi_magnet._move_text import parse_token, tokens
from hanoi_magnet._text import shown
from hanoi_magnet.cli import _util as _cliutil
from hanoi_magnet.cli._formats import FORMATS, MoveReader
from hanoi_magnet.cli._util import Command, CommandError, Status, decimal, puzzle_arguments
from hanoi_magnet.errors import AmbiguousNotationError, IllegalMoveError, NotationError, Rule
from hanoi_magnet.notation import (
    NOTATIONS,
    PegNames,
    ReadMove,
    extract_moves,
    get_notation,
)
from hanoi_magnet.registry import default_registry
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
    parser.add_argument(
        "--notation",
        metavar="NAME",
        choices=("auto", *NOTATIONS),
        help="read FILE in one of the evaluation kit's notations ("
        + ", ".join(NOTATIONS)
        + "), or auto: find the moves in free text, as a model's answer ('Move disk 1 from "
        "Peg 1 to Peg 3', 'A->C', 'moves = [[1, 0, 2]]'). Without it, a file whose first move "
        "the library's own forms do not read is read as auto",
    )
    parser.add_argument(
        "--pegs",
        choices=tuple(PEG_NAMES),
        help="how FILE names the posts: sid (S, I, D), letters (A, B, C...), from-0 or from-1 "
        "(numbers); default: the notation's, else detected from the whole text",
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


#: ``--pegs`` on the command line: the notation package's peg namings.
PEG_NAMES = {
    "sid": PegNames.SID,
    "letters": PegNames.LETTERS,
    "from-0": PegNames.ZERO,
    "from-1": PegNames.ONE,
}


def _library_reads(line: str) -> bool:
    """Whether every move on ``line`` is in one of the library's own text forms."""
    try:
        for token in tokens(line):
            parse_token(token)
    except IllegalMoveError as error:  # a library form naming no such post is still one
        return error.rule is not Rule.MALFORMED
    return True


def _text_moves(
    lines: Iterator[str], args: argparse.Namespace
) -> tuple[Iterable[str | ReadMove], tuple[str, str] | None]:
    """The moves of text input: streamed in the library's forms, else through the notations.

    The first line holding a move decides (unless ``--notation``/``--pegs`` did): if the
    library reads it, the lines stream through in constant memory; otherwise the whole text
    is read by the notation package (:func:`~hanoi_magnet.notation.extract_moves`).
    """
    head: list[str] = []
    if args.notation is None and args.pegs is None:
        for line in lines:
            head.append(line)
            if line.split("#", 1)[0].strip():
                if _library_reads(line):
                    return itertools.chain(head, lines), None
                break
        else:
            return head, None
    text = "".join(itertools.chain(head, lines))
    return _notation_moves(text, args)


def _notation_moves(
    text: str, args: argparse.Namespace
) -> tuple[list[ReadMove], tuple[str, str] | None]:
    """The moves the notation package reads in ``text``, and a problem that stops them."""
    posts = default_registry.variant(args.label).rules.posts
    pegs = None if args.pegs is None else PEG_NAMES[args.pegs]
    try:
        if args.notation not in (None, "auto"):
            return get_notation(args.notation).read(text, posts, pegs=pegs), None
        found = extract_moves(text, pegs=pegs, posts=posts)
    except NotationError as error:
        if isinstance(error, AmbiguousNotationError):
            raise CommandError(f"{error} (give --pegs)", Status.USAGE) from None
        return [], (text.strip().split("\n", 1)[0], str(error))
    problem = None
    if found.unreadable is not None:
        problem = (found.unreadable, "not a move in the notation of the moves before it")
    elif found.truncated:
        problem = ("(end of input)", "the list of moves is cut off")
    return list(found.moves), problem


def _verdict(stream: TextIO, args: argparse.Namespace, source: str) -> int:
    if args.format != "text" and (args.notation or args.pegs):
        raise CommandError("--notation and --pegs read text input (--format text)", Status.USAGE)
    try:
        return _checked(stream, args)
    except UnicodeDecodeError as error:
        byte = error.object[error.start : error.start + 1].hex()
        raise CommandError(
            f"{source} is not UTF-8 text ({error.reason}: byte 0x{byte})", Status.NOT_UTF8
        ) from None
    except OSError as error:
        raise CommandError(f"cannot read {source}: {error}", Status.UNREADABLE) from None


def _checked(stream: TextIO, args: argparse.Namespace) -> int:
    problem: tuple[str, str] | None = None
    moves: Iterable[str | ReadMove]
    if args.format == "text":
        moves, problem = _text_moves(_without_bom(stream), args)
        counted: Iterable[Any] = _cliutil.Progress.over(moves, sys.stderr, "moves checked")
        report = validate(counted, args.label, args.n)
    else:
        # a JSON document is read in chunks (it may be one long line), the others by line
        lines = _Chunks(stream) if args.format == "json" else _without_bom(stream)
        reader = MoveReader(lines, args.format)
        report = validate(
            _cliutil.Progress.over(reader, sys.stderr, "moves checked"), args.label, args.n
        )
        problem = reader.problem
    if report.error is None and problem is not None:
        return _malformed_record(report, problem)
    print(report)
    if report.error is not None:
        rule = report.error.rule
        print(f"rule: {rule.value} ({rule.describe()})")
        print(f"position before move {report.error.index}: {report.state}")
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
    print(f"position before move {index}: {report.state}")
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
