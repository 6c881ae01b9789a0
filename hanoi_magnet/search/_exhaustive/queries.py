"""Whole-space questions about one position: the layers of the positions around it.

How many positions lie at each distance from it, how far the farthest lies, and which they are.
"""

from __future__ import annotations

from typing import Any

from hanoi_magnet.model import State
from hanoi_magnet.rules import Rules
from hanoi_magnet.search._exhaustive.budget import check_memory, human_count, memory_limit
from hanoi_magnet.search._exhaustive.engines import (
    Engine,
    checked_position,
    choose_engine,
    choose_kernel,
)
from hanoi_magnet.search._exhaustive.estimate import needed_bytes
from hanoi_magnet.search._exhaustive.progress import ProgressCallback, Reporter
from hanoi_magnet.search._exhaustive.pure import run_pure_layers
from hanoi_magnet.search._exhaustive.results import Exploration
from hanoi_magnet.search._exhaustive.symmetry import symmetric_applies


def explore(
    rules: Rules,
    start: State,
    *,
    engine: Engine = "auto",
    progress: ProgressCallback | bool | None = None,
    max_memory: int | None = None,
    client: Any = None,
    symmetry: bool = True,
) -> Exploration:
    """Every position reachable from ``start``, layer by layer: a complete breadth-first search.

    Works for any :class:`~hanoi_magnet.ClassicRules` (any pegs, any allowed directions) and
    :class:`~hanoi_magnet.MagneticRules` (any posts and colours). The memory it needs is
    estimated before it starts (two bits per code of the space, plus buffers of fixed size, with
    numpy); a search that would need more than ``max_memory`` is refused at once.

    Args:
        rules: the rules of the moves.
        start: the position to start from.
        engine: ``"compiled"`` (numba; ``pip install 'hanoi-magnet[compiled]'``), ``"numpy"``
            (vectorised; ``pip install 'hanoi-magnet[search]'``), ``"python"``, or ``"auto"``:
            the first of them installed, the compiled one from 4,194,304 codes on (below, its
            half-second start costs more than it saves). All give identical results.
        progress: ``True`` for a progress line on standard error, or a callable that receives
            a :class:`SearchProgress` after every layer.
        max_memory: the most bytes the search may take (default: three quarters of the
            memory available when it starts; on a cluster, of each worker's memory limit,
            for its share).
        client: a ``dask.distributed.Client``: run the search on its workers, the codes split
            in ranges among them (``pip install 'hanoi-magnet[distributed]'``).
        symmetry: with the compiled engine, search the positions that a permutation of the
            posts empty in ``start`` maps onto each other once, where the permutation preserves
            the rules (the same allowed directions; under magnetic rules, the same colours):
            for a tower on four pegs, or on ``NNNN``, about a sixth of them. The counts are
            exact either way. ``False`` searches every position.

    Raises:
        SearchLimitError: the search would need more than ``max_memory``.
        InvalidArgumentError: ``start`` is not a legal position under ``rules``.

    Example:
        >>> from hanoi_magnet import Color, MagneticRules, State
        >>> from hanoi_magnet.search import explore
        >>> found = explore(MagneticRules("NNN"), State.tower(3, face=Color.RED))
        >>> found.reachable, found.eccentricity
        (114, 21)
    """
    layout, start = checked_position(rules, start, "start")
    limit = memory_limit(max_memory)
    if client is not None:
        choose_engine("numpy")  # the workers run numpy: refused with the install line without
        from hanoi_magnet.search._exhaustive import distributed  # noqa: PLC0415 (dask is optional)

        return distributed.explore(layout, start, client, progress=progress, max_memory=max_memory)
    kernel = choose_kernel(engine, layout)
    what = f"a complete search of {human_count(layout.size)} codes ({start.n} disks, {rules!r})"
    reporter = Reporter(progress)
    farthest: list[int] | None
    if kernel == "compiled":
        from hanoi_magnet.search._exhaustive import compiled  # noqa: PLC0415 (numba is optional)

        code = layout.encode(start)
        symmetric = symmetry and symmetric_applies(layout, code)
        needed = (
            compiled.symmetric_bytes(layout, code) if symmetric else compiled.plain_bytes(layout)
        )
        check_memory(needed, limit, what)
        counts, farthest = compiled.explore_compiled(
            layout, code, reporter.layer, symmetry=symmetric
        )
    elif kernel == "recursive":
        check_memory(needed_bytes(layout, "explore", "numpy"), limit, what)
        from hanoi_magnet.search._exhaustive import three_posts  # noqa: PLC0415 (numpy is optional)

        counts, farthest = three_posts.explore_three(layout, layout.encode(start), reporter.layer)
    elif kernel == "numpy":
        check_memory(needed_bytes(layout, "explore", kernel), limit, what)
        from hanoi_magnet.search._exhaustive import layered  # noqa: PLC0415 (numpy is optional)

        counts, last = layered.run_layers(layout, [layout.encode(start)], reporter.layer)
        farthest = None if last is None else last.tolist()
    else:
        check_memory(needed_bytes(layout, "explore", kernel), limit, what)
        counts, farthest = run_pure_layers(layout, [layout.encode(start)], reporter.layer)
    reporter.layer(len(counts) - 1, counts[-1], sum(counts), reporter.peak, done=True)
    return Exploration(
        rules,
        start,
        counts,
        farthest,
        elapsed=reporter.elapsed,
        peak_memory=reporter.peak,
        engine=kernel,
    )


def layer_counts(rules: Rules, start: State, **options: Any) -> tuple[int, ...]:
    """How many positions lie at each distance from ``start``: ``explore(...).counts``.

    Takes the same keyword arguments as :func:`explore`.

    Example:
        >>> from hanoi_magnet import ClassicRules, State
        >>> from hanoi_magnet.search import layer_counts
        >>> layer_counts(ClassicRules(), State.tower(3))
        (1, 2, 2, 4, 2, 4, 4, 8)
    """
    return explore(rules, start, **options).counts


def eccentricity(rules: Rules, position: State, **options: Any) -> int:
    """The largest distance from ``position`` to a position it can reach.

    Takes the same keyword arguments as :func:`explore`.

    Example:
        >>> from hanoi_magnet import ClassicRules, State
        >>> from hanoi_magnet.search import eccentricity
        >>> eccentricity(ClassicRules(4), State.tower(6, posts=4))  # Frame-Stewart: 17 moves
        17
    """
    return explore(rules, position, **options).eccentricity


def farthest_positions(rules: Rules, position: State, **options: Any) -> list[State]:
    """The positions farthest from ``position``, in increasing code order.

    Takes the same keyword arguments as :func:`explore`.

    Example:
        >>> from hanoi_magnet import ClassicRules, State
        >>> from hanoi_magnet.search import farthest_positions
        >>> [str(state) for state in farthest_positions(ClassicRules(), State.tower(2))]
        ['S: 1 | I: 2 | D: -', 'S: - | I: 2 1 | D: -', 'S: 1 | I: - | D: 2', 'S: - | I: - | D: 2 1']
    """
    return explore(rules, position, **options).farthest_positions()
