"""The distance of every position to one goal: :class:`RemotenessTable`.

Puzzle solvers keep such a table (the *remoteness* of every position) to play perfectly from
anywhere: a position's optimal move is any move to a position one step nearer the goal.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from hanoi_magnet.errors import InvalidArgumentError, UnreachableError
from hanoi_magnet.model import Move, State
from hanoi_magnet.rules import Rules
from hanoi_magnet.search._exhaustive import engines, fileformat, verify
from hanoi_magnet.search._exhaustive.layout import CodeLayout
from hanoi_magnet.search._exhaustive.neighbours import CodeMoves

#: the array types of a table, by width in bytes: (array typecode, numpy dtype name)
WIDTHS = {1: ("B", "uint8"), 2: ("H", "uint16"), 4: ("I", "uint32"), 8: ("Q", "uint64")}


def width_for(largest: int) -> int:
    """The bytes per value that hold distances up to ``largest`` and the "unreached" mark."""
    for width in WIDTHS:
        if largest < (1 << (8 * width)) - 1:
            return width
    raise AssertionError("unreachable")  # pragma: no cover


class RemotenessTable:
    """The distance from every position to :attr:`goal` (see :func:`remoteness`).

    :attr:`values` holds one unsigned integer per code (the codes are numbered as the
    documentation's file-format section says), :attr:`unreached` for positions from which the
    goal cannot be reached and for codes that are no position.

    Attributes:
        rules: the rules of the moves.
        goal: the position every distance leads to.
        values: the distances, a numpy array (numpy engine) or an :class:`array.array`.
        unreached: the value marking "cannot reach the goal" (the largest of the type).
        elapsed: seconds the computation took.
        engine: the engine that computed it.

    Example:
        >>> from hanoi_magnet import ClassicRules, State
        >>> from hanoi_magnet.search import remoteness
        >>> table = remoteness(ClassicRules(), State.tower(3, 2))
        >>> table.distance(State.tower(3)), table.counts
        (7, (1, 2, 2, 4, 2, 4, 4, 8))
        >>> [str(move) for move in table.path_to_goal(State([[3], [], [2, 1]]))][:2]
        ['1: D -> S', '2: D -> I']
    """

    __slots__ = ("_counts", "elapsed", "engine", "goal", "rules", "unreached", "values")

    def __init__(
        self,
        rules: Rules,
        goal: State,
        values: Any,
        *,
        counts: Sequence[int] | None = None,
        elapsed: float = 0.0,
        engine: str = "python",
    ) -> None:
        """Use :func:`remoteness` or :meth:`load`; this is internal."""
        self.rules = rules
        self.goal = goal
        self.values = values
        self.unreached: int = (1 << (8 * values.itemsize)) - 1
        self._counts = None if counts is None else tuple(int(count) for count in counts)
        self.elapsed = elapsed
        self.engine = engine

    @property
    def n(self) -> int:
        """The number of disks."""
        return self.goal.n

    @property
    def counts(self) -> tuple[int, ...]:
        """How many positions lie at each distance from the goal, 0 to :attr:`max_distance`."""
        if self._counts is None:
            self._counts = tuple(_histogram(self.values, self.unreached))
        return self._counts

    @property
    def reachable(self) -> int:
        """How many positions can reach the goal (the goal included)."""
        return sum(self.counts)

    @property
    def max_distance(self) -> int:
        """The largest distance of a position to the goal."""
        return len(self.counts) - 1

    def _code(self, state: State) -> int:
        reason = self.rules.check_state(state)
        if reason is None and state.n != self.n:
            reason = f"it has {state.n} disks, the table {self.n}"
        if reason is not None:
            raise InvalidArgumentError(f"the position is not one of this table's: {reason}")
        return CodeLayout(self.rules, self.n).encode(state)

    def distance(self, state: State) -> int:
        """The least number of moves from ``state`` to the goal.

        Raises:
            UnreachableError: no sequence of legal moves leads from ``state`` to the goal.
        """
        value = int(self.values[self._code(state)])
        if value == self.unreached:
            raise UnreachableError(f"the goal cannot be reached from {state}")
        return value

    def path_to_goal(self, state: State) -> list[Move]:
        """An optimal sequence of moves from ``state`` to the goal, read off the table.

        Each move goes to a position one step nearer (the first such move in the order of
        :meth:`Rules.legal_moves <hanoi_magnet.Rules.legal_moves>`).
        """
        remaining = self.distance(state)
        codes = CodeMoves(CodeLayout(self.rules, self.n))
        code = self._code(state)
        moves: list[Move] = []
        while remaining:
            for after, index in codes.neighbours(code):
                if int(self.values[after]) == remaining - 1:
                    moves.append(codes.move(code, *codes.pairs[index]))
                    code, remaining = after, remaining - 1
                    break
            else:  # pragma: no cover - a table that passes verify() always has a next step
                raise AssertionError("the table has no step towards the goal here")
        return moves

    def positions_at(self, distance: int) -> list[State]:
        """The positions at exactly ``distance`` from the goal, in code order."""
        layout = CodeLayout(self.rules, self.n)
        return [layout.decode(code) for code in _where(self.values, distance)]

    def farthest_positions(self) -> list[State]:
        """The positions at :attr:`max_distance` from the goal, in code order."""
        return self.positions_at(self.max_distance)

    def verify(self) -> None:
        """Check the table against the moves, without trusting the search that made it.

        The goal must hold 0, and every other position one more than its nearest successor (no
        distance where none has one). These equations have one solution, the true distances,
        so a table that passes is exact.

        Raises:
            InvalidArgumentError: naming the first code that breaks the equations.

        Example:
            >>> from hanoi_magnet import ClassicRules, State
            >>> from hanoi_magnet.search import remoteness
            >>> table = remoteness(ClassicRules(4), State.tower(3, 3, posts=4))
            >>> table.verify()
            >>> table.values[0] += 1
            >>> table.verify()
            Traceback (most recent call last):
            ...
            hanoi_magnet.errors.InvalidArgumentError: not a distance table: code 0 holds 6, ...
        """
        layout = CodeLayout(self.rules, self.n)
        goal = layout.encode(self.goal)
        if isinstance(self.values, array):
            problem = verify.first_violation(layout, self.values, goal, self.unreached)
        else:
            from hanoi_magnet.search._exhaustive import remoteness_numpy  # noqa: PLC0415 (optional)

            problem = remoteness_numpy.first_violation(layout, self.values, goal)
        if problem is not None:
            raise InvalidArgumentError(f"not a distance table: {problem}")

    def save(self, path: str | Path) -> None:
        """Write the table in the documented binary format (a JSON header, then the values)."""
        layout = CodeLayout(self.rules, self.n)
        header = {
            "format": fileformat.TABLE_FORMAT,
            "version": fileformat.VERSION,
            "rules": fileformat.rules_to_json(self.rules),
            "disks": self.n,
            "goal": fileformat.state_to_json(self.goal),
            "layout": fileformat.layout_to_json(layout),
            "value_bytes": self.values.itemsize,
            "byte_order": "little",
            "unreached": self.unreached,
            "counts": list(self.counts),
            "engine": self.engine,
            "elapsed_seconds": round(self.elapsed, 3),
        }
        fileformat.write_table(path, header, _little_endian(self.values))

    @classmethod
    def load(cls, path: str | Path) -> RemotenessTable:
        """Read a table written by :meth:`save` (with numpy if installed, else an array)."""
        with Path(path).open("rb") as stream:
            header = fileformat.read_table_header(stream, path)
            try:
                rules = fileformat.rules_from_json(header["rules"])
                goal = fileformat.state_from_json(header["goal"])
                width = int(header["value_bytes"])
                typecode, dtype = WIDTHS[width]
            except (KeyError, TypeError, ValueError) as error:
                raise InvalidArgumentError(f"{path} has a bad header: {error}") from None
            size = CodeLayout(rules, goal.n).size
            data = stream.read(size * width + 1)
        if len(data) != size * width:
            raise InvalidArgumentError(
                f"{path} should hold {size:,} values of {width} bytes, has {len(data):,} bytes"
            )
        values: Any
        if engines.numpy_available():
            import numpy as np  # noqa: PLC0415 (optional)

            values = np.frombuffer(data, dtype=np.dtype(dtype).newbyteorder("<")).astype(dtype)
        else:
            values = array(typecode)
            values.frombytes(data)
            if sys.byteorder == "big":
                values.byteswap()
        table = cls(rules, goal, values, engine=str(header.get("engine", "python")))
        if list(table.counts) != header.get("counts"):
            raise InvalidArgumentError(f"{path}: the values disagree with the counts it states")
        return table

    def __repr__(self) -> str:
        return (
            f"RemotenessTable({self.rules!r}, n={self.n}, reachable={self.reachable:,}, "
            f"max_distance={self.max_distance})"
        )


def _histogram(values: Any, unreached: int) -> list[int]:
    if isinstance(values, array):
        counts: dict[int, int] = {}
        for value in values:
            if value != unreached:
                counts[value] = counts.get(value, 0) + 1
        return [counts.get(d, 0) for d in range(max(counts, default=-1) + 1)]
    import numpy as np  # noqa: PLC0415 (a numpy array means numpy is installed)

    reached = values[values != unreached]
    return [int(count) for count in np.bincount(reached)] if reached.size else []


def _where(values: Any, distance: int) -> list[int]:
    if isinstance(values, array):
        return [code for code, value in enumerate(values) if value == distance]
    import numpy as np  # noqa: PLC0415

    return [int(code) for code in np.flatnonzero(values == distance)]


def _little_endian(values: Any) -> bytes:
    if isinstance(values, array):
        if sys.byteorder == "big":
            values = array(values.typecode, values)
            values.byteswap()
        return bytes(values.tobytes())
    return bytes(values.astype(values.dtype.newbyteorder("<"), copy=False).tobytes())
