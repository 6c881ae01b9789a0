"""A list numbered from 1 again is a second answer, however its lines are numbered.

The rule held for ``1.``, ``1)``, ``Step 1:``; lines numbered ``#1`` or ``1st:`` were no
numbered lines, so ``#1 A->C``, ``#2 A->B``, then ``#1 C->B`` read as one answer of three
moves, with confidence. Checked over every lead, random legal walks of 2 to 6 moves, and
second lists that repeat the first (read once), differ (a hedge) or go on with its numbers
after prose (one list).
"""

from __future__ import annotations

import random

import pytest

from hanoi_magnet import ClassicRules, Move, State
from hanoi_magnet.notation import extract_moves


def _ordinal(k: int) -> str:
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"


LEADS = {
    "period": lambda k: f"{k}. ",
    "parenthesis": lambda k: f"{k}) ",
    "step": lambda k: f"Step {k}: ",
    "hash": lambda k: f"#{k} ",
    "ordinal": lambda k: f"{_ordinal(k)}: ",
}
NAMES = "ABC"


def _walk(rng: random.Random, length: int) -> list[Move]:
    rules = ClassicRules(pegs=3)
    state = State.tower(3)
    moves: list[Move] = []
    for _ in range(length):
        options = [m for m in rules.legal_moves(state) if not moves or m != moves[-1].reversed()]
        move = rng.choice(options)
        moves.append(move)
        state = rules.apply(state, move)
    return moves


def _listed(moves: list[Move], lead: str, first: int = 1) -> str:
    return "\n".join(
        f"{LEADS[lead](first + i)}{NAMES[m.source]}->{NAMES[m.target]}" for i, m in enumerate(moves)
    )


def _pairs(moves: object) -> list[tuple[int, int]]:
    return [tuple(m)[-2:] if not isinstance(m, Move) else (m.source, m.target) for m in moves]  # type: ignore[attr-defined, misc]


@pytest.mark.parametrize("lead", LEADS)
def test_a_second_list_numbered_from_one_with_other_moves_is_a_hedge(lead: str) -> None:
    rng = random.Random(lead)
    for _ in range(100):
        first = _walk(rng, rng.randint(2, 6))
        second = _walk(rng, rng.randint(1, 6))
        if _pairs(second) == _pairs(first[: len(second)]):
            continue
        text = f"{_listed(first, lead)}\n{_listed(second, lead)}"
        found = extract_moves(text, posts=3)
        assert found.ambiguous, text


@pytest.mark.parametrize("lead", LEADS)
def test_the_same_list_numbered_from_one_again_is_read_once(lead: str) -> None:
    rng = random.Random(lead)
    for _ in range(100):
        moves = _walk(rng, rng.randint(2, 6))
        text = f"{_listed(moves, lead)}\n\n{_listed(moves, lead)}"
        found = extract_moves(text, posts=3)
        assert not found.ambiguous, text
        assert _pairs(found.moves) == _pairs(moves), text


@pytest.mark.parametrize("lead", LEADS)
def test_a_list_going_on_with_its_numbers_after_prose_is_one_list(lead: str) -> None:
    rng = random.Random(lead)
    for _ in range(100):
        moves = _walk(rng, rng.randint(3, 8))
        cut = rng.randint(1, len(moves) - 1)
        text = (
            f"{_listed(moves[:cut], lead)}\nNow the rest of the moves:\n"
            f"{_listed(moves[cut:], lead, cut + 1)}"
        )
        found = extract_moves(text, posts=3)
        assert not found.ambiguous, text
        assert _pairs(found.moves) == _pairs(moves), text
