"""A move begun after the last move of a sentence and never finished stops the reading.

"A->C, then move disk 2 from. Then A->B." was read as two moves, A->C and A->B, confidently:
the unfinished "then move disk 2 from" was taken for a remark after A->C. A careful reader
cannot tell what the second move was, so the moves after it are not read as if it were not
there. The class: every separator and connector a move can follow, every way of leaving a move
unfinished (a sentence cut before its pegs, an arrow to no peg or from a placeholder), every
way the answer goes on, after a first move in several notations.
"""

from __future__ import annotations

import itertools

import pytest

from hanoi_magnet.errors import NotationError
from hanoi_magnet.notation import extract_moves

FIRST = ["A->C", "A -> C", "Move disk 1 from A to C", "move disk 1 from peg A to peg C", "AC"]
JOINS = [", then ", " then ", "; then ", ", and then ", ", and finally ", ", next ", ", ", "; ",
         " and ", ", then, ", " & ", " → ", " -> ", " | ", "<br>", " => "]  # fmt: skip
UNFINISHED = [
    "move disk 2 from",
    "move disk 2 from A to",
    "move disk 2",
    "move the top disk from",
    "Move disk 2 from peg A to peg",
    "A->",
    "A -> ?",
    "Peg A -> Peg ??",
]
ENDINGS = [".", "", "\nA->B", ". Then A->B.", "\nB->A\nC->B", ". A->B, C->B"]


@pytest.mark.parametrize(("first", "join"), list(itertools.product(FIRST, JOINS)))
def test_an_unfinished_move_after_the_last_move_of_a_sentence_is_no_remark(first, join):
    for unfinished, ending in itertools.product(UNFINISHED, ENDINGS):
        text = f"{first}{join}{unfinished}{ending}"
        try:
            found = extract_moves(text)
        except NotationError:
            continue  # nothing read: no confident reading either
        # unreadable, in doubt, or (when the answer ends with it) cut off: never read past it
        assert found.unreadable or found.ambiguous or found.truncated, (text, found.moves)
        assert [_pegs(move) for move in found.moves] == [(0, 2)], text
        if found.unreadable is not None:
            assert unfinished.split()[-1] in found.unreadable, (text, found.unreadable)


def _pegs(move):
    return move if isinstance(move, tuple) else (move.source, move.target)


@pytest.mark.parametrize(
    "remark",
    [
        " (then move disk 2 later)",
        ", which frees disk 2",
        " -- then we move the second disk next",
        ". Disk 2 can move now",
        ", then the next moves are below",
    ],
)
def test_a_remark_after_the_last_move_is_still_a_remark(remark):
    found = extract_moves(f"A->C{remark}\nA->B\nC->B")
    assert found.moves == ((0, 2), (0, 1), (2, 1))
    assert found.unreadable is None and not found.ambiguous


@pytest.mark.parametrize(
    ("tail", "stops"),
    [(".", False), (" -", False), (" ?", False), (" A->", True), ("; B->", True), (" →", False)],
)
def test_tails_of_one_character_are_never_looked_at_and_of_more_are(tail, stops):
    # the look after the last move is skipped below two characters (no move begins in fewer)
    found = extract_moves(f"A->C, A->B{tail}\nC->B")
    if stops:
        assert found.moves == ((0, 2), (0, 1)) and found.unreadable is not None
    else:
        assert found.moves == ((0, 2), (0, 1), (2, 1)) and found.unreadable is None
