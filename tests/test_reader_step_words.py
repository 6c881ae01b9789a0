"""A word before a step's number is no disk: "Action 2:", "Step 2/7:", "Schritt 2:".

Found by a second red-team pass (issue 32, item 1): "N:" before a move is read as the disk
(the library's ``1: A -> C``), and only numbering the reader knew ("Step 2:", "Move 2:") was
taken off first. "Action 2: 1 → 2", "Step 2/7: 1 → 2", "Schritt 2: A → B" were read with disk
2 (or 7), and the answer judged illegal. A capitalized word other than a disk's or a peg's,
then a number, then a colon, numbers a step; "Disk 2:" stays the disk.
"""

from __future__ import annotations

import pytest

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
