"""Which kernel of the bidirectional search (:mod:`.bidirectional`) finds a distance or a path.

Pure Python: numpy is imported only when it is chosen.
"""

from __future__ import annotations

from typing import Literal

from hanoi_magnet.rules import Rules
from hanoi_magnet.search._exhaustive.budget import available_memory, check_memory, memory_limit
from hanoi_magnet.search._exhaustive.engines import choose_engine
from hanoi_magnet.search._exhaustive.layout import CodeLayout

#: bytes of visited bits allowed per position the search may visit, when numpy is chosen
#: automatically: the bit arrays cover every code, the positions visited are a part of them
BITS_BYTES_PER_STATE = 16


#: the largest code space searched with numpy's 64-bit integers (room left for arithmetic)
MAX_CODES = 1 << 62


def bitset_bytes(layout: CodeLayout) -> int:
    """The memory of the two visited sets of the numpy bidirectional search."""
    return 2 * 8 * -(-layout.size // 64)


def choose_search(
    rules: Rules, n: int, limit: int, engine: object, *, path: bool = True
) -> Literal["python", "bits", "frontier"]:
    """Which search finds a distance (or, with ``path``, a shortest path).

    ``"bits"``: numpy, a visited bit per code and side; ``"frontier"``: numpy, only the last
    layers of each side (distances under rules whose moves can all be undone, in spaces too
    large for visited bits); ``"python"``: marks in pure Python (:mod:`.bidirectional`). With
    ``"auto"`` numpy serves four or more posts (where layers are wide enough for array
    operations to pay) and visited bits only in proportion to ``limit``.

    Visited bits come first wherever they fit: the frontier search saves a quarter to a half of
    the memory but takes 1.6 to 2.5 times as long (``bench_exhaustive --frontier``, in
    ``docs/exhaustive-search.rst``), so it runs only where the bits would be too large.
    """
    chosen = choose_engine(engine)
    if chosen == "python":
        return "python"
    layout = CodeLayout(rules, n)
    frontier_possible = not path and not layout.directed and layout.size <= MAX_CODES
    if engine == "numpy":
        if bitset_bytes(layout) <= int(available_memory() * 0.75) or not frontier_possible:
            check_memory(
                bitset_bytes(layout), int(available_memory() * 0.75), "the bidirectional search"
            )
            return "bits"
        return "frontier"
    if rules.posts < 4:
        return "python"
    if bitset_bytes(layout) <= min(BITS_BYTES_PER_STATE * limit, memory_limit(None)):
        return "bits"
    return "frontier" if frontier_possible else "python"
