"""The public :func:`invariants`: diameter, radius, Wiener index and more, over every pair.

One complete search from the start finds the graph (the positions it reaches) and the start's
eccentricity; then a complete search from every position of the graph, with the kernels of
:mod:`.all_pairs`, finds every distance. With a symmetry only one position of each orbit is
searched, its summary weighed by the orbit's size. This is exact: a permutation ``g`` of the
posts that maps the rules onto themselves maps every move onto a move, so it preserves every
distance, ``d(g u, g v) = d(u, v)``; if it also maps the graph onto itself (it does exactly when
``g(start)`` lies in the graph: the graph is then mapped into itself, and it is finite), then
for every position ``u`` the distances from ``g u`` to the graph's positions are those from
``u`` (``v -> g v`` is a bijection of the graph), and so are its eccentricity, the sum of its
distances, its distance counts and its positions reached by several shortest paths (``g`` maps
shortest paths onto shortest paths). So the sums over the graph are sums over orbits of the
orbit's size times the representative's value. The group is the one of :mod:`.symmetry`, the
permutations of a class of posts any two of which may be swapped.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Sequence
from typing import Any

import attrs

from hanoi_magnet.errors import InvalidArgumentError, SearchLimitError
from hanoi_magnet.model import Color, State, _integer
from hanoi_magnet.rules import ClassicRules, MagneticRules, Rules
from hanoi_magnet.search._bidirectional import legal_state_count
from hanoi_magnet.search._exhaustive import all_pairs
from hanoi_magnet.search._exhaustive.budget import check_memory, human_count, memory_limit
from hanoi_magnet.search._exhaustive.engines import Engine, checked_position, choose_kernel
from hanoi_magnet.search._exhaustive.graph_invariants import GraphInvariants
from hanoi_magnet.search._exhaustive.layout import CodeLayout
from hanoi_magnet.search._exhaustive.neighbours import CodeMoves
from hanoi_magnet.search._exhaustive.progress import ProgressCallback, Reporter
from hanoi_magnet.search._exhaustive.pure import BYTES_PER_LISTED, pure_bytes, pure_distances
from hanoi_magnet.search._exhaustive.symmetry import (
    orbit_representatives,
    renamed_code,
    rule_symmetric_posts,
)

#: the most pairs (searches times the positions each visits) a computation may take, by kernel:
#: about a quarter of an hour at the rates measured (``docs/atlas.rst``)
MAX_PAIRS = {"compiled": 10**11, "numpy": 10**10, "recursive": 10**10, "python": 10**8}


def invariants(
    rules: Rules,
    n: int,
    *,
    start: State | None = None,
    engine: Engine = "auto",
    symmetry: bool = True,
    progress: ProgressCallback | bool | None = None,
    max_memory: int | None = None,
    max_pairs: int | None = None,
) -> GraphInvariants:
    """Exact invariants of the state graph: a complete search from every position.

    The graph is made of the positions reachable from ``start`` and the legal moves between
    them (see :class:`GraphInvariants`; with one-way moves, ordered pairs and distances along
    the moves). Its diameter, radius and centre, the Wiener index and the mean distance as an
    exact fraction, the distance distribution, the antipodal pairs and the pairs joined by
    more than one shortest path all come from one search per position, or per orbit of
    positions under the permutations of the posts that preserve the rules and the graph.

    Args:
        rules: the rules of the moves (classic or magnetic, any posts and directions).
        n: the number of disks.
        start: a position of the graph (default: the tower of ``n`` disks on the first post,
            under magnetic rules showing that post's colour, or red if it is neutral).
        engine: ``"compiled"`` (numba), ``"numpy"`` (on three posts, the recursion),
            ``"python"`` or ``"auto"``: compiled where installed and the work is large
            enough to repay its start, numpy, pure Python. All give identical results.
        symmetry: search one position per orbit of the permutations of the posts that map
            the rules and the graph onto themselves (the classic puzzle: six, three posts
            any two of which may be swapped; ``linear``: two), weighing it by the orbit's
            size. The invariants are the same either way; ``False`` searches every position.
        progress: ``True`` for a progress line on standard error, or a callable that receives
            a :class:`SearchProgress` after every batch of searches.
        max_memory: the most bytes the computation may take (default: three quarters of the
            memory available when it starts).
        max_pairs: the most pairs (searches times the positions each reaches) to visit:
            the work grows with the square of the positions, so a computation expected to
            need more is refused at once with the estimate. Default: 10**11 compiled (a
            quarter of an hour), 10**10 numpy, 10**8 pure Python.

    Raises:
        SearchLimitError: the computation would take more than ``max_memory`` or
            ``max_pairs``.
        InvalidArgumentError: ``start`` is not a legal position of ``n`` disks.

    Example:
        >>> from hanoi_magnet import ClassicRules, MagneticRules
        >>> from hanoi_magnet.search import invariants
        >>> found = invariants(ClassicRules(), 3)
        >>> found.diameter, found.radius, found.centre_size, found.wiener_index
        (7, 6, 6, 1419)
        >>> found.mean_distance, found.antipodal_pairs, found.several_shortest_paths
        (Fraction(473, 117), 39, 24)
        >>> found = invariants(ClassicRules(3, [(0, 1), (1, 2), (2, 0)]), 2)  # one-way
        >>> found.directed, found.pairs, found.diameter, found.mean_distance
        (True, 72, 7, Fraction(27, 8))
    """
    n = _integer(n, "n", minimum=1)
    if start is None:
        start = default_start(rules, n)
    layout, start = checked_position(rules, start, "start")
    if start.n != n:
        raise InvalidArgumentError(f"the start has {start.n} disks, but n is {n}")
    kernel = kernel_for(engine, layout, rules, n)
    limit = memory_limit(max_memory)
    what = f"the invariants of {human_count(layout.size)} codes ({n} disks, {rules!r})"
    group = rule_symmetric_posts(layout) if symmetry else ()
    order = math.factorial(len(group))
    expected = legal_state_count(rules, n)
    allowed = MAX_PAIRS[kernel] if max_pairs is None else _integer(max_pairs, "max_pairs")
    work = expected * -(-expected // order)
    if work > allowed:
        raise SearchLimitError(
            f"{what} need a search from each of about {human_count(-(-expected // order))} "
            f"positions (one per orbit), about {human_count(work)} pairs, more than the "
            f"{human_count(allowed)} allowed (max_pairs); the search was not started"
        )
    check_memory(needed_bytes(layout, kernel), limit, what)
    reporter = Reporter(progress)
    started = time.perf_counter()
    code = layout.encode(start)
    reached = _distances(kernel, layout)(code)
    start_eccentricity = _largest(reached)
    if group and not all(
        reached[renamed_code(layout, code, {a: b, b: a})] >= 0 for a, b in itertools.pairwise(group)
    ):
        group, order = (), 1  # the permutations would leave the graph: search every position
    directed = _one_way_inside(layout, kernel, reached)
    codes, sizes = orbit_representatives(layout, group)
    sources = [source for source in codes if reached[source] >= 0]
    weights = [size for source, size in zip(codes, sizes, strict=True) if reached[source] >= 0]
    del codes, sizes, reached
    memory = needed_bytes(layout, kernel)

    def done(searches: int, pairs: int, largest: int) -> None:
        reporter.searched(searches, len(sources), pairs, largest, memory, done=False)

    # undirected, d(u, v) <= d(u, start) + d(start, v); directed, a path visits each position once
    bound = layout.size if directed else 2 * start_eccentricity + 1
    found = all_pairs.run(kernel, layout, sources, weights, bound, done)
    result = _combine(layout, start, found, weights, start_eccentricity, directed)
    result = attrs.evolve(
        result,
        symmetry=order,
        searches=len(sources),
        engine=kernel,
        elapsed=time.perf_counter() - started,
    )
    pairs = sum(found.histogram)
    reporter.searched(len(sources), len(sources), pairs, result.diameter, memory, done=True)
    return result


def default_start(rules: Rules, n: int) -> State:
    """The tower of ``n`` disks on the first post (magnetic: its colour, or red if neutral)."""
    if isinstance(rules, MagneticRules):
        face = rules.post_colors[0] or Color.RED
        return State.tower(n, posts=rules.posts, face=face)
    if not isinstance(rules, Rules):
        raise InvalidArgumentError(f"rules must be a Rules object, got {type(rules).__name__}")
    return State.tower(n, posts=rules.posts)


def kernel_for(engine: Engine, layout: CodeLayout, rules: Rules, n: int) -> str:
    """The compiled kernel serves any posts here; ``"auto"`` takes it for 2**16 codes up."""
    work = legal_state_count(rules, n) ** 2  # the compiled start repays itself on the pairs
    return choose_kernel(engine, layout, work=work, compiled_posts=3)


def needed_bytes(layout: CodeLayout, kernel: str) -> int:
    """The memory :func:`invariants` needs with ``kernel`` (an upper bound).

    The start's distances (kept while the sources are chosen), the lists of sources and their
    weights (at most one per code), and the searches from the sources.
    """
    size = layout.size
    sources = 2 * (8 + 28) * size  # two lists of ints
    if kernel == "python":
        # a search: its layers, the depth of each code, two bytes per code
        search = pure_bytes(layout) + (8 + BYTES_PER_LISTED) * size + 2 * size
        return search + 8 * size + sources
    start = 8 * size  # the start's distances, int64
    if kernel == "compiled":
        from hanoi_magnet.search._exhaustive import compiled  # noqa: PLC0415 (optional)

        bound = size if layout.directed else 2 * size
        # the start's search writes its distances into an array that widens (at worst from
        # two bytes to four: six per code while both are held)
        first = compiled.plain_bytes(layout) + 6 * size
        return start + sources + max(first, all_pairs.compiled_bytes(layout, bound))
    from hanoi_magnet.search._exhaustive.diameter_numpy import memory  # noqa: PLC0415

    # a search and its distances, then the moves on shortest paths into each code (their
    # targets and origins), a parent and a flag per code
    return start + sources + memory(layout) + (3 * 8 + 1) * size


def _distances(kernel: str, layout: CodeLayout) -> Any:
    """``distances(code)``: the distance from ``code`` to every code, -1 where none."""
    if kernel == "python":
        return pure_distances(layout)
    from hanoi_magnet.search._exhaustive.diameter_numpy import distances_from  # noqa: PLC0415

    return distances_from(layout, compiled=kernel == "compiled")


def _one_way_inside(layout: CodeLayout, kernel: str, reached: Any) -> bool:
    """Whether a move between the positions the start reaches cannot be undone.

    A move undone is the same disk moving back, legal exactly when the rules allow the
    opposite direction (a magnetic disk flips back), so the graph is directed when a position
    it holds has a legal move along a direction whose opposite is not allowed.
    """
    rules = layout.rules
    if not layout.directed or rules.allowed is None:
        return False
    one_way = [(a, b) for a, b in rules.allowed if (b, a) not in rules.allowed]
    assert isinstance(rules, (ClassicRules, MagneticRules))
    moves = CodeLayout(attrs.evolve(rules, allowed=one_way), layout.n)
    if kernel == "python":
        codes = CodeMoves(moves)
        return any(codes.successors(code) for code, depth in enumerate(reached) if depth >= 0)
    import numpy as np  # noqa: PLC0415 (optional)

    from hanoi_magnet.search._exhaustive.moves import Successors  # noqa: PLC0415

    successors = Successors(moves)
    inside = np.flatnonzero(reached >= 0)
    step = 1 << 16
    return any(
        bool((successors(chunk) != chunk[:, None]).any())
        for chunk in (inside[first : first + step] for first in range(0, inside.size, step))
    )


def _largest(values: Any) -> int:
    """The largest of a list or a numpy array of distances."""
    return int(values.max()) if hasattr(values, "max") else max(values)


def _combine(
    layout: CodeLayout,
    start: State,
    found: all_pairs.Summaries,
    weights: Sequence[int],
    start_eccentricity: int,
    directed: bool,
) -> GraphInvariants:
    """The invariants from the summaries: ordered sums, halved for unordered pairs."""
    histogram = list(found.histogram)
    positions = sum(weights)
    assert histogram[0] == positions, (histogram[0], positions)
    wiener = sum(w * s for w, s in zip(weights, found.distance_sums, strict=True))
    several = sum(w * s for w, s in zip(weights, found.several, strict=True))
    diameter = max(found.eccentricities)
    eccentricities = [0] * (diameter + 1)
    for weight, eccentricity in zip(weights, found.eccentricities, strict=True):
        eccentricities[eccentricity] += weight
    if not directed:  # every unordered pair was counted from both ends
        assert wiener % 2 == 0, wiener
        assert several % 2 == 0, several
        assert all(count % 2 == 0 for count in histogram[1:]), histogram
        wiener, several = wiener // 2, several // 2
        histogram[1:] = [count // 2 for count in histogram[1:]]
    return GraphInvariants(
        layout.rules,
        start,
        directed=directed,
        positions=positions,
        moves=histogram[1] if len(histogram) > 1 else 0,
        diameter=diameter,
        radius=min(found.eccentricities),
        start_eccentricity=start_eccentricity,
        wiener_index=wiener,
        pairs=sum(histogram[1:]),
        distribution=tuple(histogram),
        eccentricities=tuple(eccentricities),
        several_shortest_paths=several,
    )
