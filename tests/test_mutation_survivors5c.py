"""Behaviour that surviving mutants of the reader and the scorer showed no test pinned (issue 32,
item 6).

Each test states the rule it holds; the expected values come from the rule or the documented
contract, not from the code under test.
"""

from __future__ import annotations

import itertools
import random

import pytest

from hanoi_magnet import InvalidArgumentError, Move
from hanoi_magnet.evaluation import Outcome, Task, generate, score
from hanoi_magnet.notation import PegNames, extract_moves, get_notation
from tests.test_audit import _built_in  # the policies, built afresh in a mutation run

_MIXED = generate(seed=5, count=400, unsolvable=0.5)

# -- the reader ------------------------------------------------------------------------------------

_TAG_NAMES = ("b", "strong", "em", "i", "u", "code", "span", "p", "div", "li", "mark")
_FORMS = (
    ("A->C", (0, 2)),
    ("Move disk 1 from A to C", Move(1, 0, 2)),
    ("1. Move disk 1 from Peg 1 to Peg 3", Move(1, 0, 2)),
)


@pytest.mark.parametrize("tag", _TAG_NAMES)
def test_html_tags_around_a_move_or_its_pegs_are_markup_not_text(tag):
    # an answer rendered as HTML (<b>A->C</b>, from <code>A</code> to ...) reads as its moves
    for text, move in _FORMS:
        wrapped = f"<{tag}>{text}</{tag}>"
        assert extract_moves(wrapped, posts=3).moves == (move,), wrapped
        attributed = f'<{tag} class="answer">{text}</{tag}>'
        assert extract_moves(attributed, posts=3).moves == (move,), attributed
    pegs = f"Move disk 1 from <{tag}>A</{tag}> to <{tag}>C</{tag}>"
    assert extract_moves(pegs, posts=3).moves == (Move(1, 0, 2),), pegs
    lines = f"<{tag}>A->C</{tag}>\n<{tag}>A->B</{tag}>"
    assert extract_moves(lines, posts=3).moves == ((0, 2), (0, 1))


def test_a_bad_posts_argument_is_named_in_the_error():
    # extract_moves(..., posts=0) says which argument was wrong, as every error message does
    for posts in (0, -1):
        with pytest.raises(InvalidArgumentError, match=r"^posts must be an integer >= 1, got"):
            extract_moves("A->C", posts=posts)


def test_a_list_of_tuples_is_not_reported_as_the_moves_list_notation():
    # Extraction.notation names the notation the answer is written in; moves-list writes
    # [[1, 0, 2], ...], so a list of tuples (same moves) is not it, while the real one is
    assert "[[" in get_notation("moves-list").format([Move(1, 0, 2)], 3)
    for text in ("[(1, 0, 2), (2, 0, 1)]", "[(1, 0, 2)]", "[ (2, 0, 1), (1, 2, 1) ]"):
        found = extract_moves(text, posts=3)
        assert found.moves and all(isinstance(move, Move) for move in found.moves), text
        assert found.notation is None, text
    assert extract_moves("[[1, 0, 2], [2, 0, 1]]", posts=3).notation == "moves-list"


@pytest.mark.parametrize("pairs_first", [True, False])
@pytest.mark.parametrize("half", [2, 3])
def test_a_list_with_as_many_pairs_as_triples_takes_the_shape_of_its_first_item(pairs_first, half):
    # [[0, 2], [0, 1], [1, 0, 2], [2, 0, 1]]: with a tie the first item decides the list's
    # shape, and the reading stops at the first item of the other shape, reported unreadable
    pairs = [f"[{s}, {t}]" for s, t in ((0, 2), (0, 1), (2, 1))][:half]
    triples = [f"[{d}, {s}, {t}]" for d, s, t in ((1, 0, 2), (2, 0, 1), (1, 2, 1))][:half]
    first, second = (pairs, triples) if pairs_first else (triples, pairs)
    found = extract_moves(f"[{', '.join(first + second)}]", posts=3)
    assert len(found.moves) == half
    assert all(isinstance(move, Move) != pairs_first for move in found.moves)
    assert found.unreadable is not None and found.unreadable.startswith(second[0])


# -- the scorer ------------------------------------------------------------------------------------


def test_reasoning_gym_pays_legal_moves_on_an_unsolvable_instance_as_a_failed_attempt():
    # reasoning-gym's rule: legal moves that do not reach the goal earn 0.05 (not 0.0)
    scored = 0
    for instance in _MIXED:
        if instance.unsolvable is None or instance.task is not Task.SOLVE:
            continue
        if get_notation(instance.notation).pegs is not PegNames.ONE:
            continue
        for move in instance.rules.legal_moves(instance.start):
            answer = f"Move disk {move.disk} from Peg {move.source + 1} to Peg {move.target + 1}"
            result = score(answer, instance)
            assert result.outcome is Outcome.MOVES_FOR_UNSOLVABLE
            assert result.rewards["reasoning_gym"] == 0.05, (instance.id, answer)
            scored += 1
    assert scored >= 10


def test_a_hedged_answer_says_why_nothing_is_credited():
    # "RIGHT / WRONG" is ambiguous, and the detail tells the user it offers alternatives
    seen = 0
    for instance in generate(seed=7, count=120):
        if instance.task is not Task.NEXT_MOVE or instance.unsolvable is not None:
            continue
        for name in ("next-move-slash", "next-move-or"):
            for answer in _built_in()[name].write(instance, random.Random(1)):
                result = score(answer, instance)
                assert result.outcome is Outcome.AMBIGUOUS
                assert result.detail is not None and "nothing is credited" in result.detail
                seen += 1
    assert seen >= 10


def test_an_unread_answer_still_reports_the_instances_optimum():
    # Score.optimum is the task's optimum whatever the answer: empty, prose or a hedge
    seen = set()
    for instance in generate(seed=9, count=60):
        if instance.unsolvable is not None:
            continue
        moves = instance.rules.legal_moves(instance.start)
        hedge = " or ".join(f"{m.source}->{m.target}" for m in moves[:2])
        for answer in ("", "I am not sure how to do this.", hedge):
            result = score(answer, instance)
            if result.outcome in (Outcome.SOLVED, Outcome.SOLVED_OPTIMALLY, Outcome.UNSOLVED):
                continue
            assert result.optimum == instance.optimum, (instance.id, answer, result.outcome)
            seen.add(result.outcome)
    assert {Outcome.NO_ANSWER, Outcome.FORMAT_ERROR} <= seen


# -- the audit's policies --------------------------------------------------------------------------


def test_the_hedge_policies_draw_every_wrong_legal_move():
    # the audit's "RIGHT / WRONG" hack pairs the right move with any wrong legal one, not always
    # the same, so that the scorer is tried on every kind of wrong alternative
    tried = 0
    for instance in generate(seed=7, count=120):
        if instance.task is not Task.NEXT_MOVE or instance.unsolvable is not None:
            continue
        notation = get_notation(instance.notation)
        legal = instance.rules.legal_moves(instance.start)
        written = {notation.format([move], instance.posts).strip() for move in legal}
        if len(written) < 3 or notation.is_list:
            continue
        for joiner, name in ((" / ", "next-move-slash"), (" or ", "next-move-or")):
            parts = set()
            for seed in range(60):
                (answer,) = _built_in()[name].write(instance, random.Random(seed))
                parts.update(answer.split(joiner))
            assert parts == written, (instance.id, name)
            tried += 1
    assert tried >= 4


def test_the_optimum_zero_instance_keeps_no_answer_length_of_the_puzzle_it_came_from():
    # start = goal: the optimal answer has no moves, so the instance cannot state the old
    # puzzle's answer length (its characters or tokens) as its own
    policy = _built_in()["undo-at-optimum-zero"]
    assert policy.on is not None
    made = 0
    for instance in itertools.islice(generate(seed=3, count=40), 40):
        derived = policy.on(instance)
        if derived is None:
            continue
        assert instance.answer_chars, instance.id  # every instance states it
        assert derived.answer_moves in (None, 0)
        assert derived.answer_chars in (None, 0)
        assert derived.answer_tokens in (None, 0)
        made += 1
    assert made >= 10
