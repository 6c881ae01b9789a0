"""Behaviour that surviving mutants of the scorer (fresh sample, seed 38) showed no test pinned
(issue 32, item 6).

Each test states the rule it holds; the expected values come from the rule or the documented
contract, not from the code under test.
"""

from __future__ import annotations

import random

import attrs
import pytest

from hanoi_magnet.evaluation import REWARDS, Outcome, Task, generate, score
from hanoi_magnet.notation import PegNames, get_notation
from tests.test_audit import _built_in  # the policies, built afresh in a mutation run

_UNSOLVABLE = [i for i in generate(seed=3, count=40, unsolvable=0.5) if i.unsolvable][:3]
_TWO_DISKS = [
    instance
    for instance in generate(
        seed=4, count=40, families=["classic"], tasks=["solve"], disks=(2, 2), notations=["letters"]
    )
    if instance.posts == 3 and instance.optimum == 3
]


def _letters_a_to_c(instances):
    # two disks on A, both to go to C (the optimum, 3 moves: A B, A C, B C)
    start = "S: 2 1 | I: - | D: -"
    for instance in instances:
        if str(instance.start) == start and str(instance.goal) == "S: - | I: - | D: 2 1":
            return instance
    raise AssertionError("no two-disk instance from A to C")


# -- the final statement: a long line's last sentence, a short line whole --------------------------

_HEDGE = "Maybe I am wrong."
_CLAIM = "There is no solution."


@pytest.mark.parametrize(("length", "abstains"), [(79, False), (80, False), (81, True)])
def test_a_line_longer_than_80_characters_ends_in_its_last_sentence(length, abstains):
    # a line of at most 80 characters is the final statement whole (here a hedged one, not a
    # claim); a longer one says its last sentence, which here is the claim
    filler = "x" * (length - len(_HEDGE) - len(_CLAIM) - 3)
    line = f"{_HEDGE} {filler}. {_CLAIM}"
    assert len(line) == length
    for instance in _UNSOLVABLE:
        result = score(line, instance)
        assert (result.outcome is Outcome.ABSTAINED) is abstains, (length, result.outcome)


# -- an answer that only copies the prompt earns nothing, however its lines end --------------------


def test_a_copied_prompt_line_whose_last_sentence_abstains_is_no_answer():
    """A prompt line longer than 80 characters, hedged but ending in "There is no solution.",
    copied as the whole answer, is an echo of the prompt, not an abstention (it used to be
    credited as one: only lines that abstain whole were taken for answer-like lines)."""
    line = (
        "Maybe I am wrong, and I went over every path I could think of more than twice. "
        "There is no solution."
    )
    assert len(line) > 80
    for instance in _UNSOLVABLE:
        asked = attrs.evolve(instance, prompt=f"{instance.prompt}\n{line}")
        copied = score(line, asked)
        assert copied.outcome is Outcome.NO_ANSWER, copied.detail
        assert copied.detail == "the answer only repeats the prompt (1 line)"
        assert not any(copied.rewards[name] for name in REWARDS)
        # the same claim not copied from the prompt is the answer's own: credited
        own = score(line, instance)
        assert own.outcome is Outcome.ABSTAINED, own.detail


# -- no moves at all: nothing done, nothing earned -------------------------------------------------


@pytest.mark.parametrize("answer", ["[]", "moves = []", "moves = ["])
def test_an_answer_with_no_moves_earns_nothing(answer):
    # 0.05 is for legal moves that do not do the task; an empty list (or one cut off before
    # its first move) has none, and the goal is 3 moves away
    instance = _letters_a_to_c(_TWO_DISKS)
    result = score(answer, instance)
    assert result.outcome in (Outcome.UNSOLVED, Outcome.TRUNCATED), result.outcome
    assert not result.parsed
    assert result.rewards["graded"] == 0.0
    assert result.rewards["strict"] == 0.0
    assert not result.solved


# -- two paragraphs of moves: a second answer only if the second paragraph does the task -----------


def test_a_second_paragraph_that_does_not_do_the_task_is_not_a_second_answer():
    instance = _letters_a_to_c(_TWO_DISKS)
    # A B, then A C after a blank line: legal (disk 1 to B, disk 2 to C), the goal not reached;
    # A C alone from the start is legal too, but no answer either
    result = score("A B\n\nA C", instance)
    assert result.outcome is Outcome.UNSOLVED, result.detail
    assert result.rewards["graded"] == 0.05
    # other moves, then the whole solution from the start: two answers, nothing credited
    both = score("A B\n\nA B\nA C\nB C", instance)
    assert both.outcome is Outcome.AMBIGUOUS, both.detail
    assert "a complete answer from the start at the 2nd move" in both.detail


# -- an ambiguous answer claims nothing -----------------------------------------------------------


def test_an_answer_whose_pegs_count_from_0_or_1_claims_neither_solved_nor_optimal():
    """Read from 0 the right answer, read from 1 another: ambiguous, so neither solved nor
    optimal, whatever the first reading was."""
    checked = 0
    for instance in generate(seed=3, count=60, notations=["numbers"], families=["classic"],
                             positions="random", disks=(1, 3), tasks=["solve"]):  # fmt: skip
        if instance.unsolvable is not None:
            continue
        gold = next(iter(_built_in()["gold"].write(instance, random.Random(0))))
        if "0" in gold.split():
            continue  # peg 0 written: the answer says it counts from 0
        assert score(gold, instance, pegs=PegNames.ZERO).optimal
        result = score(gold, instance, detect_pegs=True)
        if result.outcome is not Outcome.AMBIGUOUS:
            continue  # (both readings solve it)
        assert (result.solved, result.optimal) == (False, False), instance.id
        assert (result.excess, result.excess_ratio) == (None, None)
        checked += 1
    assert checked >= 3


# -- the audit's judge of the right answer in other digits -----------------------------------------


def test_the_right_answer_judge_takes_a_reasoning_gym_score_of_0_or_1_only():
    judge = _built_in()["other-digits"].judge
    for instance in generate(seed=6, count=30, notations=["reasoning-gym"], unsolvable=0.0):
        assert get_notation(instance.notation).pegs is PegNames.ONE
        full = score(next(iter(_built_in()["gold"].write(instance, random.Random(0)))), instance)
        assert judge(instance, full) is None
        for gym, found in ((0.0, None), (1.0, None), (0.25, "reasoning_gym 0.25")):
            given = attrs.evolve(full, rewards={**full.rewards, "reasoning_gym": gym})
            assert judge(instance, given) == found, gym
        return
    raise AssertionError("no instance")


# -- the length of an answer too long to write out ------------------------------------------------


def test_every_instance_states_its_answers_length_in_moves_on_both_sides_of_65536():
    # 16 disks: 2^16 - 1 = 65,535 moves, written out and measured; 17 disks: 131,071 moves,
    # more than 65,536, stated in moves but not written (no character budget asks)
    for n, measured in ((16, True), (17, False)):
        [instance] = generate(seed=1, count=1, families=["classic"], tasks=[Task.SOLVE.value],
                              disks=(n, n), positions="towers")  # fmt: skip
        assert instance.posts == 3
        assert instance.answer_moves == 2**n - 1 == instance.optimum
        assert (instance.answer_chars is not None) is measured
        assert instance.answer_tokens is None
