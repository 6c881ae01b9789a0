"""The validator's replay: the position as plain lists, the goal, and one careful path per item.

:meth:`Replay.careful` replays one item of any form — a Move, a pair, a mapping, text with any
number of moves — or names the rule it breaks. The fast loops of
:mod:`hanoi_magnet._replay_loops` replay runs of items on the same lists and hand everything
else to it, so the verdict never depends on which path a move took.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeGuard

from hanoi_magnet._move_text import parse_token, tokens
from hanoi_magnet._text import integer_text
from hanoi_magnet.errors import IllegalMoveError, Rule
from hanoi_magnet.model import Color, Move, State
from hanoi_magnet.rules import MagneticRules, Rules


class Replay:
    """The state of one replay: each post's stack, each disk's face bit, the goal.

    ``index`` is the number of moves replayed so far; ``error`` the first illegal move.
    """

    def __init__(self, rules: Rules, start: State, goal: State | None) -> None:
        self.rules = rules
        self.n = start.n
        self.stacks = [list(stack) for stack in start.posts]
        self.faces = [0] * (self.n + 1)
        if start.faces is not None:
            for disk, face in enumerate(start.faces, 1):
                self.faces[disk] = face.bit
        self.allowed = rules.allowed
        self.colors: list[int] | None = None
        if isinstance(rules, MagneticRules):
            self.colors = [-1 if c is None else c.bit for c in rules.post_colors]
        self.goal = goal
        self.index = 0  # moves replayed so far
        self.goal_index: int | None = None
        self.error: IllegalMoveError | None = None
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
            if self.at_goal():
                self.goal_index = 0
        # The fast loops' tables (filled by hanoi_magnet._replay_loops).
        self.routes: list[list[Any]] = []
        self.short_routes: list[list[Any]] = []
        self.lines: dict[str, tuple[Any, ...]] = {}
        # The careful path's parse of each text seen (a solution repeats a few lines).
        self._parsed: dict[str, tuple[tuple[Move | tuple[int, int] | IllegalMoveError, str], ...]]
        self._parsed = {}

    # -- the goal ---------------------------------------------------------------------------

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

    def at_goal(self) -> bool:
        """Whether the current position is the goal."""
        if self.goal is None:
            return False
        if self.goal_post >= 0:
            stack = self.stacks[self.goal_post]
            return len(stack) == self.n and (
                not self.rules.magnetic or all(self.faces[d] == self.goal_face for d in stack)
            )
        return self.missing == 0

    def reached(self, index: int) -> None:
        """The goal post has just been filled by move ``index - 1``: is it the goal?"""
        if self.goal_index is None and self.at_goal():
            self.goal_index = index

    def moved(self, disk: int, source: int, target: int, index: int) -> None:
        """Update the count of misplaced disks (goals that are not one tower)."""
        magnetic = self.rules.magnetic
        before = source == self.goal_where[disk] and (
            not magnetic or self.faces[disk] ^ 1 == self.goal_faces[disk]
        )
        self.where[disk] = target
        self.missing += before - self._placed(disk)
        if self.missing == 0 and self.goal_index is None:
            self.goal_index = index

    def state(self) -> State:
        """The current position."""
        faces = None
        if self.rules.magnetic:
            faces = tuple(Color.BLUE if f else Color.RED for f in self.faces[1:])
        return State._trusted(tuple(tuple(s) for s in self.stacks), faces)

    # -- the replay -------------------------------------------------------------------------

    def careful(self, item: object) -> bool:
        """Replay one item (a Move, a pair, a mapping, text with any number of moves).

        Returns True if it holds an illegal move (then kept in ``error``).
        """
        if isinstance(item, Move):
            return self._one(item, item)
        if isinstance(item, str):
            for parsed, token in self.parse(item):
                if isinstance(parsed, IllegalMoveError):
                    return self._fail(parsed.item, parsed.rule, self._in_range(parsed))
                if self._one(parsed, token):
                    return True
            return False
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

    def parse(self, text: str) -> tuple[tuple[Move | tuple[int, int] | IllegalMoveError, str], ...]:
        """The moves of a text, or the error of a malformed one, each with its token.

        Remembered per text: a solution written out repeats a few distinct lines many times.
        """
        found = self._parsed.get(text)
        if found is None:
            parsed: list[tuple[Move | tuple[int, int] | IllegalMoveError, str]] = []
            for token in tokens(text):
                try:
                    parsed.append((parse_token(token), token.strip()))
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

    def _mapping(self, item: Mapping[object, object]) -> bool:
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

    def _one(self, move: Move | tuple[int, int], item: object) -> bool:
        """Replay one move given as a Move or a pair (the disk is the source's top)."""
        if not isinstance(move, Move):
            source, target = move
            stack = self.stacks[source] if 0 <= source < len(self.stacks) else []
            if not stack or target < 0:
                return self._fail_pair(item, source, target)
            move = Move(stack[-1], source, target)
        if self._apply(move):
            assert self.error is not None
            self.error.item = item  # the input as it was given
            return True
        return False

    def _apply(self, move: Move) -> bool:
        """Replay one Move; on an illegal one, let the rules name the rule it breaks."""
        stacks, faces = self.stacks, self.faces
        source, target = move.source, move.target
        if max(source, target) >= len(stacks) or source == target:
            return self._fail_rules(move)
        stack, below = stacks[source], stacks[target]
        if not stack or stack[-1] != move.disk or (below and below[-1] < move.disk):
            return self._fail_rules(move)
        top = move.disk
        if self.allowed is not None and (source, target) not in self.allowed:
            return self._fail_rules(move)
        if self.colors is not None:
            face = faces[top] ^ 1
            if (faces[below[-1]] != face) if below else (self.colors[target] not in (-1, face)):
                return self._fail_rules(move)
            faces[top] = face
        stack.pop()
        self.index += 1
        if self.missing >= 0:
            self.moved(top, source, target, self.index)
        below.append(top)
        if target == self.goal_post and len(below) == self.n:
            self.reached(self.index)
        return False

    def _stop(self, error: IllegalMoveError) -> bool:
        self.error = error
        return True

    def _fail(self, item: object, rule: Rule, detail: str) -> bool:
        return self._stop(
            IllegalMoveError(rule, detail, state=self.state(), index=self.index, item=item)
        )

    def _fail_rules(self, move: Move) -> bool:
        """Let the rules object name the rule ``move`` breaks, and explain it."""
        state = self.state()
        found = self.rules._violation(state, move)
        assert found is not None, f"replay and rules disagree on {move} in {state}"
        return self._stop(
            IllegalMoveError(
                found[0], found[1], move=move, state=state, index=self.index, item=move
            )
        )

    def _fail_pair(self, item: object, source: int, target: int) -> bool:
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
        return self._stop(IllegalMoveError(rule, detail, state=state, index=self.index, item=item))


#: How many distinct texts the careful path remembers the parse of (then it starts afresh).
_PARSED_TEXTS = 4096


def _is_post_number(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)
