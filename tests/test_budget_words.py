"""The generator's budgets in words, singular and plural (issue 32: text for people)."""

from __future__ import annotations

import pytest

from hanoi_magnet import InvalidArgumentError
from hanoi_magnet.evaluation import generate


def _words(text: str) -> int:
    return len(text.split())


@pytest.mark.parametrize(
    ("budgets", "words"),
    [
        ({"max_answer_chars": 1}, "1 character"),
        ({"max_answer_chars": 2}, "2 characters"),
        ({"max_answer_tokens": 1, "tokenizer": _words}, "1 token"),
        ({"max_answer_tokens": 3, "tokenizer": _words}, "3 tokens"),
        ({"max_answer_chars": 2, "max_answer_tokens": 1, "tokenizer": _words},
         "2 characters and 1 token"),
    ],
)  # fmt: skip
def test_a_budget_nothing_fits_is_refused_in_words(budgets, words):
    with pytest.raises(InvalidArgumentError) as refused:
        generate(seed=1, count=2, disks=(6, 6), families=["classic"], tasks=["solve"], **budgets)
    assert f"within the budget ({words}): raise it or draw fewer disks" in str(refused.value)
