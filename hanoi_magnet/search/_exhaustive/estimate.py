"""The memory each whole-space query needs, known before it starts."""

from __future__ import annotations

from typing import Literal, TypeAlias

from hanoi_magnet.errors import InvalidArgumentError
from hanoi_magnet.rules import Rules
from hanoi_magnet.search._exhaustive.engines import Engine, choose_kernel
from hanoi_magnet.search._exhaustive.layout import CodeLayout
from hanoi_magnet.search._exhaustive.pure import pure_bytes

Query: TypeAlias = Literal["explore", "remoteness", "diameter", "invariants"]
#: the queries of one search (:func:`needed_bytes`); ``"invariants"`` runs many
QUERIES = ("explore", "remoteness", "diameter")


def needed_bytes(layout: CodeLayout, query: str, engine: str) -> int:
    """The bytes ``query`` takes on ``layout`` with ``engine`` (``"numpy"`` or ``"python"``)."""
    if query not in QUERIES:
        raise InvalidArgumentError(
            f"query must be one of {', '.join(QUERIES)}, invariants; got {query!r}"
        )
    # a distance table starts with one byte per code (three posts: four, the recursion's type)
    table = (4 if layout.posts == 3 else 1) * layout.size if query == "remoteness" else 0
    if engine == "python":
        extra = {"explore": 0, "remoteness": table, "diameter": 24 * layout.size}[query]
        return pure_bytes(layout) + extra
    if query == "diameter":
        from hanoi_magnet.search._exhaustive import diameter_numpy  # noqa: PLC0415 (optional)

        return diameter_numpy.memory(layout)
    if layout.posts == 3:
        from hanoi_magnet.search._exhaustive import three_posts  # noqa: PLC0415 (optional)

        return three_posts.recursion_bytes(layout) + table
    from hanoi_magnet.search._exhaustive import layered  # noqa: PLC0415 (optional)

    return layered.search_bytes(layout) + table


def estimate_memory(
    rules: Rules, n: int, *, query: Query = "explore", engine: Engine = "auto"
) -> int:
    """The bytes of memory a whole-space query would take, without running it.

    The same number the query itself checks against ``max_memory`` before it starts (an upper
    bound: tables sized by the number of codes, buffers of fixed size). ``query`` is
    ``"explore"`` (also :func:`layer_counts`, :func:`eccentricity`,
    :func:`farthest_positions`), ``"remoteness"``, ``"diameter"`` or ``"invariants"``.

    Example:
        >>> from hanoi_magnet import ClassicRules
        >>> from hanoi_magnet.search import estimate_memory
        >>> round(estimate_memory(ClassicRules(4), 15, engine="numpy") / 2**20)  # MiB
        400
    """
    layout = CodeLayout(rules, n)
    if query == "invariants":
        from hanoi_magnet.search._exhaustive import invariants  # noqa: PLC0415 (a cycle)

        return invariants.needed_bytes(layout, invariants.kernel_for(engine, layout, rules, n))
    kernel = choose_kernel(engine, layout)
    if query in QUERIES and kernel == "compiled":
        from hanoi_magnet.search._exhaustive import compiled, diameter_numpy  # noqa: PLC0415

        if query == "remoteness":
            return compiled.distances_bytes(layout)
        if query == "diameter":
            return diameter_numpy.memory(layout, compiled=True)
        return compiled.plain_bytes(layout)  # without symmetry: the most it may take
    return needed_bytes(layout, query, "python" if kernel == "python" else "numpy")
