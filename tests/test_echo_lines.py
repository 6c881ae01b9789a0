"""Any piece of a prompt, given back as the answer, is called a copy of the prompt.

Each line of a generated prompt alone, each two lines together, and the whole prompt: the score
is ``no-answer``, "the answer only repeats the prompt (N lines)", with N the lines given back,
whether the lines are blanked as answer-like (moves, the abstention's instruction) or read as
holding no move and no abstention. (So ``_read_and_judged`` asks :func:`only_echo` only when
the answer is empty once answer-like lines are blanked, or some were: a piece of other prompt
lines reads as nothing, and :func:`only_echo` answers then.)
"""

from __future__ import annotations

import pytest

from hanoi_magnet.evaluation import Outcome, generate, score
from hanoi_magnet.notation import NOTATIONS


def _pieces(prompt: str) -> list[tuple[str, int]]:
    lines = [line for line in prompt.split("\n") if line.strip()]
    pairs = ["\n".join(lines[i : i + 2]) for i in range(len(lines) - 1)]
    return [(line, 1) for line in lines] + [(pair, 2) for pair in pairs] + [(prompt, len(lines))]


@pytest.mark.parametrize("seed", range(3))
def test_every_piece_of_a_prompt_is_a_copy_of_the_prompt(seed: int) -> None:
    instances = generate(
        seed,
        40,
        positions="mixed",
        disks=(1, 6),
        templates=("plain", "illusion", "reasoning-gym"),
        notations=list(NOTATIONS),
        unsolvable=0.1,
    )
    for instance in instances:
        for piece, lines in _pieces(instance.prompt):
            result = score(piece, instance)
            shown = "1 line" if lines == 1 else f"{lines} lines"
            assert result.outcome is Outcome.NO_ANSWER, (piece, result.detail)
            assert result.detail == f"the answer only repeats the prompt ({shown})", piece
            assert not any(result.rewards.values()), (piece, result.rewards)
