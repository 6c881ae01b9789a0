"""Tests that kill survivors of a sixth uniform random sample of all mutants (its second half).

The sample: 200 names drawn with ``random.Random(20261211).sample`` from the sorted names of
every mutmut 3.8.1 mutant of the configured modules (13,463 at b542358); names 101 to 200 ran
in the drawn order on a second worker (``nox -s mutation`` settings: HANOI_MUTATION=1,
HYPOTHESIS_PROFILE=mutation). A comment above each test names the mutant it kills (``mutmut
show NAME`` prints its diff). The file is in the mutation run's selection (pyproject.toml).
"""

from __future__ import annotations

import random

import pytest

from hanoi_magnet.evaluation import FAMILIES, Outcome, generate, score
from hanoi_magnet.evaluation._policies import _written
from hanoi_magnet.notation import NOTATIONS, extract_moves

_HEADINGS = (
    "The largest disk moves only once:",
    "Note that disk 1 moves like this:",
    "In particular:",
    "The key step is:",
)


def _moves_and_part(seed: int) -> tuple[list[tuple[int, int]], int, int]:
    draw = random.Random(seed)
    pairs = [(s, t) for s in range(3) for t in range(3) if s != t]
    moves = [draw.choice(pairs) for _ in range(draw.randint(4, 9))]
    length = draw.randint(1, min(3, len(moves) - 1))
    start = draw.randint(0, len(moves) - length)
    return moves, start, length


def _arrows(moves: list[tuple[int, int]]) -> str:
    return NOTATIONS["letter-arrows"].format(moves).rstrip("\n")


# After the answer and a blank line, a heading ending with ":" over a part of the answer ("The
# largest disk moves only once:", A->C) may quote it or go on with it: the answer hedges, and
# the report names the part as a reading a careful reader could have meant, with the reason.
# Kills _decide.x__after_prose__mutmut_46 (`Loser([candidate], True)`: the reason lost, and the
# reading no longer plausible, while the extraction still says it is ambiguous).
@pytest.mark.parametrize("seed", range(40))
def test_a_part_of_the_answer_under_a_heading_after_it_is_a_plausible_reading(seed: int) -> None:
    moves, start, length = _moves_and_part(seed)
    heading = _HEADINGS[seed % len(_HEADINGS)]
    part = moves[start : start + length]
    found = extract_moves(f"{_arrows(moves)}\n\n{heading}\n{_arrows(part)}\n")
    assert found.moves == tuple(moves)
    assert found.ambiguous
    assert found.hedged == f"moves after prose repeat a part of the answer: {heading!r}"
    [other] = [reading for reading in found.alternatives if reading.moves == tuple(part)]
    assert other.why == "repeats a part of the answer, after prose"
    assert other.plausible


# A next-move instance carries its optimal next moves (``expected``): score() judges the answer by
# them, without a search of its own, so each of them is credited on every family even where a
# search would pass ``max_states`` (on four or more pegs, whose distances between positions other
# than towers are searched). Kills _tasks.x_task_done__mutmut_11 (`best = None`: always searches,
# and raises SearchLimitError past max_states).
def test_a_next_move_is_judged_by_the_instances_own_optimal_moves_without_a_search() -> None:
    instances = generate(
        5, 120, tasks=["next-move"], positions="mixed", disks=(3, 6), families=FAMILIES
    )
    assert {instance.family.split(":")[0] for instance in instances} >= {"frame-stewart"}
    for instance in instances:
        assert instance.expected
        for move in instance.expected:
            result = score(_written(instance, [move]), instance, max_states=10)
            assert result.outcome is Outcome.SOLVED_OPTIMALLY, (instance.id, result.detail)
