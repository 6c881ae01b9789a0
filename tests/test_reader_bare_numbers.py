"""Lines of two digits and a period: moves in doubt, never skipped as empty list items.

``01.`` / ``12.`` / ``02.`` on three pegs numbered from 0 was read as two moves, ``0 -> 1`` and
``0 -> 2``, with no doubt: ``12.`` was taken for an empty list item (a list number with nothing
after it) and skipped, while ``01.`` (no list counts from 0) was a move. A careful reader cannot
tell a move with a period from an empty list item, so such a line is read as a move in doubt.
The class: every sequence of three moves on 3 and 4 pegs, numbered from 0 or from 1, each
written as its two digits with a period, a parenthesis, a colon or nothing after them.
"""

from __future__ import annotations

import itertools

import pytest

from hanoi_magnet.errors import NotationError
from hanoi_magnet.notation import PegNames, extract_moves
from hanoi_magnet.notation._segments import read_line


def _pairs(posts):
    return [(a, b) for a in range(posts) for b in range(posts) if a != b]


# Also with words after each move: "01. ok", "12. ok", "23. ok" on four pegs numbered from 0
# was read as the one move 0 -> 1 (a move, then a remark) with no doubt, the others being list
# items of words. Among moves of two digits, "12. ok" may be a move and a remark as "01. ok" is.
WORDS = [" ok", " done", " (small disk)", " Good.", "  then wait"]


@pytest.mark.parametrize("posts", [3, 4])
@pytest.mark.parametrize("pegs", [PegNames.ZERO, PegNames.ONE])
@pytest.mark.parametrize("end", [".", ")", ":", ""])
@pytest.mark.parametrize("words", ["", *WORDS])
def test_three_moves_of_two_digits_are_read_whole_or_in_doubt(posts, pegs, end, words):
    base = 0 if pegs is PegNames.ZERO else 1
    for moves in itertools.product(_pairs(posts), repeat=3):
        text = "\n".join(f"{a + base}{b + base}{end}{words}" for a, b in moves)
        try:
            found = extract_moves(text, posts=posts, pegs=pegs)
        except NotationError:
            continue  # nothing read: no confident reading either
        if found.ambiguous or found.unreadable or found.truncated:
            continue
        assert found.moves == moves, (text, found.moves)


@pytest.mark.parametrize("line", ["12.", "  23.", "12)", "21 .", "98."])
def test_a_line_of_two_digits_and_a_period_is_a_move_in_doubt(line):
    read = read_line(line)
    digits = line.strip()[:2]
    assert [(raw.source, raw.target) for raw in read.raws] == [(digits[0], digits[1])]
    assert read.uncertain == f"{line.strip()!r} may be a list number or a move"


@pytest.mark.parametrize("line", ["1.", "7)", "123.", "12. Move disk 1 from A to C"])
def test_other_list_numbers_are_no_moves_in_doubt(line):
    read = read_line(line)
    assert not read.uncertain
    assert all(raw.source != "1" or raw.target != "2" for raw in read.raws)


def test_a_list_of_moves_with_an_empty_item_is_read_as_before():
    found = extract_moves("1. A->C\n2. A->B\n3. C->B")
    assert found.moves == ((0, 2), (0, 1), (2, 1)) and not found.ambiguous


@pytest.mark.parametrize("moves", ["A->C", "Move disk 1 from A to C", "AC", "0 2"])
def test_list_numbers_on_lines_of_their_own_stay_list_numbers(moves):
    # "10." over a move of another kind is a list number, as "1." is: 12 moves, read with no doubt
    text = "\n".join(f"{number}.\n{moves}" for number in range(1, 13))
    found = extract_moves(text, posts=3)
    assert len(found.moves) == 12 and not found.ambiguous


def test_a_list_number_of_two_digits_just_before_moves_of_two_digits_puts_them_in_doubt():
    found = extract_moves("12.\n01.\n02.", posts=3, pegs=PegNames.ZERO)
    assert found.moves == ((0, 1), (0, 2)) and found.ambiguous
    assert "'12.' may be a list number or a move just before the moves" in str(found.to_dict())


def test_a_numbered_sentence_just_before_moves_of_two_digits_puts_them_in_doubt():
    # "13. Nice." then "12": a move and a remark, or a list item of words? (the grammar wrote
    # "`13`. Nice." for the move 1 -> 3, and the list item was read with no doubt)
    for first in ["13. Nice.", "12. We start.", "13) (legal)"]:
        found = extract_moves(f"{first}\n12\n23", posts=3, pegs=PegNames.ONE)
        assert found.ambiguous, first
    # away from moves of two digits a numbered sentence is a list item
    found = extract_moves("Moves:\n1. A->C\n2. A->B\n10. We are done.")
    assert found.moves == ((0, 2), (0, 1)) and not found.ambiguous
