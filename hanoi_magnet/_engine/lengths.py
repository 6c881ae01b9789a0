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
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from hanoi_magnet._factoring import factor_primitive
from hanoi_magnet._linalg import characteristic_polynomial
from hanoi_magnet._polyarith import divide, inverse_mod, mul
from hanoi_magnet.errors import PlanError

if TYPE_CHECKING:
    from hanoi_magnet._engine.table import Table

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
            power = _reduce(mul(power, unit), modulus)
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
        product = _reduce(mul(list(residue), list(numerator)), self.modulus)
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

    __slots__ = ("chunk", "depth", "index", "origin", "parts", "scale", "size", "start", "weights")

    def __init__(
        self,
        tables: Sequence[Table],
        depth: int,
        origin: int,
        start: int,
        parts: Sequence[Part],
        weights: dict[Table, Row],
        scale: int,
        chunk: int,
    ) -> None:
        self.index = {table: i for i, table in enumerate(tables)}
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
            out.extend(_power_of_k(m - self.origin, part.modulus))
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

    def length(self, table: Table, m: int) -> int:
        """The exact length of ``table`` at size m >= :attr:`start`, in O(log m) products."""
        value, remainder = divmod(self.scaled(self.weights[table], self.basis(m)), self.scale)
        if remainder:  # the weights were checked when the system was built
            raise PlanError(f"{table.cls.label}({m}): the closed form is not an integer")
        return value


# --------------------------------------------------------------------------------------------
# Building a system from the tables.


def build(root: Table) -> LengthSystem | None:
    """The length system of ``root``'s closure, or None (a table in it is not fixed)."""
    closure = _closure(root)
    if closure is None:
        return None
    tables, rows, depth, inlined = closure
    size = len(tables) * depth + 1
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
    fractional: dict[Table, list[Fraction]] = {}
    for table in (*tables, *inlined):
        values = [table.length(origin + j) for j in range(degree)]
        row: list[Fraction] = []
        for part, idempotent in zip(parts, idempotents, strict=True):
            for t in range(part.degree):
                shifted = divide([Fraction(0)] * t + idempotent, full)[1]
                row.append(sum((c * values[j] for j, c in enumerate(shifted)), Fraction(0)))
        fractional[table] = row
    scale = math.lcm(*(w.denominator for row in fractional.values() for w in row))
    weights = {t: tuple(int(w * scale) for w in row) for t, row in fractional.items()}
    system = LengthSystem(tables, depth, origin, start, parts, weights, scale, chunk)
    _verify(system, (*tables, *inlined), degree)
    return system


def _closure(
    root: Table,
) -> tuple[list[Table], list[tuple[int, list[tuple[int, int]]]], int, list[Table]] | None:
    """Every table the root reaches, each as (moves, [(table index, size offset)]).

    Same-size sub-solves are inlined into their caller's row; the tables they name are listed
    apart (they get weights too: descents enter them).
    """
    tables: list[Table] = [root]
    index = {root: 0}
    rows: list[tuple[int, list[tuple[int, int]]]] = []
    inlined: list[Table] = []
    depth = 1
    position = 0
    while position < len(tables):
        table = tables[position]
        position += 1
        expanded = _fixed_steps(table, (), inlined)
        if expanded is None:
            return None
        moves, terms = expanded
        row_terms = []
        for child, offset in terms:
            if child not in index:
                index[child] = len(tables)
                tables.append(child)
            row_terms.append((index[child], offset))
            depth = max(depth, -offset)
        rows.append((moves, row_terms))
    return tables, rows, depth, [t for t in dict.fromkeys(inlined) if t not in index]


#: Plans are read at this size to find their size offsets (any size with no empty sub-solve).
_PROBE = 64


def _fixed_steps(
    table: Table, calling: tuple[Table, ...], inlined: list[Table]
) -> tuple[int, list[tuple[Table, int]]] | None:
    """Moves and (table, size offset < 0) terms of a fixed table, same-size sub-solves inlined."""
    if not table.fixed:
        return None
    if table in calling:
        raise PlanError(f"plan {table.cls.label} calls itself at the same size")
    moves, terms = 0, []
    for step in table.resolve(_PROBE):
        if step.table is None:
            moves += 1
            continue
        offset = step.disks - _PROBE
        if offset == 0:
            inlined.append(step.table)
            inner = _fixed_steps(step.table, (*calling, table), inlined)
            if inner is None:
                return None
            moves += inner[0]
            terms.extend(inner[1])
        else:
            terms.append((step.table, offset))
    return moves, terms


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


def _verify(system: LengthSystem, tables: Sequence[Table], degree: int) -> None:
    """The closed form must give the tables' own lengths (a machine check of the algebra)."""
    for table in tables:
        for m in range(system.start, system.start + degree + 2):
            if system.length(table, m) != table.length(m):
                raise PlanError(
                    f"{table.cls.label}({m}): the recurrence read off the plan gives "
                    f"{system.length(table, m)}, the plan {table.length(m)}"
                )


def _reduce(values: list[int], modulus: Sequence[int]) -> list[int]:
    """The remainder of an integer polynomial modulo a monic one."""
    degree = len(modulus) - 1
    values = list(values)
    for top in range(len(values) - 1, degree - 1, -1):
        c = values[top]
        if c:
            values[top] = 0
            for j in range(degree):
                if modulus[j]:
                    values[top - degree + j] -= c * modulus[j]
    return values[:degree]


def _power_of_k(n: int, modulus: Sequence[int]) -> list[int]:
    """K^n modulo a monic integer polynomial, by repeated squaring."""
    degree = len(modulus) - 1
    result = [1] + [0] * (degree - 1)
    if degree == 1:
        return [(-modulus[0]) ** n]
    for bit in bin(n)[2:]:
        result = _reduce(mul(result, result), modulus)
        if bit == "1":
            result = _reduce([0, *result], modulus)
        result += [0] * (degree - len(result))
    return result
