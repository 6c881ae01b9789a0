"""Behaviour that surviving mutants of the reader showed no test pinned (issue 32, item 6).

Each test states the rule it holds; the expected values come from the rule, not from the code.
"""

from __future__ import annotations

import pytest

from hanoi_magnet import solve
from hanoi_magnet.errors import NotationError
from hanoi_magnet.evaluation import Outcome, generate, score
from hanoi_magnet.notation import NOTATIONS, PegNames, _cut, _lines, _naming, extract_moves


@pytest.fixture(autouse=True)
def _nothing_remembered(monkeypatch):
    """Each test reads its lines afresh (the reader remembers lines, last lines and notation
    names across calls), so that it exercises the rules, not a reading made before it."""
    monkeypatch.setattr(_lines, "_READER", _lines.LineReader())
    monkeypatch.setattr(_cut, "_BEGUN_LINES", {})
    monkeypatch.setattr(_naming, "_NAMED", {})


def _two_disks(notation: str = "library"):
    return generate(
        seed=11, count=1, families=["classic"], disks=(2, 2), tasks=["solve"],
        templates=["plain"], notations=[notation],
    )[0]  # fmt: skip


# A long last line whose moves all come before its last stretch of prose (no comma in the
# last thousand characters) keeps those moves: the reader finds them and does not fail.
@pytest.mark.parametrize("ending", [" word" * 400, " word" * 400 + " then C-"])
def test_a_long_last_line_with_its_moves_at_its_start_keeps_them(ending):
    found = extract_moves("A->C, A->B," + ending)
    assert found.moves[:2] == ((0, 2), (0, 1))
    assert len(found.moves) == 2


# An answer that stops on "..." after its moves gives up; the score says so, quoting it.
@pytest.mark.parametrize(
    "answer",
    ["Move disk 1 from S to I, then move disk 2 from S to D...", "S->I, S->D...", "S->I\nS->D ..."],
)
def test_moves_that_trail_off_in_an_ellipsis_are_abandoned(answer):
    result = score(answer, _two_disks())
    assert result.outcome is Outcome.ABANDONED
    assert result.detail == "after 2 legal moves the answer gives up: '...'"
    assert extract_moves(answer).abandoned == "..."


# Two moves offered as alternatives ("A->C or A->B") hedge the line, even when a remark in
# parentheses follows the second and more moves come after it: nothing is credited.
@pytest.mark.parametrize(
    "text", ["A->C or A->B (the small disk), C->B", "A->C or A->B (as the first move) C->B"]
)
def test_alternatives_before_a_remark_hedge_the_line(text):
    found = extract_moves(text)
    assert found.ambiguous
    assert found.hedged == "the answer offers alternatives: 'or' between two moves"
    answer = text.replace("A", "S").replace("B", "I").replace("C", "D")
    result = score(answer, _two_disks())
    assert result.outcome is Outcome.AMBIGUOUS
    assert result.rewards["graded"] == 0.0


# From four posts on, the library's S, I, D notations (library, arrows, compact) number the
# posts from 0, and an answer written in one is reported in it.
@pytest.mark.parametrize("posts", [3, 4, 5])
@pytest.mark.parametrize("name", ["library", "arrows", "compact"])
def test_a_library_notation_beyond_three_posts_is_reported(name, posts):
    moves = solve(f"classic:{posts}" if posts > 3 else "classic", 3)
    found = extract_moves(NOTATIONS[name].format(moves, posts), posts=posts)
    assert found.notation == name
    assert found.pegs is (PegNames.SID if posts == 3 else PegNames.ZERO)


# Pegs counted from another base than the prompt's are shown in numeric order (2 before 10),
# as a person lists post numbers.
def test_pegs_of_another_base_are_listed_in_numeric_order():
    text = "Move disk 1 from peg 0 to peg 2\nMove disk 2 from peg 0 to peg 10\n"
    found = extract_moves(text, pegs=PegNames.ONE, posts=11)
    assert found.pegs_mismatch == (
        "the answer writes pegs 0, 2, 10 (pegs numbered from 0), read as pegs numbered from 1"
    )


# A notation read with the pegs the caller names reads them so, not with its own naming.
def test_a_notation_reads_the_pegs_it_is_told():
    assert NOTATIONS["arrows"].read("A->C\nA->B", pegs=PegNames.LETTERS) == [(0, 2), (0, 1)]
    assert NOTATIONS["numbers"].read("1 2\n1 3", pegs=PegNames.ONE) == [(0, 1), (0, 2)]
    assert NOTATIONS["numbers"].read("1 2\n1 3") == [(1, 2), (1, 3)]


# A peg number is returned as written however large (the rules, not the notation, say the
# post does not exist) up to 30 digits; from 31 digits on it is refused, counting them.
def test_a_peg_number_of_thirty_digits_is_read_and_of_thirty_one_refused():
    assert PegNames.ZERO.read("9" * 30) == 10**30 - 1
    assert PegNames.ONE.read("1" + "0" * 29, posts=4) == 10**29 - 1
    with pytest.raises(NotationError, match="peg number with 31 digits"):
        PegNames.ZERO.read("1" + "0" * 30)
