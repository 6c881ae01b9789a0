"""What a complete breadth-first search from one position found: :class:`Exploration`."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from hanoi_magnet.errors import InvalidArgumentError, SearchLimitError
from hanoi_magnet.model import State
from hanoi_magnet.rules import Rules
from hanoi_magnet.search._exhaustive import fileformat
from hanoi_magnet.search._exhaustive.layout import CodeLayout


class Exploration:
    """The layers of a complete breadth-first search from :attr:`start` (see :func:`explore`).

    ``counts[d]`` is the number of positions at distance exactly ``d`` from the start (the
    "perft" table of the puzzle), the start itself being layer 0.

    Attributes:
        rules: the rules of the moves.
        start: the position the search started from.
        counts: the number of positions at each distance, from 0 to :attr:`eccentricity`.
        elapsed: seconds the search took.
        peak_memory: the most bytes the search held (all workers together if distributed).
        engine: ``"compiled"``, ``"numpy"``, ``"python"``, ``"recursive"`` or ``"dask"``.
        workers: how many processes shared the work.

    Example:
        >>> from hanoi_magnet import ClassicRules, State
        >>> from hanoi_magnet.search import explore
        >>> found = explore(ClassicRules(4), State.tower(2, posts=4))
        >>> found.counts, found.reachable, found.eccentricity
        ((1, 3, 6, 6), 16, 3)
        >>> [str(state) for state in found.farthest_positions()[:2]]
        ['0: 1 | 1: 2 | 2: - | 3: -', '0: - | 1: 2 1 | 2: - | 3: -']
    """

    __slots__ = (
        "_farthest",
        "counts",
        "elapsed",
        "engine",
        "peak_memory",
        "rules",
        "start",
        "workers",
    )

    def __init__(
        self,
        rules: Rules,
        start: State,
        counts: Sequence[int],
        farthest: Sequence[int] | None,
        *,
        elapsed: float = 0.0,
        peak_memory: int = 0,
        engine: str = "python",
        workers: int = 1,
    ) -> None:
        """Use :func:`explore`; this is internal."""
        self.rules = rules
        self.start = start
        self.counts: tuple[int, ...] = tuple(int(count) for count in counts)
        self._farthest = None if farthest is None else tuple(int(code) for code in farthest)
        self.elapsed = elapsed
        self.peak_memory = peak_memory
        self.engine = engine
        self.workers = workers

    @property
    def n(self) -> int:
        """The number of disks."""
        return self.start.n

    @property
    def reachable(self) -> int:
        """The number of positions reachable from the start (itself included)."""
        return sum(self.counts)

    @property
    def eccentricity(self) -> int:
        """The largest distance from the start to a position it can reach."""
        return len(self.counts) - 1

    @property
    def rate(self) -> float:
        """Positions reached per second."""
        return self.reachable / self.elapsed if self.elapsed > 0 else 0.0

    def farthest_positions(self) -> list[State]:
        """The positions at the largest distance from the start, in increasing code order.

        Raises:
            SearchLimitError: the last layer was too large to keep (more than a million
                positions), or this result was read from a file without them.
        """
        if self._farthest is None:
            raise SearchLimitError(
                f"the {self.counts[-1]:,} farthest positions were not kept (a layer is kept "
                "when it has at most 2**20 positions)"
            )
        layout = CodeLayout(self.rules, self.n)
        return [layout.decode(code) for code in self._farthest]

    def save(self, path: str | Path) -> None:
        """Write the layer counts (and the farthest positions, if kept) as a JSON file.

        The format is described in the documentation (exhaustive search, file formats).

        Example:
            >>> import tempfile, pathlib
            >>> from hanoi_magnet import ClassicRules, State
            >>> from hanoi_magnet.search import Exploration, explore
            >>> found = explore(ClassicRules(), State.tower(3))
            >>> path = pathlib.Path(tempfile.mkdtemp()) / "classic-3.json"
            >>> found.save(path)
            >>> Exploration.load(path).counts == found.counts
            True
        """
        document: dict[str, Any] = {
            "format": fileformat.COUNTS_FORMAT,
            "version": fileformat.VERSION,
            "rules": fileformat.rules_to_json(self.rules),
            "disks": self.n,
            "start": fileformat.state_to_json(self.start),
            "counts": list(self.counts),
            "reachable": self.reachable,
            "eccentricity": self.eccentricity,
            "farthest": None if self._farthest is None else list(self._farthest),
            "layout": fileformat.layout_to_json(CodeLayout(self.rules, self.n)),
            "engine": self.engine,
            "workers": self.workers,
            "elapsed_seconds": round(self.elapsed, 3),
            "peak_memory_bytes": self.peak_memory,
        }
        fileformat.write_json(path, document)

    @classmethod
    def load(cls, path: str | Path) -> Exploration:
        """Read a file written by :meth:`save` (checking that its totals agree)."""
        document = fileformat.read_json(path, fileformat.COUNTS_FORMAT)
        try:
            rules = fileformat.rules_from_json(document["rules"])
            start = fileformat.state_from_json(document["start"])
            counts = [int(count) for count in document["counts"]]
            farthest = document.get("farthest")
        except (KeyError, TypeError, ValueError) as error:
            raise InvalidArgumentError(f"{path} lacks a field or has a bad one: {error}") from None
        if sum(counts) != document.get("reachable") or len(counts) - 1 != document.get(
            "eccentricity"
        ):
            raise InvalidArgumentError(f"{path}: the counts disagree with the totals it states")
        return cls(
            rules,
            start,
            counts,
            farthest,
            elapsed=float(document.get("elapsed_seconds", 0.0)),
            peak_memory=int(document.get("peak_memory_bytes", 0)),
            engine=str(document.get("engine", "python")),
            workers=int(document.get("workers", 1)),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Exploration):
            return NotImplemented
        return (self.rules, self.start, self.counts) == (other.rules, other.start, other.counts)

    def __hash__(self) -> int:
        return hash((self.rules, self.start, self.counts))

    def __repr__(self) -> str:
        return (
            f"Exploration({self.rules!r}, n={self.n}, reachable={self.reachable:,}, "
            f"eccentricity={self.eccentricity})"
        )
