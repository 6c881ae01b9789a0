"""Tests that kill survivors of a second uniform random sample of all mutants (issue 32 item 6).

The sample: 200 names drawn with ``random.Random(20261208).sample`` from the sorted names of
every mutmut 3.8.1 mutant of the configured modules (12,396 at b38510e), run in the drawn order
(``nox -s mutation`` settings: HANOI_MUTATION=1, HYPOTHESIS_PROFILE=mutation). Each test names
the behaviour it pins and, in its docstring, the mutant it kills (``mutmut show NAME`` prints
one). The file is in the mutation run's selection (pyproject.toml).
"""

from __future__ import annotations

import pytest

from hanoi_magnet.evaluation import Outcome, generate, score
from hanoi_magnet.notation import extract_moves

#: A table of moves by named columns, its first two rows the 2-disk solution's first moves.
TABLE = (
    "| Step | Disk | From | To |\n"
    "|------|------|------|----|\n"
    "| 1 | 1 | A | B |\n"
    "| 2 | 2 | A | C |\n"
)


@pytest.mark.parametrize("peg", ["B", "**B**", "peg B", "?"])
def test_a_last_table_row_with_one_peg_left_out_is_a_move_that_cannot_be_read(peg):
    """``| 3 | 1 | B |`` under ``| Step | Disk | From | To |``: a move whose target is missing.

    The row has fewer cells than the named columns, and one of them names a peg (or holds a
    placeholder for it): it tries to be a move and is none, so the reading stops there with
    that row unreadable, after the two moves above it. Kills _lines.x__peg_cell__mutmut_5 (the
    row's cells looked at with a call that raises).
    """
    found = extract_moves(TABLE + f"| 3 | 1 | {peg} |")
    assert [(m.disk, m.source, m.target) for m in found.moves] == [(1, 0, 1), (2, 0, 2)]
    assert found.unreadable == f"'3 | 1 | {peg}' (not a move)"


@pytest.mark.parametrize("row", ["| 3 | 1 |", "| 3 | 1 | 3 |"])
def test_a_last_table_row_of_numbers_only_is_no_move(row):
    """``| 3 | 1 |``, ``| 3 | 1 | 3 |``: numbers are a step and disks, no peg: not a move.

    The reading is the two moves above, none of them unreadable (the same mutant as above:
    these rows go through the same look at their cells).
    """
    found = extract_moves(TABLE + row)
    assert [(m.disk, m.source, m.target) for m in found.moves] == [(1, 0, 1), (2, 0, 2)]
    assert found.unreadable is None


@pytest.mark.parametrize("answer", ["A-", "A -", "1-", "C-\n"])
def test_an_answer_that_is_only_the_start_of_a_move_with_a_dash_is_cut_off(answer):
    """An answer of "A-" alone: the output stopped inside its first move, not prose.

    A piece shorter than four characters is taken for the beginning of a move only when it
    holds a mark of one; the dash of an arrow is such a mark. Kills
    _extract.x__strong_piece__mutmut_6 (the dash no longer a mark: "no moves found").
    """
    found = extract_moves(answer)
    assert found.moves == ()
    assert found.truncated
    instance = generate(
        seed=5, count=1, families=["classic"], disks=(2, 2), tasks=["solve"],
        templates=["plain"], notations=["letter-arrows"],
    )[0]  # fmt: skip
    assert score(answer, instance).outcome is Outcome.TRUNCATED


def _pairs(found):
    return [m if isinstance(m, tuple) else (m.source, m.target) for m in found.moves]


@pytest.mark.parametrize(
    ("text", "disks"),
    [
        ("For 2 disks: Step 1: A->B\nStep 2: A->C\nStep 3: B->C", (None, None, None)),
        ("For 2 disks:  - A->B\n - A->C\n - B->C", (None, None, None)),
        ("For 2 disks: Step 1: Move disk 1 from A to B", (1,)),
    ],
)
def test_the_lead_after_a_size_label_is_skipped_like_any_lead(text, disks):
    """In "For 2 disks: Step 1: A->B", "Step 1:" after the label is a lead, as a bullet is.

    "Step 1" numbers the step (no disk is named: a bare pair A->B), and the bullet's dash is
    no part of the move, as on a line with no label. Kills _segments.x__sentence__mutmut_63
    (the lead after a size label kept: "1" read as the disk, the bulleted move lost).
    """
    found = extract_moves(text)
    assert _pairs(found) == [(0, 1), (0, 2), (1, 2)][: len(disks)]
    assert tuple(getattr(m, "disk", None) for m in found.moves) == disks
    assert found.unreadable is None
    assert not found.ambiguous


def test_a_move_named_after_a_weak_mention_in_the_remark_is_another_move():
    """In "A->C (AB or A->B)" the remark offers A->B beside A->C: which move is meant?

    "AB" alone is a weak form (a word as much as a move) and says nothing; the strong "A->B"
    after it names a move that is not A->C in any naming, so the line is in doubt. Kills
    _segments.x__names_another__mutmut_20 (the look stopped at the weak mention).
    """
    found = extract_moves("A->C (AB or A->B)\nC->B")
    assert found.ambiguous
    assert found.hedged == (
        "the moves cannot be told apart from the words around them: the move is followed by "
        "another move: '(AB or A->B)'"
    )


@pytest.mark.parametrize(
    ("text", "pairs"),
    [
        ("1. A->B\n2. B->C\nThis is fine so far.\n3. A->B\n4. B->C", [(0, 1), (1, 2)] * 2),
        (
            "Step 1: A->C\nStep 2: A->B\nNow the rest:\nStep 3: A->C\nStep 4: A->B\nStep 5: C->B",
            [(0, 2), (0, 1), (0, 2), (0, 1), (2, 1)],
        ),
    ],
)
def test_a_numbered_list_going_on_past_prose_is_no_new_attempt(text, pairs):
    """Steps 3 and 4 after the prose go on from steps 1 and 2, even when they repeat them.

    Their numbers say they are the list's next steps, not a new attempt starting over (which
    moves beginning like the first ones would otherwise suggest): one reading, no doubt.
    Kills _decide.x__numbered__mutmut_44 (the list's going on forgotten: a new attempt offered).
    """
    found = extract_moves(text)
    assert _pairs(found) == pairs
    assert not found.ambiguous
    assert found.alternatives == ()


@pytest.mark.parametrize("remark", ["(1->3)", "(disk 1 from 1 to 3)"])
def test_a_move_of_source_and_destination_said_again_in_numbers_is_the_same_move(remark):
    """In "S->D (1->3)", source to destination is peg 1 to peg 3: the same move, no doubt.

    Kills _segments.x__readings__mutmut_44 (S, I, D no longer read as posts 0, 1, 2).
    """
    found = extract_moves(f"S->D {remark}\nS->I")
    assert _pairs(found) == [(0, 2), (0, 1)]
    assert not found.ambiguous
    assert found.hedged is None


def test_a_remark_naming_a_move_from_s_to_a_letter_not_of_s_i_d_is_another_move():
    """In "A->B (S->B)", S->B is no reading of A->B: the line offers another move.

    Killed by the same mutant (which also looked up B among S, I, D, and raised).
    """
    found = extract_moves("A->B (S->B)\nC->B")
    assert found.ambiguous
    assert found.hedged == (
        "the moves cannot be told apart from the words around them: the move is followed by "
        "another move: '(S->B)'"
    )


def test_moves_to_the_goal_past_the_count_asked_are_not_a_complete_answer_then_more():
    """A "continue" task asking for 1 move: "B->C", "A->C", a blank line, "C->B".

    The 3-disk puzzle after 5 of its 7 moves (A: 1, B: 2, C: 3): the next move is B->C, and
    B->C, A->C reaches the goal. The first paragraph, two moves, is not the one move asked
    for, so it is no complete answer: the three legal moves do not do the task (unsolved, the
    credit of legal moves), not two answers. One move in the first paragraph is one (checked
    for contrast). Kills _score.x__two_answers__mutmut_3 (the goal reached at a paragraph's
    end taken for a complete answer whatever the task).
    """
    instance = generate(
        seed=1, count=1, families=["classic"], disks=(3, 3), tasks=["continue"],
        templates=["plain"], notations=["letter-arrows"],
    )[0]  # fmt: skip
    assert (instance.done, instance.count) == (5, 1)
    assert "Peg A: 1\nPeg B: 2\nPeg C: 3\n" in instance.prompt
    result = score("B->C\nA->C\n\nC->B", instance)
    assert result.outcome is Outcome.UNSOLVED
    assert result.detail == "3 legal moves that do not do the task"
    assert result.rewards["graded"] == 0.05
    two = score("B->C\n\nA->C", instance)
    assert two.outcome is Outcome.AMBIGUOUS
    assert two.detail.startswith("a complete answer in the first 1 move, then more moves")


def test_jsonl_lines_read_before_are_still_checked_for_their_index():
    """``jsonl`` numbers each line ("index"): a line is the notation's own only in its place.

    After an answer of three jsonl lines in order, the same lines with the first two swapped
    are the same moves, but line 1 says index 1 where jsonl writes index 0 there: a deviation
    from the asked notation, reported as for any answer. Kills _canonical.x_can_teach__mutmut_3
    (jsonl's lines remembered as if any place suited them: the swapped answer then read by
    looking its lines up, with the first answer's report, no deviation).
    """
    lines = [
        '{"index": 0, "disk": 1, "source": 0, "target": 2}',
        '{"index": 1, "disk": 2, "source": 0, "target": 1}',
        '{"index": 2, "disk": 1, "source": 2, "target": 1}',
    ]
    first = extract_moves("\n".join(lines), notation="jsonl")
    assert [(m.disk, m.source, m.target) for m in first.moves] == [(1, 0, 2), (2, 0, 1), (1, 2, 1)]
    assert first.deviation is None
    swapped = extract_moves("\n".join([lines[1], lines[0], lines[2]]), notation="jsonl")
    assert [(m.disk, m.source, m.target) for m in swapped.moves] == [
        (2, 0, 1), (1, 0, 2), (1, 2, 1),
    ]  # fmt: skip
    assert swapped.deviation == (
        f"line 1 is {lines[1]!r}, notation 'jsonl' writes "
        """'{"index": 0, "disk": 2, "source": 0, "target": 1}'"""
    )


@pytest.mark.parametrize("lead", ["", "1. ", "Step 2: "])
def test_a_sentence_about_a_puzzle_of_another_size_is_prose_after_a_list_number(lead):
    """A sentence about a puzzle of another size after "A->C" is prose, numbered or not.

    The sentence is read alike with or without the item's number or step heading before it:
    the size it names ("With 2 disks") is looked for after that lead. Only A->C is read; the
    sentence's line is skipped as prose. Kills _cues.x_size_label__mutmut_5 (the size looked
    for at the line's start, before the lead: "1. With 2 disks" then named no size, and A->B
    was read as a second move).
    """
    found = extract_moves(f"A->C\n{lead}With 2 disks the goal is reached by: A->B")
    assert _pairs(found) == [(0, 2)]
    assert [span.why for span in found.skipped] == ["prose"]


def test_moves_under_a_heading_of_moves_not_to_make_lose_and_say_why():
    """Under "An illegal move would be:", "B->A" is a move shown as one not to make.

    The answer's moves are the three above it; the move under the heading is listed as a
    reading that lost (not a plausible one), and why: the heading, quoted. Kills
    _decide.x__set_apart__mutmut_9 (the losing reading's reason left out).
    """
    found = extract_moves("A->C\nA->B\nC->B\n\nAn illegal move would be:\nB->A")
    assert _pairs(found) == [(0, 2), (0, 1), (2, 1)]
    assert [(a.why, a.plausible, a.moves) for a in found.alternatives] == [
        ("moves shown as ones not to make: 'An illegal move would be:'", False, ((1, 0),))
    ]


@pytest.mark.parametrize("answer", ["[]", "[ ]"])
def test_an_empty_list_of_moves_has_no_peg_naming_even_when_a_notation_is_asked(answer):
    """``[]`` in answer to ``moves-list``: no moves, so no peg naming (``pegs`` is ``None``).

    As documented for Extraction.pegs ("None when there are none"), even though the asked
    notation has a naming of its own. Kills _extract.xǁ_Readingǁassemble__mutmut_166 (the
    naming kept for a reading without moves).
    """
    found = extract_moves(answer, notation="moves-list")
    assert found.moves == ()
    assert found.pegs is None
