"""Solution: the optimal moves of one puzzle as a lazy, indexable sequence.

Nothing is stored but the plan: iteration walks it, and indexing, slicing, :meth:`unrank` and
:meth:`rank` descend it in O(n) steps. Solutions from third-party solvers that only produce
moves get the same interface, computed by replaying those moves.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Protocol, overload

from hanoi_magnet._engine import counts, moves, positions, table
from hanoi_magnet.errors import (
    IllegalMoveError,
    InvalidArgumentError,
    MoveIndexError,
    NotOnPathError,
)
from hanoi_magnet.model import Move, State, _disk_count
from hanoi_magnet.variants import Variant

if TYPE_CHECKING:
    from hanoi_magnet.plans import PlanSolver

__all__ = ["Solution", "clear_caches"]


def clear_caches() -> None:
    """Release the memory the solution engine keeps between calls.

    Exact lengths are memoised per plan table and size, and descents keep per-level records,
    so that repeated questions are fast; for solutions with many thousands of disks this can
    reach hundreds of megabytes. Everything is recomputed on demand afterwards.

    Example:
        >>> from hanoi_magnet import clear_caches, solve
        >>> position = solve("NNN", 2000).unrank(10**900)  # memoises 2000 levels of lengths
        >>> clear_caches()
        >>> solve("NNN", 2000).unrank(10**900) == position  # recomputed
        True
    """
    table.clear_caches()


class _Backend(Protocol):
    def length(self) -> int: ...
    def per_disk(self) -> tuple[int, ...]: ...
    def iterate(self, start: int | None, backwards: bool) -> Iterator[Move]: ...
    def move_at(self, k: int) -> Move: ...
    def unrank(self, k: int) -> State: ...
    def rank(self, state: State) -> int: ...


#: Up to this many disks, lengths come from the engine's memo (which unrank and rank reuse);
#: beyond, from the recurrence's closed form when the table has one.
_MEMO_SIZES = 2000


class _PlanBackend:
    __slots__ = ("n", "table")

    def __init__(self, plan: table.Table, n: int) -> None:
        self.table = plan
        self.n = n

    def length(self) -> int:
        known = self.table.lengths.get(self.n)
        if known is not None:
            return known
        if self.n > _MEMO_SIZES:
            # The closed form of the table's recurrence: O(log n) big products, and no memo
            # of every level (which at 100,000 disks would take gigabytes).
            from hanoi_magnet.counting import _fast_length  # noqa: PLC0415 (import cycle)

            fast = _fast_length(self.table.cls, self.n)
            if fast is not None:
                return fast
        return self.table.length(self.n)

    def per_disk(self) -> tuple[int, ...]:
        return counts.per_disk(self.table, self.n)

    def iterate(self, start: int | None, backwards: bool) -> Iterator[Move]:
        return moves.iterate(self.table, self.n, start, backwards=backwards)

    def move_at(self, k: int) -> Move:
        return moves.move_at(self.table, self.n, k)

    def unrank(self, k: int) -> State:
        return positions.unrank(self.table, self.n, k)

    def rank(self, state: State) -> int:
        return positions.rank(self.table, self.n, state)


class _ListBackend:
    """Moves from a solver that gives nothing else: stored once, replayed for positions."""

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
            moves = tuple(self._source)
            for index, move in enumerate(moves):
                if not isinstance(move, Move):
                    raise InvalidArgumentError(
                        f"a solver must yield Move objects; item {index} is "
                        f"{type(move).__name__} {move!r}"
                    )
            self._moves, self._source = moves, None
        return self._moves

    def length(self) -> int:
        if self.lengther is not None and self._moves is None:
            return int(self.lengther(self.n))
        return len(self.moves)

    def per_disk(self) -> tuple[int, ...]:
        if self.counter is not None and self._moves is None:
            return tuple(self.counter(self.n))
        counts = [0] * self.n
        for move in self.moves:
            if 1 <= move.disk <= self.n:
                counts[move.disk - 1] += 1
        return tuple(counts)

    def iterate(self, start: int | None, backwards: bool) -> Iterator[Move]:
        moves = self.moves
        if start is None:
            return reversed(moves) if backwards else iter(moves)
        if backwards:
            return reversed(moves[: start + 1])
        return iter(moves[start:])

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


class Solution(Sequence[Move]):
    """The moves of one puzzle, lazily: a sequence of :class:`~hanoi_magnet.Move`.

    Get one from :func:`~hanoi_magnet.solve`. Indexing, slicing, :meth:`unrank` and :meth:`rank`
    cost O(n) steps whatever the index; iteration produces each move in amortised constant time;
    ``len()`` works while the length fits a machine integer and :attr:`length` always.

    Example:
        >>> from hanoi_magnet import solve
        >>> solution = solve("NNN", 3)
        >>> solution.length, solution.per_disk
        (11, (7, 3, 1))
        >>> print(solution[4])
        3: S -> D
        >>> [str(move) for move in solution[-2:]]
        ['2: S -> D', '1: I -> D']
        >>> print(solution.unrank(5))
        S: - | I: 2b 1b | D: 3b
        >>> solution.rank(solution.unrank(5))
        5
    """

    __slots__ = ("_backend", "_key", "_variant", "n")

    def __init__(self, variant: Variant, n: int, backend: _Backend, key: object) -> None:
        """Use :func:`~hanoi_magnet.solve` or :meth:`from_moves`; this is internal."""
        self._variant = variant
        self.n = n
        self._backend = backend
        self._key = key

    @classmethod
    def _from_plan(cls, solver: type[PlanSolver], n: int) -> Solution:
        n = _disk_count(n)
        if n and not solver.solvable:
            solver.steps(n)  # raises UnsolvableError with the reason
        plan = table.table_of(solver)
        table.check_tables(plan, n)
        return cls(solver.variant, n, _PlanBackend(plan, n), (solver, n))

    @classmethod
    def from_moves(
        cls, variant: Variant, n: int, moves: Iterable[Move], *, solver: object = None
    ) -> Solution:
        """A solution given by its moves (for solvers that produce only moves).

        The moves are read once, when first needed, and kept. If ``solver`` has methods
        ``length(n)``, ``per_disk(n)``, ``unrank(n, k)`` or ``rank(n, state)``, they are used
        (so positions deep in a long solution need not list its moves); otherwise everything
        comes from the moves.

        Example:
            >>> from hanoi_magnet import Move, Solution, Variant
            >>> moves = [Move(1, 0, 1), Move(2, 0, 2), Move(1, 1, 2)]
            >>> solution = Solution.from_moves(Variant.from_label("classic"), 2, moves)
            >>> print(solution.unrank(2))
            S: - | I: 1 | D: 2
        """
        if not isinstance(variant, Variant):
            raise InvalidArgumentError(f"variant must be a Variant, got {type(variant).__name__}")
        n = _disk_count(n)
        backend = _ListBackend(variant, n, moves, solver)
        return cls(variant, n, backend, (id(backend),))

    # -- the description ------------------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        """The puzzle this solves."""
        return self._variant

    @property
    def start(self) -> State:
        """The position before the first move."""
        return self._variant.start(self.n)

    @property
    def goal(self) -> State:
        """The position after the last move."""
        return self._variant.goal(self.n)

    @property
    def length(self) -> int:
        """The exact number of moves (a Python int, for any n).

        Example:
            >>> from hanoi_magnet import solve
            >>> solve("classic", 100).length == 2**100 - 1
            True
        """
        return self._backend.length()

    @property
    def per_disk(self) -> tuple[int, ...]:
        """How many times each disk moves, indexed by ``size - 1`` (smallest disk first).

        The literature counts from the largest disk: its P(k) is ``per_disk[n - k]``.

        Example:
            >>> from hanoi_magnet import solve
            >>> solve("RRB", 4).per_disk
            (27, 9, 3, 1)
        """
        return self._backend.per_disk()

    # -- the sequence ---------------------------------------------------------------------------

    def __len__(self) -> int:
        return self.length

    def __bool__(self) -> bool:
        return self.length > 0

    def __iter__(self) -> Iterator[Move]:
        return self._backend.iterate(None, False)

    def __reversed__(self) -> Iterator[Move]:
        return self._backend.iterate(None, True)

    @overload
    def __getitem__(self, index: int) -> Move: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Move]: ...
    def __getitem__(self, index: int | slice) -> Move | Sequence[Move]:
        if isinstance(index, slice):
            return _SolutionSlice(self, range(self.length)[index])
        return self.move_at(index)

    def move_at(self, k: int) -> Move:
        """The move at index ``k`` (0-based; negative counts from the end), in O(n) steps.

        Same as ``solution[k]``.

        Example:
            >>> from hanoi_magnet import solve
            >>> print(solve("classic", 64).move_at(2**63 - 1))
            64: S -> D
        """
        length = self.length
        k = _index(k, "move index")
        if k < 0:
            k += length
        if not 0 <= k < length:
            raise MoveIndexError(
                f"move index {k if k >= 0 else k - length} is out of range for a solution of "
                f"{length} moves (valid: {-length} <= k < {length})"
            )
        return self._backend.move_at(k)

    def iter_from(self, k: int) -> Iterator[Move]:
        """The moves from index ``k`` to the end, without replaying the first ``k``.

        Example:
            >>> from hanoi_magnet import solve
            >>> [str(m) for m in solve("classic", 3).iter_from(4)]
            ['1: I -> S', '2: I -> D', '1: S -> D']
        """
        k = self._position(k)
        return self._backend.iterate(k, False)

    # -- positions ------------------------------------------------------------------------------

    def unrank(self, k: int) -> State:
        """Same as replaying the first ``k`` moves from :attr:`start`, but in O(n) steps.

        ``k`` runs from 0 (the start) to :attr:`length` (the goal); negative ``k`` counts from
        the end as in Python, so ``unrank(-1)`` is the goal.

        Raises:
            MoveIndexError: ``k`` outside ``-(length + 1) <= k <= length``.

        Example:
            >>> from hanoi_magnet import solve
            >>> print(solve("classic", 3).unrank(5))
            S: 1 | I: 2 | D: 3
        """
        return self._backend.unrank(self._position(k))

    def state_at(self, k: int) -> State:
        """Alias of :meth:`unrank`: the position after ``k`` moves.

        Example:
            >>> from hanoi_magnet import solve
            >>> solve("NNN", 4).state_at(0) == solve("NNN", 4).start
            True
        """
        return self.unrank(k)

    def rank(self, state: State) -> int:
        """The number of moves after which the solution is in ``state``, in O(n) steps.

        The inverse of :meth:`unrank`.

        Raises:
            NotOnPathError: the solution never passes through ``state``.
            InvalidArgumentError: ``state`` has the wrong number of disks or posts.

        Example:
            >>> from hanoi_magnet import State, solve
            >>> solve("classic", 3).rank(State(((1,), (2,), (3,))))
            5
        """
        if not isinstance(state, State):
            raise InvalidArgumentError(f"rank expects a State, got {type(state).__name__}")
        if state.n != self.n:
            raise InvalidArgumentError(
                f"this solution has {self.n} disks but the state has {state.n}"
            )
        self._variant.rules._check_state_shape(state)
        return self._backend.rank(state)

    def _position(self, k: object) -> int:
        length = self.length
        k = _index(k, "position")
        if k < 0:
            k += length + 1
        if not 0 <= k <= length:
            raise MoveIndexError(
                f"position {k if k >= 0 else k - length - 1} is out of range for a solution of "
                f"{length} moves (valid: {-length - 1} <= k <= {length})"
            )
        return k

    # -- identity -------------------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Solution):
            return NotImplemented
        return self._key == other._key

    def __hash__(self) -> int:
        return hash(self._key)

    def __repr__(self) -> str:
        return f"Solution({self._variant.label!r}, n={self.n}, length={self.length})"


def _index(value: object, what: str) -> int:
    if isinstance(value, bool):
        raise InvalidArgumentError(f"{what} must be an integer, got the bool {value!r}")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise InvalidArgumentError(
            f"{what} must be an integer, got {type(value).__name__} {value!r}"
        ) from None


class _SolutionSlice(Sequence[Move]):
    """A lazy view ``solution[a:b:c]``: generation starts at ``a`` without replaying."""

    __slots__ = ("_indices", "_solution")

    def __init__(self, solution: Solution, indices: range) -> None:
        self._solution = solution
        self._indices = indices

    def __len__(self) -> int:
        return len(self._indices)

    def __bool__(self) -> bool:
        r = self._indices
        return (r.stop - r.start) * r.step > 0

    def __iter__(self) -> Iterator[Move]:
        r = self._indices
        if not self:
            return iter(())
        count = (r.stop - r.start + r.step + (-1 if r.step > 0 else 1)) // r.step
        stream = self._solution._backend.iterate(r.start, r.step < 0)
        return itertools.islice(stream, 0, count * abs(r.step), abs(r.step))

    @overload
    def __getitem__(self, index: int) -> Move: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Move]: ...
    def __getitem__(self, index: int | slice) -> Move | Sequence[Move]:
        if isinstance(index, slice):
            return _SolutionSlice(self._solution, self._indices[index])
        index = _index(index, "index")
        try:
            k = self._indices[index]
        except IndexError:
            raise MoveIndexError(
                f"index {index} is out of range for a slice of {len(self._indices)} moves"
            ) from None
        return self._solution._backend.move_at(k)

    def __repr__(self) -> str:
        r = self._indices
        return f"{self._solution!r}[{r.start}:{r.stop}:{r.step}]"
