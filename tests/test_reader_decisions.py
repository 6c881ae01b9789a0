"""Which reading wins, and what the report says of each that lost: one answer per rule.

Each row is an answer built to meet one rule of :mod:`hanoi_magnet.notation._decide` (the
module's docstring and the "Reading answers" page state them), with the reading a careful
person gives it: the moves, why they won, whether the answer hedges, and every other reading
with why it lost and whether it could as well be meant. Pinned whole, so that a change of any
message or flag of any rule fails (issue 32, item 6: mutants of these lines survived).
"""

from __future__ import annotations

import pytest

from hanoi_magnet.model import Move
from hanoi_magnet.notation import extract_moves

AC, AB, CB, BC = (0, 2), (0, 1), (2, 1), (1, 2)
FIRST = "the first reading, which no later one replaced"
JOINED = "runs of move lines with prose between them, read as one answer"
TWO = "two different answers, with nothing said of which is meant"

# (answer, posts, moves, why, hedged, [(moves, why, plausible) of each reading that lost])
_RULES = [
    ("A->C\nA->B", 3, (AC, AB), "the only reading", None, []),
    (  # moves in prose lose to move lines
        "You could say A->B is tempting.\nA->C\nA->B\nC->B", 3, (AC, AB, CB),
        "the only reading", None,
        [((AB,), "moves mentioned in prose, while the answer has move lines", False)],
    ),
    (
        "I would move disk 1 from A to C at some point.", 3, (Move(1, 0, 2),),
        "the only reading (moves mentioned in prose: the text has no move lines or list)",
        None, [],
    ),
    (  # prose that corrects: the later attempt replaces the earlier
        "A->B\nWait, that's wrong. Final answer:\nA->C", 3, (AC,),
        "a later attempt after prose that corrects the earlier one", None,
        [((AB,), "an earlier attempt; the prose after it corrects it", False)],
    ),
    (  # reasoning between: the later answer replaces the earlier
        "A->B\n<think>hmm</think>\nA->C", 3, (AC,),
        "the last answer in the text, after reasoning", None,
        [((AB,), "an earlier answer, replaced by a later one after more reasoning", False)],
    ),
    (  # ... unless it repeats the first moves
        "A->C\nA->B\n<think>check</think>\nA->C", 3, (AC, AB), FIRST, None,
        [((AC,), "restates the first 1 move of the answer", False)],
    ),
    (
        "A->C\nAlternatively:\nA->B", 3, (AC,), FIRST,
        "the answer offers another answer as an alternative",
        [((AB,), "offered as an alternative answer", True)],
    ),
    (
        "A->C\nA->B\nSo the moves are: A->C, A->B", 3, (AC, AB), FIRST, None,
        [((AC, AB), "states the same moves again", False)],
    ),
    (
        "A->C\nA->B\nSo the moves are: A->B", 3, (AC, AB), FIRST,
        "the answer states its moves twice, differently ('So the moves are:')",
        [((AB,), "'So the moves are:' states other moves", True)],
    ),
    ("A->C\nNow the middle disk.\nA->B", 3, (AC, AB), JOINED, None, []),
    (
        "A->C\nMove disk.\nSome prose.\nA->B", 3, (AC,), FIRST, None,
        [((AB,), "after a move that cannot be read", False)],
    ),
    (
        "A->C\nA->B\nC->B\nTo recap:\nA->C\nA->B", 3, (AC, AB, CB), FIRST, None,
        [((AC, AB), "restates the first 2 moves", False)],
    ),
    (
        "A->C\nA->B\nHmm.\nA->C\nA->B\nC->B", 3, (AC, AB, AC, AB, CB), JOINED, None,
        [((AC, AB, CB), "read alone: a new attempt starting over", True)],
    ),
    (
        "A->C\nA->B\nTo recap:\nB->C", 3, (AC, AB, BC), JOINED, None,
        [((BC,), "after prose that restates, but not the same moves", True)],
    ),
    (
        "[[0, 2], [0, 1]]\n[[0, 2]]", 3, (AC, AB), FIRST, None,
        [((AC,), "restates the first 1 move of the answer", False)],
    ),
    (
        "[[0, 2], [0, 1]]\n\n[[0, 2], [0, 1]]", 3, (AC, AB), FIRST, None,
        [((AC, AB), "restates the first 2 moves of the answer", False)],
    ),
    (
        "[[0, 2], [0, 1], [2, 1]]\nmoves = [[0, 1], [0, 2]", 3, (AC, AB, CB), FIRST, None,
        [((AB, AC), "a list the text ends inside of, after a complete answer", True)],
    ),
    (
        "Draft:\n[[0, 1]]\n[[0, 2]]", 3, (AC,), "the answer after a draft", None,
        [((AB,), "a draft, replaced by the answer after it", False)],
    ),
    (
        "[[0, 2]]\n[[0, 1], [2, 1]]", 3, (AB, CB), "the last answer in the text", TWO,
        [((AC,), "an earlier answer, replaced by a later one", True)],
    ),
    (
        "<answer>A->C</answer>\n<answer>A->C</answer>", 3, (AC,), FIRST, None,
        [((AC,), "the same answer in another <answer> block", False)],
    ),
    (
        "<answer>A->C</answer>\n<answer>A->B</answer>", 3, (AC,), FIRST,
        "the answer gives several <answer> blocks",
        [((AB,), "another <answer> block with other moves", True)],
    ),
    (  # on four posts, "1:", "2:", "3:" may be disks 1, 2, 3 as well as step numbers
        "1: A->B\n2: A->C\n3: B->C", 4, (AB, AC, BC), "the only reading", None,
        [(
            (Move(1, 0, 1), Move(2, 0, 2), Move(3, 1, 2)),
            "the numbers before ':' read as disks", True,
        )],
    ),
]  # fmt: skip


@pytest.mark.parametrize(("text", "posts", "moves", "why", "hedged", "losers"), _RULES)
def test_each_rule_chooses_its_reading_and_reports_every_other(
    text, posts, moves, why, hedged, losers
):
    found = extract_moves(text, posts=posts)
    assert found.moves == moves
    assert found.why == why
    assert found.hedged == hedged
    lost = [(r.moves, r.why, r.plausible) for r in found.alternatives]
    assert lost == losers
    assert found.ambiguous == (hedged is not None or any(plausible for *_, plausible in losers))


# Readings made of a run that the answer reads too (joined to the runs before it): no stretch
# of the text is skipped for them.
_READ_ANYWAY = {
    "read alone: a new attempt starting over",
    "after prose that restates, but not the same moves",
}


@pytest.mark.parametrize(("text", "posts", "moves", "why", "hedged", "losers"), _RULES)
def test_each_reading_that_lost_is_skipped_as_another_reading_saying_why(
    text, posts, moves, why, hedged, losers
):
    found = extract_moves(text, posts=posts)
    others = [span.why for span in found.skipped if span.why.startswith("another reading")]
    assert others == [
        f"another reading: {lost}" for _, lost, _ in losers if lost not in _READ_ANYWAY
    ]
