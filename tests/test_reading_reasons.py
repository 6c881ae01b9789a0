"""The reasons a reading report gives, word for word, for classes of answers (issue 32 item 6).

How the pegs were decided (``pegs_why``), why a line was skipped, why two answers earn nothing:
each expected reason is written from the rule it states, for every member of a small class.
"""

from __future__ import annotations

import random

import pytest

from hanoi_magnet import Move
from hanoi_magnet.evaluation import POLICIES, Outcome, generate, score
from hanoi_magnet.notation import NOTATIONS, extract_moves
from hanoi_magnet.registry import solve


@pytest.mark.parametrize("disks", [1, 2, 3, 5])
def test_the_report_says_which_peg_names_the_answer_writes(disks):
    moves = list(solve("classic", disks))
    letters = {"arrows": "SID", "letter-arrows": "ABC"}
    for name, names in letters.items():
        text = NOTATIONS[name].format(moves, 3)
        used = sorted({names[post] for move in moves for post in (move.source, move.target)})
        assert extract_moves(text).pegs_why == "the answer writes pegs " + ", ".join(used)
    zero = "\n".join(f"{m.source}->{m.target}" for m in moves)
    one = "\n".join(f"{m.source + 1}->{m.target + 1}" for m in moves)
    if any(0 in (m.source, m.target) for m in moves):
        assert extract_moves(zero).pegs_why == "the answer writes peg 0"
    if any(2 in (m.source, m.target) for m in moves):  # peg 3 written, and no peg 0
        assert extract_moves(one).pegs_why == "the answer writes peg 3 of 3 pegs and never peg 0"


@pytest.mark.parametrize(
    "broken", ["Move disk 1 from C to ???", "Move disk 1 from C to", "Move disk 9x from C to B"]
)
def test_a_move_that_cannot_be_read_ends_the_run_and_says_so(broken):
    found = extract_moves(f"A->C\nA->B\n{broken}\nC->B")
    assert found.moves == ((0, 2), (0, 1))
    assert [(span.line, span.why) for span in found.skipped] == [
        (3, "a move that cannot be read"),
        (4, "after a move that cannot be read"),
    ]


def test_a_complete_answer_then_more_moves_is_two_answers_and_says_where_the_first_ends():
    checked = 0
    for instance in generate(
        seed=38, count=30, tasks=["solve"], notations=["letter-arrows"], families=["classic"]
    ):
        if instance.unsolvable is not None:
            continue
        gold = next(iter(POLICIES["gold"].write(instance, random.Random(0)))).strip()
        first = gold.splitlines()[0]
        source, target = first.split("->")
        result = score(f"{gold}\n\n{first}\n{target}->{source}", instance)
        assert result.outcome is Outcome.AMBIGUOUS
        assert result.detail == (
            f"a complete answer in the first {instance.optimum} "
            f"move{'' if instance.optimum == 1 else 's'}, then more moves: "
            "two answers, nothing is credited"
        )
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize(("tries", "at"), [(1, "2nd"), (2, "3rd"), (7, "8th"), (8, "9th")])
def test_a_complete_answer_after_false_starts_is_two_answers_up_to_eight_parts(tries, at):
    """Each part after a blank line that starts with a move legal at the start is tried as an
    answer of its own, up to eight of them: the ninth is read as the moves go on."""
    instance = generate(seed=38, count=1, tasks=["solve"], notations=["letter-arrows"],
                        families=["classic"], disks=(2, 2))[0]  # fmt: skip
    answer = "\n\n".join(["A->B"] * tries + ["A->B\nA->C\nB->C"])
    result = score(answer, instance)
    assert result.outcome is Outcome.AMBIGUOUS
    assert result.detail == (
        f"other moves, then a complete answer from the start at the {at} move: "
        "two answers, nothing is credited"
    )


def test_a_complete_answer_after_nine_false_starts_is_not_looked_for():
    instance = generate(seed=38, count=1, tasks=["solve"], notations=["letter-arrows"],
                        families=["classic"], disks=(2, 2))[0]  # fmt: skip
    result = score("\n\n".join(["A->B"] * 9 + ["A->B\nA->C\nB->C"]), instance)
    assert result.outcome is Outcome.ILLEGAL_MOVE
    assert (
        result.detail
        == "the 2nd move, A->B, breaks the size rule: disk 2 cannot be placed on disk 1"
    )


@pytest.mark.parametrize("cue", ["To recap:", "In summary:", "To confirm:", "Again:"])
@pytest.mark.parametrize("gap", ["\n", "\n\n"])
def test_prose_that_restates_other_moves_leaves_the_reading_in_doubt_and_says_why(cue, gap):
    found = extract_moves(f"A->C\nA->B\nC->B{gap}{cue}{gap}B->A\nB->C")
    assert found.ambiguous
    assert [(reading.moves, reading.why) for reading in found.alternatives] == [
        (((1, 0), (1, 2)), "after prose that restates, but not the same moves")
    ]


_FIRST = [Move(1, 0, 2)]
_SECOND = [Move(1, 0, 1), Move(2, 0, 2), Move(1, 1, 2)]


def _pairs(moves) -> tuple[tuple[int, int], ...]:
    return tuple((m.source, m.target) if isinstance(m, Move) else tuple(m) for m in moves)


@pytest.mark.parametrize("notation", list(NOTATIONS))
def test_an_answer_replaced_after_more_reasoning_is_named_as_such(notation):
    first, second = (NOTATIONS[notation].format(m, 3).strip() for m in (_FIRST, _SECOND))
    found = extract_moves(f"{first}\n<think>\nLet me check that again.\n</think>\n{second}")
    assert _pairs(found.moves) == ((0, 1), (0, 2), (1, 2))
    assert (found.why, found.hedged) == ("the last answer in the text, after reasoning", None)
    assert [(_pairs(a.moves), a.why, a.plausible) for a in found.alternatives] == [
        (((0, 2),), "an earlier answer, replaced by a later one after more reasoning", False)
    ]


@pytest.mark.parametrize("gap", ["\n", "\n\n"])
@pytest.mark.parametrize("before", ["moves-list", "json"])
@pytest.mark.parametrize("after", ["moves-list", "json"])
def test_two_lists_with_nothing_said_between_are_a_hedge_that_names_the_earlier(before, after, gap):
    first = NOTATIONS[before].format(_FIRST, 3).strip()
    second = NOTATIONS[after].format(_SECOND, 3).strip()
    found = extract_moves(first + gap + second)
    assert _pairs(found.moves) == ((0, 1), (0, 2), (1, 2))
    assert found.why == "the last answer in the text"
    assert found.hedged == "two different answers, with nothing said of which is meant"
    assert [(_pairs(a.moves), a.why, a.plausible) for a in found.alternatives] == [
        (((0, 2),), "an earlier answer, replaced by a later one", True)
    ]
    (earlier,) = found.alternatives
    assert [(s.start, s.end, s.why) for s in earlier.spans] == [
        (0, len(first), f"moves in notation {before!r}")
    ]


@pytest.mark.parametrize("lead", ["To solve it, first", "To begin, first", "We start: first"])
@pytest.mark.parametrize(
    "moves",
    [
        "move disk 1 from A to C",
        "move disk 1 from A to C, then disk 2 from A to B.",
        "A->C, then A->B",
    ],
)
def test_the_words_that_lead_into_the_moves_are_skipped_and_only_they(lead, moves):
    found = extract_moves(f"{lead} {moves}")
    assert len(found.moves) == moves.count(" to ") + moves.count("->")
    assert [(s.start, s.end, s.line) for s in found.skipped] == [(0, len(lead), 1)]


@pytest.mark.parametrize("word", ["hmm", "maybe", "I guess"])
@pytest.mark.parametrize("begun", [", move disk 1 from C to,", " then move disk 1 from,"])
def test_words_between_two_moves_leave_the_line_in_doubt_when_a_later_move_is_cut(word, begun):
    """A line whose moves the words around them blur stays ambiguous, whether or not a move
    that cannot be read stops the line later."""
    for end in (begun + " B->C", ""):
        found = extract_moves(f"A->C {word} A->B{end}")
        assert found.moves == ((0, 2), (0, 1))
        assert found.ambiguous
        assert found.hedged == (
            f"the moves cannot be told apart from the words around them: {word!r} between two moves"
        )


@pytest.mark.parametrize(("runs", "offered"), [(2, 1), (3, 2), (4, 3), (5, 3), (6, 3)])
def test_at_most_three_runs_that_start_over_are_offered_as_new_attempts(runs, offered):
    """Runs of move lines with prose between, each starting with the same two moves: read as
    one answer, each later run also offered alone as a new attempt, up to three of them."""
    thirds = ["C->B", "B->C", "C->A", "B->A", "A->C", "A->B"]
    text = "\nHmm, fine.\n".join(f"A->C\nA->B\n{thirds[i]}" for i in range(runs))
    found = extract_moves(text)
    assert len(found.moves) == 3 * runs
    assert found.ambiguous
    assert found.why == "runs of move lines with prose between them, read as one answer"
    whys = [reading.why for reading in found.alternatives]
    assert whys.count("read alone: a new attempt starting over") == offered


@pytest.mark.parametrize("notation", ["letter-arrows", "reasoning-gym", "moves-list"])
def test_several_answer_blocks_are_a_hedge_unless_they_agree(notation):
    first, second = (NOTATIONS[notation].format(m, 3).strip() for m in (_FIRST, _SECOND))
    other = extract_moves(f"<answer>\n{first}\n</answer>\n<answer>\n{second}\n</answer>")
    assert _pairs(other.moves) == ((0, 2),)
    assert other.hedged == "the answer gives several <answer> blocks"
    assert [(_pairs(a.moves), a.why, a.plausible) for a in other.alternatives] == [
        (((0, 1), (0, 2), (1, 2)), "another <answer> block with other moves", True)
    ]
    same = extract_moves(f"<answer>\n{second}\n</answer>\nSo:\n<answer>\n{second}\n</answer>")
    assert _pairs(same.moves) == ((0, 1), (0, 2), (1, 2))
    assert same.hedged is None
    assert [(a.why, a.plausible) for a in same.alternatives] == [
        ("the same answer in another <answer> block", False)
    ]


@pytest.mark.parametrize(("label", "posts"), [("classic", 3), ("classic:4", 4), ("classic:5", 5)])
@pytest.mark.parametrize("disks", [2, 3])
def test_the_same_moves_restated_in_a_notation_counting_pegs_from_1_are_a_restatement(
    label, posts, disks
):
    """A list counting pegs from 0, then the same moves as reasoning-gym lines counting them
    from 1 (after "In other words:"): one answer restated, not two."""
    moves = list(solve(label, disks))
    listed = NOTATIONS["moves-list"].format(moves, posts).strip()
    lines = NOTATIONS["reasoning-gym"].format(moves, posts).strip()
    found = extract_moves(f"{listed}\nIn other words:\n{lines}", posts=posts)
    assert found.moves == tuple(moves)
    assert not found.ambiguous
    assert [a.why for a in found.alternatives] == [
        f"restates the first {len(moves)} moves of the answer"
    ]


@pytest.mark.parametrize(
    "text",
    ["either A->C or A->B", "Try either of these: A->C, A->B.", "We could do either A->C, A->B"],
)
def test_either_before_moves_in_prose_offers_alternatives(text):
    found = extract_moves(text)
    assert found.moves == ((0, 2), (0, 1))
    assert found.ambiguous
    assert found.hedged == "the answer offers alternatives: 'either' before the moves"


@pytest.mark.parametrize("text", ["First A->C, then A->B", "We go A->C and then A->B."])
def test_moves_in_prose_without_either_offer_no_alternatives(text):
    found = extract_moves(text)
    assert found.moves == ((0, 2), (0, 1))
    assert (found.ambiguous, found.hedged) == (False, None)


@pytest.mark.parametrize("cut", ["then move disk 1 from,", ", move disk 1 from C to,"])
def test_a_move_that_cannot_be_read_inside_a_line_ends_the_run_there(cut):
    text = f"A->C\nA->B {cut} C->B\nC->B"
    found = extract_moves(text)
    assert found.moves == ((0, 2), (0, 1))
    assert found.unreadable == f"{cut!r} (not a move)"
    second = text.index("\n") + 1
    third = text.rindex("\n") + 1
    assert [(s.start, s.end, s.why) for s in found.skipped] == [
        (second, third - 1, "a move that cannot be read"),
        (third, len(text), "after a move that cannot be read"),
    ]


@pytest.mark.parametrize("remark", ["Nice!", "That is it.", "Done, I think."])
def test_a_sentence_after_the_moves_on_their_line_is_a_remark(remark):
    text = f"A->C, A->B. {remark}"
    found = extract_moves(text)
    assert found.moves == ((0, 2), (0, 1))
    assert [(s.start, s.end, s.why) for s in found.skipped] == [
        (12, len(text), "a remark after a move")
    ]


@pytest.mark.parametrize(
    "before", ["", "<think>plan</think>\n", "<think>a</think> <think>b</think>\n"]
)
def test_moves_read_inside_a_think_never_closed_are_not_reported_skipped(before):
    """With nothing outside it, the reasoning never closed is read: only the closed reasoning
    before it is skipped."""
    found = extract_moves(f"{before}<think>\nA->C\nA->B")
    assert found.moves == ((0, 2), (0, 1))
    assert found.unfinished
    closed = [(0, len(before) - 1, "reasoning inside <think>...</think>")] if before else []
    assert [(s.start, s.end, s.why) for s in found.skipped] == closed


@pytest.mark.parametrize("text", ["A->C (ok). A->B (fine)\nC->B", "A->C (one). A->B (two)"])
def test_a_line_of_two_remarks_is_skipped_as_one_span_inside_the_text(text):
    found = extract_moves(text)
    assert found.moves[:2] == ((0, 2), (0, 1))
    first_line = text.split("\n")[0]
    assert [(s.start, s.end, s.why) for s in found.skipped] == [
        (0, len(first_line), "a remark after a move")
    ]


@pytest.mark.parametrize("text", ["A->C\nSo:\n[]", "A->C\nA->B\nNow:\nmoves = []"])
def test_an_empty_list_after_the_moves_leaves_them_the_answer_in_their_notation(text):
    found = extract_moves(text)
    assert found.moves == ((0, 2), (0, 1))[: text.count("->")]
    assert found.notation == "letter-arrows"
    assert found.why == "the first reading, which no later one replaced"


@pytest.mark.parametrize(
    ("text", "why"),
    [
        (
            "moves = [[1, 0, 2], [2, 0, 1]]\nmoves = [[1, 0, 2]]",
            "restates the first 1 move of the answer",
        ),
        ("A->C\nA->B\n<think>hmm</think>\nA->C", "restates the first 1 move of the answer"),
        (
            "[[1, 0, 2], [2, 0, 1], [1, 2, 1]]\n[[1, 0, 2], [2, 0, 1]]",
            "restates the first 2 moves of the answer",
        ),
    ],
)
def test_a_restatement_counts_the_moves_it_restates_in_words(text, why):
    """Failed before: 'restates the first 1 moves of the answer' (after a list, or after
    reasoning)."""
    assert [a.why for a in extract_moves(text).alternatives] == [why]


def test_a_list_on_a_line_of_its_own_separates_the_runs_of_lines_around_it():
    found = extract_moves("A->C\n[[1, 0, 1]]\nA->B")
    assert found.moves == (Move(1, 0, 1),)
    assert [a.moves for a in found.alternatives] == [((0, 2),), ((0, 1),)]
    assert found.alternatives[0].why == "an earlier answer, replaced by a later one"


@pytest.mark.parametrize("text", ["moves = []", "[]"])
def test_an_answer_without_pegs_says_no_peg_is_written(text):
    assert extract_moves(text).pegs_why == "no peg is written"
