"""The validator gives the same verdict for every input form of the same moves.

Forms: Move objects, (source, target) pairs, a list of lines, one string, a file streamed from
disk, a generator, and mixtures. Each verdict is also checked against a replay that knows
nothing of the validator: the rules object applied move by move.
"""

from __future__ import annotations

import enum
import io
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hanoi_magnet import (
    ClassicRules,
    Move,
    NotationError,
    Rule,
    Rules,
    State,
    ValidationReport,
    default_registry,
    solve,
    validate,
)
from hanoi_magnet._replay_loops import CHUNK, MAX_LINES, MAX_POSTS
from hanoi_magnet.notation import NOTATIONS
from hanoi_magnet.testing import disk_counts, legal_move_sequences, variants


def _reference(items: list[object], rules: Rules, start: State, goal: State | None):
    """(moves replayed, error index, rule, state before it, goal index): by the rules alone."""
    state = start
    goal_index = 0 if state == goal else None
    for index, item in enumerate(items):
        move = item
        if isinstance(item, tuple):
            source, target = item
            top = (
                state.posts[source][-1]
                if 0 <= source < rules.posts and state.posts[source]
                else None
            )
            move = Move(top or 1, source, target)
        rule = rules.check(state, move)
        if rule is not None:
            return index, index, rule, state, goal_index
        state = rules.apply(state, move)
        if goal_index is None and state == goal:
            goal_index = index + 1
    return len(items), None, None, state, goal_index


def _same(reports: dict[str, ValidationReport]) -> None:
    first, *rest = reports.items()
    for name, report in rest:
        for field in ("ok", "solved", "length", "goal_index", "state"):
            assert getattr(report, field) == getattr(first[1], field), (name, first[0], field)
        if first[1].error is None:
            assert report.error is None, name
        else:
            assert report.error is not None, name
            for field in ("index", "rule", "state", "move", "detail"):
                assert getattr(report.error, field) == getattr(first[1].error, field), (name, field)


def _forms(moves: list[Move], posts: int, tmp_path: Path, *, disks: bool) -> dict[str, object]:
    """The same moves in every form: with their disks, or as pairs."""
    notation = NOTATIONS["library" if disks else "arrows"]
    text = notation.format(moves, posts)
    lines = text.splitlines()
    path = tmp_path / ("with-disks.txt" if disks else "pairs.txt")
    path.write_text(text.replace("\n", "\r\n"), encoding="utf-8", newline="")
    items = list(moves) if disks else [(m.source, m.target) for m in moves]
    mixed = [item if i % 3 else lines[i] for i, item in enumerate(items)]
    return {
        "objects": items,
        "tuple of objects": tuple(items),
        "generator": (item for item in items),
        "list of lines": lines,
        "lines with ends": text.splitlines(keepends=True),
        "one string": text,
        "one string, CRLF": text.replace("\n", "\r\n"),
        "file": path,
        "mixed": mixed,
    }


def _validate_all(forms, variant, n) -> dict[str, ValidationReport]:
    reports = {}
    for name, moves in forms.items():
        if isinstance(moves, Path):
            with moves.open(encoding="utf-8", newline=None) as lines:
                reports[name] = validate(lines, variant, n)
        else:
            reports[name] = validate(moves, variant, n)
    return reports


@st.composite
def _sequences(draw: st.DrawFn) -> tuple[str, int, list[Move]]:
    """A solution or a legal walk, maybe cut short, with a corruption somewhere."""
    variant = draw(variants())
    n = draw(disk_counts(min_value=0, max_value=5))
    if draw(st.booleans()) and n:
        moves = list(solve(variant.label, n))
    else:
        moves = draw(legal_move_sequences(variant, n, max_length=40))
    moves = moves[: draw(st.integers(0, len(moves)))] if draw(st.booleans()) else moves
    if moves and draw(st.booleans()):
        index = draw(st.integers(0, len(moves) - 1))
        posts = st.integers(0, variant.posts)  # one post beyond the puzzle
        moves[index] = Move(draw(st.integers(1, n + 1)), draw(posts), draw(posts))
    return variant.label, n, moves


@given(case=_sequences())
def test_every_form_gives_the_verdict_of_the_rules(case, tmp_path_factory):
    label, n, moves = case
    variant = default_registry.variant(label)
    tmp_path = tmp_path_factory.mktemp("forms")
    for disks in (True, False):
        try:
            forms = _forms(moves, variant.posts, tmp_path, disks=disks)
        except NotationError:  # a post beyond the puzzle has no name in S, I, D: objects only
            forms = {"objects": list(moves) if disks else [(m.source, m.target) for m in moves]}
        reports = _validate_all(forms, label, n)
        _same(reports)
        written = list(moves) if disks else [(m.source, m.target) for m in moves]
        length, index, rule, state, goal_index = _reference(
            written, variant.rules, variant.start(n), variant.goal(n)
        )
        report = reports["objects"]
        assert report.length == length
        assert report.goal_index == goal_index
        assert report.state == state
        if index is None:
            assert report.error is None
            assert report.solved == (state == variant.goal(n))
        else:
            assert report.error is not None
            assert (report.error.index, report.error.rule) == (index, rule)


@pytest.mark.parametrize("label", ["classic", "NNN", "linear", "cyclic", "classic:4", "RBB"])
def test_long_solutions_in_every_form(label, tmp_path):
    n = {"classic": 12, "NNN": 8, "linear": 8, "cyclic": 9, "classic:4": 14, "RBB": 8}[label]
    moves = list(solve(label, n))
    posts = default_registry.variant(label).posts
    for disks in (True, False):
        reports = _validate_all(_forms(moves, posts, tmp_path, disks=disks), label, n)
        _same(reports)
        assert reports["objects"].solved
        assert reports["objects"].length == len(moves)


class Post(enum.IntEnum):
    S = 0
    I = 1  # noqa: E741 (the puzzle's own name)
    D = 2


@pytest.mark.parametrize(
    ("item", "rule"),
    [
        ((True, 2), Rule.MALFORMED),
        ((0.0, 2), Rule.MALFORMED),
        ((0, 2.0), Rule.MALFORMED),
        ((-1, 2), Rule.NO_SUCH_POST),
        ((0, -1), Rule.NO_SUCH_POST),
        ((-3, 0), Rule.NO_SUCH_POST),
        ((0, 3), Rule.NO_SUCH_POST),
        ((0, 10**30), Rule.NO_SUCH_POST),
        ((0, 0), Rule.SAME_POST),
        ((1, 2), Rule.EMPTY_SOURCE),
        ([0, 2], Rule.MALFORMED),
        ((0, 1, 2), Rule.MALFORMED),
        ((0,), Rule.MALFORMED),
        ("0 2 extra", Rule.MALFORMED),
        ("S-<D", Rule.MALFORMED),
        (b"SD", Rule.MALFORMED),
        (None, Rule.MALFORMED),
        (Move(2, 2, 1), Rule.NOT_ON_TOP),
        (Move(2, 0, 1), Rule.EMPTY_SOURCE),
        (Move(3, 0, 1), Rule.NO_SUCH_DISK),
        (Move(1, 0, 0), Rule.SAME_POST),
        (Move(1, 0, 5), Rule.NO_SUCH_POST),
        ("0: S -> D", Rule.MALFORMED),
        ("3: S -> D", Rule.NO_SUCH_DISK),
    ],
)
def test_odd_items_after_good_ones(item, rule):
    """Each odd item, after moves of every form: the verdict names it at its index."""
    good = [Move(1, 0, 1), (0, 2), "1: I -> D"]  # both disks on D
    for prefix in (good, [*good, "D->I", (1, 2)], [*good, *[Move(1, 2, 0), (0, 2)] * 3000]):
        report = validate([*prefix, item], "classic", 2)
        assert report.error is not None
        assert (report.error.index, report.error.rule) == (len(prefix), rule), (prefix, item)


def test_posts_as_int_enums_are_posts():
    assert validate([(Post.S, Post.D)], "classic", 1).solved
    assert validate([(Post.S, Post.I), (Post.S, Post.D), (Post.I, Post.D)], "classic", 2).solved


def test_text_lines_with_several_moves_blank_lines_and_comments():
    lines = ["S->I, S->D\n", "\n", "# a comment\n", "I->D  # done\n"]
    assert validate(lines, "classic", 2).solved
    assert validate(io.StringIO("".join(lines)), "classic", 2).solved
    assert validate("S->I\r\nS->D\rI->D\u2028", "classic", 2).solved
    report = validate(["S->I", "S->D, D->I", "I->D"], "classic", 2)
    assert report.error is not None
    assert (report.error.index, report.error.rule) == (2, Rule.SIZE)
    assert report.error.item == "D->I"


def test_the_goal_is_found_in_every_form():
    moves = ["S->I", "S->D", "I->D", "D->I", "I->D"]  # reached at 3, left, reached again
    pairs = [(0, 1), (0, 2), (1, 2), (2, 1), (1, 2)]
    objects = [Move(1, 0, 1), Move(2, 0, 2), Move(1, 1, 2), Move(1, 2, 1), Move(1, 1, 2)]
    for form in (moves, pairs, objects, "\n".join(moves)):
        report = validate(form, "classic", 2)
        assert (report.solved, report.goal_index, report.length) == (True, 3, 5)
    custom = State(((2,), (), (1,)))
    for form in (moves[:1] + ["I->D"], [(0, 1), (1, 2)], "S->I\nI->D"):
        assert validate(form, "classic", 2, goal=custom).goal_index == 2


def test_magnetic_and_restricted_rules_in_every_form(tmp_path):
    for label, n in (("NNN", 6), ("RBN", 6), ("cyclic", 6), ("linear", 5)):
        moves = list(solve(label, n))
        swapped = moves[:7] + [moves[8], moves[7]] + moves[9:]
        for sequence in (moves, swapped):
            for disks in (True, False):
                _same(_validate_all(_forms(sequence, 3, tmp_path, disks=disks), label, n))
    rules = ClassicRules(allowed=[(0, 1), (1, 2), (2, 0)])
    report = validate([(0, 2)], rules, start=State.tower(1))
    assert report.error is not None
    assert report.error.rule is Rule.DIRECTION


# -- both sides of every constant that switches a path --------------------------------------


def _objects_verdict(moves, label, n):
    report = validate(list(moves), label, n)
    error = None if report.error is None else (report.error.index, report.error.rule)
    return report.ok, report.solved, report.length, report.goal_index, error, report.state


def _verdict(report):
    error = None if report.error is None else (report.error.index, report.error.rule)
    return report.ok, report.solved, report.length, report.goal_index, error, report.state


@pytest.mark.parametrize("where", [CHUNK - 2, CHUNK - 1, CHUNK, CHUNK + 1, 2 * CHUNK])
def test_generators_across_chunk_boundaries(where):
    """Streams are read CHUNK items at a time: errors and goals on either side of an edge."""
    moves = list(solve("classic", 11))  # 2,047 moves: two chunk edges
    broken = [*moves[:where], Move(1, 0, 0), *moves[where:]]
    for sequence in (moves, broken, moves[: where + 1]):
        expected = _objects_verdict(sequence, "classic", 11)
        assert _verdict(validate(iter(sequence), "classic", 11)) == expected
        pairs = [(m.source, m.target) for m in sequence]
        assert _verdict(validate(iter(pairs), "classic", 11))[1:4] == expected[1:4]
    # a goal reached exactly at a chunk edge, then left
    there = [Move(1, 0, 2)] * 1 + [Move(1, 2, 1), Move(1, 1, 2)] * CHUNK
    report = validate(iter(there), "classic", 1)
    assert (report.goal_index, report.solved, report.length) == (1, True, len(there))


@pytest.mark.parametrize("pegs", [MAX_POSTS - 1, MAX_POSTS, MAX_POSTS + 1])
def test_many_pegs_on_both_sides_of_the_route_table(pegs):
    label, n, last = f"classic:{pegs}", 4, pegs - 1
    # disks 1, 2, 3 aside on posts of their own, the largest across, then the three on top
    moves = [Move(1, 0, 1), Move(2, 0, 2), Move(3, 0, last - 1), Move(4, 0, last)]
    moves += [Move(3, last - 1, last), Move(2, 2, last), Move(1, 1, last)]
    variant = default_registry.variant(label)
    for sequence in (moves, [*moves[:5], Move(1, 2, last - 1), *moves[5:]]):
        expected = _objects_verdict(sequence, label, n)
        lines = NOTATIONS["library"].format(sequence, pegs).splitlines()
        for form in (iter(sequence), lines):
            assert _verdict(validate(form, label, n)) == expected
        pairs = [(m.source, m.target) for m in sequence]
        length, index, rule, state, goal_index = _reference(
            pairs, variant.rules, variant.start(n), variant.goal(n)
        )
        report = validate(pairs, label, n)
        assert (report.length, report.goal_index, report.state) == (length, goal_index, state)
        if index is not None:
            assert report.error is not None
            assert (report.error.index, report.error.rule) == (index, rule)


def test_more_distinct_lines_than_are_remembered():
    """Beyond MAX_LINES distinct lines, text is parsed line by line: the same verdict."""
    moves = list(solve("classic", 13))  # 8,191 moves, every line made distinct by a comment
    lines = [f"{m.disk}: {'SID'[m.source]} -> {'SID'[m.target]}  # move {i}" for i, m in
             enumerate(moves)]  # fmt: skip
    assert len(set(lines)) > MAX_LINES
    assert _verdict(validate(lines, "classic", 13)) == _objects_verdict(moves, "classic", 13)
    broken = [*lines[: MAX_LINES + 10], "2: S -> I", *lines[MAX_LINES + 10 :]]
    report = validate(broken, "classic", 13)
    assert report.error is not None
    assert report.error.index == MAX_LINES + 10
    assert report.error.item == "2: S -> I"


def test_huge_and_odd_numbers_in_text():
    digits = "9" * 200
    for line, rule in (
        (f"0 {digits}", Rule.NO_SUCH_POST),
        (f"{digits}: S -> D", Rule.NO_SUCH_DISK),
    ):
        report = validate(["S->I", line], "classic", 2)
        assert report.error is not None
        assert (report.error.index, report.error.rule) == (1, rule)


@pytest.mark.parametrize("label", ["classic", "NNN"])
@pytest.mark.parametrize(
    "odd", [(True, 2), (1.0, 2), (-2, 2), [1, 2], (Post.I, 2), "I->D", Move(1, 1, 2)]
)
def test_a_pair_that_would_be_legal_if_misread(label, odd):
    """After a pair, the pair loop is running: an odd item in it that, read as the int pair
    (1, 2), would be a legal move must get the verdict it always had."""
    report = validate([(0, 1), odd], label, 2)
    if isinstance(odd, (str, Move)) or type(odd[0]) is Post:
        assert report.ok  # a legal move in another form, or posts as an IntEnum
        assert report.length == 2
    else:
        assert report.error is not None
        assert (report.error.index, report.error.rule) == (1, Rule.MALFORMED if odd[0] != -2
                                                          else Rule.NO_SUCH_POST)  # fmt: skip
