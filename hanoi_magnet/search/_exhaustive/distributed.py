"""The layered search on a Dask cluster: the codes split in ranges, one range per worker.

Each worker keeps the two-bit table of its range (:mod:`.bits`) and the part of the current
layer that falls in it; no process ever holds the whole space. A layer takes two rounds of
tasks, each pinned to the worker that owns the data:

1. **expand** (on every worker): the successors of its part of the layer, the codes already
   seen in its own range dropped, the rest sorted, deduplicated and cut by owner;
2. **claim** (on every worker): the pieces addressed to it, gathered from all workers (Dask
   moves them worker to worker), are checked against its table; the unseen ones are marked
   and become its part of the next layer. It answers with their number.

The client only sees the counts, so a layer is exchanged between workers without passing
through it. Tasks refer to the ranges' state by a key kept in each worker process
(:data:`_PARTITIONS`), dropped when the search ends.
"""

from __future__ import annotations

import operator
import uuid
from typing import Any

import numpy as np

from hanoi_magnet.errors import InvalidArgumentError
from hanoi_magnet.model import State
from hanoi_magnet.rules import Rules
from hanoi_magnet.search._exhaustive.bits import (
    CODES_PER_WORD,
    UNSEEN,
    Int64s,
    StateTable,
    sorted_unique,
    table_bytes,
)
from hanoi_magnet.search._exhaustive.budget import (
    DEFAULT_SHARE,
    check_memory,
    human_count,
    memory_limit,
)
from hanoi_magnet.search._exhaustive.layered import explicit_limit, layer_chunks, search_bytes
from hanoi_magnet.search._exhaustive.layout import CodeLayout
from hanoi_magnet.search._exhaustive.moves import Successors
from hanoi_magnet.search._exhaustive.progress import ProgressCallback, Reporter
from hanoi_magnet.search._exhaustive.results import Exploration

#: the partitions held by this process, by (search key, partition index)
_PARTITIONS: dict[tuple[str, int], _Partition] = {}

#: a partition sends its part of the last layer back when it has at most this many codes
KEEP = 1 << 16


class _Partition:
    """One worker's share of a search: a range of codes, its table, its part of the layer."""

    def __init__(self, rules: Rules, n: int, bounds: list[int], index: int, keep: int) -> None:
        self.layout = CodeLayout(rules, n)
        self.successors = Successors(self.layout)
        self.bounds = np.array(bounds, dtype=np.int64)
        self.low, self.high = bounds[index], bounds[index + 1]
        self.table = StateTable(self.high - self.low, self.low)
        self.frontier: Int64s | None = np.empty(0, dtype=np.int64)
        self.limit = explicit_limit(self.high - self.low)
        self.keep = keep

    def expand(self, label: int) -> list[Int64s]:
        """The successors of this range's part of the layer, cut by the range that owns them."""
        found: list[Int64s] = []
        for codes in layer_chunks(self.table, self.frontier, label):
            candidates = self.successors(codes).ravel()
            local = (candidates >= self.low) & (candidates < self.high)
            seen = np.zeros(candidates.size, dtype=np.bool_)
            seen[local] = self.table.values(candidates[local]) != UNSEEN
            found.append(sorted_unique(np.compress(~seen, candidates)))
        fresh = sorted_unique(np.concatenate(found)) if found else np.empty(0, dtype=np.int64)
        cuts = np.searchsorted(fresh, self.bounds[1:-1])
        return np.split(fresh, cuts)

    def claim(self, pieces: tuple[Int64s, ...], label: int) -> tuple[int, int, Int64s | None]:
        """Mark the unseen codes of ``pieces`` with ``label``.

        Returns how many they are, the memory held, and the codes if at most :data:`KEEP`.
        """
        candidates = np.concatenate(pieces) if pieces else np.empty(0, dtype=np.int64)
        fresh = (
            candidates[self.table.values(candidates) == UNSEEN] if candidates.size else candidates
        )
        fresh = sorted_unique(fresh)
        self.table.mark(fresh, label)
        self.frontier = fresh if fresh.size <= self.limit else None
        held = self.table.nbytes + (0 if self.frontier is None else self.frontier.nbytes)
        return int(fresh.size), held, fresh if fresh.size <= self.keep else None


def _start(key: str, index: int, rules: Rules, n: int, bounds: list[int], keep: int) -> int:
    partition = _Partition(rules, n, bounds, index, keep)
    _PARTITIONS[key, index] = partition
    return partition.table.nbytes


def _seed(key: str, index: int, code: int) -> tuple[int, int, Int64s | None]:
    return _PARTITIONS[key, index].claim((np.array([code], dtype=np.int64),), 1)


def _expand(key: str, index: int, label: int) -> list[Int64s]:
    return _PARTITIONS[key, index].expand(label)


def _claim(key: str, index: int, label: int, *pieces: Int64s) -> tuple[int, int, Int64s | None]:
    return _PARTITIONS[key, index].claim(pieces, label)


def _stop(key: str, index: int) -> None:
    _PARTITIONS.pop((key, index), None)


def partition_bounds(size: int, parts: int) -> list[int]:
    """``parts + 1`` increasing bounds cutting ``range(size)`` into ranges of whole words."""
    words = -(-size // CODES_PER_WORD)
    return [min(size, round(words * i / parts) * CODES_PER_WORD) for i in range(parts)] + [size]


def explore(
    layout: CodeLayout,
    start: State,
    client: Any,
    *,
    progress: ProgressCallback | bool | None,
    max_memory: int | None,
) -> Exploration:
    """:func:`hanoi_magnet.search.explore` on the workers of a ``dask.distributed.Client``.

    ``max_memory`` bounds each worker's share; by default the smallest memory limit the
    workers declare to the scheduler (else the client's default).
    """
    try:
        info = client.scheduler_info()["workers"]
        workers = sorted(info)
    except (AttributeError, KeyError, TypeError):
        raise InvalidArgumentError(
            f"client must be a dask.distributed.Client, got {type(client).__name__}"
        ) from None
    if not workers:
        raise InvalidArgumentError("the Dask cluster has no workers")
    parts = len(workers)
    per_worker = (
        search_bytes(layout) - table_bytes(layout.size) + table_bytes(-(-layout.size // parts))
    )
    declared = [int(info[w].get("memory_limit") or 0) for w in workers]
    if max_memory is None and min(declared) > 0:
        max_memory = int(min(declared) * DEFAULT_SHARE)
    check_memory(
        per_worker,
        memory_limit(max_memory),
        f"a distributed search of {human_count(layout.size)} codes on {parts} workers (per worker)",
    )
    bounds = partition_bounds(layout.size, parts)
    key = uuid.uuid4().hex
    reporter = Reporter(progress, workers=parts)

    def on(index: int, function: Any, *args: Any) -> Any:
        return client.submit(
            function,
            key,
            index,
            *args,
            workers=[workers[index]],
            allow_other_workers=False,
            pure=False,
        )

    try:
        client.gather([on(i, _start, layout.rules, layout.n, bounds, KEEP) for i in range(parts)])
        code = layout.encode(start)
        owner = int(np.searchsorted(np.array(bounds), code, side="right")) - 1
        count, memory, last = client.gather(on(owner, _seed, code))
        counts = [count]
        reporter.layer(0, count, count, memory * parts)
        farthest: list[Int64s] | None = [last] if last is not None else None
        label = 1
        while True:
            expanded = [on(i, _expand, label) for i in range(parts)]
            pieces = [
                [
                    client.submit(
                        operator.getitem, expanded[i], j, workers=[workers[i]], pure=False
                    )
                    for i in range(parts)
                ]
                for j in range(parts)
            ]
            claims = client.gather([on(j, _claim, 3 - label, *pieces[j]) for j in range(parts)])
            found = sum(claim[0] for claim in claims)
            if not found:
                break
            counts.append(found)
            memory = sum(claim[1] for claim in claims)
            reporter.layer(len(counts) - 1, found, sum(counts), memory)
            kept = [claim[2] for claim in claims]
            farthest = None if any(part is None for part in kept) else kept
            label = 3 - label
    finally:
        client.gather([on(i, _stop) for i in range(parts)])
    reporter.layer(len(counts) - 1, counts[-1], sum(counts), reporter.peak, done=True)
    codes = None if farthest is None else np.concatenate(farthest).tolist()
    return Exploration(
        layout.rules,
        start,
        counts,
        codes,
        elapsed=reporter.elapsed,
        peak_memory=reporter.peak,
        engine="dask",
        workers=parts,
    )
