"""An answer to an instance with no solution gets the outcome :func:`score` documents, in its order.

The order: a hedge (moves offered as alternatives) is ambiguous; then pegs that do not fit the
prompt's, or an item that is not a move, are a format error, word for word as on an instance
with a solution; only then are readable moves "moves for unsolvable", whose detail counts them
and gives the library's reason in full. Found while testing issue 32 item 6: an answer whose
pegs did not fit was "0 moves given, but the instance has no solution".
"""

from __future__ import annotations

import pytest

from hanoi_magnet.evaluation import Outcome, generate, score

_NOTATIONS = ["letter-arrows", "moves-list", "reasoning-gym", "library"]
_MIXED = generate(seed=42, count=80, unsolvable=0.5, disks=(2, 4), tasks=["solve"],
                  notations=_NOTATIONS)  # fmt: skip


def _pairs():
    """Each unsolvable instance with a solvable one of its notation and number of posts."""
    solvable = {(i.notation, i.posts): i for i in _MIXED if i.unsolvable is None}
    for instance in _MIXED:
        twin = solvable.get((instance.notation, instance.posts))
        if instance.unsolvable is not None and twin is not None:
            yield instance, twin


#: Answers whose first item misses the format (a peg past the last in each naming, numbers from
#: 0 where the prompt counts from 1, a list item that is no move).
_MISSES = ("[[1, 0, 7]]", "A->Q", "Move disk 1 from Peg 0 to Peg 2", "0 1\n1 2", "[[x], [1, 0, 1]]",
           "moves = [[1, 0, 1], [2]]")  # fmt: skip


def test_a_format_error_is_one_whether_or_not_the_instance_has_a_solution():
    checked = set()
    for instance, twin in _pairs():
        for answer in _MISSES:
            expected = score(answer, twin)
            if expected.outcome is not Outcome.FORMAT_ERROR or expected.valid_prefix:
                continue  # (an item after a legal move: legal at one start, maybe not the other)
            result = score(answer, instance)
            assert result.outcome is Outcome.FORMAT_ERROR, (instance.notation, answer)
            assert result.detail == expected.detail
            assert result.parsed == expected.parsed
            error, twins = result.first_error, expected.first_error
            if twins is None:  # nothing read at all
                assert error is None
            else:
                assert error is not None
                assert (error.index, error.rule) == (twins.index, twins.rule)
                assert error.position == instance.start  # the first item: before any move
            assert (result.valid_prefix, result.solved, result.optimum) == (0, False, None)
            assert all(result.rewards[k] == 0.0 for k in result.rewards if k != "reasoning_gym")
            checked.add(instance.notation)
    assert checked == set(_NOTATIONS)


@pytest.mark.parametrize("answer", ["A->C or A->B", "[[1, 0, 2]] or [[1, 0, 1]]"])
def test_a_hedge_is_ambiguous_whether_or_not_the_instance_has_a_solution(answer):
    for instance, twin in _pairs():
        expected = score(answer, twin)
        assert expected.outcome is Outcome.AMBIGUOUS
        result = score(answer, instance)
        assert (result.outcome, result.detail) == (Outcome.AMBIGUOUS, expected.detail)
        assert expected.detail.endswith(": nothing is credited")


def test_readable_moves_are_counted_and_refused_with_the_reason_in_full():
    checked = 0
    for instance in _MIXED:
        if instance.unsolvable is None:
            continue
        posts = "ABC" if instance.notation == "letter-arrows" else "012"
        for count in (1, 2, 3):
            moves = [f"{posts[0]} {posts[1]}", f"{posts[1]} {posts[2]}", f"{posts[2]} {posts[0]}"]
            if instance.notation == "letter-arrows":
                moves = [move.replace(" ", "->") for move in moves]
            elif instance.notation == "reasoning-gym":
                moves = [f"Move disk 1 from Peg {a} to Peg {b}" for a, b in ("12", "23", "31")]
            answer = "\n".join(moves[:count])
            said = "1 move" if count == 1 else f"{count} moves"
            for asked in (instance, instance.withheld()):
                result = score(answer, asked)
                assert result.outcome is Outcome.MOVES_FOR_UNSOLVABLE, answer
                assert result.detail == (
                    f"{said} given, but the instance has no solution: {instance.unsolvable}"
                )
                assert result.parsed == count
                checked += 1
    assert checked >= 60
