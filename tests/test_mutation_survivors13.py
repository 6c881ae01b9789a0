"""Tests that kill survivors of a fifth uniform random sample of all mutants.

The sample: 200 names drawn with ``random.Random(20261207).sample`` from the sorted names of
every mutmut 3.8.1 mutant of the configured modules (13,449 at 0ce437a), run in the drawn order
(``nox -s mutation`` settings: HANOI_MUTATION=1, HYPOTHESIS_PROFILE=mutation). A comment above
each test names the mutant it kills (``mutmut show NAME`` prints its diff). The file is in the
mutation run's selection (pyproject.toml).
"""

from __future__ import annotations

import pytest

from hanoi_magnet.errors import NotationError
from hanoi_magnet.notation import NOTATIONS, extract_moves


# Moves written one a line with old Mac line ends (a lone "\r", no "\n"): each "\r" ends a line,
# as Notation.read says ("whatever the line ends (LF, CRLF, CR)"), and an error names its line.
# Kills _scan.x_physical_lines__mutmut_12 (`replace("XX\rXX", "\n")`: a lone "\r" no line end,
# so the whole text is one line that is no move).
@pytest.mark.parametrize(
    ("name", "text"),
    [("arrows", "S->I\rS->D\rI->D"), ("arrows", "S->I\r\rS->D\r I->D  # done\r")],
)
def test_moves_one_a_line_with_carriage_returns_alone_as_line_ends_are_read(name, text):
    assert NOTATIONS[name].read(text) == [(0, 1), (0, 2), (1, 2)]


def test_a_line_that_is_no_move_after_carriage_returns_is_named_by_its_number():
    with pytest.raises(NotationError) as raised:
        NOTATIONS["arrows"].read("S->I\rS->D\rsee above")
    assert raised.value.line == 3


# After the answer, a check of some of its moves under a heading about a puzzle of another size
# ("Wait, let me check this with 2 disks instead:"): moves of another puzzle, which the reading
# reports as a second, different statement of the moves, not as a correction that repeats a part
# of the answer (what the same heading says without another size). Kills
# _decide.x__next__mutmut_83 (`_set_apart(..., None)`: the other size forgotten there).
_SEVEN = "A->C\nA->B\nC->B\nA->C\nB->A\nB->C\nA->C\n\n"


@pytest.mark.parametrize(
    "heading",
    [
        "Wait, let me check this with 2 disks instead:",
        "Actually, let me verify the start with 4 disks:",
    ],
)
def test_a_check_of_some_moves_for_a_puzzle_of_another_size_is_no_repeated_part(heading):
    found = extract_moves(_SEVEN + heading + "\nA->C\nA->B\nC->B\n")
    assert len(found.moves) == 7
    assert found.hedged == f"the answer states its moves twice, differently ({heading!r})"
    assert [other.why for other in found.alternatives] == [f"{heading!r} states other moves"]


def test_a_check_of_some_moves_for_the_same_puzzle_is_a_repeated_part():
    heading = "Actually, let me verify the middle move:"
    found = extract_moves(_SEVEN + heading + "\nA->C\nA->B\nC->B\n")
    assert found.hedged == f"a correction repeats a part of the answer: {heading!r}"


# After the moves, a sentence admitting an error ("Wait, I made a mistake.") and then a move in
# prose ("Maybe B->A comes first"): the answer doubts its moves and names another one, without
# saying which move it replaces; the reading is in doubt (the list stays the reading, and the
# prose move loses to it). Kills _decide.x__corrected_in_prose__mutmut_11 (the moves in prose
# after the list not passed on: the admission alone, naming no step or move, then doubts nothing).
@pytest.mark.parametrize(
    ("admission", "prose"),
    [
        ("Wait, I made a mistake.", "Maybe B->A comes first, I am not sure."),
        ("Actually, something is not right.", "You could say A->B is better there."),
    ],
)
def test_an_admitted_error_then_a_move_in_prose_after_the_moves_puts_them_in_doubt(
    admission, prose
):
    found = extract_moves(_SEVEN + admission + "\n" + prose)
    assert len(found.moves) == 7
    assert found.ambiguous
    assert found.hedged == f"a sentence after the moves says one is wrong: {admission!r}"


# The same admission with no move after it, naming no step and no move: the moves stand.
def test_an_admitted_error_naming_nothing_with_no_move_after_it_leaves_the_moves():
    found = extract_moves(_SEVEN + "Wait, I made a mistake.\nNo, it is fine as it is.")
    assert len(found.moves) == 7
    assert found.hedged is None
