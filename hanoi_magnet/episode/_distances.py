"""The exact distance to an episode's goal from any position, by the cheapest exact method.

Three posts: :func:`~hanoi_magnet.search.distance`, exact in O(n) steps for any rules and any
number of disks (it answers the classic rules with every direction by Hinz's formula). Four or more
posts: one complete search backwards from the goal (:func:`~hanoi_magnet.search.remoteness`),
after which every distance is a look-up; an episode whose space holds more than
``max_states`` positions is refused before anything is searched.
"""

from __future__ import annotations

from hanoi_magnet._text import integer_text
from hanoi_magnet.errors import SearchLimitError, UnreachableError
from hanoi_magnet.model import Move, State
from hanoi_magnet.rules import Rules
from hanoi_magnet.search import (
    RemotenessTable,
    distance,
    legal_state_count,
    remoteness,
)

#: The most distances remembered (the positions around the current one: a move's new position
#: was usually measured already, while looking for an optimal move).
_REMEMBERED = 64


class Distances:
    """Distances to one goal under one set of rules (``None``: the goal is out of reach)."""

    __slots__ = ("goal", "known", "rules", "table")

    def __init__(self, rules: Rules, goal: State, max_states: int) -> None:
        self.rules = rules
        self.goal = goal
        self.table: RemotenessTable | None = None
        self.known: dict[State, int | None] = {}
        if rules.posts != 3:
            size = legal_state_count(rules, goal.n)
            if size > max_states:
                raise SearchLimitError(
                    f"exact distances on {rules.posts} posts need a search of "
                    f"{integer_text(size)} positions ({goal.n} disks), more than max_states="
                    f"{integer_text(max_states)}; exact distances without search exist for three "
                    "posts only: use fewer disks or a larger max_states"
                )
            self.table = remoteness(rules, goal)

    def to_goal(self, state: State) -> int | None:
        """The least number of moves from ``state`` to the goal (``None``: unreachable)."""
        known = self.known
        if state in known:
            return known[state]
        try:
            if self.table is not None:
                found: int | None = self.table.distance(state)
            else:
                found = distance(self.rules, state, self.goal)
        except UnreachableError:
            found = None
        if len(known) >= _REMEMBERED:
            known.clear()
        known[state] = found
        return found

    def optimal_moves(
        self, state: State, here: int | None, *, first: bool = False
    ) -> tuple[Move, ...]:
        """The legal moves from ``state`` that bring the goal one move nearer.

        ``first``: only the first of them, found without measuring the others.
        """
        if not here:
            return ()
        rules = self.rules
        found = []
        for move in rules.legal_moves(state):
            if self.to_goal(rules._unchecked_apply(state, move)) == here - 1:
                found.append(move)
                if first:
                    break
        return tuple(found)
