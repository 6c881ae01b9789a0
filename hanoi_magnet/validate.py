"""Replay a sequence of moves and report the first broken rule — streaming, constant memory.

Moves may be :class:`~hanoi_magnet.Move` objects, ``(source, target)`` pairs (the disk is the
one on top), or text: ``"S->D"``, ``"S -> D"``, ``"SD"``, ``"0 2"``, ``"0->2"``, optionally
prefixed by a disk number as the solver prints them (``"3: S -> D"``), one per line or separated
by commas or semicolons; ``#`` starts a comment. Letters S, I, D name posts 0, 1, 2.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import TypeAlias

import attrs

from hanoi_magnet.errors import (
    IllegalMoveError,
    InvalidArgumentError,
    NotSolvedError,
    Rule,
)
from hanoi_magnet.model import Color, Move, State, _disk_count
from hanoi_magnet.rules import ClassicRules, MagneticRules, Rules
from hanoi_magnet.variants import Variant

__all__ = ["MoveLike", "ValidationReport", "check", "parse_moves", "validate"]

#: What the validator accepts as one move.
MoveLike: TypeAlias = Move | tuple[int, int] | str

_SEPARATORS = re.compile(r"[,;\n]")
_POST = r"(?:[SIDsid]|\d+)"
_TOKEN = re.compile(
    rf"""^\s*
    (?:(?:disk\s*)?(?P<disk>\d+)\s*:\s*)?          # optional disk number, "3:" or "disk 3:"
    (?:
        (?P<a>{_POST})\s*(?:->|→|=>|-|\bto\b)\s*(?P<b>{_POST})   # S->D, 0 -> 2, S to D
      | (?P<c>{_POST})\s+(?P<d>{_POST})                          # 0 2, S D
      | (?P<e>[SIDsid])(?P<f>[SIDsid])                           # SD
    )\s*$""",
    re.VERBOSE,
)


def _post_number(text: str) -> int:
    return "SID".index(text.upper()) if text.isalpha() else int(text)


def _parse_token(token: str) -> Move | tuple[int, int]:
    """One move from text; raises IllegalMoveError(MALFORMED) without an index."""
    match = _TOKEN.match(token)
    if match is None:
        raise IllegalMoveError(
            Rule.MALFORMED,
            "expected a move such as 'S->D', 'SD', '0 2' or '3: S -> D'",
            item=token.strip(),
        )
    source, target = (
        match.group("a") or match.group("c") or match.group("e"),
        match.group("b") or match.group("d") or match.group("f"),
    )
    pair = (_post_number(source), _post_number(target))
    disk = match.group("disk")
    if disk is None:
        return pair
    if int(disk) < 1:
        raise IllegalMoveError(Rule.MALFORMED, "disk numbers start at 1", item=token.strip())
    return Move(int(disk), *pair)


def _tokens(text: str) -> Iterator[str]:
    for line in text.splitlines() or [text]:
        content = line.split("#", 1)[0]
        for token in _SEPARATORS.split(content):
            if token.strip():
                yield token


def parse_moves(text: str) -> list[Move | tuple[int, int]]:
    r"""Read moves from text: one per line or separated by commas or semicolons.

    A move with a disk number (``"3: S -> D"``) becomes a :class:`~hanoi_magnet.Move`; one
    without becomes a ``(source, target)`` pair. Raises :class:`IllegalMoveError` with rule
    ``MALFORMED`` and the token's index for anything else.

    Example:
        >>> from hanoi_magnet import parse_moves
        >>> parse_moves("S->D, SI\n0 2  # a comment\n1: I -> D")
        [(0, 2), (0, 1), (0, 2), Move(disk=1, source=1, target=2)]
    """
    if not isinstance(text, str):
        raise InvalidArgumentError(f"parse_moves expects a string, got {type(text).__name__}")
    moves: list[Move | tuple[int, int]] = []
    for index, token in enumerate(_tokens(text)):
        try:
            moves.append(_parse_token(token))
        except IllegalMoveError as error:
            raise error.at(index) from None
    return moves


@attrs.frozen(slots=True)
class ValidationReport:
    """The verdict of :func:`validate`.

    Attributes:
        ok: every move read was legal.
        solved: every move was legal and the last one left the goal position.
        length: the number of legal moves replayed (all of them when ``ok``).
        error: ``None``, or the :class:`~hanoi_magnet.IllegalMoveError` of the first illegal
            move, with its ``index``, ``move``, ``state`` before it and ``rule``.
        state: the position after the last legal move.
        goal_index: after how many moves the goal was first reached (``None``: never).

    Example:
        >>> from hanoi_magnet import validate
        >>> report = validate("S->I, S->D, I->D", "classic", 2)
        >>> report.ok, report.solved, report.length, report.goal_index
        (True, True, 3, 3)
        >>> print(report)
        solved: 3 legal moves reach the goal
    """

    ok: bool
    solved: bool
    length: int
    error: IllegalMoveError | None
    state: State
    goal_index: int | None

    def __str__(self) -> str:
        if self.error is not None:
            return f"illegal: {self.error}"
        if self.solved:
            return f"solved: {self.length} legal moves reach the goal"
        reached = "" if self.goal_index is None else f" (reached at move {self.goal_index})"
        return f"not solved: {self.length} legal moves do not end in the goal{reached}"


def _resolve(
    variant: object, n: object, start: State | None, goal: State | None
) -> tuple[Rules, State, State | None]:
    if isinstance(variant, Rules):
        if start is None:
            raise InvalidArgumentError("validating against bare rules needs a start state")
        return variant, start, goal
    if isinstance(variant, str):
        from hanoi_magnet.registry import default_registry  # noqa: PLC0415 (import cycle)

        variant = default_registry.variant(variant)
    if not isinstance(variant, Variant):
        raise InvalidArgumentError(
            f"variant must be a label, a Variant or a Rules object, got {type(variant).__name__}"
        )
    if start is None:
        if n is None:
            raise InvalidArgumentError("give n (the number of disks) or a start state")
        start = variant.start(_disk_count(n))
    elif n is not None and _disk_count(n) != start.n:
        raise InvalidArgumentError(f"n = {n} but the start state has {start.n} disks")
    if goal is None:
        goal = variant.goal(start.n)
    return variant.rules, start, goal


def validate(
    moves: Iterable[MoveLike] | str,
    variant: str | Variant | Rules,
    n: int | None = None,
    *,
    start: State | None = None,
    goal: State | None = None,
) -> ValidationReport:
    """Replay ``moves`` and report the first illegal one, or whether they solve the puzzle.

    Streaming: the moves are read one at a time and never stored, so a generator of any length
    is checked in constant memory. Nothing raises for bad moves — they are reported; only bad
    arguments (an unknown label, a bad ``n``) raise.

    Args:
        moves: an iterable of moves (see the module documentation), or text.
        variant: a label such as ``"NNN"``, a :class:`~hanoi_magnet.Variant`, or bare rules
            (then ``start`` is required).
        n: the number of disks (not needed when ``start`` is given).
        start: the position to start from (default: the variant's start).
        goal: the position to reach (default: the variant's goal; with bare rules, none).

    Example:
        >>> from hanoi_magnet import validate
        >>> report = validate(["S->I", "S->D", "I->D"], "NNN", 2)
        >>> report.ok, report.error.rule.name, report.error.index
        (False, 'REPULSION', 2)
        >>> print(report.error.state)
        S: - | I: 1b | D: 2b
    """
    rules, start, goal = _resolve(variant, n, start, goal)
    rules._check_state_shape(start)
    if goal is not None:
        rules._check_state_shape(goal)
        if goal.n != start.n:
            raise InvalidArgumentError(f"the start has {start.n} disks but the goal {goal.n}")
    if isinstance(moves, str):
        moves = [moves]
    elif not isinstance(moves, Iterable):
        raise InvalidArgumentError(
            f"moves must be an iterable of moves or a string, got {type(moves).__name__}"
        )
    return _Replay(rules, start, goal).run(moves)


def check(
    moves: Iterable[MoveLike] | str,
    variant: str | Variant | Rules,
    n: int | None = None,
    *,
    start: State | None = None,
    goal: State | None = None,
) -> ValidationReport:
    """Like :func:`validate`, but raise instead of reporting a failure.

    Raises:
        IllegalMoveError: the first illegal move (with ``index``, ``move``, ``state``, ``rule``).
        NotSolvedError: every move was legal but they did not end in the goal.

    Example:
        >>> from hanoi_magnet import check
        >>> check("SI SD ID".split(), "classic", 2).length
        3
    """
    report = validate(moves, variant, n, start=start, goal=goal)
    if report.error is not None:
        raise report.error
    if not report.solved:
        raise NotSolvedError(str(report))
    return report


def _items(moves: Iterable[MoveLike]) -> Iterator[object]:
    """Flatten the input: text items may hold several moves."""
    for item in moves:
        if isinstance(item, str):
            for token in _tokens(item):
                try:
                    yield _parse_token(token)
                except IllegalMoveError as error:
                    yield error
        else:
            yield item


class _Replay:
    """The replay loop, on plain lists: a disk's post, its face bit, and each post's stack."""

    def __init__(self, rules: Rules, start: State, goal: State | None) -> None:
        self.rules = rules
        self.n = start.n
        self.stacks = [list(stack) for stack in start.posts]
        self.where = [0] * (self.n + 1)
        for post, stack in enumerate(start.posts):
            for disk in stack:
                self.where[disk] = post
        self.faces = [0] * (self.n + 1)
        if start.faces is not None:
            for disk, face in enumerate(start.faces, 1):
                self.faces[disk] = face.bit
        self.goal_where: list[int] | None = None
        self.goal_faces: list[int] | None = None
        if goal is not None:
            self.goal_where = [0] * (self.n + 1)
            for post, stack in enumerate(goal.posts):
                for disk in stack:
                    self.goal_where[disk] = post
            self.goal_faces = [0] * (self.n + 1)
            if goal.faces is not None:
                for disk, face in enumerate(goal.faces, 1):
                    self.goal_faces[disk] = face.bit

    def state(self) -> State:
        faces = None
        if self.rules.magnetic:
            faces = tuple(Color.BLUE if f else Color.RED for f in self.faces[1:])
        return State._trusted(tuple(tuple(s) for s in self.stacks), faces)

    def run(self, moves: Iterable[MoveLike]) -> ValidationReport:
        rules = self.rules
        stacks, where, faces = self.stacks, self.where, self.faces
        goal_where, goal_faces = self.goal_where, self.goal_faces
        posts = len(stacks)
        allowed = rules.allowed if isinstance(rules, ClassicRules) else None
        colors = None
        if isinstance(rules, MagneticRules):
            colors = [None if c is None else c.bit for c in rules.post_colors]
        # Disks not yet where the goal wants them; the goal is reached when this is 0.
        missing = -1
        if goal_where is not None and goal_faces is not None:
            missing = sum(
                1
                for d in range(1, self.n + 1)
                if where[d] != goal_where[d] or (colors is not None and faces[d] != goal_faces[d])
            )
        goal_index = 0 if missing == 0 else None
        index = 0
        for item in _items(moves):
            if type(item) is Move:
                disk: int | None = item.disk
                source, target = item.source, item.target
            elif isinstance(item, tuple) and len(item) == 2:
                source, target = item
                disk = None
                if not (_is_post_number(source) and _is_post_number(target)):
                    return self._fail(index, item, Rule.MALFORMED, "posts must be integers")
            elif isinstance(item, IllegalMoveError):
                return self._report(index, goal_index, missing, item.at(index))
            else:
                return self._fail(
                    index,
                    item,
                    Rule.MALFORMED,
                    f"expected a Move, a (source, target) pair or text, got {type(item).__name__}",
                )
            if not (0 <= source < posts and 0 <= target < posts) or source == target:
                return self._fail_rules(index, item, disk, source, target)
            stack = stacks[source]
            if not stack:
                return self._fail_rules(index, item, disk, source, target)
            top = stack[-1]
            if disk is not None and disk != top:
                return self._fail_rules(index, item, disk, source, target)
            below = stacks[target]
            if below and below[-1] < top:
                return self._fail_rules(index, item, top, source, target)
            if allowed is not None and (source, target) not in allowed:
                return self._fail_rules(index, item, top, source, target)
            if colors is not None:
                face = 1 - faces[top]
                if below:
                    if faces[below[-1]] != face:
                        return self._fail_rules(index, item, top, source, target)
                elif colors[target] is not None and colors[target] != face:
                    return self._fail_rules(index, item, top, source, target)
            else:
                face = 0
            if missing >= 0:
                assert goal_where is not None
                assert goal_faces is not None
                was = where[top] == goal_where[top] and faces[top] == goal_faces[top]
                now = target == goal_where[top] and (colors is None or face == goal_faces[top])
                missing += was - now
            stack.pop()
            below.append(top)
            where[top] = target
            faces[top] = face
            index += 1
            if missing == 0 and goal_index is None:
                goal_index = index
        return self._report(index, goal_index, missing, None)

    def _report(
        self, index: int, goal_index: int | None, missing: int, error: IllegalMoveError | None
    ) -> ValidationReport:
        return ValidationReport(
            ok=error is None,
            solved=error is None and missing == 0,
            length=index,
            error=error,
            state=self.state(),
            goal_index=goal_index,
        )

    def _fail(self, index: int, item: object, rule: Rule, detail: str) -> ValidationReport:
        error = IllegalMoveError(rule, detail, state=self.state(), index=index, item=item)
        return self._report(index, None, -1, error)

    def _fail_rules(
        self, index: int, item: object, disk: int | None, source: int, target: int
    ) -> ValidationReport:
        """Let the rules object name the broken rule and explain it."""
        state = self.state()
        if disk is None:
            if 0 <= source < len(state.posts) and state.posts[source]:
                disk = state.posts[source][-1]
            else:
                disk = 1
        move = Move(disk, source, target) if source >= 0 and target >= 0 else None
        if move is None:
            bad = min(source, target)
            error = IllegalMoveError(
                Rule.NO_SUCH_POST, f"post {bad} does not exist", state=state, index=index, item=item
            )
        else:
            found = self.rules._violation(state, move)
            assert found is not None, f"replay and rules disagree on {move} in {state}"
            error = IllegalMoveError(found[0], found[1], move=move, state=state, index=index)
            if not isinstance(item, Move):
                error = IllegalMoveError(
                    found[0], found[1], move=move, state=state, index=index, item=item
                )
        return self._report(index, None, -1, error)


def _is_post_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
