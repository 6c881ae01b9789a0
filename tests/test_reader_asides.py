"""What a line says beside its move: asides in parentheses, moves struck out or corrected.

Found by a red-team pass over answers as models write them (issue 32, item 1); each was a
confident wrong reading:

* a period inside a remark in parentheses ended a sentence, and the move after it was read:
  "3. C->B (vs. C->A)" was two moves; a sentence wholly in parentheses after the move
  ("C->B. (A->C is blocked.)") was a move too;
* a move struck out (``~~A->C~~ A->B``, ``<del>A->C</del> A->B``) was read, or made the line a
  hedge and stopped the reading;
* a move corrected on its own line ("C->A - no wait, A->B", "C->A (correction: C->B)") was
  read as written, its correction a remark;
* boxes in math mode (``$\\boxed{A \\to C}$, $\\boxed{A \\to B}$``) gave their first box only.
"""

from __future__ import annotations

import pytest

from hanoi_magnet.notation import extract_moves

LIST = ["A->C", "A->B", "C->B", "A->C"]
PAIRS = ((0, 2), (0, 1), (2, 1), (0, 2))

ASIDES = [
    " (vs. C->A)",
    " (cf. the move A->C before)",
    " (i.e. the smallest disk from C to B)",
    ". (A->C is blocked.)",
    ". (Not B->A: that would put a disk on a smaller one.)",
    " (e.g. A->B would be illegal.)",
]


@pytest.mark.parametrize("aside", ASIDES)
@pytest.mark.parametrize("at", range(len(LIST)))
def test_a_move_in_an_aside_is_no_move(aside, at):
    items = list(LIST)
    items[at] += aside
    found = extract_moves("\n".join(f"{k}. {item}" for k, item in enumerate(items, 1)))
    assert found.moves == PAIRS, items


def test_numbered_sentences_in_parentheses_are_still_moves():
    assert extract_moves("(1) A->C. (2) A->B.").moves == ((0, 2), (0, 1))


@pytest.mark.parametrize(
    "struck", ["~~A->C~~ A->B", "~~A->C~~A->B", "<del>A->C</del> A->B", "<s>A->C</s> A->B"]
)
def test_a_move_struck_out_is_no_move(struck):
    found = extract_moves(f"1. A->C\n2. {struck}\n3. C->B")
    assert found.moves == ((0, 2), (0, 1), (2, 1)) and not found.ambiguous


@pytest.mark.parametrize(
    "corrected", ["C->A — no wait, A->B", "C->A (correction: C->B)", "C->A, oops, I mean A->B"]
)
def test_a_move_corrected_on_its_line_is_in_doubt(corrected):
    found = extract_moves(f"1. A->C\n2. {corrected}\n3. C->B")
    assert found.ambiguous


@pytest.mark.parametrize("remark", [" (correct, no mistake here)", " (now disk 1 is on C)"])
def test_a_remark_that_corrects_no_move_is_a_remark(remark):
    found = extract_moves(f"1. A->C\n2. A->B{remark}\n3. C->B")
    assert found.moves == ((0, 2), (0, 1), (2, 1)) and not found.ambiguous


@pytest.mark.parametrize("glue", [", ", " ", "; ", ", then "])
def test_boxes_in_math_mode_are_one_answer(glue):
    boxes = glue.join(f"$\\boxed{{{move}}}$" for move in ("A \\to C", "A \\to B", "C \\to B"))
    assert extract_moves(boxes).moves == ((0, 2), (0, 1), (2, 1))
