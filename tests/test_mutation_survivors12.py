"""Tests that kill survivors of a fourth uniform random sample of all mutants (issue 32 item 6).

The sample: 200 names drawn with ``random.Random(20261210).sample`` from the sorted names of
every mutmut 3.8.1 mutant of the configured modules (13,303 at c4189f5), run in the drawn order
(``nox -s mutation`` settings: HANOI_MUTATION=1, HYPOTHESIS_PROFILE=mutation). A comment above
each test names the mutant it kills (``mutmut show NAME`` prints its diff). The file is in the
mutation run's selection (pyproject.toml).
"""

from __future__ import annotations

import pytest

from hanoi_magnet.errors import InvalidArgumentError
from hanoi_magnet.evaluation import Outcome, generate, score
from hanoi_magnet.notation import extract_moves
from tests.reward_hacks import shown_in_the_prompt

#: A prompt line of one's own showing the right moves (two disks, A to C) with a separator the
#: reader reads as a move's but the echo check's quick filter (_echo._MAYBE) does not know.
_SHOWN_UNFILTERED = [
    "Moves: A \u21d2 B, A \u21d2 C, B \u21d2 C",  # ⇒
    "Moves: A \u279c B, A \u279c C, B \u279c C",  # ➜
    "Moves: A \u27f9 B, A \u27f9 C, B \u27f9 C",  # ⟹
    "Moves: A\u279dB, A\u279dC, B\u279dC",  # ➝
    "Move A into B, A into C, B into C.",
]


# An answer that only copies a line of the prompt is no answer (hanoi_magnet/evaluation/_echo.py:
# "An answer with nothing but lines of the prompt is no answer"), whatever the line's moves are
# written with. A bug of c4189f5, fixed after this sample: the line was credited in full
# (SOLVED_OPTIMALLY), since the echo check blanked only lines _MAYBE let through (->, →, =>,
# "to", brackets, short forms...); it now asks the reader's own separators too. As a strict
# xfail it killed _score.x__read_and_judged__mutmut_15 (`if text.strip() or echoed`) and
# mutmut_9 (`or True`), which ask only_echo() before the reading; with the fix they may behave
# as the code does (not run again: their status is open until the next sample or full run).
@pytest.mark.parametrize("shown", _SHOWN_UNFILTERED)
def test_a_prompt_line_with_moves_in_any_separator_copied_alone_is_no_answer(shown):
    result = score(shown, shown_in_the_prompt(shown))
    assert (result.outcome, result.detail) == (
        Outcome.NO_ANSWER,
        "the answer only repeats the prompt (1 line)",
    )


# The same moves written in the answer's own lines are the answer (a check of the instance: the
# line shows the right moves, so what the copy earns is the reward at stake).
@pytest.mark.parametrize("shown", _SHOWN_UNFILTERED)
def test_the_moves_of_such_a_prompt_line_in_the_answers_own_lines_are_credited(shown):
    moves = shown.partition(": ")[2] or shown.removeprefix("Move ").rstrip(".")
    own = moves.replace(", ", "\n")
    assert score(own, shown_in_the_prompt(shown)).outcome is Outcome.SOLVED_OPTIMALLY, own


def _moves(found):
    return [m if isinstance(m, tuple) else (m.source, m.target) for m in found.moves]


TABLE_HEAD = "| Step | Move |\n|---|---|\n"


# A row of words between two rows of moves of a table is a move the answer could not write
# (the table's own rule, _lines._Table): the reading stops there, and names the row. Kills
# _lines.xǁ_Tableǁrow__mutmut_17 (`unread=... read.kind == ABANDON`: the row taken for prose,
# and the moves after it read on as if it were not there).
@pytest.mark.parametrize(
    ("rows", "read", "unread"),
    [
        (["| 1 | A->C |", "| 2 | see below |", "| 3 | A->B |"], [(0, 2)], "2 | see below"),
        (["| 1 | A->C |", "| 2 | A->B |", "| 3 | (thinking) |", "| 4 | C->B |"],
         [(0, 2), (0, 1)], "3 | (thinking)"),
    ],
)  # fmt: skip
def test_a_row_of_words_between_rows_of_moves_is_a_move_that_cannot_be_read(rows, read, unread):
    found = extract_moves(TABLE_HEAD + "\n".join(rows))
    assert _moves(found) == read
    assert found.unreadable is not None
    assert found.unreadable.startswith(repr(unread))


# The same rows of words after the last row of moves are a note: the moves are read whole.
def test_rows_of_words_after_the_last_row_of_moves_are_a_note():
    found = extract_moves(TABLE_HEAD + "| 1 | A->C |\n| 2 | A->B |\n| | see below |")
    assert _moves(found) == [(0, 2), (0, 1)]
    assert found.unreadable is None


# A short form of two capitals beside a move, in the other letter naming of three posts ("DS"
# is D->S in S, I, D names; "B C" is B->C): the reading hedges, and a hedged reading is an
# ambiguous one (Extraction.hedged: "ambiguous is then set too"). Kills
# _extract.x__with_words__mutmut_55 (the hedge given without `ambiguous=True`).
@pytest.mark.parametrize(
    ("answer", "word"),
    [("DS (B->C)", "DS"), ("B->C (DS)", "DS"), ("A->C\nDS (B->C)", "DS"), ("B C (I->S)", "B C")],
)
def test_a_move_in_the_other_letter_names_beside_the_moves_makes_the_reading_ambiguous(
    answer, word
):
    found = extract_moves(answer)
    assert found.hedged == f"a move in other names of the pegs beside the moves: {word!r}"
    assert found.ambiguous


# A sentence that gives up writing the moves ("Then the same again...", "The rest follows...",
# "Continue this pattern for the rest.") with another sentence after it on its line: the answer
# abandons its moves, and says so in that sentence, whether the line holds moves or not. Kills
# _segments.x__without_moves__mutmut_15 (such a sentence given no kind: a line without moves
# is then prose unless the whole line ends in "...", and on a line of moves its words are lost).
@pytest.mark.parametrize(
    ("answer", "moves", "gives_up"),
    [
        ("A->C\nA->B\nC->B\nThen the same again... That is all.", 3, "Then the same again..."),
        ("A->C, A->B. The rest follows... I stop here.", 2, "The rest follows..."),
        ("A->C. Continue this pattern for the rest. A->B", 2, "Continue this pattern"),
    ],
)
def test_a_sentence_giving_up_the_moves_before_another_sentence_abandons_them(
    answer, moves, gives_up
):
    found = extract_moves(answer)
    assert len(found.moves) == moves
    assert found.abandoned is not None
    assert gives_up in found.abandoned


# A table whose rows show the pegs' disks before the move, one list a cell (a picture across
# the cells, `| [3, 2] | [] | [1] |`), then the move: the lists are no moves, though a cell such
# as `[3, 2]` alone reads as one. Kills _lines.x__without_pictures__mutmut_9 (`"[" not in row`:
# pictures in square brackets left in the cells).
@pytest.mark.parametrize(
    ("rows", "read"),
    [
        (
            ["| [3, 2, 1] | [] | [] | A->C |", "| [3, 2] | [] | [1] | A->B |",
             "| [3] | [2] | [1] | C->B |"],
            [(0, 2), (0, 1), (2, 1)],
        ),
        (
            ["| 1 | [3, 2, 1] | [] | [] | 0 -> 2 |", "| 2 | [3, 2] | [] | [1] | 0 -> 1 |",
             "| 3 | [3] | [2] | [1] | 2 -> 1 |"],
            [(0, 2), (0, 1), (2, 1)],
        ),
    ],
)  # fmt: skip
def test_the_pegs_pictured_in_the_cells_of_a_row_before_its_move_are_no_moves(rows, read):
    found = extract_moves("\n".join(rows))
    assert _moves(found) == read
    assert found.unreadable is None


# An answer that is nothing but the beginning of a move with "=" ("A=" of "A=>C"): the output
# was cut off inside its first move, as with "A-" (of "A->C"). Kills
# _extract.x__strong_piece__mutmut_7 (`"XX=XX"`: a short piece with "=" no clear beginning of a
# move, so that nothing read is a format error instead).
@pytest.mark.parametrize("answer", ["A=", "A =", "0=", "Answer:\nA="])
def test_an_answer_cut_off_inside_its_first_move_after_an_equals_sign_is_truncated(answer):
    found = extract_moves(answer)
    assert found.moves == ()
    assert found.truncated


# A token budget without a tokenizer to count the tokens: refused, and the message says which
# argument needs what. Kills _budget.xǁBudgetǁchecked__mutmut_31 (the message garbled).
def test_a_token_budget_without_a_tokenizer_is_refused_with_a_message_naming_the_argument():
    with pytest.raises(InvalidArgumentError) as raised:
        generate(seed=1, count=1, max_answer_tokens=50)
    assert str(raised.value) == "max_answer_tokens needs a tokenizer to count tokens"
