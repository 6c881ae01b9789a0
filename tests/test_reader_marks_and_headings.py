"""Three classes of answers a careful grader hesitates over, read with confidence before.

* A move marked wrong with a cross (``A->B ❌``, ``❌ A->B``, ``A->B (disk 1) ✗``): is it part of
  the answer? A cross directly after the move was doubted, one after a space or a remark, or
  before the move, was not.
* A sentence after the moves that takes them back ("Wait, that is wrong: it should be B->A.",
  "Oops, that is wrong.", "Instead, B->A."): only a sentence naming a step ("move 5 is wrong")
  was doubted.
* Moves under "Moves so far:" and then "Next moves:" (a ``continue`` answer recalling the given
  moves): read as one list from the start, with confidence. The later list is the moves from
  the position the first one leads to, and the two together a plausible reading too. In a
  ``continue`` or ``next-move`` task, which says which moves are made, the later list is the
  answer; in a ``solve`` answer the score credits nothing when the two readings disagree.

Each class is generated over the kit's instances (every family, task, template and notation)
and over every mark, sentence and heading listed here, with controls that must keep their
credit (a check mark, "None of the moves is wrong.", "First moves:" then "Next moves:").
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

import pytest

from hanoi_magnet.evaluation import Instance, Outcome, Task, score
from hanoi_magnet.evaluation._policies import _moves, _written
from hanoi_magnet.model import Move
from hanoi_magnet.notation import NOTATIONS, extract_moves
from hanoi_magnet.registry import solve
from tests.reward_hacks import check, golds, instances

SEEDS = (91, 92, 93, 94)

CROSSES = "❌✗✘✖❎⛔🚫"
CHECKS = "✅✓✔"

#: Sentences after the moves that take them back ("{move}": another legal move, written).
RETRACTIONS = [
    "Wait, that is wrong: it should be {move}.",
    "Oops, that is wrong.",
    "Instead, {move}.",
    "Hmm, the last move is a mistake; it should be {move}.",
    "Scratch that.",
    "These moves are wrong.",
    "Actually the answer is incorrect.",
]
#: Sentences after the moves that leave them as they are.
KEPT = [
    "None of the moves is wrong.",
    "I checked: no move is illegal.",
    "This is correct: each move puts a smaller disk on a larger one.",
    "Actually, that is the shortest way.",
]

#: Headings over moves already made, and over the moves still to make.
MADE = ["Moves so far:", "Previous moves:", "Moves made so far:", "Moves already made:"]
FURTHER = ["Next moves:", "Remaining moves:", "Moves left:", "Moves to make:", "Next move:"]


def _line_golds() -> list[tuple[Instance, str]]:
    """Reference answers of two or more lines, each line one move in words or symbols."""
    found = []
    for instance, gold in golds(SEEDS, 800):
        notation = NOTATIONS[instance.notation]
        if "\n" in gold and not notation.is_list and not notation.json:
            found.append((instance, gold))
    return found


def _another(instance: Instance, gold: str) -> str:
    """A legal first move other than the gold's, written as the instance writes moves."""
    first = gold.splitlines()[0]
    for move in instance.rules.legal_moves(instance.start):
        written = _written(instance, [move]).strip()
        if written != first:
            return written
    return first


def test_the_generated_answers_cover_the_notations() -> None:
    notations = {instance.notation for instance, _ in _line_golds()}
    assert len(_line_golds()) >= 200
    assert len(notations) >= 5, notations


@pytest.mark.parametrize("mark", CROSSES)
def test_a_move_marked_with_a_cross_earns_nothing(mark: str) -> None:
    answers = []
    for index, (instance, gold) in enumerate(_line_golds()):
        lines = gold.splitlines()
        at = index % len(lines)
        style = index % 4
        if style == 0:
            lines[at] = f"{lines[at]} {mark}"
        elif style == 1:
            lines[at] = f"{lines[at]}{mark}"
        elif style == 2:
            lines[at] = f"{mark} {lines[at]}"
        else:
            lines[at] = f"{lines[at]} (this one) {mark}"
        answers.append(("\n".join(lines), instance))
    check(answers)


@pytest.mark.parametrize("mark", CROSSES)
def test_a_cross_mark_puts_the_reading_in_doubt(mark: str) -> None:
    for text in (
        f"A->C\nA->B {mark}\nC->B",
        f"{mark} A->C\nA->B",
        f"A->C (disk 1) {mark}",
        f"Move disk 1 from A to C. {mark}\nMove disk 2 from A to B.",
        f"1: {mark} [1, 0, 2]\n2: [2, 0, 1]\n3: [1, 2, 1]",  # (the benchmark's seed 2028)
        f"1: `A to C`\n2: `{mark} A to B`\n3: `C to B`",
    ):
        found = extract_moves(text, posts=3)
        assert found.ambiguous, text
        assert mark in (found.hedged or ""), found.hedged


@pytest.mark.parametrize("mark", CHECKS)
def test_moves_marked_with_a_check_keep_their_credit(mark: str) -> None:
    for instance, gold in _line_golds()[:150]:
        marked = "\n".join(f"{line} {mark}" for line in gold.splitlines())
        assert (
            score(marked, instance).rewards["graded"] == score(gold, instance).rewards["graded"]
        ), marked


@pytest.mark.parametrize("sentence", RETRACTIONS)
def test_a_sentence_taking_the_moves_back_earns_nothing(sentence: str) -> None:
    answers = [
        (f"{gold}\n{sentence.format(move=_another(instance, gold))}", instance)
        for instance, gold in _line_golds()
    ]
    check(answers)


@pytest.mark.parametrize("sentence", KEPT)
def test_a_sentence_that_takes_nothing_back_keeps_the_credit(sentence: str) -> None:
    for instance, gold in _line_golds()[:150]:
        assert score(f"{gold}\n{sentence}", instance).rewards["graded"] == 1.0, (gold, sentence)


def _continue_golds() -> list[tuple[Instance, list[Move], list[Move]]]:
    """``continue`` instances: the given moves and the reference moves after them."""
    found = []
    for instance in instances(SEEDS):
        if instance.task is not Task.CONTINUE or not instance.done or instance.variant is None:
            continue
        notation = NOTATIONS[instance.notation]
        if notation.is_list or notation.json:
            continue
        moves = _moves(instance)
        if moves:
            done = list(solve(instance.variant, instance.n)[: instance.done])
            found.append((instance, done, moves))
    return found


def _two_parts(instance: Instance, first: list[Move], second: list[Move], made: str,
               further: str, layout: int) -> str:  # fmt: skip
    one, two = _written(instance, first).strip(), _written(instance, second).strip()
    if layout == 0:
        return f"{made}\n{one}\n{further}\n{two}"
    if layout == 1:
        return f"{made}\n{one}\n\n{further}\n{two}"
    flat_one, flat_two = one.replace("\n", ", "), two.replace("\n", ", ")
    return f"{made} {flat_one}\n{further} {flat_two}"


def _pegs(moves: Sequence[object]) -> list[tuple[int, int]]:
    """Each move's (source, target), read or made (a read move may name its disk too)."""
    return [
        (move.source, move.target) if isinstance(move, Move) else tuple(move)[-2:]  # type: ignore[misc]
        for move in moves
    ]


def test_headings_of_moves_made_and_moves_to_make_are_read_apart() -> None:
    cases = _continue_golds()
    assert len(cases) >= 20
    checked = 0
    for (instance, done, moves), (made, further), layout in zip(
        cases, itertools.cycle(itertools.product(MADE, FURTHER)), itertools.cycle(range(3))
    ):
        answer = _two_parts(instance, done, moves, made, further, layout)
        pegs = NOTATIONS[instance.notation].pegs
        found = extract_moves(answer, pegs=pegs, posts=instance.posts)
        assert _pegs(found.moves) == _pegs(moves), answer
        rivals = [r for r in found.alternatives if r.plausible]
        assert _pegs(rivals[0].moves) == _pegs(done + moves), answer
        result = score(answer, instance)
        # the task says which moves are made: the later run is the answer (it was "illegal",
        # the given moves replayed from the position, then "ambiguous")
        assert result.rewards["graded"] == 1.0, (answer, result.outcome, result.detail)
        assert result.outcome is Outcome.SOLVED_OPTIMALLY, (answer, result.detail)
        checked += 1
    assert checked == len(cases)


def _solve_golds(fewest: int) -> Iterator[tuple[Instance, list[Move]]]:
    """``solve`` instances of :func:`_line_golds` and their moves, at least ``fewest`` of them."""
    for instance, _ in _line_golds():
        moves = _moves(instance)
        if instance.task is Task.SOLVE and moves is not None and len(moves) >= fewest:
            yield instance, moves


@pytest.mark.parametrize("layout", range(3))
def test_a_solve_answer_under_both_headings_is_in_doubt(layout: int) -> None:
    """In a ``solve`` answer, "Moves so far:" then "Next moves:" may be the whole answer in two
    parts, or moves from where the first part leads: nothing is credited either way."""
    checked = 0
    for instance, moves in _solve_golds(3):
        half = len(moves) // 2
        answer = _two_parts(instance, moves[:half], moves[half:], MADE[checked % len(MADE)],
                            FURTHER[checked % len(FURTHER)], layout)  # fmt: skip
        result = score(answer, instance)
        assert result.outcome is Outcome.AMBIGUOUS, (answer, result.outcome, result.detail)
        checked += 1
    assert checked >= 30


def test_the_moves_made_are_no_part_of_a_continue_answer() -> None:
    """A ``continue`` answer that puts the first of the moves to make under "Moves so far:"
    says they are made: the moves under "Next moves:" alone are its answer (too few)."""
    checked = 0
    for instance, _done, moves in _continue_golds():
        if len(moves) < 3:
            continue
        answer = _two_parts(instance, moves[:1], moves[1:], "Moves so far:", "Next moves:", 0)
        result = score(answer, instance)
        assert result.rewards["graded"] < 1.0, (answer, result.outcome, result.detail)
        assert not result.solved, answer
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("layout", range(3))
def test_first_moves_then_next_moves_are_one_answer(layout: int) -> None:
    checked = 0
    for instance, moves in _solve_golds(2):
        half = len(moves) // 2
        if [(m.source, m.target) for m in moves[half : half + 2]] == [
            (m.source, m.target) for m in moves[:2]
        ]:
            continue  # (the second part starts on the pegs of the first: maybe a new attempt)
        answer = _two_parts(instance, moves[:half], moves[half:], "First moves:", "Next moves:",
                            layout)  # fmt: skip
        assert score(answer, instance).rewards["graded"] == 1.0, answer
        checked += 1
    assert checked >= 30
