"""A line between two move lines that seems to say a move the reader cannot read.

Found by a second red-team pass (issue 32, item 1): in a run of move lines that are not
numbered, a line the reader could not read as a move was passed over as a remark and the
answer read without it, with no doubt: "Disk 3 goes from A to C.", "A ➡️ C", "A — C", a bullet
"- Disk 1 goes from C to B". A line right between two move lines that names pegs (two peg
letters, "from X to Y", an arrow) leaves the reading in doubt; a remark that names none ("This
frees disk 3."), a heading ending with ":" and a line after the last move do not.
"""

from __future__ import annotations

import pytest

from hanoi_magnet.notation import extract_moves

MOVES = ["A → C", "A → B", "C → B", "A → C", "B → A", "B → C", "A → C"]
PAIRS = ((0, 2), (0, 1), (2, 1), (0, 2), (1, 0), (1, 2), (0, 2))
UNREAD = [
    "Disk 3 goes from A to C.",
    "A ➡️ C",
    "A — C",
    "A ⇨ C",
    "Largest goes A to C",
    "Now A gives its disk to C",
    "A &rarr; C",
]


@pytest.mark.parametrize("line", UNREAD)
@pytest.mark.parametrize("at", range(1, 6))
@pytest.mark.parametrize("bullet", ["", "- "])
def test_a_line_that_seems_to_say_a_move_between_moves_leaves_them_in_doubt(line, at, bullet):
    lines = [bullet + move for move in MOVES]
    lines[at] = bullet + line
    found = extract_moves("\n".join(lines))
    assert found.ambiguous or found.unreadable is not None, lines


@pytest.mark.parametrize(
    "line", ["This frees disk 3.", "(the smallest disk moves every other time)", "Now:"]
)
def test_a_remark_that_names_no_peg_between_moves_is_a_remark(line):
    lines = [*MOVES[:3], line, *MOVES[3:]]
    found = extract_moves("\n".join(lines))
    assert found.moves == PAIRS and not found.ambiguous


def test_a_line_after_the_last_move_is_a_remark():
    found = extract_moves("\n".join([*MOVES, "That moves disk 1 from A to C."]))
    assert found.moves == PAIRS and not found.ambiguous
