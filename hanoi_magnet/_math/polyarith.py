"""Exact arithmetic on polynomial coefficient lists (constant term first), and root tools.

Coefficients are ints or Fractions; lists are kept trimmed (no trailing zeros). Real roots are
counted exactly (Sturm sequences); approximate complex roots are for display and ordering only.
"""

from __future__ import annotations

import cmath
import itertools
import math
from collections.abc import Sequence
from fractions import Fraction
from typing import TypeVar

Coefficients = Sequence[int | Fraction]
Number = TypeVar("Number", int, Fraction)


def mul(a: Sequence[Number], b: Sequence[Number]) -> list[Number]:
    if not a or not b:
        return []
    out = [a[0] * 0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def divide(a: Coefficients, b: Coefficients) -> tuple[list[Fraction], list[Fraction]]:
    """Quotient and remainder of a / b over the rationals (b nonzero, trimmed)."""
    remainder = [Fraction(c) for c in a]
    lead = Fraction(b[-1])
    quotient = [Fraction(0)] * max(len(a) - len(b) + 1, 0)
    for shift in range(len(a) - len(b), -1, -1):
        q = remainder[shift + len(b) - 1] / lead
        quotient[shift] = q
        if q:
            for j, c in enumerate(b):
                remainder[shift + j] -= q * Fraction(c)
    return quotient, trimmed(remainder[: len(b) - 1])


def trimmed(values: list[Fraction]) -> list[Fraction]:
    while values and values[-1] == 0:
        values.pop()
    return values


def exact_quotient(a: Sequence[int], b: Sequence[int]) -> list[int] | None:
    """The quotient a / b if b divides a over the integers, else None."""
    quotient, remainder = divide(a, b)
    if remainder or any(q.denominator != 1 for q in quotient):
        return None
    return [int(q) for q in quotient]


def divisors(value: int) -> list[int]:
    value = abs(value)
    small = [d for d in range(1, math.isqrt(value) + 1) if value % d == 0]
    return sorted({*small, *(value // d for d in small)})


def real_roots_above(f: Sequence[int], bound: Fraction) -> int:
    """How many distinct real roots of f lie above ``bound`` (Sturm's theorem, exact).

    ``bound`` must not be a root of f.
    """
    chain: list[list[Fraction]] = [
        [Fraction(c) for c in f],
        [Fraction(k * c) for k, c in enumerate(f)][1:],
    ]
    while chain[-1] and len(chain[-1]) > 1:
        _, remainder = divide(chain[-2], chain[-1])
        if not remainder:
            break
        chain.append([-c for c in remainder])

    def changes(signs: list[int]) -> int:
        signs = [s for s in signs if s]
        return sum(a != b for a, b in itertools.pairwise(signs))

    at_bound = [_sign(sum(c * bound**k for k, c in enumerate(p))) for p in chain]
    at_infinity = [_sign(p[-1]) for p in chain if p]
    return changes(at_bound) - changes(at_infinity)


def _sign(value: Fraction | int) -> int:
    return (value > 0) - (value < 0)


def simple_roots(f: Sequence[int]) -> list[complex]:
    """Roots of a square-free polynomial, approximately (Durand–Kerner iteration)."""
    degree = len(f) - 1
    if degree < 1:
        return []
    if degree == 1:
        return [complex(-f[0] / f[1])]
    monic = [c / f[-1] for c in f]
    radius = 1 + max(abs(c) for c in monic[:-1])
    roots = [radius * cmath.exp(2j * math.pi * (k + 0.25) / degree) for k in range(degree)]

    def value(z: complex) -> complex:
        total = 0j
        for c in reversed(monic):
            total = total * z + c
        return total

    for _ in range(500):
        moved = 0.0
        for i, z in enumerate(roots):
            denominator = math.prod((z - w for j, w in enumerate(roots) if j != i), start=1 + 0j)
            if denominator == 0:
                denominator = 1e-12 + 0j
            step = value(z) / denominator
            roots[i] = z - step
            moved = max(moved, abs(step))
        if moved < 1e-15 * radius:
            break
    return [complex(round(z.real, 12), round(z.imag, 12)) for z in roots]


def inverse_mod(a: Coefficients, modulus: Coefficients) -> list[Fraction]:
    """The inverse of a modulo ``modulus`` over the rationals (they must be coprime)."""
    old_r, r = [Fraction(c) for c in modulus], divide(a, modulus)[1]
    old_s: list[Fraction] = []
    s = [Fraction(1)]
    while r:
        quotient, remainder = divide(old_r, r)
        old_r, r = r, remainder
        product = mul(quotient, s)
        width = max(len(old_s), len(product))
        padded = old_s + [Fraction(0)] * (width - len(old_s))
        product = product + [Fraction(0)] * (width - len(product))
        old_s, s = s, trimmed([x - y for x, y in zip(padded, product, strict=True)])
    if len(old_r) != 1:
        raise ArithmeticError("the polynomials are not coprime")
    return [c / old_r[0] for c in old_s]


def gcd(a: Coefficients, b: Coefficients) -> list[Fraction]:
    """The monic greatest common divisor of a and b over the rationals (Euclid)."""
    x, y = trimmed([Fraction(c) for c in a]), trimmed([Fraction(c) for c in b])
    while y:
        x, y = y, divide(x, y)[1]
    return [c / x[-1] for c in x] if x else []


def primitive(values: Sequence[Fraction]) -> list[int]:
    """The integer multiple of values with coprime coefficients and a positive leading one."""
    scale = math.lcm(*(v.denominator for v in values))
    integers = [int(v * scale) for v in values]
    content = math.gcd(*integers) * (1 if integers[-1] > 0 else -1)
    return [c // content for c in integers]


def reduce_mod(values: Sequence[int], modulus: Sequence[int]) -> list[int]:
    """The remainder of an integer polynomial (lowest coefficient first) modulo a monic one.

    Example:
        >>> reduce_mod([0, 0, 1], [-1, 0, 1])  # K^2 mod K^2 - 1
        [1, 0]
    """
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


def power_of_k(n: int, modulus: Sequence[int]) -> list[int]:
    """K^n modulo a monic integer polynomial, by repeated squaring (``degree`` coefficients).

    Example:
        >>> power_of_k(5, [-2, 1])  # K^5 mod K - 2
        [32]
        >>> power_of_k(3, [-1, -1, 1])  # K^3 mod K^2 - K - 1: 2K + 1
        [1, 2]
    """
    degree = len(modulus) - 1
    if degree == 1:
        return [(-modulus[0]) ** n]
    if all(c == 0 for c in modulus[:-1]):  # K^degree: nothing is left once n >= degree
        return [0] * degree if n >= degree else [int(i == n) for i in range(degree)]
    result = [1]
    for bit in bin(n)[2:]:
        result = reduce_mod(mul(result, result), modulus)
        if bit == "1":
            result = reduce_mod([0, *result], modulus)
    return result + [0] * (degree - len(result))
