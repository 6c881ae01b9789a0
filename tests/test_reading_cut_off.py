"""An answer cut off inside its last move: what the report says (issue 32, item 6).

The moves before the piece are read, the piece is skipped as the beginning of a move, the
answer is truncated, and ``why`` quotes the piece (whole up to 40 characters, else its first
37 and "..."). Pinned whole for each way an answer ends cut off, both sides of the 40.
"""

from __future__ import annotations

import pytest

from hanoi_magnet.notation import PegNames, extract_moves

CUT = "the beginning of a move at the very end of the text: the output was cut off"
AC_AB = ((0, 2), (0, 1))


def _ends_inside(shown: str, before: str = "the only reading") -> str:
    return f"{before}; the text ends inside a move ({shown!r}): it was cut off"


# (answer, moves, why, skipped as (start, end, line, why))
_CUTS = [
    (
        "A->C\nA->B\nMove disk 1 from", AC_AB, _ends_inside("Move disk 1 from"),
        [(10, 26, 3, CUT)],
    ),
    ("A->C, A->B, C-", AC_AB, _ends_inside("C-"), [(12, 14, 1, CUT)]),
    (  # 40 characters: shown whole
        "A->C\nA->B\nMove the smallest disk from peg C to peg", AC_AB,
        _ends_inside("Move the smallest disk from peg C to peg"), [(10, 50, 3, CUT)],
    ),
    (  # 41: its first 37 and "..."
        "A->C\nA->B\nMove the smallest disk from post C to peg", AC_AB,
        _ends_inside("Move the smallest disk from post C to..."), [(10, 51, 3, CUT)],
    ),
    (
        "Sure:\nA->C\nA->B\nNow move disk 1 from C to", AC_AB,
        _ends_inside("move disk 1 from C to"),
        [(0, 5, 1, "prose"), (16, 19, 4, "prose"), (20, 41, 4, CUT)],
    ),
]  # fmt: skip


@pytest.mark.parametrize(("text", "moves", "why", "skipped"), _CUTS)
def test_an_answer_cut_off_inside_its_last_move_keeps_the_moves_before(text, moves, why, skipped):
    found = extract_moves(text)
    assert found.moves == moves
    assert found.truncated
    assert found.unreadable is None
    assert not found.unfinished
    assert found.why == why
    assert [(s.start, s.end, s.line, s.why) for s in found.skipped] == skipped
    assert found.pegs is PegNames.LETTERS
    assert found.notation == "letter-arrows"


def test_an_answer_cut_off_before_its_first_whole_move_has_no_moves_and_says_so():
    found = extract_moves("Move disk 1 fr")
    assert found.moves == ()
    assert found.truncated
    assert found.pegs is None
    assert found.notation is None
    assert found.line == 1
    assert (
        found.why == "no whole move; the text ends inside a move ('Move disk 1 fr'): it was cut off"
    )
    assert [(s.start, s.end, s.line, s.why) for s in found.skipped] == [(0, 14, 1, CUT)]


def test_moves_read_inside_a_reasoning_block_never_closed_are_unfinished():
    found = extract_moves("<think>\nA->C\nA->B")
    assert found.moves == AC_AB
    assert found.truncated
    assert found.unfinished
    assert found.line == 2
    assert found.why == "the only reading; read inside a <think> that is never closed"
