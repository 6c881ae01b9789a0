"""Moves shown around the answer as examples, quotes or a goal are not joined to it.

Found by a second red-team pass (issue 32, item 1): runs of move lines with prose between them
are one answer, and so moves shown beside the answer were joined to it, with no doubt:

* a quote of one of its moves after it ("The largest disk moves only once:" then ``A->C``,
  "Step 4 is the key one:" then ``4. A->C``);
* the answer undone after it ("To undo it:" then the moves back);
* an example of the format before it ("Each line is one move, for example:" then ``A->B``, then
  "Here is the solution:"), or a move in a sentence after "e.g.";
* the goal written as a move ("Move the tower A → C.");
* the first move shown before the answer ("the smallest disk starts with" ``A \\to C``).
"""

from __future__ import annotations

import pytest

from hanoi_magnet.notation import extract_moves

MOVES = ["A->C", "A->B", "C->B", "A->C", "B->A", "B->C", "A->C"]
PAIRS = ((0, 2), (0, 1), (2, 1), (0, 2), (1, 0), (1, 2), (0, 2))
NUMBERED = "\n".join(f"{k}. {move}" for k, move in enumerate(MOVES, 1))
PLAIN = "\n".join(MOVES)


@pytest.mark.parametrize("answer", [NUMBERED, PLAIN])
@pytest.mark.parametrize("at", range(7))
@pytest.mark.parametrize(
    "heading", ["The largest disk moves only once:", "This one is the key move:", "Note:"]
)
def test_a_quote_of_a_move_after_the_answer_is_not_joined(answer, at, heading):
    found = extract_moves(f"{answer}\n\n{heading}\n{MOVES[at]}")
    assert found.moves == PAIRS, found.moves  # (in doubt or not: never eight moves)


@pytest.mark.parametrize("heading", ["To undo it:", "Undo this with:", "In reverse:"])
def test_the_answer_undone_after_it_is_not_joined(heading):
    back = "\n".join(f"{m[3]}->{m[0]}" for m in reversed(MOVES))
    found = extract_moves(f"{NUMBERED}\n\n{heading}\n{back}")
    assert found.moves == PAIRS


@pytest.mark.parametrize(
    "intro", ["Each line is one move, for example:", "Format example:", "The legend, e.g.:"]
)
@pytest.mark.parametrize("announce", ["Here is the solution:", "Answer:", "The full solution is:"])
def test_a_format_example_before_the_announced_answer_is_not_joined(intro, announce):
    found = extract_moves(f"{intro}\nA->B\n\n{announce}\n{NUMBERED}")
    assert found.moves == PAIRS and not found.ambiguous


@pytest.mark.parametrize("abbreviation", ["e.g.", "i.e.", "cf.", "vs."])
def test_a_move_after_an_abbreviation_in_a_sentence_is_mentioned_in_prose(abbreviation):
    text = f"{NUMBERED}\n\nLegend: each line moves the top disk, {abbreviation} A->B."
    found = extract_moves(text)
    assert found.moves == PAIRS and not found.ambiguous


@pytest.mark.parametrize(
    "goal",
    ["Move the tower A → C.", "Move the whole tower from A to C.", "Transfer the stack A -> C."],
)
def test_the_goal_written_as_a_move_is_no_move(goal):
    found = extract_moves(f"{goal}\n\n{NUMBERED}")
    assert found.moves == PAIRS and not found.ambiguous


def test_a_first_move_shown_before_the_announced_answer_is_not_joined():
    text = (
        "Since n = 3 is odd, the smallest disk starts with\n$$A \\to C$$\n"
        f"and the full solution is:\n\n{NUMBERED}"
    )
    found = extract_moves(text)
    assert found.moves == PAIRS and not found.ambiguous


@pytest.mark.parametrize(
    "statement",
    [
        "The whole tower is now moved from A to C.",
        "So disks 1 and 2 are now moved from A to B.",
        "Everything has finally moved from A to C.",
        "Disk 3 is now moved from A to C.",
    ],
)
@pytest.mark.parametrize("where", ["after", "inside"])
def test_a_statement_of_what_moved_is_no_move(statement, where):
    # (third red-team pass: "now"/"finally" before "moved from X to Y" read as one more move)
    lines = list(MOVES)
    lines.insert(3 if where == "inside" else 7, statement)
    found = extract_moves("\n".join(lines))
    assert found.moves == PAIRS, lines


@pytest.mark.parametrize(
    "label",
    ["Moves (format e.g. A->B):", "Moves (format A->B):", "Solution (for example B->C):"],
)
def test_a_format_example_in_a_label_is_no_move(label):
    found = extract_moves(f"{label} {', '.join(MOVES)}")
    assert found.moves == PAIRS and not found.ambiguous
