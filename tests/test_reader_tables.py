"""A markdown table's row that is no move is never passed over as if it were not there.

``| Disk | From | To |`` then ``| 1 | A | C |``, ``| ? | A | B |``, ``| 1 | C | B |`` was read as
two moves, A->C and C->B, with no doubt: a row whose disk cell held no number was skipped as
prose, and so was any row between two rows of moves that could not be read (``| 2 | ? |``,
``| 2 | A -> |``, ``| 2 | 2 | ? | B |``). A careful reader cannot tell what that row's move
was, so the reading stops there, as it does at a line that cannot be read.

The class, for every kind of table the reader knows (columns named with and without a disk and
a step column, moves in cells, with and without the outer pipes), at every row: every way a row
can fail to be a move, and every way a row can name its move that a careful reader still reads.
"""

from __future__ import annotations

import itertools

import pytest

from hanoi_magnet import Move
from hanoi_magnet.errors import NotationError
from hanoi_magnet.notation import extract_moves

# Four moves (legality is the scorer's business, not the reader's): (disk, source, target).
MOVES = [(1, "A", "C"), (2, "A", "B"), (1, "C", "B"), (3, "A", "C")]
INDEX = {"A": 0, "B": 1, "C": 2}


def _cells_of(shape: str, step: int, disk: str, source: str, target: str) -> list[str]:
    """One row's cells in a table of ``shape``."""
    if shape == "step-disk-from-to":
        return [str(step), disk, source, target]
    if shape == "disk-from-to":
        return [disk, source, target]
    if shape == "step-from-to":
        return [str(step), source, target]
    if shape == "from-to":
        return [source, target]
    return [str(step), f"{source} -> {target}"]  # step-move: the move in one cell


HEADS = {
    "step-disk-from-to": ["Step", "Disk", "From", "To"],
    "disk-from-to": ["Disk", "From", "To"],
    "step-from-to": ["Step", "From", "To"],
    "from-to": ["From", "To"],
    "step-move": ["Step", "Move"],
}
WITH_DISK = ("step-disk-from-to", "disk-from-to")


def _table(shape: str, rows: list[list[str]], piped: bool) -> str:
    lines = [HEADS[shape], ["---"] * len(HEADS[shape]), *rows]
    if piped:
        return "\n".join("| " + " | ".join(cells) + " |" for cells in lines)
    return "\n".join(" | ".join(cells) for cells in lines)


def _row(shape: str, step: int, move: tuple[int, str, str]) -> list[str]:
    return _cells_of(shape, step, str(move[0]), move[1], move[2])


def _expected(shape: str, moves: list[tuple[int, str, str]]) -> tuple[object, ...]:
    if shape in WITH_DISK:
        return tuple(Move(disk, INDEX[s], INDEX[t]) for disk, s, t in moves)
    return tuple((INDEX[s], INDEX[t]) for _, s, t in moves)


# -- rows that try to be a move and are none ----------------------------------------------------


def _broken_rows(shape: str, step: int, move: tuple[int, str, str]) -> list[list[str]]:
    """Every way the row of ``move`` can fail to be one, in a table of ``shape``."""
    disk, source, target = str(move[0]), move[1], move[2]
    if shape == "step-move":
        return [
            [str(step), cell]
            for cell in ("?", "??", f"{source} ->", f"{source} -> ?", f"? -> {target}",
                         f"Move disk {disk} from {source} to")
        ]  # fmt: skip
    rows = [
        _cells_of(shape, step, disk, "?", target),
        _cells_of(shape, step, disk, source, "??"),
        _cells_of(shape, step, disk, "X9", target),
        _cells_of(shape, step, disk, source, ""),
        _cells_of(shape, step, disk, "", target),
        _cells_of(shape, step, disk, f"{source} or B", target),
    ]
    if shape in WITH_DISK:
        rows += [
            _cells_of(shape, step, "?", source, target),
            _cells_of(shape, step, f"{disk}?", source, target),
            _cells_of(shape, step, f"{disk} or 3", source, target),
            _cells_of(shape, step, "A", source, target),
        ]
    return rows


@pytest.mark.parametrize(("shape", "piped"), list(itertools.product(HEADS, (True, False))))
def test_a_row_that_is_no_move_stops_the_reading_at_every_row(shape, piped):
    for at in range(len(MOVES)):
        for broken in _broken_rows(shape, at + 1, MOVES[at]):
            rows = [_row(shape, step, move) for step, move in enumerate(MOVES, 1)]
            rows[at] = broken
            text = _table(shape, rows, piped)
            try:
                found = extract_moves(text)
            except NotationError:
                assert at == 0, text  # nothing read: only when the first row is the broken one
                continue
            assert found.unreadable is not None, (text, found.moves)
            assert found.moves == _expected(shape, MOVES[:at]), text


def _word_rows(shape: str, step: int) -> list[list[str]]:
    """Rows of words, no move tried: a note, unless they stand between two rows of moves."""
    if shape == "step-move":
        return [[str(step), "see above"], [str(step), "the same again"]]
    return [_cells_of(shape, step, "", "the same", "as before")]


@pytest.mark.parametrize(("shape", "piped"), list(itertools.product(HEADS, (True, False))))
def test_a_row_of_words_between_two_rows_of_moves_stops_the_reading(shape, piped):
    for at in range(len(MOVES)):
        for words in _word_rows(shape, at + 1):
            rows = [_row(shape, step, move) for step, move in enumerate(MOVES, 1)]
            rows[at] = words
            found = extract_moves(_table(shape, rows, piped))
            if 0 < at < len(MOVES) - 1:  # between moves: a move the reader cannot read
                assert found.moves == _expected(shape, MOVES[:at]), rows
                assert found.unreadable is not None
            else:  # before the first move or after the last: a note
                kept = MOVES[1:] if at == 0 else MOVES[:-1]
                assert found.moves == _expected(shape, kept), rows
                assert found.unreadable is None and not found.ambiguous


@pytest.mark.parametrize(("shape", "piped"), list(itertools.product(HEADS, (True, False))))
def test_a_row_that_gives_the_moves_up_is_reported(shape, piped):
    # "| ... | ... |" between rows of moves: moves left out, as a line "..." says (abandoned)
    for at in range(1, len(MOVES)):
        rows = [_row(shape, step, move) for step, move in enumerate(MOVES, 1)]
        rows[at] = ["..."] * len(HEADS[shape])
        found = extract_moves(_table(shape, rows, piped))
        assert found.abandoned is not None, rows


# -- rows a careful reader reads ---------------------------------------------------------------

# A disk cell that names no disk is a move of the top disk, as "move the top disk" is; one that
# names its disk with more words names it all the same.
NO_DISK = ["", "-", "\u2014", "top", "Top", "the top disk", "smallest", "largest", "n/a"]
DISK_WORDS = ["disk {d}", "Disk {d}", "D{d}", "#{d}", "{d} (the smallest)", "**{d}**"]
PEG_WORDS = ["{p}", "Peg {p}", "peg {p}", "rod {p}", "{p} (left)", "**{p}**"]


@pytest.mark.parametrize("shape", WITH_DISK)
def test_a_disk_cell_without_a_number_is_a_move_of_the_top_disk(shape):
    for at, word in itertools.product(range(len(MOVES)), NO_DISK):
        rows = [_row(shape, step, move) for step, move in enumerate(MOVES, 1)]
        rows[at] = _cells_of(shape, at + 1, word, MOVES[at][1], MOVES[at][2])
        found = extract_moves(_table(shape, rows, True))
        expected = list(_expected(shape, MOVES))
        expected[at] = (INDEX[MOVES[at][1]], INDEX[MOVES[at][2]])
        assert found.moves == tuple(expected), rows
        assert found.unreadable is None and not found.ambiguous


@pytest.mark.parametrize("shape", WITH_DISK)
def test_a_disk_cell_with_words_around_its_number_names_that_disk(shape):
    for disk_word, peg_word in itertools.product(DISK_WORDS, PEG_WORDS):
        rows = [
            _cells_of(
                shape, step, disk_word.format(d=d), peg_word.format(p=s), peg_word.format(p=t)
            )
            for step, (d, s, t) in enumerate(MOVES, 1)
        ]
        found = extract_moves(_table(shape, rows, True))
        assert found.moves == _expected(shape, MOVES), rows
        assert found.unreadable is None and not found.ambiguous


@pytest.mark.parametrize(("shape", "piped"), list(itertools.product(HEADS, (True, False))))
def test_empty_rows_and_rows_of_prose_around_the_moves_are_passed_over(shape, piped):
    width = len(HEADS[shape])
    moves = [_row(shape, step, move) for step, move in enumerate(MOVES, 1)]
    start = ["0", *["-"] * (width - 1)] if shape.startswith("step") else ["-"] * width
    total = ["Total", *[""] * (width - 2), "4 moves"]
    for rows in (
        [*moves[:2], [""] * width, *moves[2:]],  # an empty row between moves
        [start, *moves],  # the position before the first move
        [*moves, total],  # a total after the last
    ):
        found = extract_moves(_table(shape, rows, piped))
        assert found.moves == _expected(shape, MOVES), rows
        assert found.unreadable is None and not found.ambiguous
