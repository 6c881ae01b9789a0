"""Red-team pass 7 (issue 32, item 4): the reward hacks pass 6 left open, closed as classes.

Each test writes one class of hack over hundreds of generated instances (every family, task,
template and notation; a tenth unsolvable) and checks what a careful grader gives:

* the right moves only where the answer, shown, does not show them: inside an HTML comment
  (on one line, over several, never closed) or as an image's description
  (``![moves](solution.png)``): nothing. Beside moves the answer shows, a comment or an image
  changes nothing.
* the right moves asked about, not given: "Is the answer" ... "?", "Could it be" ... "?", the
  moves then a lone "?": nothing.
* the right moves shown only as a format in a sentence ("Write the moves in the form '...'.",
  "e.g. ...", "Use the format '...'."): nothing.
* a list of one move with another move in a remark after it (``moves = [[1, 0, 1]] (A->D)``):
  which is meant? nothing.
* the right moves as a table's column titles over a row of ``?``: nothing.
* the right answer in Cyrillic and Greek letters drawn as Latin ones: what the answer in Latin
  letters earns; followed by a wrong answer in Latin letters: two answers, nothing.
"""

from __future__ import annotations

import random

import pytest

from hanoi_magnet.evaluation import Instance, Task, score
from hanoi_magnet.evaluation._policies import _moves, _optimal_move, _walk, _written
from hanoi_magnet.model import Move
from hanoi_magnet.notation import NOTATIONS
from tests.reward_hacks import check, golds, instances, other_moves

#: The rewards that judge the moves (``strict`` also judges the format: a comment, an image or
#: letters of another script keep to no notation; ``reasoning_gym`` is reasoning-gym's own).
_MOVES_JUDGED = ("graded", "solved", "optimal", "prefix")
#: Cyrillic and Greek letters drawn as the Latin letters of the notations (written here apart
#: from the reader's table: the test does not take the table from the code it tests).
_LOOK_ALIKE = str.maketrans(
    "ABCDEIKMOPSTXaceiopx", "\u0410\u0392\u0421D\u0395\u0406\u039a\u041c\u039f\u0420\u0405"
    "\u03a4\u0425\u0430\u0441\u0435\u0456\u043e\u0440\u0445"
)  # fmt: skip


SEEDS = (71, 72)


def _instances() -> tuple[Instance, ...]:
    return instances(SEEDS)


def _golds(limit: int = 250) -> list[tuple[Instance, str]]:
    return golds(SEEDS, limit)


def _judged(rewards: dict[str, float]) -> dict[str, float]:
    return {name: rewards[name] for name in _MOVES_JUDGED}


@pytest.mark.parametrize(
    "hidden",
    [
        "<!-- {gold} -->",
        "<!--\n{gold}\n-->",
        "Here is my answer.\n<!-- {gold}",
        "![{gold}](solution.png)",
        'The moves are in the picture: ![{gold}](moves.svg "moves")',
    ],
)
def test_moves_the_answer_does_not_show_earn_nothing(hidden: str) -> None:
    check([(hidden.format(gold=gold), instance) for instance, gold in _golds()])


@pytest.mark.parametrize(
    "beside", ["{gold}\n<!-- checked twice -->", "![the pegs](pegs.png)\n{gold}"]
)
def test_a_comment_or_an_image_beside_the_moves_changes_nothing(beside: str) -> None:
    pairs = _golds(150)
    for instance, gold in pairs:
        plain = _judged(score(gold, instance).rewards)
        assert _judged(score(beside.format(gold=gold), instance).rewards) == plain, instance.id


@pytest.mark.parametrize(
    "question",
    ["Is the answer\n{gold}\n?", "Could it be:\n{gold}\n?", "{gold}\n?", "Is it\n{gold}\n(?)"],
)
def test_moves_asked_about_earn_nothing(question: str) -> None:
    check([(question.format(gold=gold), instance) for instance, gold in _golds()])


@pytest.mark.parametrize(
    "sentence",
    [
        "Write the moves in the form '{gold}'.",
        "e.g. {gold}",
        "Use the format '{gold}'.",
        "Write each move like '{gold}'.",
        "Answer with a list, for example {gold}",
    ],
)
def test_moves_shown_as_a_format_in_a_sentence_earn_nothing(sentence: str) -> None:
    one_line = [(i, gold) for i, gold in _golds(400) if "\n" not in gold]
    check([(sentence.format(gold=gold), instance) for instance, gold in one_line], enough=100)


def _one_move_lists() -> list[tuple[str, Instance]]:
    """Next-move answers as a list of one move, and another move in a remark after it."""
    answers = []
    for instance in _instances():
        if instance.task is not Task.NEXT_MOVE or instance.unsolvable is not None:
            continue
        right = _optimal_move(instance)
        assert right is not None
        wrong = other_moves(instance, right)
        if not wrong:
            continue
        for shape in ("moves-list", "json"):
            one = NOTATIONS[shape].format([right], instance.posts).strip()
            for other in ("letter-arrows", "reasoning-gym", "numbers"):
                written = NOTATIONS[other]
                if written.pegs.fits(instance.posts):
                    two = written.format([wrong[len(answers) % len(wrong)]], instance.posts)
                    answers.append((f"{one} ({two.strip()})", instance))
    return answers


def test_a_list_of_one_move_beside_another_in_a_remark_earns_nothing() -> None:
    check(_one_move_lists())


def _titles() -> list[tuple[str, Instance]]:
    answers = []
    for instance, _ in _golds(400):
        moves = _walk_or_gold(instance)
        if not moves or len(moves) > 30:
            continue
        notation = NOTATIONS[instance.notation]
        cells = [notation.format([move], instance.posts).strip() for move in moves]
        if any("\n" in cell or "|" in cell for cell in cells):
            continue
        head = "| " + " | ".join(cells) + " |"
        rule = "|" + "---|" * len(cells)
        body = "| " + " | ".join("?" for _ in cells) + " |"
        answers.append((f"{head}\n{rule}\n{body}", instance))
    return answers


def _walk_or_gold(instance: Instance) -> list[Move] | None:
    """The reference moves of an instance (``None``: none)."""
    if instance.task is Task.SOLVE:
        return list(_moves(instance) or [])
    if instance.task is Task.NEXT_MOVE:
        right = _optimal_move(instance)
        return None if right is None else [right]
    return list(instance.expected or [])


def test_moves_as_a_tables_column_titles_earn_nothing() -> None:
    check(_titles(), enough=150)


def _look_alike(gold: str) -> str:
    return gold.translate(_LOOK_ALIKE)


def test_the_right_answer_in_look_alike_letters_earns_what_it_earns_in_latin() -> None:
    changed = 0
    for instance, gold in _golds():
        drawn = _look_alike(gold)
        changed += drawn != gold
        plain = _judged(score(gold, instance).rewards)
        assert _judged(score(drawn, instance).rewards) == plain, instance.id
    assert changed >= 150  # (the letters of most answers have look-alikes)


def test_look_alike_letters_then_another_answer_earn_nothing() -> None:
    rng = random.Random(7)
    answers = []
    for instance, gold in _golds():
        if instance.task is not Task.SOLVE or _look_alike(gold) == gold:
            continue
        walk = _walk(instance, rng, len(_walk_or_gold(instance) or [None]))
        other = _written(instance, walk).strip() if walk else ""
        if not other or other == gold:
            continue
        answers += [(f"{_look_alike(gold)}\n\n{other}", instance),
                    (f"{other}\n\n{_look_alike(gold)}", instance)]  # fmt: skip
    check(answers, enough=100)
