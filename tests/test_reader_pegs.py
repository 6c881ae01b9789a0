"""How the reader names the pegs, and says why: every way the naming is chosen (issue 32).

For each way (detected from the answer, named by the caller, defaulted from the asked
notation) and each naming, the report's four peg fields are pinned whole, with the answer's
own naming when it departs from the one used, and the move that cannot be read under it.
The expected texts follow from the rules in ``_naming``; mutants of these messages survived.
"""

from __future__ import annotations

import pytest

from hanoi_magnet.model import Move
from hanoi_magnet.notation import PegNames, extract_moves

ZERO, ONE, SID, LETTERS = PegNames.ZERO, PegNames.ONE, PegNames.SID, PegNames.LETTERS
_LONG = "0" * 25

# (answer, arguments, moves, pegs, pegs_from, pegs_why, pegs_mismatch, unreadable)
_NAMINGS = [
    (
        "A->C\nA->B", {}, ((0, 2), (0, 1)), LETTERS, "detected", "the answer writes pegs A, B, C",
        None, None,
    ),
    ("S->D", {}, ((0, 2),), SID, "detected", "the answer writes pegs D, S", None, None),
    ("0 2\n0 1", {}, ((0, 2), (0, 1)), ZERO, "detected", "the answer writes peg 0", None, None),
    (
        "1 3\n1 2", {}, ((0, 2), (0, 1)), ONE, "detected",
        "the answer writes peg 3 of 3 pegs and never peg 0", None, None,
    ),
    (
        "1 4\n1 2", {"posts": 4}, ((0, 3), (0, 1)), ONE, "detected",
        "the answer writes peg 4 of 4 pegs and never peg 0", None, None,
    ),
    (
        "1 3\n1 2", {"pegs": ZERO}, ((1, 3), (1, 2)), ZERO, "named",
        "the caller named pegs numbered from 0",
        "the answer writes pegs 1, 2, 3 (pegs numbered from 1), read as pegs numbered from 0",
        None,
    ),
    (  # its own numbers cannot tell: no mismatch to report
        "1 2\n2 1", {"pegs": ONE}, ((0, 1), (1, 0)), ONE, "named",
        "the caller named pegs numbered from 1", None, None,
    ),
    (
        "0 2", {"notation": "numbers"}, ((0, 2),), ZERO, "defaulted", "pegs numbered from 0",
        None, None,
    ),
    (
        "Move disk 1 from Peg 0 to Peg 2", {"notation": "reasoning-gym"}, (), ONE, "defaulted",
        "pegs numbered from 1",
        "the answer writes pegs 0, 2 (pegs numbered from 0), read as pegs numbered from 1",
        "disk 1: 0 -> 2 (peg 0 does not exist: pegs numbered from 1)",
    ),
    (
        "0 3\n0 1", {"pegs": SID, "posts": 4}, ((0, 3), (0, 1)), SID, "named",
        "the caller named pegs named S, I, D (numbers from 0 beyond three posts)", None, None,
    ),
    (
        "A->C", {"pegs": LETTERS}, ((0, 2),), LETTERS, "named",
        "the caller named pegs named by letters from A", None, None,
    ),
    (  # letters that are no names of the caller's naming: the answer's own
        "S->D", {"pegs": LETTERS}, ((0, 2),), SID, "detected", "the answer writes pegs D, S",
        None, None,
    ),
    (
        "Move disk 1 from Peg 1 to Peg 3\nMove disk 2 from Peg " + _LONG + " to Peg 2",
        {"pegs": ONE}, (Move(1, 0, 2),), ONE, "named", "the caller named pegs numbered from 1",
        None,
        f"disk 2: 00000000...(25 digits) -> 2 (peg {_LONG} does not exist: pegs numbered from 1)",
    ),
    (
        "Move disk 1 from Peg 1 to Peg 3\nMove disk " + "7" * 31 + " from Peg 1 to Peg 2",
        {"pegs": ONE}, (Move(1, 0, 2),), ONE, "named", "the caller named pegs numbered from 1",
        None,
        (
            "disk 77777777...(31 digits): 1 -> 2 (disk number with 31 digits: no such disk "
            "(disks are numbered by size))"
        ),
    ),
    (
        "Move disk 1 from Peg 1 to Peg 3\nMove disk 0 from Peg 1 to Peg 2",
        {"pegs": ONE}, (Move(1, 0, 2),), ONE, "named", "the caller named pegs numbered from 1",
        None, "disk 0: 1 -> 2 (disk 0 does not exist: disks are numbered from 1)",
    ),
]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "arguments", "moves", "pegs", "chosen", "why", "mismatch", "unreadable"), _NAMINGS
)
def test_the_peg_naming_is_reported_with_how_and_why_it_was_chosen(
    text, arguments, moves, pegs, chosen, why, mismatch, unreadable
):
    found = extract_moves(text, **arguments)
    assert found.moves == moves
    assert found.pegs is pegs
    assert found.pegs_from == chosen
    assert found.pegs_why == why
    assert found.pegs_mismatch == mismatch
    assert found.unreadable == unreadable
    if mismatch is not None:  # the same moves read with the answer's own naming, as written
        assert found.alternatives[-1].why.startswith("the same moves read with pegs numbered")
