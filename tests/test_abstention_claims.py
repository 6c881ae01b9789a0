"""Issue 32 item 4: an abstention is a claim, whatever words make it; the near misses are not.

"It is impossible." was an abstention and "It is impossible to reach the goal." was not. The
claims are generated (:mod:`hanoi_magnet.testing._claims`: "impossible", "cannot be reached",
"no sequence of legal moves reaches the goal", "has no solution"... with and without a
conclusion word), and so are the statements made of the same words that claim nothing:
negated, hedged, asked, conditional (the prompt's own instruction), or about something else.
"""

from __future__ import annotations

import collections
import random

import pytest

from hanoi_magnet.evaluation import Outcome, generate, score
from hanoi_magnet.evaluation._outcome import abstains, is_abstention
from hanoi_magnet.testing._claims import sample_statements

_REASONING = "I tried every first move, and each path came back to a position I had seen."


def test_every_claim_and_no_near_miss_abstains():
    kinds: collections.Counter[str] = collections.Counter()
    seed = random.SystemRandom().randrange(1 << 30)
    for text, claim, kind in sample_statements(seed=seed, count=20_000):
        kinds[kind.split("/")[0]] += 1
        assert is_abstention(text) is claim, (seed, kind, text)
        assert abstains(f"{_REASONING}\n\n{text}") is claim, (seed, kind, text)
        if claim:  # said first, then more reasoning: the final statement is not the claim
            assert not abstains(f"{text}\n{_REASONING}"), (seed, text)
    assert set(kinds) == {"claim", "negated", "hedged", "question", "condition", "qualified",
                          "other"}  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        "It is impossible to reach the goal.",
        "It is impossible to solve this puzzle.",
        "The goal cannot be reached.",
        "No sequence of legal moves reaches the goal.",
        "There is no solution.",
        "The puzzle has no solution.",
        "So the goal position is unreachable.",
    ],
)
def test_the_issues_claims_are_abstentions_for_the_scorer(text):
    unsolvable = [i for i in generate(seed=3, count=40, unsolvable=0.5) if i.unsolvable][:3]
    solvable = next(i for i in generate(seed=3, count=40) if i.unsolvable is None)
    for instance in unsolvable:
        assert score(text, instance).outcome is Outcome.ABSTAINED
        assert score(f"{_REASONING} {text}", instance).outcome is Outcome.ABSTAINED
    assert score(text, solvable).outcome is Outcome.WRONG_ABSTENTION


@pytest.mark.parametrize(
    "text",
    [
        "It is not impossible to reach the goal.",
        "I cannot tell whether it is impossible to reach the goal.",
        "Is it impossible to reach the goal?",
        "If no sequence of legal moves reaches the goal, write only UNSOLVABLE.",
        "It is impossible to reach the goal in fewer than 7 moves.",
        "This move is impossible.",
    ],
)
def test_the_near_misses_are_no_abstention_for_the_scorer(text):
    for instance in [i for i in generate(seed=3, count=40, unsolvable=0.5) if i.unsolvable][:3]:
        assert not score(text, instance).outcome.credited
