"""A shortest path from :func:`~hanoi_magnet.search.shortest_path`: a short sequence of moves."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from hanoi_magnet.errors import InvalidArgumentError
from hanoi_magnet.model import Move, State, _integer
from hanoi_magnet.rules import Rules

__all__ = ["ShortestPath"]


class ShortestPath(Sequence[Move]):
    """A shortest sequence of moves found by search (four or more posts; :func:`shortest_path`).

    It is a sequence of :class:`~hanoi_magnet.Move`, with a :class:`~hanoi_magnet.Solution`'s
    :attr:`length` and :meth:`unrank`. On three posts :func:`shortest_path` returns a
    :class:`~hanoi_magnet.search.Path` instead, computed without search.

    Attributes:
        rules: the rules the moves follow.
        start: the position before the first move.
        goal: the position after the last move.
        explored: how many positions the search visited to find it.

    Example:
        >>> from hanoi_magnet import ClassicRules, State
        >>> from hanoi_magnet.search import shortest_path
        >>> start = State([[1], [], [2], []])
        >>> path = shortest_path(ClassicRules(4), start, State([[2, 1], [], [], []]))
        >>> [move.format(posts=4) for move in path]
        ['1: 0 -> 1', '2: 2 -> 0', '1: 1 -> 0']
        >>> print(path.unrank(1))
        0: - | 1: 1 | 2: 2 | 3: -
    """

    __slots__ = ("_moves", "explored", "goal", "rules", "start")

    def __init__(
        self, rules: Rules, start: State, goal: State, moves: Sequence[Move], explored: int
    ) -> None:
        """Use :func:`shortest_path`; this is internal."""
        self.rules = rules
        self.start = start
        self.goal = goal
        self._moves = tuple(moves)
        self.explored = explored

    @property
    def length(self) -> int:
        """The number of moves (the distance from :attr:`start` to :attr:`goal`)."""
        return len(self._moves)

    def __len__(self) -> int:
        return len(self._moves)

    @overload
    def __getitem__(self, index: int) -> Move: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Move]: ...
    def __getitem__(self, index: int | slice) -> Move | Sequence[Move]:
        return self._moves[index]

    def __iter__(self) -> Iterator[Move]:
        return iter(self._moves)

    def states(self) -> Iterator[State]:
        """The positions along the path, :attr:`start` first and :attr:`goal` last.

        Example:
            >>> from hanoi_magnet import ClassicRules, State
            >>> from hanoi_magnet.search import shortest_path
            >>> start, goal = State.tower(1, posts=4), State.tower(1, 3, posts=4)
            >>> path = shortest_path(ClassicRules(4), start, goal)
            >>> [str(state) for state in path.states()]
            ['0: 1 | 1: - | 2: - | 3: -', '0: - | 1: - | 2: - | 3: 1']
        """
        state = self.start
        yield state
        for move in self._moves:
            state = self.rules.apply(state, move)
            yield state

    def unrank(self, k: int) -> State:
        """The position after the first ``k`` moves (negative ``k`` counts from the end).

        Example:
            >>> from hanoi_magnet import ClassicRules, State
            >>> from hanoi_magnet.search import shortest_path
            >>> start, goal = State.tower(2, posts=4), State.tower(2, 3, posts=4)
            >>> path = shortest_path(ClassicRules(4), start, goal)
            >>> print(path.unrank(-2))
            0: - | 1: 1 | 2: - | 3: 2
        """
        k = _integer(k, "k", minimum=-len(self._moves) - 1)
        if k < 0:
            k += len(self._moves) + 1
        if k > len(self._moves):
            raise InvalidArgumentError(f"k must be at most {len(self._moves)}, got {k}")
        for index, state in enumerate(self.states()):
            if index == k:
                return state
        raise AssertionError("unreachable")  # pragma: no cover

    def __repr__(self) -> str:
        return f"ShortestPath({self.rules!r}, length={self.length}, explored={self.explored})"
