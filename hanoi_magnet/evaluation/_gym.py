"""reasoning-gym's own score for a Tower of Hanoi answer, reproduced without the package.

This follows ``HanoiDataset.score_answer`` of reasoning-gym 0.1.25 step by step (its reading
included, so that the reward named ``reasoning_gym`` equals that package's score on every
answer; tests compare the two on thousands of answers when reasoning-gym is installed):

1. anything but a non-empty string scores 0.0;
2. the answer is stripped and split into lines (:meth:`str.splitlines`); blank lines are
   dropped and each line is stripped;
3. each line must contain ``Move disk D from Peg P to Peg Q`` (searched anywhere in it, digits
   in the Unicode sense) *and* be exactly nine words (:meth:`str.split`) whose third, sixth and
   ninth are integers (:class:`int`): a line with prose around the move, or ending in ``.``,
   scores the whole answer 0.0;
4. the move must take the top disk of peg P (``D`` is that disk) onto peg Q's top, not onto a
   smaller disk; pegs are numbered from 1, a peg that does not exist scores 0.0; a move from a
   peg to itself is legal and counts;
5. legal moves that end with every disk on the target peg score 1.0 when no more than the
   optimum, else optimum / moves; legal moves that do not (no lines at all included: a
   whitespace answer) score 0.05.

Where reasoning-gym itself raises (a ninth word such as ``0_3`` that :class:`int` reads as
another peg than the pattern does, and the pattern's peg does not exist), this gives 0.0.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from hanoi_magnet.model import Move, State
from hanoi_magnet.rules import ClassicRules, Rules
from hanoi_magnet.validate import ValidationReport, validate

_PATTERN = re.compile(r"Move disk (\d+) from Peg (\d+) to Peg (\d+)")

#: (disk, source, target as the pattern reads it, target as the ninth word reads it), 1-based.
_Line = tuple[int, int, int, int]


def gym_moves(answer: str) -> list[_Line] | None:
    """The moves reasoning-gym reads from ``answer``; ``None``: it scores the answer 0.0."""
    read: list[_Line] = []
    search = _PATTERN.search
    answer = answer.strip()
    first = _FIRST_LINE.match(answer)
    if first is not None and _line_numbers(first[0].strip(), search) is None:
        return None  # most answers that are not its lines fail at once: no need to split them
    for line in answer.splitlines():
        line = line.strip()  # the same steps as reasoning-gym's
        if not line:
            continue
        numbers = _line_numbers(line, search)
        if numbers is None:
            return None
        read.append(numbers)
    return read


def _line_numbers(line: str, search: Callable[[str], re.Match[str] | None]) -> _Line | None:
    """One stripped, non-empty line as reasoning-gym reads it (``None``: it scores 0.0)."""
    found = search(line)
    if found is None:
        return None
    parts = line.split()
    if len(parts) != 9:
        return None
    try:
        # the pattern fixes the other words; the ninth is read again, as reasoning-gym does
        return int(found[1]), int(found[2]), int(found[3]), int(parts[8])
    except ValueError:  # not a number, or more digits than int() reads
        return None


#: The first line of a stripped text, as :meth:`str.splitlines` ends it.
_FIRST_LINE = re.compile("[^\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]+")


#: One reasoning-gym move line exactly as it writes them (ASCII digits, at most 9, no leading
#: zeros, single spaces). An answer of nothing else, one a line (``\n`` line ends, one at the
#: end allowed), is clean.
_CLEAN_LINE = re.compile(
    r"Move disk [1-9][0-9]{0,8} from Peg [1-9][0-9]{0,8} to Peg [1-9][0-9]{0,8}"
)
_NUMBERS = re.compile(r"Move disk ([0-9]+) from Peg ([0-9]+) to Peg ([0-9]+)")


def clean_lines(answer: str, known: dict[str, Any] | None = None) -> list[str] | None:
    """The lines of an answer made only of exact reasoning-gym lines (``None``: it is not).

    For such an answer every reading agrees: reasoning-gym's, and the kit's in the
    reasoning-gym notation (one move per line, nothing skipped). ``known``: a table whose keys
    are lines known to be such lines; each distinct other line is matched once.
    """
    first = _CLEAN_LINE.match(answer)  # most answers that are not clean fail at once
    if first is None or answer[first.end() : first.end() + 1] not in ("", "\n"):
        return None
    if len(answer) > _CLEAN_LIMIT:
        return None
    lines = answer.split("\n")
    if not lines[-1]:
        lines.pop()  # the answer's final line end
    if not lines:
        return None
    new = set(lines) if known is None else set(lines).difference(known)  # (looks up each)
    return lines if all(map(_CLEAN_LINE.fullmatch, new)) else None


def clean_line(line: str) -> _Line:
    """The numbers of one exact reasoning-gym line (checked by :func:`clean_lines`)."""
    found = _NUMBERS.fullmatch(line)
    assert found is not None
    disk, source, target = int(found[1]), int(found[2]), int(found[3])
    return disk, source, target, target


def clean_moves(answer: str) -> list[_Line] | None:
    """The moves of an answer made only of exact reasoning-gym lines (``None``: it is not)."""
    lines = clean_lines(answer)
    return None if lines is None else [clean_line(line) for line in lines]


#: Longer answers take the general path. The short path reads an answer once and replays it
#: once; up to this size (a billion characters, 30 million lines) it holds the lines and
#: their moves, which the general path would hold too.
_CLEAN_LIMIT = 1 << 30


def gym_reward(
    answer: object,
    rules: Rules,
    start: State,
    done: Callable[
        [Callable[[], list[Move]], list[list[int]] | None, ValidationReport | None], bool
    ],
    optimum: int,
    read: list[_Line] | None = None,
) -> float:
    """reasoning-gym's score of ``answer`` from ``start`` (``read``: its moves, if known).

    ``done(moves, pegs, report)`` says whether legal moves do the task: ``moves()`` gives
    them as :class:`~hanoi_magnet.Move` objects; ``pegs`` are the final stacks (bottom first)
    after reasoning-gym's own simulation of classic rules, else ``None`` and ``report`` is the
    validator's.
    """
    if not isinstance(answer, str) or not answer:
        return 0.0
    lines = gym_moves(answer) if read is None else read
    if lines is None:
        return 0.0
    posts = rules.posts

    def moves() -> list[Move]:
        return [Move(disk, source - 1, target - 1) for disk, source, target, _ in lines]

    report = None
    pegs: list[list[int]] | None = None
    if type(rules) is ClassicRules and rules.allowed is None:  # reasoning-gym's own puzzles
        pegs = [list(stack) for stack in start.posts]
        for disk, source, target, checked in lines:
            if not (0 < source <= posts and 0 < checked <= posts):
                return 0.0
            stack = pegs[source - 1]
            if not stack or stack[-1] != disk:
                return 0.0
            onto = pegs[checked - 1]
            if onto and onto[-1] < disk:
                return 0.0
            if not 0 < target <= posts:  # reasoning-gym raises KeyError here
                return 0.0
            stack.pop()
            pegs[target - 1].append(disk)
    else:
        for disk, source, target, checked in lines:
            if target != checked or disk < 1 or not (0 < source <= posts and 0 < target <= posts):
                return 0.0
        report = validate(moves(), rules, start=start)
        if report.error is not None:
            return 0.0
    if not done(moves, pegs, report):
        return 0.05
    length = len(lines)
    return 1.0 if length <= optimum else optimum / length
