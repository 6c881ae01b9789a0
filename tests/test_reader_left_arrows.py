"""Moves written target first, with the arrow pointing left, and "Move 1->3".

Found by a red-team pass (issue 32, item 1):

* ``B <- A`` (the disk goes from A to B, as the arrow points) was no move, and the line was
  dropped from the answer without a word;
* "Move 1->3." was read as the number of a move ("Move 1-") and prose, and the move dropped.
"""

from __future__ import annotations

import pytest

from hanoi_magnet.notation import PegNames, extract_moves

PAIRS = ((0, 2), (0, 1), (2, 1), (0, 2), (1, 0), (1, 2), (0, 2))
ARROWS = ["<-", "<--", "←", "⟵"]


@pytest.mark.parametrize("arrow", ARROWS)
@pytest.mark.parametrize("spaces", ["", " "])
@pytest.mark.parametrize("at", range(len(PAIRS)))
def test_a_move_written_with_a_left_arrow_goes_where_the_arrow_points(arrow, spaces, at):
    lines = [f"{'ABC'[s]}{spaces}->{spaces}{'ABC'[t]}" for s, t in PAIRS]
    source, target = PAIRS[at]
    lines[at] = f"{'ABC'[target]}{spaces}{arrow}{spaces}{'ABC'[source]}"
    assert extract_moves("\n".join(lines)).moves == PAIRS, lines


@pytest.mark.parametrize("pegs", [PegNames.ZERO, PegNames.ONE])
def test_left_arrows_between_numbered_pegs(pegs):
    base = 0 if pegs is PegNames.ZERO else 1
    text = ", ".join(f"{t + base} <- {s + base}" for s, t in PAIRS)
    assert extract_moves(text, pegs=pegs).moves == PAIRS


@pytest.mark.parametrize("remark", ["<- the smallest disk", "<-- start here", "← first"])
def test_a_left_arrow_before_words_is_a_remark(remark):
    text = "\n".join(f"{'ABC'[s]}->{'ABC'[t]}" for s, t in PAIRS)
    text = text.replace("\n", f" {remark}\n", 1)
    assert extract_moves(text).moves == PAIRS


@pytest.mark.parametrize("word", ["Move", "move", "Step", "Then move"])
@pytest.mark.parametrize("arrow", ["->", "-->", "–>"])
def test_a_move_of_numbered_pegs_after_move_is_no_move_number(word, arrow):
    text = " ".join(f"{word} {s + 1}{arrow}{t + 1}." for s, t in PAIRS)
    assert extract_moves(text, pegs=PegNames.ONE).moves == PAIRS, text
