"""Issue 32, classes the answer grammar missed: ``N: X to Y`` lines, an answer stated twice.

* ``1: peg 0 to peg 1`` (a number, a colon, two posts joined by "to") is read as ``1: A -> C``
  is: a label, the disk or, counting up over three lines or more, a step number. It was prose,
  and beside a stronger line the reading went on without it, confidently.
* A line that announces the whole answer after moves ("So the moves are: ...", "Answer: ...",
  "Final answer: ...") is an answer of its own: the same moves are a recap, other moves (fewer,
  or different) a second answer (ambiguous), and after "Final answer:" the later moves are the
  answer. It was read as more moves of the same answer.
"""

from __future__ import annotations

import itertools

import pytest

from hanoi_magnet import Move, solve
from hanoi_magnet.notation import PegNames, extract_moves

_WORDS = ("", "peg ", "Peg ", "tower ", "rod ", "post ", "pole ")
_NAMINGS = [naming for naming in PegNames if naming.fits(3)]


def _name(naming: PegNames, post: int, posts: int = 3) -> str:
    return naming.name_of(post, posts)


@pytest.mark.parametrize("naming", _NAMINGS, ids=lambda n: n.name)
@pytest.mark.parametrize("word", _WORDS)
def test_numbered_to_lines_are_read_as_numbered_arrow_lines(naming, word):
    """Step numbers counting up over three moves or more on three posts: the moves, in order."""
    for n, joint, lead in itertools.product((2, 3), (" to ", " onto "), ("", "from ")):
        moves = list(solve("classic", n))
        lines = [
            f"{index}: {lead}{word}{_name(naming, m.source)}{joint}{word}{_name(naming, m.target)}"
            for index, m in enumerate(moves, 1)
        ]
        found = extract_moves("\n".join(lines), pegs=naming)
        assert found.moves == tuple((m.source, m.target) for m in moves), lines
        assert not found.ambiguous
        arrows = [line.replace(joint, " -> ") for line in lines]
        assert extract_moves("\n".join(arrows), pegs=naming).moves == found.moves


@pytest.mark.parametrize("naming", [PegNames.ZERO, PegNames.ONE, PegNames.LETTERS])
@pytest.mark.parametrize("word", ["peg ", "tower ", ""])
def test_numbered_to_lines_beside_a_stronger_line_are_never_skipped(naming, word):
    """Issue 32: on four posts such lines were skipped beside ``disk 2 from tower 2 to tower 1``
    and the answer read as that one move, confidently."""

    def called(post: int) -> str:
        return f"{word}{_name(naming, post, 4)}"

    lines = [f"{i}: {called(0)} to {called(i)}" for i in (1, 2, 3)]
    text = "\n".join([*lines, f"disk 2 from {called(2)} to {called(1)}"])
    found = extract_moves(text, pegs=naming, posts=4)
    arrows = extract_moves(text.replace(" to ", " -> ", 3), pegs=naming, posts=4)
    assert len(found.moves) == 4
    assert found.moves == arrows.moves
    assert found.moves[-1] == Move(2, 2, 1)


def test_a_time_of_day_is_no_label():
    with pytest.raises(Exception, match="no moves"):
        extract_moves("The meeting ran 10:30 to 11:00 then.\nDone.")
    assert extract_moves("1:A -> C").moves == (Move(1, 0, 2),)  # arrows need no space


_MOVES = "A->B\nA->C\nB->C"
_FULL = ((0, 1), (0, 2), (1, 2))
_RESTATE = ("So the moves are: ", "Answer: ", "The answer is ", "In summary, the solution is: ",
            "The complete sequence is: ", "Moves: ", "- Thus the moves are: ")  # fmt: skip
_FINAL = ("Final answer: ", "Corrected sequence: ", "Revised solution: ", "The final answer is ")


@pytest.mark.parametrize("label", _RESTATE)
@pytest.mark.parametrize("gap", ["\n", "\n\n", "\nThat's it.\n"])
def test_an_answer_stated_again_is_a_recap_only_when_it_agrees(label, gap):
    same = extract_moves(f"{_MOVES}{gap}{label}A->B, A->C, B->C.")
    assert (same.moves, same.ambiguous) == (_FULL, False), label
    for other in ("A->B, A->C", "A->C, A->B, C->B", "Move disk 1 from A to B"):
        found = extract_moves(f"{_MOVES}{gap}{label}{other}.")
        assert found.ambiguous and found.hedged, (label, other)
    listed = extract_moves(f"moves = [[1, 0, 1], [2, 0, 2], [1, 1, 2]]{gap}{label}[1, 0, 1]")
    assert listed.ambiguous, label


@pytest.mark.parametrize("label", _FINAL)
def test_a_final_answer_label_replaces_the_moves_before_it(label):
    for first in ("Answer: A->C, A->B, C->B", "A->C\nA->B\nC->B", "[[1, 0, 2], [2, 0, 1]]"):
        found = extract_moves(f"{first}\n\n{label}A->B, A->C, B->C")
        assert (found.moves, found.ambiguous) == (_FULL, False), (first, label)


def test_two_labelled_answers_say_what_the_scorer_says():
    """extract_moves reported six moves as 'the only reading' while score() saw two answers."""
    from hanoi_magnet.evaluation import Outcome, generate, score

    text = "Answer: A->C, A->B, C->B\n\nAnswer: A->B, A->C, B->C"
    assert extract_moves(text).ambiguous
    instance = next(
        i for i in generate(seed=1, count=200, families=["classic"], disks=(2, 2),
                            tasks=["solve"], notations=["letter-arrows"])
        if i.posts == 3
    )  # fmt: skip
    assert score(text, instance).outcome is Outcome.AMBIGUOUS
    final = text.replace("\n\nAnswer:", "\n\nFinal answer:")
    assert extract_moves(final).moves == ((0, 1), (0, 2), (1, 2))
    assert score(final, instance).outcome is not Outcome.AMBIGUOUS


def test_a_partial_recap_and_a_label_that_opens_the_answer_are_kept():
    recap = extract_moves(f"{_MOVES}\n\nTo recap, the first moves are A->B, A->C")
    assert (recap.moves, recap.ambiguous) == (_FULL, False)
    opening = extract_moves("Answer: A->B\nA->C\nB->C")
    assert (opening.moves, opening.ambiguous) == (_FULL, False)
    assert extract_moves("Move the disk on top from A to C").moves == ((0, 2),)


@pytest.mark.parametrize("count", ["disks", "discs", "moves", "steps", "times", "pegs"])
@pytest.mark.parametrize("lead", ["Step 1: ", "First, ", "1. ", ""])
def test_a_number_that_counts_is_no_peg(count, lead):
    """'Step 1: move from 2 to 3 disks' was read as a move from peg 2 to peg 3."""
    text = f"{lead}move from 2 to 3 {count} in my head.\n1. Peg 1 -> Peg 3\n2. Peg 1 -> Peg 2"
    assert extract_moves(text, pegs=PegNames.ONE).moves == ((0, 2), (0, 1))
    assert extract_moves("Move disk 1 from 2 to 3", pegs=PegNames.ONE).moves == (Move(1, 1, 2),)


@pytest.mark.parametrize(
    "form",
    [
        "Move disk {d} from {s} to {t}",
        "{s}{t}",
        "[{s}, {t}]",
        "[{d}, {s}, {t}]",
        '{{"disk": {d}, "from": "{s}", "to": "{t}"}}',
        "`{s} {t}`",
    ],
)
def test_a_step_number_before_any_other_form_is_read_as_one(form):
    """'1: AC', '2: Move disk 2 ...', '10: [1, 0, 2]': the number is a step, the move is read;
    beside a stronger line such lines were skipped, and the answer read without them."""
    moves = list(solve("classic", 4))  # 15 moves: step numbers of two digits too
    lines = [
        f"{i}: " + form.format(d=m.disk, s="ABC"[m.source], t="ABC"[m.target])
        for i, m in enumerate(moves, 1)
    ]
    found = extract_moves("\n".join(lines))
    assert [(m.source, m.target) if isinstance(m, Move) else m for m in found.moves] == [
        (m.source, m.target) for m in moves
    ]
    mixed = extract_moves("\n".join([*lines[:-1], "Move disk 1 from B to C"]))
    assert len(mixed.moves) == len(moves)
