"""Exact lengths at any size without a memo: the plan's recurrence, stepped in closed form.

A *fixed* plan table (the same steps for every n, sub-solves of n + j disks with small j <= 0)
makes its lengths, with those of every table it reaches (its *closure*), a linear recurrence:
X(m) = M X(m - 1) for the vector X of the closure's lengths at the last d sizes and a constant
1 (Lunnon's matrix method, mechanical). By Cayley–Hamilton each length is a linear functional
of K^(m - m0) modulo the characteristic polynomial p of M. Split p = K^e q_1 ... q_r into
coprime parts; for m >= m0 + e the nilpotent part K^e contributes nothing and, by the Chinese
remainder theorem,

    D * S_T(m) = sum_i < w_(T,i), K^(m - m0) mod q_i >,

integer weights w and one common denominator D. The residues r_i(m) = K^(m - m0) mod q_i are
the *basis* of size m. Going up one size multiplies each residue by K (a companion step with
small integers); going down W sizes multiplies by K^-W = h(K) / q(0)^W mod q, with W chosen so
that q(0)^W is one machine digit or a power of two (then the division is a shift). So a
descent gets the lengths of every level it visits, from the top down, holding only a few
numbers: O(n) memory, O(1) big-integer steps per level.

For the free magnetic puzzle p = (K - 3)(K^3 - K - 2)(K - 1)^2 K^2: the basis is 3^m, three
residues modulo the cubic (0.6 m bits each) and two small ones.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction

from hanoi_magnet._math.factoring import factor_primitive
from hanoi_magnet._math.linalg import characteristic_polynomial
from hanoi_magnet._math.polyarith import divide, inverse_mod, mul, power_of_k, reduce_mod
from hanoi_magnet.errors import PlanError

#: A denominator q(0)^W of the downward step must stay below this (one CPython digit), unless
#: it is a power of two.
_DIGIT = 1 << 30
#: At most this many sizes per downward step (bounds the coefficients a descent accumulates).
MAX_CHUNK = 24
#: Characteristic polynomials up to this degree are factored; larger ones are split only
#: into their K^e part and the rest (correct, with a smaller downward step).
_FACTOR_DEGREE = 24

Basis = tuple[int, ...]
Row = tuple[int, ...]


class Part:
    """One coprime factor q of the characteristic polynomial (monic, q(0) != 0)."""

    __slots__ = ("back", "degree", "modulus", "offset")

    def __init__(self, modulus: tuple[int, ...], offset: int, chunk: int) -> None:
        self.modulus = modulus  # coefficients, constant first, leading 1
        self.degree = len(modulus) - 1
        self.offset = offset  # where its residue starts in the concatenated basis
        # K^-1 = -(q_1 + q_2 K + ... + K^(d-1)) / q_0; back[j] = (numerator of K^-j, q_0^j)
        unit = [-c for c in modulus[1:]]
        denominator = modulus[0]
        if denominator < 0:
            unit, denominator = [-c for c in unit], -denominator
        self.back: list[tuple[tuple[int, ...], int]] = [((1,), 1)]
        power: list[int] = [1]
        for j in range(1, chunk + 1):
            power = reduce_mod(mul(power, unit), modulus)
            self.back.append((tuple(power), denominator**j))

    def up(self, residue: Sequence[int]) -> list[int]:
        """K times a residue, modulo q."""
        q = self.modulus
        top = residue[-1]
        out = [-q[0] * top]
        out.extend(residue[j - 1] - q[j] * top for j in range(1, self.degree))
        return out

    def down(self, residue: Sequence[int], steps: int) -> list[int]:
        """K^-steps times a residue, modulo q (exact: the residue is K^m mod q, m >= steps)."""
        numerator, denominator = self.back[steps]
        product = reduce_mod(mul(list(residue), list(numerator)), self.modulus)
        product += [0] * (self.degree - len(product))
        if denominator == 1:
            return product
        if denominator & (denominator - 1) == 0:
            shift = denominator.bit_length() - 1
            return [c >> shift for c in product]
        return [c // denominator for c in product]

    def row_up(self, row: Sequence[int]) -> list[int]:
        """The row a C of this block: <a, C r> = <a C, r> for the companion step C."""
        q = self.modulus
        out = list(row[1:])
        out.append(-sum(a * c for a, c in zip(row, q, strict=False) if a))
        return out


class LengthSystem:
    """The lengths of a closure of fixed plan tables, as linear forms on a stepped basis.

    ``weights[table]`` is the integer row w with D * length(table, m) = <w, basis(m)> for
    m >= :attr:`start`; ``basis(m + 1) = up(basis(m))``.
    """

    __slots__ = ("chunk", "depth", "origin", "parts", "scale", "size", "start", "weights")

    def __init__(
        self,
        depth: int,
        origin: int,
        start: int,
        parts: Sequence[Part],
        weights: dict[Hashable, Row],
        scale: int,
        chunk: int,
    ) -> None:
        self.depth = depth  # sub-solves have n - depth .. n disks
        self.origin = origin  # basis(m) = K^(m - origin) mod each part
        self.start = start  # the closed form holds from this size on
        self.parts = tuple(parts)
        self.size = sum(part.degree for part in parts)
        self.weights = weights
        self.scale = scale  # D
        self.chunk = chunk  # W: sizes per downward step

    # -- the basis ------------------------------------------------------------------------------

    def basis(self, m: int) -> Basis:
        """The basis at size m (m >= origin), by repeated squaring: O(log m) products."""
        out: list[int] = []
        for part in self.parts:
            out.extend(power_of_k(m - self.origin, part.modulus))
        return tuple(out)

    def up(self, basis: Basis) -> Basis:
        """The basis one size up."""
        out: list[int] = []
        for part in self.parts:
            out.extend(part.up(basis[part.offset : part.offset + part.degree]))
        return tuple(out)

    def down(self, basis: Basis, steps: int) -> Basis:
        """The basis ``steps`` sizes down (1 <= steps <= :attr:`chunk`)."""
        out: list[int] = []
        for part in self.parts:
            out.extend(part.down(basis[part.offset : part.offset + part.degree], steps))
        return tuple(out)

    def row_up(self, row: Row) -> Row:
        """The row r' with <r', b> = <row, up(b)> (a length one size up, on this basis)."""
        out: list[int] = []
        for part in self.parts:
            out.extend(part.row_up(row[part.offset : part.offset + part.degree]))
        return tuple(out)

    def row_power(self, row: Row, steps: int) -> Row:
        """The row for a quantity ``steps`` sizes above the basis it is evaluated on."""
        for _ in range(steps):
            row = self.row_up(row)
        return row

    # -- lengths --------------------------------------------------------------------------------

    def scaled(self, row: Row, basis: Basis) -> int:
        """<row, basis>: D times a length (or a sum of lengths)."""
        return sum(a * b for a, b in zip(row, basis, strict=True) if a)

    def length(self, key: Hashable, m: int) -> int:
        """The exact length of a table at size m >= :attr:`start`, in O(log m) products."""
        value, remainder = divmod(self.scaled(self.weights[key], self.basis(m)), self.scale)
        if remainder:  # the weights were checked when the system was built
            raise PlanError(f"the closed form of a plan's length is not an integer at size {m}")
        return value


# --------------------------------------------------------------------------------------------
# Building a system from the tables.


def make_system(
    rows: Sequence[tuple[int, Sequence[tuple[int, int]]]],
    depth: int,
    keys: Sequence[Hashable],
    values: Callable[[Hashable, int], int],
) -> LengthSystem:
    """The system of a closure of fixed plans.

    Args:
        rows: per table of the closure (same-size sub-solves inlined): its moves, and
            (index of a table in ``rows``, size offset < 0) for each sub-solve.
        depth: the largest size offset (sub-solves have m - depth .. m - 1 disks).
        keys: what to give weights to: the tables of ``rows`` in order, then any others
            whose lengths are sums of theirs (tables named by same-size sub-solves).
        values: the exact length of a key at a small size (the plan's own sums).
    """
    size = len(rows) * depth + 1
    matrix = [[0] * size for _ in range(size)]
    for t, (moves, terms) in enumerate(rows):
        # X(m)[t, lag] = S_t(m - lag); the last entry is the constant 1.
        matrix[t * depth][size - 1] = moves
        for u, offset in terms:
            matrix[t * depth][u * depth + (-offset - 1)] += 1
        for lag in range(1, depth):
            matrix[t * depth + lag][t * depth + lag - 1] = 1
    matrix[size - 1][size - 1] = 1
    polynomial = characteristic_polynomial(matrix)
    zeros = next(i for i, c in enumerate(polynomial) if c)
    rest = polynomial[zeros:]
    moduli = _coprime_parts(rest)
    # Sizes from origin on obey X(m) = M X(m - 1); deeper sizes need n - depth >= 0 disks.
    origin = depth + 2
    start = origin + zeros
    chunk = _chunk(moduli)
    parts, offset = [], 0
    for modulus in moduli:
        parts.append(Part(modulus, offset, chunk))
        offset += len(modulus) - 1
    degree = len(polynomial) - 1
    full = [Fraction(c) for c in polynomial]
    pieces = [((0,) * zeros + (1,)) if zeros else None, *moduli]
    idempotents = _idempotents(full, [p for p in pieces if p is not None])
    if zeros:
        idempotents = idempotents[1:]  # the K^e part vanishes from size `start` on
    fractional: dict[Hashable, list[Fraction]] = {}
    for key in keys:
        known = [values(key, origin + j) for j in range(degree)]
        row: list[Fraction] = []
        for part, idempotent in zip(parts, idempotents, strict=True):
            for t in range(part.degree):
                shifted = divide([Fraction(0)] * t + idempotent, full)[1]
                row.append(sum((c * known[j] for j, c in enumerate(shifted)), Fraction(0)))
        fractional[key] = row
    scale = math.lcm(*(w.denominator for row in fractional.values() for w in row))
    weights = {t: tuple(int(w * scale) for w in row) for t, row in fractional.items()}
    system = LengthSystem(depth, origin, start, parts, weights, scale, chunk)
    for key in keys:  # the closed form must give the plan's own lengths
        for m in range(start, start + degree + 2):
            if system.length(key, m) != values(key, m):
                raise PlanError(
                    f"the recurrence read off a plan gives {system.length(key, m)} moves at "
                    f"size {m}, the plan {values(key, m)}"
                )
    return system


def _coprime_parts(rest: list[int]) -> list[tuple[int, ...]]:
    """The factor powers of a monic polynomial with a nonzero constant term."""
    if len(rest) == 1:
        return []
    if len(rest) - 1 > _FACTOR_DEGREE:
        return [tuple(rest)]
    counts: dict[tuple[int, ...], int] = {}
    for factor in factor_primitive(list(rest)):
        counts[factor] = counts.get(factor, 0) + 1
    parts = []
    for factor, multiplicity in counts.items():
        power: list[int] = [1]
        for _ in range(multiplicity):
            power = mul(power, list(factor))
        if power[-1] < 0:
            power = [-c for c in power]
        parts.append(tuple(power))
    return parts


def _chunk(moduli: Sequence[tuple[int, ...]]) -> int:
    """The sizes a downward step may span: q(0)^W must be one digit (or a power of two)."""
    chunk = MAX_CHUNK
    for modulus in moduli:
        constant = abs(modulus[0])
        if constant & (constant - 1) == 0:
            continue
        chunk = min(chunk, max(1, int(math.log(_DIGIT) / math.log(constant))))
        while constant**chunk >= _DIGIT and chunk > 1:
            chunk -= 1
    return chunk


def _idempotents(
    polynomial: list[Fraction], pieces: Sequence[tuple[int, ...]]
) -> list[list[Fraction]]:
    """E_i with E_i = 1 modulo piece i and 0 modulo the others (Chinese remainders)."""
    out = []
    for piece in pieces:
        others = divide(polynomial, list(piece))[0]
        unit = divide(mul(others, inverse_mod(others, list(piece))), polynomial)[1]
        out.append(unit)
    return out
