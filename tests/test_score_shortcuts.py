"""Shortcuts of the scorer give what the long way gives (issue 36: fixed costs per answer).

* reasoning-gym's reading stops at a first line it cannot read, without splitting the rest:
  the first line must be exactly :meth:`str.splitlines`'s, for every line end it knows;
* an illegal move's detail shows the move as the answer's notation writes it, remembered per
  notation, pegs and posts: the same words below and above the memo's size.
"""

from __future__ import annotations

import random
import re

import pytest

from hanoi_magnet.evaluation import _detail, _gym
from hanoi_magnet.evaluation._detail import Names
from hanoi_magnet.model import Move
from hanoi_magnet.notation import NOTATIONS

#: Every character :meth:`str.splitlines` ends a line at (``\r\n`` too, as one end).
_LINE_ENDS = [
    "\n",
    "\r",
    "\r\n",
    "\x0b",
    "\x0c",
    "\x1c",
    "\x1d",
    "\x1e",
    "\x85",
    "\u2028",
    "\u2029",
]
_WORDS = [
    "Move disk 1 from Peg 1 to Peg 3",
    "Move disk 2 from Peg 1 to Peg 2.",
    "move disk 1 from Peg 3 to Peg 2",
    "Here are the moves:",
    "Move disk 1 from Peg 1 to Peg 3 now",
    "Move disk 3 from Peg 1 to Peg 0_3",
    "Move disk ١ from Peg 1 to Peg 3",
    "  Move disk 1 from Peg 2 to Peg 3\t",
    "",
    " ",
]


def _reading_line_by_line(answer: str) -> list[tuple[int, int, int, int]] | None:
    """reasoning-gym's reading, each step as its score_answer takes it (no shortcut)."""
    read = []
    for line in answer.strip().splitlines():
        line = line.strip()
        if not line:
            continue
        found = re.search(r"Move disk (\d+) from Peg (\d+) to Peg (\d+)", line)
        if found is None:
            return None
        parts = line.split()
        if len(parts) != 9:
            return None
        try:
            read.append((int(found[1]), int(found[2]), int(found[3]), int(parts[8])))
        except ValueError:
            return None
    return read


def _answers(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        pieces = [rng.choice(_WORDS) for _ in range(rng.randint(1, 5))]
        ends = [rng.choice(_LINE_ENDS) for _ in pieces]
        found.append(
            "".join(p + e for p, e in zip(pieces, ends, strict=True))[: rng.randint(0, 200)]
        )
    return found


def test_the_first_line_is_the_one_splitlines_gives_for_every_line_end():
    for answer in _answers(3000, 7):
        stripped = answer.strip()
        first = _gym._FIRST_LINE.match(stripped)
        if not stripped:
            assert first is None
        else:
            assert first is not None and first[0] == stripped.splitlines()[0], repr(answer)


def test_reasoning_gym_reads_what_it_reads_line_by_line():
    answers = _answers(3000, 8)
    answers += ["Move disk 1 from Peg 1 to Peg 3" + end + "Move disk 2 from Peg 1 to Peg 2."
                for end in _LINE_ENDS]  # fmt: skip
    readings = [_gym.gym_moves(answer) for answer in answers]
    assert readings == [_reading_line_by_line(answer) for answer in answers]
    assert any(reading is None for reading in readings)  # both outcomes are among them
    assert any(reading for reading in readings)


@pytest.mark.parametrize("kept", [0, 1, 4096])
def test_an_illegal_moves_words_are_the_same_below_and_above_the_memo_size(monkeypatch, kept):
    """With room for none, one or all of them, each move is shown as the notation writes it."""
    monkeypatch.setattr(_detail, "_WRITTEN", {})
    monkeypatch.setattr(_detail, "_WRITTEN_KEPT", kept)
    shown = {
        "reasoning-gym": "Move disk {d} from Peg {s1} to Peg {t1}",
        "letter-arrows": "{sl}->{tl}",
    }
    for name, template in shown.items():
        naming = NOTATIONS[name].pegs
        names = Names(naming, name, 5)
        for disk, source, target in [(1, 0, 2), (2, 1, 4), (1, 0, 2), (7, 4, 3), (2, 1, 4)]:
            expected = template.format(
                d=disk, s1=source + 1, t1=target + 1, sl="ABCDE"[source], tl="ABCDE"[target]
            )
            assert names.move(Move(disk, source, target)) == expected
    assert len(_detail._WRITTEN) <= max(kept, 1)


def test_the_memo_tells_notations_with_the_same_template_apart():
    """``arrows`` and ``letter-arrows`` share a template, ``numbers`` and ``letters`` too."""
    move = Move(1, 0, 2)
    shown = [Names(NOTATIONS[name].pegs, name, 3).move(move) for name in
             ("arrows", "letter-arrows", "numbers", "letters", "arrows", "numbers")]  # fmt: skip
    assert shown == ["S->D", "A->C", "0 2", "A C", "S->D", "0 2"]


#: An answer made only of reasoning-gym's lines, as one expression (the definition the clean
#: path's line-by-line check must keep).
_WHOLE_CLEAN = re.compile(
    r"(?:Move disk [1-9][0-9]{0,8} from Peg [1-9][0-9]{0,8} to Peg [1-9][0-9]{0,8}\n)*"
    r"Move disk [1-9][0-9]{0,8} from Peg [1-9][0-9]{0,8} to Peg [1-9][0-9]{0,8}\n?"
)


def test_clean_answers_are_the_ones_the_whole_expression_matches_with_or_without_a_table():
    clean = ["Move disk 1 from Peg 1 to Peg 3", "Move disk 12 from Peg 2 to Peg 10"]
    unclean = ["Move disk 01 from Peg 1 to Peg 3", "Move disk 1 from Peg 1 to Peg 3.", "",
               " Move disk 1 from Peg 1 to Peg 3", "Move disk 1 from Peg 1 to Peg 3\r"]  # fmt: skip
    rng = random.Random(9)
    table: dict[str, object] = dict.fromkeys(clean[:1])  # lines known clean: one of the two
    for _ in range(3000):
        lines = [
            rng.choice(clean if rng.random() < 0.9 else unclean) for _ in range(rng.randint(0, 4))
        ]
        answer = "\n".join(lines) + rng.choice(["", "\n", "\n\n"])
        expected = _WHOLE_CLEAN.fullmatch(answer) is not None
        for known in (None, table, {}):
            found = _gym.clean_lines(answer, known)
            assert (found is not None) == expected, (answer, known)
            if found is not None:
                assert "\n".join(found) == answer.removesuffix("\n")
