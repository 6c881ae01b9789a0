"""A prompt line showing moves is an echo whatever separates their pegs.

The echo check (``evaluation/_echo.py``) looked at a prompt line only when it held ``->``,
``→``, ``=>``, ``⟶``, "to" or "onto" (or a bracket, or a short form): a template of one's own
whose text showed the right moves as ``A ⇒ B``, ``A ➜ B`` or "A into B" was not blanked, and
an answer that only copied that line was credited in full (the fourth mutation sample found
it). Now the check asks the reader's own separators. Every separator the reader reads is
tried, in two line shapes, and the same moves in the answer's own lines stay credited.
"""

from __future__ import annotations

import pytest

from hanoi_magnet.evaluation import Outcome, score
from hanoi_magnet.notation import extract_moves
from tests.reward_hacks import shown_in_the_prompt

#: Every separator of a move's pegs the reader knows (notation/_mentions.py, _ARROW and words).
SEPARATORS = [
    "->", "-->", "--->", "=>", "==>", "===>", "–>", "—>", "→", "⟶", "➔", "➜", "➙", "➝",
    "➞", "⇒", "⟹", "↦", "⟼", " \\to ", " \\rightarrow ", " \\Rightarrow ",
    " \\longrightarrow ", " \\mapsto ", " to ", " onto ", " into ",
]  # fmt: skip
SHAPES = ["Moves: A{s}B, A{s}C, B{s}C", "Move A{s}B, then A{s}C, then B{s}C."]


@pytest.mark.parametrize("separator", SEPARATORS)
def test_every_separator_listed_is_read_by_the_reader(separator: str) -> None:
    found = extract_moves(f"A{separator}C", posts=3)
    assert [tuple(m)[-2:] for m in found.moves] == [(0, 2)], separator  # type: ignore[arg-type]


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("separator", SEPARATORS)
def test_a_prompt_line_of_moves_copied_alone_is_no_answer(separator: str, shape: str) -> None:
    shown = shape.format(s=separator)
    result = score(shown, shown_in_the_prompt(shown))
    assert result.outcome is Outcome.NO_ANSWER, (shown, result.outcome, result.detail)


@pytest.mark.parametrize("separator", SEPARATORS)
def test_the_same_moves_in_the_answers_own_lines_are_credited(separator: str) -> None:
    shown = SHAPES[0].format(s=separator)
    own = "\n".join(f"{a}{separator}{b}".strip() for a, b in ("AB", "AC", "BC"))
    assert score(own, shown_in_the_prompt(shown)).outcome is Outcome.SOLVED_OPTIMALLY, own
