"""Frame–Stewart numbers in closed form: lengths and best splits without the min-recursion.

FS(n, p), the Frame–Stewart number of moves for n disks on p >= 3 pegs, is the minimum over
1 <= k < n of 2 FS(k, p) + FS(n - k, p - 1), with FS(n, 3) = 2^n - 1. Its increments are
powers of two (Klavžar, Milutinović and Petr, "On the Frame–Stewart algorithm for the multi-peg
Tower of Hanoi problem", Discrete Applied Mathematics 120, 2002):

    FS(j, p) - FS(j - 1, p) = 2^t   for  C(t + p - 3, p - 2) < j <= C(t + p - 2, p - 2),

so the increments come in blocks: block t holds C(t + p - 3, p - 3) increments equal to 2^t.
FS(n, p) is then a sum over about n^(1/(p-2)) blocks, and the exponent of one increment is a
binary search over t. Everything here is iterative: no recursion over pegs or disks.
"""

from __future__ import annotations

import functools
import math

__all__ = ["best_split", "frame_stewart_length", "increment_exponent"]


def _block_end(t: int, pegs: int) -> int:
    """C(t + p - 2, p - 2): the last j whose increment is 2^t (0 for t = -1)."""
    return 0 if t < 0 else math.comb(t + pegs - 2, t)


def increment_exponent(j: int, pegs: int) -> int:
    """The t with FS(j, p) - FS(j - 1, p) = 2^t, for j >= 1 and p >= 3.

    The smallest t with C(t + p - 2, p - 2) >= j, found by doubling then bisection.

    Example:
        >>> [increment_exponent(j, 4) for j in range(1, 11)]
        [0, 1, 1, 2, 2, 2, 3, 3, 3, 3]
    """
    if pegs == 3:
        return j - 1
    high = 1
    while _block_end(high, pegs) < j:
        high *= 2
    low = 0
    while low < high:  # invariant: the answer is in low..high
        middle = (low + high) // 2
        if _block_end(middle, pegs) >= j:
            high = middle
        else:
            low = middle + 1
    return low


def frame_stewart_length(n: int, pegs: int) -> int:
    """FS(n, p): the Frame–Stewart number of moves for n >= 0 disks on p >= 3 pegs.

    Example:
        >>> [frame_stewart_length(n, 4) for n in range(9)]
        [0, 1, 3, 5, 9, 13, 17, 25, 33]
    """
    if pegs == 3:
        return (1 << n) - 1
    total, t, done = 0, 0, 0
    while done < n:  # whole blocks of 2^t, then part of the last one
        end = min(_block_end(t, pegs), n)
        total += (end - done) << t
        done, t = end, t + 1
    return total


@functools.lru_cache(maxsize=1 << 14)
def best_split(n: int, pegs: int) -> int:
    """The largest k in 1..n-1 minimising 2 FS(k, p) + FS(n - k, p - 1), for n >= 2, p >= 4.

    With f(k) = 2 FS(k, p) + FS(n - k, p - 1), the difference f(k) - f(k - 1) is
    2 Delta_p(k) - Delta_{p-1}(n - k + 1), which does not decrease with k (both increments are
    monotone). So the largest minimiser is the largest k whose difference is <= 0 (or 1 when
    none is): a binary search that compares exponents of two only.

    Example:
        >>> [best_split(n, 4) for n in range(2, 11)]
        [1, 1, 2, 3, 3, 4, 5, 6, 6]
    """

    def not_rising(k: int) -> bool:  # f(k) <= f(k - 1)
        return increment_exponent(k, pegs) + 1 <= increment_exponent(n - k + 1, pegs - 1)

    low, high = 1, n - 1  # invariant: the answer is in low..high
    while low < high:
        middle = (low + high + 1) // 2
        if not_rising(middle):
            low = middle
        else:
            high = middle - 1
    return low
