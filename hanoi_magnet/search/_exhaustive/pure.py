"""The layered search in pure Python: the fallback without numpy, and the reference for it.

Under classic rules it walks the :mod:`.layout` codes themselves with a ``bytearray`` of visited
marks: the moves of a code are read from a table of its smallest disks' digits (the changes of
the code that each legal move makes, precomputed per value of those digits), and only a code
whose smallest disks leave two posts empty looks further, through a cache keyed by its larger
disks. Under magnetic rules it walks the same codes one at a time with the neighbour arithmetic
of :mod:`.neighbours` (which the pure-Python bidirectional search and the state graph use too).
Either way every layer is handed out as :mod:`.layout` codes, so that every engine describes the
same positions by the same numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from hanoi_magnet.search._exhaustive.layout import CodeLayout
from hanoi_magnet.search._exhaustive.neighbours import CodeMoves
from hanoi_magnet.search._exhaustive.progress import Report

#: bytes per position a pure-Python layer list may hold (a list slot and an int object)
BYTES_PER_LISTED = 40


#: entries of the table of the smallest disks' digits (built in pure Python at the first search)
LOW_ENTRIES = 1 << 12


class ClassicMoves:
    """The code changes of the legal moves of classic positions, by table (module docstring)."""

    __slots__ = ("_cache", "_high_powers", "allowed", "low", "low_size", "n", "posts")

    def __init__(self, layout: CodeLayout, backward: bool = False) -> None:
        rules = layout.reversed_rules() if backward else layout.rules
        posts, n = layout.posts, layout.n
        self.posts, self.n = posts, n
        self.allowed = frozenset(
            (a, b)
            for a in range(posts)
            for b in range(posts)
            if a != b and (rules.allowed is None or (a, b) in rules.allowed)
        )
        digits = min(n, 1)
        while digits < n and posts ** (digits + 1) <= LOW_ENTRIES:
            digits += 1
        self.low_size: int = posts**digits
        self._high_powers = [self.low_size * posts**d for d in range(n - digits)]
        more = n > digits
        #: per value of the smallest disks' digits: the code changes they decide, and the posts
        #: they leave empty if at least two (0 otherwise: the larger disks cannot move)
        self.low: list[tuple[tuple[int, ...], int]] = []
        for value in range(self.low_size):
            tops = _tops(value, posts, digits)
            deltas = self._moves(tops, [posts**d for d in range(digits)], (1 << posts) - 1)
            empty = sum(1 << q for q in range(posts) if not tops[q])
            self.low.append((deltas, empty if more and empty & (empty - 1) else 0))
        self._cache: dict[int, tuple[int, ...]] = {}

    def _moves(self, tops: list[int], powers: list[int], posts_mask: int) -> tuple[int, ...]:
        """The code changes of the moves between the posts of ``posts_mask`` that ``tops`` decide.

        ``tops[q]`` is the smallest disk (1-based, 0 for none) on post ``q``, ``powers[d - 1]``
        the place value of disk ``d``.
        """
        deltas = []
        for a in range(self.posts):
            for b in range(a + 1, self.posts):
                if not (posts_mask >> a & 1 and posts_mask >> b & 1):
                    continue
                top_a, top_b = tops[a], tops[b]
                if top_a and (not top_b or top_a < top_b):
                    if (a, b) in self.allowed:
                        deltas.append((b - a) * powers[top_a - 1])
                elif top_b and (b, a) in self.allowed:
                    deltas.append((a - b) * powers[top_b - 1])
        return tuple(deltas)

    def larger(self, code: int, empty: int) -> tuple[int, ...]:
        """The code changes of the larger disks' moves between the posts ``empty`` leaves open."""
        high = code // self.low_size
        key = high << self.posts | empty
        found = self._cache.get(key)
        if found is None:
            tops = _tops(high, self.posts, len(self._high_powers))
            found = self._cache[key] = self._moves(tops, self._high_powers, empty)
        return found


def _tops(value: int, posts: int, digits: int) -> list[int]:
    """The smallest disk (1-based) on each post of the ``digits`` base-``posts`` digits."""
    tops = [0] * posts
    for disk in range(1, digits + 1):
        value, post = divmod(value, posts)
        if not tops[post]:
            tops[post] = disk
    return tops


def classic_layers(
    layout: CodeLayout, sources: Iterable[int], *, backward: bool = False
) -> Iterator[list[int]]:
    """The breadth-first layers from ``sources`` under classic rules, each in discovery order."""
    moves = ClassicMoves(layout, backward)
    seen = bytearray(layout.size)
    layer = sorted(set(sources))
    for code in layer:
        seen[code] = 1
    low, low_size, larger = moves.low, moves.low_size, moves.larger
    while layer:
        yield layer
        found: list[int] = []
        append = found.append
        for code in layer:
            deltas, empty = low[code % low_size]
            for delta in deltas:
                after = code + delta
                if not seen[after]:
                    seen[after] = 1
                    append(after)
            if empty:
                for delta in larger(code, empty):
                    after = code + delta
                    if not seen[after]:
                        seen[after] = 1
                        append(after)
        layer = found


def pure_layers(
    layout: CodeLayout, sources: Iterable[int], *, backward: bool = False
) -> Iterator[list[int]]:
    """The breadth-first layers from ``sources`` (layout codes), each a sorted list.

    The sources come first; with ``backward``, the moves are followed in reverse (the layers
    of the distances *to* the sources).
    """
    moves = CodeMoves(layout)
    pairs = moves.backward if backward else moves.pairs
    neighbours = moves.neighbours
    seen = bytearray(layout.size)
    layer = sorted(set(sources))
    for code in layer:
        seen[code] = 1
    while layer:
        yield layer
        found: list[int] = []
        for code in layer:
            for after, _ in neighbours(code, pairs):
                if not seen[after]:
                    seen[after] = 1
                    found.append(after)
        layer = sorted(found)


def pure_bytes(layout: CodeLayout) -> int:
    """An upper bound of the memory :func:`pure_layers` takes.

    The visited marks, and two layers as lists (each at most every position).
    """
    return layout.size + 2 * BYTES_PER_LISTED * layout.size


def run_pure_layers(
    layout: CodeLayout,
    sources: Iterable[int],
    report: Report,
    *,
    backward: bool = False,
    visit: Callable[[int, list[int]], None] | None = None,
) -> tuple[list[int], list[int]]:
    """The same as :func:`.layered.run_layers`, in pure Python."""
    counts: list[int] = []
    last: list[int] = []
    reached = 0
    marks = layout.size
    layers = (
        pure_layers(layout, sources, backward=backward)
        if layout.magnetic
        else classic_layers(layout, sources, backward=backward)
    )
    for depth, layer in enumerate(layers):
        if visit is not None:
            layer.sort()
            visit(depth, layer)
        counts.append(len(layer))
        reached += len(layer)
        report(depth, len(layer), reached, marks + BYTES_PER_LISTED * len(layer))
        last = layer
    return counts, sorted(last)


def pure_distances(layout: CodeLayout) -> Callable[[int], list[int]]:
    """``distances(code)``: the distance from ``code`` to every code (a list), -1 where none."""

    def distances(source: int) -> list[int]:
        values = [-1] * layout.size

        def visit(depth: int, codes: list[int]) -> None:
            for code in codes:
                values[code] = depth

        run_pure_layers(layout, [source], lambda *_: None, visit=visit)
        return values

    return distances
