"""Distance arrays with numpy: the layered search backwards from the goal.

Every layer's codes are written into an array whose integer type widens as distances grow.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from hanoi_magnet.search._exhaustive.bits import Int64s
from hanoi_magnet.search._exhaustive.layered import CHUNK, run_layers
from hanoi_magnet.search._exhaustive.layout import CodeLayout
from hanoi_magnet.search._exhaustive.moves import Successors
from hanoi_magnet.search._exhaustive.progress import Report

Distances = npt.NDArray[np.unsignedinteger]


def unreached(values: Distances) -> int:
    """The mark of "no distance" in ``values``: the largest value of its type."""
    return int(np.iinfo(values.dtype).max)


def widened(values: Distances) -> Distances:
    """``values`` in the next wider unsigned type, the "no distance" marks kept."""
    wider = np.dtype(f"uint{values.dtype.itemsize * 16}")
    result = values.astype(wider)
    result[values == unreached(values)] = np.iinfo(wider).max
    return result


def distances_to(layout: CodeLayout, goal: int, report: Report) -> tuple[Distances, list[int]]:
    """The distance of every code to ``goal``, and the number of positions at each distance.

    Codes with no distance hold the largest value of the array's type.
    """
    held: list[Distances] = [np.full(layout.size, np.iinfo(np.uint8).max, dtype=np.uint8)]

    def visit(depth: int, codes: Int64s) -> None:
        if depth >= unreached(held[0]):
            held[0] = widened(held[0])
        held[0][codes] = depth

    def report_with_array(depth: int, layer: int, reached: int, memory: int) -> None:
        report(depth, layer, reached, memory + held[0].nbytes)

    counts, _ = run_layers(layout, [goal], report_with_array, backward=True, visit=visit)
    return held[0], counts


def first_violation(layout: CodeLayout, values: Distances, goal: int) -> str | None:
    """Why ``values`` is not the table of distances to ``goal``, or None if it is.

    The distances to a goal are the only function with ``d(goal) = 0`` and, for every other
    position, ``d(x) = 1 + min d(y)`` over the moves ``x -> y`` (no distance where no move
    leads to a position with one); and codes that are no position have none.
    """
    if values.size != layout.size:
        return f"the table has {values.size:,} values for {layout.size:,} codes"
    mark = unreached(values)
    successors = Successors(layout)
    step = CHUNK * 4
    for start in range(0, layout.size, step):
        codes = np.arange(start, min(layout.size, start + step), dtype=np.int64)
        own = values[start : start + codes.size].astype(np.int64)
        after = successors(codes)
        nearest = np.where(after == codes[:, None], mark, values[after]).min(axis=1)
        nearest = np.minimum(nearest.astype(np.int64) + 1, mark)
        expected = np.where(codes == goal, 0, nearest)
        expected[~successors.is_position(codes)] = mark
        wrong = np.flatnonzero(own != expected)
        if wrong.size:
            code = int(codes[wrong[0]])
            return (
                f"code {code} holds {int(own[wrong[0]])}, but its moves say "
                f"{int(expected[wrong[0]])} ({mark} marks no distance)"
            )
    return None
