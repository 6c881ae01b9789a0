"""Lines copied from the prompt earn nothing, whatever kind of answer they look like.

A prompt may show what an answer looks like: a move (with pegs of any puzzle, numbers that may
count from 0 or from 1), or the sentence that says there is no solution. A policy that copies
such lines (alone, or around its real answer) is not credited for them (issue 32 item 6,
"parroting the prompt"): alone they are no answer; around an answer they change nothing (the
echo is blanked before reading).
"""

from __future__ import annotations

import random

import pytest

from hanoi_magnet.evaluation import POLICIES, Outcome, PromptTemplate, generate, score

_LINES = (
    "There is no solution.",
    "The puzzle is unsolvable.",
    "For example: A->C",
    "For example: A->E",  # a peg some puzzle has (a template may serve many)
    "Or by numbers: 1 -> 2",  # from 0 or from 1: a move either way
)
_TEMPLATE = PromptTemplate(
    "shown-answers",
    "{rules}\n\n{task}\n\n{format}\nWhen no sequence works, write a claim such as:\n"
    + "\n".join(_LINES),
    "letter-arrows",
)
_INSTANCES = generate(seed=43, count=12, templates=[_TEMPLATE], unsolvable=0.5,
                      families=["classic", "digraph"], tasks=["solve"])  # fmt: skip


def test_the_instances_show_every_line_and_have_and_lack_solutions():
    assert all(line in i.prompt.splitlines() for i in _INSTANCES for line in _LINES)
    assert {i.unsolvable is None for i in _INSTANCES} == {True, False}


@pytest.mark.parametrize("count", [1, 2, 3])
def test_prompt_lines_alone_are_no_answer_with_or_without_a_solution(count):
    for instance in _INSTANCES:
        for first in range(len(_LINES) - count + 1):
            answer = "\n".join(_LINES[first : first + count])
            result = score(answer, instance)
            said = "1 line" if count == 1 else f"{count} lines"
            assert result.outcome is Outcome.NO_ANSWER, answer
            assert result.detail == f"the answer only repeats the prompt ({said})"
            assert dict(result.rewards) == dict.fromkeys(result.rewards, 0.0)


def test_prompt_lines_around_an_answer_change_nothing():
    checked = 0
    for instance in _INSTANCES:
        for gold in POLICIES["gold"].write(instance, random.Random(0)):
            alone = score(gold, instance)
            assert alone.outcome.credited
            for line in _LINES:
                for answer in (f"{line}\n{gold}", f"{gold}\n{line}"):
                    result = score(answer, instance)
                    assert (result.outcome, result.detail) == (alone.outcome, alone.detail)
                    assert dict(result.rewards) == dict(alone.rewards)
                    checked += 1
    assert checked >= 60
