"""The reading's work grows with the answer, not with the answer times its number of runs.

Counted, not timed: the characters of prose the decision between readings looks at (for a
heading, or for a draft) stay within a few times the answer's length however many runs of
moves follow a long reasoning. Before, each run looked again at the whole prose before the
first run: for the answers below, hundreds of times over. ``score`` bounds its own extra work
the same way: of the parts after a blank line it tries a few as answers of their own, and the
tests below check both sides of that limit. And whether a long last line ends in a move cut
off is decided from the matches in its tail, not from all of its moves.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from hanoi_magnet.evaluation import Instance, Outcome, Task, _score, generate, score
from hanoi_magnet.evaluation._policies import _moves, _written
from hanoi_magnet.model import Move
from hanoi_magnet.notation import _decide, _mentions, extract_moves

_REASONING = "Let me think about which disk to move here.\n" * 3000

#: Answers of many runs after a long reasoning, each run compared with the first one's heading.
_SHAPES = {
    "a heading announcing the answer before each run": "Here is the solution:\nA->B\nB->C\n",
    "other moves under each heading": "Here is the solution:\nA->B\nC->B\n",
    "a short remark before each run": "Now:\nA->B\nB->A\n",
    "moves made, then moves to make": "Moves so far:\nA->B\nNext moves:\nB->C\n",
    "a correction before each run": "Actually, wait, that is wrong.\nA->B\n",
    "a puzzle of another size before each run": "For 2 disks:\nA->B\nB->C\n",
}


@pytest.mark.parametrize("run", list(_SHAPES.values()), ids=list(_SHAPES))
def test_the_prose_before_the_first_run_is_looked_at_once_not_once_a_run(monkeypatch, run):
    looked_at: list[int] = []
    for name in ("heading_of", "drafted"):
        original = getattr(_decide, name)

        def counted(prose: str, original=original) -> object:
            looked_at.append(len(prose))
            return original(prose)

        monkeypatch.setattr(_decide, name, counted)
    text = _REASONING + run * 300
    found = extract_moves(text)
    assert found.moves  # (the runs are read)
    assert sum(looked_at) <= 4 * len(text), (len(looked_at), sum(looked_at), len(text))


@pytest.mark.parametrize("parts", [_score._PARTS_TRIED - 1, _score._PARTS_TRIED])
def test_a_complete_answer_after_other_parts_is_found_among_the_parts_tried(parts):
    """``score`` tries a few parts after a blank line as answers of their own, not all of them
    (each try replays the moves to the end). Up to the limit, a complete answer after parts of
    other moves is found: two answers, nothing credited."""
    for instance, gold in _solve_golds():
        answer = _after_parts(instance, gold, parts)
        result = score(answer, instance)
        assert result.outcome is Outcome.AMBIGUOUS, (answer, result.detail)
        assert "then a complete answer from the start" in result.detail, result.detail


def test_past_the_parts_tried_the_answer_is_judged_as_one_list():
    """One part more than are tried: the answer is read as one list, which breaks a rule at its
    second move; still nothing is credited."""
    for instance, gold in _solve_golds():
        answer = _after_parts(instance, gold, _score._PARTS_TRIED + 1)
        result = score(answer, instance)
        assert result.outcome is Outcome.ILLEGAL_MOVE, (answer, result.detail)
        assert result.rewards["graded"] < 1.0


def _solve_golds() -> list[tuple[Instance, list[Move]]]:
    """Generated ``solve`` instances with a solution of 3 disks, and that solution."""
    found = []
    for instance in generate(3, 60, notations=("letter-arrows", "library"), disks=(3, 3)):
        gold = _moves(instance)
        if instance.task is Task.SOLVE and gold is not None:
            found.append((instance, gold))
    assert len(found) >= 8
    return found


def _after_parts(instance: Instance, gold: list[Move], parts: int) -> str:
    """``parts`` paragraphs of the solution's first move alone, then the whole solution."""
    first, whole = _written(instance, gold[:1]).strip(), _written(instance, gold).strip()
    return "\n\n".join([first] * parts + [whole])


class _CountingPattern:
    """A compiled expression that counts the matches its ``finditer`` hands out."""

    def __init__(self, pattern: re.Pattern[str], matches: list[int]) -> None:
        self._pattern = pattern
        self._matches = matches

    def finditer(self, *args: object) -> Iterator[re.Match[str]]:
        for match in self._pattern.finditer(*args):
            self._matches.append(match.start())
            yield match

    def __getattr__(self, name: str) -> object:
        return getattr(self._pattern, name)


@pytest.mark.parametrize("separator", [", ", ","])
def test_the_last_moves_of_a_long_line_are_found_in_its_tail(monkeypatch, separator):
    """Whether a long last line ends in a move cut off looks at its last few mentions: the scan
    starts near the end (after a comma no mention straddles), not at the start, so a line of
    50,000 moves costs the regular expression's matches in its last thousand characters, not
    50,000 matches (and the last mentions are those of the whole scan)."""
    matches: list[int] = []
    for name in ("MENTION", "_WITHOUT_SEPARATOR"):
        monkeypatch.setattr(_mentions, name, _CountingPattern(getattr(_mentions, name), matches))
    line = separator.join(["A->B", "B->C", "C->A"] * 16_667) + ", A->"
    found = _mentions.last_mentions(line)
    assert [str(m.raw.source) + str(m.raw.target) for m in found] == ["BC", "CA"]
    assert len(matches) <= 1_000, len(matches)


@pytest.mark.parametrize("size", [2 * _mentions._TAIL, 2 * _mentions._TAIL + 1])
def test_the_tail_scan_starts_just_past_twice_the_tail(monkeypatch, size):
    """Both sides of the length where the tail scan switches on: a line of exactly twice
    ``_TAIL`` characters is scanned whole (every mention matched once), one character more and
    the scan starts after a comma near the end (fewer matches than mentions)."""
    core = ", ".join(["A->B", "B->C", "C->A"] * (size // 18))  # 18 characters a repeat
    line = " " * (size - len(core)) + core  # (spaces in front: the exact length)
    assert len(line) == size
    every = len(_mentions.mentions(line))
    matches: list[int] = []
    for name in ("MENTION", "_WITHOUT_SEPARATOR"):
        monkeypatch.setattr(_mentions, name, _CountingPattern(getattr(_mentions, name), matches))
    found = _mentions.last_mentions(line)
    assert len(found) == 2
    if size <= 2 * _mentions._TAIL:
        assert len(matches) == every
    else:
        assert 0 < len(matches) < every, (len(matches), every)
