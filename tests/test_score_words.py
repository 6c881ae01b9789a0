"""What a score says in words, and the flags beside it (gaps the mutation run found).

Each test pins a detail or a flag that a one-line change of the scorer left unnoticed: the
verb agreeing with one move or several, the pegs' base when the answer counts from another,
an illegal answer that still keeps to the asked notation, and ``unverified``, which only a
``continue`` search that hit its limit sets.
"""

from __future__ import annotations

import pytest

from hanoi_magnet.evaluation import Outcome, generate, score


def _instance(notation: str, n: int = 2):
    return generate(
        seed=11, count=1, families=["classic"], disks=(n, n), tasks=["solve"],
        templates=["plain"], notations=[notation],
    )[0]  # fmt: skip


@pytest.mark.parametrize(
    ("answer", "detail"),
    [
        ("1: S -> I\n", "1 legal move that does not do the task"),
        ("1: S -> I\n1: I -> D\n1: D -> S\n", "3 legal moves that do not do the task"),
    ],
)
def test_the_verb_agrees_with_the_moves(answer, detail):
    result = score(answer, _instance("library", 3))
    assert (result.outcome, result.detail) == (Outcome.UNSOLVED, detail)
    assert result.unverified is False


@pytest.mark.parametrize(
    ("answer", "count"),
    [("<think>\nMove disk 1 from S to I\n", "1 move read there is"),
     ("<think>\nMove disk 1 from S to I\nMove disk 2 from S to D\n", "2 moves read there are")],
)  # fmt: skip
def test_moves_inside_an_unclosed_thought_are_counted_in_words(answer, count):
    result = score(answer, _instance("library"))
    assert result.outcome is Outcome.TRUNCATED
    assert result.detail == (
        f"the answer never leaves its reasoning (a <think> never closed): {count} not credited"
    )


def test_pegs_counted_from_another_base_are_a_format_error_that_says_so():
    result = score("moves = [[1, 1, 2], [2, 1, 3], [1, 2, 3]]", _instance("moves-list"))
    assert result.outcome is Outcome.FORMAT_ERROR
    assert result.detail == (
        "the pegs do not fit the prompt's (pegs numbered from 0): the answer writes pegs 1, 2, "
        "3 (pegs numbered from 1), read as pegs numbered from 0"
    )
    assert result.rewards["graded"] == result.rewards["prefix"] == 0.0


def test_an_illegal_answer_written_as_asked_keeps_to_the_notation():
    result = score("1: I -> D\n", _instance("library"))
    assert result.outcome is Outcome.ILLEGAL_MOVE
    assert result.detail == "the 1st move, 1: I -> D, is illegal: peg I is empty"
    assert result.reading is not None and result.reading.deviation is None


@pytest.mark.parametrize("answer", ["1: S -> I\n1: S -> D\n1: I -> D\n", "1: S -> I\n"])
def test_an_answer_to_a_solve_task_is_never_unverified(answer):
    result = score(answer, _instance("library"))
    assert result.unverified is False
    assert result.outcome is not Outcome.UNVERIFIED


@pytest.mark.parametrize("posts", [3, 4, 5])
@pytest.mark.parametrize(
    ("notation", "first", "write"),
    [
        ("letter-arrows", "A", lambda p: "ABCDEFGH"[p]),
        ("moves-list", "0", str),
        ("reasoning-gym", "1", lambda p: str(p + 1)),
    ],
)
def test_a_peg_that_does_not_exist_is_named_as_the_answer_wrote_it(posts, notation, first, write):
    # "peg E does not exist (pegs are A to C)", never "peg post 4 ... (posts are 0..2)"
    family = "classic" if posts == 3 else "frame-stewart"
    instance = generate(
        seed=11, count=1, families=[family], disks=(2, 2), tasks=["solve"],
        pegs=(max(posts, 4),) * 2, templates=["plain"], notations=[notation],
    )[0]  # fmt: skip
    assert instance.posts == posts
    missing, last = write(posts), write(posts - 1)
    answer = {
        "letter-arrows": f"A->{missing}",
        "moves-list": f"moves = [[1, 0, {missing}]]",
        "reasoning-gym": f"Move disk 1 from Peg 1 to Peg {missing}",
    }[notation]
    result = score(answer, instance)
    assert result.outcome is Outcome.FORMAT_ERROR
    assert result.detail.endswith(f"peg {missing} does not exist (pegs are {first} to {last})")
