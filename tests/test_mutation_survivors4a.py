"""Behaviour the tests of the reader and the scorer left unpinned (issue 32 item 6).

Each test here was written for a mutant of ``nox -s mutation`` that survived every other test;
each states a behaviour a user relies on, with the expected value taken from the rules or the
documented contract, not from the code under test.
"""

from __future__ import annotations

import json
import random

import attrs
import pytest

from hanoi_magnet import InvalidArgumentError, Move, UnsolvableError, default_registry, solve
from hanoi_magnet.evaluation import REWARDS, Instance, Outcome, Task, generate, score
from hanoi_magnet.notation import NOTATIONS, PegNames, extract_moves, get_notation
from hanoi_magnet.validate import validate
from hanoi_magnet.variants import SID_LABELS
from tests.test_audit import _built_in  # the policies, built afresh in a mutation run

# -- the audit's policies --------------------------------------------------------------------------

_PLAIN = generate(seed=34, count=24)


def _shuffle_and_score(instance: Instance):
    answers = list(_built_in()["shuffle"].write(instance, random.Random(0)))
    return None if not answers else score(answers[0], instance)


def test_the_shuffle_judge_objects_to_any_pay_above_an_honest_failed_attempt():
    # the audit flags a scorer that pays legal moves going nowhere more than 0.05 (graded)
    judge = _built_in()["shuffle"].judge
    judged = 0
    for instance in _PLAIN:
        result = None if instance.unsolvable is not None else _shuffle_and_score(instance)
        if result is None or result.rewards["prefix"]:
            continue
        assert judge(instance, result) is None  # what the library's scorer pays: deserved
        for graded, complaint in ((0.05, None), (0.06, "graded 0.06"), (0.5, "graded 0.5"),
                                  (1.0, "graded 1.0")):  # fmt: skip
            overpaid = attrs.evolve(result, rewards={**result.rewards, "graded": graded})
            assert judge(instance, overpaid) == complaint
        judged += 1
    assert judged >= 5


def test_the_shuffle_goes_there_and_back_once_where_the_optimum_is_2_and_never_below():
    # "one disk moved back and forth as many times as the optimum": 2 moves for an optimum of
    # 2 or 3, nothing for 1 (no room for a move and its undo)
    instances = generate(seed=35, count=30, families=["classic", "frame-stewart"],
                         tasks=["continue"], moves=(1, 3))  # fmt: skip
    lengths = {}
    for instance in instances:
        answers = list(_built_in()["shuffle"].write(instance, random.Random(0)))
        moves = (
            [] if not answers else get_notation(instance.notation).read(answers[0], instance.posts)
        )
        report = validate(moves, instance.rules, start=instance.start)
        assert report.error is None and report.state == instance.start
        lengths.setdefault(instance.optimum, set()).add(len(moves))
    assert lengths == {1: {0}, 2: {2}, 3: {2}}


def _one_move_a_line(notation) -> bool:
    """Whether a notation writes each move as a line of text of its own (not JSON, no list)."""
    lines = notation.format([Move(1, 0, 2), Move(2, 0, 1)], 3).strip().split("\n")
    if len(lines) != 2:
        return False  # the whole answer on one line: a list
    try:
        json.loads(lines[0])
    except ValueError:
        return True
    return False


def test_the_same_move_everywhere_writes_the_optimal_first_move_once_a_line_in_each_notation():
    # the hack of item 4: one move, said in every notation that writes a move a line
    line_notations = [n for n in NOTATIONS.values() if _one_move_a_line(n)]
    assert {"moves-list", "json", "jsonl"}.isdisjoint(n.name for n in line_notations)
    written = 0
    for instance in _PLAIN:
        answers = list(_built_in()["same-move-everywhere"].write(instance, random.Random(0)))
        if instance.unsolvable is not None or not instance.optimum:
            assert answers == []
            continue
        (answer,) = answers
        gold = next(iter(_built_in()["gold"].write(instance, random.Random(0))))
        first = score(gold, instance).reading.moves[0]
        source, target = first[-2:] if isinstance(first, tuple) else (first.source, first.target)
        move = Move(instance.start.posts[source][-1], source, target)  # its top disk
        expected = {n.format([move], instance.posts).strip() for n in line_notations}
        lines = answer.split("\n")
        assert len(lines) == len(set(lines)) and set(lines) == expected, instance.id
        written += 1
    assert written >= 10


# -- the scorer ------------------------------------------------------------------------------------


def _base_free_answers(posts: int) -> list[str]:
    """Moves whose peg numbers (1 to posts - 1, never 0 nor posts) could count from 0 or 1."""
    return ["1 2\n2 1", "2 1", "1 2\n1 2"] if posts == 3 else ["1 2\n2 3\n3 1", "2 1"]


@pytest.mark.parametrize("order", ["moves first", "abstention first"])
def test_moves_whose_peg_base_is_unclear_plus_an_abstention_earn_nothing(order):
    # item 4: moves plus an abstention is a hedge, also when the pegs are detected and the
    # numbers could count from 0 or from 1 (the abstention was credited, the moves dropped)
    instances = generate(
        seed=53, count=60, unsolvable=0.5, notations=["numbers"], disks=(1, 4),
        families=["classic", "magnetic", "frame-stewart"],
    )  # fmt: skip
    seen = {True: 0, False: 0}
    for instance in instances:
        for moves in _base_free_answers(instance.posts):
            answer = f"{moves}\nUNSOLVABLE" if order == "moves first" else f"UNSOLVABLE\n{moves}"
            for options in ({"detect_pegs": True}, {"pegs": PegNames.ZERO}, {"pegs": PegNames.ONE}):
                result = score(answer, instance, **options)
                assert result.outcome is Outcome.AMBIGUOUS, (instance.id, answer, options)
                assert result.detail == (
                    "the answer gives moves and also says there is no solution: nothing is credited"
                )
                assert not any(result.rewards[name] for name in REWARDS if name != "reasoning_gym")
                if "pegs" in options:  # one reading: reported, with every move of the answer
                    assert len(result.reading.moves) == len(moves.split("\n"))
                else:  # two readings (from 0, from 1), neither chosen
                    assert result.reading is None
        seen[instance.unsolvable is not None] += 1
    assert min(seen.values()) >= 10


def _continue_instance() -> Instance:
    """A continue task asking for the first 3 moves of 3 disks on 4 pegs, numbered from 0."""
    for seed in range(50):
        for instance in generate(seed=seed, count=5, families=["frame-stewart"], pegs=(4, 4),
                                 tasks=["continue"], disks=(3, 3), moves=(3, 3),
                                 notations=["numbers"]):  # fmt: skip
            if instance.done == 0:
                return instance
    raise AssertionError("no continue task from the start")


def test_a_continue_answer_off_the_library_path_whose_labels_may_be_disks_is_judged_both_ways():
    # the scorer judges each plausible reading within the caller's search limit, and credits
    # a correct answer that the library's solution does not take
    instance = _continue_instance()
    assert instance.start == default_registry.variant("classic:4").start(3)
    assert instance.count == 3
    # Frame-Stewart for 3 disks on 4 pegs: disks 1 and 2 to two spare pegs, 3 to the target,
    # then 2 and 1 onto it (5 moves); either spare peg will do for either small disk.
    answer = "1: 0 -> 2\n2: 0 -> 1\n3: 0 -> 3"  # "1:" a step number or disk 1: the same moves
    found = extract_moves(answer, posts=4, pegs=PegNames.ZERO)
    assert found.ambiguous and any(reading.plausible for reading in found.alternatives)
    assert instance.expected is not None
    assert [(m.source, m.target) for m in instance.expected] != [(0, 2), (0, 1), (0, 3)]
    result = score(answer, instance)
    assert result.outcome is Outcome.SOLVED_OPTIMALLY, result.detail
    assert result.rewards["graded"] == 1.0
    # a search of 10 positions cannot check the 2 moves left: unverified, under either reading
    cramped = score(answer, instance, max_states=10)
    assert cramped.outcome is Outcome.UNVERIFIED, cramped.detail
    assert cramped.rewards["graded"] == 0.05


def test_an_unsolvable_variant_withheld_is_certified_with_the_variants_own_reason():
    # withheld() drops the certificate and score() finds it again: the same verdict, in the
    # same words as the instance that kept it (the variant's reason, as solve() states it)
    checked = 0
    for label in SID_LABELS:
        variant = default_registry.variant(label)
        for n in (1, 3):
            try:
                solve(label, n)
            except UnsolvableError as error:
                reason = str(error)
            else:
                continue
            kept = Instance(id=f"{label}-{n}", task=Task.SOLVE, family="magnetic", variant=label,
                            rules=variant.rules, n=n, start=variant.start(n),
                            goal=variant.goal(n), notation="arrows", template="plain",
                            prompt="Solve it.", unsolvable=reason)  # fmt: skip
            for instance in (kept, kept.withheld()):
                result = score("UNSOLVABLE", instance)
                assert result.outcome is Outcome.ABSTAINED
                assert result.detail == f"rightly says there is no solution: {reason}"
            checked += 1
    assert checked >= 2


# -- the notations' names --------------------------------------------------------------------------


def test_an_unknown_notation_name_suggests_the_three_closest_names_best_first():
    # 'letters-arrow' is close to four names: the hint keeps the three closest, and the
    # message still lists every known name
    with pytest.raises(InvalidArgumentError) as raised:
        get_notation("letters-arrow")
    message = str(raised.value)
    assert message.startswith(
        "unknown notation 'letters-arrow'; did you mean 'letter-arrows', 'letters-to', "
        "'letters'? known: "
    )
    assert message.endswith(", ".join(NOTATIONS))


# -- the reader's report ---------------------------------------------------------------------------


@pytest.mark.parametrize("lead", ["", "3. ", "- "])
@pytest.mark.parametrize("mark", ["", "**", "*", "`"])
@pytest.mark.parametrize("piece", ["A-", "Move disk", "A to", "Peg A -> P"])
def test_a_cut_off_move_after_the_last_whole_move_is_found_where_it_is(lead, mark, piece):
    # neither a numbering nor markup around the last whole move hides the cut-off move after
    # it ("Peg A -> P": the P begins "Peg", not a peg P)
    text = f"A->C\nA->B\n{lead}{mark}C->B{mark}, then {piece}"
    found = extract_moves(text)
    assert found.moves == ((0, 2), (0, 1), (2, 1))
    assert found.truncated
    last = found.skipped[-1]
    assert text[last.start : last.end] == piece and last.line == 3
    assert last.why.startswith("the beginning of a move at the very end of the text")


def test_moves_stated_again_differently_after_a_label_are_a_plausible_reading():
    # a hedge: "So the moves are: ..." with other moves could as well be the answer
    found = extract_moves("A->C\nA->B\nC->B\n\nSo the moves are: A->B, B->C")
    assert found.ambiguous and found.hedged
    assert [(a.moves, a.plausible) for a in found.alternatives] == [(((0, 1), (1, 2)), True)]


def test_the_text_around_the_last_answer_block_is_reported_as_skipped():
    # the reading's report says what was not read as the answer, and why
    text = "Reasoning first.\n<answer>A->C</answer>\nDone."
    found = extract_moves(text)
    assert found.moves == ((0, 2),)
    assert [(text[s.start : s.end], s.line, s.why) for s in found.skipped] == [
        ("Reasoning first.\n<answer>", 1, "outside the last <answer>...</answer>"),
        ("</answer>\nDone.", 2, "outside the last <answer>...</answer>"),
    ]


def test_prose_inside_an_answer_block_after_other_text_is_skipped_where_it_is():
    # the skipped spans point at the prose itself (offsets and lines in the text as given)
    text = "I think so.\n<answer>\nHere are the moves.\nA->C\nNow the next one.\nA->B\n</answer>"
    found = extract_moves(text)
    assert found.moves == ((0, 2), (0, 1))
    prose = [(text[s.start : s.end], s.line) for s in found.skipped if s.why == "prose"]
    assert prose == [("Here are the moves.", 3), ("Now the next one.", 5)]
