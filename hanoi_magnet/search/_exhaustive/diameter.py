"""The diameter of a state graph: the largest distance between two positions joined by a path.

With moves that can be undone the graph is undirected, and a few breadth-first searches
usually suffice (Takes and Kosters, "Determining the diameter of small world networks", CIKM
2011): a search from ``v`` with eccentricity ``e`` bounds every eccentricity,
``max(d(v, w), e - d(v, w)) <= ecc(w) <= e + d(v, w)``; positions whose upper bound cannot beat
the best eccentricity found drop out, and the next search starts from the position with the
largest upper bound or the smallest lower bound, in turn. With one-way moves every position's
eccentricity is computed, so only small graphs are accepted.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from hanoi_magnet.errors import SearchLimitError
from hanoi_magnet.model import _disk_count
from hanoi_magnet.rules import Rules
from hanoi_magnet.search._exhaustive.budget import check_memory, human_count, memory_limit
from hanoi_magnet.search._exhaustive.engines import Engine, choose_kernel
from hanoi_magnet.search._exhaustive.estimate import needed_bytes
from hanoi_magnet.search._exhaustive.layout import CodeLayout
from hanoi_magnet.search._exhaustive.neighbours import CodeMoves
from hanoi_magnet.search._exhaustive.pure import pure_distances

#: the most positions of a graph with one-way moves whose diameter is computed
DIRECTED_LIMIT = 1 << 13

Distances = Callable[[int], Any]  # a list, or a numpy array with numpy


def diameter(
    rules: Rules, n: int, *, engine: Engine = "auto", max_memory: int | None = None
) -> int:
    """The largest distance between two positions of ``n`` disks joined by a path.

    When the state graph is not connected (magnetic rules: isolated positions with no legal
    move, beside one large component), this is the largest diameter of its parts. With
    one-way moves, distances are taken along the moves, and only graphs of at most 8,192 codes
    are accepted (a search from every position). ``engine`` is as for :func:`remoteness`: each
    search of the bounding algorithm runs the compiled kernel with ``"compiled"``, or with
    ``"auto"`` from 4,194,304 codes on (four or more posts, numba installed).

    Raises:
        SearchLimitError: the graph is too large (memory, or one-way moves).

    Example:
        >>> from hanoi_magnet import ClassicRules, MagneticRules
        >>> from hanoi_magnet.search import diameter
        >>> diameter(ClassicRules(), 4), diameter(ClassicRules(4), 3)
        (15, 5)
        >>> diameter(MagneticRules("NNN"), 2)
        8
    """
    layout = CodeLayout(rules, _disk_count(n))
    kernel = choose_kernel(engine, layout, recursive=False)  # numpy serves three posts too
    limit = memory_limit(max_memory)
    what = f"the diameter of {human_count(layout.size)} codes ({n} disks, {rules!r})"
    compiled = kernel == "compiled"
    if compiled:
        from hanoi_magnet.search._exhaustive import diameter_numpy  # noqa: PLC0415 (optional)

        check_memory(diameter_numpy.memory(layout, compiled=True), limit, what)
    else:
        check_memory(needed_bytes(layout, "diameter", kernel), limit, what)
    if kernel != "python":
        from hanoi_magnet.search._exhaustive import diameter_numpy  # noqa: PLC0415 (numpy is optional)

        if layout.directed:
            return _directed(layout, diameter_numpy.distances_from(layout, compiled=compiled))
        return diameter_numpy.undirected(layout, compiled=compiled)
    distances = pure_distances(layout)
    if layout.directed:
        return _directed(layout, distances)
    return _undirected(layout, distances)


def _directed(layout: CodeLayout, distances: Distances) -> int:
    if layout.size > DIRECTED_LIMIT:
        raise SearchLimitError(
            f"with one-way moves the diameter needs a search from every position; "
            f"{human_count(layout.size)} codes are more than the {DIRECTED_LIMIT:,} accepted"
        )
    return max(
        (max(distances(code)) for code in range(layout.size) if layout.is_position(code)),
        default=0,
    )


def _undirected(layout: CodeLayout, distances: Distances) -> int:
    """The bounding algorithm on every connected part, one position at a time (pure)."""
    codes = CodeMoves(layout)
    best = 0
    done = [not layout.is_position(code) for code in range(layout.size)]
    for first in range(layout.size):
        if done[first]:
            continue
        if not codes.successors(first):
            done[first] = True
            continue
        from_first = distances(first)
        part = [code for code in range(layout.size) if from_first[code] >= 0]
        for code in part:
            done[code] = True
        best = max(best, _bound(part, from_first, distances))
    return best


def _bound(part: list[int], first: Sequence[int], distances: Distances) -> int:
    lower = dict.fromkeys(part, 0)
    upper = dict.fromkeys(part, len(part))
    best, high = 0, True
    known: Any = first
    while True:
        ecc: int = max(known[code] for code in part)
        best = max(best, ecc)
        for code in list(lower):
            d = known[code]
            lower[code] = max(lower[code], d, ecc - d)
            upper[code] = min(upper[code], ecc + d)
            if upper[code] <= best or lower[code] == upper[code]:
                best = max(best, lower[code])
                del lower[code], upper[code]
        if not lower:
            return best
        if high:
            source = max(upper, key=lambda code: (upper[code], -code))
        else:
            source = min(lower, key=lambda code: (lower[code], code))
        high = not high
        known = distances(source)
