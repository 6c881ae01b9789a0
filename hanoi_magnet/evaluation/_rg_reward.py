"""The ``reasoning_gym`` reward: reasoning-gym's own score, and the clean answers both read alike.

reasoning-gym's ``score_answer`` reads only exact ``Move disk X from Peg Y to Peg Z`` lines,
pegs numbered from 1 (:mod:`._gym` reproduces it step by step). Answers made of nothing else
are the common clean answer: the kit reads them once (:func:`clean_read`), builds their reading
report from one line's (:func:`clean_extraction`), and derives reasoning-gym's score from its
own verdict where the two check the same things (:func:`reward_from_verdict`).

The reward applies to instances whose prompt numbers the pegs from 1, reasoning-gym's own
convention: on others its reading (pegs from 1 whatever was asked) would pay an answer in
another numbering than the prompt's, so it is 0.0 there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hanoi_magnet.errors import Rule
from hanoi_magnet.evaluation._gym import clean_line, clean_lines, gym_reward
from hanoi_magnet.evaluation._instance import Instance, Task
from hanoi_magnet.evaluation._tasks import task_done
from hanoi_magnet.evaluation._verdict import Verdict
from hanoi_magnet.model import Move
from hanoi_magnet.notation import Extraction, PegNames, Span, get_notation
from hanoi_magnet.rules import ClassicRules
from hanoi_magnet.validate import ValidationReport, validate


def applies(instance: Instance) -> bool:
    """Whether the instance numbers its pegs from 1, as reasoning-gym does."""
    return get_notation(instance.notation).pegs is PegNames.ONE


def reward_from_verdict(verdict: Verdict, instance: Instance, best: int | None) -> float | None:
    """reasoning-gym's score of a clean answer, from the verdict on the same moves.

    On classic rules (every direction) reasoning-gym and the validator check the same things
    in the same order, but for a move from a peg to itself (legal for reasoning-gym): ``None``
    then, and whenever the rules or the task are others, so that its own simulation decides.
    """
    if not applies(instance):
        return 0.0
    rules = instance.rules
    if type(rules) is not ClassicRules or rules.allowed is not None or best is None:
        return None
    if instance.task is not Task.SOLVE:
        return None
    error = verdict.report.error
    if error is not None:
        return None if error.rule is Rule.SAME_POST else 0.0
    if not verdict.report.solved:
        return 0.05
    return 1.0 if verdict.moves <= best else best / verdict.moves


def reasoning_gym_reward(
    answer: object,
    instance: Instance,
    best: int | None,
    max_states: int,
    read: list[tuple[int, int, int, int]] | None,
) -> float:
    """reasoning-gym's own score of the answer (see :mod:`._gym`); 0.0 where it does not apply."""
    if not applies(instance):
        return 0.0

    def done(
        moves: Callable[[], list[Move]],
        pegs: list[list[int]] | None,
        report: ValidationReport | None,
    ) -> bool:
        if best is None:
            return False
        if instance.task is Task.SOLVE:
            if pegs is not None:
                goal = instance.goal.posts
                return all(list(goal[i]) == pegs[i] for i in range(len(goal)))
            assert report is not None
            return report.state == instance.goal
        read = tuple(moves())
        checked = validate(read, instance.rules, start=instance.start, goal=instance.goal)
        if checked.error is not None:
            return False
        return task_done(instance, read, checked, True, max_states)[0]

    return gym_reward(answer, instance.rules, instance.start, done, best or 0, read)


def clean_read(answer: str, posts: int) -> tuple[Move, ...] | None:
    """The moves of an answer made only of exact reasoning-gym lines on at most ``posts`` pegs.

    ``None``: it is something else (the reader reads it, and reports a peg beyond ``posts``).
    Each distinct line is read once and its move kept (answers repeat a few lines many times,
    and moves are immutable).
    """
    lines = clean_lines(answer, _LINE_MOVES)  # (the lines read before are clean ones)
    if lines is None:
        return None
    distinct = set(lines)
    try:
        return _looked_up(lines, distinct, posts, _LINE_MOVES, _LINE_TOPS)
    except KeyError:  # another thread emptied the shared tables meanwhile: tables of its own
        return _looked_up(lines, distinct, posts, {}, {})


def _looked_up(
    lines: list[str],
    distinct: set[str],
    posts: int,
    moves: dict[str, Move],
    tops: dict[str, int],
) -> tuple[Move, ...] | None:
    """:func:`clean_read` with the tables ``moves`` and ``tops``, learning the lines new to them."""
    new = distinct.difference(moves)
    if new:
        if len(moves) + len(new) > _LINES_KEPT:
            moves.clear()
            tops.clear()
            if len(distinct) > _LINES_KEPT:
                moves, tops = {}, {}  # this answer's own, not kept
            new = distinct
        for line in new:
            disk, source, target, _ = clean_line(line)
            moves[line] = Move(disk, source - 1, target - 1)
            tops[line] = max(source, target)
    if max(map(tops.__getitem__, distinct)) > posts:
        return None
    return tuple(map(moves.__getitem__, lines))


#: The move of each clean line read so far, and its larger peg (at most _LINES_KEPT lines).
_LINE_MOVES: dict[str, Move] = {}
_LINE_TOPS: dict[str, int] = {}
_LINES_KEPT = 1 << 14


#: What the reader reports on every clean answer (whatever the number of posts), but its moves,
#: its one span and its line: written out, so that a first score does not compile the reader's
#: expressions (the tests compare every field with the reader's own report).
_CLEAN_REPORT: dict[str, Any] = {
    "pegs": PegNames.ONE,
    "notation": "reasoning-gym",
    "truncated": False,
    "unreadable": None,
    "notation_from": "detected",
    "pegs_from": "named",
    "pegs_why": "the caller named pegs numbered from 1",
    "pegs_mismatch": None,
    "skipped": (),
    "alternatives": (),
    "why": "the only reading",
    "ambiguous": False,
    "abandoned": None,
    "hedged": None,
    "paragraphs": (),
    "unfinished": False,
    "asked": "reasoning-gym",
    "deviation": None,
}
_CLEAN_FORM = "moves in notation 'reasoning-gym'"


def clean_extraction(answer: str, moves: tuple[Move, ...], posts: int) -> Extraction:
    """What :func:`extract_moves` reports on an answer made only of exact reasoning-gym lines.

    Built from the reader's report on one such line (``moves``: the answer's, from
    :func:`clean_read`), without reading the answer again (the tests check that the two agree).
    """
    end = len(answer) - 1 if answer.endswith("\n") else len(answer)
    span = Span(0, end, 1, len(moves), _CLEAN_FORM)
    return Extraction(**_CLEAN_REPORT, moves=moves, spans=(span,), line=1)
