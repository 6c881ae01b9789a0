"""Replay a sequence of moves and report the first broken rule — streaming, constant memory.

Moves may be :class:`~hanoi_magnet.Move` objects, ``(source, target)`` pairs (the disk is the
one on top), mappings with integer ``"source"`` and ``"target"`` and optionally ``"disk"`` (as
JSON records read back; other keys such as ``"index"`` are ignored), or text: ``"S->D"``,
``"S -> D"``, ``"SD"``, ``"0 2"``, ``"0->2"``, optionally prefixed by a disk number as the solver
prints them (``"3: S -> D"``), one per line or separated by commas or semicolons; ``#`` starts a
comment. Letters S, I, D name posts 0, 1, 2.

A number too long to name any post or disk (more than 100 digits) is not read: the move is
reported as naming no such post (or disk), with the number abbreviated.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from typing import TypeAlias, TypeGuard

import attrs

from hanoi_magnet._text import integer_text, shown
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
MoveLike: TypeAlias = Move | tuple[int, int] | Mapping[str, int] | str

# Post and disk numbers in text longer than this are not read (no puzzle has such a post or
# disk, and Python refuses to read ints of more than 4,300 digits).
_MAX_NUMBER_DIGITS = 100

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


def _post_number(text: str, token: str) -> int:
    if text.isalpha():
        return "SID".index(text.upper())
    return _number(text, token, Rule.NO_SUCH_POST, "post")


def _number(text: str, token: str, rule: Rule, what: str) -> int:
    """A post or disk number from its digits; too many digits: that post or disk does not exist."""
    if len(text) > _MAX_NUMBER_DIGITS:
        digits = text.lstrip("0") or "0"
        shown_digits = digits if len(digits) <= 12 else f"{digits[:6]}…{digits[-4:]}"
        raise IllegalMoveError(
            rule,
            f"{what} {shown_digits} ({len(digits):,} digits) does not exist",
            item=token.strip(),
        )
    return int(text)


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
    pair = (_post_number(source, token), _post_number(target, token))
    disk = match.group("disk")
    if disk is None:
        return pair
    number = _number(disk, token, Rule.NO_SUCH_DISK, "disk")
    if number < 1:
        raise IllegalMoveError(Rule.MALFORMED, "disk numbers start at 1", item=token.strip())
    return Move(number, *pair)


def _tokens(text: str) -> Iterator[str]:
    for line in text.splitlines() or [text]:
        content = line.split("#", 1)[0]
        for token in _SEPARATORS.split(content):
            if token.strip():
                yield token


def parse_moves(text: str) -> list[Move | tuple[int, int]]:
    r"""Read moves from text: one per line or separated by commas or semicolons.

    A move with a disk number (``"3: S -> D"``) becomes a :class:`~hanoi_magnet.Move`; one
    without becomes a ``(source, target)`` pair. Raises
    :class:`~hanoi_magnet.IllegalMoveError` with rule ``MALFORMED`` and the token's index for
    anything else (``NO_SUCH_POST`` or ``NO_SUCH_DISK`` for a number of more than 100 digits,
    which no puzzle has).

    Example:
        >>> from hanoi_magnet.validate import parse_moves
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


def _state_argument(value: object, name: str) -> State | None:
    if value is None or isinstance(value, State):
        return value
    raise InvalidArgumentError(
        f"{name} must be a State (or None), got {type(value).__name__} {shown(value)}"
    )


def _resolve(
    variant: object, n: object, start: object, goal: object
) -> tuple[Rules, State, State | None]:
    start = _state_argument(start, "start")
    goal = _state_argument(goal, "goal")
    if isinstance(variant, Rules):
        if start is None:
            raise InvalidArgumentError("validating against bare rules needs a start state")
        return variant, start, goal
    if isinstance(variant, str):
        from hanoi_magnet.registry import default_registry  # noqa: PLC0415 (import cycle)

        variant = default_registry.variant(variant)
    if not isinstance(variant, Variant):
        raise InvalidArgumentError(
            "variant must be a label, a Variant or a Rules object, "
            f"got {type(variant).__name__} {shown(variant)}"
        )
    if start is None:
        if n is None:
            raise InvalidArgumentError("give n (the number of disks) or a start state")
        start = variant.start(_disk_count(n))
    elif n is not None and _disk_count(n) != start.n:
        raise InvalidArgumentError(f"n = {shown(n)} but the start state has {start.n} disks")
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


class _Replay:
    """The replay loop, on plain lists: each post's stack and each disk's face bit.

    Move objects go through :meth:`_run`, the one tight loop that checks legality; every other
    input (pairs, text) is turned into Move objects against the current position and sent
    through the same loop. When a check fails, the rules object names the broken rule.
    """

    def __init__(self, rules: Rules, start: State, goal: State | None) -> None:
        self.rules = rules
        self.n = start.n
        self._parsed: dict[str, tuple[tuple[Move | tuple[int, int] | IllegalMoveError, str], ...]]
        self._parsed = {}
        self.stacks = [list(stack) for stack in start.posts]
        self.faces = [0] * (self.n + 1)
        if start.faces is not None:
            for disk, face in enumerate(start.faces, 1):
                self.faces[disk] = face.bit
        self.goal = goal
        self.index = 0  # moves replayed so far
        self.goal_index: int | None = None
        # A goal that is one tower is seen in O(1) per move: its post holds every disk.
        self.goal_post = -1
        self.goal_face = 0
        # For other goals: how many disks are not yet where the goal wants them.
        self.missing = -1
        self.goal_where: list[int] = []
        self.goal_faces: list[int] = []
        self.where: list[int] = []
        if goal is not None:
            towers = [p for p, stack in enumerate(goal.posts) if len(stack) == self.n]
            if towers and (goal.faces is None or len(set(goal.faces)) <= 1):
                self.goal_post = towers[0]
                self.goal_face = goal.faces[0].bit if goal.faces else 0
            else:
                self._track(goal)
            if self._at_goal():
                self.goal_index = 0

    def _track(self, goal: State) -> None:
        self.goal_where = [0] * (self.n + 1)
        self.goal_faces = [0] * (self.n + 1)
        self.where = [0] * (self.n + 1)
        for post, stack in enumerate(goal.posts):
            for disk in stack:
                self.goal_where[disk] = post
        if goal.faces is not None:
            for disk, face in enumerate(goal.faces, 1):
                self.goal_faces[disk] = face.bit
        for post, held in enumerate(self.stacks):
            for disk in held:
                self.where[disk] = post
        self.missing = sum(1 for d in range(1, self.n + 1) if not self._placed(d))

    def _placed(self, disk: int) -> bool:
        return self.where[disk] == self.goal_where[disk] and (
            not self.rules.magnetic or self.faces[disk] == self.goal_faces[disk]
        )

    def _at_goal(self) -> bool:
        if self.goal is None:
            return False
        if self.goal_post >= 0:
            stack = self.stacks[self.goal_post]
            return len(stack) == self.n and (
                not self.rules.magnetic or all(self.faces[d] == self.goal_face for d in stack)
            )
        return self.missing == 0

    def state(self) -> State:
        faces = None
        if self.rules.magnetic:
            faces = tuple(Color.BLUE if f else Color.RED for f in self.faces[1:])
        return State._trusted(tuple(tuple(s) for s in self.stacks), faces)

    def run(self, moves: Iterable[object]) -> ValidationReport:
        iterator = iter(moves)
        while True:
            leftover = self._run(iterator)
            if leftover is _DONE:
                return self._report(None)
            if isinstance(leftover, ValidationReport):
                return leftover
            failed = self._slow(leftover)
            if failed is not None:
                return failed

    def _run(self, moves: Iterator[object]) -> object:
        """Replay Move objects until something else comes.

        Returns ``_DONE`` when the input ends, the report of the first illegal move, or the
        first item that is not a Move (for :meth:`_slow`).
        """
        stacks, faces, n = self.stacks, self.faces, self.n
        rules = self.rules
        allowed = rules.allowed if isinstance(rules, ClassicRules) else None
        colors = None
        if isinstance(rules, MagneticRules):
            colors = [-1 if c is None else c.bit for c in rules.post_colors]
        goal_post, tracking = self.goal_post, self.missing >= 0
        # Direction rules, colour rules and goals that are not one tower are rarer: one branch.
        extra = allowed is not None or colors is not None or tracking
        index = self.index - 1
        for index, item in enumerate(moves, self.index):
            if type(item) is not Move:
                self.index = index
                return item
            source = item.source
            target = item.target
            try:
                below = stacks[target]
                stack = stacks[source]
                top = stack.pop()
            except IndexError:  # no such post, or nothing on the source
                return self._fail_rules(index, item)
            if source == target or top != item.disk or (below and below[-1] < top):
                stack.append(top)  # atomic: put it back before reporting
                return self._fail_rules(index, item)
            if extra:
                if allowed is not None and (source, target) not in allowed:
                    stack.append(top)
                    return self._fail_rules(index, item)
                if colors is not None:
                    face = faces[top] ^ 1
                    if (faces[below[-1]] != face) if below else (colors[target] not in (-1, face)):
                        stack.append(top)
                        return self._fail_rules(index, item)
                    faces[top] = face
                if tracking:
                    self._moved(top, source, target, index + 1)
            below.append(top)
            if target == goal_post and len(below) == n and self.goal_index is None:
                self.index = index + 1
                if self._at_goal():
                    self.goal_index = index + 1
        index += 1
        self.index = index
        return _DONE

    def _moved(self, disk: int, source: int, target: int, index: int) -> None:
        """Update the count of misplaced disks (goals that are not one tower)."""
        magnetic = self.rules.magnetic
        before = source == self.goal_where[disk] and (
            not magnetic or self.faces[disk] ^ 1 == self.goal_faces[disk]
        )
        self.where[disk] = target
        self.missing += before - self._placed(disk)
        if self.missing == 0 and self.goal_index is None:
            self.goal_index = index

    def _slow(self, item: object) -> ValidationReport | None:
        """One item that is not a Move: text (perhaps several moves), a pair, a mapping, junk."""
        if isinstance(item, str):
            for parsed, token in self._parse(item):
                if isinstance(parsed, IllegalMoveError):
                    return self._fail(parsed.item, parsed.rule, self._in_range(parsed))
                failed = self._one(parsed, token)
                if failed is not None:
                    return failed
            return None
        if isinstance(item, tuple) and len(item) == 2:
            if not (_is_post_number(item[0]) and _is_post_number(item[1])):
                return self._fail(item, Rule.MALFORMED, "posts must be integers")
            return self._one(item, item)
        if isinstance(item, Mapping):
            return self._mapping(item)
        return self._fail(
            item,
            Rule.MALFORMED,
            "expected a Move, a (source, target) pair, a mapping or text, "
            f"got {type(item).__name__}",
        )

    def _parse(
        self, text: str
    ) -> tuple[tuple[Move | tuple[int, int] | IllegalMoveError, str], ...]:
        """The moves of a text, or the error of a malformed one, each with its token.

        Remembered per text: a solution written out repeats a few distinct lines many times.
        """
        found = self._parsed.get(text)
        if found is None:
            parsed: list[tuple[Move | tuple[int, int] | IllegalMoveError, str]] = []
            for token in _tokens(text):
                try:
                    parsed.append((_parse_token(token), token.strip()))
                except IllegalMoveError as error:
                    parsed.append((error, token.strip()))
                    break
            if len(self._parsed) >= _PARSED_TEXTS:
                self._parsed.clear()
            found = self._parsed[text] = tuple(parsed)
        return found

    def _in_range(self, error: IllegalMoveError) -> str:
        """A parse error's detail, with the range of posts or disks this puzzle has."""
        if error.rule is Rule.NO_SUCH_POST:
            return f"{error.detail} (posts are 0..{self.rules.posts - 1})"
        if error.rule is Rule.NO_SUCH_DISK:
            return f"{error.detail} (disks are 1..{self.n})"
        return error.detail

    def _mapping(self, item: Mapping[object, object]) -> ValidationReport | None:
        """A move as a mapping: integer "source" and "target", and optionally "disk"."""
        source, target, disk = (item.get(key) for key in ("source", "target", "disk"))
        if not (_is_post_number(source) and _is_post_number(target)):
            return self._fail(
                item,
                Rule.MALFORMED,
                'a move as a mapping needs integers "source" and "target", and optionally "disk"',
            )
        if disk is None:
            return self._one((source, target), item)
        if not _is_post_number(disk) or disk < 1 or min(source, target) < 0:
            return self._fail(
                item,
                Rule.MALFORMED,
                'a move as a mapping names its "disk" from 1 and its posts from 0, as integers',
            )
        return self._one(Move(disk, source, target), item)

    def _one(self, move: Move | tuple[int, int], item: object) -> ValidationReport | None:
        """Replay one move given as a Move or a pair (the disk is the source's top)."""
        if not isinstance(move, Move):
            source, target = move
            stack = self.stacks[source] if 0 <= source < len(self.stacks) else []
            if not stack or target < 0:
                return self._fail_pair(item, source, target)
            move = Move(stack[-1], source, target)
        result = self._run(iter((move,)))
        if isinstance(result, ValidationReport):
            error = result.error
            assert error is not None
            error.item = item  # the input as it was given
            return result
        return None

    def _report(self, error: IllegalMoveError | None) -> ValidationReport:
        return ValidationReport(
            ok=error is None,
            solved=error is None and self._at_goal(),
            length=self.index,
            error=error,
            state=self.state(),
            goal_index=self.goal_index,
        )

    def _fail(self, item: object, rule: Rule, detail: str) -> ValidationReport:
        return self._report(
            IllegalMoveError(rule, detail, state=self.state(), index=self.index, item=item)
        )

    def _fail_rules(self, index: int, move: Move) -> ValidationReport:
        """Let the rules object name the rule ``move`` breaks, and explain it."""
        self.index = index
        state = self.state()
        found = self.rules._violation(state, move)
        assert found is not None, f"replay and rules disagree on {move} in {state}"
        return self._report(
            IllegalMoveError(found[0], found[1], move=move, state=state, index=index, item=move)
        )

    def _fail_pair(self, item: object, source: int, target: int) -> ValidationReport:
        """A (source, target) pair with no disk to move: a bad post or an empty source."""
        state = self.state()
        if min(source, target) < 0:
            rule, detail = (
                Rule.NO_SUCH_POST,
                f"post {integer_text(min(source, target))} does not exist",
            )
        else:
            # disk 1 stands for "the top disk": the rules then name the post problem
            found = self.rules._violation(state, Move(1, source, target))
            assert found is not None
            rule, detail = found
        return self._report(
            IllegalMoveError(rule, detail, state=state, index=self.index, item=item)
        )


#: How many distinct texts the replay remembers the parse of (then it starts afresh).
_PARSED_TEXTS = 4096

#: Returned by the replay loop when the input is used up.
_DONE = object()


def _is_post_number(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)
