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
* a ``next-move`` answer that names a move and, in a remark after it, another move in another
  notation ("A->C (Move disk 1 from Peg 1 to Peg 2)", "Move disk 3 from Peg 1 to Peg 5
  (D->E)", "A->C (3 4)"): a hedge, nothing.
"""

from __future__ import annotations

import pytest

from hanoi_magnet.evaluation import Instance, Task
from hanoi_magnet.evaluation._policies import _optimal_move
from hanoi_magnet.notation import NOTATIONS
from tests.reward_hacks import check, golds, instances, other_moves

SEEDS = (61, 62)


def _instances() -> tuple[Instance, ...]:
    return instances(SEEDS)


def _golds(limit: int = 400) -> list[tuple[Instance, str]]:
    return golds(SEEDS, limit)


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
    check([(f"{gold}\n\n{claim}", instance) for instance, gold in _golds(250)])


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
    check([(f"{gold}\n{retraction}", instance) for instance, gold in _golds(250)])


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
    check([(f"{heading}\n{gold}", instance) for instance, gold in _golds(250)])


def _beside_another() -> list[tuple[str, Instance]]:
    """Next-move answers: the right move, and another move in a remark in another notation."""
    answers = []
    for instance in _instances():
        notation = NOTATIONS[instance.notation]
        if instance.task is not Task.NEXT_MOVE or instance.unsolvable is not None:
            continue
        if notation.is_list or notation.json or notation.name in ("compact", "letters"):
            continue  # (a remark after a list, or after a weak form: open)
        right = _optimal_move(instance)
        assert right is not None
        wrong = other_moves(instance, right)
        one = notation.format([right], instance.posts).strip()
        for other in ("letter-arrows", "reasoning-gym", "numbers", "library"):
            written = NOTATIONS[other]
            if not wrong or not written.pegs.fits(instance.posts):
                continue
            two = written.format([wrong[len(answers) % len(wrong)]], instance.posts).strip()
            answers += [(f"{one} ({two})", instance), (f"{two} ({one})", instance)]
    return answers


def test_a_move_beside_another_in_a_remark_earns_nothing() -> None:
    check(_beside_another())
