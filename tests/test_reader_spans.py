"""What the report says was read and skipped, and why: one answer per kind of stretch (issue 32).

Every reason a stretch of an answer is skipped (prose, giving up, a move not to make, outside
the last ``<answer>`` block, a table's header, a remark, a capital word, a move that cannot be
read and what follows it, reasoning) with the spans read, pinned whole: offsets, lines and
words. Counted by hand from the texts (each line's length plus its line end).
"""

from __future__ import annotations

import pytest

from hanoi_magnet.model import Move
from hanoi_magnet.notation import extract_moves

ARROWS = "moves in notation 'letter-arrows'"

# (answer, moves, abandoned, skipped, read), each span as (start, end, line, end_line, why)
_STRETCHES = [
    (
        "Here:\nA->C\nA->B\nand so on", ((0, 2), (0, 1)), "and so on",
        [(0, 5, 1, 1, "prose"), (16, 25, 4, 4, "abandons writing the moves")],
        [(6, 15, 2, 3, ARROWS)],
    ),
    (
        "A->C\nA->B\n...", ((0, 2), (0, 1)), "...",
        [(10, 13, 3, 3, "abandons writing the moves")],
        [(0, 9, 1, 2, ARROWS)],
    ),
    (
        "A->C\nNever move B->A.\nA->B", ((0, 2), (0, 1)), None,
        [(5, 21, 2, 2, "a move mentioned as one not to make")],
        [(0, 4, 1, 1, ARROWS), (22, 26, 3, 3, ARROWS)],
    ),
    (
        "ignored\n<answer>A->C</answer>\nignored too", ((0, 2),), None,
        [
            (0, 16, 1, 2, "outside the last <answer>...</answer>"),
            (20, 41, 2, 3, "outside the last <answer>...</answer>"),
        ],
        [(16, 20, 2, 2, ARROWS)],
    ),
    (
        "| Disk | From | To |\n|---|---|---|\n| 1 | A | C |\n| 2 | A | B |",
        (Move(1, 0, 2), Move(2, 0, 1)), None,
        [(0, 20, 1, 1, "a table's header")],
        [(35, 62, 3, 4, "moves written as sentences, in a table or in mixed forms")],
    ),
    (
        "A->C (the small disk)\nA->B", ((0, 2), (0, 1)), None,
        [(5, 21, 1, 1, "a remark after a move")],
        [(0, 26, 1, 2, ARROWS)],
    ),
    (
        "OK, here it is:\nA->C\nA->B", ((0, 2), (0, 1)), None,
        [(0, 2, 1, 1, "'OK' is a word, not a move: no peg is so named"), (0, 15, 1, 1, "prose")],
        [(16, 25, 2, 3, ARROWS)],
    ),
    (
        "A->C\nMove disk.\nA->B", ((0, 2),), None,
        [
            (5, 15, 2, 2, "a move that cannot be read"),
            (16, 20, 3, 3, "after a move that cannot be read"),
        ],
        [(0, 20, 1, 3, ARROWS)],
    ),
    (
        "<think>A->B</think>\nA->C", ((0, 2),), None,
        [(0, 19, 1, 1, "reasoning inside <think>...</think>")],
        [(20, 24, 2, 2, ARROWS)],
    ),
    (  # CRLF line ends: offsets in the text as given, each CRLF one line end
        "Sure.\r\nA->C\r\nA->B\r\nDone.", ((0, 2), (0, 1)), None,
        [(0, 5, 1, 1, "prose"), (19, 24, 4, 4, "prose")],
        [(7, 17, 2, 3, ARROWS)],
    ),
]  # fmt: skip


@pytest.mark.parametrize(("text", "moves", "abandoned", "skipped", "read"), _STRETCHES)
def test_every_stretch_of_the_answer_is_reported_read_or_skipped_with_why(
    text, moves, abandoned, skipped, read
):
    found = extract_moves(text)
    assert found.moves == moves
    assert found.abandoned == abandoned
    assert [(s.start, s.end, s.line, s.end_line, s.why) for s in found.skipped] == skipped
    assert [(s.start, s.end, s.line, s.end_line, s.why) for s in found.spans] == read
    assert [span.to_dict() for span in found.spans] == [
        {"start": a, "end": b, "line": line, "end_line": last, "why": why}
        for a, b, line, last, why in read
    ]
