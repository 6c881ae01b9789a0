"""Behaviour the tests of the reader and the scorer left unpinned (issue 32 item 6).

Each test here was written for a mutant of ``nox -s mutation`` that survived every other test;
each states a behaviour a user relies on, with the expected value taken from the rules or the
documented contract, not from the code under test.
"""

from __future__ import annotations

import random

import pytest

from hanoi_magnet.evaluation import REWARDS, Outcome, generate, score
from hanoi_magnet.notation import PegNames, extract_moves, get_notation
from hanoi_magnet.validate import validate
from tests.test_audit import _built_in  # the policies, built afresh in a mutation run

# -- the audit's policies --------------------------------------------------------------------------


def test_the_shuffle_goes_there_and_back_once_where_the_optimum_is_2_and_never_below():
    # "one disk moved back and forth as many times as the optimum": 2 moves for an optimum of
    # 2 or 3, nothing for 1 (no room for a move and its undo)
    instances = generate(seed=35, count=30, families=["classic", "frame-stewart"],
                         tasks=["continue"], moves=(1, 3))  # fmt: skip
    lengths = {}
    for instance in instances:
        answers = list(_built_in()["shuffle"].write(instance, random.Random(0)))
        moves = (
            [] if not answers else get_notation(instance.notation).read(answers[0], instance.posts)
        )
        report = validate(moves, instance.rules, start=instance.start)
        assert report.error is None and report.state == instance.start
        lengths.setdefault(instance.optimum, set()).add(len(moves))
    assert lengths == {1: {0}, 2: {2}, 3: {2}}


# -- the scorer ------------------------------------------------------------------------------------


def _base_free_answers(posts: int) -> list[str]:
    """Moves whose peg numbers (1 to posts - 1, never 0 nor posts) could count from 0 or 1."""
    return ["1 2\n2 1", "2 1", "1 2\n1 2"] if posts == 3 else ["1 2\n2 3\n3 1", "2 1"]


@pytest.mark.parametrize("order", ["moves first", "abstention first"])
def test_moves_whose_peg_base_is_unclear_plus_an_abstention_earn_nothing(order):
    # item 4: moves plus an abstention is a hedge, also when the pegs are detected and the
    # numbers could count from 0 or from 1 (the abstention was credited, the moves dropped)
    instances = generate(
        seed=53, count=60, unsolvable=0.5, notations=["numbers"], disks=(1, 4),
        families=["classic", "magnetic", "frame-stewart"],
    )  # fmt: skip
    seen = {True: 0, False: 0}
    for instance in instances:
        for moves in _base_free_answers(instance.posts):
            answer = f"{moves}\nUNSOLVABLE" if order == "moves first" else f"UNSOLVABLE\n{moves}"
            for options in ({"detect_pegs": True}, {"pegs": PegNames.ZERO}, {"pegs": PegNames.ONE}):
                result = score(answer, instance, **options)
                assert result.outcome is Outcome.AMBIGUOUS, (instance.id, answer, options)
                assert result.detail == (
                    "the answer gives moves and also says there is no solution: nothing is credited"
                )
                assert not any(result.rewards[name] for name in REWARDS if name != "reasoning_gym")
                if "pegs" in options:  # one reading: reported, with every move of the answer
                    assert len(result.reading.moves) == len(moves.split("\n"))
                else:  # two readings (from 0, from 1), neither chosen
                    assert result.reading is None
        seen[instance.unsolvable is not None] += 1
    assert min(seen.values()) >= 10


# -- the reader's report ---------------------------------------------------------------------------


@pytest.mark.parametrize("lead", ["", "3. ", "- "])
@pytest.mark.parametrize("mark", ["", "**", "*", "`"])
@pytest.mark.parametrize("piece", ["A-", "Move disk", "A to", "Peg A -> P"])
def test_a_cut_off_move_after_the_last_whole_move_is_found_where_it_is(lead, mark, piece):
    # neither a numbering nor markup around the last whole move hides the cut-off move after
    # it ("Peg A -> P": the P begins "Peg", not a peg P)
    text = f"A->C\nA->B\n{lead}{mark}C->B{mark}, then {piece}"
    found = extract_moves(text)
    assert found.moves == ((0, 2), (0, 1), (2, 1))
    assert found.truncated
    last = found.skipped[-1]
    assert text[last.start : last.end] == piece and last.line == 3
    assert last.why.startswith("the beginning of a move at the very end of the text")
