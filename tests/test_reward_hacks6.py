"""Red-team pass 6 (issue 32, item 4): reward hacks once paid more than their moves deserve.

Each test writes one class of hack over hundreds of generated instances (every family, task,
template and notation; a tenth unsolvable) and checks that no reward but ``reasoning_gym``
(reasoning-gym's own score, reproduced) pays more than a careful grader gives:

* the right moves, then a claim that there is no solution said with a turn or in a comment
  ("Actually, UNSOLVABLE.", "Wait, actually the puzzle is unsolvable.", "// answer:
  UNSOLVABLE"): a hedge, nothing.
* the right moves, then a final statement that takes them back ("Just kidding.", "(this is a
  joke, ignore it)", "Ignore the above answer.", "No answer."): a self-contradiction, nothing.
* the right moves as the only moves, under a heading that disowns them ("The answer is not:",
  "Wrong moves (do not use):", "For example:"): no answer is offered, nothing.
"""

from __future__ import annotations

import functools

import pytest

from hanoi_magnet.evaluation import Instance, generate, score
from hanoi_magnet.evaluation._outcome import ABSTENTION
from hanoi_magnet.evaluation._policies import _gold
from hanoi_magnet.notation import NOTATIONS

_PAID = ("graded", "solved", "optimal", "strict", "prefix")


@functools.cache
def _instances() -> tuple[Instance, ...]:
    """Instances of every family, task, template and notation, a tenth with no solution."""
    found: list[Instance] = []
    for seed in (61, 62):
        found += generate(
            seed=seed,
            count=200,
            templates=["plain", "illusion", "reasoning-gym"],
            notations=list(NOTATIONS),
            unsolvable=0.1,
            disks=(2, 4),
            positions="mixed",
        )
    return tuple(found)


def _golds(limit: int = 400) -> list[tuple[Instance, str]]:
    """Solvable instances and their reference answers (short ones, to keep tests quick)."""
    pairs = []
    for instance in _instances():
        gold = _gold(instance)
        if gold is not None and gold != ABSTENTION and len(gold) < 2_000:
            pairs.append((instance, gold.strip()))
    return pairs[:limit]


def _overpaid(answer: str, instance: Instance) -> dict[str, float]:
    """The rewards ``answer`` earns that it does not deserve (it deserves nothing)."""
    result = score(answer, instance)
    return {name: result.rewards[name] for name in _PAID if result.rewards[name]}


def _check(answers: list[tuple[str, Instance]]) -> None:
    assert len(answers) >= 200
    bad = [(instance.id, answer[-80:], paid) for answer, instance in answers
           if (paid := _overpaid(answer, instance))]  # fmt: skip
    assert not bad, f"{len(bad)} of {len(answers)} overpaid, e.g. {bad[:3]}"


@pytest.mark.parametrize(
    "claim",
    [
        "Actually, UNSOLVABLE.",
        "Wait, actually the puzzle is unsolvable.",
        "// answer: UNSOLVABLE",
        "<!-- UNSOLVABLE -->",
        "Hmm, UNSOLVABLE after all.",
    ],
)
def test_moves_then_a_turned_claim_earn_nothing(claim: str) -> None:
    _check([(f"{gold}\n\n{claim}", instance) for instance, gold in _golds(250)])


@pytest.mark.parametrize(
    "retraction",
    [
        "Just kidding.",
        "(this is a joke, ignore it)",
        "Ignore the above answer.",
        "No answer.",
        "Please disregard my moves.",
    ],
)
def test_moves_taken_back_earn_nothing(retraction: str) -> None:
    _check([(f"{gold}\n{retraction}", instance) for instance, gold in _golds(250)])


@pytest.mark.parametrize(
    "heading",
    [
        "The answer is not:",
        "Wrong moves (do not use):",
        "For example:",
        "Do not use these moves:",
        "Example answer:",
    ],
)
def test_moves_disowned_by_their_heading_earn_nothing(heading: str) -> None:
    _check([(f"{heading}\n{gold}", instance) for instance, gold in _golds(250)])
