"""``score(..., thinking=True)`` reads the reasoning as part of the answer, for every look.

With ``thinking`` the moves inside ``<think>`` blocks are read; so is a line there that says
there is no solution, and moves with such a line are a hedge (ambiguous), as they are outside
the reasoning. Without it the reasoning is not the answer: neither its moves nor its claims
count.
"""

from __future__ import annotations

import random

from hanoi_magnet.evaluation import POLICIES, Outcome, generate, score

_INSTANCES = generate(seed=44, count=16, unsolvable=0.5, notations=["letter-arrows"],
                      families=["classic", "digraph"], tasks=["solve"])  # fmt: skip
_CLAIM = "There is no solution."


def _gold(instance):
    return next(iter(POLICIES["gold"].write(instance, random.Random(0))))


def test_a_claim_in_the_reasoning_with_moves_after_it_is_a_hedge_only_when_reasoning_is_read():
    checked = set()
    for instance in _INSTANCES:
        moves = "A->B\nB->C" if instance.unsolvable else _gold(instance)
        answer = f"<think>\n{_CLAIM}\n</think>\n{moves}"
        read = score(answer, instance, thinking=True)
        assert read.outcome is Outcome.AMBIGUOUS
        assert read.detail == (
            "the answer gives moves and also says there is no solution: nothing is credited"
        )
        expected = score(moves, instance)  # the reasoning left out: the moves alone
        skipped = score(answer, instance)
        assert (skipped.outcome, skipped.detail) == (expected.outcome, expected.detail)
        checked.add(instance.unsolvable is None)
    assert checked == {True, False}


def test_moves_in_the_reasoning_with_a_claim_after_it_are_a_hedge_only_when_reasoning_is_read():
    for instance in _INSTANCES:
        moves = "A->B\nB->C" if instance.unsolvable else _gold(instance)
        answer = f"<think>\n{moves}\n</think>\n{_CLAIM}"
        assert score(answer, instance, thinking=True).outcome is Outcome.AMBIGUOUS
        expected = score(_CLAIM, instance)  # the claim alone: right or wrong abstention
        skipped = score(answer, instance)
        assert (skipped.outcome, skipped.detail) == (expected.outcome, expected.detail)
