"""Progress of a long search: one event per layer, to a callback or a terminal line."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO, TypeAlias

import attrs

from hanoi_magnet.errors import InvalidArgumentError
from hanoi_magnet.search._exhaustive.budget import human_bytes


@attrs.frozen
class SearchProgress:
    """Where a breadth-first search stands: sent to a ``progress`` callback after every layer.

    Attributes:
        depth: the distance of the layer just found from the start (0: the start itself).
        layer: the number of positions in that layer.
        reached: the number of positions found so far, all layers together.
        elapsed: seconds since the search started.
        memory: the bytes the search holds (for a distributed search, all workers together).
        workers: the number of processes sharing the work (1 unless distributed).
        done: whether the search has finished (the last event, after the last layer).
        searches, sources: for a question about every position
            (:func:`~hanoi_magnet.search.invariants`), the searches finished and to run, one
            from each source; ``reached`` then counts the pairs found, ``depth`` is the largest
            distance so far and ``layer`` 0. Both 0 otherwise.

    On three posts the numpy engine finds every distance at once (no layers): its events come
    every few million positions, with ``depth`` the largest distance found so far and
    ``layer`` 0. A bidirectional search (:func:`~hanoi_magnet.search.distance`) reports the sum of
    its two balls' radii as ``depth``.

    Example:
        >>> from hanoi_magnet import ClassicRules, State
        >>> from hanoi_magnet.search import explore
        >>> events = []
        >>> _ = explore(ClassicRules(4), State.tower(3, posts=4), progress=events.append)
        >>> [(event.depth, event.layer, event.reached) for event in events][:3]
        [(0, 1, 1), (1, 3, 4), (2, 6, 10)]
        >>> events[-1].done, events[-1].reached
        (True, 64)
    """

    depth: int
    layer: int
    reached: int
    elapsed: float
    memory: int
    workers: int = 1
    done: bool = False
    searches: int = 0
    sources: int = 0

    @property
    def rate(self) -> float:
        """Positions found per second so far (0.0 before any time has passed)."""
        return self.reached / self.elapsed if self.elapsed > 0 else 0.0

    def describe(self) -> str:
        """One line: layer, positions, rate, memory.

        Example:
            >>> from hanoi_magnet.search import SearchProgress
            >>> SearchProgress(12, 3_456, 20_000, 0.5, 1 << 20).describe()
            'layer 12: 3,456 positions, 20,000 in all, 40,000 per second, 1 MiB'
            >>> SearchProgress(7, 0, 729, 0.5, 1 << 20, searches=9, sources=27).describe()
            'search 9 of 27: 729 pairs, largest distance 7, 1,458 pairs per second, 1 MiB'
        """
        workers = f" on {self.workers} workers" if self.workers > 1 else ""
        if self.sources:
            return (
                f"search {self.searches:,} of {self.sources:,}: {self.reached:,} pairs, largest "
                f"distance {self.depth:,}, {self.rate:,.0f} pairs per second, "
                f"{human_bytes(self.memory)}"
            )
        return (
            f"layer {self.depth}: {self.layer:,} positions, {self.reached:,} in all, "
            f"{self.rate:,.0f} per second, {human_bytes(self.memory)}{workers}"
        )


ProgressCallback: TypeAlias = Callable[[SearchProgress], object]
#: ``report(depth, layer, reached, memory)``: how the engines tell a :class:`Reporter` a layer
Report: TypeAlias = Callable[[int, int, int, int], None]


class TerminalProgress:
    """Write progress to ``stream``: one rewritten line on a terminal, else a line now and then."""

    INTERVAL = 0.25  # seconds between two updates on a terminal
    LOG_INTERVAL = 10.0  # seconds between two lines elsewhere

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = sys.stderr if stream is None else stream
        try:
            self.terminal = self.stream.isatty()
        except (AttributeError, ValueError, OSError):
            self.terminal = False
        self.last = -float("inf")

    def __call__(self, event: SearchProgress) -> None:
        now = time.monotonic()
        interval = self.INTERVAL if self.terminal else self.LOG_INTERVAL
        if not event.done and now - self.last < interval:
            return
        self.last = now
        text = event.describe() + (" (done)" if event.done else "")
        if self.terminal:
            end = "\n" if event.done else ""
            self.stream.write(f"\r\x1b[2K{text}{end}")
        else:
            self.stream.write(text + "\n")
        self.stream.flush()


class Reporter:
    """Times a search and turns its layers into :class:`SearchProgress` events."""

    def __init__(self, progress: ProgressCallback | bool | None, workers: int = 1) -> None:
        if progress is True:
            progress = TerminalProgress()
        elif progress is False:
            progress = None
        elif progress is not None and not callable(progress):
            raise InvalidArgumentError(
                f"progress must be a callable, True (a terminal line) or None, got {progress!r}"
            )
        self.callback: ProgressCallback | None = progress
        self.workers = workers
        self.started = time.perf_counter()
        self.peak = 0

    @property
    def elapsed(self) -> float:
        """Seconds since the search started."""
        return time.perf_counter() - self.started

    def searched(
        self, searches: int, sources: int, pairs: int, largest: int, memory: int, *, done: bool
    ) -> None:
        """Report the searches from ``searches`` of ``sources`` sources, ``pairs`` found."""
        self.peak = max(self.peak, memory)
        if self.callback is not None:
            self.callback(
                SearchProgress(
                    largest, 0, pairs, self.elapsed, memory, self.workers, done, searches, sources
                )
            )

    def layer(
        self, depth: int, layer: int, reached: int, memory: int, *, done: bool = False
    ) -> None:
        """Report one layer (or the end, ``done``)."""
        self.peak = max(self.peak, memory)
        if self.callback is not None:
            self.callback(
                SearchProgress(depth, layer, reached, self.elapsed, memory, self.workers, done)
            )
