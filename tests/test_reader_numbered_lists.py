"""A numbered list is read as one: its numbers say which item is which move.

Found by trying answers as models write them (issue 32, item 1). Each was a confident wrong
reading:

* an item numbered in turn between two moves whose move the reader could not read ("3. At
  last, move disk 1 from C to B", "2. A ➡️ B") was skipped as prose, and the list read on
  without it;
* prose between two parts of one list ("3. C->B", "This is correct: ...", "4. A->C") with a
  word the reader takes for a correction ("correct", "valid", "final moves") dropped the first
  part; with a restatement word ("Check:", "again") the second;
* "Corrected step 5:" and "5. B->A" after a list of seven replaced the whole list by one move;
  "Wait, move 5 is wrong: it should be B->A." after the list left it read as written;
* "the large disk", "the bottom disk" were no disks.
"""

from __future__ import annotations

import itertools

import pytest

from hanoi_magnet.notation import extract_moves

MOVES = ["A->C", "A->B", "C->B", "A->C", "B->A", "B->C", "A->C"]
PAIRS = ((0, 2), (0, 1), (2, 1), (0, 2), (1, 0), (1, 2), (0, 2))
NUMBERS = ["{k}. ", "{k}) ", "({k}) ", "Step {k}: ", "**Step {k}:** ", "Move {k}: ", "Step {k} - "]


def _numbered(number: str, items: list[str]) -> list[str]:
    return [number.format(k=k) + item for k, item in enumerate(items, 1)]


# -- an item of words numbered in turn between two moves --------------------------------------

UNREAD = [
    "At last, move disk 1 from C to B",
    "Once again, move the small disk over",
    "A ➡️ B",
    "Simply shift it over",
    "(see above)",
    "the same as before",
]


@pytest.mark.parametrize(("number", "words"), list(itertools.product(NUMBERS, UNREAD)))
def test_an_item_of_words_between_two_moves_stops_the_reading(number, words):
    for at in range(1, len(MOVES) - 1):
        items = [*MOVES[:at], words, *MOVES[at + 1 :]]
        found = extract_moves("\n".join(_numbered(number, items)))
        assert found.moves == PAIRS[:at], (items, found.moves)
        assert found.unreadable is not None


@pytest.mark.parametrize("number", NUMBERS)
@pytest.mark.parametrize("words", ["Done.", "All disks are now on C.", "That is 7 moves."])
def test_an_item_of_words_after_the_last_move_is_a_note(number, words):
    found = extract_moves("\n".join(_numbered(number, [*MOVES, words])))
    assert found.moves == PAIRS and found.unreadable is None and not found.ambiguous


# -- prose between two parts of one numbered list ---------------------------------------------

GOING_ON = [
    "This is correct: disk 1 sits on disk 2.",
    "✔ Valid so far (no illegal move).",
    "Now for the final moves:",
    "Check: disks 1 and 2 are on B.",
    "Now B is empty again.",
    "That is the first half; the rest mirrors it.",
]


@pytest.mark.parametrize(("number", "prose"), list(itertools.product(NUMBERS, GOING_ON)))
def test_a_list_going_on_past_prose_is_one_answer_whatever_the_prose_says(number, prose):
    lines = _numbered(number, MOVES)
    for at in range(1, len(MOVES)):
        found = extract_moves("\n".join([*lines[:at], prose, *lines[at:]]))
        assert found.moves == PAIRS and not found.ambiguous, (at, prose, found.moves)


@pytest.mark.parametrize("number", NUMBERS)
@pytest.mark.parametrize(
    "prose",
    ["Wait, step 3 is wrong: it should be C->B.", "Oops, that was a mistake.", "Actually, no."],
)
def test_a_correction_inside_a_list_going_on_puts_it_in_doubt(number, prose):
    lines = _numbered(number, MOVES)
    found = extract_moves("\n".join([*lines[:3], prose, *lines[3:]]))
    assert found.ambiguous, found.moves


@pytest.mark.parametrize("label", ["Corrected step 5:", "Wait, move 5 is wrong. Fixed:"])
def test_a_correction_of_one_step_puts_the_list_in_doubt(label):
    listed = "\n".join(_numbered("{k}. ", [*MOVES[:4], "B->C", *MOVES[5:]]))
    found = extract_moves(f"{listed}\n\n{label}\n5. B->A")
    assert found.ambiguous, found.moves
    # a list that starts again from 1 after a correction is the answer, as before
    found = extract_moves(
        f"{listed}\n\nWait, that is wrong.\n" + "\n".join(_numbered("{k}. ", MOVES))
    )
    assert found.moves == PAIRS and not found.ambiguous


@pytest.mark.parametrize(
    ("after", "doubt"),
    [
        ("Wait, move 5 is wrong: it should be B->A.", True),
        ("Oops, the 5th move should be B->A.", True),
        ("Step 5 is wrong.", True),
        ("None of the moves is wrong.", False),
        ("I checked: no illegal move.", False),
        ("This is the optimal solution.", False),
    ],
)
def test_a_sentence_after_the_moves_saying_one_is_wrong_puts_them_in_doubt(after, doubt):
    found = extract_moves("\n".join(_numbered("{k}. ", MOVES)) + f"\n\n{after}")
    assert found.moves == PAIRS
    assert found.ambiguous is doubt


@pytest.mark.parametrize("size", ["large", "larger", "bottom", "tiny", "smaller", "second"])
def test_a_disk_named_by_its_size_is_a_disk(size):
    found = extract_moves(f"Move the {size} disk from A to C")
    assert found.moves == ((0, 2),)
