"""Behaviour that surviving mutants of the reader showed no test pinned (issue 32, item 6).

Each test states the rule it holds; the expected values come from the rule, not from the code.
"""

from __future__ import annotations

import itertools
import string

import pytest

from hanoi_magnet import Move
from hanoi_magnet.errors import NotationError
from hanoi_magnet.notation import Notation, PegNames, extract_moves

_THREE = ((0, 2), (0, 1), (2, 1))  # A->C, A->B, C->B: three disks' first three moves


def _pairs(moves: tuple[Move | tuple[int, int], ...]) -> list[tuple[int, int]]:
    """Each move's (source, target): a pair read without its disk, or a Move's posts."""
    return [(m.source, m.target) if isinstance(m, Move) else m for m in moves]


# The answer is the first box of a line: a box written after it (a move rejected, shown boxed)
# adds nothing, as any other move after the box does.
@pytest.mark.parametrize(
    "after", [" (not \\boxed{B->A})", ", never \\boxed{B->A, A->C}", " \\boxed{}"]
)
def test_the_first_box_of_a_line_is_its_answer_whatever_box_follows(after):
    found = extract_moves("Final: \\boxed{A->C, A->B, C->B}" + after)
    assert found.moves == _THREE
    assert not found.ambiguous


# A table's row is read as a whole: a note beside the move, in the move's own cell or in a
# column of its own, is part of the table and not reported as skipped text.
@pytest.mark.parametrize("note", ["(smallest disk)", "- the smallest disk", "ok"])
def test_a_note_in_a_table_cell_is_part_of_the_row_like_a_note_column(note):
    rows = [("A -> C", note), ("A -> B", ""), ("C -> B", "")]
    in_its_cell = "\n".join(f"| {k} | {move} {text} |" for k, (move, text) in enumerate(rows, 1))
    in_a_column = "\n".join(f"| {k} | {move} | {text} |" for k, (move, text) in enumerate(rows, 1))
    for table in (in_its_cell, in_a_column):
        found = extract_moves(table)
        assert found.moves == _THREE
        assert found.skipped == ()
        assert [(span.line, span.end_line) for span in found.spans] == [(1, 3)]


# Scoring a batch: an answer's moves depend on its own text only, not on the answers read
# before it, even when an earlier one had the same characters around a shorter mention ("1 2"
# followed by " 1x" in prose, where the answer's last triple "1 2 1" ends the text). Several
# widths: each line is new to the reader (lines already read are remembered whole).
@pytest.mark.parametrize("width", range(6, 12))
def test_an_answer_reads_the_same_whatever_was_read_before_it(width):
    gap = "," + " " * width
    answer = gap.join(["1 0 2", "2 0 1", "1 2 1"])  # disk, from, to (pegs from 0)
    at = answer.rindex("1 2 1")
    prose = "Row" + " " * (at - 2) + "1 2 1x of the table is checked."  # "1 2" one further right
    assert prose.index("1 2 1x") == at + 1
    with pytest.raises(NotationError, match="no moves found"):
        extract_moves(prose, posts=3)
    assert list(extract_moves(answer, posts=3).moves) == [
        Move(1, 0, 2),
        Move(2, 0, 1),
        Move(1, 2, 1),
    ]


# Pegs numbered by digits written two a move with nothing between ("02") are the library's
# compact notation only from four posts on (on three it names pegs S, I, D); the notation
# reported follows the post count of each reading, whatever was read before.
def test_digit_pairs_are_named_compact_only_from_four_posts_whatever_was_read_before():
    answer = "02\n01\n21"
    named = {3: None, 4: "compact", 5: "compact", 9: "compact"}
    for order in ((3, 5, 3, 4, 9, 3), (5, 3, 9, 4, 3, 5)):
        for posts in order:
            found = extract_moves(answer, posts=posts)
            assert _pairs(found.moves) == list(_THREE)
            assert found.notation == named[posts], posts


# From four posts on there is no S, I, D naming: letters are pegs from A whatever notation was
# asked, so a notation naming pegs S, I, D (arrows) reads "D->I" on nine posts as post 3 to 8.
@pytest.mark.parametrize("posts", range(4, 11))
def test_letters_beyond_three_posts_are_pegs_from_a_whatever_notation_was_asked(posts):
    letters = string.ascii_uppercase[:posts]
    for source, target in itertools.permutations(letters, 2):
        want = [(letters.index(source), letters.index(target))]
        for asked in ("arrows", "letter-arrows", None):
            found = extract_moves(f"{source}->{target}", notation=asked, posts=posts)
            assert _pairs(found.moves) == want, (source, target, asked)
            assert found.pegs is PegNames.LETTERS


# A notation of the user's with a mark between its pegs ("10/11") reads back what it writes,
# pegs of several digits included (posts 10 and 11 of twelve).
@pytest.mark.parametrize("mark", ["/", "-", ":", ",", "x", "|"])
@pytest.mark.parametrize("pegs", [PegNames.ZERO, PegNames.ONE])
def test_a_notation_with_a_mark_between_its_pegs_reads_back_pegs_of_two_digits(mark, pegs):
    notation = Notation("mine", "{source}" + mark + "{target}", pegs)
    moves = [(10, 11), (11, 0), (2, 10), (0, 9), (9, 11)]
    text = notation.format(moves, 12)
    first = "10" if pegs is PegNames.ZERO else "11"
    assert text.startswith(first + mark)
    assert notation.read(text, 12) == moves


# A remark opened by a bracket or a dash after a move is skipped, the moves it mentions too:
# "A->C (not B->A)" is the move A->C, and the remark is reported as such.
@pytest.mark.parametrize(
    ("first", "remark"),
    [
        ("A->C", "(not B->A)"),
        ("A->C", "[A->B comes next]"),
        ("SD", "(SI next)"),
        ("Move disk 1 from A to C", "-- disk 2 from A to B would be illegal"),
    ],
)
def test_a_move_mentioned_in_a_remark_after_a_move_is_not_read(first, remark):
    second, third = ("SI", "DI") if first == "SD" else ("A->B", "C->B")
    text = f"{first} {remark}\n{second}\n{third}"
    found = extract_moves(text)
    assert _pairs(found.moves) == list(_THREE)
    at = text.index(remark)
    assert [(s.start, s.end, s.why) for s in found.skipped] == [
        (at, at + len(remark), "a remark after a move")
    ]


# The memo of lines belongs to its reader (the quoted-moves reader is a second one): a new
# reader knows no line before reading it, then knows it; lines and table cells read the same
# whether remembered or not, and what the shared reader read is not known to the new one.
def test_a_new_line_reader_knows_a_line_only_once_it_read_it():
    from hanoi_magnet.notation._lines import MOVES, LineReader, line_reader
    from hanoi_magnet.notation._scan import Raw

    shared = line_reader()
    line, cell = "Move disk 1 from A to C", " A -> C (smallest disk) "
    shared.read(line)
    shared.read_cell(cell)
    reader = LineReader()
    assert reader.known(line) is None
    for _ in range(2):  # read, then remembered
        read = reader.read(line)
        assert (read.kind, read.raws, read.remark) == (MOVES, [Raw("1", "A", "C")], "")
        assert reader.known(line) == read
        moves = reader.read_cell(cell)
        assert moves is not None
        assert (moves.kind, moves.raws, moves.remark) == (MOVES, [Raw(None, "A", "C")], "")
    assert reader.read_cell(" 3 steps ") is None  # no move in the cell
    assert reader.known("Some prose.") is None


# The caller's letter naming (its pegs, or its notation's) reads an answer whose letters are all
# names in it, as named; letters that are the other naming's are detected as that one; letters
# that fit no naming are read in the caller's (the rules, not the reader, refuse peg Z).
@pytest.mark.parametrize(
    ("text", "asked", "posts", "moves", "pegs", "pegs_from"),
    [
        ("A->C\nA->B\nC->B", {"pegs": PegNames.LETTERS}, 3, _THREE, PegNames.LETTERS, "named"),
        ("A->C\nA->B\nC->B", {"notation": "letter-arrows"}, 3, _THREE, PegNames.LETTERS,
         "defaulted"),
        ("S->D\nS->I\nD->I", {"pegs": PegNames.SID}, 3, _THREE, PegNames.SID, "named"),
        ("S->D\nS->I\nD->I", {"notation": "arrows"}, 3, _THREE, PegNames.SID, "defaulted"),
        ("A->E\nE->D", {"pegs": PegNames.LETTERS}, 5, ((0, 4), (4, 3)), PegNames.LETTERS, "named"),
        ("S->D\nS->I\nD->I", {"pegs": PegNames.LETTERS}, 3, _THREE, PegNames.SID, "detected"),
        ("A->C\nA->B\nC->B", {"pegs": PegNames.SID}, 3, _THREE, PegNames.LETTERS, "detected"),
        ("A->Z", {"pegs": PegNames.LETTERS}, 3, ((0, 25),), PegNames.LETTERS, "named"),
        ("A->Z", {"notation": "letter-arrows"}, 3, ((0, 25),), PegNames.LETTERS, "defaulted"),
    ],
)  # fmt: skip
def test_letters_are_read_in_the_callers_naming_when_they_are_its_names(
    text, asked, posts, moves, pegs, pegs_from
):
    found = extract_moves(text, posts=posts, **asked)
    assert tuple(_pairs(found.moves)) == moves
    assert (found.pegs, found.pegs_from) == (pegs, pegs_from)
