"""Solution: the optimal moves of one puzzle as a lazy, indexable sequence.

Nothing is stored but the plan: iteration walks it, and indexing, slicing, :meth:`unrank` and
:meth:`rank` descend it in O(n) steps. Solutions from third-party solvers that only produce
moves get the same interface, computed by replaying those moves.
"""

from __future__ import annotations

import itertools
import operator
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, overload

from hanoi_magnet._backends import Backend, ListBackend, PlanBackend
from hanoi_magnet._engine import caches, records, table
from hanoi_magnet._errors import _number
from hanoi_magnet.errors import (
    InvalidArgumentError,
    MoveIndexError,
    TooLargeError,
)
from hanoi_magnet.model import _DISPLAY, Move, State, _disk_count, _widget
from hanoi_magnet.variants import Variant

if TYPE_CHECKING:
    from hanoi_magnet._steps import PlanClass

__all__ = ["Solution", "clear_caches"]

# The backends under their former names (the testing toolkit uses them).
_PlanBackend = PlanBackend
_ListBackend = ListBackend

#: Slices with a larger step fetch each move by descent instead of walking the moves between.
_JUMP_STEP = 4096
#: Membership, index() and count() scan the moves; beyond this length they refuse at once.
_SCAN_LIMIT = 100_000_000


def clear_caches() -> None:
    """Release the memory the solution engine keeps between calls.

    Exact lengths and level records of small sizes, templates, cached blocks and expansions
    are kept so that repeated questions are fast; this lets them go. Everything is recomputed
    on demand afterwards. It is safe to call while other threads solve, unrank or rank.

    Example:
        >>> from hanoi_magnet import clear_caches, solve
        >>> position = solve("NNN", 2000).unrank(10**900)
        >>> clear_caches()
        >>> solve("NNN", 2000).unrank(10**900) == position  # recomputed
        True
    """
    caches.clear_caches()


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

    def __init__(self, variant: Variant, n: int, backend: Backend, key: object) -> None:
        """Use :func:`~hanoi_magnet.solve` or :meth:`from_moves`; this is internal."""
        self._variant = variant
        self.n = n
        self._backend = backend
        self._key = key

    @classmethod
    def _from_plan(cls, solver: type[PlanClass], n: int) -> Solution:
        n = _disk_count(n)
        if n and not solver.solvable:
            solver.steps(n)  # raises UnsolvableError with the reason
        plan = table.table_of(solver)
        records.check_tables(plan, n)
        return cls(solver.variant, n, PlanBackend(plan, n), (solver, n))

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
        backend = ListBackend(variant, n, moves, solver)
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

        Raises:
            TooLargeError: the counts of many thousands of disks would not fit in memory
                (about n times the length's bits, halved).

        Example:
            >>> from hanoi_magnet import solve
            >>> solve("RRB", 4).per_disk
            (27, 9, 3, 1)
        """
        return self._backend.per_disk()

    # -- the sequence ---------------------------------------------------------------------------

    def __len__(self) -> int:
        length = self.length
        if length > sys.maxsize:
            raise TooLargeError(
                f"the solution has {_number(length)} moves, more than len() can return; use .length"
            )
        return length

    def __bool__(self) -> bool:
        return self.length > 0

    def __iter__(self) -> Iterator[Move]:
        return self._backend.iterate(None, False)

    def __reversed__(self) -> Iterator[Move]:
        return self._backend.iterate(None, True)

    def __contains__(self, value: object) -> bool:
        if not isinstance(value, Move):
            return False
        return any(move == value for move in self._scan("membership (in)"))

    def index(self, value: Any, start: int = 0, stop: int | None = None) -> int:
        """The first index of the move ``value`` (between ``start`` and ``stop``), by scanning.

        Raises:
            ValueError: the move does not occur there.
            TooLargeError: the solution is too long to scan (over 100,000,000 moves).

        Example:
            >>> from hanoi_magnet import Move, solve
            >>> solve("classic", 3).index(Move(3, 0, 2))
            3
        """
        indices = _slice_range(self.length, slice(start, stop))
        for k, move in zip(indices, self._scan("index()", indices), strict=False):
            if move == value:
                return k
        raise InvalidArgumentError(f"{value!r} is not in the solution")

    def count(self, value: Any) -> int:
        """How many times the move ``value`` occurs, by scanning (see :meth:`index`).

        Example:
            >>> from hanoi_magnet import Move, solve
            >>> solve("classic", 3).count(Move(1, 0, 2))
            2
        """
        return sum(1 for move in self._scan("count()") if move == value)

    def _scan(self, what: str, indices: range | None = None) -> Iterator[Move]:
        length = self.length
        span = length if indices is None else _range_length(indices)
        if span > _SCAN_LIMIT:
            raise TooLargeError(
                f"{what} would scan {_number(span)} moves one by one (the limit is "
                f"{_SCAN_LIMIT:,}); use rank() on positions, or iterate yourself"
            )
        if indices is None:
            return iter(self)
        return iter(_SolutionSlice(self, indices))

    @overload
    def __getitem__(self, index: int) -> Move: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Move]: ...
    def __getitem__(self, index: int | slice) -> Move | Sequence[Move]:
        if isinstance(index, slice):
            _slice_range(0, index)  # checks the slice's parts
            start, stop, step = index.start or 0, index.stop, index.step or 1
            if stop is not None and start >= 0 and stop >= 0 and step > 0:
                # From the start on: clipped to the length only when asked (the first moves
                # of a huge solution need no exact length).
                return _SolutionSlice(self, range(start, stop, step), clip=True)
            return _SolutionSlice(self, _slice_range(self.length, index))
        return self.move_at(index)

    def move_at(self, k: int) -> Move:
        """The move at index ``k`` (0-based; negative counts from the end), in O(n) steps.

        Same as ``solution[k]``.

        Example:
            >>> from hanoi_magnet import solve
            >>> print(solve("classic", 64).move_at(2**63 - 1))
            64: S -> D
        """
        k = _index(k, "move index")
        if k >= 0 and self._backend.at_least(k + 1):
            return self._backend.move_at(k)  # small k: no exact length needed
        length = self.length
        if k < 0:
            k += length
        if not 0 <= k < length:
            raise MoveIndexError(
                f"move index {_number(k if k >= 0 else k - length)} is out of range for a "
                f"solution of {_number(length)} moves (valid: {_number(-length)} <= k < "
                f"{_number(length)})"
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
        k = _index(k, "position")
        if k >= 0 and self._backend.at_least(k):
            return k  # within the solution (small k: without its exact length)
        length = self.length
        if k < 0:
            k += length + 1
        if not 0 <= k <= length:
            raise MoveIndexError(
                f"position {_number(k if k >= 0 else k - length - 1)} is out of range for a "
                f"solution of {_number(length)} moves (valid: {_number(-length - 1)} <= k <= "
                f"{_number(length)})"
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
        length = self.length
        shown = str(length) if length < 10**40 else f"<{_digits(length):,} digits>"
        return f"Solution({self._variant.label!r}, n={self.n}, length={shown})"

    def _repr_html_(self) -> str | None:
        """A short summary with the start and goal drawn (Jupyter shows it)."""
        render = _DISPLAY.get("solution_html")
        return None if render is None else render(self)

    def widget(self, k: int = 0) -> Any:
        """The viewer scrubbing this solution at move ``k``, as a Jupyter widget (anywidget).

        The same as :func:`hanoi_magnet.view.widget`: the widget's ``k`` is synced both ways,
        exactly at any size.

        Example:
            >>> from hanoi_magnet import solve
            >>> viewer = solve("NNN", 64).widget(k=2**63)  # in a notebook, this shows it
            >>> viewer.k, viewer.rules, viewer.n
            (9223372036854775808, 'NNN', 64)
        """
        return _widget(self, k=k)


def _index(value: object, what: str) -> int:
    if isinstance(value, bool):
        raise InvalidArgumentError(f"{what} must be an integer, got the bool {value!r}")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise InvalidArgumentError(
            f"{what} must be an integer, got {type(value).__name__} {_short(value)}"
        ) from None


def _short(value: object) -> str:
    text = repr(value) if not isinstance(value, int) else _number(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _digits(value: int) -> int:
    """The number of decimal digits of a positive int, without str() (no digit limit)."""
    estimate = int((value.bit_length() - 1) * 0.30102999566398120) + 1
    return estimate + int(value >= 10**estimate)


def _slice_range(length: int, index: slice) -> range:
    """The indices a slice selects, with a library error for bad slice arguments."""
    parts = {"start": index.start, "stop": index.stop, "step": index.step}
    for name, part in parts.items():
        if part is not None:
            _index(part, f"the slice {name}")
    if index.step is not None and operator.index(index.step) == 0:
        raise InvalidArgumentError("the slice step must not be zero")
    return range(length)[index]


def _range_length(indices: range) -> int:
    """len(indices) for any size (len() stops at sys.maxsize)."""
    step = indices.step
    if step > 0:
        return max(0, (indices.stop - indices.start + step - 1) // step)
    return max(0, (indices.start - indices.stop - step - 1) // -step)


class _SolutionSlice(Sequence[Move]):
    """A lazy view ``solution[a:b:c]``: generation starts at ``a`` without replaying."""

    __slots__ = ("_clip", "_range", "_solution")

    def __init__(self, solution: Solution, indices: range, *, clip: bool = False) -> None:
        self._solution = solution
        self._range = indices  # with ``clip``: a forward range still to cut at the length
        self._clip = clip

    def _settled(self) -> range:
        """The indices, cut at the length only if the solution may be shorter than them."""
        if self._clip:
            r = self._range
            if self._solution._backend.at_least(max(r.start, r.stop)):
                self._clip = False  # the range lies inside the solution as it is
        return self._indices

    @property
    def _indices(self) -> range:
        if self._clip:
            length, r = self._solution.length, self._range
            self._range = range(min(r.start, length), min(r.stop, length), r.step)
            self._clip = False
        return self._range

    def __len__(self) -> int:
        size = _range_length(self._settled())
        if size > sys.maxsize:
            raise TooLargeError(f"the slice has {_number(size)} moves, more than len() can return")
        return size

    def __bool__(self) -> bool:
        return _range_length(self._settled()) > 0

    def __iter__(self) -> Iterator[Move]:
        r = self._range
        if self._clip and r.step <= _JUMP_STEP and r.stop <= sys.maxsize:
            # forwards from r.start: the stream ends with the solution, so no length is needed
            stream = self._solution._backend.iterate(r.start, False)
            return itertools.islice(stream, 0, max(0, r.stop - r.start), r.step)
        r = self._indices
        count = _range_length(r)
        if not count:
            return iter(())
        backend = self._solution._backend
        step = abs(r.step)
        if step > _JUMP_STEP:  # far apart: one descent per move beats walking between them
            return map(backend.move_at, r)
        stream = backend.iterate(r.start, r.step < 0)
        if count * step <= sys.maxsize:
            return itertools.islice(stream, 0, count * step, step)
        # islice takes machine-sized bounds only: count the moves with a range instead.
        picked = itertools.islice(stream, 0, None, step)
        return (move for _, move in zip(range(count), picked, strict=False))

    def __contains__(self, value: object) -> bool:
        if not isinstance(value, Move):
            return False
        return any(move == value for move in self._solution._scan("membership (in)", self._indices))

    @overload
    def __getitem__(self, index: int) -> Move: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Move]: ...
    def __getitem__(self, index: int | slice) -> Move | Sequence[Move]:
        if isinstance(index, slice):
            return _SolutionSlice(self._solution, self._sub(index))
        position = _index(index, "index")
        size = _range_length(self._settled())
        if position < 0:
            position += size
        if not 0 <= position < size:
            raise MoveIndexError(
                f"index {_number(position)} is out of range for a slice of {_number(size)} moves"
            )
        return self._solution._backend.move_at(self._indices.start + position * self._indices.step)

    def _sub(self, index: slice) -> range:
        _slice_range(0, index)  # checks the slice's parts
        return self._indices[index]

    def __repr__(self) -> str:
        r = self._indices
        return f"{self._solution!r}[{_number(r.start)}:{_number(r.stop)}:{_number(r.step)}]"
