"""The move formats of the command line: ``solve`` writes them, ``validate`` reads them back.

* ``text``: one move per line, ``3: S -> D`` (posts by letter for three posts, else by number).
* ``jsonl``: JSON Lines, one object per move: ``{"index": 0, "disk": 1, "source": 0, "target": 2}``.
* ``json``: one JSON document, ``{"variant": ..., "n": ..., "length": ..., "start": ...,
  "stop": ..., "moves": [...]}`` with the same objects, one per line.
* ``csv``: the columns ``index,disk,source,target`` under a header.

Writing and reading both stream, in constant memory: a solution of 2^64 moves can be piped
through. Readers turn each record into the text form of the move (``"3: 0 -> 2"``), which
:func:`~hanoi_magnet.validate` parses — numbers of any length included; a record that is not a
move stops the reading, and :attr:`MoveReader.problem` says why.
"""

from __future__ import annotations

import csv
import itertools
import json
from collections.abc import Callable, Iterable, Iterator
from typing import Protocol

from hanoi_magnet._text import shown
from hanoi_magnet.cli._bigdecimal import int_to_text
from hanoi_magnet.model import Move

#: The formats, in the order ``--help`` lists them.
FORMATS = ("text", "jsonl", "json", "csv")
_FIELDS = ("index", "disk", "source", "target")
#: A JSON value (one move, or the document's other fields) longer than this is refused.
MAX_RECORD = 1 << 20
_CHUNK = 1 << 16


def text_lines(moves: Iterable[Move], posts: int) -> Iterator[str]:
    """``solve``'s text lines, ``3: S -> D``."""
    known: dict[Move, str] = {}  # a solution repeats a few distinct moves many times
    for move in moves:
        text = known.get(move)
        if text is None:
            text = known[move] = move.format(posts) + "\n"
        yield text


def _records(moves: Iterable[Move], first: int, pattern: str) -> Iterator[str]:
    # indices past 4,300 digits (gigantic solutions) print like every other number here
    for index, move in zip(itertools.count(first), moves):
        yield pattern.format(int_to_text(index), move.disk, move.source, move.target)


def jsonl_lines(moves: Iterable[Move], first: int) -> Iterator[str]:
    """JSON Lines: one object per move, ``first`` being the index of the first."""
    return _records(moves, first, '{{"index": {}, "disk": {}, "source": {}, "target": {}}}\n')


def csv_lines(moves: Iterable[Move], first: int) -> Iterator[str]:
    """A header, then one row per move."""
    yield ",".join(_FIELDS) + "\n"
    yield from _records(moves, first, "{},{},{},{}\n")


def json_document(
    moves: Iterable[Move], *, label: str, n: int, length: int, start: int, stop: int
) -> Iterator[str]:
    """One JSON document, streamed: the variant, n, the solution's length, the slice, the moves."""
    head = {"variant": label, "n": n}
    numbers = ", ".join(
        f'"{key}": {int_to_text(value)}'
        for key, value in (("length", length), ("start", start), ("stop", stop))
    )
    yield json.dumps(head)[:-1] + f", {numbers}, " + '"moves": ['
    separator = "\n"
    for line in jsonl_lines(moves, start):
        yield separator + line[:-1]
        separator = ",\n"
    yield ("\n" if separator != "\n" else "") + "]}\n"


# -- reading ------------------------------------------------------------------------------------


class _Readable(Protocol):
    """What the JSON reader needs of a stream."""

    def read(self, size: int, /) -> str: ...


class _Digits(str):
    """A JSON integer, kept as its digits (Python refuses ints of more than 4,300 digits)."""

    __slots__ = ()


_DECODER = json.JSONDecoder(parse_int=_Digits)


class MoveReader:
    """The moves of a stream of lines in one of :data:`FORMATS`, for the validator.

    Iterating yields text moves; a record that is not a move ends the iteration and sets
    :attr:`problem` to (the record, why), and :attr:`count` is the number of moves yielded.
    """

    def __init__(self, lines: Iterable[str] | _Readable, form: str) -> None:
        self.lines = lines
        self.form = form
        self.problem: tuple[str, str] | None = None
        self.count = 0

    def __iter__(self) -> Iterator[str]:
        if self.form == "json":
            return self._counted(self._json())
        lines = self.lines
        if not isinstance(lines, Iterable):
            raise TypeError(f"the {self.form} format reads lines, got {type(lines).__name__}")
        if self.form == "text":
            return iter(lines)
        reader = self._jsonl if self.form == "jsonl" else self._csv
        return self._counted(reader(lines))

    def _counted(self, moves: Iterator[str]) -> Iterator[str]:
        for move in moves:
            yield move
            self.count += 1

    def _stop(self, record: str, why: str) -> None:
        self.problem = (record, why)

    def _move(self, record: object, raw: str) -> str | None:
        """A record (a mapping of JSON digits or CSV cells) as ``"3: 0 -> 2"``, or None."""
        if not isinstance(record, dict):
            self._stop(raw, f"expected an object with disk, source and target, got {shown(record)}")
            return None
        values = [record.get(key) for key in ("disk", "source", "target")]
        if not all(isinstance(value, _Digits) and value.isdigit() for value in values[1:]) or not (
            values[0] is None or (isinstance(values[0], _Digits) and values[0].isdigit())
        ):
            self._stop(
                raw, 'a move needs integers "source" and "target" (from 0) and "disk" (from 1)'
            )
            return None
        disk, source, target = values
        return f"{source} {target}" if disk is None else f"{disk}: {source} -> {target}"

    def _jsonl(self, lines: Iterable[str]) -> Iterator[str]:
        for line in lines:
            if not line.strip():
                continue
            try:
                record = _DECODER.decode(line)
            except ValueError as error:  # json.JSONDecodeError
                self._stop(line.strip(), f"not a JSON object: {error}")
                return
            move = self._move(record, line.strip())
            if move is None:
                return
            yield move

    def _csv(self, lines: Iterable[str]) -> Iterator[str]:
        rows = csv.reader(lines)
        header = next(rows, None)
        if header is None:
            return
        names = [name.strip() for name in header]
        if not {"source", "target"} <= set(names):
            self._stop(",".join(header), "the header must name the columns source and target")
            return
        for row in rows:
            if not row:
                continue
            raw = ",".join(row)
            if len(row) != len(names):
                self._stop(raw, f"{len(row)} cells under a header of {len(names)}")
                return
            record = {name: _Digits(cell.strip()) for name, cell in zip(names, row, strict=True)}
            move = self._move(record, raw)
            if move is None:
                return
            yield move

    def _json(self) -> Iterator[str]:
        lines = self.lines
        text = _Text(_reader(lines) if isinstance(lines, Iterable) else lines.read)
        try:
            yield from self._document(text)
        except _MalformedError as error:
            self._stop(text.fragment(), str(error))
        except _NotAMoveError:
            return

    def _document(self, text: _Text) -> Iterator[str]:
        """The moves of ``{..., "moves": [...], ...}`` (or of a bare array), one at a time."""
        first = text.next_char()
        if first == "[":
            yield from self._array(text)
            text.expect_end()
            return
        if first != "{":
            raise _MalformedError("a JSON document of moves starts with '{' or '['")
        seen_moves = False
        while True:
            key, _ = text.value()
            if type(key) is not str:
                raise _MalformedError("expected a key in quotes")
            text.expect(":")
            if key == "moves":
                text.expect("[")
                yield from self._array(text)
                seen_moves = True
            else:
                text.value()
            end = text.next_char()
            if end == "}":
                break
            if end != ",":
                raise _MalformedError("expected ',' or '}' after a value")
        if not seen_moves:
            raise _MalformedError('the document has no "moves" array')
        text.expect_end()

    def _array(self, text: _Text) -> Iterator[str]:
        if text.peek() == "]":
            text.next_char()
            return
        while True:
            record, raw = text.value()
            move = self._move(record, raw)
            if move is None:
                raise _NotAMoveError
            yield move
            end = text.next_char()
            if end == "]":
                return
            if end != ",":
                raise _MalformedError("expected ',' or ']' after a move")


def _reader(lines: Iterable[str]) -> Callable[[int], str]:
    """A ``read(size)`` over lines (for streams that only iterate)."""
    iterator = iter(lines)

    def read(size: int) -> str:
        return "".join(itertools.islice(iterator, max(size // 64, 1)))

    return read


class _MalformedError(Exception):
    """The JSON document is not well formed here."""


class _NotAMoveError(Exception):
    """A record was not a move (the reader's problem is already set)."""


class _Text:
    """The characters of a stream, buffered just enough to decode one JSON value at a time."""

    def __init__(self, read: Callable[[int], str]) -> None:
        self._read = read
        self._buffer = ""
        self.position = 0  # in the buffer
        self._done = False

    def _more(self) -> bool:
        """Read another chunk (dropping what was consumed); False at the end of the stream."""
        if self._done:
            return False
        chunk = self._read(_CHUNK)
        if not chunk:
            self._done = True
            return False
        self._buffer = self._buffer[self.position :] + chunk
        self.position = 0
        if len(self._buffer) > MAX_RECORD + _CHUNK:
            raise _MalformedError(f"a JSON value longer than {MAX_RECORD:,} characters")
        return True

    def _skip_space(self) -> None:
        while True:
            buffer, position = self._buffer, self.position
            while position < len(buffer) and buffer[position] in " \t\r\n":
                position += 1
            self.position = position
            if position < len(buffer) or not self._more():
                return

    def peek(self) -> str:
        """The next character that is not white space ('' at the end)."""
        self._skip_space()
        return self._buffer[self.position : self.position + 1]

    def next_char(self) -> str:
        """Consume and return the next character that is not white space."""
        char = self.peek()
        if not char:
            raise _MalformedError("the document ends too early")
        self.position += 1
        return char

    def expect(self, char: str) -> None:
        if self.next_char() != char:
            raise _MalformedError(f"expected {char!r}")

    def expect_end(self) -> None:
        if self.peek():
            raise _MalformedError("more text after the end of the document")

    def value(self) -> tuple[object, str]:
        """The next JSON value and its text, reading more of the stream until it is complete."""
        self._skip_space()
        while True:
            try:
                value, end = _DECODER.raw_decode(self._buffer, self.position)
            except ValueError as error:
                if not self._more():
                    raise _MalformedError(f"not JSON: {error.args[0].split(':')[0]}") from None
                continue
            if end == len(self._buffer) and self._more():
                continue  # a number may go on in the next chunk
            raw = self._buffer[self.position : end]
            self.position = end
            return value, raw

    def fragment(self) -> str:
        """The text where reading stopped, for messages."""
        return self._buffer[self.position : self.position + 60].strip() or "(the end)"
