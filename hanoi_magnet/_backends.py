"""What stands behind a Solution: a plan table (the engine), or a list of moves from a solver.

A :class:`~hanoi_magnet.Solution` asks its backend for the length, the per-disk counts, the
moves from an index on, the move and the position at an index, and the index of a position.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from typing import Protocol

from hanoi_magnet._engine import counts, moves, positions
from hanoi_magnet._engine.table import Table
from hanoi_magnet._errors import _number
from hanoi_magnet.errors import (
    IllegalMoveError,
    InvalidArgumentError,
    NotOnPathError,
    SolverError,
    TooLargeError,
)
from hanoi_magnet.model import Move, State
from hanoi_magnet.variants import Variant

#: Per-disk counts are refused when all their numbers together would exceed this many bits.
PER_DISK_BITS = 1 << 32


class Backend(Protocol):
    """The operations a Solution delegates."""

    def length(self) -> int: ...
    def at_least(self, bound: int) -> bool: ...
    def per_disk(self) -> tuple[int, ...]: ...
    def iterate(self, start: int | None, backwards: bool) -> Iterator[Move]: ...
    def move_at(self, k: int) -> Move: ...
    def unrank(self, k: int) -> State: ...
    def rank(self, state: State) -> int: ...


class PlanBackend:
    """A plan table: everything by descent, in O(n) steps."""

    __slots__ = ("n", "table")

    def __init__(self, plan: Table, n: int) -> None:
        self.table = plan
        self.n = n

    def length(self) -> int:
        return self.table.length(self.n)

    def at_least(self, bound: int) -> bool:
        """Whether there are at least ``bound`` moves (small bounds: no exact length)."""
        return moves.length_at_least(self.table, self.n, bound)

    def per_disk(self) -> tuple[int, ...]:
        _refuse_huge_counts(self.n, self.length())
        return counts.per_disk(self.table, self.n)

    def iterate(self, start: int | None, backwards: bool) -> Iterator[Move]:
        return moves.iterate(self.table, self.n, start, backwards=backwards)

    def move_at(self, k: int) -> Move:
        return moves.move_at(self.table, self.n, k)

    def unrank(self, k: int) -> State:
        return positions.unrank(self.table, self.n, k)

    def rank(self, state: State) -> int:
        return positions.rank(self.table, self.n, state)


def _refuse_huge_counts(n: int, length: int) -> None:
    """Per-disk counts of n disks hold about n * bits(length) / 2 bits: refuse beyond a bound."""
    estimate = n * length.bit_length() // 2
    if estimate > PER_DISK_BITS:
        raise TooLargeError(
            f"the per-disk counts of {n:,} disks would take about {estimate // 8 // 2**20:,} "
            f"MiB (the limit is {PER_DISK_BITS // 8 // 2**20:,} MiB); count one disk's moves "
            "from the recurrence instead, or use fewer disks"
        )


class ListBackend:
    """Moves from a solver that gives nothing else: stored once, replayed for positions.

    A solver's own ``length(n)`` and ``per_disk(n)`` are used until the moves are read; once
    they are, both are checked against the moves (a solver that contradicts itself raises
    :class:`~hanoi_magnet.SolverError`).
    """

    __slots__ = ("_moves", "_source", "counter", "lengther", "n", "ranker", "unranker", "variant")

    def __init__(
        self, variant: Variant, n: int, moves: Iterable[Move], solver: object = None
    ) -> None:
        self.variant = variant
        self.n = n
        self._source: Iterable[Move] | None = moves
        self._moves: tuple[Move, ...] | None = None
        self.unranker = getattr(solver, "unrank", None)
        self.ranker = getattr(solver, "rank", None)
        self.lengther = getattr(solver, "length", None)
        self.counter = getattr(solver, "per_disk", None)

    @property
    def moves(self) -> tuple[Move, ...]:
        if self._moves is None:
            assert self._source is not None
            listed = tuple(self._source)
            for index, move in enumerate(listed):
                if not isinstance(move, Move):
                    raise InvalidArgumentError(
                        f"a solver must yield Move objects; item {index} is "
                        f"{type(move).__name__} {move!r}"
                    )
            self._check(listed)
            self._moves, self._source = listed, None
        return self._moves

    def _check(self, listed: tuple[Move, ...]) -> None:
        """The solver's own length and per-disk counts must agree with its moves."""
        label = self.variant.label
        if self.lengther is not None:
            claimed = self._claimed_length()
            if claimed != len(listed):
                raise SolverError(
                    f"the solver for {label} says length({self.n}) = {_number(claimed)}, "
                    f"but its solve({self.n}) gives {len(listed):,} moves"
                )
        if self.counter is not None:
            claimed_counts = self._claimed_counts()
            actual = _count(listed, self.n)
            if claimed_counts != actual:
                raise SolverError(
                    f"the solver for {label} says per_disk({self.n}) = {claimed_counts}, but "
                    f"its moves give {actual}"
                )

    def _claimed_length(self) -> int:
        assert self.lengther is not None
        value = self.lengther(self.n)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise SolverError(
                f"the solver for {self.variant.label}: length({self.n}) must be an int >= 0, "
                f"got {type(value).__name__} {value!r}"
            )
        return value

    def _claimed_counts(self) -> tuple[int, ...]:
        assert self.counter is not None
        value = tuple(self.counter(self.n))
        if len(value) != self.n or not all(
            isinstance(c, int) and not isinstance(c, bool) and c >= 0 for c in value
        ):
            raise SolverError(
                f"the solver for {self.variant.label}: per_disk({self.n}) must give {self.n} "
                f"ints >= 0, got {value!r}"
            )
        return value

    def length(self) -> int:
        if self.lengther is not None and self._moves is None:
            return self._claimed_length()
        return len(self.moves)

    def at_least(self, bound: int) -> bool:
        return self.length() >= bound

    def per_disk(self) -> tuple[int, ...]:
        if self.counter is not None and self._moves is None:
            return self._claimed_counts()
        return _count(self.moves, self.n)

    def iterate(self, start: int | None, backwards: bool) -> Iterator[Move]:
        listed = self.moves
        if start is None:
            return reversed(listed) if backwards else iter(listed)
        if backwards:
            return reversed(listed[: start + 1])
        return iter(listed[start:])

    def move_at(self, k: int) -> Move:
        return self.moves[k]

    def unrank(self, k: int) -> State:
        if self.unranker is not None:
            return self.unranker(self.n, k)  # type: ignore[no-any-return]
        state = self.variant.start(self.n)
        apply = self.variant.rules.apply
        for index, move in enumerate(itertools.islice(self.moves, k)):
            try:
                state = apply(state, move)
            except IllegalMoveError as error:
                raise error.at(index) from None
        return state

    def rank(self, state: State) -> int:
        if self.ranker is not None:
            return self.ranker(self.n, state)  # type: ignore[no-any-return]
        current = self.variant.start(self.n)
        if current == state:
            return 0
        apply = self.variant.rules.apply
        for index, move in enumerate(self.moves):
            current = apply(current, move)
            if current == state:
                return index + 1
        raise NotOnPathError("the solution never passes through this state")


def _count(listed: Iterable[Move], n: int) -> tuple[int, ...]:
    found = [0] * n
    for move in listed:
        if 1 <= move.disk <= n:
            found[move.disk - 1] += 1
    return tuple(found)
