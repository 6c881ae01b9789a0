"""The public :func:`remoteness`: the distance of every position to a goal."""

from __future__ import annotations

from array import array
from typing import Any

from hanoi_magnet.model import State
from hanoi_magnet.rules import Rules
from hanoi_magnet.search._exhaustive.budget import check_memory, human_count, memory_limit
from hanoi_magnet.search._exhaustive.engines import (
    Engine,
    checked_position,
    choose_kernel,
)
from hanoi_magnet.search._exhaustive.estimate import needed_bytes
from hanoi_magnet.search._exhaustive.layout import CodeLayout
from hanoi_magnet.search._exhaustive.progress import ProgressCallback, Reporter
from hanoi_magnet.search._exhaustive.pure import run_pure_layers
from hanoi_magnet.search._exhaustive.remoteness import WIDTHS, RemotenessTable
from hanoi_magnet.search._exhaustive.symmetry import symmetric_applies


def remoteness(
    rules: Rules,
    goal: State,
    *,
    engine: Engine = "auto",
    progress: ProgressCallback | bool | None = None,
    max_memory: int | None = None,
    symmetry: bool = False,
) -> RemotenessTable:
    """The distance from every position to ``goal``: a complete search backwards from it.

    The table holds one small unsigned integer per code (one byte while the distances stay
    below 255, wider beyond); it answers :meth:`~RemotenessTable.distance` for any position and
    plays optimally from anywhere (:meth:`~RemotenessTable.path_to_goal`), and can be saved
    and checked (:meth:`~RemotenessTable.verify`).

    Args:
        rules: the rules of the moves (with one-way moves, distances *to* the goal).
        goal: the position every distance leads to.
        engine: ``"compiled"``, ``"numpy"``, ``"python"`` or ``"auto"``, as for
            :func:`explore` (four or more posts; three posts run numpy's recursion).
        progress: ``True`` for a progress line on standard error, or a callable that receives
            a :class:`SearchProgress` after every layer.
        max_memory: the most bytes the computation may take (default: three quarters of the
            memory available when it starts).
        symmetry: with the compiled engine, search once the positions that a permutation of
            the posts empty in ``goal`` maps onto each other (as for :func:`explore`), then
            give every position its orbit's distance. The table is the same either way; off
            by default, because giving every code its value costs about what the search saves
            (the table covers every code: 1.5 s against 0.9 s for four pegs and 12 disks).

    Raises:
        SearchLimitError: the table and the search would need more than ``max_memory``.

    Example:
        >>> from hanoi_magnet import Color, MagneticRules, State
        >>> from hanoi_magnet.search import remoteness
        >>> table = remoteness(MagneticRules("NNN"), State.tower(3, 2, face=Color.BLUE))
        >>> table.distance(State.tower(3, face=Color.RED)), table.max_distance
        (11, 21)
    """
    layout, goal = checked_position(rules, goal, "goal")
    limit = memory_limit(max_memory)
    kernel = choose_kernel(engine, layout)
    what = f"a distance table of {human_count(layout.size)} codes ({goal.n} disks, {rules!r})"
    goal_code = layout.encode(goal)
    values: Any
    if kernel == "compiled":
        from hanoi_magnet.search._exhaustive import compiled  # noqa: PLC0415 (numba is optional)

        symmetric = symmetry and symmetric_applies(
            CodeLayout(layout.reversed_rules(), layout.n), goal_code
        )
        check_memory(
            compiled.distances_bytes(layout, goal_code if symmetric else None), limit, what
        )
        reporter = Reporter(progress)
        search = compiled.symmetric_distances if symmetric else compiled.distances_compiled
        values, counts = search(layout, goal_code, reporter.layer)
    elif kernel == "recursive":
        check_memory(needed_bytes(layout, "remoteness", "numpy"), limit, what)
        from hanoi_magnet.search._exhaustive import three_posts  # noqa: PLC0415 (optional)

        reporter = Reporter(progress)
        values, counts = three_posts.distances_three(layout, goal_code, reporter.layer)
    elif kernel == "numpy":
        check_memory(needed_bytes(layout, "remoteness", kernel), limit, what)
        from hanoi_magnet.search._exhaustive import remoteness_numpy  # noqa: PLC0415 (optional)

        reporter = Reporter(progress)
        values, counts = remoteness_numpy.distances_to(layout, goal_code, reporter.layer)
    else:
        check_memory(needed_bytes(layout, "remoteness", kernel), limit, what)
        reporter = Reporter(progress)
        values, counts = _pure_distances(layout, goal_code, reporter)
    reporter.layer(len(counts) - 1, counts[-1], sum(counts), reporter.peak, done=True)
    return RemotenessTable(
        rules, goal, values, counts=counts, elapsed=reporter.elapsed, engine=kernel
    )


def _pure_distances(layout: CodeLayout, goal: int, reporter: Reporter) -> tuple[Any, list[int]]:
    held = [array("B", [0xFF]) * layout.size]

    def visit(depth: int, codes: list[int]) -> None:
        values = held[0]
        if depth >= (1 << (8 * values.itemsize)) - 1:
            held[0] = values = _widened(values)
        for code in codes:
            values[code] = depth

    counts, _ = run_pure_layers(layout, [goal], reporter.layer, backward=True, visit=visit)
    return held[0], counts


def _widened(values: array[int]) -> array[int]:
    """The same distances in an array of the next wider type, unreached marks kept."""
    old_mark = (1 << (8 * values.itemsize)) - 1
    typecode = WIDTHS[2 * values.itemsize][0]
    new_mark = (1 << (8 * 2 * values.itemsize)) - 1
    return array(typecode, (new_mark if value == old_mark else value for value in values))
