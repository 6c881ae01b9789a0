"""Polynomials with integer coefficients: printing, factoring over the integers, roots.

The characteristic polynomials of recurrence matrices are small (low degree, small
coefficients), so plain exact methods suffice (see ``_factoring``): the rational-root theorem
for the linear factors, then Kronecker's method for the others. Numerical roots are only for
display and ordering; every claim about a root is decided exactly.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction

import attrs

from hanoi_magnet._math.factoring import factor_primitive
from hanoi_magnet._math.polyarith import mul, simple_roots
from hanoi_magnet.errors import InvalidArgumentError
from hanoi_magnet.model import _integer, _is_index

__all__ = ["Factorization", "Polynomial"]


def _coefficients(values: Iterable[object]) -> tuple[int, ...]:
    if isinstance(values, (str, bytes)):
        raise InvalidArgumentError(f"coefficients must be a sequence of integers, got {values!r}")
    out = []
    for index, value in enumerate(values):
        if isinstance(value, bool) or not _is_index(value):
            raise InvalidArgumentError(
                f"coefficient {index} must be an integer, got {type(value).__name__} {value!r}"
            )
        out.append(int(value))  # type: ignore[call-overload]
    while out and out[-1] == 0:
        out.pop()
    return tuple(out)


@attrs.frozen(slots=True)
class Polynomial:
    """A polynomial in K with integer coefficients, the constant term first.

    ``Polynomial((a0, a1, ..., ad))`` is a0 + a1 K + ... + ad K^d; trailing zeros are dropped.

    Example:
        >>> from hanoi_magnet.theory import Polynomial
        >>> cubic = Polynomial((-2, -1, 0, 1))
        >>> print(cubic)
        K^3 - K - 2
        >>> cubic.degree, cubic(2)
        (3, 4)
        >>> print((Polynomial((-3, 1)) * cubic).factor())
        (K - 3)(K^3 - K - 2)
    """

    coefficients: tuple[int, ...] = attrs.field(converter=_coefficients)

    @property
    def degree(self) -> int:
        """The degree (-1 for the zero polynomial)."""
        return len(self.coefficients) - 1

    def __call__(self, x: int | Fraction) -> int | Fraction:
        """The value at ``x``, exactly (Horner's rule)."""
        value: int | Fraction = 0
        for c in reversed(self.coefficients):
            value = value * x + c
        return value

    def __mul__(self, other: Polynomial) -> Polynomial:
        if not isinstance(other, Polynomial):
            return NotImplemented
        return Polynomial(mul(self.coefficients, other.coefficients))

    def __pow__(self, exponent: int) -> Polynomial:
        exponent = _integer(exponent, "an exponent")
        result = Polynomial((1,))
        for _ in range(exponent):
            result = result * self
        return result

    def __str__(self) -> str:
        terms = [(d, c) for d, c in enumerate(self.coefficients) if c][::-1]
        if not terms:
            return "0"
        out: list[str] = []
        for d, c in terms:
            power = "" if d == 0 else "K" if d == 1 else f"K^{d}"
            size = str(abs(c)) if abs(c) != 1 or d == 0 else ""
            sign = ("-" if c < 0 else "") if not out else (" - " if c < 0 else " + ")
            out.append(f"{sign}{size}{power}")
        return "".join(out)

    def factor(self) -> Factorization:
        """The factorisation into irreducible polynomials over the integers.

        Factors are primitive with a positive leading coefficient, largest root (by modulus)
        first; the sign and content go into :attr:`Factorization.unit`.

        The answer is exact. The method suits small polynomials such as the characteristic
        polynomials here (degree about 10, small coefficients): rational roots, then factors
        found from approximate roots and confirmed by exact division, then Kronecker's
        exhaustive search for the degrees a sieve modulo small primes cannot rule out, which
        grows exponentially with the degree.

        Raises:
            InvalidArgumentError: the polynomial is zero.

        Example:
            >>> from hanoi_magnet.theory import Polynomial
            >>> print(Polynomial((0, 0, 6, -6)).factor())
            -6(K - 1) K^2
        """
        if not self.coefficients:
            raise InvalidArgumentError("the zero polynomial has no factorisation")
        unit = math.gcd(*self.coefficients) * (1 if self.coefficients[-1] > 0 else -1)
        rest = [c // unit for c in self.coefficients]
        counts: dict[tuple[int, ...], int] = {}
        zeros = next(i for i, c in enumerate(rest) if c)
        if zeros:
            counts[(0, 1)] = zeros
            rest = rest[zeros:]
        for factor in factor_primitive(rest):
            counts[factor] = counts.get(factor, 0) + 1
        factors = [(Polynomial(f), m) for f, m in counts.items()]
        factors.sort(key=lambda item: _display_key(item[0]))
        return Factorization(unit, tuple(factors))

    def roots(self) -> tuple[complex, ...]:
        """Approximate roots with multiplicity, largest modulus first (for display only).

        Example:
            >>> from hanoi_magnet.theory import Polynomial
            >>> [round(abs(r), 5) for r in Polynomial((-2, -1, 0, 1)).roots()]
            [1.52138, 1.14656, 1.14656]
        """
        found: list[complex] = []
        for factor, multiplicity in self.factor().factors:
            found.extend(simple_roots(factor.coefficients) * multiplicity)
        return tuple(sorted(found, key=lambda z: (-round(abs(z), 9), -z.real, -z.imag)))


@attrs.frozen(slots=True)
class Factorization:
    """A polynomial written as ``unit`` times irreducible factors with multiplicities.

    Attributes:
        unit: the sign times the content (the gcd of the coefficients); 1 for a monic input.
        factors: (irreducible factor, multiplicity) pairs, largest root first.

    Example:
        >>> from hanoi_magnet.theory import Polynomial
        >>> found = Polynomial((0, 1, -2, 1)).factor()
        >>> print(found)
        (K - 1)^2 K
        >>> found.expand() == Polynomial((0, 1, -2, 1))
        True
    """

    unit: int
    factors: tuple[tuple[Polynomial, int], ...]

    def expand(self) -> Polynomial:
        """The product of the factors: the polynomial that was factored."""
        result = Polynomial((self.unit,))
        for factor, multiplicity in self.factors:
            result = result * factor**multiplicity
        return result

    def __str__(self) -> str:
        pieces = []
        for factor, multiplicity in self.factors:
            power = f"^{multiplicity}" if multiplicity > 1 else ""
            bare = factor.coefficients == (0, 1)
            pieces.append((bare, f"K{power}" if bare else f"({factor}){power}"))
        if not pieces:
            return str(self.unit)
        if self.unit == 1 and self.factors[0][1] == 1 and len(pieces) == 1:
            return str(self.factors[0][0])  # irreducible: no parentheses
        text = {1: "", -1: "-"}.get(self.unit, str(self.unit))
        previous_bare = False
        for bare, piece in pieces:
            # A bare power of K is set off by spaces: "(K - 1)^2 K^2", "2 K".
            if text not in ("", "-") and (bare or previous_bare):
                text += " "
            text += piece
            previous_bare = bare
        return text


def _display_key(factor: Polynomial) -> tuple[float, int, tuple[int, ...]]:
    largest = max((abs(z) for z in simple_roots(factor.coefficients)), default=0.0)
    return (-round(largest, 9), factor.degree, factor.coefficients)
