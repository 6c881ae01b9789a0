"""What a score says to people and to programs, exactly (issue 32 items 5 and 6).

The words a person reads (ordinals, plurals, the answer's own peg names, the messages of refused
arguments) and the records a program reads (``Score.to_dict``, ``Extraction.to_dict``: every
field under its own name, in JSON form). Expected values come from the rules of English, the
peg names as the namings define them, and the records' declared fields; never from the code
under test.
"""

from __future__ import annotations

import enum
import json
import random
from typing import Any

import attrs
import pytest

from hanoi_magnet.errors import InvalidArgumentError, NotationError, Rule
from hanoi_magnet.evaluation import POLICIES, Score, generate, score
from hanoi_magnet.evaluation._detail import Names, ordinal, plural
from hanoi_magnet.model import Move
from hanoi_magnet.notation import NOTATIONS, PegNames, extract_moves, get_notation

# -- words for people --------------------------------------------------------------------------


def _english_ordinal(number: int) -> str:
    """The ordinal as English writes it: the last two digits 11-13 take 'th', else the last."""
    digits = str(number)
    if digits[-2:] in ("11", "12", "13"):
        return f"{digits}th"
    return digits + {"1": "st", "2": "nd", "3": "rd"}.get(digits[-1], "th")


def test_ordinals_are_english_for_every_number_to_ten_thousand():
    numbers = range(1, 10_001)
    assert [ordinal(k) for k in numbers] == [_english_ordinal(k) for k in numbers]


def test_plurals():
    assert [plural(k, "move") for k in (0, 1, 2, 21)] == [
        "0 moves",
        "1 move",
        "2 moves",
        "21 moves",
    ]


#: The posts' names as each naming defines them (SPEC: S, I, D on three posts, else numbers from
#: 0; A, B, C...; numbers from 0; numbers from 1).
_NAMES = {
    PegNames.SID: lambda post, posts: "SID"[post] if posts == 3 else str(post),
    PegNames.LETTERS: lambda post, posts: "ABCDEFGH"[post],
    PegNames.ZERO: lambda post, posts: str(post),
    PegNames.ONE: lambda post, posts: str(post + 1),
}


@pytest.mark.parametrize("naming", list(_NAMES), ids=lambda naming: naming.name)
@pytest.mark.parametrize("posts", [3, 4, 5])
def test_a_detail_names_every_post_and_arc_as_the_answer_did(naming, posts):
    if not naming.fits(posts):
        return
    names = Names(naming, None, posts)

    def said(post: int) -> str:
        return _NAMES[naming](post, posts)

    # the validator's details name posts S/I/D on three posts, by number on more
    own = (lambda post: "SID"[post]) if posts == 3 else str
    for a in range(posts):
        assert names.text(f"disk 1 is not on post {own(a)}.") == f"disk 1 is not on peg {said(a)}."
        for b in range(posts):
            if a != b:
                detail = f"the arc {own(a)}->{own(b)} is not allowed"
                assert names.text(detail) == f"the arc {said(a)}->{said(b)} is not allowed"


def test_a_detail_without_a_naming_is_left_as_it_is():
    assert Names(None, None, 3).text("the arc S->I, post D") == "the arc S->I, post D"


def test_an_illegal_move_is_named_as_written_and_counted_from_one():
    instance = next(
        i for i in generate(seed=5, count=40, families=["classic"]) if i.notation == "moves-list"
    )
    found = score("[[1, 0, 2], [1, 0, 2]]", instance)
    assert found.first_error is not None
    assert found.detail.startswith(f"the {ordinal(found.first_error.index + 1)} move, [1, 0, 2]")


# -- refused arguments ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: NOTATIONS["arrows"].read("S->D", posts=0), "posts must be an integer >= 1, got 0"),
        (
            lambda: NOTATIONS["arrows"].read("S->D", posts=-2),
            "posts must be an integer >= 1, got -2",
        ),
        (
            lambda: NOTATIONS["arrows"].read("S->D", posts=True),
            "posts must be an integer, got the bool True",
        ),
        (
            lambda: NOTATIONS["arrows"].deviation("S->D", [], posts=0),
            "posts must be an integer >= 1, got 0",
        ),
        (lambda: get_notation(3), "a notation is a name or a Notation, got int 3"),  # type: ignore[arg-type]
        (
            lambda: NOTATIONS["arrows"].deviation(3, [], posts=3),  # type: ignore[arg-type]
            "deviation expects a string, got int",
        ),
        (
            lambda: generate(seed=1, count=1, max_answer_tokens=0),
            "max_answer_tokens must be an integer >= 1, got 0",
        ),
        (
            lambda: generate(seed=1, count=1, max_answer_chars=0),
            "max_answer_chars must be an integer >= 1, got 0",
        ),
    ],
)
def test_a_refused_argument_says_which_and_what_was_expected(call, message):
    with pytest.raises(InvalidArgumentError) as caught:
        call()
    assert str(caught.value) == message


# -- records for programs ------------------------------------------------------------------------


def _moves_json(moves: Any) -> list[list[int]]:
    return [[m.disk, m.source, m.target] if isinstance(m, Move) else [m[0], m[1]] for m in moves]


def _span_json(span: Any) -> dict[str, Any]:
    return {field.name: getattr(span, field.name) for field in attrs.fields(type(span))}


def _json(value: Any) -> Any:
    """A field's value in JSON form, by its kind (not by the record's code)."""
    if isinstance(value, PegNames):
        return value.name
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple) and value and attrs.has(type(value[0])):
        return [_record(item) for item in value]
    if isinstance(value, tuple):
        return list(value)
    return value


def _record(value: Any) -> dict[str, Any]:
    fields = attrs.fields(type(value))
    if {field.name for field in fields} == {"start", "end", "line", "end_line", "why"}:
        return _span_json(value)
    return {
        field.name: _moves_json(getattr(value, field.name))
        if field.name == "moves"
        else _json(getattr(value, field.name))
        for field in fields
    }


def _answers(instance: Any) -> list[str]:
    gold = list(POLICIES["gold"].write(instance, random.Random(0)))
    shuffled = list(POLICIES["shuffle"].write(instance, random.Random(0)))
    return [*gold, *shuffled, "", "A->C or A->B", "[[1, 0, 2], [1, 0, 2]]", "UNSOLVABLE"]


_INSTANCES = generate(seed=32, count=24, unsolvable=0.2)


def test_an_extraction_record_holds_every_field_under_its_own_name():
    for instance in _INSTANCES:
        for answer in _answers(instance):
            try:
                found = extract_moves(answer)
            except NotationError:
                continue
            record = found.to_dict()
            assert record == _record(found)
            json.dumps(record)


def test_a_score_record_holds_every_field_under_its_own_name():
    names = {field.name for field in attrs.fields(Score)}
    for instance in _INSTANCES:
        for answer in _answers(instance):
            result = score(answer, instance)
            record = result.to_dict()
            json.dumps(record)
            found = result.reading
            assert set(record) == names | {"notation", "pegs", "truncated"}
            for name in names - {"first_error", "reading", "rewards"}:
                assert record[name] == _json(getattr(result, name)), name
            assert record["rewards"] == dict(result.rewards)
            # binary rewards are 0 or 1 and every reward a float in [0, 1] (issue 32 item 5)
            assert type(result.solved) is bool and type(result.optimal) is bool
            assert all(type(v) is float and 0.0 <= v <= 1.0 for v in result.rewards.values())
            if answer == "UNSOLVABLE" and instance.unsolvable is not None:  # a right abstention
                assert (result.solved, result.optimal) == (True, True)
                assert result.rewards["optimal"] == result.rewards["graded"] == 1.0
            error = result.first_error
            if error is None:
                assert record["first_error"] is None
            else:  # its shape here; its words in the word-for-word test below
                recorded = record["first_error"]
                assert set(recorded) == {"index", "rule", "move", "item", "detail", "position"}
                assert type(recorded["index"]) is int and recorded["index"] >= 0
                assert recorded["rule"] in {rule.value for rule in Rule}
                assert all(recorded[k] is None or type(recorded[k]) is str
                           for k in ("move", "item", "detail", "position"))  # fmt: skip
            if found is None:
                assert (record["reading"], record["notation"], record["pegs"]) == (None, None, None)
                assert record["truncated"] is False
            else:
                report = _record(found)
                del report["moves"]
                assert record["reading"] == report
                assert record["notation"] == found.notation
                assert record["pegs"] == (None if found.pegs is None else found.pegs.name)
                assert record["truncated"] == found.truncated


@pytest.mark.parametrize(
    ("notation", "answer", "move"),
    [
        ("moves-list", "moves = [[1, 0, 0]]", Move(1, 0, 0)),
        ("moves-list", "moves = [[2, 0, 1]]", Move(2, 0, 1)),
        ("numbers", "0 0", Move(1, 0, 0)),  # the disk a pair moves: the top one
        ("letter-arrows", "B->C", None),  # an empty peg: no disk to move
    ],
)
def test_the_first_error_holds_the_move_that_breaks_the_rule(notation, answer, move):
    instance = generate(seed=1, count=1, families=["classic"], disks=(2, 2), tasks=["solve"],
                        notations=[notation])[0]  # fmt: skip
    result = score(answer, instance)
    error = result.first_error
    assert error is not None
    assert (error.index, error.move) == (0, move)
    recorded = result.to_dict()["first_error"]
    assert recorded["move"] == (None if move is None else str(move))
    assert recorded["position"] == "S: 2 1 | I: - | D: -"
    unplaced = attrs.evolve(result, first_error=attrs.evolve(error, position=None))
    assert unplaced.to_dict()["first_error"]["position"] is None  # a record, not "None"


def test_a_score_record_of_an_illegal_move_word_for_word():
    """The record of one illegal answer, written out by hand from the rules: on two disks the
    second A->B puts disk 2 on disk 1 (the size rule), after the first left S: 2, I: 1."""
    instance = generate(seed=38, count=1, tasks=["solve"], notations=["letter-arrows"],
                        families=["classic"], disks=(2, 2))[0]  # fmt: skip
    record = score("A->B\nA->B", instance).to_dict()
    assert record["first_error"] == {
        "index": 1,
        "rule": "size",
        "move": "2: S -> I",
        "item": "A->B",
        "detail": "disk 2 cannot be placed on disk 1",
        "position": "S: 2 | I: 1 | D: -",
    }
    assert (record["outcome"], record["parsed"], record["valid_prefix"]) == ("illegal-move", 2, 1)
    assert record["detail"] == (
        "the 2nd move, A->B, breaks the size rule: disk 2 cannot be placed on disk 1"
    )
    assert (record["solved"], record["optimal"], record["excess"]) == (False, False, None)
