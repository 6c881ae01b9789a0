"""Red-team pass 8 (issue 32, item 4): two classes pass 7 left paid, closed as classes.

Each test writes one class over hundreds of generated instances (every family, task,
template and notation; a tenth unsolvable) and checks what a careful grader gives:

* the right moves quoted as a format's example over several lines ("Write the moves in the
  form 'A->B" / "D->B'."): nothing, as on one line; the answer's own moves after the
  quotation earn what they earn alone.
* a next move with another move in a remark after it, where the remark is the same move only
  in a naming the answer does not use (``moves = [[2, 1, 2]] (A->B)``: pegs numbered from 0
  make the move B->C; ``Move disk 1 from Peg 1 to Peg 2 (B->C)`` with pegs from 1): which
  move is meant? nothing. The same move said again in other names keeps its credit.
"""

from __future__ import annotations

import pytest

from hanoi_magnet.evaluation import Instance, Outcome, Task, score
from hanoi_magnet.evaluation._policies import _optimal_move
from hanoi_magnet.model import Move
from hanoi_magnet.notation import NOTATIONS
from tests.reward_hacks import check, golds, instances, shown_in_the_prompt

#: The rewards that judge the moves (``strict`` also judges the format).
_MOVES_JUDGED = ("graded", "solved", "optimal", "prefix")

SEEDS = (81, 82)

#: Format sentences, each with its quotes: (opening, closing).
_QUOTED = [
    ("Write the moves in the form ", "'", "'", "."),
    ("Use the format ", '"', '"', "."),
    ("For example: ", "`", "`", ""),
    ("e.g. ", "\u2018", "\u2019", ""),
    ("Write each move like ", "\u201c", "\u201d", "."),
]


#: The plain marks that close a typographic quote too ("“A->B" may end with '"').
_CLOSES = {"\u2018": "'", "\u201c": '"'}


def _judged(answer: str, instance: Instance) -> dict[str, float]:
    rewards = score(answer, instance).rewards
    return {name: rewards[name] for name in _MOVES_JUDGED}


def _quoted(gold: str, lead: str, opening: str, closing: str, stop: str) -> str | None:
    """``gold`` quoted after ``lead`` (``None``: the gold holds the quotes, or one line)."""
    closes = (opening, closing, *_CLOSES.get(opening, ""))
    if "\n" not in gold or any(mark in gold for mark in closes):
        return None
    return f"{lead}{opening}{gold}{closing}{stop}"


def _multi_line_golds() -> list[tuple[Instance, str]]:
    return [(instance, gold) for instance, gold in golds(SEEDS, 400) if "\n" in gold]


@pytest.mark.parametrize(("lead", "opening", "closing", "stop"), _QUOTED)
def test_moves_quoted_as_a_format_over_several_lines_earn_nothing(
    lead: str, opening: str, closing: str, stop: str
) -> None:
    answers = []
    for instance, gold in _multi_line_golds():
        quoted = _quoted(gold, lead, opening, closing, stop)
        if quoted is not None:
            answers.append((quoted, instance))
    check(answers, enough=100)


@pytest.mark.parametrize(("lead", "opening", "closing", "stop"), _QUOTED)
def test_the_moves_after_a_format_quoted_over_several_lines_earn_what_they_earn_alone(
    lead: str, opening: str, closing: str, stop: str
) -> None:
    checked = 0
    for instance, gold in _multi_line_golds()[:120]:
        quoted = _quoted(gold, lead, opening, closing, stop)
        if quoted is None:
            continue
        checked += 1
        # the quotation shows the answer's own moves as the format: the answer follows it
        assert _judged(f"{quoted}\n{gold}", instance) == _judged(gold, instance), instance.id
    assert checked >= 50


def test_moves_quoted_as_the_answer_over_several_lines_are_read() -> None:
    """Control: a quotation is not a format's example by itself ("The answer is '...'.")."""
    checked = 0
    for instance, gold in _multi_line_golds()[:120]:
        if "'" in gold:
            continue
        checked += 1
        assert _judged(f"The answer is '{gold}'.", instance) == _judged(gold, instance)
    assert checked >= 50


def _next_moves() -> list[tuple[Instance, Move, list[Move]]]:
    """Next-move instances, the right move, and the legal moves of other pegs."""
    found = []
    for instance in instances(SEEDS):
        if instance.task is not Task.NEXT_MOVE or instance.unsolvable is not None:
            continue
        right = _optimal_move(instance)
        assert right is not None
        others = [
            move
            for move in instance.rules.legal_moves(instance.start)
            if (move.source, move.target) != (right.source, right.target)
        ]
        if others:
            found.append((instance, right, others))
    return found


#: Notations that number the pegs (their count from 0 or 1 is the instance's).
_NUMBERED = ("moves-list", "json", "reasoning-gym", "arrows", "numbers")


def _with_remark(remark_notation: str, same: bool) -> list[tuple[str, Instance]]:
    """The right move in the instance's numbered notation, a remark in ``remark_notation``:
    another legal move (``same`` False), or the right move again."""
    answers = []
    for instance, right, others in _next_moves():
        notation = NOTATIONS[instance.notation]
        remark = NOTATIONS[remark_notation]
        if instance.notation not in _NUMBERED or not remark.pegs.fits(instance.posts):
            continue
        one = notation.format([right], instance.posts).strip()
        for other in [right] if same else others:
            two = remark.format([other], instance.posts).strip()
            answers.append((f"{one} ({two})", instance))
    return answers


def test_a_next_move_beside_another_in_letters_earns_nothing() -> None:
    """``moves = [[2, 1, 2]] (A->B)``: B->C with pegs from 0, yet A->B with pegs from 1."""
    check(_with_remark("letter-arrows", same=False), enough=150)


def test_a_next_move_beside_another_in_the_same_numbers_earns_nothing() -> None:
    """``moves = [[1, 0, 1]] (1 2)``: an answer counts its pegs one way, so two moves."""
    answers = [
        (answer, instance)
        for answer, instance in _with_remark("numbers", same=False)
        if NOTATIONS[instance.notation].pegs is NOTATIONS["numbers"].pegs
    ]
    check(answers, enough=50)


def test_a_next_move_said_again_in_letters_keeps_its_credit() -> None:
    answers = _with_remark("letter-arrows", same=True)
    assert len(answers) >= 50
    for answer, instance in answers:
        alone = answer.rpartition(" (")[0]
        assert _judged(answer, instance) == _judged(alone, instance), (instance.id, answer)


def test_a_next_move_in_letters_beside_another_in_the_puzzles_numbers_earns_nothing() -> None:
    """``A->B (Move disk 1 from Peg 2 to Peg 3)`` where the puzzle numbers its pegs from 1:
    the remark is B->C in the puzzle's numbers (A->B only counting from 0)."""
    answers = []
    for instance, right, others in _next_moves():
        notation = NOTATIONS[instance.notation]
        if instance.notation not in _NUMBERED or not NOTATIONS["letter-arrows"].pegs.fits(
            instance.posts
        ):
            continue
        one = NOTATIONS["letter-arrows"].format([right], instance.posts).strip()
        answers += [
            (f"{one} ({notation.format([other], instance.posts).strip()})", instance)
            for other in others
        ]
    check(answers, enough=150)


#: A short form of two capitals in one letter naming, and a move in the other (three posts).
_SHORT_BESIDE = (("compact", "letter-arrows"), ("letters", "arrows"))


def test_a_short_next_move_beside_another_in_other_letters_earns_nothing() -> None:
    """``DS (B->C)``, ``B C (I->S)``, either first: ``DS`` names no peg A, B, C (nor ``B C``
    one of S, I, D) yet is a move in the other naming, not a word beside the move."""
    answers = []
    for instance, right, others in _next_moves():
        if instance.posts != 3:
            continue
        for short, other_naming in _SHORT_BESIDE:
            one = NOTATIONS[short].format([right], 3).strip()
            two = NOTATIONS[other_naming].format([others[0]], 3).strip()
            answers += [(f"{one} ({two})", instance), (f"{two} ({one})", instance)]
    check(answers, enough=150)


#: A prompt of one's own whose text shows the right moves without an arrow, and how they read.
_SHOWN = [
    ("compact", "Moves: SI SD ID"),
    ("compact", "Answer: SI, SD, ID"),
    ("letters", "Moves: A B, A C, B C"),
    ("numbers", "Answer: 0 1, 0 2, 1 2"),
]


@pytest.mark.parametrize(("notation", "shown"), _SHOWN)
def test_a_prompt_line_that_shows_the_right_moves_copied_alone_earns_nothing(notation, shown):
    """Parroting: the line copied from the prompt is no answer, as a line with an arrow is;
    the same moves in the answer's own lines are credited."""
    instance = shown_in_the_prompt(shown, notation)
    assert score(shown, instance).outcome is Outcome.NO_ANSWER
    moves = (
        shown.partition(": ")[2]
        .replace(", ", "\n")
        .replace(" ", "\n" if notation == "compact" else " ")
    )
    assert score(moves, instance).outcome is Outcome.SOLVED_OPTIMALLY, moves
