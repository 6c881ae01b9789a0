"""An answer cut off in the middle of its last move is truncated, not unreadable (issue 22).

A model that runs out of output budget stops inside a move: ``"...\\nMove disk"``,
``"A->C, B->"``, ``"SD SI D"``. Such an answer is read up to the last whole move, with
``truncated`` set, the reason in words and the piece in the report; the scorer's outcome is
``truncated``. A broken move line before the end stays a format error, and a whole last move
or a last line of prose is not called cut off.
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hanoi_magnet import ClassicRules, Move, NotationError, State, solve
from hanoi_magnet.evaluation import Instance, Outcome, Task, score
from hanoi_magnet.notation import NOTATIONS, PegNames, _cut, extract_moves

THREE = list(solve("classic", 3))  # seven moves
WRITTEN = {
    name: NOTATIONS[name].format(THREE).rstrip("\n")
    for name in ("reasoning-gym", "arrows", "letter-arrows", "compact", "numbers", "library")
}
WRITTEN["letters-to"] = NOTATIONS["letters-to"].format(THREE).rstrip("\n")
WRITTEN["letters"] = NOTATIONS["letters"].format(THREE).rstrip("\n")

# each notation: the whole text of the first three moves, and pieces of the fourth move
# (1 from the first post to the third, written by hand for each notation)
PIECES = {
    "reasoning-gym": ["Move disk", "Move disk 3 from Peg 1 to Pe", "Move disk 3 from Peg 1 to"],
    "arrows": ["S->", "S-", "S"],
    "letter-arrows": ["A->", "A -", "A"],
    "compact": ["S"],
    "numbers": ["0"],
    "library": ["3: S ->", "3:", "3: S"],
    "letters-to": ["A to", "A t"],
    "letters": ["A"],
}
CASES = [(name, piece) for name, pieces in PIECES.items() for piece in pieces]


def _three_and(name: str, piece: str, joiner: str = "\n") -> str:
    lines = WRITTEN[name].split("\n")
    return joiner.join(lines[:3]) + joiner + piece


@pytest.mark.parametrize(("name", "piece"), CASES)
def test_a_last_line_cut_inside_a_move_is_truncated(name, piece):
    text = _three_and(name, piece)
    found = extract_moves(text)
    assert len(found.moves) == 3
    assert found.truncated
    assert found.unreadable is None
    assert "cut off" in found.why
    last = found.skipped[-1]
    assert text[last.start : last.end] == piece
    assert "cut off" in last.why
    assert last.line == 4
    # with the notation named, the same
    named = extract_moves(text, notation=name)
    assert named.truncated and named.moves == found.moves


@pytest.mark.parametrize(("name", "piece"), CASES)
def test_spaces_and_new_lines_after_the_piece_change_nothing(name, piece):
    found = extract_moves(_three_and(name, piece) + "  \n\n ")
    assert found.truncated and len(found.moves) == 3


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("A->C, A->B, C->B, A->", 3),
        ("A->C, A->B, C->B, A-", 3),
        ("S->D S->I D->I S-", 3),
        ("SD SI DI S", 3),
        ("SD SI D", 2),
        ("Move disk 1 from Peg 1 to Peg 3, Move disk 2 from Peg 1 to Peg 2, Move disk 1 fr", 2),
        ("1. A -> C\n2. A -> B\n3. C -> B\n4. A ->", 3),
        ("- **Move disk 1 from Peg 1 to Peg 3**\n- **Move disk 2 from Peg 1", 1),
        ("Step 1: S->D\nStep 2: S->I\nStep 3: S", 2),
        ("A->C\r\nA->B\r\nC->B\r\nA->", 3),
    ],
)
def test_several_moves_on_the_last_line_or_numbered_lines(text, count):
    found = extract_moves(text)
    assert found.truncated and found.unreadable is None
    assert len(found.moves) == count


@pytest.mark.parametrize(
    "text",
    [
        WRITTEN["reasoning-gym"],  # a whole last move
        WRITTEN["arrows"],
        WRITTEN["compact"],
        WRITTEN["reasoning-gym"] + "\nThat completes the puzzle.",
        WRITTEN["letter-arrows"] + "\n\nThis takes 7 moves, which is optimal since 2^3 - 1 = 7.",
        WRITTEN["reasoning-gym"] + "\nMoves",
        WRITTEN["arrows"] + "\n</answer>",
    ],
)
def test_a_whole_last_move_or_prose_is_not_cut_off(text):
    found = extract_moves(text)
    assert not found.truncated
    assert len(found.moves) == 7
    assert "cut off" not in found.why


@pytest.mark.parametrize("remark", ["{see the note below", "{note: done here", "{this is all"])
def test_words_in_an_open_brace_after_the_last_move_are_a_remark_not_a_move_cut_off(remark):
    """An open brace may begin a JSON move; lower-case words in it that no move holds are a
    remark (what was cut there is no move)."""
    text = f"A->C, A->B, C->B {remark}"
    found = extract_moves(text)
    assert not found.truncated
    assert found.moves == ((0, 2), (0, 1), (2, 1))
    assert [(s.start, s.end, s.why) for s in found.skipped] == [
        (17, len(text), "a remark after a move")
    ]


@pytest.mark.parametrize("piece", ["A→", "S⟶", "1→", "B⇒", "A->", "2 =>"])
def test_a_text_that_is_only_the_beginning_of_a_move_was_cut_off(piece):
    found = extract_moves(piece)
    assert (found.moves, found.truncated) == ((), True)
    assert found.why == f"no whole move; the text ends inside a move ({piece!r}): it was cut off"


def test_a_broken_move_line_in_the_middle_stays_unreadable():
    lines = WRITTEN["reasoning-gym"].split("\n")
    text = "\n".join([*lines[:3], "Move disk 3 from Peg 1 to", *lines[3:]])
    found = extract_moves(text)
    assert not found.truncated
    assert found.unreadable is not None
    assert len(found.moves) == 3


def test_a_whole_last_move_with_a_wrong_peg_is_not_cut_off():
    with pytest.raises(NotationError, match="fit neither"):  # "A->Z" is a whole move
        extract_moves("A->C\nA->B\nA->Z")
    assert not extract_moves(
        "Move disk 1 from Peg 1 to Peg 3\nMove disk 2 from Peg 1 to Peg 7"
    ).truncated


def test_a_list_cut_inside_an_item_is_still_truncated():
    found = extract_moves("moves = [(0, 2), (0,")
    assert found.truncated and found.moves == ((0, 2),)


def _classic(notation: str) -> Instance:
    return Instance(
        id="c", task=Task.SOLVE, family="classic", variant="classic", rules=ClassicRules(),
        n=3, start=State.tower(3), goal=State.tower(3, 2), notation=notation,
        template="plain", prompt="", optimum=7, proven=True,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("notation", "text"),
    [
        ("reasoning-gym", _three_and("reasoning-gym", "Move disk")),
        ("reasoning-gym", _three_and("reasoning-gym", "Move disk 3 from Peg 1 to Peg")),
        ("arrows", _three_and("arrows", "S->")),
        ("letter-arrows", "A->C, A->B, C->B, A->"),
        ("compact", "SD SI DI S"),
        ("moves-list", "moves = [[1, 0, 2], [2, 0, 1], [1, 2, 1], [3, 0,"),
    ],
)
def test_the_scorer_calls_an_answer_cut_inside_a_move_truncated(notation, text):
    result = score(text, _classic(notation))
    assert result.outcome is Outcome.TRUNCATED, result.detail
    assert result.detail == "the text ends inside the answer after 3 legal moves"
    assert result.first_error is None
    assert not result.solved

    one = score("A->C, A->", _classic("letter-arrows"))
    assert one.detail == "the text ends inside the answer after 1 legal move"


def test_the_scorer_still_calls_a_broken_middle_line_a_format_error():
    lines = WRITTEN["reasoning-gym"].split("\n")
    text = "\n".join([*lines[:3], "Move disk", *lines[3:]])
    assert score(text, _classic("reasoning-gym")).outcome is Outcome.FORMAT_ERROR


def test_the_moves_before_the_piece_are_the_moves_written():
    found = extract_moves(_three_and("reasoning-gym", "Move disk 3 from"))
    assert found.moves == (Move(1, 0, 2), Move(2, 0, 1), Move(1, 2, 1))
    assert found.pegs is PegNames.ONE
    assert attrs.evolve(found, truncated=False).truncated is False


def test_a_long_line_of_moves_cut_at_its_end():
    moves = list(solve("classic", 10))
    line = ", ".join(NOTATIONS["letter-arrows"].format_move(move) for move in moves)
    assert len(line) > 1000  # far longer than any piece of one move
    found = extract_moves(line + ", " + line[:3])
    assert found.truncated and len(found.moves) == len(moves)


@pytest.mark.parametrize(("digits", "cut"), [(1, True), (150, True), (200, False), (400, False)])
def test_both_sides_of_the_longest_piece_of_one_move(digits, cut):
    # "Move disk 11...1 from": a piece of at most 200 characters is a move cut off; a longer
    # one is no piece of one move, and stays a line that cannot be read
    piece = "Move disk " + "1" * digits + " from"
    found = extract_moves(_three_and("reasoning-gym", piece))
    assert found.truncated is cut
    assert (found.unreadable is None) is cut
    assert len(found.moves) == 3


@settings(max_examples=2000, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.from_regex(_cut._BEGUN.compiled, fullmatch=True))
def test_the_quick_look_at_a_line_end_never_misses_a_begun_move(piece):
    # begun_move looks at the last character before it finds the line's moves: every piece the
    # pattern of a begun move matches must pass that look (else a cut-off answer is missed)
    stripped = piece.strip(" ")
    if stripped and _cut._BEGUN.fullmatch(stripped):
        assert _cut._may_end_begun(stripped)


@pytest.mark.parametrize(
    "line",
    ["Move disk 1 from A to C.", "moves = [[1, 0, 2]]", "(A, C)", "| 1 | A -> C |", "Done!"],
)
def test_lines_ending_so_need_no_closer_look(line):
    assert not _cut._may_end_begun(line)
    assert _cut.begun_move(line, len(line)) is None
