"""One outcome per answer: each outcome reached, abstention, budgets, the continue prompt."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from hanoi_magnet import ClassicRules, InvalidArgumentError, MagneticRules, State, solve
from hanoi_magnet.evaluation import (
    ABSTENTION,
    REWARDS,
    Instance,
    Outcome,
    Task,
    generate,
    score,
)
from hanoi_magnet.evaluation._prompts import TEMPLATES, render
from hanoi_magnet.notation import NOTATIONS, get_notation
from hanoi_magnet.search import distance
from tests.oracle import bfs_distance


def _classic(n: int = 3, notation: str = "reasoning-gym", **changes: object) -> Instance:
    instance = Instance(
        id="c", task=Task.SOLVE, family="classic", variant="classic", rules=ClassicRules(),
        n=n, start=State.tower(n), goal=State.tower(n, 2), notation=notation,
        template="plain", prompt="", optimum=2**n - 1, proven=True,
    )  # fmt: skip
    return attrs.evolve(instance, **changes)


_GYM = NOTATIONS["reasoning-gym"].format(solve("classic", 3))


@pytest.mark.parametrize(
    ("answer", "outcome"),
    [
        (_GYM, Outcome.SOLVED_OPTIMALLY),
        ("Move disk 1 from Peg 1 to Peg 2\nMove disk 1 from Peg 2 to Peg 1\n" + _GYM,
         Outcome.SOLVED),
        (_GYM.split("\n", 1)[1], Outcome.ILLEGAL_MOVE),
        ("\n".join(_GYM.splitlines()[:3]), Outcome.UNSOLVED),
        (None, Outcome.NO_ANSWER),
        ("  \n ", Outcome.NO_ANSWER),
        ("I would rather not.", Outcome.FORMAT_ERROR),
        ("moves = [[1, 1, 3], [2, 1, 2], [1, 3,", Outcome.TRUNCATED),
        (ABSTENTION, Outcome.WRONG_ABSTENTION),
    ],
)  # fmt: skip
def test_each_answer_gets_its_one_outcome(answer, outcome):
    result = score(answer, _classic())
    assert result.outcome is outcome
    assert set(result.rewards) == set(REWARDS)
    assert all(0.0 <= value <= 1.0 for value in result.rewards.values())
    assert result.solved == outcome.credited
    assert result.detail


_ARROWS = NOTATIONS["letter-arrows"].format(solve("classic", 3))


def test_two_plausible_readings_with_different_verdicts_are_ambiguous_never_a_confident_0():
    # three moves, a remark, then a whole solution that starts the same: joined, the answer
    # is illegal; read as a new attempt, it is optimal. The reader cannot tell.
    answer = "\n".join(_ARROWS.splitlines()[:3]) + "\nHmm.\n" + _ARROWS
    result = score(answer, _classic(notation="letter-arrows"))
    assert result.outcome is Outcome.AMBIGUOUS
    assert result.rewards["solved"] == 0.0  # an ambiguous answer earns nothing (issue 32)
    assert result.rewards["graded"] == result.rewards["prefix"] == 0.0
    assert "two answers" in result.detail or (
        "illegal-move" in result.detail and "solved-optimally" in result.detail
    )
    assert result.reading is not None and result.reading.ambiguous


def test_abandoned_and_cut_off_answers():
    arrows = _classic(notation="letter-arrows")
    head = "\n".join(_ARROWS.splitlines()[:3])
    abandoned = score(head + "\n... and so on, the pattern continues.", arrows)
    assert (abandoned.outcome, abandoned.valid_prefix) == (Outcome.ABANDONED, 3)
    # cut off inside its reasoning, before any move: truncated, not a format error
    assert score("<think>I wonder where the smallest disk", arrows).outcome is Outcome.TRUNCATED
    assert score(_ARROWS, arrows).outcome is Outcome.SOLVED_OPTIMALLY


def test_an_illegal_move_says_which_move_which_rule_and_where():
    result = score(_GYM.split("\n", 1)[1], _classic())
    assert result.outcome is Outcome.ILLEGAL_MOVE
    error = result.first_error
    assert (error.index, error.rule.value, str(error.position)) == (
        0, "not on top", "S: 3 2 1 | I: - | D: -",
    )  # fmt: skip
    assert "the 1st move, Move disk 2 from Peg 1 to Peg 2," in result.detail  # as written
    assert "peg 1" in result.detail and "post S" not in result.detail  # the prompt's names


def test_a_peg_mismatch_is_a_format_error_not_a_broken_rule():
    """Failed before (issue 22 item 4): Peg 1..3 for S/I/D, or 1-based moves-list, came out as
    an illegal move breaking 'no such post'."""
    one_based = (
        "moves = [[1, 1, 3], [2, 1, 2], [1, 3, 2], [3, 1, 3], [1, 2, 1], [2, 2, 3], [1, 1, 3]]"
    )
    result = score(one_based, _classic(notation="moves-list"))
    assert result.outcome is Outcome.FORMAT_ERROR, result
    assert result.rewards["prefix"] == 0.0
    # Issue 32 item 2: "Peg 1..3" answering S, I, D shows its own base (it writes peg 3, never
    # 0): the moves are judged, and the deviation from the notation costs the strict reward.
    for notation in ("arrows", "library"):
        result = score(_GYM, _classic(notation=notation))
        assert result.outcome is Outcome.SOLVED_OPTIMALLY, (notation, result)
        assert result.rewards["graded"] == 1.0 and result.rewards["strict"] == 0.0


def test_prefix_is_not_full_credit_for_an_illegal_answer_when_the_optimum_is_zero():
    """Failed before (issue 22 item 8): prefix was 1.0 for any answer when the optimum is 0."""
    instance = _classic(goal=State.tower(3), optimum=0)
    assert score("Move disk 2 from Peg 1 to Peg 2", instance).rewards["prefix"] == 0.0
    assert score("moves = []", instance).rewards["prefix"] == 1.0


def test_an_answer_over_its_budget_is_over_budget():
    instance = _classic(max_answer_chars=len(_GYM))
    assert score(_GYM, instance).outcome is Outcome.SOLVED_OPTIMALLY
    assert score(_GYM + "\nDone!", instance).outcome is Outcome.OVER_BUDGET
    # every character the model produced counts (issue 32: reasoning did not)
    thought = score("<think>" + "x" * 500 + "</think>\n" + _GYM, instance)
    assert thought.outcome is Outcome.OVER_BUDGET
    tokens = _classic(max_answer_tokens=10)
    words = len
    assert score(_GYM, tokens).solved  # no tokenizer given: tokens are not checked
    assert score(_GYM, tokens, tokenizer=words).outcome is Outcome.OVER_BUDGET
    with pytest.raises(InvalidArgumentError, match="tokenizer"):
        score(_GYM, tokens, tokenizer="words")


def test_an_instance_with_no_solution_credits_only_the_abstention():
    rules = MagneticRules("RRR")
    instance = _classic(
        rules=rules, variant="RRR", family="magnetic", start=State.tower(3, face="R"),
        goal=State.tower(3, 2, face="R"), optimum=None, proven=None,
        unsolvable="no legal first move", notation="moves-list",
    )  # fmt: skip
    for answer in (
        ABSTENTION,
        "unsolvable",
        "**Unsolvable.**",
        "Answer: UNSOLVABLE",
        "<think>try S->D</think>\nThere is no way: the puzzle is unsolvable.",
    ):
        result = score(answer, instance)
        assert result.outcome is Outcome.ABSTAINED, answer
        assert result.rewards["solved"] == 1.0
    moves = score("moves = [[1, 0, 1]]", instance)
    assert moves.outcome is Outcome.MOVES_FOR_UNSOLVABLE
    assert moves.rewards["graded"] == moves.rewards["solved"] == 0.0
    for answer, count in (("moves = [[1, 0, 1]]", "1 move"), ("[[1, 0, 1], [1, 1, 2]]", "2 moves")):
        result = score(answer, instance)
        assert (
            result.detail == f"{count} given, but the instance has no solution: no legal first move"
        )
        assert result.parsed == int(count[0])  # the moves read are reported, with their reading
        assert result.to_dict()["reading"]["notation"] == "moves-list"
    assert score(ABSTENTION, instance.withheld()).outcome is Outcome.ABSTAINED  # recomputed


def test_the_generator_draws_unsolvable_instances_with_their_reason():
    batch = generate(5, 40, unsolvable=0.5, disks=(2, 4))
    unsolvable = [i for i in batch if i.unsolvable is not None]
    assert 5 < len(unsolvable) < 35
    kinds = {(i.family, i.variant in ("BBB", "NRR", "RRR")) for i in unsolvable}
    assert kinds == {("digraph", False), ("magnetic", False)}
    for instance in unsolvable:  # issue 32: a glance at the first move does not give it away
        assert instance.rules.legal_moves(instance.start)
    for instance in batch:
        assert ABSTENTION in instance.prompt  # every prompt offers it: it gives nothing away
        assert Instance.from_json(instance.to_json()) == instance
        if instance.unsolvable is None:
            continue
        assert instance.task is Task.SOLVE and instance.optimum is None
        # checked independently: breadth-first search finds no path
        assert bfs_distance(instance.rules, instance.start, instance.goal) is None
        assert score(ABSTENTION, instance).outcome is Outcome.ABSTAINED
    solvable = [i for i in batch if i.unsolvable is None and i.task is Task.SOLVE]
    assert score(ABSTENTION, solvable[0]).outcome is Outcome.WRONG_ABSTENTION
    assert generate(5, 6) == generate(5, 6, unsolvable=0)  # the default draws as before
    with pytest.raises(InvalidArgumentError, match="share"):
        generate(5, 1, unsolvable=2)


def test_each_instance_states_its_optimal_answers_length():
    for instance in generate(8, 30, disks=(1, 5), positions="mixed"):
        if instance.task is Task.SOLVE:
            assert instance.answer_moves == bfs_distance(
                instance.rules, instance.start, instance.goal
            )
        else:
            assert instance.answer_moves == (instance.count or 1)
        optimal = {
            Task.SOLVE: None,
            Task.CONTINUE: instance.expected,
            Task.NEXT_MOVE: (instance.expected or ())[:1],
        }[instance.task]
        if optimal is not None:
            text = get_notation(instance.notation).format(optimal, instance.posts)
            assert instance.answer_chars == len(text)


def test_budgets_keep_only_instances_whose_optimal_answer_fits():
    def words(text: str) -> int:
        return len(text.split())

    unbounded = generate(9, 20, disks=(2, 6), tokenizer=words)
    fitting = generate(9, 20, disks=(2, 6), max_answer_chars=200, max_answer_tokens=40,
                       tokenizer=words)  # fmt: skip
    assert len(fitting) == 20
    assert all(i.answer_chars <= 200 and i.answer_tokens <= 40 for i in fitting)
    assert all(i.max_answer_chars == 200 and i.max_answer_tokens == 40 for i in fitting)
    # the ones that fit are the same draws (same ids) as without the budget
    same = {i.id: i for i in unbounded}
    for instance in fitting:
        if instance.id in same:
            assert instance.answer_chars == same[instance.id].answer_chars
    assert any(i.answer_chars > 200 for i in unbounded)
    with pytest.raises(InvalidArgumentError, match="tokenizer"):
        generate(9, 1, max_answer_tokens=5)
    with pytest.raises(InvalidArgumentError, match="budget"):
        generate(9, 2, disks=(9, 9), families=["classic"], tasks=["solve"], max_answer_chars=10)
    # the optimum of 2 disks, 3 moves, in distance agreement with the stated length
    small = generate(9, 1, families=["classic"], tasks=["solve"], disks=(2, 2))[0]
    assert small.answer_moves == distance(small.rules, small.start, small.goal) == 3


def test_the_continue_prompt_agrees_in_number():
    """Failed before (issue 23 item 15): '1 move ... have been made'."""
    rules = ClassicRules()
    solution = solve("classic", 3)
    for done, verb in ((1, "1 move of a shortest solution has been made"),
                       (2, "2 moves of a shortest solution have been made")):  # fmt: skip
        text = render(TEMPLATES["plain"], get_notation("arrows"), rules,
                      solution.unrank(done), solution.goal, done=done, count=2)  # fmt: skip
        assert verb in text


@pytest.mark.parametrize(
    "answer",
    [
        "Move disk " + "9" * 5000 + " from Peg 1 to Peg 3",
        "moves = [[" + "1" * 5000 + ", 1, 3]]",
        "9" * 5000,
    ],
)
def test_numbers_beyond_4300_digits_are_a_format_error_not_a_crash(answer):
    """Failed before (issue 22 item 6): a raw ValueError from int()."""
    result = score(answer, _classic())
    assert result.outcome is Outcome.FORMAT_ERROR
    assert result.to_dict()["outcome"] == "format-error"


_PIECES = st.sampled_from([
    "Move disk 1 from Peg 1 to Peg 3", "Move disk 2 from Peg 1 to Peg 2", "A->C", "S->D",
    "moves = [[1, 0, 2]", "]", "[[1, 1, 3], [2, 1, 2]]", "<think>", "</think>", "UNSOLVABLE",
    "... and so on", "\n", " ", ".", "1.", "9" * 30, "Peg 0", "|", "```", "(remark)",
])  # fmt: skip


@given(st.lists(st.one_of(_PIECES, st.text(max_size=8)), max_size=12))
def test_any_text_gets_exactly_one_outcome_and_bounded_rewards(pieces):
    answer = "".join(pieces)
    for instance in (_classic(), _classic(notation="moves-list"), _classic(notation="arrows")):
        result = score(answer, instance)
        assert isinstance(result.outcome, Outcome)
        assert set(result.rewards) == set(REWARDS)
        assert all(0.0 <= value <= 1.0 for value in result.rewards.values())
        if result.outcome is not Outcome.AMBIGUOUS:  # (ambiguous: the chosen reading's)
            assert result.solved == result.outcome.credited
        if result.outcome is Outcome.ILLEGAL_MOVE:
            assert result.first_error is not None
            assert result.first_error.rule.value != "no such post"


def test_summarize_counts_by_group_and_refuses_what_is_not_a_result():
    from hanoi_magnet.evaluation import summarize

    answers = [_GYM, None, "I cannot do this.", _GYM.split("\n", 1)[1]]
    pairs = [(_classic(), score(answer, _classic())) for answer in answers]
    summary = summarize(iter(pairs))
    group = summary.groups["all"]
    assert group.items == 4
    for outcome in ("solved-optimally", "no-answer", "format-error", "illegal-move"):
        assert group.outcomes[outcome] == 1
    assert group.rewards["solved"] == 0.25
    assert list(summary.groups) == ["all", "disks 3", "family classic", "task solve",
                                    "variant classic"]  # fmt: skip
    header, first = summary.table().splitlines()[:2]
    assert header.split()[:4] == ["GROUP", "ITEMS", "SOLVED", "OPTIMAL"]
    assert first.split()[:3] == ["all", "4", "25.0%"]
    for bad in ([("x", "y")], [42], [{"task": "solve"}]):
        with pytest.raises(InvalidArgumentError):
            summarize(bad)
