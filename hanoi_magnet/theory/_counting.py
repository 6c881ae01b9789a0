"""Exact move counts without building a solution, fast for huge n.

Where a variant's plan implies a fixed recurrence (every built-in except Frame–Stewart), S(n) is
a linear recurrence sequence whose characteristic polynomial p factors over the integers as
p = g_1 ... g_r (g_i = f_i^(e_i), pairwise coprime). Then K^n mod p is fixed by the residues
K^n mod g_i (Chinese remainder theorem), and S(n) is a fixed rational combination of the
coefficients of those residues. For the free puzzle the residues are 3^n, a power of K modulo
the cubic K^3 - K - 2 (numbers of 0.6 n bits rather than 1.6 n), and small polynomials in n,
so n = 100,000 costs a few big-integer products instead of 100,000 vector updates.
"""

from __future__ import annotations

import math
import operator
from fractions import Fraction

import attrs

from hanoi_magnet._math import linalg as _linalg
from hanoi_magnet._math.polyarith import divide, inverse_mod, mul, power_of_k
from hanoi_magnet._text import shown
from hanoi_magnet.errors import (
    InvalidArgumentError,
    NoRecurrenceError,
    TooLargeError,
    UnsolvableError,
)
from hanoi_magnet.model import _disk_count, _grouped, _is_index
from hanoi_magnet.plans import PlanSolver
from hanoi_magnet.registry import default_registry, solve
from hanoi_magnet.theory._matrices import _system
from hanoi_magnet.theory._recurrences import _per_class, _plan_solver

__all__ = ["count", "per_disk"]

#: Counts up to this n come from a table built once by the recurrence itself.
_TABLE_SIZE = 64
# count refuses answers estimated at more bits than this (2^23 bits: about 2.5 million decimal
# digits, computed in seconds; the time grows faster than the size).
_MAX_COUNT_BITS = 1 << 23
# per_disk refuses when its counts together are estimated at more bits than this (64 MiB).
_MAX_PER_DISK_BITS = 1 << 29


def count(label: str, n: int) -> int:
    """The number of moves of the optimal solution of ``label`` with ``n`` disks, exactly.

    The same as ``solve(label, n).length``, without a solution object; for variants with a
    fixed recurrence it takes O(log n) big-integer products, so n may exceed
    :data:`~hanoi_magnet.model.MAX_DISKS` — up to an answer of 2^23 bits (about 2.5 million decimal
    digits, NNN with about 5.3 million disks): a larger one is refused at once, with an
    estimate of its size, rather than computed for hours.

    Raises:
        UnknownVariantError: no solver for ``label``.
        UnsolvableError: the variant has no solution (n >= 1).
        InvalidArgumentError: ``n`` is not an integer >= 0 (or, for a variant without a fixed
            recurrence, larger than :data:`~hanoi_magnet.model.MAX_DISKS`).
        TooLargeError: the answer would exceed 2^23 bits.

    Example:
        >>> from hanoi_magnet.theory import count
        >>> count("NNN", 3), count("classic", 64) == 2**64 - 1
        (11, True)
        >>> count("NNN", 100_000).bit_length()
        158495
    """
    if isinstance(n, bool) or not _is_index(n) or operator.index(n) < 0:
        raise InvalidArgumentError(
            f"n must be an integer >= 0 (the number of disks), got {type(n).__name__} {shown(n)}"
        )
    n = operator.index(n)
    cls = default_registry.get(label)
    if issubclass(cls, PlanSolver):
        if not cls.solvable:
            if n == 0:
                return 0
            cls.steps(n)  # raises UnsolvableError with the reason
        counter = _counter(cls)
        if counter is not None:
            _refuse_beyond(counter.bits(n), _MAX_COUNT_BITS, f"count({cls.label!r}, {_grouped(n)})")
            return counter.at(n)
    return solve(label, n).length


def per_disk(label: str, n: int) -> tuple[int, ...]:
    """How often each disk moves, indexed by size - 1 (smallest first), as ``Solution.per_disk``.

    The literature counts from the largest disk: its P(k) is ``per_disk(label, n)[n - k]``.

    The counts of a variant with a fixed recurrence grow geometrically from the largest disk to
    the smallest, so together they take O(n^2) bits: more than 2^29 bits (64 MiB; NNN with
    about 26,000 disks) are refused at once, with an estimate.

    Raises:
        UnknownVariantError: no solver for ``label``.
        UnsolvableError: the variant has no solution (n >= 1).
        InvalidArgumentError: ``n`` is not an integer from 0 to
            :data:`~hanoi_magnet.model.MAX_DISKS`.
        TooLargeError: the counts would exceed 2^29 bits together.

    Example:
        >>> from hanoi_magnet.theory import per_disk
        >>> per_disk("RRB", 4), per_disk("NNN", 4)
        ((27, 9, 3, 1), (19, 7, 3, 1))
    """
    n = _disk_count(n)
    try:
        cls = _plan_solver(label)
        system = _system(cls)
    except (NoRecurrenceError, UnsolvableError):
        return solve(label, n).per_disk
    counter = _counter(cls)
    assert counter is not None  # it has a system
    # P(k) ~ c λ^(k - 1): k log2 λ bits for the k-th disk from the largest, summed.
    total = counter.growth * n * (n - 1) / 2 + n
    _refuse_beyond(total, _MAX_PER_DISK_BITS, f"per_disk({cls.label!r}, {n:,})")
    counts = []
    current = list(system.moves)
    for _ in range(n):
        counts.append(current[0])
        current = _linalg.apply(system.sub_matrix, current)
    return tuple(reversed(counts))


def _fast_length(cls: type[PlanSolver], n: int) -> int | None:
    """S(n) for a plan class by its recurrence, or None when it has no fixed recurrence."""
    counter = _counter(cls)
    if counter is None:
        return None
    return counter.at(n)


def _refuse_beyond(bits: float, limit: int, what: str) -> None:
    """Refuse at once an answer estimated at more than ``limit`` bits, saying how large."""
    if bits > limit:
        digits = bits * math.log10(2)
        size = (
            "more digits than a float can count"
            if math.isinf(bits)
            else f"about {digits:.3g} decimal digits ({bits:.3g} bits, {bits / 8 / 2**20:.3g} MiB)"
        )
        raise TooLargeError(f"{what} would have {size}; the limit is {limit:,} bits")


@_per_class
def _counter(cls: type[PlanSolver]) -> _Counter | None:
    try:
        system = _system(cls)
    except (NoRecurrenceError, UnsolvableError):
        return None
    size = len(system.matrix)
    table, current = [], [0] * (size - 1) + [1]
    for _ in range(max(_TABLE_SIZE, size)):
        table.append(current[0])
        current = _linalg.apply(system.matrix, current)
    modulus = list(system.polynomial.coefficients)
    parts = []
    for factor, multiplicity in system.polynomial.factor().factors:
        part = (factor**multiplicity).coefficients
        others = divide(modulus, part)[0]
        # E = others * (others^-1 mod part) is 1 modulo part and 0 modulo the other parts.
        idempotent = divide(mul(others, inverse_mod(others, part)), modulus)[1]
        weights = []
        for t in range(len(part) - 1):
            # The value of the sequence "functional" on K^t E mod p: sum_j c_j S(j).
            shifted = divide([Fraction(0)] * t + idempotent, modulus)[1]
            weights.append(sum((c * table[j] for j, c in enumerate(shifted)), Fraction(0)))
        parts.append((part, weights))
    denominator = math.lcm(*(w.denominator for _, ws in parts for w in ws))
    integer_parts = tuple((part, tuple(int(w * denominator) for w in ws)) for part, ws in parts)
    return _Counter(tuple(table), integer_parts, denominator)


@attrs.frozen
class _Counter:
    """S(n) by the recurrence: a table for small n, then K^n modulo each factor (see above).

    For n beyond a small table, :meth:`at` takes O(log n) products of numbers with up to
    n log2(λ) bits; it does not touch the engine's memo of lengths (which keeps every level).
    """

    table: tuple[int, ...]
    parts: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    denominator: int

    @property
    def growth(self) -> float:
        """log2 of the dominant root λ, from the last two counts of the table."""
        last, before = self.table[-1], self.table[-2]
        return math.log2(last) - math.log2(before)

    def bits(self, n: int) -> float:
        """An estimate of S(n).bit_length(), without computing S(n)."""
        last = len(self.table) - 1
        if n <= last:
            return float(self.table[n].bit_length())
        if n.bit_length() > 1000:  # beyond floats: certainly beyond any limit
            return math.inf
        return self.table[-1].bit_length() + (n - last) * self.growth

    def at(self, n: int) -> int:
        if n < len(self.table):
            return self.table[n]
        total = 0
        for part, weights in self.parts:
            residue = power_of_k(n, part)
            total += sum(r * w for r, w in zip(residue, weights, strict=True) if r and w)
        result, remainder = divmod(total, self.denominator)
        if remainder:
            raise ArithmeticError(f"count: {total} is not a multiple of {self.denominator}")
        return result
