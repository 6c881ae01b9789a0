"""Lines numbered as a list's items whose moves are labelled ``N:`` too (issue 32, item 1).

``1: S -> D``, ``2: S -> I``, ``3: S -> D`` counting up are read as step numbers (on three
posts no legal answer moves disks 1, 2 and 3 one after the other). Beside a list's own number
(``Step 3: 3: S -> D``, ``Move #3: `3: ...```, ``3. 3: ...``) the same count may be the steps
said again or the disks (the library's notation, the step numbered by the list): a careful
reader cannot tell, and the reading is in doubt. Found by the answer grammar (seed 301045606:
"Move #k:" numbering, disk-first moves, a move dropped so that the disks counted 1, 2, 3), which
expected the disks and was given steps. Labels that do not count up are disks, as written.
"""

from __future__ import annotations

import itertools

import pytest

from hanoi_magnet.notation import extract_moves

LEADS = ["Step {k}: ", "Move #{k}: ", "{k}. ", "({k}) ", "**Move {k}:** ", "- Step {k}: "]
FORMS = ["{d}: {a} -> {b}", "`{d}: peg {a} ⟶ peg {b}`", "{d}: from {a} to {b}"]
NAMES = [("S", "I", "D"), ("A", "B", "C")]
#: Three moves whose disks count 1, 2, 3 (no legal answer: the third finds no free peg), and a
#: legal opening whose disks do not count up.
COUNTING = [(1, 0, 2), (2, 0, 1), (3, 0, 2)]
LEGAL = [(1, 0, 2), (2, 0, 1), (1, 2, 1), (3, 0, 2)]


def _answer(lead: str, form: str, names: tuple[str, ...], moves: list[tuple[int, int, int]]) -> str:
    return "\n".join(
        lead.format(k=k) + form.format(d=d, a=names[a], b=names[b])
        for k, (d, a, b) in enumerate(moves, start=1)
    )


@pytest.mark.parametrize(("lead", "form", "names"), list(itertools.product(LEADS, FORMS, NAMES)))
def test_labels_counting_up_beside_a_lists_numbers_are_in_doubt(lead, form, names):
    for around in ("{}", "Here are the moves:\n{}\nDone."):
        found = extract_moves(around.format(_answer(lead, form, names, COUNTING)), posts=3)
        assert found.ambiguous, (lead, form, around)


@pytest.mark.parametrize(("lead", "form", "names"), list(itertools.product(LEADS, FORMS, NAMES)))
def test_labels_that_do_not_count_up_beside_a_lists_numbers_are_disks(lead, form, names):
    found = extract_moves(_answer(lead, form, names, LEGAL), posts=3)
    assert not found.ambiguous
    assert [(m.disk, m.source, m.target) for m in found.moves] == LEGAL  # type: ignore[union-attr]


@pytest.mark.parametrize("form", FORMS)
def test_labels_counting_up_alone_are_still_step_numbers(form):
    found = extract_moves(_answer("", form, ("S", "I", "D"), COUNTING), posts=3)
    assert not found.ambiguous
    assert found.moves == ((0, 2), (0, 1), (0, 2))


def test_the_grammar_counts_the_labels_of_the_moves_a_reader_keeps():
    """A move cut off ("Disk 1: peg I -> p") writes no label the reader sees: the grammar's
    judge takes the kept moves' labels (seed 301045606's answer expected disks, wrongly)."""
    from hanoi_magnet import Move
    from hanoi_magnet.testing._layouts import Body

    moves = (Move(1, 0, 2), Move(2, 0, 1), Move(3, 0, 2), Move(1, 1, 2))
    body = Body("", moves, (), (), False, (True, True, True, False))
    assert body.labels_of(moves[:3]) is True  # the fourth, unlabelled, was cut off
    assert body.labels_of(moves) is False
    assert body.labels_of(moves[1:]) is False  # not the body's first moves: all of them count
    assert Body("", moves, (), (), True).labels_of(moves[:2]) is True  # (no labels recorded)


def test_the_fast_path_leaves_twice_numbered_lines_to_the_full_reading():
    """Both sides of the fast path's switch: labels alone it reads, numbered twice it does not."""
    from hanoi_magnet.notation._extract import _fast

    assert _fast(_answer("", FORMS[0], ("S", "I", "D"), COUNTING)) is not None
    for lead in LEADS:
        assert _fast(_answer(lead, FORMS[0], ("S", "I", "D"), COUNTING)) is None, lead
