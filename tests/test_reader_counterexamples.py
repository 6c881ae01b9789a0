"""Moves shown as examples after the answer do not replace it.

Found by a second red-team pass (issue 32, item 1): after a whole answer, a heading with a word
that usually corrects ("illegal", "instead", "actually") made the moves after it the answer:

* "An illegal move would be: B->C" (also "Wrong:", "Avoid:", "Don't do this:", "Moves that
  would be illegal at step 3:") replaced the answer with the move not to make;
* "Actually, let me verify the middle move: A->C ✓" replaced it with one of its own moves;
* "If the target were B instead:" replaced it with the solution of another puzzle.

Moves shown as ones not to make are set apart; a check that repeats a part of the answer after
a correction word leaves it in doubt; moves for another goal are another answer (ambiguous).
"""

from __future__ import annotations

import pytest

from hanoi_magnet.notation import extract_moves

ANSWER = "\n".join(
    f"{k}. {move}"
    for k, move in enumerate(["A->C", "A->B", "C->B", "A->C", "B->A", "B->C", "A->C"], 1)
)
PAIRS = ((0, 2), (0, 1), (2, 1), (0, 2), (1, 0), (1, 2), (0, 2))

NOT_TO_MAKE = [
    "An illegal move would be:",
    "Wrong:",
    "Incorrect:",
    "Avoid:",
    "Don't do this:",
    "Not allowed:",
    "Moves that would be illegal at step 3:",
    "A bad first move:",
    "Counterexample:",
]


@pytest.mark.parametrize("heading", NOT_TO_MAKE)
@pytest.mark.parametrize("moves", ["B->C", "- B->A (larger onto smaller)\n- B->C", "C->A, C->B"])
def test_moves_shown_as_ones_not_to_make_are_no_answer(heading, moves):
    found = extract_moves(f"{ANSWER}\n\n{heading}\n{moves}\n")
    assert found.moves == PAIRS and not found.ambiguous


@pytest.mark.parametrize(
    "heading",
    ["That was wrong. Corrected:", "Wrong! Let me redo it:", "Incorrect; the right moves are:"],
)
def test_a_correction_after_a_wrong_answer_still_replaces_it(heading):
    found = extract_moves(f"1. A->B\n2. A->C\n\n{heading}\n{ANSWER}")
    assert found.moves == PAIRS and not found.ambiguous


@pytest.mark.parametrize("at", range(7))
@pytest.mark.parametrize(
    "heading", ["Actually, let me verify the middle move:", "Wait, let me check this one:"]
)
def test_a_check_that_repeats_a_part_of_the_answer_leaves_it_in_doubt(at, heading):
    move = ANSWER.splitlines()[at].split(". ", 1)[1]
    found = extract_moves(f"{ANSWER}\n\n{heading}\n{move} ✓\nYes, all good.")
    assert found.ambiguous


@pytest.mark.parametrize(
    "heading", ["If the target were B instead:", "If the goal peg was B:", "If the target is B:"]
)
def test_moves_for_another_goal_are_another_answer(heading):
    other = "\n".join(["A->B", "A->C", "B->C", "A->B", "C->A", "C->B", "A->B"])
    found = extract_moves(f"{ANSWER}\n\n{heading}\n{other}")
    assert found.ambiguous
