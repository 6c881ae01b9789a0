"""Tests that kill survivors of a uniform random sample of all mutants (issue 32 item 6).

The sample: 200 names drawn with ``random.Random(20261207).sample`` from the sorted names of
every mutmut 3.8.1 mutant of the configured modules (11,972 at 098a9fe), run in the drawn order
(``nox -s mutation`` settings: HANOI_MUTATION=1, HYPOTHESIS_PROFILE=mutation). Each test names
the behaviour it pins and, in its docstring, the mutant it kills (``mutmut show NAME`` prints
one). The file is in the mutation run's selection (pyproject.toml).
"""

from __future__ import annotations

import pytest

from hanoi_magnet.errors import NotationError
from hanoi_magnet.evaluation import Outcome, generate, score
from hanoi_magnet.notation import Extraction, extract_moves

#: The first moves of the classic 4-disk solution (A to C), as a list would number them.
MOVES = ("A->B", "A->C", "B->C", "A->B", "C->A", "C->B", "A->B", "A->C", "B->C")
PAIRS = ((0, 1), (0, 2), (1, 2), (0, 1), (2, 0), (2, 1), (0, 1), (0, 2), (1, 2))
#: "A->C", "A->B", "C->B", "A->C" as pairs of posts.
PAIRS_OF_LIST = ((0, 2), (0, 1), (2, 1), (0, 2))
BESIDE_A_STEP = "moves listed beside a step that moves several disks at once"


def _pairs(found: Extraction) -> tuple[tuple[int, int], ...]:
    return tuple(m if isinstance(m, tuple) else (m.source, m.target) for m in found.moves)


@pytest.mark.parametrize("count", [3, 9])
def test_a_step_of_several_disks_numbered_10_or_more_after_the_moves_is_a_plans_step(count):
    """A list's item that moves several disks puts the moves listed before it in doubt.

    The same whether the item is numbered with one digit ("4. Move the top two disks ...")
    or with two ("10. Move the top two disks ...", which the line reader first takes for a
    move written as two digits and some words): it is a step of a plan, not an unreadable
    move that stops the reading. Kills _segments.x_read_line__mutmut_128 (the two-digit item
    no longer marked as a plan's step).
    """
    lines = [f"{k}. {move}" for k, move in enumerate(MOVES[:count], 1)]
    lines.append(f"{count + 1}. Move the top two disks from B to C.")
    lines.append(f"{count + 2}. Move disk 4 from A to B.")
    found = extract_moves("\n".join(lines))
    assert _pairs(found) == PAIRS[:count]
    assert found.unreadable is None
    assert found.ambiguous
    assert found.hedged == (
        "the moves cannot be told apart from the words around them: " + BESIDE_A_STEP
    )


def test_a_disk_and_its_peg_written_as_numbers_is_explained_in_full():
    """The doubt says which line moves a peg onto itself and what its numbers may mean.

    "1 -> 3", "2 -> 2", "1 -> 2" is disk 1 to peg 3, disk 2 to peg 2, disk 1 to peg 2 (the
    first three moves of the 2-disk solution), or moves between pegs, one of them impossible.
    Kills _decide.x_onto_itself__mutmut_10 (the explanation's second half in capitals).
    """
    found = extract_moves("1 -> 3\n2 -> 2\n1 -> 2")
    assert found.ambiguous
    assert found.hedged == (
        "'2 -> 2' moves a peg onto itself: the numbers may be a disk and the peg it goes to"
    )


def _classic(n: int = 2, notation: str = "letter-arrows", **options):
    return generate(
        seed=11, count=1, families=["classic"], disks=(n, n), tasks=["solve"],
        templates=["plain"], notations=[notation], **options,
    )[0]  # fmt: skip


@pytest.mark.parametrize(
    ("answer", "outcome"),
    [
        ("", Outcome.NO_ANSWER),
        ("I think the puzzle is easy.", Outcome.FORMAT_ERROR),
        ("A->C or A->B", Outcome.AMBIGUOUS),
        ("UNSOLVABLE", Outcome.WRONG_ABSTENTION),
        ("<think>\nA->B\n", Outcome.TRUNCATED),
    ],
)
def test_an_answer_with_no_moves_to_judge_is_not_unverified(answer, outcome):
    """``unverified`` is only for a ``continue`` search that hit its limit: never set here.

    An answer scored without a verdict (nothing read, in doubt, a wrong abstention, moves
    left in an unclosed reasoning) has nothing whose optimality could be left unchecked; its
    record says ``"unverified": false``. Kills _score.xǁ_Baseǁunread__mutmut_52.
    """
    result = score(answer, _classic())
    assert result.outcome is outcome
    assert result.unverified is False
    assert result.to_dict()["unverified"] is False
    assert result.solved is False


@pytest.mark.parametrize(
    ("text", "pegs"),
    [
        ("Move disk 1 from 1 to C\nAB ok", "1, C"),
        ("Move disk 1 from A to 3, then BC as said", "3, A"),
        ("1 -> C\nAB, fine\n2 -> B", "1, 2, B, C"),
    ],
)
def test_a_capital_word_beside_moves_of_numbers_and_letters_names_no_peg(text, pegs):
    """The error names the pegs of the moves only, not the letters of a word such as "AB".

    A move that names one peg by a number and one by a letter counts as a move of numbers
    when the capital words are told from moves: no letter naming fits it, so "AB" beside it
    is a word. Kills _words.x__letters__mutmut_3 (a move with one letter read as letters).
    """
    with pytest.raises(NotationError) as raised:
        extract_moves(text)
    assert str(raised.value) == f"the pegs are named both by letters and by numbers: {pegs}"


@pytest.mark.parametrize(
    ("text", "remark"),
    [
        ("A->C (correction: A->B)\nC->B", "(correction: A->B)"),
        ("1. A->C (let me try A->B)\n2. C->B", "(let me try A->B)"),
    ],
)
def test_a_move_corrected_in_its_own_remark_is_in_doubt(text, remark):
    """A remark after a move that corrects it with another move: which one is meant?

    Words of a correction that do not say a move is wrong ("correction:", "let me try") count
    as well as those that do. Kills _segments.x__closing__mutmut_55 (the correction cue never
    matched).
    """
    found = extract_moves(text)
    assert found.ambiguous
    assert found.hedged == (
        "the moves cannot be told apart from the words around them: the move is corrected "
        f"after it: {remark!r}"
    )


@pytest.mark.parametrize(
    ("text", "count", "step", "corrected"),
    [
        (
            "1. A->C\n2. A->B\n3. C->B\nWait, step 2 is wrong. Corrected step 2:\n2. C->B\n",
            3,
            2,
            ((2, 1),),
        ),
        (
            "1. A->C\n2. A->B\n3. C->B\n4. A->C\nCorrection:\n3. B->C\n4. A->C",
            4,
            3,
            ((1, 2), (0, 2)),
        ),
    ],
)
def test_a_corrected_step_of_a_list_leaves_the_answer_in_doubt(text, count, step, corrected):
    """After "Corrected step 2:", "2. C->B": step 2 replaced, or the moves from step 2 on?

    The list is read, in doubt, and the correction is offered as a plausible other reading.
    Kills _decide.x__next__mutmut_123 (the other reading lost: the reader then failed).
    """
    found = extract_moves(text)
    assert _pairs(found) == PAIRS_OF_LIST[:count]  # the list as first written
    assert found.ambiguous
    assert found.hedged == (
        f"a correction of step {step} of the list before it: which moves it replaces is not said"
    )
    assert [(r.why, r.plausible, r.moves) for r in found.alternatives] == [
        (f"a correction of step {step} of the list", True, corrected)
    ]


@pytest.mark.parametrize(
    "text",
    [
        '{"disk": N, "from": "A", "to": "C"}',
        'Write each move as {"disk": X, "source": Y, "target": Z}.',
    ],
)
def test_a_json_format_with_a_letter_for_the_disk_is_no_move(text):
    """``{"disk": N, ...}`` describes the format: the answer holds no move, none unreadable.

    Kills _mentions.x__json__mutmut_24 (the disk's value never looked at: the format was read
    as a move of disk N, which cannot be one).
    """
    with pytest.raises(NotationError) as raised:
        extract_moves(text)
    assert str(raised.value) == "no moves found in the answer"


@pytest.mark.parametrize("lead", ["1. ", "Step 1: "])
def test_a_text_is_cut_off_only_if_it_reads_the_same_without_the_piece(lead):
    """The "A ->" at the end begins a move, but without it the last line reads otherwise.

    Read whole, "A->B, then A ->" is a second A->B (its end a move that cannot be read); with
    the piece blanked, that A->B is the step above said again. The moves differ, so the text
    is not taken as cut off: the whole reading stands. Kills _extract.x__same_before__mutmut_8
    (one move more taken as the same moves even where no move was replaced).
    """
    found = extract_moves(lead + "A->B\nA->B, then A ->")
    assert _pairs(found) == ((0, 1), (0, 1))
    assert not found.truncated
