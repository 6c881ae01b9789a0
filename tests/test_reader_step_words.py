"""A word before a step's number is no disk: "Action 2:", "Step 2/7:", "Schritt 2:".

Found by a second red-team pass (issue 32, item 1): "N:" before a move is read as the disk
(the library's ``1: A -> C``), and only numbering the reader knew ("Step 2:", "Move 2:") was
taken off first. "Action 2: 1 → 2", "Step 2/7: 1 → 2", "Schritt 2: A → B" were read with disk
2 (or 7), and the answer judged illegal. A capitalized word other than a disk's or a peg's,
then a number, then a colon, numbers a step; "Disk 2:" stays the disk.
"""

from __future__ import annotations

import pytest

from hanoi_magnet import Move
from hanoi_magnet.notation import PegNames, extract_moves

PAIRS = ((0, 2), (0, 1), (2, 1), (0, 2), (1, 0), (1, 2), (0, 2))
DISKS = (1, 2, 1, 3, 1, 2, 1)
WORDS = [
    "Action",
    "Step",
    "Round",
    "Phase",
    "Stage",
    "Op",
    "Schritt",
    "Étape",
    "Paso",
    "Шаг",
    "Zug",
]
NUMBERS = ["{k}:", "{k}/7:", "{k} of 7:", "{k} out of 7:", "no. {k}:", "#{k}:"]


@pytest.mark.parametrize("word", WORDS)
@pytest.mark.parametrize("number", NUMBERS)
@pytest.mark.parametrize("pegs", ["letters", "from 1"])
def test_a_word_before_the_number_makes_it_a_step(word, number, pegs):
    def name(peg):
        return "ABC"[peg] if pegs == "letters" else str(peg + 1)

    lines = [
        f"{word} {number.format(k=k)} {name(s)} → {name(t)}" for k, (s, t) in enumerate(PAIRS, 1)
    ]
    naming = PegNames.LETTERS if pegs == "letters" else PegNames.ONE
    found = extract_moves("\n".join(lines), pegs=naming)
    assert found.moves == PAIRS and not found.ambiguous, lines


@pytest.mark.parametrize("word", ["Disk", "disk", "Disc", "Scheibe", "Disco", "Disque", "Block"])
def test_a_disk_word_before_the_number_names_the_disk(word):
    lines = [
        f"{word} {d}: {'ABC'[s]} -> {'ABC'[t]}" for d, (s, t) in zip(DISKS, PAIRS, strict=True)
    ]
    found = extract_moves("\n".join(lines))
    assert [(m.disk, m.source, m.target) for m in found.moves] == [
        (d, s, t) for d, (s, t) in zip(DISKS, PAIRS, strict=True)
    ]


@pytest.mark.parametrize("lead", ["Then", "Next", "And", "First", "Finally"])
def test_a_lead_in_word_before_a_disk_label_leaves_the_disk(lead):
    # "Then 1: pole 1 -> pole 2": the lead-in, then the library's disk label
    found = extract_moves(f"Disk 2: A -> B\n{lead} 1: C -> B")
    assert [(m.disk, m.source, m.target) for m in found.moves] == [(2, 0, 1), (1, 2, 1)]


_FORMS = {
    "arrow": lambda d, s, t: f"{'ABC'[s]} → {'ABC'[t]}",
    "sentence": lambda d, s, t: f"Move disk {d} from {'ABC'[s]} to {'ABC'[t]}",
    "json": lambda d, s, t: f'{{"disk": {d}, "from": "{"ABC"[s]}", "to": "{"ABC"[t]}"}}',
}
_PROSE = ["Now for the final moves:", "That frees the largest disk.", "Check: all legal so far."]


def _moves(form):
    return [
        (d, s, t) if form != "arrow" else (s, t) for d, (s, t) in zip(DISKS, PAIRS, strict=True)
    ]


@pytest.mark.parametrize("word", ["Action", "Step", "Schritt", "Phase"])
@pytest.mark.parametrize("number", ["{k}:", "{k}/7:", "{k} of 7:"])
@pytest.mark.parametrize("form", list(_FORMS))
@pytest.mark.parametrize("at", [1, 3, 6])
@pytest.mark.parametrize("prose", _PROSE)
def test_a_list_numbered_by_a_word_goes_on_after_a_line_of_prose(word, number, form, at, prose):
    """Found by the answer grammar once it numbered steps "Action k:" and "Step k/n:": after a
    line of prose inside the list, the steps after it were read as a second answer that
    replaced the first (the list's numbering was not seen as going on)."""
    lines = [
        f"{word} {number.format(k=k)} {_FORMS[form](d, s, t)}"
        for k, (d, (s, t)) in enumerate(zip(DISKS, PAIRS, strict=True), 1)
    ]
    lines.insert(at, prose)
    found = extract_moves("\n".join(lines))
    read = [(m.disk, m.source, m.target) if isinstance(m, Move) else m for m in found.moves]
    assert read == _moves(form) and not found.ambiguous, lines


@pytest.mark.parametrize("word", ["Action", "Step", "Schritt", "Phase"])
@pytest.mark.parametrize("number", ["{k}:", "{k}/7:", "{k} of 7:"])
@pytest.mark.parametrize(("step", "again"), [("arrow", "sentence"), ("json", "sentence"),
                                             ("sentence", "arrow")])  # fmt: skip
@pytest.mark.parametrize("indent", ["", "   ", "- "])
def test_a_step_numbered_by_a_word_and_said_again_under_it_is_one_move(
    word, number, step, again, indent
):
    """ "Action 2: A → B" then "Move disk 2 from A to B" under it: one move, said twice."""
    lines = []
    for k, (d, (s, t)) in enumerate(zip(DISKS, PAIRS, strict=True), 1):
        lines.append(f"{word} {number.format(k=k)} {_FORMS[step](d, s, t)}")
        lines.append(f"{indent}{_FORMS[again](d, s, t)}")
    found = extract_moves("\n".join(lines))
    pairs = [(m.source, m.target) if isinstance(m, Move) else m for m in found.moves]
    assert pairs == list(PAIRS) and not found.ambiguous, lines
