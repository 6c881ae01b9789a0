"""The layered search in pure Python: the fallback without numpy, and the reference for it.

It walks the codes of :mod:`hanoi_magnet.search._space` (whose neighbour arithmetic the
bidirectional search uses) with a ``bytearray`` of visited marks, and hands out every layer as a
sorted list of :mod:`.layout` codes, so that both engines describe the same positions by the same
numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from hanoi_magnet.search._exhaustive.layout import CodeLayout
from hanoi_magnet.search._exhaustive.progress import Report
from hanoi_magnet.search._space import Space

#: bytes per position a pure-Python layer list may hold (a list slot and an int object)
BYTES_PER_LISTED = 40


class PureCodes:
    """Conversions between :mod:`.layout` codes and the codes of :class:`Space`."""

    __slots__ = ("layout", "space")

    def __init__(self, layout: CodeLayout, backward: bool = False) -> None:
        self.layout = layout
        self.space = Space(layout.reversed_rules() if backward else layout.rules, layout.n)

    def to_space(self, code: int) -> int:
        """The :class:`Space` code of a layout code."""
        layout = self.layout
        if not layout.magnetic:
            return code
        placement, bits = divmod(code, layout.face_count)
        faces = 0
        for bit, post in enumerate(layout.neutral):
            faces |= ((bits >> bit) & 1) << post
        tops = self.space.tops(placement)
        for post, color in enumerate(layout.colors):
            if color > 0 and tops[post]:
                faces |= 1 << post  # a blue post's stack shows blue
        return placement * self.space.face_count + faces

    def from_space(self, code: int) -> int:
        """The layout code of a :class:`Space` code."""
        layout = self.layout
        if not layout.magnetic:
            return code
        placement, faces = divmod(code, self.space.face_count)
        bits = 0
        for bit, post in enumerate(layout.neutral):
            bits |= ((faces >> post) & 1) << bit
        return placement * layout.face_count + bits

    def successors(self, code: int) -> list[int]:
        """The layout codes one legal move away from ``code``."""
        space = self.space
        return [
            self.from_space(after)
            for after, _ in space.neighbours(self.to_space(code), space.pairs)
        ]


def pure_layers(
    layout: CodeLayout, sources: Iterable[int], *, backward: bool = False
) -> Iterator[list[int]]:
    """The breadth-first layers from ``sources`` (layout codes), each a sorted list.

    The sources come first; with ``backward``, the moves are followed in reverse (the layers
    of the distances *to* the sources).
    """
    codes = PureCodes(layout, backward)
    space = codes.space
    seen = bytearray(space.size)
    layer = sorted(set(sources))
    frontier = [codes.to_space(code) for code in layer]
    for code in frontier:
        seen[code] = 1
    pairs = space.pairs
    neighbours = space.neighbours
    while frontier:
        yield layer
        found: list[int] = []
        for code in frontier:
            for after, _ in neighbours(code, pairs):
                if not seen[after]:
                    seen[after] = 1
                    found.append(after)
        frontier = found
        layer = sorted(codes.from_space(code) for code in found)


def pure_bytes(layout: CodeLayout) -> int:
    """An upper bound of the memory :func:`pure_layers` takes.

    The visited marks, and two layers as lists (each at most every position).
    """
    space_size = layout.placements * ((1 << layout.posts) if layout.magnetic else 1)
    return space_size + 2 * BYTES_PER_LISTED * layout.size


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
    marks = layout.placements * ((1 << layout.posts) if layout.magnetic else 1)
    for depth, layer in enumerate(pure_layers(layout, sources, backward=backward)):
        if visit is not None:
            visit(depth, layer)
        counts.append(len(layer))
        reached += len(layer)
        report(depth, len(layer), reached, marks + BYTES_PER_LISTED * len(layer))
        last = layer
    return counts, last
