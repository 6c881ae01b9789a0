"""Measure callables the same way everywhere: the median of several runs, and ratios.

Benchmarks on shared machines are noisy: every number a benchmark prints is a median of
``repeat`` runs, and every claim is a ratio against a baseline measured in the same process.
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Timing:
    """The median and spread of several runs of one callable."""

    name: str
    median: float  # seconds
    low: float
    high: float

    def per(self, count: int) -> float:
        """Seconds per item, for a run that handles ``count`` items."""
        return self.median / count


def measure(name: str, func: Callable[[], object], *, repeat: int = 7, warmup: int = 1) -> Timing:
    """Run ``func`` ``warmup + repeat`` times (garbage collection paused) and keep the median."""
    for _ in range(warmup):
        func()
    times = []
    for _ in range(repeat):
        gc.collect()
        gc.disable()
        try:
            start = time.perf_counter()
            func()
            times.append(time.perf_counter() - start)
        finally:
            gc.enable()
    return Timing(name, statistics.median(times), min(times), max(times))


def compare(
    baseline: Callable[[], object],
    ours: Callable[[], object],
    *,
    repeat: int = 9,
    warmup: int = 1,
) -> tuple[Timing, Timing, float]:
    """Time ``baseline`` and ``ours`` in alternation; return both and the median of the ratios.

    Each round runs both back to back (garbage collection paused), so a burst of load from
    elsewhere on a shared machine slows both runs of a round rather than all runs of one; the
    ratio is ``baseline time / ours time`` per round, and its median is reported.
    """
    for _ in range(warmup):
        baseline()
        ours()
    base_times, our_times, ratios = [], [], []
    for _ in range(repeat):
        pair = []
        for func in (baseline, ours):
            gc.collect()
            gc.disable()
            try:
                start = time.perf_counter()
                func()
                pair.append(time.perf_counter() - start)
            finally:
                gc.enable()
        base_times.append(pair[0])
        our_times.append(pair[1])
        ratios.append(pair[0] / pair[1])
    base = Timing("baseline", statistics.median(base_times), min(base_times), max(base_times))
    mine = Timing("ours", statistics.median(our_times), min(our_times), max(our_times))
    return base, mine, statistics.median(ratios)


def table(title: str, rows: Sequence[Sequence[object]], headers: Sequence[str]) -> str:
    """A plain-text table (also valid reStructuredText "simple table")."""
    cells = [[str(c) for c in row] for row in rows]
    widths = [max(len(h), *(len(r[i]) for r in cells)) for i, h in enumerate(headers)]
    rule = "  ".join("=" * w for w in widths)
    lines = [title, "", rule, "  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True))]
    lines.append(rule)
    lines += ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) for row in cells]
    lines.append(rule)
    return "\n".join(lines)
