"""What the reader says when it cannot read: every message kind, pinned whole (issue 32, item 6).

Notation.read's line errors, the report of a list item that is not a move, and the peg naming
that numbers leave open. The expected texts follow the messages' rules (what was given, what
was expected, where), written out by hand; mutants of these lines showed no test read them.
"""

from __future__ import annotations

import pytest

from hanoi_magnet import solve
from hanoi_magnet.errors import AmbiguousNotationError, NotationError
from hanoi_magnet.notation import NOTATIONS, PegNames, extract_moves

_LINE_NOTATIONS = [name for name, notation in NOTATIONS.items() if not notation.is_list]
_KEYS = "(keys source, from, from_peg, src and target, to, to_peg, dst)"


# -- Notation.read: markup around a move, and errors with their line ------------------------------


@pytest.mark.parametrize("name", _LINE_NOTATIONS)
@pytest.mark.parametrize(
    "dress",
    [
        "{}",
        "  {}  ",
        "**{}**",
        "`{}`",
        "{} .",
        "{}!  ",
        "  **{}** ;  ",
        "`{}` :",
        "{} # the smallest disk",
        "{}  // a comment",
    ],
)
def test_a_line_notation_reads_its_moves_through_markup_spaces_and_final_punctuation(name, dress):
    notation = NOTATIONS[name]
    moves = solve("classic", 2)
    lines = notation.format(moves).splitlines()
    text = "\n".join(dress.format(line) for line in lines) + "\n"
    assert notation.read(text) == notation.read(notation.format(moves))
    assert len(notation.read(text)) == 3


@pytest.mark.parametrize(
    ("second", "message"),
    [
        (
            '{"index": 1, "disk": 2, "source": 0}',
            "a move object needs a source and a target " + _KEYS
            + ", got '{\"index\": 1, \"disk\": 2, \"source\": 0}'",
        ),
        (
            '{"index": 1, "disk": 2, "source": true, "target": 1}',
            "expected a number or a letter, got True",
        ),
        (
            '{"index": 1, "disk": 2, "source": 1.5, "target": 1}',
            "expected a number or a letter, got 1.5",
        ),
        (  # nested brackets: no move object of the notation at all
            '{"index": 1, "disk": 2, "source": [0], "target": 1}',
            (
                "expected a move such as '{\"index\": 0, \"disk\": 1, \"source\": 0, "
                "\"target\": 2}' (notation 'jsonl'), got '{\"index\": 1, \"disk\": 2, "
                "\"source\": [0], \"target\": 1}'"
            ),
        ),
        (
            '{"index": 1, "disk": 2, "source": 0, "target": 1,}',
            "not a JSON object: '{\"index\": 1, \"disk\": 2, \"source\": 0, \"target\": 1,}'",
        ),
    ],
)  # fmt: skip
def test_a_json_line_that_is_no_move_is_refused_with_its_line_and_why(second, message):
    text = '{"index": 0, "disk": 1, "source": 0, "target": 2}\n\n' + second + "\n"
    with pytest.raises(NotationError) as caught:
        NOTATIONS["jsonl"].read(text)
    assert caught.value.line == 3
    assert str(caught.value) == f"line 3: {message}"


# -- lists: the item where the reading stopped, and why ----------------------------------------


@pytest.mark.parametrize(
    ("text", "moves", "unreadable"),
    [
        # an item that is no move: the item as written (up to the next comma), and why
        ("moves = [[1, 0, 2], [x, y, z]]", 1, "[x (not a move)"),
        ('["A->C", "hello", "A->B"]', 1, "\"hello\" (not a move: '\"hello\"')"),
        ("[[1, 0, 2] [2, 0, 1]]", 1, "[2 (expected ',' or ']')"),
        (
            '[{"disk": 1, "source": 0, "target": 2}, {"disk": 2, "from": 0}]',
            1,
            '{"disk": 2 (a move object needs a source and a target '
            + _KEYS + ", got '{\"disk\": 2, \"from\": 0}')",
        ),
        # a move whose shape differs from the list's: the move, and the shape it lacks
        ("moves = [[1, 0, 2], [2, 0]]", 1, "[2, 0] (not a move: the list's moves name their disk)"),
        ("[[0, 2], [0, 1], [1, 0, 1]]", 2, "[1, 0, 1] (not a move: the list's moves name no disk)"),
        # an empty item (two commas): the twenty characters of the list from there on
        (
            "moves = [[1, 0, 2], , [2, 0, 1], [1, 2, 1], [3, 0, 2]]",
            1,
            ", [2, 0, 1], [1, 2,  (not a move)",
        ),
        ("[[0, 2],\n,[0, 1]]", 1, ",[0, 1]] (not a move)"),
    ],
)  # fmt: skip
def test_a_list_item_that_is_no_move_stops_the_reading_and_is_quoted(text, moves, unreadable):
    found = extract_moves(text)
    assert len(found.moves) == moves
    assert found.unreadable == unreadable
    assert not found.truncated


@pytest.mark.parametrize(
    ("text", "moves", "unreadable"),
    [
        ("[[0, 2], [x]", 1, "[x] (not a move)"),
        ("[[0, 2], [0, 1], [x] [y]", 2, "[x] (not a move)"),
        ("moves = [[1, 0, 2], [2, 0]", 1, "[2, 0] (not a move: the list's moves name their disk)"),
    ],
)
def test_an_item_that_is_no_move_in_a_list_never_closed_is_quoted_too(text, moves, unreadable):
    found = extract_moves(text)
    assert len(found.moves) == moves
    assert found.unreadable == unreadable
    assert found.truncated  # the text ends inside the list: cut off


def test_the_empty_item_shows_exactly_twenty_characters():
    text = "[[0, 2], ,[0, 1], [0, 2], [1, 2], [1, 0]]"
    at = text.index(", ,") + 2
    assert extract_moves(text).unreadable == f"{text[at : at + 20]} (not a move)"


# -- peg numbers that count either way ------------------------------------------------------------

_EITHER = "possible readings: pegs numbered from 0; pegs numbered from 1"


@pytest.mark.parametrize(
    ("names", "posts", "message"),
    [
        (["1", "2"], 3, "peg numbers 1, 2 with 3 pegs do not show whether they count"),
        (["10", "2"], 12, "peg numbers 2, 10 with 12 pegs do not show whether they count"),
        (["0", "3"], 3, "peg numbers 0, 3 with 3 pegs do not show whether they count"),
        (["1"], 3, "peg number 1 with 3 pegs does not show whether it counts"),
        (["5"], 1, "peg number 5 with 1 peg does not show whether it counts"),
        (
            ["2", "9" * 31],
            3,
            (
                "peg numbers 2 and one of more than 30 digits with 3 pegs do not show whether "
                "they count"
            ),
        ),
        (
            ["9" * 31],
            1,
            "a peg number of more than 30 digits with 1 peg does not show whether it counts",
        ),
    ],
)  # fmt: skip
def test_peg_numbers_that_count_either_way_are_named_with_the_right_plurals(names, posts, message):
    with pytest.raises(AmbiguousNotationError) as caught:
        PegNames.detect(names, posts=posts)
    assert str(caught.value) == f"{message} from 0 or from 1; {_EITHER}"


@pytest.mark.parametrize(
    ("names", "posts", "naming"),
    [
        (["0", "9" * 31], 3, PegNames.ZERO),  # a number too long to read names no peg
        (["3", "9" * 31], 3, PegNames.ONE),
        (["9" * 30, "0"], 3, PegNames.ZERO),
        (["1", "9" * 30], 999_999_999_999_999_999_999_999_999_999, PegNames.ONE),
    ],
)
def test_a_peg_number_too_long_to_read_decides_nothing(names, posts, naming):
    assert PegNames.detect(names, posts=posts) is naming


@pytest.mark.parametrize(
    ("names", "posts", "message"),
    [
        (["A", "1"], 3, "the pegs are named both by letters and by numbers: 1, A"),
        (["a", "e"], 3, "the peg letters A, E fit neither S, I, D nor A, B, C... for 3 pegs"),
        (["S", "D"], 4, "the peg letters D, S fit neither S, I, D nor A, B, C... for 4 pegs"),
    ],
)
def test_peg_letters_that_fit_no_naming_are_refused_with_them(names, posts, message):
    with pytest.raises(NotationError) as caught:
        PegNames.detect(names, posts=posts)
    assert type(caught.value) is NotationError
    assert str(caught.value) == message
