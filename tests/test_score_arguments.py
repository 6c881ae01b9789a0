"""What :func:`score` refuses, word for word, on both sides of each limit; the token budget.

Every refusal is an :class:`InvalidArgumentError` that names the argument, what was expected
and what was given (the brief's error standard). The token budget's detail counts tokens as the
tokenizer does, with the plural by count, on both sides of the budget.
"""

from __future__ import annotations

import attrs
import pytest

from hanoi_magnet.errors import InvalidArgumentError
from hanoi_magnet.evaluation import Outcome, generate, score

_INSTANCE = generate(seed=3, count=1, families=["classic"], disks=(2, 2), tasks=["solve"],
                     notations=["letter-arrows"])[0]  # fmt: skip
_GOLD = "A->B\nA->C\nB->C"  # two disks from A to C in three moves


def _refused(message: str, **options: object) -> None:
    with pytest.raises(InvalidArgumentError) as caught:
        score(_GOLD, _INSTANCE, **options)  # type: ignore[arg-type]
    assert str(caught.value) == message


def test_the_gold_answer_is_solved_with_every_argument_at_its_least():
    result = score(_GOLD, _INSTANCE, max_states=1, thinking=False, detect_pegs=False,
                   credit_drafts=False, tokenizer=len)  # fmt: skip
    assert result.outcome is Outcome.SOLVED_OPTIMALLY


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (0, "max_states must be an integer >= 1, got 0"),
        (-5, "max_states must be an integer >= 1, got -5"),
        (True, "max_states must be an integer, got the bool True"),
        (2.0, "max_states must be an integer, got float 2.0"),
    ],
)
def test_max_states_below_one_or_not_an_integer_is_refused(value, message):
    _refused(message, max_states=value)


@pytest.mark.parametrize("name", ["detect_pegs", "thinking", "credit_drafts"])
@pytest.mark.parametrize("value", [1, 0, "yes", None])
def test_a_flag_that_is_not_a_bool_is_refused(name, value):
    _refused(f"{name} must be True or False, got {value!r}", **{name: value})


def test_an_instance_that_is_not_one_is_refused():
    for given, kind in ((_INSTANCE.to_json(), "str"), (None, "NoneType"), ({}, "dict")):
        with pytest.raises(InvalidArgumentError) as caught:
            score(_GOLD, given)  # type: ignore[arg-type]
        assert str(caught.value) == f"instance must be an Instance, got {kind}"


def test_a_tokenizer_that_is_not_callable_is_refused():
    _refused("tokenizer must be a callable str -> int, got int", tokenizer=3)
    _refused("tokenizer must be a callable str -> int, got str", tokenizer="gpt2")


@pytest.mark.parametrize("count", [-1, 2.0, True, "3", None])
def test_a_tokenizer_that_does_not_return_a_count_is_refused(count):
    budgeted = attrs.evolve(_INSTANCE, max_answer_tokens=5)
    with pytest.raises(InvalidArgumentError) as caught:
        score(_GOLD, budgeted, tokenizer=lambda text: count)
    assert str(caught.value) == (
        f"tokenizer must return a count of tokens (an int >= 0), got {count!r}"
    )


def _words(text: str) -> int:
    return len(text.split())


@pytest.mark.parametrize("budget", [1, 2, 3, 4, 7])
def test_the_token_budget_is_met_at_its_count_and_missed_one_past_it(budget):
    """An answer of k words (the tokenizer counts words) is within a budget of k tokens and
    over a budget of k - 1, whose detail counts its tokens ("2 tokens") and names the budget."""
    answer = " ".join(["A->B", "A->C", "B->C", "x", "y", "z", "w", "v"][:budget])
    at = score(answer, attrs.evolve(_INSTANCE, max_answer_tokens=budget), tokenizer=_words)
    assert at.outcome is not Outcome.OVER_BUDGET
    if budget == 1:
        return  # a budget is at least 1: no answer of one token is over one
    over = score(answer, attrs.evolve(_INSTANCE, max_answer_tokens=budget - 1), tokenizer=_words)
    assert over.outcome is Outcome.OVER_BUDGET
    assert over.detail == f"the answer has {budget} tokens; the budget is {budget - 1}"
    assert over.reading is None and over.parsed == 0
    assert dict(over.rewards) == dict.fromkeys(over.rewards, 0.0)


def test_without_a_tokenizer_only_the_character_budget_counts():
    budgeted = attrs.evolve(_INSTANCE, max_answer_tokens=1)
    assert score(_GOLD, budgeted).outcome is Outcome.SOLVED_OPTIMALLY
    assert score(_GOLD, budgeted, tokenizer=_words).detail == (
        "the answer has 3 tokens; the budget is 1"
    )


def test_the_character_budget_comes_before_the_token_budget():
    both = attrs.evolve(_INSTANCE, max_answer_chars=len(_GOLD) - 1, max_answer_tokens=1)
    assert score(_GOLD, both, tokenizer=_words).detail == (
        f"the answer has {len(_GOLD)} characters; the budget is {len(_GOLD) - 1}"
    )
