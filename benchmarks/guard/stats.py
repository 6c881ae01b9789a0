"""Paired samples of two trees: medians, the ratio new/old, its noise, and the verdict.

Samples come in rounds: each round times the old tree and the new tree back to back (which
goes first alternates), so a burst of load from elsewhere on a shared machine slows both
samples of a round. The ratio of a round is ``new / old``; a row's ratio is the median of
its rounds' ratios, and its noise is the half-width of a distribution-free 95 % confidence
interval of that median (order statistics of the sorted ratios: no assumption about how the
machine's noise is distributed). A row is flagged when the whole interval lies above the
threshold (10 % slower): slower by more than 10 % beyond its noise.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

#: A row is flagged when its ratio new/old is above this beyond its noise.
THRESHOLD = 1.10
#: The confidence of the interval of the median ratio (its normal quantile, two-sided 95 %).
Z = 1.959964


@dataclass(frozen=True)
class Verdict:
    """What one row's paired samples say."""

    old: float  # median seconds per call
    new: float
    ratio: float  # median of the rounds' new / old
    low: float  # the confidence interval of that median
    high: float
    rounds: int

    @property
    def noise(self) -> float:
        """The interval's half-width, relative to the ratio (0.05: about +-5 %)."""
        return (self.high - self.low) / 2 / self.ratio

    @property
    def slower(self) -> bool:
        """More than :data:`THRESHOLD` slower beyond the noise: the whole interval above it."""
        return self.low > THRESHOLD

    @property
    def faster(self) -> bool:
        """More than 10 % faster beyond the noise (the whole interval below 1 / THRESHOLD)."""
        return self.high < 1 / THRESHOLD

    @property
    def flag(self) -> str:
        """``SLOWER``, ``faster`` or empty."""
        return "SLOWER" if self.slower else "faster" if self.faster else ""


def median_interval(values: Sequence[float]) -> tuple[float, float]:
    """A distribution-free ~95 % confidence interval of the median of ``values``.

    The order statistics of ranks ``j`` and ``n - 1 - j`` (0-based) of the sorted values, with
    ``j = floor((n - Z sqrt(n)) / 2)``: the number of values below the median is binomial
    (n, 1/2), and this is its normal approximation. With few values (n <= 5) it is the whole
    range.
    """
    if not values:
        raise ValueError("no values")
    ordered = sorted(values)
    count = len(ordered)
    j = max(0, math.floor((count - Z * math.sqrt(count)) / 2))
    return ordered[j], ordered[count - 1 - j]


def verdict(old: Sequence[float], new: Sequence[float]) -> Verdict:
    """The verdict of paired samples: ``old[i]`` and ``new[i]`` were taken in the same round."""
    if len(old) != len(new) or not old:
        raise ValueError(f"need as many old samples as new ones, got {len(old)} and {len(new)}")
    if min(old) <= 0 or min(new) <= 0:
        raise ValueError("samples must be positive times")
    ratios = [b / a for a, b in zip(old, new, strict=True)]
    low, high = median_interval(ratios)
    return Verdict(
        old=statistics.median(old),
        new=statistics.median(new),
        ratio=statistics.median(ratios),
        low=low,
        high=high,
        rounds=len(ratios),
    )


def duration(seconds: float) -> str:
    """A time in the unit that suits it: ``812 ns``, ``3.41 µs``, ``27.0 ms``, ``1.65 s``."""
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale:
            value = seconds / scale
            digits = 2 if value < 10 else 1 if value < 100 else 0
            return f"{value:.{digits}f} {unit}"
    return f"{seconds * 1e9:.0f} ns"
