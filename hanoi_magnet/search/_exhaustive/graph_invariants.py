"""What a question about every pair of positions found: :class:`GraphInvariants`."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import attrs

from hanoi_magnet.errors import InvalidArgumentError
from hanoi_magnet.model import State
from hanoi_magnet.rules import Rules
from hanoi_magnet.search._exhaustive import fileformat

INVARIANTS_FORMAT = "hanoi-magnet graph invariants"


@attrs.frozen(slots=True)
class GraphInvariants:
    """Exact invariants of the state graph of the positions reachable from :attr:`start`.

    The graph has a node for every position the start can reach and an edge for every legal
    move between two of them. With one-way moves (:attr:`directed`) the moves are arcs,
    distances are taken along them, pairs are **ordered** (``(u, v)`` and ``(v, u)`` are two
    pairs, at their own distances) and a pair counts only if the second position can be
    reached from the first; otherwise pairs are unordered.

    Attributes:
        rules: the rules of the moves.
        start: the position whose reachable positions form the graph.
        directed: whether some move cannot be undone (arcs, ordered pairs).
        positions: the positions of the graph.
        moves: its edges (arcs if :attr:`directed`): the legal moves between its positions.
        diameter, radius: the largest and the smallest eccentricity (a position's
            eccentricity: its largest distance to a position it can reach).
        start_eccentricity: the eccentricity of :attr:`start`.
        wiener_index: the sum of the distances of all pairs (ordered if :attr:`directed`).
        pairs: the pairs of distinct positions joined by a path (ordered if :attr:`directed`).
        distribution: ``distribution[d]``: the pairs at distance ``d``; ``distribution[0]``
            counts each position with itself, so it is :attr:`positions`.
        eccentricities: ``eccentricities[e]``: the positions whose eccentricity is ``e``.
        several_shortest_paths: the pairs joined by more than one shortest path.
        symmetry: how many permutations of the posts the computation used (1: none).
        searches: the complete searches it ran (one per orbit of the permutations).
        engine: the kernel that ran them; elapsed: seconds.

    Example:
        >>> from hanoi_magnet import ClassicRules
        >>> from hanoi_magnet.search import invariants
        >>> found = invariants(ClassicRules(), 2)
        >>> found.positions, found.moves, found.diameter, found.wiener_index
        (9, 12, 3, 72)
        >>> found.mean_distance, found.distribution
        (Fraction(2, 1), (9, 12, 12, 12))
    """

    rules: Rules
    start: State
    directed: bool
    positions: int
    moves: int
    diameter: int
    radius: int
    start_eccentricity: int
    wiener_index: int
    pairs: int
    distribution: tuple[int, ...]
    eccentricities: tuple[int, ...]
    several_shortest_paths: int
    symmetry: int = attrs.field(default=1, eq=False)
    searches: int = attrs.field(default=0, eq=False)
    engine: str = attrs.field(default="python", eq=False)
    elapsed: float = attrs.field(default=0.0, eq=False)

    @property
    def n(self) -> int:
        """The number of disks."""
        return self.start.n

    @property
    def mean_distance(self) -> Fraction:
        """The mean distance, exactly, the Wiener index divided by the pairs (0 without pairs)."""
        return Fraction(self.wiener_index, self.pairs) if self.pairs else Fraction(0)

    @property
    def centre_size(self) -> int:
        """How many positions have the smallest eccentricity (the centre of the graph)."""
        return self.eccentricities[self.radius]

    @property
    def antipodal_pairs(self) -> int:
        """The pairs at distance :attr:`diameter` (0 for a graph of one position)."""
        return self.distribution[self.diameter] if self.diameter else 0

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready description (the format :meth:`from_json` reads).

        Example:
            >>> from hanoi_magnet import ClassicRules
            >>> from hanoi_magnet.search import GraphInvariants, invariants
            >>> found = invariants(ClassicRules(), 3)
            >>> GraphInvariants.from_json(found.to_json()) == found
            True
        """
        return {
            "format": INVARIANTS_FORMAT,
            "version": fileformat.VERSION,
            "rules": fileformat.rules_to_json(self.rules),
            "disks": self.n,
            "start": fileformat.state_to_json(self.start),
            "directed": self.directed,
            "positions": self.positions,
            "moves": self.moves,
            "diameter": self.diameter,
            "radius": self.radius,
            "start_eccentricity": self.start_eccentricity,
            "centre_size": self.centre_size,
            "wiener_index": self.wiener_index,
            "pairs": self.pairs,
            "mean_distance": str(self.mean_distance),
            "antipodal_pairs": self.antipodal_pairs,
            "several_shortest_paths": self.several_shortest_paths,
            "distribution": list(self.distribution),
            "eccentricities": list(self.eccentricities),
            "symmetry": self.symmetry,
            "searches": self.searches,
            "engine": self.engine,
            "elapsed_seconds": round(self.elapsed, 3),
        }

    @classmethod
    def from_json(cls, data: Any) -> GraphInvariants:
        """Read what :meth:`to_json` wrote, checking that its totals agree with each other."""
        try:
            if data["format"] != INVARIANTS_FORMAT:
                raise ValueError(f"format {data['format']!r}, expected {INVARIANTS_FORMAT!r}")
            counts = {key: int(data[key]) for key in _COUNTS}
            found = cls(
                fileformat.rules_from_json(data["rules"]),
                fileformat.state_from_json(data["start"]),
                bool(data["directed"]),
                distribution=tuple(int(count) for count in data["distribution"]),
                eccentricities=tuple(int(count) for count in data["eccentricities"]),
                several_shortest_paths=int(data["several_shortest_paths"]),
                symmetry=int(data.get("symmetry", 1)),
                searches=int(data.get("searches", 0)),
                engine=str(data.get("engine", "python")),
                elapsed=float(data.get("elapsed_seconds", 0.0)),
                **counts,
            )
        except (KeyError, TypeError, ValueError) as error:
            raise InvalidArgumentError(f"not a description of graph invariants: {error}") from None
        problem = found.inconsistency()
        if problem is not None:
            raise InvalidArgumentError(f"the graph invariants disagree with each other: {problem}")
        return found

    def inconsistency(self) -> str | None:
        """Why these numbers cannot all be right, or ``None`` if they agree with each other."""
        distribution, eccentricities = self.distribution, self.eccentricities
        checks = [
            (distribution[0] == self.positions, "distribution[0] is not the positions"),
            (sum(distribution[1:]) == self.pairs, "the distribution does not add up to the pairs"),
            (
                sum(d * count for d, count in enumerate(distribution)) == self.wiener_index,
                "the distribution does not add up to the Wiener index",
            ),
            (len(distribution) == self.diameter + 1, "the distribution ends before the diameter"),
            (sum(eccentricities) == self.positions, "the eccentricities do not add up"),
            (len(eccentricities) == self.diameter + 1, "the eccentricities end wrongly"),
            (eccentricities[self.radius] > 0, "no position has the radius as eccentricity"),
            (not any(eccentricities[: self.radius]), "an eccentricity lies below the radius"),
            (self.radius <= self.start_eccentricity <= self.diameter, "the start's is off"),
            ((*distribution, 0)[1] == self.moves, "the pairs at distance 1 are not the moves"),
        ]
        return next((reason for ok, reason in checks if not ok), None)


_COUNTS = (
    "positions",
    "moves",
    "diameter",
    "radius",
    "start_eccentricity",
    "wiener_index",
    "pairs",
)
