"""What the red-team passes' reward-hack tests share: generated instances, their reference
answers, and the check that an answer earns nothing it does not deserve."""

from __future__ import annotations

import functools

from hanoi_magnet.evaluation import Instance, PromptTemplate, generate, score
from hanoi_magnet.evaluation._outcome import ABSTENTION
from hanoi_magnet.evaluation._policies import _gold
from hanoi_magnet.model import Move
from hanoi_magnet.notation import NOTATIONS

#: The rewards a hack must not earn (``reasoning_gym`` is reasoning-gym's own score, reproduced).
PAID = ("graded", "solved", "optimal", "strict", "prefix")


@functools.cache
def instances(seeds: tuple[int, ...]) -> tuple[Instance, ...]:
    """Instances of every family, task, template and notation, a tenth with no solution."""
    found: list[Instance] = []
    for seed in seeds:
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


def golds(seeds: tuple[int, ...], limit: int) -> list[tuple[Instance, str]]:
    """Solvable instances and their reference answers (short ones, to keep tests quick)."""
    pairs = []
    for instance in instances(seeds):
        gold = _gold(instance)
        if gold is not None and gold != ABSTENTION and len(gold) < 2_000:
            pairs.append((instance, gold.strip()))
    return pairs[:limit]


def overpaid(answer: str, instance: Instance) -> dict[str, float]:
    """The rewards ``answer`` earns that it does not deserve (it deserves nothing)."""
    result = score(answer, instance)
    return {name: result.rewards[name] for name in PAID if result.rewards[name]}


def check(answers: list[tuple[str, Instance]], enough: int = 200) -> None:
    """No answer (each deserving nothing) earns anything; at least ``enough`` are checked."""
    assert len(answers) >= enough
    bad = [(instance.id, answer[-80:], paid) for answer, instance in answers
           if (paid := overpaid(answer, instance))]  # fmt: skip
    assert not bad, f"{len(bad)} of {len(answers)} overpaid, e.g. {bad[:3]}"


def other_moves(instance: Instance, right: Move) -> list[Move]:
    """The legal moves of ``instance`` that name other pegs than ``right`` in every naming.

    (Pegs read from 0 or from 1 shift a move's numbers by one: ``A->C`` and ``1->3`` are one
    move, so a move one off in both pegs is no "other" move.)
    """
    same = {(right.source + shift, right.target + shift) for shift in (-1, 0, 1)}
    return [
        m for m in instance.rules.legal_moves(instance.start) if (m.source, m.target) not in same
    ]


@functools.cache
def shown_in_the_prompt(shown: str, notation: str = "letter-arrows") -> Instance:
    """A classic two-disk ``solve`` instance whose prompt, a template of one's own, ends with
    the line ``shown`` (the right moves, in some form: what copying it alone must not earn)."""
    template = PromptTemplate("shown", "{rules}\n\n{task}\n\n{format}\n" + shown, notation)
    return generate(
        seed=43, count=1, templates=[template], families=["classic"], tasks=["solve"],
        disks=(2, 2),
    )[0]  # fmt: skip
