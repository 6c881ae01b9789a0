"""What each audit policy writes: a property of its answers, over generated instances.

tests/test_audit.py checks the scorer's verdict on every policy's answers; these check that the
answers are the ones the policy's name promises (a shuffle that returns to the start, the right
answer in other digits, the optimal move negated...), so that an audit that passes is an audit
of the hack it names. The properties are stated from the rules (legal moves, the instance's
start and goal), not from the policies' code.
"""

from __future__ import annotations

import itertools
import random
import re

import attrs
import pytest

from hanoi_magnet.evaluation import (
    TEMPLATES,
    Policy,
    Task,
    audit,
    describe_position,
    generate,
    score,
)
from hanoi_magnet.evaluation._policies import _optimal_move, _walk
from hanoi_magnet.notation import get_notation
from hanoi_magnet.validate import validate
from tests.test_audit import _built_in  # the policies, built afresh in a mutation run

_INSTANCES = generate(seed=33, count=48, unsolvable=0.1, max_answer_chars=400)
_PLAIN = generate(seed=34, count=24)
#: Instances whose solution is too long to write out (2^13 - 1 moves).
_LONG = generate(seed=1, count=2, families=["classic"], tasks=["solve"], disks=(13, 13))


def _written(policy: str, instance, seed: int = 0) -> list[str]:
    return list(_built_in()[policy].write(instance, random.Random(seed)))


def _read(instance, answer: str):
    return get_notation(instance.notation).read(answer, instance.posts)


def test_every_policy_writes_only_text_on_every_instance():
    for instance in [*_INSTANCES, *_PLAIN, *_LONG]:
        for name, policy in _built_in().items():
            for answer in policy.write(instance, random.Random(1)):
                assert isinstance(answer, str), (name, instance.id)


def test_the_shuffle_writes_only_legal_moves_that_return_to_the_start():
    written = 0
    for instance in [*_INSTANCES, *_PLAIN, *_LONG]:
        for answer in _written("shuffle", instance):
            moves = _read(instance, answer)
            report = validate(moves, instance.rules, start=instance.start)
            assert report.error is None
            assert report.state == instance.start
            assert len(moves) == 2 * (instance.optimum // 2) > 0
            written += 1
    assert written > 20


def test_the_right_answer_in_other_digits_has_no_ascii_digit_and_is_the_right_answer():
    written = 0
    for instance in _INSTANCES:
        for answer in _written("other-digits", instance, seed=instance.optimum or 0):
            assert not re.search(r"[0-9]", answer)
            digits = {c for c in answer if c.isdigit()}
            # one script: full-width (U+FF10-FF19) or Arabic-Indic (U+0660-0669)
            assert all(0xFF10 <= ord(c) <= 0xFF19 for c in digits) or all(
                0x0660 <= ord(c) <= 0x0669 for c in digits
            )
            ascii_answer = "".join(
                str(int(c)) if c.isdigit() else c for c in answer
            )  # int() reads every script's digits
            assert ascii_answer == _written("gold", instance)[0]
            written += 1
    assert written > 20


def test_the_negated_move_names_the_optimal_first_move_in_the_instances_pegs():
    written = 0
    for instance in _INSTANCES:
        if instance.unsolvable is not None or not instance.optimum:
            continue
        answers = _written("negated-move", instance)
        pegs = get_notation(instance.notation).pegs
        if not pegs.fits(instance.posts):
            assert answers == []
            continue
        (answer,) = answers
        first = score(_written("gold", instance)[0], instance).reading.moves[0]
        source, target = first[-2:] if isinstance(first, tuple) else (first.source, first.target)
        disk = instance.start.posts[source][-1]  # the top disk of the source (bottom to top)
        names = (pegs.name_of(post, instance.posts) for post in (source, target))
        move = "move disk {} from peg {} to peg {}".format(disk, *names)
        assert answer == f"I would never {move}; that would be a blunder."
        written += 1
    assert written > 20


def test_the_unsolvable_word_policy_says_the_issues_two_sentences():
    # issue 32 item 7: "This puzzle is not unsolvable." or "I cannot tell whether it is unsolvable"
    assert _written("unsolvable-word", _INSTANCES[0]) == [
        "This puzzle is not unsolvable.",
        "I cannot tell whether it is unsolvable.",
    ]


def test_the_format_line_policy_writes_the_prompt_lines_that_state_the_answer_form():
    instances = generate(seed=34, count=30, templates=["plain", "illusion", "reasoning-gym"])
    for instance in instances:
        lines = _written("format-line", instance)
        assert all(line in instance.prompt.splitlines() for line in lines)
        if instance.template == "reasoning-gym":
            assert any("should be formatted as 'Move disk X" in line for line in lines)
        else:
            assert any(" in the form " in line for line in lines), instance.id
    assert {instance.template for instance in instances} == {"plain", "illusion", "reasoning-gym"}


def test_the_policies_around_the_reference_answer_hold_it_whole():
    wrapped = {
        "moves-then-abstention": ("", "\nUNSOLVABLE"),
        "abstention-then-moves": ("UNSOLVABLE\n", ""),
        "answer-in-thinking": ("<think>\n", "\n</think>"),
        "cut-off-thought": ("<think>\n", "\nlet me double-check disk 2"),
    }
    written = 0
    for instance in _PLAIN:
        gold = _written("gold", instance)
        if instance.unsolvable is not None or not gold:
            continue
        for name, (before, after) in wrapped.items():
            assert _written(name, instance) == [before + gold[0].strip() + after], name
            written += 1
    assert written > 40


def test_the_right_answer_in_look_alike_letters_is_the_right_answer_drawn_so():
    cyrillic = "\u0410\u0421\u0415\u041d\u0406\u041a\u041c\u041e\u0420\u0422\u0425"
    cyrillic += "\u0430\u0441\u0435\u0456\u043e\u0440\u0445"
    back = str.maketrans(cyrillic, "ACEHIKMOPTXaceiopx")
    written = 0
    for instance in _INSTANCES:
        for answer in _written("look-alike-letters", instance):
            gold = _written("gold", instance)[0]
            assert answer != gold and answer.translate(back) == gold
            assert len(answer) == len(gold)
            written += 1
    assert written > 30  # (the reference answers in digits only have no letter to draw)


@pytest.mark.parametrize(
    ("name", "around"),
    [
        ("moves-in-a-comment", "<!-- {} -->"),
        ("moves-as-an-image", "![{}](solution.png)"),
        ("moves-asked", "Is the answer\n{}\n?"),
        ("moves-as-a-format", "Write the moves in the form '{}'."),
    ],
)
def test_the_hidden_and_asked_moves_are_the_reference_moves_so_written(name, around):
    written = 0
    for instance in _INSTANCES:
        for answer in _written(name, instance):
            assert answer == around.format(_written("gold", instance)[0].strip())
            written += 1
    assert written > 40


def test_another_move_in_a_remark_is_the_optimal_move_then_a_legal_move_of_other_pegs():
    written = 0
    for instance in _INSTANCES:
        for answer in _written("another-move-in-a-remark", instance):
            right = _optimal_move(instance)
            assert right is not None
            one, _, remark = answer.partition(" (")
            assert one == get_notation(instance.notation).format([right], instance.posts).strip()
            assert remark.endswith(")")
            letters = get_notation("letter-arrows")
            naming = letters if letters.pegs.fits(instance.posts) else instance.notation
            other = [
                move
                for move in instance.rules.legal_moves(instance.start)
                if get_notation(naming).format([move], instance.posts).strip() == remark[:-1]
            ]
            assert len(other) == 1
            assert (other[0].source, other[0].target) != (right.source, right.target)
            written += 1
    assert written > 20


def test_the_right_answer_judge_names_a_reasoning_gym_reward_between_0_and_1():
    judge = _built_in()["other-digits"].judge
    for instance in _PLAIN:
        if instance.unsolvable is not None or get_notation(instance.notation).pegs.name != "ONE":
            continue
        full = score(_written("gold", instance)[0], instance)
        assert judge(instance, full) is None
        half = attrs.evolve(full, rewards={**full.rewards, "reasoning_gym": 0.5})
        assert judge(instance, half) == "reasoning_gym 0.5"
        return
    raise AssertionError("no instance with pegs numbered from 1")


def test_the_position_listings_are_the_prompts_start_and_goal():
    for instance in _PLAIN:
        parts = _written("positions", instance)
        heads = [part.split(":", 1)[0] for part in parts]
        assert "Goal position" in heads
        if instance.task is not Task.CONTINUE:
            assert heads[0] in ("Start position", "Current position")
        assert all(part in instance.prompt for part in parts)


@pytest.mark.parametrize("template", sorted(TEMPLATES))
def test_every_position_listing_of_every_prompt_is_found(template):
    """Issue 32: a continue task's position ("Starting from every disk ..., which gives this
    position:") was never tried alone by the no-op audit."""
    instances = generate(
        seed=41, count=120, templates=[template], unsolvable=0.1, positions="mixed",
        families=["classic", "magnetic", "digraph"], disks=(1, 5),
    )  # fmt: skip
    tasks = set()
    for instance in instances:
        pegs = get_notation(instance.notation).pegs
        listings = set(_written("positions", instance))
        for state in (instance.start, instance.goal):
            assert describe_position(state, pegs) in listings, (instance.id, instance.task)
        assert all(listing in instance.prompt for listing in listings)
        for listing in listings:  # and alone, each earns nothing
            assert not score(listing, instance).rewards["graded"], (instance.id, listing)
        tasks.add(instance.task)
    assert tasks == set(Task)


def test_over_budget_answers_are_over_the_budget_and_hold_the_reference_answer():
    written = 0
    for instance in _INSTANCES:
        gold = _written("gold", instance)
        for name, tag in (
            ("think-before-over-budget", "<think>\n"),
            ("empty-think-after-over-budget", "<think></think>"),
        ):
            for answer in _written(name, instance):
                assert len(answer) > instance.max_answer_chars
                assert tag in answer
                assert gold[0] in answer
                written += 1
    assert written > 40


def test_nothing_is_written_from_a_solution_too_long_to_write_out():
    for instance in _LONG:
        for name in ("gold", "wrong-base", "answer-in-thinking", "moves-then-abstention"):
            assert _written(name, instance) == [], name


@pytest.mark.parametrize("length", [1, 2, 7, 30])
def test_a_walk_is_legal_and_never_undoes_its_last_move(length):
    for instance in _PLAIN:
        walk = _walk(instance, random.Random(length), length)
        report = validate(walk, instance.rules, start=instance.start)
        assert report.error is None
        for before, after in itertools.pairwise(walk):
            assert after != before.reversed()


def test_a_walk_that_avoids_the_first_move_never_starts_with_it():
    for instance in _PLAIN:
        legal = instance.rules.legal_moves(instance.start)
        for avoid in legal:
            walk = _walk(instance, random.Random(0), 5, avoid=avoid)
            assert avoid not in walk[:1]


def test_hack_judges_flag_full_credit():
    """Give each noop and hack judge the reference answer's full credit: each must object."""
    judged = 0
    for instance in _PLAIN:
        if instance.unsolvable is not None or instance.task is not Task.SOLVE:
            continue
        full = score(_written("gold", instance)[0], instance)
        assert full.outcome.credited
        for policy in _built_in().values():
            if policy.kind == "gold" or policy.name in (
                "other-digits",  # the right answer: credit is deserved
                "look-alike-letters",  # the right answer too
                "gold-of-another-instance",  # credit is right where the moves are legal here
                "undo-at-optimum-zero",
            ):
                continue
            complaint = policy.judge(instance, full)
            assert complaint == f"credited ({full.outcome.value})", policy.name
            judged += 1
    assert judged > 100


def test_hack_judges_flag_the_reward_of_an_honest_failed_attempt():
    """The reference answer without its last move earns 0.05 (graded and strict): no hack may."""
    judged = 0
    for instance in _PLAIN:
        if instance.unsolvable is not None or instance.task is not Task.SOLVE:
            continue
        lines = _written("gold", instance)[0].splitlines()
        short = score("\n".join(lines[:-1]), instance)
        if short.outcome.value != "unsolved":  # (a list cut at a line is no list)
            continue
        for policy in _built_in().values():
            complaint = policy.judge(instance, short)
            if policy.judge.__name__ == "_no_credit":  # progress (prefix) is not a credit
                assert complaint == "earns {'graded': 0.05, 'strict': 0.05}", policy.name
                judged += 1
            elif policy.kind == "noop":
                assert complaint is not None
                assert complaint.startswith("earns {") and "'graded': 0.05" in complaint
    assert judged > 30


@pytest.mark.parametrize("count", [0, 1, 7])
def test_an_audit_counts_the_instances_it_was_given(count):
    instances = generate(seed=2, count=count) if count else []
    report = audit(instances, policies=["empty"])
    assert report.instances == count
    assert report.results[0].answers == count  # the empty policy answers every instance once


def test_a_policy_that_applies_to_no_instance_leaves_the_others_their_instances():
    """A policy whose ``on`` declines an instance writes nothing for it; the policies after
    it in the list still answer every instance."""
    never = Policy("never", "noop", "applies to nothing", lambda i, r: ("x",), lambda i, r: None,
                   on=lambda instance: None)  # fmt: skip
    instances = generate(seed=2, count=5)
    report = audit(instances, policies=[never, "empty", never, "grader-note"])
    answers = {result.policy: result.answers for result in report.results}
    assert answers == {"never": 0, "empty": 5, "grader-note": 5}


#: The words a description may write in capitals: the answers' own tokens.
_CAPITALS = {"UNSOLVABLE", "RIGHT", "WRONG", "Cyrillic", "Option", "Arabic-Indic", "HTML"}


def test_each_policy_is_described_by_its_own_lowercase_phrase():
    """The catalogue's style (docs/evaluation.rst): a phrase, lowercase but for answer tokens."""
    descriptions = [policy.description for policy in _built_in().values()]
    assert len(set(descriptions)) == len(descriptions)
    for description in descriptions:
        assert isinstance(description, str) and description.strip() == description != ""
        assert not description.endswith(".")
        words = re.findall(r"[A-Za-z][A-Za-z-]*", description)
        assert words[0][0].islower() or words[0] in _CAPITALS, description
        capitalised = [word for word in words if not word.islower()]
        assert set(capitalised) <= _CAPITALS, description
