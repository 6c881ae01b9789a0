"""Whether distances and shortest paths are searched with numpy, and the bridge to it.

Pure Python: numpy is imported only when it is chosen.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from hanoi_magnet._exhaustive.budget import available_memory, check_memory
from hanoi_magnet._exhaustive.engines import choose_engine
from hanoi_magnet._exhaustive.layout import CodeLayout
from hanoi_magnet.model import Move, State
from hanoi_magnet.rules import Rules

Report = Callable[[int, int, int, int], None]

#: bytes of visited bits allowed per position the search may visit, when numpy is chosen
#: automatically: the bit arrays cover every code, the positions visited are a part of them
BITS_BYTES_PER_STATE = 16


class OverLimitError(Exception):
    """The search would visit more positions than allowed."""


def bitset_bytes(layout: CodeLayout) -> int:
    """The memory of the two visited sets of the numpy bidirectional search."""
    return 2 * 8 * -(-layout.size // 64)


def use_numpy(rules: Rules, n: int, limit: int, engine: object) -> bool:
    """Whether to search with numpy.

    Yes when asked for; with ``"auto"``, when it is installed, the rules have four or more
    posts (where layers are wide enough for array operations to pay) and the visited bits are
    of a size in proportion to ``limit``.
    """
    chosen = choose_engine(engine)
    if chosen == "python":
        return False
    layout = CodeLayout(rules, n)
    if engine == "numpy":
        check_memory(
            bitset_bytes(layout), int(available_memory() * 0.75), "the bidirectional search"
        )
        return True
    return rules.posts >= 4 and bitset_bytes(layout) <= BITS_BYTES_PER_STATE * limit


def numpy_path(
    rules: Rules, start: State, goal: State, limit: int, report: Report
) -> tuple[list[Move] | None, int, int]:
    """The moves of a shortest path, the positions visited, and which side ran dry.

    The moves are ``None`` if there is no path; see :func:`.bidirectional.shortest_codes`.
    Raises :class:`OverLimitError`.
    """
    from hanoi_magnet._exhaustive import bidirectional  # noqa: PLC0415 (numpy is optional)

    layout = CodeLayout(rules, start.n)
    codes, visited, side = bidirectional.shortest_codes(
        layout, layout.encode(start), layout.encode(goal), limit, report
    )
    if codes is None:
        return None, visited, side
    moves = [layout.move_between(a, b) for a, b in itertools.pairwise(codes)]
    return moves, visited, side
