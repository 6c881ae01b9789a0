"""Tests that kill survivors of a mutation sample of the reader's newest code (issue 32 item 6).

The sample: every mutmut 3.8.1 mutant of the functions added or changed between 434d639 and
95b73c4 in hanoi_magnet/notation (pictures of the pegs, plans, steps said twice, moves for
another size, the fast path's look for a step said again). Each test names the behaviour it
pins; the mutants it kills are named in its docstring (``mutmut show NAME`` prints one).
Most of these helpers were only reached by test files outside the mutation run's selection, so
their mutants survived there: these tests are in the selection (pyproject.toml).
"""

from __future__ import annotations

import pytest

from hanoi_magnet.errors import NotationError
from hanoi_magnet.notation import Extraction, extract_moves
from hanoi_magnet.notation._cues import (
    announced_size,
    announces_answer,
    example,
    not_to_make,
    size_label,
)
from hanoi_magnet.notation._decide import _inside, _other_size
from hanoi_magnet.notation._decide import heading_of as prose_heading
from hanoi_magnet.notation._extract import _fast, _restating
from hanoi_magnet.notation._lines import (
    _LEFT_ARROW,
    _follows,
    _indent,
    _item,
    _move_text,
    _turned,
    plain_line,
)
from hanoi_magnet.notation._scan import Raw, same_move
from hanoi_magnet.notation._segments import BLANK, Line
from hanoi_magnet.notation._snapshots import without_pictures


@pytest.mark.parametrize(
    ("text", "left"),
    [
        ("1. A->C  [3, 2] [] [1]", "1. A->C"),  # a picture after the move
        ("A->C [[3, 2], [], [1]]", "A->C"),  # in brackets: the outer ones go too
        ("A: [3], B: [2, 1], C: []", ""),  # lists named by their pegs
        ("[3, 2] [4] [1]", ""),  # one list of one disk is enough
        ("[2, 1] [1, 2] [] [3]", "[2, 1]"),  # disk 2 twice: the picture starts after [2, 1]
        ("x [3, 2]  [] [1]", "x [3, 2]"),  # apart unlike the others: no part of the picture
        ("A->C [3, 2][1][]", "A->C"),
        (
            "1. A->C  [3, 2] [1]",
            "1. A->C",
        ),  # two lists are a picture  # side by side with no gap: from the first list on
    ],
)
def test_a_picture_of_the_pegs_is_blanked_in_place(text, left):
    """_blank: the lists at a stretch's end that can be a position, and only those."""
    blanked = without_pictures(text)
    assert len(blanked) == len(text)
    assert blanked.rstrip() == left


@pytest.mark.parametrize(
    "text",
    [
        "moves = [[0, 2], [0, 1], [2, 1]]",  # moves of pairs: no list is short
        "[1, 2, 1] []",  # disk 1 twice in one list: a move of three numbers
        "[0, 2] [] x",  # disk 0: numbers from 1 only
        "[3, 2] [4, 1] and []",  # the short list stands apart: no picture beside it
        "A->C",
    ],
)
def test_lists_that_cannot_be_a_picture_are_left(text):
    assert without_pictures(text) == text


@pytest.mark.parametrize(
    ("written", "turned"),
    [("B <- A", "A -> B"), ("C ← A", "A → C"), ("B <-- A", "A --> B"), ("B<-A", "A->B")],
)
def test_a_left_arrow_is_turned_source_first(written, turned):
    assert _LEFT_ARROW.sub(_turned, written) == turned


def test_list_items_and_their_order():
    """_item, _follows: the list a line is an item of, and the item after another."""
    assert _item("- A->C") == ("-", -1)
    assert _item("  * A->C") == ("  *", -1)
    assert _item("* 2: A -> C") == ("*", -1)
    assert _item("3. A->C") == ("#", 3)
    assert _item("A->C") is None
    assert _follows(("#", 3), ("#", 2))
    assert not _follows(("#", 4), ("#", 2))
    assert not _follows(("#", 2), ("#", 2))
    assert _follows(("-", -1), ("-", -1))
    assert not _follows(("-", -1), ("*", -1))
    assert not _follows(("#", 3), ("-", 2))


def test_a_lines_move_text_and_indent():
    assert _move_text("1. **Move disk 1 from A to C.**") == "movedisk1fromatoc"
    assert _move_text("A -> C") == "a->c"
    assert _indent("   - A->C") == 3
    assert _indent("A->C") == 0


def test_same_move():
    """same_move: the same pegs (any case), the same disk where both name one."""
    assert same_move(Raw(None, "a", "c"), Raw("1", "A", "C"))
    assert same_move(Raw("1", "A", "C"), Raw(None, "A", "C"))
    assert same_move(Raw("1", "A", "C"), Raw("1", "A", "C"))
    assert not same_move(Raw("2", "A", "C"), Raw("1", "A", "C"))
    assert not same_move(Raw("1", "A", "B"), Raw("1", "A", "C"))
    assert not same_move(Raw("1", "B", "C"), Raw("1", "A", "C"))


def test_cues_of_sizes_and_headings():
    assert announced_size("n = 2:") == "2"
    assert announced_size("If the target were B:") == "another goal"
    assert announced_size("With Three disks:") == "3"
    assert announced_size("The 4-disk case is:") == "4"
    assert announced_size("Now for our puzzle:") == "ours"
    assert announced_size("Now, for 2 disks:", 0, anywhere=False) is None
    assert announced_size("Now, for 2 disks:", 5, anywhere=False) == "2"
    assert announced_size("text. For 2 disks: A->C", 3) == "2"
    assert announced_size("Move the top 2 disks from A to B:") is None
    assert size_label("Warm-up with 2 disks: A->C", 0) == 21
    assert size_label("xx For 2 disks: A", 3) == 15
    assert size_label("A->C", 0) == 0
    assert not_to_make("Wrong:") and not_to_make("An illegal move would be:")
    assert not not_to_make("Wrong. Corrected:") and not not_to_make("Moves:")
    assert announces_answer("Here is the solution:")
    assert not announces_answer("This frees disk 3.")
    assert example("Each line is one move, for example:") and not example("Moves:")


def test_decide_helpers():
    """_inside: a part of the answer (fewer moves, in a row); _heading: the last said line."""
    assert _inside(((1,),), [(1,), (2,)]) and _inside(((2,),), [(1,), (2,)])
    assert _inside(((2,), (3,)), [(1,), (2,), (3,)])
    assert not _inside(((1,), (2,)), [(1,), (2,)])
    assert not _inside((), [(1,)])
    assert not _inside(((3,),), [(1,), (2,)])
    assert not _inside(((1,), (3,)), [(1,), (2,), (3,)])
    assert prose_heading("Intro:\n| a | b |\n") == "Intro:"
    assert prose_heading("Intro:\n```\n") == "Intro:"
    assert prose_heading("Heading:\nmoves = [") == "Heading:"
    assert prose_heading("A\n  <tag>\n") == "A"
    assert prose_heading("\n\n") == ""
    assert _other_size("Now for 3 disks:", "Warm-up with 2 disks:") == "Now for 3 disks:"
    assert _other_size("For 3 disks:", "For three disks:") == ""
    assert _other_size("Moves:", "For 2 disks:") == ""
    assert _other_size("For our puzzle that is wrong. Corrected:", "For 2 disks:") == ""
    assert _other_size("  For our puzzle:  ", "For 2 disks:") == "For our puzzle:"


def test_the_fast_path_looks_for_a_step_said_again_only_when_lines_differ_in_shape():
    """_restating: few distinct lines all written alike are no step said twice."""
    line = Line(BLANK, [], None, "", False)  # (only the lines, the keys, are looked at)
    alike = dict.fromkeys(["Move disk 1 from A to C", "Move disk 2 from A to B"], line)
    assert not _restating(alike, 10)
    assert not _restating(alike, 4)
    assert _restating(alike, 3)
    assert _restating(dict.fromkeys(["Move disk 1 from A to C", "A->B"], line), 10)


def test_the_fast_path_reads_a_plain_answer():
    """_fast: the common clean answer (prose, move lines, prose) is read there, not left."""
    found = _fast("Solution:\nA->C\nA->B\nC->B\n\nDone.")
    assert found is not None
    run, skipped = found
    assert [(raw.source, raw.target) for raw in run.raws] == [("A", "C"), ("A", "B"), ("C", "B")]
    assert (run.start, run.end) == (10, 24)
    assert skipped == [(0, 9, "prose"), (26, 31, "prose")]
    assert _fast("A->C\nA->C\nC->B") is None  # the same pegs twice in a row


def _pairs(found: Extraction) -> tuple[tuple[int, int], ...]:
    return tuple(m if isinstance(m, tuple) else (m.source, m.target) for m in found.moves)


MOVES = ("A->C", "A->B", "C->B", "A->C", "B->A", "B->C", "A->C")
PAIRS = ((0, 2), (0, 1), (2, 1), (0, 2), (1, 0), (1, 2), (0, 2))
PLAN = (
    "Move the top two disks from A to B",
    "Move the largest disk from A to C",
    "Move the two disks from B to C",
)


def test_moves_listed_before_a_step_of_several_disks_are_in_doubt():
    """_Runs.doubt with no run being read: the last run is put in doubt.

    Kills doubt__mutmut_4 (only a run already in doubt would be marked).
    """
    found = extract_moves("1. Move disk 1 from A to C\n2. Move the other two disks from A to B")
    assert _pairs(found) == PAIRS[:1] and found.ambiguous
    assert (found.hedged or "").endswith(
        "moves listed beside a step that moves several disks at once"
    )


def test_moves_listed_after_a_plan_in_the_same_list_are_in_doubt():
    """_Runs.doubt of the run being read (_Plans.added); kills doubt__mutmut_1 and _2."""
    text = "\n".join(f"- {line}" for line in (*PLAN, *MOVES))
    found = extract_moves(text)
    assert _pairs(found) == PAIRS[1:] and found.ambiguous
    assert (found.hedged or "").endswith("moves listed after a plan's steps, in the same list")


@pytest.mark.parametrize("marker", ["{k}. ", "Step {k}: ", "- "])
def test_a_plan_alone_gives_no_moves_and_a_plan_then_the_moves_gives_them(marker):
    """_Plans.takes: a plan's step of one disk is no move; the moves after the plan are read."""
    plan = "\n".join(marker.format(k=k) + step + "." for k, step in enumerate(PLAN, 1))
    with pytest.raises(NotationError):
        extract_moves("Plan:\n" + plan)
    found = extract_moves("Plan:\n" + plan + "\n\nMoves:\n" + "\n".join(MOVES))
    assert _pairs(found) == PAIRS and not found.ambiguous


@pytest.mark.parametrize("under", ["   {move}", "   - {move}", "{move}"])
def test_steps_of_several_disks_with_their_moves_under_them_are_headings(under):
    """_Plans._resolve: a step with moves under it is a heading, its sibling move is read."""
    groups = [
        (PLAN[0] + ":", MOVES[:3]),
        ("Move disk 3 from A to C", ()),
        (PLAN[2] + ":", MOVES[4:]),
    ]
    lines = []
    for k, (heading, moves) in enumerate(groups, 1):
        lines.append(f"{k}. {heading}")
        lines += [under.format(move=move) for move in moves]
    found = extract_moves("\n".join(lines))
    assert _pairs(found) == PAIRS and not found.ambiguous


def test_a_move_of_one_disk_is_no_plan():
    found = extract_moves("1. Move the top disk from A to C\n2. A->B\n3. C->B")
    assert _pairs(found) == PAIRS[:3] and not found.ambiguous


def test_an_example_of_the_format_in_parentheses_is_blanked_in_place():
    """_spaces (no test of the run's selection reached it): the aside becomes as many spaces."""
    assert plain_line("Moves (format e.g. A->B): A->C") == "Moves " + " " * 18 + ": A->C"
