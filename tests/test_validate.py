from __future__ import annotations

import itertools
import tracemalloc

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hanoi_magnet import (
    ClassicRules,
    Color,
    IllegalMoveError,
    InvalidArgumentError,
    MagneticRules,
    Move,
    NotSolvedError,
    Rule,
    State,
    Variant,
    check,
    solve,
    validate,
)
from hanoi_magnet.testing import disk_counts, legal_move_sequences, states, variants
from hanoi_magnet.testing import moves as arbitrary_moves
from hanoi_magnet.validate import parse_moves


def test_solved_report():
    report = validate(["S->I", "S->D", "I->D"], "classic", 2)
    assert report.ok and report.solved
    assert report.length == 3
    assert report.error is None
    assert report.goal_index == 3
    assert report.state == State.tower(2, post=2)


def test_first_illegal_move_is_reported_with_index_rule_and_state():
    report = validate(["S->I", "S->I", "I->D"], "classic", 2)
    assert not report.ok and not report.solved
    assert report.length == 1
    error = report.error
    assert error is not None
    assert (error.index, error.rule) == (1, Rule.SIZE)
    assert error.move == Move(2, 0, 1)
    assert error.state == State(((2,), (1,), ()))
    assert report.state == error.state


@pytest.mark.parametrize(
    ("moves", "rule"),
    [
        (["S->S"], Rule.SAME_POST),
        (["I->D"], Rule.EMPTY_SOURCE),
        ([(0, 7)], Rule.NO_SUCH_POST),
        ([(0, -1)], Rule.NO_SUCH_POST),
        ([Move(2, 0, 1)], Rule.NOT_ON_TOP),
        ([Move(9, 0, 1)], Rule.NO_SUCH_DISK),
        (["S->X"], Rule.MALFORMED),
        ([None], Rule.MALFORMED),
        ([(0.0, 1)], Rule.MALFORMED),
        ([(True, 1)], Rule.MALFORMED),
        ([(0, 1, 2)], Rule.MALFORMED),
        ([b"SD"], Rule.MALFORMED),
    ],
)
def test_each_rule_is_named(moves, rule):
    report = validate(moves, "classic", 2)
    assert report.error is not None
    assert report.error.rule is rule
    assert report.error.index == 0


def test_magnetic_rules_are_checked():
    report = validate(["S->I", "S->D", "I->D"], "NNN", 2)
    assert report.error is not None
    assert report.error.rule is Rule.REPULSION
    report = validate(["S->I"], "RRR", 1)
    assert report.error is not None
    assert report.error.rule is Rule.POST_COLOR
    assert validate(["S->I", "S->D", "I->S", "S->D"], "NNN", 2).solved


def test_direction_rule():
    report = validate(["S->D"], "linear", 1)
    assert report.error is not None
    assert report.error.rule is Rule.DIRECTION


def test_legal_but_not_solved_and_goal_index():
    report = validate(["S->D"], "classic", 2)
    assert report.ok and not report.solved and report.goal_index is None
    # reach the goal, then leave it again
    report = validate(["SI", "SD", "ID", "DI"], "classic", 2)
    assert report.ok and not report.solved and report.goal_index == 3
    assert "reached at move 3" in str(report)


def test_empty_sequences():
    assert validate([], "classic", 0).solved
    assert validate([], "classic", 0).goal_index == 0
    report = validate([], "classic", 1)
    assert report.ok and not report.solved


def test_accepts_every_input_form():
    moves = [Move(1, 0, 1), (0, 2), "1: I -> D"]
    assert validate(moves, "classic", 2).solved
    assert validate("S->I\nS->D, I->D", "classic", 2).solved
    assert validate(iter(["SI SD ID"]), "classic", 2).error is not None  # "SI SD ID" is no move
    assert validate([], Variant.from_label("classic").rules, start=State.tower(1)).ok is True
    assert validate(["S->D"], ClassicRules(), start=State.tower(1)).solved is False


def test_custom_start_and_goal():
    start = State(((2,), (1,), ()))
    report = validate(["S->D", "I->D"], "classic", start=start)
    assert report.solved
    goal = State(((), (2, 1), ()))
    report = validate(["S->D", "I->S", "D->I", "S->I"], "classic", start=start, goal=goal)
    assert report.solved


def test_goals_that_are_not_one_tower():
    goal = State(((2,), (), (1,)))
    report = validate(["S->I", "I->D"], "classic", 2, goal=goal)
    assert report.solved
    assert report.goal_index == 2
    report = validate(["S->D", "D->I", "I->D"], "classic", 2, goal=goal)
    assert report.solved
    assert report.goal_index == 1  # reached, left, reached again
    magnetic_goal = State(((2,), (1,), ()), faces="BR")  # disk 1 blue up on I, disk 2 red on S
    assert validate(["S->I"], "NNN", 2, goal=magnetic_goal).solved
    assert not validate(["S->D", "D->I"], "NNN", 2, goal=magnetic_goal).solved  # disk 1 red up
    assert validate([], "NNN", 2, goal=magnetic_goal).goal_index is None


def test_argument_errors():
    with pytest.raises(InvalidArgumentError, match="give n"):
        validate([], "classic")
    with pytest.raises(InvalidArgumentError, match="n must be an integer"):
        validate([], "classic", 2.0)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="moves must be an iterable"):
        validate(5, "classic", 2)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="needs a start state"):
        validate([], ClassicRules())
    with pytest.raises(InvalidArgumentError, match="n = 3 but"):
        validate([], "classic", 3, start=State.tower(2))


def test_check_raises():
    assert check(["SI", "SD", "ID"], "classic", 2).solved
    with pytest.raises(IllegalMoveError) as caught:
        check(["SD", "SD"], "classic", 2)
    assert caught.value.index == 1
    with pytest.raises(NotSolvedError):
        check(["SD"], "classic", 2)


def test_parse_moves_forms():
    text = "S->D\nS -> I, 0 2; 0->1 # comment\n\n3: S -> D\ndisk 2: I->D\nSD  \n1 to 2\n2 → 0"
    assert parse_moves(text) == [
        (0, 2),
        (0, 1),
        (0, 2),
        (0, 1),
        Move(3, 0, 2),
        Move(2, 1, 2),
        (0, 2),
        (1, 2),
        (2, 0),
    ]
    assert parse_moves("") == []


def test_parse_moves_reports_the_bad_token():
    with pytest.raises(IllegalMoveError) as caught:
        parse_moves("SD, SI, hello, ID")
    assert caught.value.index == 2
    assert caught.value.rule is Rule.MALFORMED
    assert caught.value.item == "hello"
    with pytest.raises(IllegalMoveError):
        parse_moves("0: S -> D")
    with pytest.raises(InvalidArgumentError):
        parse_moves(["SD"])  # type: ignore[arg-type]


def test_solver_output_round_trips_through_text():
    solution = solve("NNN", 4)
    text = "\n".join(str(move) for move in solution)
    assert parse_moves(text) == list(solution)
    assert validate(text, "NNN", 4).solved


@given(st.data())
def test_validator_agrees_with_the_rules(data):
    variant = data.draw(variants(solvable=None), label="variant")
    n = data.draw(disk_counts(max_value=5), label="n")
    start = data.draw(states(variant, n), label="start")
    walk = data.draw(legal_move_sequences(variant, start=start, max_length=40), label="walk")
    rules = variant.rules
    end = start
    for move in walk:
        end = rules.apply(end, move)
    # append one arbitrary (maybe illegal) move, naming a post and a disk one beyond the puzzle
    extra = data.draw(arbitrary_moves(posts=rules.posts + 1, max_disk=n + 1), label="extra")
    report = validate([*walk, extra], rules, start=start)
    expected = rules.check(end, extra)
    if expected is None:
        assert report.ok
        assert report.state == rules.apply(end, extra)
    else:
        assert report.error is not None
        assert report.error.rule is expected
        assert report.error.index == len(walk)
        assert report.error.state == end


def test_streaming_in_constant_memory():
    def back_and_forth(count):
        there, back = Move(1, 0, 1), Move(1, 1, 0)
        for _ in range(count // 2):
            yield there
            yield back

    tracemalloc.start()
    report = validate(back_and_forth(400_000), "NNN", 10)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert report.ok and report.length == 400_000
    assert peak < 200_000  # bytes: nothing grows with the number of moves


def test_long_magnetic_solution_validates():
    solution = solve("NNN", 8)
    report = validate(itertools.chain(solution), "NNN", 8)
    assert report.solved and report.length == solution.length


def test_report_text():
    assert str(validate(["SD", "SD"], "classic", 2)).startswith("illegal: move 1 (disk 2: S -> D)")
    assert str(validate(["SI", "SD", "ID"], "classic", 2)) == "solved: 3 legal moves reach the goal"
    start = State.tower(1, face=Color.RED)
    assert not validate(["SD"], MagneticRules("NNN"), start=start).solved
