"""An instance with its answers withheld scores every answer exactly as the full instance does.

:meth:`Instance.withheld` leaves out the optimum, its proof and why an instance has no
solution; :func:`score` then finds them itself (issue 32 item 6: a mutant that gave a withheld
unsolvable instance's detail a stock reason, "no solution", showed that the reading under both
peg namings did so).
"""

from __future__ import annotations

import random

from hanoi_magnet.evaluation import POLICIES, Outcome, generate, score

_INSTANCES = generate(
    seed=41,
    count=40,
    unsolvable=0.3,
    disks=(2, 4),
    tasks=["solve", "continue", "next-move"],
    families=["classic", "frame-stewart", "linear", "cyclic", "magnetic", "digraph"],
)
#: Answers of every kind: numbers that may count pegs from 0 or from 1 (read both ways), an
#: exact reasoning-gym line (the short path), an abstention, nothing, a hedge.
_FIXED = ("1 2", "0 1\n1 2", "Move disk 1 from Peg 1 to Peg 2", "UNSOLVABLE", "", "A->C or A->B")


def _answers(instance):
    written = [*_FIXED]
    for policy in ("gold", "shuffle"):
        written += POLICIES[policy].write(instance, random.Random(0))
    return written


def test_a_withheld_instance_scores_as_the_full_one():
    outcomes = set()
    for instance in _INSTANCES:
        withheld = instance.withheld()
        assert (withheld.optimum, withheld.unsolvable) == (None, None)
        for answer in _answers(instance):
            full = score(answer, instance)
            assert score(answer, withheld).to_dict() == full.to_dict(), answer
            outcomes.add(full.outcome)
    assert {Outcome.SOLVED_OPTIMALLY, Outcome.ILLEGAL_MOVE, Outcome.MOVES_FOR_UNSOLVABLE,
            Outcome.ABSTAINED, Outcome.WRONG_ABSTENTION, Outcome.AMBIGUOUS} <= outcomes  # fmt: skip
