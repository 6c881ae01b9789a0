"""Factoring integer polynomials over the integers, exactly, for small degrees.

Linear factors come from the rational-root theorem. The rest uses Kronecker's method: a factor
g of degree e is fixed by its values at e + 1 integer points, and each value g(x) divides f(x).
The search walks those values depth first in Newton form: the divided differences of an
integer polynomial at integer points are integers, which prunes most branches early, and the
last Newton coefficient is the leading coefficient of g, a divisor of f's leading coefficient.
Candidates are checked at spare points before the exact division decides. Before that
exhaustive search, grouping approximate roots (and rounding the product) finds the factors that
do exist quickly; such a candidate counts only once the exact division confirms it.

Degrees that no factor can have are skipped: modulo a prime p (not dividing the leading
coefficient, f square-free mod p) every factor over the integers is a product of irreducible
factors mod p, so its degree is a sum of some of their degrees (distinct-degree
factorisation over GF(p)). A few primes usually leave only the degrees of true factors.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from fractions import Fraction

from hanoi_magnet._math.polyarith import (
    divide,
    divisors,
    exact_quotient,
    gcd,
    primitive,
    simple_roots,
)

#: Spare evaluation points a candidate must pass before the exact division.
_SPARE_POINTS = 3
#: Approximate roots with a smaller imaginary part count as real.
_IMAGINARY = 1e-7


def factor_primitive(f: list[int]) -> list[tuple[int, ...]]:
    """The irreducible factors (with repetition) of a primitive f with f(0) != 0."""
    rest = list(f)
    found = _linear_factors(rest)
    return found + _kronecker_factors(rest)


def _linear_factors(f: list[int]) -> list[tuple[int, ...]]:
    """Remove the rational roots of f (in place) by the rational-root theorem."""
    found: list[tuple[int, ...]] = []
    for q in divisors(f[-1]):
        for p in divisors(f[0]):
            for root in (Fraction(p, q), Fraction(-p, q)):
                if root.denominator != q:
                    continue  # p/q not in lowest terms: already tried
                factor = [-root.numerator, root.denominator]
                while len(f) > 1 and (quotient := exact_quotient(f, factor)) is not None:
                    found.append(tuple(factor))
                    f[:] = quotient
    return found


def _kronecker_factors(f: list[int]) -> list[tuple[int, ...]]:
    """Irreducible factors of f, which has no rational roots."""
    degree = len(f) - 1
    if degree < 1:
        return []
    if degree <= 3:  # without a linear factor, a factor must have degree >= 2: none fits
        return [tuple(f)]
    square_free = _square_free_part(f)
    allowed = _possible_degrees(square_free)
    roots = simple_roots(square_free)
    sizes = [size for size in range(2, degree // 2 + 1) if size in allowed]
    # Cheap first: factors found from approximate roots; then the exhaustive search, which
    # (on the smaller pieces left after splitting) mostly has nothing left to rule out.
    candidates = itertools.chain(
        (_factor_from_roots(f, size, roots) for size in sizes),
        (_factor_of_degree(f, size) for size in sizes),
    )
    factor = next((g for g in candidates if g is not None), None)
    if factor is None:
        return [tuple(f)]
    cofactor = exact_quotient(f, factor)
    assert cofactor is not None
    return _kronecker_factors(factor) + _kronecker_factors(cofactor)


def _square_free_part(f: list[int]) -> list[int]:
    """The product of the distinct irreducible factors of f: f / gcd(f, f')."""
    common = gcd(f, [k * c for k, c in enumerate(f)][1:])
    return primitive(divide(f, common)[0]) if len(common) > 1 else f


def _factor_from_roots(f: list[int], size: int, roots: list[complex]) -> list[int] | None:
    """A factor of degree ``size`` found by grouping approximate roots, verified exactly.

    A quick way to find the factors that exist; finding none proves nothing.
    """
    real = [z.real for z in roots if abs(z.imag) < _IMAGINARY]
    upper = [z for z in roots if z.imag >= _IMAGINARY]  # one root of each conjugate pair
    leads = divisors(f[-1])
    for pairs in range(min(size // 2, len(upper)) + 1):
        if size - 2 * pairs > len(real):
            continue
        for chosen_real in itertools.combinations(real, size - 2 * pairs):
            for chosen_pairs in itertools.combinations(upper, pairs):
                monic = [1.0]
                for r in chosen_real:
                    monic = _times_linear(monic, -r)
                for z in chosen_pairs:  # (x - z)(x - conj z) = x^2 - 2 Re z x + |z|^2
                    monic = _times_quadratic(monic, -2 * z.real, abs(z) ** 2)
                for lead in leads:
                    candidate = [round(lead * c) for c in monic]
                    error = max(abs(lead * c - r) for c, r in zip(monic, candidate, strict=True))
                    if error < 1e-6 and exact_quotient(f, candidate) is not None:
                        return candidate
    return None


def _times_linear(values: list[float], c: float) -> list[float]:
    """Values * (x + c)."""
    return [a + c * b for a, b in zip([0.0, *values], [*values, 0.0], strict=True)]


def _times_quadratic(values: list[float], b: float, c: float) -> list[float]:
    """Values * (x^2 + b x + c)."""
    out = [0.0] * (len(values) + 2)
    for i, v in enumerate(values):
        out[i] += c * v
        out[i + 1] += b * v
        out[i + 2] += v
    return out


def _factor_of_degree(f: list[int], size: int) -> list[int] | None:
    """A factor of f of degree ``size``, or None if there is none (exhaustive)."""
    points = _points(f, size + 1 + _SPARE_POINTS)
    nodes = [x for x, _ in points[:size]]
    leads = [s * d for d in divisors(f[-1]) for s in (1, -1)]

    def finish(newton: list[int]) -> list[int] | None:
        for lead in leads:
            g = _from_newton(nodes, [*newton, lead])
            if all(value % _evaluate(g, x) == 0 for x, value in points[size:] if _evaluate(g, x)):
                if any(_evaluate(g, x) == 0 for x, _ in points[size:]):
                    continue  # g(x) = 0 would make x a root of f, which has none
                if exact_quotient(f, g) is not None:
                    return g if g[-1] > 0 else [-c for c in g]
        return None

    def search(level: int, row: list[int], newton: list[int]) -> list[int] | None:
        if level == size:
            return finish(newton)
        x, value = points[level]
        options = divisors(value)
        # g and -g are the same factor: take g positive at the first point.
        signed = options if level == 0 else [s * d for d in options for s in (1, -1)]
        for y in signed:
            new_row = [y]
            for j in range(1, level + 1):
                difference = new_row[j - 1] - row[j - 1]
                step = x - nodes[level - j]
                if difference % step:
                    break
                new_row.append(difference // step)
            else:
                found = search(level + 1, new_row, [*newton, new_row[-1]])
                if found is not None:
                    return found
        return None

    return search(0, [], [])


def _points(f: list[int], count: int) -> list[tuple[int, int]]:
    """``count`` integer points with f(x) != 0: small |f(x)| with few divisors first."""
    values: list[tuple[int, int]] = []
    around_zero = itertools.chain.from_iterable((k, -k) for k in itertools.count(1))
    for x in itertools.chain([0], around_zero):
        value = _evaluate(f, x)
        if value:
            values.append((x, value))
        if len(values) >= 3 * count + len(f):
            break
    smallest = sorted(values, key=lambda item: abs(item[1]))[: 2 * count]
    smallest.sort(key=lambda item: (len(divisors(item[1])), abs(item[1])))
    return smallest[:count]


def _from_newton(nodes: Sequence[int], newton: Sequence[int]) -> list[int]:
    """Coefficients of sum_k newton[k] (x - nodes[0]) ... (x - nodes[k-1])."""
    result = [newton[-1]]
    for k in range(len(newton) - 2, -1, -1):
        # result = result * (x - nodes[k]) + newton[k]
        shifted = [0, *result]
        for i, c in enumerate(result):
            shifted[i] -= nodes[k] * c
        shifted[0] += newton[k]
        result = shifted
    while result and result[-1] == 0:
        result.pop()
    return result


def _evaluate(f: Sequence[int], x: int) -> int:
    value = 0
    for c in reversed(f):
        value = value * x + c
    return value


# -- degree sieve modulo small primes -----------------------------------------------------------

_PRIMES = (3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73)
#: How many usable primes to try before settling for the degrees that remain.
_SIEVE_PRIMES = 16


def _possible_degrees(square_free: list[int]) -> set[int]:
    """Degrees an irreducible factor may have, by factor degrees modulo small primes."""
    degree = len(square_free) - 1
    allowed = set(range(1, degree + 1))
    used = 0
    for p in _PRIMES:
        if square_free[-1] % p == 0:
            continue
        reduced = [c % p for c in square_free]
        if len(_gcd_mod(reduced, _trim_mod([k * c for k, c in enumerate(reduced)][1:], p), p)) > 1:
            continue  # p divides the discriminant: f is not square-free mod p
        sums = {0}
        for d in _degree_pattern(reduced, p):
            sums |= {s + d for s in sums}
        allowed &= sums
        used += 1
        if used == _SIEVE_PRIMES or allowed == {degree}:
            break
    return allowed


def _degree_pattern(f: list[int], p: int) -> list[int]:
    """Degrees of the irreducible factors of a square-free f modulo p (distinct-degree)."""
    degrees: list[int] = []
    rest = _monic_mod(f, p)
    power = [0, 1]  # x^(p^i) mod rest, starting with i = 0
    i = 0
    while len(rest) - 1 >= 2 * (i + 1):
        i += 1
        power = _power_mod(power, p, rest, p)
        difference = [*power, 0, 0]  # x^(p^i) - x
        difference[1] -= 1
        difference = _trim_mod(difference, p)
        common = _gcd_mod(rest, difference, p)
        if len(common) > 1:
            degrees += [i] * ((len(common) - 1) // i)
            rest = _divmod_mod(rest, common, p)[0]
            power = _divmod_mod(power, rest, p)[1]
    if len(rest) > 1:
        degrees.append(len(rest) - 1)
    return degrees


def _trim_mod(a: list[int], p: int) -> list[int]:
    out = [c % p for c in a]
    while out and out[-1] == 0:
        out.pop()
    return out


def _monic_mod(a: list[int], p: int) -> list[int]:
    a = _trim_mod(a, p)
    inverse = pow(a[-1], -1, p)
    return [c * inverse % p for c in a]


def _divmod_mod(a: list[int], b: list[int], p: int) -> tuple[list[int], list[int]]:
    remainder = _trim_mod(a, p)
    inverse = pow(b[-1], -1, p)
    quotient = [0] * max(len(remainder) - len(b) + 1, 0)
    for shift in range(len(remainder) - len(b), -1, -1):
        q = remainder[shift + len(b) - 1] * inverse % p
        quotient[shift] = q
        if q:
            for j, c in enumerate(b):
                remainder[shift + j] = (remainder[shift + j] - q * c) % p
    return _trim_mod(quotient, p), _trim_mod(remainder[: len(b) - 1], p)


def _gcd_mod(a: list[int], b: list[int], p: int) -> list[int]:
    a, b = _trim_mod(a, p), _trim_mod(b, p)
    while b:
        a, b = b, _divmod_mod(a, b, p)[1]
    return _monic_mod(a, p) if a else []


def _power_mod(base: list[int], exponent: int, modulus: list[int], p: int) -> list[int]:
    result, square = [1], _divmod_mod(base, modulus, p)[1]
    while exponent:
        if exponent & 1:
            result = _divmod_mod(_product_mod(result, square, p), modulus, p)[1]
        square = _divmod_mod(_product_mod(square, square, p), modulus, p)[1]
        exponent >>= 1
    return result


def _product_mod(a: list[int], b: list[int], p: int) -> list[int]:
    if not a or not b:
        return []
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return [c % p for c in out]
