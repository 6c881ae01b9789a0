"""A complete search from each of many sources, one summary each: what whole-graph invariants add.

Every kernel answers the same question for a list of sources: for each, how many positions lie
at each distance from it (weighted by the source's orbit and added up), its eccentricity, the
sum of its distances, and how many positions it reaches by more than one shortest path. The
shortest paths are counted up to two: a position has several if two moves of the layer before
reach it, or if the one that does comes from a position that has several (``s(w) = sum of s(u)
over the moves u -> w with d(u) = d(w) - 1``, and each ``s(u) >= 1``).

* ``"compiled"``: the layered search's kernel (:mod:`.compiled`, the same two-bit table and
  moves) with one byte per code for the count, every source searched in one compiled loop;
* ``"numpy"``/``"recursive"``: the distances of the numpy engine (on three posts, the
  recursion), then the moves that lie on shortest paths counted as arrays: a position reached
  by one such move takes its predecessor's count, followed up the chain by pointer jumping;
* ``"python"``: the pure-Python layers, then the same count move by move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from hanoi_magnet.search._exhaustive.layout import CodeLayout
from hanoi_magnet.search._exhaustive.neighbours import CodeMoves
from hanoi_magnet.search._exhaustive.pure import run_pure_layers

#: ``done(sources searched, pairs found, largest distance)`` after every batch of sources
Done = Callable[[int, int, int], None]
#: positions a batch of the compiled kernel's sources visits before progress is reported
BATCH_PAIRS = 1 << 25


@attrs.define
class Summaries:
    """What the searches from the sources found.

    Attributes:
        histogram: ``histogram[d]``: the sum over the sources of their weight times the
            positions at distance ``d`` from them (``d = 0``: the weights).
        eccentricities, distance_sums, several: per source, in order: its eccentricity, the
            sum of its distances, its positions reached by more than one shortest path.
    """

    histogram: list[int] = attrs.field(factory=list)
    eccentricities: list[int] = attrs.field(factory=list)
    distance_sums: list[int] = attrs.field(factory=list)
    several: list[int] = attrs.field(factory=list)

    def add(self, counts: Sequence[int], weight: int, several: int) -> None:
        """Add one source's layer sizes and its count of positions with several paths."""
        if len(counts) > len(self.histogram):
            self.histogram.extend([0] * (len(counts) - len(self.histogram)))
        for depth, count in enumerate(counts):
            self.histogram[depth] += weight * int(count)
        self.eccentricities.append(len(counts) - 1)
        self.distance_sums.append(sum(depth * int(count) for depth, count in enumerate(counts)))
        self.several.append(int(several))


def run(
    kernel: str,
    layout: CodeLayout,
    sources: Sequence[int],
    weights: Sequence[int],
    bound: int,
    done: Done,
) -> Summaries:
    """The searches from ``sources`` with ``kernel``; no distance exceeds ``bound``."""
    if kernel == "compiled":
        return _compiled(layout, sources, weights, bound, done)
    if kernel == "python":
        return _python(layout, sources, weights, done)
    return _numpy(layout, sources, weights, done)


# -- pure Python --------------------------------------------------------------------------------


def _python(
    layout: CodeLayout, sources: Sequence[int], weights: Sequence[int], done: Done
) -> Summaries:
    moves = CodeMoves(layout)
    found = Summaries()
    pairs = 0
    for index, (source, weight) in enumerate(zip(sources, weights, strict=True)):
        counts, several = python_search(layout, moves, source)
        found.add(counts, weight, several)
        pairs += sum(counts)
        done(index + 1, pairs, max(found.eccentricities))
    return found


def python_search(layout: CodeLayout, moves: CodeMoves, source: int) -> tuple[list[int], int]:
    """The layer sizes from ``source``, and its positions reached by several shortest paths."""
    layers: list[list[int]] = []
    depth_of = [-1] * layout.size

    def visit(depth: int, layer: list[int]) -> None:
        layers.append(layer)
        for code in layer:
            depth_of[code] = depth

    counts, _ = run_pure_layers(layout, [source], _quiet, visit=visit)
    reached = bytearray(layout.size)
    many = bytearray(layout.size)
    several = 0
    for depth, layer in enumerate(layers):
        for code in layer:
            mine = many[code]
            several += mine
            for after in moves.successors(code):
                if depth_of[after] == depth + 1:
                    if reached[after]:
                        many[after] = 1
                    else:
                        reached[after] = 1
                        many[after] = mine
    return counts, several


def _quiet(*_: int) -> None:
    pass


# -- numpy --------------------------------------------------------------------------------------


def _numpy(
    layout: CodeLayout, sources: Sequence[int], weights: Sequence[int], done: Done
) -> Summaries:
    import numpy as np  # noqa: PLC0415 (optional)

    from hanoi_magnet.search._exhaustive.diameter_numpy import distances_from  # noqa: PLC0415
    from hanoi_magnet.search._exhaustive.moves import Successors  # noqa: PLC0415

    distances = distances_from(layout)
    successors = Successors(layout)
    found = Summaries()
    pairs = 0
    for index, (source, weight) in enumerate(zip(sources, weights, strict=True)):
        values = distances(source)
        counts = np.bincount(values[values >= 0]).tolist()
        found.add(counts, weight, several_paths(successors, values))
        pairs += sum(counts)
        done(index + 1, pairs, max(found.eccentricities))
    return found


def several_paths(successors: Any, values: Any) -> int:
    """How many positions have more than one shortest path, given the distances (-1: none).

    The moves ``u -> w`` with ``d(w) = d(u) + 1`` are the moves of shortest paths. A position
    with two of them into it has several; one with exactly one has several if its predecessor
    has: a forest whose roots are the others, followed to the roots by pointer jumping.
    """
    import numpy as np  # noqa: PLC0415 (optional)

    from hanoi_magnet.search._exhaustive.layered import CHUNK  # noqa: PLC0415

    size = values.size
    reached = np.flatnonzero(values >= 0)
    targets, origins = [], []
    for first in range(0, reached.size, CHUNK):
        codes = reached[first : first + CHUNK]
        after = successors(codes)
        # a pair without a move holds the code itself, whose distance is not one more
        tight = values[after] == (values[codes] + 1)[:, None]
        targets.append(after[tight])
        origins.append(np.broadcast_to(codes[:, None], after.shape)[tight])
    into = np.concatenate(targets) if targets else np.empty(0, dtype=np.int64)
    tight_in = np.bincount(into, minlength=size)
    flag = tight_in >= 2
    parent = np.arange(size, dtype=np.int64)
    single = tight_in[into] == 1
    parent[into[single]] = np.concatenate(origins)[single]
    while True:  # after k rounds, flag[w] covers 2**k ancestors
        flag |= flag[parent]
        jumped = parent[parent]
        if np.array_equal(jumped, parent):
            return int(np.count_nonzero(flag))
        parent = jumped


# -- compiled -----------------------------------------------------------------------------------


def compiled_bytes(layout: CodeLayout, bound: int) -> int:
    """The memory of :func:`_compiled`: moves, a table, a queue, a byte per code, a histogram."""
    from hanoi_magnet.search._exhaustive.bits import table_bytes  # noqa: PLC0415 (optional)
    from hanoi_magnet.search._exhaustive.tables import post_pairs  # noqa: PLC0415

    width = 4 if layout.size < 1 << 31 else 8  # (at most: power-of-two classic has none)
    moves = width * len(post_pairs(layout.posts)) * layout.size
    return moves + table_bytes(layout.size) + 9 * layout.size + 8 * (bound + 1)


def _compiled(
    layout: CodeLayout, sources: Sequence[int], weights: Sequence[int], bound: int, done: Done
) -> Summaries:
    import numpy as np  # noqa: PLC0415 (optional)

    from hanoi_magnet.search._exhaustive import compiled  # noqa: PLC0415

    successors = compiled.successor_table(layout)
    histogram = np.zeros(bound + 1, dtype=np.int64)
    codes = np.asarray(sources, dtype=np.int64)
    sizes = np.asarray(weights, dtype=np.int64)
    batch = max(1, BATCH_PAIRS // max(1, layout.size))
    found = Summaries()
    for first in range(0, codes.size, batch):
        part = slice(first, first + batch)
        eccentricities, sums, several = compiled.search_each(
            layout, codes[part], sizes[part], successors, histogram
        )
        found.eccentricities += eccentricities
        found.distance_sums += sums
        found.several += several
        done(first + len(eccentricities), int(histogram.sum()), max(found.eccentricities))
    last = int(np.flatnonzero(histogram)[-1]) if histogram.any() else 0
    found.histogram = [int(value) for value in histogram[: last + 1]]
    return found
