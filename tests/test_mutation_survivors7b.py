"""Behaviour that surviving mutants of the reader showed no test pinned (issue 32, item 6).

Each test states the rule it holds; the expected values come from the rule, not from the code.
"""

from __future__ import annotations

import itertools

import pytest

from hanoi_magnet import Move
from hanoi_magnet.errors import NotationError
from hanoi_magnet.notation import Notation, PegNames, extract_moves

# -- tables with a disk column ----------------------------------------------------------------

_HEAD = "| Disk | From | To |\n|---|---|---|"


# A table whose header names a disk column reads a row's disk from its disk cell: a number
# names the disk, no number (blank, a dash, "top") is the top disk's move; a cell that is
# neither ("?", "1a", "x2") makes the row a move that cannot be read, and the reading stops
# there (it was skipped as prose, and the rows around it read with no doubt: issue 32;
# the whole class is in test_reader_tables.py).
@pytest.mark.parametrize("disk", ["?", "1a", "x2", "one"])
def test_a_row_of_a_disk_table_with_a_disk_cell_that_is_no_disk_stops_the_reading(disk):
    rows = ["| 1 | A | C |", f"| {disk} | A | B |", "| 1 | C | B |"]
    found = extract_moves("\n".join([_HEAD, *rows]))
    assert found.moves == (Move(1, 0, 2),)
    assert found.unreadable == f"'{disk} | A | B' (not a move)"


@pytest.mark.parametrize(
    ("disk", "moves"), [("", ((0, 2),)), ("top", ((0, 2),)), ("2", (Move(2, 0, 2),))]
)
def test_a_disk_table_whose_only_row_names_no_disk_holds_the_top_disks_move(disk, moves):
    assert extract_moves(f"{_HEAD}\n| {disk} | A | C |").moves == moves


def test_a_table_without_a_disk_column_reads_its_rows_without_disks():
    # the other side of the rule: with no disk column there is no disk to ask for
    found = extract_moves("| From | To |\n|---|---|\n| A | C |\n| A | B |\n| C | B |")
    assert found.moves == ((0, 2), (0, 1), (2, 1))


# -- templates: {index} and adjacent pegs -----------------------------------------------------

_NUMBERED = [  # (template, pegs, opening, separator, closing): notations that number their moves
    ("{index}. {source}->{target}", PegNames.LETTERS, "", "\n", "\n"),
    ("{index}: {disk} {source} {target}", PegNames.ZERO, "", "\n", "\n"),
    ("Step {index}: move disk {disk} from {source} to {target}", PegNames.ONE, "", "\n", "\n"),
    ("[{index}, {source}, {target}]", PegNames.ZERO, "moves = [", ", ", "]\n"),
]


def _hanoi(disks: int, source: int = 0, target: int = 2, spare: int = 1) -> list[Move]:
    """The classic optimal solution, by its recurrence (move n-1 aside, the largest, n-1 back)."""
    if disks == 0:
        return []
    return [
        *_hanoi(disks - 1, source, spare, target),
        Move(disks, source, target),
        *_hanoi(disks - 1, spare, target, source),
    ]


# ``{index}`` is the move's 0-based position, any number of digits: a notation that numbers its
# moves reads back what it writes (4 disks: 15 moves, numbered 0 to 14).
@pytest.mark.parametrize(("template", "pegs", "opening", "separator", "closing"), _NUMBERED)
def test_a_notation_that_numbers_its_moves_reads_back_what_it_writes(
    template, pegs, opening, separator, closing
):
    notation = Notation("numbered", template, pegs, "numbered", opening, separator, closing)
    moves = _hanoi(4)
    text = notation.format(moves)
    assert "14" in text  # a two-digit index is written
    expected = moves if "{disk}" in template else [(m.source, m.target) for m in moves]
    assert notation.read(text) == expected


def test_an_index_is_any_number_not_only_the_one_the_notation_would_write():
    notation = Notation("numbered", "{index}. {source}->{target}", PegNames.LETTERS, "numbered")
    assert notation.read("1. A->C\n2. A->B\n30. C->B") == [(0, 2), (0, 1), (2, 1)]


# Pegs written next to each other ("{source}{target}") are one character each: "102" is no
# move (not post 10 to post 2, nor 1 to 02). Apart ("{source}-{target}"), a post is any number.
@pytest.mark.parametrize("line", ["102", "012", "1002", "121"])
def test_adjacent_peg_placeholders_read_one_character_each(line):
    adjacent = Notation("digits", "{source}{target}", PegNames.ZERO, "two digits")
    assert adjacent.read("02\n01\n21", 3) == [(0, 2), (0, 1), (2, 1)]
    with pytest.raises(NotationError) as caught:
        adjacent.read(line, 12)
    assert str(caught.value) == (
        f"line 1: expected a move such as '02' (notation 'digits'), got '{line}'"
    )


def test_peg_placeholders_apart_read_numbers_of_any_length():
    apart = Notation("dashed", "{source}-{target}", PegNames.ZERO, "dashed")
    assert apart.read("10-2\n0-11\n2-0", 12) == [(10, 2), (0, 11), (2, 0)]


# -- hedges between moves in prose ------------------------------------------------------------

_LEADS = ["", "- ", "* ", "> ", "Then ", "Step 1: ", "First, ", "So, ", "Next: "]
_HEDGES = [" or ", " or maybe ", ", otherwise ", ", alternatively ", " / ", " either way or "]
_PROSE = [
    "it seems {0}{1}{2} would work.",
    "the ball goes {0}{1}{2}.",
    "we could do {0}{1}{2} here.",
]


def _sentence(lead: str, prose: str, gap: str) -> str:
    text = lead + prose.format("A->C", gap, "A->B")
    return text[:1].upper() + text[1:]


# Moves mentioned inside prose with a hedge between them offer alternatives, whatever lead
# (bullet, quote mark, connector, step label) comes before the sentence; the report quotes the
# words between the two moves exactly.
@pytest.mark.parametrize("lead", _LEADS)
@pytest.mark.parametrize("gap", _HEDGES)
@pytest.mark.parametrize("prose", _PROSE)
def test_a_hedge_between_moves_in_prose_is_quoted_after_any_lead(lead, gap, prose):
    found = extract_moves(_sentence(lead, prose, gap))
    assert found.moves == ((0, 2), (0, 1))
    assert found.hedged == f"the answer offers alternatives: {gap.strip()!r} between two moves"
    assert found.ambiguous


@pytest.mark.parametrize("lead", _LEADS)
@pytest.mark.parametrize("gap", [" and then ", ", then ", " and "])
def test_moves_in_prose_joined_without_a_hedge_offer_no_alternatives(lead, gap):
    found = extract_moves(_sentence(lead, _PROSE[0], gap))
    assert found.moves == ((0, 2), (0, 1))
    assert found.hedged is None


# -- an unreadable move line after a list -----------------------------------------------------

_LISTS = {  # a list and its moves
    "[[1, 0, 2], [2, 0, 1]]": (Move(1, 0, 2), Move(2, 0, 1)),
    "[(1, 0, 2)]": (Move(1, 0, 2),),
    '["A->C", "A->B"]': ((0, 2), (0, 1)),
    "[[0, 2], [0, 1]]": ((0, 2), (0, 1)),
}


# A list is the answer; a move line after it that cannot be read ("Move disk 1 from A to",
# "C->?") announces no second answer, so nothing is hedged, whether the list is indented or
# not, and whatever follows the broken line.
@pytest.mark.parametrize("indent", ["", " ", "  ", "\t"])
@pytest.mark.parametrize("written", sorted(_LISTS))
@pytest.mark.parametrize(
    ("broken", "gap", "after"),
    list(
        itertools.product(
            ["Move disk 1 from A to", "C->?", "Peg A -> Peg ??"], ["\n", "\n\n"], ["", "\nA->B"]
        )
    ),
)
def test_an_unreadable_move_line_after_a_list_hedges_nothing(indent, written, broken, gap, after):
    found = extract_moves(indent + written + gap + broken + after)
    assert found.moves == _LISTS[written]
    assert found.hedged is None
    assert not found.ambiguous
