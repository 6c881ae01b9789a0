"""Behaviour the tests of the reader and the scorer left unpinned (issue 32 item 6).

Each test here was written for a mutant of ``nox -s mutation`` that survived every other test;
each states a behaviour a user relies on, with the expected value taken from the rules or the
documented contract, not from the code under test.
"""

from __future__ import annotations

import pytest

from hanoi_magnet.evaluation import REWARDS, Outcome, generate, score
from hanoi_magnet.notation import PegNames

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
