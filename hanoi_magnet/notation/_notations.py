"""Notations: how a sequence of moves is written as text, and read back.

A notation is one *template* for a move (``"Move disk {disk} from Peg {source} to Peg
{target}"``), the :class:`PegNames` its posts are written with, and how moves are put together:
one per line, or inside a list (``moves = [[1, 0, 2], ...]``). Writing and reading both derive
from these few fields, so every notation round-trips.
"""

from __future__ import annotations

import operator
import re
import string
from collections.abc import Iterable, Iterator
from functools import cached_property
from typing import Any

import attrs

from hanoi_magnet.errors import InvalidArgumentError, NotationError
from hanoi_magnet.model import Move, _integer
from hanoi_magnet.notation._pegs import PegNames
from hanoi_magnet.notation._scan import (
    FLAT_JSON_OBJECT,
    ItemReader,
    Raw,
    ReadMove,
    json_item,
    read_block,
    read_lines,
    template_item,
    template_pattern,
    to_move,
)

_PLACEHOLDERS = frozenset({"disk", "source", "target", "index"})


def _check_text(instance: Notation, attribute: attrs.Attribute[str], value: str) -> None:
    del instance
    if not isinstance(value, str):
        raise InvalidArgumentError(
            f"a notation's {attribute.name} must be a string, got {type(value).__name__}"
        )


def _check_pegs(instance: Notation, attribute: attrs.Attribute[PegNames], value: object) -> None:
    del instance, attribute
    if not isinstance(value, PegNames):
        raise InvalidArgumentError(f"a notation's pegs must be a PegNames, got {value!r}")


def _check_flag(instance: Notation, attribute: attrs.Attribute[bool], value: object) -> None:
    del instance
    if not isinstance(value, bool):
        raise InvalidArgumentError(
            f"a notation's {attribute.name} must be True or False, got {value!r}"
        )


def _check_template(instance: Notation, attribute: attrs.Attribute[str], value: str) -> None:
    _check_text(instance, attribute, value)
    try:
        names = {field for _, field, _, _ in string.Formatter().parse(value) if field is not None}
    except ValueError:
        names = set()
    if not {"source", "target"} <= names or not names <= _PLACEHOLDERS:
        raise InvalidArgumentError(
            "a notation template needs {source} and {target} and may use {disk} and {index}, "
            f"got {value!r}"
        )


@attrs.frozen(slots=False)
class Notation:
    r"""A way of writing moves as text, and of reading them back.

    Attributes:
        name: the notation's name, e.g. ``'reasoning-gym'``.
        template: one move, with ``{disk}``, ``{source}``, ``{target}`` (and ``{index}``,
            the move's 0-based position); literal braces are doubled, as in ``str.format``.
        pegs: how posts are named (:class:`PegNames`), which states the index base.
        description: one line for people.
        opening: the text before the first move (``"moves = ["`` for a list).
        separator: the text between two moves (``"\n"``: one move per line).
        closing: the text after the last move.
        json: the moves are JSON objects (read with the ``json`` module, keys in any order).

    Disks are always numbered by size, 1 the smallest.

    Example:
        >>> from hanoi_magnet import solve
        >>> from hanoi_magnet.notation import NOTATIONS
        >>> illusion = NOTATIONS["moves-list"]
        >>> text = illusion.format(solve("classic", 2))
        >>> text
        'moves = [[1, 0, 1], [2, 0, 2], [1, 1, 2]]\n'
        >>> illusion.read(text)
        [Move(disk=1, source=0, target=1), Move(disk=2, source=0, target=2), Move(disk=1, source=1, target=2)]
        >>> print(NOTATIONS["reasoning-gym"].format(solve("classic", 2)), end="")
        Move disk 1 from Peg 1 to Peg 2
        Move disk 2 from Peg 1 to Peg 3
        Move disk 1 from Peg 2 to Peg 3
    """  # noqa: E501 (a doctest's output is one line)

    name: str = attrs.field(validator=_check_text)
    template: str = attrs.field(validator=_check_template)
    pegs: PegNames = attrs.field(validator=_check_pegs)
    description: str = attrs.field(default="", eq=False, validator=_check_text)
    opening: str = attrs.field(default="", validator=_check_text)
    separator: str = attrs.field(default="\n", validator=_check_text)
    closing: str = attrs.field(default="\n", validator=_check_text)
    json: bool = attrs.field(default=False, validator=_check_flag)

    @property
    def has_disk(self) -> bool:
        """Whether a move written in this notation names its disk."""
        return "{disk}" in self.template

    @property
    def is_list(self) -> bool:
        """Whether the moves are written as one bracketed list (else one per line)."""
        return self.opening.rstrip().endswith("[")

    @cached_property
    def _pattern(self) -> re.Pattern[str]:
        if self.json:
            return re.compile(FLAT_JSON_OBJECT)
        return re.compile(template_pattern(self.template), re.IGNORECASE)

    @property
    def _reader(self) -> ItemReader:
        return json_item if self.json else template_item

    def _check_posts(self, posts: int) -> None:
        """Refuse (:class:`NotationError`) a number of posts this notation cannot write."""
        if posts in self._writable:
            return
        if not self.pegs.fits(posts):
            raise NotationError(f"notation {self.name!r} cannot name {posts} posts")
        if "{source}{target}" in self.template and len(self.pegs.name_of(posts - 1, posts)) > 1:
            raise NotationError(f"notation {self.name!r} writes one character per post")
        if len(self._writable) < _LINES_KEPT:
            self._writable.add(posts)

    @cached_property
    def _writable(self) -> set[int]:
        """The numbers of posts found writable so far."""
        return set()

    @cached_property
    def _lines(self) -> dict[tuple[int, int, int, int], str]:
        """The lines written for moves so far: (posts, disk, source, target) to the line."""
        return {}

    @cached_property
    def _lines_of(self) -> dict[int, dict[int, tuple[Move, str]]]:
        """By posts: the line written for each move object seen, by the object's ``id``.

        The table holds the move, so that no other object can take its ``id`` while the line is
        kept (the moves read from answers share their objects).
        """
        return {}

    @cached_property
    def _taught(self) -> dict[tuple[PegNames | None, int], Any]:
        """The lines of answers written exactly in this notation, taught by full readings.

        By the caller's peg naming and number of posts (see :mod:`._canonical`).
        """
        return {}

    @cached_property
    def _opening_pattern(self) -> re.Pattern[str]:
        words = re.split(r"\s+", self.opening.strip())
        return re.compile(r"\s*" + r"\s*".join(map(re.escape, words)), re.IGNORECASE)

    def format_move(self, move: Move | tuple[int, int], posts: int = 3, *, index: int = 0) -> str:
        """One move in this notation (``index``: its position, for templates that show it).

        Example:
            >>> from hanoi_magnet import Move
            >>> from hanoi_magnet.notation import NOTATIONS
            >>> NOTATIONS["brackets"].format_move(Move(1, 0, 2))
            '[A C]'
        """
        if isinstance(move, Move):
            disk, source, target = move.disk, move.source, move.target
        elif self.has_disk:
            raise InvalidArgumentError(
                f"notation {self.name!r} writes the disk of each move: give Move objects, "
                f"got {move!r}"
            )
        else:
            disk, (source, target) = 0, _pair(move)
        return self.template.format(
            disk=disk,
            source=self.pegs.name_of(source, posts),
            target=self.pegs.name_of(target, posts),
            index=index,
        )

    def iter_format(self, moves: Iterable[Move | tuple[int, int]], posts: int = 3) -> Iterator[str]:
        r"""The text of :meth:`format` in pieces, for sequences too long to hold as one string.

        Example:
            >>> from hanoi_magnet import solve
            >>> from hanoi_magnet.notation import NOTATIONS
            >>> list(NOTATIONS["compact"].iter_format(solve("classic", 2)))
            ['SI\n', 'SD\n', 'ID\n']
        """
        posts = _integer(posts, "posts", minimum=1)
        given: object = moves
        if not isinstance(given, Iterable):
            raise InvalidArgumentError(
                f"expected moves (Move objects or pairs), got {type(given).__name__}"
            )
        self._check_posts(posts)
        known: dict[object, str] = {}
        first = True
        one_per_line = not self.is_list and self.separator == self.closing == "\n"
        for index, move in enumerate(moves):
            if "{index}" in self.template:
                text = self.format_move(move, posts, index=index)
            elif move in known:
                text = known[move]
            else:
                text = known[move] = self.format_move(move, posts)
            if one_per_line:
                yield text + "\n"
            elif index:
                yield self.separator + text
            else:
                yield self.opening + text
                first = False
        if not one_per_line:
            yield self.closing if not first else self.opening + self.closing

    def format(self, moves: Iterable[Move | tuple[int, int]], posts: int = 3) -> str:
        r"""The moves as text in this notation, for a puzzle with ``posts`` posts.

        Example:
            >>> from hanoi_magnet import solve
            >>> from hanoi_magnet.notation import NOTATIONS
            >>> NOTATIONS["letters-to"].format(solve("classic:4", 2), posts=4)
            'A to B\nA to D\nB to D\n'
        """
        return "".join(self.iter_format(moves, posts))

    def read(self, text: str, posts: int = 3, *, pegs: PegNames | None = None) -> list[ReadMove]:
        r"""The moves written in ``text`` in this notation.

        Tolerates what people and models add around moves: spaces, upper or lower case, CRLF
        line ends, blank lines, code fences, ``#`` and ``//`` comments, bullets, trailing
        punctuation, and a trailing comma in lists. To find an answer inside free text, use
        :func:`extract_moves`.

        Args:
            text: the moves, as :meth:`format` writes them.
            posts: the number of posts of the puzzle.
            pegs: read the pegs with this naming instead of the notation's own.

        Returns:
            :class:`~hanoi_magnet.Move` objects when the notation names disks, else
            ``(source, target)`` pairs; posts numbered from 0.

        Raises:
            NotationError: text that is not in this notation, with its line.

        Example:
            >>> from hanoi_magnet.notation import NOTATIONS
            >>> NOTATIONS["arrows"].read("S->I\r\nS -> D.\n\n I->D  # done")
            [(0, 1), (0, 2), (1, 2)]
        """
        if not isinstance(text, str):
            raise InvalidArgumentError(f"read expects a string, got {type(text).__name__}")
        if pegs is not None and not isinstance(pegs, PegNames):
            raise InvalidArgumentError(f"pegs must be a PegNames or None, got {pegs!r}")
        naming = self.pegs if pegs is None else pegs
        posts = _integer(posts, "posts", minimum=1)
        raws = self._read_list(text) if self.is_list else self._read_lines(text)
        moves: list[ReadMove] = []
        for line, raw in raws:
            try:
                moves.append(to_move(raw, naming, posts))
            except NotationError as error:
                raise NotationError(str(error), line=line) from None
        return moves

    def deviation(
        self, text: str, moves: Iterable[Move | tuple[int, int]], posts: int = 3
    ) -> str | None:
        r"""How ``text`` departs from ``moves`` written in this notation (``None``: not at all).

        Spaces at the ends of lines and blank lines aside (for lists, spaces anywhere), the
        text must be exactly what :meth:`format` writes: nothing but the moves. Strict scores
        (reasoning-gym's own, the ``strict`` reward) ask this; the moves read from an answer
        never depend on it.

        Example:
            >>> from hanoi_magnet import solve
            >>> from hanoi_magnet.notation import NOTATIONS
            >>> arrows = NOTATIONS["arrows"]
            >>> arrows.deviation("S->D\n", solve("classic", 1)) is None
            True
            >>> arrows.deviation("1. S->D", solve("classic", 1))
            "line 1 is '1. S->D', notation 'arrows' writes 'S->D'"
        """
        if not isinstance(text, str):
            raise InvalidArgumentError(f"deviation expects a string, got {type(text).__name__}")
        return _deviation(text, list(moves), self, _integer(posts, "posts", minimum=1))

    def _read_lines(self, text: str) -> Iterator[tuple[int | None, Raw]]:
        example = repr(self.format_move(Move(1, 0, 2), 3))
        yield from read_lines(
            text, self._pattern, self._reader, f"{example} (notation {self.name!r})"
        )

    def _read_list(self, text: str) -> list[tuple[int | None, Raw]]:
        opening = self._opening_pattern.match(text)
        if opening is None:
            raise NotationError(
                f"expected the moves to start with {self.opening.strip()!r} "
                f"(notation {self.name!r}), got {text.strip()[:40]!r}"
            )
        bracket = opening.end() - 1
        block = read_block(text, bracket, self._pattern, self._reader)
        if block.unreadable is not None:
            raise NotationError(
                f"item {len(block.raws)} of the list is not a move in notation "
                f"{self.name!r}: {block.unreadable}",
                line=text.count("\n", 0, block.end) + 1,
            )
        if not block.closed:
            raise NotationError(f"the list of moves is not closed with ']' ({self.name!r})")
        rest = text[block.end :].strip().rstrip(";").strip()
        if rest:
            raise NotationError(f"unexpected text after the list of moves: {rest[:40]!r}")
        return [(None, raw) for raw in block.raws]


def _pair(move: object) -> tuple[int, int]:
    if not isinstance(move, tuple) or len(move) != 2:
        raise InvalidArgumentError(f"expected a Move or a (source, target) pair, got {move!r}")
    return _integer(move[0], "a post"), _integer(move[1], "a post")


# -- keeping to a notation: nothing but the moves, as it writes them ---------------------------

_SHOWN = 60


def _deviation(region: str, moves: list[ReadMove], notation: Notation, posts: int) -> str | None:
    """How ``region`` (the answer's text) departs from ``notation``; ``None``: it keeps to it.

    Lines are compared one by one and the first difference is the answer, so an answer that
    departs early costs little however long it is.
    """
    try:
        if notation.is_list:
            expected = notation.format(moves, posts)
            if "".join(region.split()) == "".join(expected.split()):
                return None
            return f"not written as one list in notation {notation.name!r}: {_first_words(region)}"
        quick = _at_once(region, moves, notation, posts)
        if quick is not _UNSURE:
            return quick
        wanted = (piece.strip() for piece in notation.iter_format(moves, posts))
        written = (line.strip() for line in region.replace("\r", "\n").split("\n"))
        number = 0
        for line in written:
            if not line:
                continue
            number += 1
            want = next(wanted, None)
            if want is None:
                return f"text after the moves: {_shown(line)}"
            if line != want:
                return (
                    f"line {number} is {_shown(line)}, notation {notation.name!r} writes "
                    f"{_shown(want)}"
                )
        if next(wanted, None) is not None:
            return "fewer lines than moves"
        return None
    except NotationError as error:
        return f"its moves cannot be written in notation {notation.name!r}: {error}"
    except InvalidArgumentError:  # a pair where the notation writes disks
        return f"its moves do not name their disks, as notation {notation.name!r} does"


def _at_once(region: str, moves: list[ReadMove], notation: Notation, posts: int) -> str | None:
    """:func:`_deviation` decided on the whole text, when it can be: :data:`_UNSURE` if not.

    ``None`` when ``region`` is exactly ``moves``, one a line, as ``notation`` writes them
    (blank lines and spaces at the ends of lines aside): compared whole, the lines matched in
    C, each distinct move written once (the moves read from an answer share their objects, and
    the notation remembers the lines it wrote). The first line's difference when the first
    line differs, as most texts that depart do. Unsure for anything else (a template with the
    move's index, several moves a line, pairs, a move the notation cannot write, a text that
    departs later): the line-by-line look then says where and how.
    """
    if "{index}" in notation.template or notation.separator != "\n" or notation.closing != "\n":
        return _UNSURE
    head = moves[0] if moves else None
    text = region.lstrip()
    if not isinstance(head, Move) or not text:
        return _UNSURE
    lines = notation._lines
    if len(lines) > _LINES_KEPT:
        lines.clear()

    def line_of(move: Move) -> str:
        found = lines.get((posts, move.disk, move.source, move.target))
        if found is None:
            found = lines[posts, move.disk, move.source, move.target] = notation.format_move(
                move, posts
            ).strip()
        return found

    try:
        notation._check_posts(posts)
        first = line_of(head)
        if not text.startswith(first) or text[len(first) : len(first) + 1] not in _LINE_GOES_ON:
            shown = text.replace("\r", "\n").split("\n", 1)[0].strip()
            return f"line 1 is {_shown(shown)}, notation {notation.name!r} writes {_shown(first)}"
        by_id = notation._lines_of.get(posts)
        if by_id is None:
            by_id = notation._lines_of[posts] = {}
        try:
            wanted = list(map(_LINE, map(by_id.__getitem__, map(id, moves))))  # all in C
        except KeyError:  # moves not seen before: each written once, then looked up again
            distinct = dict(zip(map(id, moves), moves, strict=True))
            if len(distinct) > _LINES_KEPT:
                return _UNSURE  # not kept: the line-by-line look holds no more than a line
            if len(by_id) + len(distinct) > _LINES_KEPT:
                by_id.clear()
            for move in distinct.values():
                if type(move) is not Move:
                    return _UNSURE  # pairs among the moves
                by_id[id(move)] = (move, line_of(move))
            wanted = list(map(_LINE, map(by_id.__getitem__, map(id, moves))))
    except (NotationError, InvalidArgumentError):  # the line-by-line look says what is wrong
        return _UNSURE
    except KeyError:  # pragma: no cover - another thread emptied the table meanwhile
        return _UNSURE
    if text.rstrip() == "\n".join(wanted):  # the common case: one line a move, nothing else
        return None
    text = region.replace("\r", "\n") if "\r" in region else region
    written = list(filter(None, map(str.strip, text.split("\n"))))
    return None if written == wanted else _UNSURE


_LINE = operator.itemgetter(1)  # the line of a (move, line) entry of Notation._lines_of

#: :func:`_at_once` cannot tell.
_UNSURE = "unsure"
#: What may follow a line's text on the same line: nothing, its end, or spaces.
_LINE_GOES_ON = frozenset(["", "\n", "\r", " ", "\t"])


#: The most lines a notation remembers having written (for :func:`_at_once`).
_LINES_KEPT = 4096


def _shown(text: str) -> str:
    return repr(text if len(text) <= _SHOWN else text[: _SHOWN - 3] + "...")


def _first_words(region: str) -> str:
    return _shown(region.strip())
