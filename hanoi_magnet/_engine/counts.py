"""Per-disk move counts, by propagating multiplicities down the plan (no move is generated)."""

from __future__ import annotations

import heapq

from hanoi_magnet._engine.table import Table
from hanoi_magnet.errors import PlanError


def per_disk(table: Table, n: int) -> tuple[int, ...]:
    """How often each disk moves (index size - 1).

    Each node (table, size, lowest disk) is visited once, largest size first, so the cost is
    O(number of distinct nodes x steps), not O(length). Within one size, a node is visited
    after every node that calls it at that size (whole-puzzle mirrors, relaxations).
    """
    if n == 0:
        return ()
    table.length(n)
    counts = [0] * (n + 1)
    by_size: dict[int, dict[tuple[Table, int], int]] = {n: {(table, 0): 1}}
    sizes = [-n]
    while sizes:
        size = -heapq.heappop(sizes)
        weights = by_size.pop(size)
        for node, low in _callers_first(list(weights), size):
            mult = weights.pop((node, low))
            for step in node.resolve(size):
                if step.table is None:
                    counts[low + step.low + 1] += mult
                    continue
                key = (step.table, low + step.low)
                if step.disks == size:
                    weights[key] = weights.get(key, 0) + mult
                    continue
                bucket = by_size.get(step.disks)
                if bucket is None:
                    bucket = by_size[step.disks] = {}
                    heapq.heappush(sizes, -step.disks)
                bucket[key] = bucket.get(key, 0) + mult
    return tuple(counts[1:])


def _callers_first(nodes: list[tuple[Table, int]], size: int) -> list[tuple[Table, int]]:
    """The nodes of one size and those they call at that size, each after all its callers."""
    order: list[tuple[Table, int]] = []
    state: dict[tuple[Table, int], bool] = {}  # False: in progress, True: done
    for start in nodes:
        work = [(start, False)]
        while work:
            item, finished = work.pop()
            if finished:
                state[item] = True
                order.append(item)
                continue
            if item in state:
                if not state[item]:
                    raise PlanError(f"plan {item[0].cls.label} calls itself at size {size}")
                continue
            state[item] = False
            work.append((item, True))
            table, low = item
            work.extend(
                ((step.table, low + step.low), False)
                for step in table.resolve(size)
                if step.table is not None and step.disks == size
            )
    return order[::-1]
