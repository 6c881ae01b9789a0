"""A lead-in that announces the moves ("Here are the moves:", "Here it is:") makes a line of moves.

"Either way," and "In either case:" lead into moves too: they offer no alternative.

Short forms (``AC``, ``A C``, ``0 2``) are read only on a line of moves; after "Here are the
moves:" the line was prose, and a correct answer found no moves (a format error). Every lead
of the class before every short form is read; the same words before prose are not.
"""

from __future__ import annotations

import itertools

import pytest

from hanoi_magnet.errors import NotationError
from hanoi_magnet.notation import PegNames, extract_moves

LEADS = (
    "Here it is: ",
    "Here it is - ",
    "Here you go: ",
    "Here they are: ",
    "Here we go: ",
    "Here are the moves: ",
    "Here is the answer: ",
    "Here's the solution: ",
    "Here is my final answer: ",
    "Here is the complete sequence: ",
    "here are the steps: ",
    "Below is the solution: ",
    "Below are the moves: ",
    "Either way, ",
    "In either case: ",
    "Okay, here it is: ",
    "OK so the moves are: ",
    "Alright: ",
)
#: The same solution (A->C, A->B, C->B) in each short form, and the naming it needs.
FORMS = (
    ("AC, AB, CB", None),
    ("AC AB CB", None),
    ("A C, A B, C B", None),
    ("A C; A B; C B", None),
    ("0 2, 0 1, 2 1", PegNames.ZERO),
    ("1 3, 1 2, 3 2", PegNames.ONE),
)
SOLUTION = ((0, 2), (0, 1), (2, 1))


@pytest.mark.parametrize(("lead", "form"), list(itertools.product(LEADS, FORMS)))
def test_a_lead_in_announcing_the_moves_makes_a_line_of_moves(lead, form):
    text, pegs = form
    found = extract_moves(lead + text, pegs=pegs)
    assert found.moves == SOLUTION
    assert not found.ambiguous and found.unreadable is None


@pytest.mark.parametrize(
    "text",
    [
        "Here is why: AC is wrong",
        "Here is my thinking: the answer is simple",
        "Here is the plan: first clear the small disks",
        "Here we are at step 12",
    ],
)
def test_the_same_words_before_prose_hold_no_move(text):
    with pytest.raises(NotationError, match="no moves"):
        extract_moves(text)


@pytest.mark.parametrize("lead", ["Either ", "Either do ", "Either: "])
def test_either_before_moves_offers_them_as_options(lead):
    # "Either way," is no hedge (it was read as one, and nothing credited); "Either A->C or..." is
    found = extract_moves(lead + "A->C or A->B")
    assert found.ambiguous and found.hedged is not None


@pytest.mark.parametrize("lead", LEADS)
@pytest.mark.parametrize("glue", [" and then ", ", then ", "; "])
def test_after_a_lead_a_line_cut_off_keeps_its_whole_moves(lead, glue):
    # "Here you go - from 0 to 2 and then from 2 to 1 and then from 0 to": "you" is no person
    # speaking of the moves ("I think 0 2 is..."), and the moves before the cut are read
    text = lead + glue.join(["from 0 to 2", "from 2 to 1", "from 0 to"])
    found = extract_moves(text, pegs=PegNames.ZERO)
    assert found.moves == ((0, 2), (2, 1)) and found.truncated
