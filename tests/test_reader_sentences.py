"""Sentences on one line, and reasoning read on request (issue 32, item 6).

A line is cut into sentences; what each holds decides the line. These pin the rules whose
mutants survived: after a move that cannot be read the line says nothing more, whatever
sentence follows; a move mentioned in prose beside moves leaves the moves uncertain (and the
report says so, in these words); ``thinking=True`` reads inside a closed reasoning block as any
other text.
"""

from __future__ import annotations

import pytest

from hanoi_magnet.model import Move
from hanoi_magnet.notation import extract_moves


@pytest.mark.parametrize(
    "after",
    [
        "Then A->B.",  # moves
        "I like it.",  # prose
        "I think A->B works.",  # a move mentioned in prose
        "And so on.",  # giving up
        "Never move A->B.",  # a move not to make
        "Move the disk.",  # another move that cannot be read
    ],
)
@pytest.mark.parametrize(
    ("first", "moves"), [("A->C.", ((0, 2),)), ("Move disk 1 from A to C.", (Move(1, 0, 2),))]
)
def test_after_a_move_that_cannot_be_read_the_line_says_nothing_more(first, moves, after):
    text = f"{first} Move disk. {after}"
    found = extract_moves(text)
    assert found.moves == moves
    assert found.unreadable == "'Move disk.' (not a move)"
    assert found.abandoned is None
    assert not found.ambiguous
    assert [(span.start, span.end, span.why) for span in found.skipped] == [
        (0, len(text), "a move that cannot be read")
    ]


@pytest.mark.parametrize(
    "text",
    [
        "A->C, then A->B. I would say A->B could work.",
        "A->C, then A->B. We could also try C->B later.",
        "I would say A->B could work. A->C, then A->B.",
    ],
)
def test_a_move_mentioned_in_a_sentence_beside_the_moves_leaves_them_uncertain(text):
    found = extract_moves(text)
    assert found.moves == ((0, 2), (0, 1))
    assert found.ambiguous
    assert found.hedged == (
        "the moves cannot be told apart from the words around them: "
        "a move mentioned in a sentence beside the moves"
    )


@pytest.mark.parametrize(
    ("text", "thinking", "moves", "skipped"),
    [
        # skipped by default: only the answer after the block is read
        (
            "<think>\nA->B\n</think>\nA->C", False, ((0, 2),),
            [(0, 21, "reasoning inside <think>...</think>")],
        ),
        # read on request: the tags are prose between two runs of moves, read as one answer
        (
            "<think>\nA->B\n</think>\nA->C", True, ((0, 1), (0, 2)),
            [(0, 7, "prose"), (13, 21, "prose")],
        ),
        (
            "<think>\nA->B\nA->C\n</think>", True, ((0, 1), (0, 2)),
            [(0, 7, "prose"), (18, 26, "prose")],
        ),
    ],
)  # fmt: skip
def test_a_closed_reasoning_block_is_read_only_when_thinking_is_asked(
    text, thinking, moves, skipped
):
    found = extract_moves(text, thinking=thinking)
    assert found.moves == moves
    assert [(span.start, span.end, span.why) for span in found.skipped] == skipped
    assert not found.unfinished
    assert not found.ambiguous


@pytest.mark.parametrize("indent", ["", "  ", "\t", "    "])
@pytest.mark.parametrize(
    ("line", "move"), [("01. ok", (0, 1)), ("02.", (0, 2)), ("03. done", (0, 3))]
)
def test_a_move_from_post_0_is_read_as_no_list_number_however_indented(indent, line, move):
    # No list is numbered from 0: on four posts "01." is the move from post 0 to post 1.
    found = extract_moves(indent + line, posts=4)
    assert found.moves == (move,)
    assert found.notation == "compact"
