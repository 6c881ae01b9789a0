"""Issue 32: a move that cannot be read stops the reading, never is read nor skipped as prose.

* a pair among the triples of a list (``[[1, 0, 2], [9, 9], [2, 0, 1]]``), or a triple among
  pairs, was read as a move;
* an arrow to no peg (``C->?``, ``Peg A -> Peg ??``, ``I -> X9``) was skipped as prose and
  the moves after it read on.
"""

from __future__ import annotations

import itertools

import pytest

from hanoi_magnet import Move
from hanoi_magnet.notation import extract_moves
from hanoi_magnet.testing._layouts import _REMARKS as REMARKS

_TRIPLES = ["[1, 0, 2]", "[2, 0, 1]", "[1, 2, 1]", "[3, 0, 2]"]
_PAIRS = ["[0, 2]", "[0, 1]", "[2, 1]", "[0, 2]"]


@pytest.mark.parametrize(("opening", "closing"), [("[", "]"), ("(", ")")])
@pytest.mark.parametrize("odd_at", [1, 2, 3])
def test_an_item_of_the_other_shape_in_a_list_is_not_a_move(opening, closing, odd_at):
    for items, odd in ((_TRIPLES, "[9, 9]"), (_PAIRS, "[9, 0, 1]"), (_TRIPLES, "[0, 2]")):
        written = [i.replace("[", opening).replace("]", closing) for i in items]
        written[odd_at] = odd.replace("[", opening).replace("]", closing)
        found = extract_moves(f"moves = [{', '.join(written)}]")
        assert found.unreadable is not None and found.unreadable.startswith(odd), written
        assert len(found.moves) == odd_at
        assert not found.ambiguous


def test_the_odd_item_is_the_one_of_fewer_items():
    found = extract_moves("[[0, 2], [1, 0, 1], [2, 0, 1]]")
    assert found.moves == () and found.unreadable.startswith("[0, 2]")
    tie = extract_moves("[[1, 0, 2], [0, 1]]")  # as many of each: the first shape holds
    assert tie.moves == (Move(1, 0, 2),) and tie.unreadable.startswith("[0, 1]")
    assert extract_moves("[[1, 0, 2], [2, 0, 1]]").unreadable is None


@pytest.mark.parametrize("unknown", ["?", "??", "X9", ""])
@pytest.mark.parametrize("arrow", ["->", " -> ", " → ", " => "])
@pytest.mark.parametrize("lead", ["", "2. ", "- ", "Step 2: ", "2: "])
def test_an_arrow_to_no_peg_stops_the_reading(unknown, arrow, lead):
    # every remark the answer grammar writes after a move (" <- key move" was read as prose)
    remarks = (remark.format(left=12) for remark in REMARKS)  # ("(12 left)": two digits)
    for word, remark in itertools.product(("", "Peg "), ("", " (not sure)", *remarks)):
        line = f"{lead}{word}C{arrow}{word}{unknown}".rstrip() + remark
        text = f"1. A->B\n{line}\n3. A->C"
        found = extract_moves(text)
        assert found.moves == ((0, 1),), text
        assert found.unreadable is not None, text


def test_prose_with_an_arrow_stays_prose():
    found = extract_moves("A->B\nA -> this is the idea, as before\nA->C")
    assert found.moves == ((0, 1), (0, 2))
    assert found.unreadable is None


_PLACEHOLDER_NAMINGS = {  # the three moves A->C, A->B, C->B in each naming
    "letters": ("A", "B", "C"),
    "sid": ("S", "I", "D"),
    "one": ("1", "2", "3"),
    "zero": ("0", "1", "2"),
}


@pytest.mark.parametrize("naming", sorted(_PLACEHOLDER_NAMINGS))
@pytest.mark.parametrize("word", ["", "Peg ", "peg ", "rod ", "tower "])
@pytest.mark.parametrize("lead", ["", "1. ", "{n}: ", "Step {n}: ", "- ", "* "])
@pytest.mark.parametrize("unknown", ["?", "??", "_"])
@pytest.mark.parametrize("at", [0, 1, 2])
@pytest.mark.parametrize("then", [False, True])
def test_an_arrow_from_a_placeholder_stops_the_reading(naming, word, lead, unknown, at, then):
    # "? -> C" (alone, or before ", then C -> B") is a move that cannot be read: never dropped
    a, b, c = _PLACEHOLDER_NAMINGS[naming]
    moves = [(a, c), (a, b), (c, b)]
    lines = []
    for number, (source, target) in enumerate(moves, 1):
        source = unknown if number - 1 == at else source
        line = lead.format(n=number) + f"{word}{source} -> {word}{target}"
        if then and number - 1 == at:
            line += f", then {word}{c} -> {word}{a}"
        lines.append(line)
    found = extract_moves("\n".join(lines), posts=3)
    assert len(found.moves) == at
    assert found.unreadable is not None and unknown in found.unreadable
    assert not found.ambiguous
