"""A score's record (``Score.to_dict``) holds every field under its own name, for every outcome.

The record tests of tests/test_score_records.py check each field against the score's own
attribute; here the answers reach every :class:`Outcome` (and a reading cut off mid-move, the
only one whose ``truncated`` is true), so that no field is checked only on its usual value.
"""

from __future__ import annotations

import json
import random

import attrs

from hanoi_magnet.evaluation import POLICIES, Outcome, Score, generate, score
from hanoi_magnet.model import Move
from hanoi_magnet.notation import NOTATIONS
from tests.test_score_records import _json, _record

_SOLVABLE = generate(seed=45, count=6, families=["classic"], disks=(3, 3), tasks=["solve"],
                     notations=["letter-arrows"])  # fmt: skip
_UNSOLVABLE = [i for i in generate(seed=45, count=30, unsolvable=0.5, families=["digraph"],
                                   notations=["letter-arrows"]) if i.unsolvable][:3]  # fmt: skip
_FIVE_PEGS = generate(seed=45, count=2, families=["frame-stewart"], pegs=(5, 5), disks=(6, 6),
                      tasks=["continue"], notations=["letter-arrows"])  # fmt: skip


def _cases():
    """(answer, instance, options) reaching every outcome."""
    for instance in _SOLVABLE:
        gold = next(iter(POLICIES["gold"].write(instance, random.Random(0))))
        yield gold, instance, {}
        yield "A->B\nB->A\n" + gold, instance, {}  # solved, two moves more
        yield "A->C", instance, {}  # unsolved
        yield "A->C\nA->C", instance, {}  # illegal move
        yield "A->Q", instance, {}  # format error: a peg past the last
        yield "moves = [[1, 0, 2], [x]]", instance, {}  # format error: an item that is no move
        yield "B->C", instance, {}  # an illegal move without its disk (an empty peg)
        yield "", instance, {}  # no answer
        yield "A->C\nA->B\nC-", instance, {}  # truncated: cut off mid-move
        yield "A->C\nA->B ...", instance, {}  # abandoned: trails off
        yield gold, attrs.evolve(instance, max_answer_chars=3), {}  # over budget
        yield "A->C or A->B", instance, {}  # ambiguous
        yield "UNSOLVABLE", instance, {}  # wrong abstention
    for instance in _UNSOLVABLE:
        yield "UNSOLVABLE", instance, {}  # abstained
        yield "A->B", instance, {}  # moves for unsolvable
    for instance in _FIVE_PEGS:  # off the plan on five pegs, no room to search: unverified
        there = instance.rules.legal_moves(instance.start)[-1]
        back = Move(there.disk, there.target, there.source)
        moves = [there, back] * instance.count
        written = NOTATIONS["letter-arrows"].format(moves[: instance.count], instance.posts)
        yield written, instance, {"max_states": 1}


def test_every_outcome_has_a_record_with_every_field_under_its_own_name():
    names = {field.name for field in attrs.fields(Score)}
    outcomes, truncated = set(), set()
    for answer, instance, options in _cases():
        result = score(answer, instance, **options)
        record = result.to_dict()
        assert json.loads(json.dumps(record)) == record
        assert set(record) == names | {"notation", "pegs", "truncated"}
        for name in names - {"first_error", "reading", "rewards"}:
            assert record[name] == _json(getattr(result, name)), name
        assert record["rewards"] == dict(result.rewards)
        error = result.first_error
        assert record["first_error"] == (None if error is None else {
            "index": error.index,
            "rule": error.rule.value,
            "move": None if error.move is None else str(error.move),
            "item": error.item,
            "detail": error.detail,
            "position": None if error.position is None else str(error.position),
        })  # fmt: skip
        found = result.reading
        if found is None:
            assert (record["notation"], record["pegs"], record["truncated"]) == (None, None, False)
            assert record["reading"] is None
        else:
            report = _record(found)
            del report["moves"]
            assert record["reading"] == report
            pegs = None if found.pegs is None else found.pegs.name
            assert (record["notation"], record["pegs"]) == (found.notation, pegs)
            assert record["truncated"] is found.truncated
            truncated.add(found.truncated)
        outcomes.add(result.outcome)
    assert outcomes == set(Outcome)
    assert truncated == {True, False}


def test_a_first_error_without_a_position_is_recorded_as_none():
    result = score("A->C\nA->C", _SOLVABLE[0])
    assert result.first_error is not None and result.first_error.position is not None
    unplaced = attrs.evolve(result, first_error=attrs.evolve(result.first_error, position=None))
    assert unplaced.to_dict()["first_error"]["position"] is None  # null, not the text "None"
    assert result.to_dict()["first_error"]["position"] == str(result.first_error.position)
