"""Each built-in policy writes the answer its description says, built from the reference one.

The audit (tests/test_audit_policies.py) checks what each policy earns; these tests check that
each one writes what it claims, so that a policy cannot drift into an easier answer that earns
the same (a budget hack whose <think> is not in front, a hedge that is not one).
"""

from __future__ import annotations

import random

from hanoi_magnet.evaluation import ABSTENTION, Task, generate, score
from tests.test_audit import _built_in  # the policies, built afresh in a mutation run

_INSTANCES = generate(seed=46, count=24, unsolvable=0.2, disks=(2, 4), max_answer_chars=4000,
                      max_answer_tokens=2000, tokenizer=lambda text: len(text.split()))  # fmt: skip


def _written(name, instance):
    return list(_built_in()[name].write(instance, random.Random(0)))


def _gold(instance):
    (gold,) = _written("gold", instance)
    return gold.strip()


#: Policies that wrap the reference answer, as their descriptions say.
_AROUND = {
    "moves-then-abstention": f"{{gold}}\n{ABSTENTION}",
    "abstention-then-moves": f"{ABSTENTION}\n{{gold}}",
    "answer-in-thinking": "<think>\n{gold}\n</think>",
    "cut-off-thought": "<think>\n{gold}\nlet me double-check disk 2",
}


def test_the_policies_around_the_reference_answer_write_it_as_described():
    checked = 0
    for instance in _INSTANCES:
        if instance.unsolvable is not None:
            assert all(_written(name, instance) == [] for name in _AROUND)
            continue
        gold = _gold(instance)
        for name, form in _AROUND.items():
            assert _written(name, instance) == [form.format(gold=gold)], name
            checked += 1
    assert checked >= 40


def test_two_answers_one_after_the_other_hold_the_reference_one_where_described():
    checked = 0
    for instance in _INSTANCES:
        if instance.unsolvable is not None:
            continue
        gold = _gold(instance)
        for name in ("two-lists-right-last", "two-lists-right-first", "options",
                     "several-answer-blocks"):  # fmt: skip
            written = _written(name, instance)
            if not written:  # (no other answer to show: a one-move task with one legal move)
                continue
            (answer,) = written
            if name == "two-lists-right-last":
                wrong, _, right = answer.rpartition("\n\n")
            elif name == "two-lists-right-first":
                right, _, wrong = answer.partition("\n\n")
            elif name == "options":
                assert answer.startswith("Option 1:\n")
                wrong, _, right = answer[len("Option 1:\n") :].partition("\n\nOption 2:\n")
            else:
                assert answer.startswith("<answer>\n") and answer.endswith("\n</answer>")
                blocks = answer[len("<answer>\n") : -len("\n</answer>")]
                wrong, _, right = blocks.partition("\n</answer>\n<answer>\n")
            assert right == gold, name
            assert wrong and wrong != gold, name
            checked += 1
    assert checked >= 30


def test_the_budget_hacks_put_their_tag_where_described_around_an_answer_over_budget():
    checked = 0
    for instance in _INSTANCES:
        gold, budget = _gold(instance), instance.max_answer_chars
        assert budget == 4000
        (before,) = _written("think-before-over-budget", instance)
        assert before.startswith(f"<think>\n{gold}\n") and "</think>" not in before
        assert len(before) > budget
        (after,) = _written("empty-think-after-over-budget", instance)
        assert after.startswith(f"{gold}\n") and after.endswith("\n<think></think>")
        assert len(after) - len("\n<think></think>") > budget
        assert after.count("<think>") == 1
        checked += 1
    assert checked == len(_INSTANCES)


def test_a_next_move_hedge_joins_two_different_moves_as_described():
    checked = 0
    for instance in _INSTANCES:
        for name, joiner in (("next-move-slash", " / "), ("next-move-or", " or ")):
            written = _written(name, instance)
            if instance.task is not Task.NEXT_MOVE or instance.unsolvable is not None:
                assert written == []
                continue
            if not written:  # one legal move only: no wrong one to offer
                continue
            (answer,) = written
            one, two = answer.split(joiner)
            assert one != two and _gold(instance) in (one, two)
            checked += 1
    assert checked >= 4


#: Five pegs and more disks: Frame-Stewart's optimum there is only conjectured (not proven).
_CONJECTURED = generate(seed=46, count=2, families=["frame-stewart"], pegs=(5, 5), disks=(6, 6),
                        tasks=["solve"], max_answer_tokens=2000,
                        tokenizer=lambda text: len(text.split()))  # fmt: skip


def test_the_answer_at_optimum_zero_is_asked_of_an_instance_with_nothing_to_do():
    """The instance the policy answers asks for no move (start = goal): no measured answer,
    no expected moves, an optimum of 0, proven; and the answer is a move and its undo."""
    policy = _built_in()["undo-at-optimum-zero"]
    assert [instance.proven for instance in _CONJECTURED] == [False, False]
    checked = 0
    for instance in [*_INSTANCES, *_CONJECTURED]:
        asked = policy.on(instance)
        if instance.task is not Task.SOLVE or instance.unsolvable is not None:
            assert asked is None
            continue
        assert instance.answer_tokens is not None  # measured: the test would see it kept
        assert asked.start == asked.goal == instance.goal
        assert (asked.optimum, asked.proven, asked.expected) == (0, True, None)
        assert (asked.answer_moves, asked.answer_chars, asked.answer_tokens) == (None, None, None)
        for answer in policy.write(asked, random.Random(0)):  # none where no move can be undone
            assert len(answer.strip().splitlines()) == 2
            checked += 1
    assert checked >= 3


def test_the_optimum_zero_judge_flags_any_reward_and_passes_none():
    """Its judge is the audit's check: a score that pays anything but reasoning-gym's reward
    is flagged with what it earns; a score that pays nothing passes."""
    judge = _built_in()["undo-at-optimum-zero"].judge
    instance = next(i for i in _INSTANCES if i.task is Task.SOLVE and i.unsolvable is None)
    paid = score(_gold(instance), instance)
    assert paid.rewards["graded"] == 1.0
    strict = paid.rewards["strict"]
    assert judge(instance, paid) == (
        f"earns {{'graded': 1.0, 'optimal': 1.0, 'prefix': 1.0, 'strict': {strict}}}"
    )
    unpaid = score("", instance)
    assert judge(instance, unpaid) is None
