"""Moves written for a puzzle of another size are not part of the answer.

Found by a red-team pass (issue 32, item 1). Models warm up on a smaller tower, or show how a
smaller one goes, before or after the answer: "Warm-up with 2 disks: A->B, A->C, B->C. Now for
3 disks: ...". The two runs were read as one answer of ten moves.

Words announcing the moves of a puzzle of some size ("For 2 disks it would be:", "With three
disks:", "n = 2:", "the 2-disk case:", "If we had 2 disks:", "For our puzzle:") start an answer
of their own. Which size the puzzle asks for, the reader does not know: two runs announced for
different sizes make the reading ambiguous, never one joined answer. Words about a part of
the solution ("Move the top 2 disks first:") announce no other puzzle.
"""

from __future__ import annotations

import pytest

from hanoi_magnet.notation import extract_moves

TWO = ("A->B", "A->C", "B->C")
THREE = ("A->C", "A->B", "C->B", "A->C", "B->A", "B->C", "A->C")
THREE_PAIRS = ((0, 2), (0, 1), (2, 1), (0, 2), (1, 0), (1, 2), (0, 2))

SMALL = [
    "Warm-up with 2 disks:",
    "For 2 disks it would be:",
    "With two disks:",
    "If we had 2 disks instead:",
    "The 2-disk case:",
    "n = 2:",
    "For example, with only 2 disks:",
]
OURS = [
    "Now for 3 disks:",
    "For three disks:",
    "For our puzzle:",
    "Now, for the actual puzzle:",
    "n=3:",
]


def _lines(moves, inline):
    return ", ".join(moves) if inline else "\n".join(moves)


@pytest.mark.parametrize("small", SMALL)
@pytest.mark.parametrize("ours", OURS)
@pytest.mark.parametrize("inline", [False, True])
@pytest.mark.parametrize("order", ["small first", "ours first"])
def test_moves_for_two_sizes_are_never_joined(small, ours, inline, order):
    pieces = [(small, TWO), (ours, THREE)]
    if order == "ours first":
        pieces.reverse()
    separator = " " if inline else "\n"
    text = "\n\n".join(f"{head}{separator}{_lines(moves, inline)}" for head, moves in pieces)
    found = extract_moves(text)
    assert found.ambiguous, text
    assert len(found.moves) in (3, 7), text


@pytest.mark.parametrize("ours", OURS)
def test_moves_announced_for_one_size_are_the_answer(ours):
    found = extract_moves(f"{ours}\n" + "\n".join(THREE))
    assert found.moves == THREE_PAIRS and not found.ambiguous


@pytest.mark.parametrize(
    "heading",
    [
        "Now move the top 2 disks from B to C:",
        "Then the two disks go back onto disk 3:",
        "Finally, move the 2 disks from B to C:",
    ],
)
def test_words_about_a_part_of_the_solution_announce_no_other_puzzle(heading):
    text = "For 3 disks:\n" + "\n".join(THREE[:4]) + f"\n{heading}\n" + "\n".join(THREE[4:])
    found = extract_moves(text)
    assert found.moves == THREE_PAIRS and not found.ambiguous


def test_a_size_announced_on_the_line_of_the_moves_reads_no_disk():
    # "n=3: A->C": the 3 is the puzzle's size, not the disk of the move
    assert extract_moves("n=3: " + ", ".join(THREE)).moves == THREE_PAIRS
