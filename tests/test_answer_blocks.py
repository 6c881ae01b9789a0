"""``<answer>`` blocks written on one line are read as blocks over several lines are.

Two blocks with other moves are a hedge and earn nothing; the same moves twice are one answer.
A block's tags on the lines of its moves used to be read as prose with the moves after them, so
the second of two one-line blocks went unread and the first was credited (issue 32 item 4: a
reward hack).
"""

from __future__ import annotations

import itertools

import pytest

from hanoi_magnet.evaluation import Outcome, generate, score
from hanoi_magnet.notation import extract_moves
from hanoi_magnet.notation._regions import tags_apart

_INSTANCE = generate(seed=38, count=1, tasks=["solve"], notations=["letter-arrows"],
                     families=["classic"], disks=(2, 2))[0]  # fmt: skip
_GOLD = ["A->B, A->C, B->C", "A->B\nA->C\nB->C", "Move disk 1 from A to B, then disk 2 from A to C, then disk 1 from B to C."]  # fmt: skip  # noqa: E501
_OTHERS = ["A->C", "B->C", "A->B, B->C", "[[1, 0, 2]]"]


def _blocks(first: str, second: str, inline: bool) -> str:
    if inline:
        return f"<answer>{first}</answer>\n<answer>{second}</answer>"
    return f"<answer>\n{first}\n</answer>\n<answer>\n{second}\n</answer>"


@pytest.mark.parametrize("gold_first", [True, False])
def test_two_blocks_with_other_moves_earn_nothing_on_one_line_as_over_several(gold_first):
    for gold, other in itertools.product(_GOLD, _OTHERS):
        for inline in (True, False):
            if inline and "\n" in gold:
                continue
            pair = (gold, other) if gold_first else (other, gold)
            result = score(_blocks(*pair, inline), _INSTANCE)
            assert result.outcome is Outcome.AMBIGUOUS, (pair, inline, result.detail)
            assert result.rewards["graded"] == 0.0


def test_the_same_moves_in_two_blocks_are_one_answer():
    for gold in _GOLD:
        one_line = "\n" not in gold
        for inline in (True, False) if one_line else (False,):
            result = score(_blocks(gold, gold, inline), _INSTANCE)
            assert result.outcome is Outcome.SOLVED_OPTIMALLY, (gold, inline)


def test_one_block_on_one_line_reads_its_moves_and_says_so():
    for text in ("<answer>A->B, A->C, B->C</answer>", "Answer: <answer>A->B, A->C, B->C</answer>",
                 "So: <ANSWER>A->B, A->C, B->C</ANSWER> done"):  # fmt: skip
        found = extract_moves(text)
        assert found.moves == ((0, 1), (0, 2), (1, 2)), text
        assert found.hedged is None and not found.ambiguous
        assert score(text, _INSTANCE).outcome is Outcome.SOLVED_OPTIMALLY


def test_tags_apart_keeps_the_length_and_moves_only_tags_that_share_a_line():
    cases = {
        "A->C</answer>\n<answer>B->C": "A->C\n</answer\n<answer\nB->C",
        "A->C\n</answer>\n<answer>\nB->C": "A->C\n</answer>\n<answer>\nB->C",  # alone: kept
        "x <Answer>A->C</Answer> y": "x <Answer\nA->C\n</Answer y",
        "no tags here": "no tags here",
        "  <answer>  \nA->C": "  <answer>  \nA->C",
    }
    for body, expected in cases.items():
        apart = tags_apart(body)
        assert apart == expected, body
        assert len(apart) == len(body)
    long = "A->C</answer><answer>" * 20_000  # one line of many tags: each line looked at once
    assert len(tags_apart(long)) == len(long)
