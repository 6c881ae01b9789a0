"""Tests that kill survivors of a third uniform random sample of all mutants (issue 32 item 6).

The sample: 200 names drawn with ``random.Random(20261209).sample`` from the sorted names of
every mutmut 3.8.1 mutant of the configured modules (12,965 at cde1b5e), run in the drawn order
(``nox -s mutation`` settings: HANOI_MUTATION=1, HYPOTHESIS_PROFILE=mutation). A comment above
each test names the mutant it kills (``mutmut show NAME`` prints its diff). The file is in the
mutation run's selection (pyproject.toml).
"""

from __future__ import annotations

import random

import pytest

from hanoi_magnet.evaluation import Outcome, PromptTemplate, generate, score
from hanoi_magnet.notation import extract_moves
from tests.test_audit import _built_in  # the policies, built afresh in a mutation run


def _moves(found):
    return [m if isinstance(m, tuple) else (m.source, m.target) for m in found.moves]


# A list numbered from 0 is read as the same list numbered from 1 or from any other number: the
# item of words numbered out of turn (no item numbered one after the first move) is read alike
# whatever the first number is. Kills _lines.xǁ_Numberedǁline__mutmut_59 (the unhandled survivor
# of the second sample: `last <= 0` for `last < 0`, a move numbered 0 taken for no move at all,
# so that the item after it was read as a list's first item, an unreadable move).
@pytest.mark.parametrize("lead", ["{k}. ", "Step {k}: ", "{k}) "])
@pytest.mark.parametrize(
    "words",
    [
        "Move the smallest of the three disks from C to B",
        "Take the top disk from C and put it on B",
    ],
)
def test_a_list_numbered_from_zero_is_read_as_the_same_list_numbered_from_one(lead, words):
    def answer(first):
        lines = ["A -> C", words, "A -> B"]
        numbers = [first, first + 2, first + 3]
        return "\n".join(lead.format(k=k) + line for k, line in zip(numbers, lines, strict=True))

    from_one = extract_moves(answer(1))
    for first in (0, 2, 7):
        found = extract_moves(answer(first))
        assert _moves(found) == _moves(from_one), first
        assert (found.unreadable is None) == (from_one.unreadable is None), first
        assert found.ambiguous == from_one.ambiguous, first


# "A->C (A->Z)": the remark offers a move to peg Z, which is A->C in no naming of the pegs (Z
# is peg 25, never peg 2 or peg 3), so which move is meant cannot be told: in doubt, as with
# any other peg letter in the remark ("A->C (A->B)"). Kills _segments.x__readings__mutmut_26
# (a move to Z read as a move in any naming: the same move, no doubt).
@pytest.mark.parametrize("posts", [3, 26])
@pytest.mark.parametrize(
    "line",
    ["A->C (A->Z)", "A -> C (B -> Z)", "Move disk 1 from A to C (A->Z)", "A->C (or maybe Y->Z)"],
)
def test_a_move_to_peg_z_in_the_remark_is_another_move(line, posts):
    found = extract_moves(line + "\nC->B", posts=posts)
    assert _moves(found) == [(0, 2), (2, 1)]
    assert found.ambiguous
    assert "the move is followed by another move" in found.hedged


#: The first three moves of three disks, on pegs numbered from 0, with the pegs after each.
PICTURED = [((0, 2), ([3, 2], [], [1])), ((0, 1), ([3], [2], [1])), ((2, 1), ([3], [2, 1], []))]


# "(1) (0, 2) [3, 2] [] [1]": the step's number and its move in parentheses, then the pegs
# after it in square brackets. The square lists are a picture of the pegs (disks from 1, none
# twice, one peg empty), not moves: the answer is the three moves in parentheses, and peg 3
# (from "[3, 2]") is named nowhere. Kills _snapshots.x__blank__mutmut_16 (the brackets of a
# picture taken from the stretch's second list, the move's, so that the picture was kept).
@pytest.mark.parametrize("apart", [" ", ", ", " | "])
@pytest.mark.parametrize("lead", ["({k}) ", "Step ({k}) "])
def test_pegs_pictured_in_square_brackets_after_a_move_in_parentheses_are_no_moves(lead, apart):
    lines = [
        lead.format(k=k) + f"({a}, {b})  " + apart.join(str(peg) for peg in pegs)
        for k, ((a, b), pegs) in enumerate(PICTURED, start=1)
    ]
    found = extract_moves("\n".join(lines))
    assert _moves(found) == [(0, 2), (0, 1), (2, 1)]
    assert found.unreadable is None
    assert not found.ambiguous


def _script(answer):
    digits = {ord(c) for c in answer if c.isdigit()}
    if digits and all(0xFF10 <= d <= 0xFF19 for d in digits):
        return "full-width"
    if digits and all(0x0660 <= d <= 0x0669 for d in digits):
        return "Arabic-Indic"
    return "mixed or none"


# The policy "other-digits" writes the reference answer "in full-width or Arabic-Indic digits":
# both scripts, each in one answer or another (drawn at random, one per answer), so that an
# audit tries the scorer on both. Over 40 draws one script alone would be a chance of 2**-39.
# Kills _policies.x__digits__mutmut_11 (full-width digits always).
@pytest.mark.parametrize("notation", ["reasoning-gym", "numbers", "json"])
def test_the_right_answer_in_other_digits_is_written_in_both_scripts(notation):
    instance = generate(
        seed=3, count=1, families=["classic"], disks=(3, 3), tasks=["solve"],
        notations=[notation],
    )[0]  # fmt: skip
    policy = _built_in()["other-digits"]
    scripts = set()
    for seed in range(40):
        (answer,) = policy.write(instance, random.Random(seed))
        scripts.add(_script(answer))
    assert scripts == {"full-width", "Arabic-Indic"}


# "1. A->C ... 3. C->B", then "Wait, move 2 is wrong.": the answer takes back one of its own
# moves without saying which move is meant instead; neither the list as written nor any other
# reading is surely the answer, so the reading is in doubt (with no move after the sentence, on
# the reader's fast path for a plain list as on its full path). Kills
# _decide.x_correction_after__mutmut_8 (a step named wrong doubted only when moves follow).
@pytest.mark.parametrize(
    "sentence",
    ["Wait, move 2 is wrong.", "Wait, the 2nd move is wrong.", "Wait, step 3 was a mistake."],
)
@pytest.mark.parametrize("lead", ["{k}. ", "Step {k}: ", ""])
def test_a_sentence_after_the_moves_saying_a_step_is_wrong_puts_them_in_doubt(lead, sentence):
    moves = ["A->C", "A->B", "C->B"]
    lines = [lead.format(k=k) + move for k, move in enumerate(moves, start=1)]
    found = extract_moves("\n".join([*lines, sentence]))
    assert _moves(found) == [(0, 2), (0, 1), (2, 1)]
    assert found.ambiguous
    assert found.hedged == f"a sentence after the moves says one is wrong: {sentence!r}"


# A prompt that shows answers two ways: "For example: A->C", and moves without an arrow
# ("Moves: AC AB CB"). An answer that copies both lines and writes nothing else only repeats the
# prompt: no answer, whichever line comes first, and though one of them alone reads as moves.
# Kills _score.x__read_and_judged__mutmut_8 (the copy no longer counted once the arrow line is
# blanked: the other line read as the answer).
@pytest.mark.parametrize("first", [True, False])
@pytest.mark.parametrize(
    "shown", ["Moves: AC AB CB", "Answer: AC, AB, CB", "Step 1: AC", "moves = AC AB CB"]
)
def test_an_answer_copying_two_example_lines_of_the_prompt_only_repeats_it(shown, first):
    template = PromptTemplate(
        "shown-twice",
        "{rules}\n\n{task}\n\n{format}\nFor example: A->C\n" + shown,
        "letter-arrows",
    )
    instance = generate(
        seed=43, count=1, templates=[template], families=["classic"], tasks=["solve"],
        disks=(2, 2),
    )[0]  # fmt: skip
    lines = [shown, "For example: A->C"] if first else ["For example: A->C", shown]
    result = score("\n".join(lines), instance)
    assert result.outcome is Outcome.NO_ANSWER
    assert result.detail == "the answer only repeats the prompt (2 lines)"


# "2. A->B (wrong)": the answer calls one of its own moves wrong right after it, and says
# nothing of what to play instead: the moves as written may not be the answer, so the reading
# is in doubt. Kills _segments.x__closing__mutmut_46 (`uncertain and ...`: the doubt dropped).
@pytest.mark.parametrize("remark", ["(wrong)", "- not allowed", "is a mistake", "(illegal)"])
@pytest.mark.parametrize("lead", ["{k}. ", "Step {k}: ", ""])
def test_a_move_called_wrong_right_after_it_puts_the_moves_in_doubt(lead, remark):
    moves = ["A->C", f"A->B {remark}", "C->B"]
    found = extract_moves("\n".join(lead.format(k=k) + m for k, m in enumerate(moves, start=1)))
    assert _moves(found) == [(0, 2), (0, 1), (2, 1)]
    assert found.ambiguous
    assert found.hedged.endswith(f"the move is followed by {remark!r}")


#: The seven moves of three disks from A to C, one per bullet.
BULLETED = "- A->C\n- A->B\n- C->B\n- A->C\n- B->A\n- B->C\n- A->C"


# A numbered plan cut short after its step of one disk ("2. Move disk 3 from A to C.", "2. A->C"),
# then the moves as bullets: the bullets are a list of their own, not items of the plan's list,
# and they are the answer, with no doubt (the doubt of "moves listed after a plan's steps, in
# the same list" is for items numbered on in the plan's own list). Kills
# _lines.xǁ_Plansǁtakes__mutmut_41 (every item taken for the plan's next one).
@pytest.mark.parametrize("step", ["2. Move disk 3 from A to C.", "2. A->C"])
def test_bulleted_moves_after_a_numbered_plan_are_a_list_of_their_own(step):
    found = extract_moves(f"1. Move the top two disks from A to B.\n{step}\n{BULLETED}")
    assert _moves(found) == [(0, 2), (0, 1), (2, 1), (0, 2), (1, 0), (1, 2), (0, 2)]
    assert not found.ambiguous
    assert found.hedged is None
