"""Every wrong argument of the notation API is refused with what was given and what was expected.

One call per check of ``Notation``, ``get_notation``, ``PegNames`` and ``extract_moves``, with
the error's class and whole message (issue 32, item 6: mutants of these messages survived).
"""

from __future__ import annotations

import pytest

from hanoi_magnet import solve
from hanoi_magnet.errors import InvalidArgumentError, NotationError
from hanoi_magnet.notation import NOTATIONS, Notation, PegNames, extract_moves, get_notation

_KNOWN = ", ".join(NOTATIONS)
_NEEDS = "a notation template needs {source} and {target} and may use {disk} and {index}, got "

_CALLS = [
    (
        lambda: Notation("x", 5, PegNames.SID, "d"),
        "a notation's template must be a string, got int",
    ),
    (
        lambda: Notation(5, "{source}->{target}", PegNames.SID, "d"),
        "a notation's name must be a string, got int",
    ),
    (
        lambda: Notation("x", "{source}->{target}", "SID", "d"),
        "a notation's pegs must be a PegNames, got 'SID'",
    ),
    (
        lambda: Notation("x", "{source}->{target}", PegNames.SID, "d", json=1),
        "a notation's json must be True or False, got 1",
    ),
    (lambda: Notation("x", "{source}", PegNames.SID, "d"), _NEEDS + "'{source}'"),
    (
        lambda: Notation("x", "{source}{target}{peg}", PegNames.SID, "d"),
        _NEEDS + "'{source}{target}{peg}'",
    ),
    (lambda: Notation("x", "{source}{target", PegNames.SID, "d"), _NEEDS + "'{source}{target'"),
    (
        lambda: NOTATIONS["library"].format_move((0, 2)),
        "notation 'library' writes the disk of each move: give Move objects, got (0, 2)",
    ),
    (
        lambda: NOTATIONS["arrows"].format_move((0, 1, 2)),
        "expected a Move or a (source, target) pair, got (0, 1, 2)",
    ),
    (lambda: NOTATIONS["arrows"].format(5), "expected moves (Move objects or pairs), got int"),
    (lambda: NOTATIONS["arrows"].read(5), "read expects a string, got int"),
    (
        lambda: NOTATIONS["arrows"].read("S->D", pegs="SID"),
        "pegs must be a PegNames or None, got 'SID'",
    ),
    (lambda: NOTATIONS["arrows"].deviation(5, []), "deviation expects a string, got int"),
    (lambda: extract_moves(5), "extract_moves expects a string, got int"),
    (lambda: extract_moves("A->C", thinking=1), "thinking must be True or False, got 1"),
    (lambda: extract_moves("A->C", pegs="SID"), "pegs must be a PegNames or None, got 'SID'"),
    (lambda: get_notation(5), "a notation is a name or a Notation, got int 5"),
    (
        lambda: get_notation("arow"),
        f"unknown notation 'arow'; did you mean 'arrows'? known: {_KNOWN}",
    ),
    (lambda: get_notation("zzzzzz"), f"unknown notation 'zzzzzz'; known: {_KNOWN}"),
    (lambda: PegNames.SID.read(5), "a peg name is a string, got int"),
    (lambda: PegNames.detect("SID"), "expected a collection of peg names, got 'SID'"),
    (lambda: PegNames.detect(5), "expected a collection of peg names, got int 5"),
    (lambda: PegNames.detect([1, 2]), "expected a collection of peg names, got [1, 2]"),
]


@pytest.mark.parametrize(("call", "message"), _CALLS)
def test_a_wrong_argument_is_refused_saying_what_was_given(call, message):
    with pytest.raises(InvalidArgumentError) as caught:
        call()
    assert str(caught.value) == message


_CANNOT = [
    (
        lambda: NOTATIONS["compact"].format(solve("classic:11", 1), 11),
        "notation 'compact' writes one character per post",
    ),
    (lambda: NOTATIONS["letters"].format([(0, 1)], 27), "notation 'letters' cannot name 27 posts"),
    (
        lambda: NOTATIONS["moves-list"].read("moves = [[1, 0, 2]"),
        "the list of moves is not closed with ']' ('moves-list')",
    ),
    (
        lambda: NOTATIONS["moves-list"].read("[[1, 0, 2]]"),
        "expected the moves to start with 'moves = [' (notation 'moves-list'), got '[[1, 0, 2]]'",
    ),
    (
        lambda: NOTATIONS["moves-list"].read("moves = [[1, 0, 2],\n [x]]"),
        "line 2: item 1 of the list is not a move in notation 'moves-list': [x] (not a move)",
    ),
    (lambda: extract_moves("  \n"), "no answer: the text is empty"),
    (lambda: extract_moves("hello"), "no moves found in the answer"),
    (
        lambda: PegNames.LETTERS.name_of(26, posts=27),
        "post 26 of 27 cannot be written with pegs named by letters from A",
    ),
    (
        lambda: PegNames.SID.name_of(3, posts=3),
        "post 3 of 3 cannot be written with pegs named S, I, D",
    ),
    (lambda: PegNames.SID.read("X"), "expected a peg letter (pegs named S, I, D), got 'X'"),
    (lambda: PegNames.ONE.read("0"), "peg 0 does not exist: pegs numbered from 1"),
    (
        lambda: PegNames.ZERO.read("9" * 31),
        "peg number with 31 digits: far beyond the last peg (pegs numbered from 0)",
    ),
    (lambda: PegNames.ZERO.read("A"), "expected a peg number (pegs numbered from 0), got 'A'"),
]


@pytest.mark.parametrize(("call", "message"), _CANNOT)
def test_what_cannot_be_written_or_read_is_refused_saying_why(call, message):
    with pytest.raises(NotationError) as caught:
        call()
    assert type(caught.value) is NotationError
    assert str(caught.value) == message


def test_a_notation_name_is_found_whatever_its_case_spaces_and_underscores():
    assert get_notation(" Reasoning_Gym ") is NOTATIONS["reasoning-gym"]
    assert get_notation(NOTATIONS["arrows"]) is NOTATIONS["arrows"]
