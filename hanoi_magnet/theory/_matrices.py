"""Lunnon's matrix method, made mechanical: matrix, eigenvalues, asymptotics, closed forms.

For a recurrence family: the transition matrix, its characteristic polynomial, the dominant
eigenvalue, exact asymptotic factors and closed forms.

With the family's lumped recurrence (:func:`~hanoi_magnet.theory.recurrence`) as a vector of counts
plus a constant 1, S(n) = M S(n-1), so S(n) = M^(n-1) S(1) (Lunnon's "Markov-type solution", as
the encyclopedia article *Magnetic Tower of Hanoi* presents it). The disk of rank k from the
largest moves P(k) = (A^(k-1) m) times, where A is M without the constant row and column and m
counts the moves of the largest disk.

Asymptotics are exact. M is nonnegative, so by Perron–Frobenius its dominant eigenvalue λ is
its largest real root, and every root of the same modulus is λ times a root of unity. When λ
is rational, split the characteristic polynomial as (K - λ)^e q(K): for a sequence
a(n) = (X^n v)_i, the vector w = q(X) v lies in λ's generalized eigenspace, and if
(X - λ) w contributes nothing to the sequence, a(n)/λ^n tends to w_i / q(λ), a fraction.
"""

from __future__ import annotations

import functools
import importlib
import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, Literal, overload

import attrs

from hanoi_magnet._math import linalg as _linalg
from hanoi_magnet._math.polyarith import divide, real_roots_above
from hanoi_magnet.errors import InvalidArgumentError, NoRationalLimitError
from hanoi_magnet.plans import PlanSolver
from hanoi_magnet.theory._polynomial import Factorization, Polynomial
from hanoi_magnet.theory._recurrences import _per_class, _plan_solver, _recurrence

__all__ = [
    "Eigenvalue",
    "TransitionMatrix",
    "asymptotic_factors",
    "characteristic_polynomial",
    "closed_form",
    "dominant_eigenvalue",
    "transition_matrix",
]


@attrs.frozen(slots=True)
class TransitionMatrix:
    """The integer matrix M with S(n) = M^(n-1) S(1), over a family plus the constant 1.

    Attributes:
        variants: the names of the rows and columns: the family's variants, then ``"1"``.
        rows: M, one tuple per row.
        initial: S(1), the counts for one disk (ending with the constant 1).

    Example:
        >>> from hanoi_magnet.theory import transition_matrix
        >>> print(transition_matrix("RRB"))
             RRB  1 | S(1)
        RRB    3  1 |    1
        1      0  1 |    1
    """

    variants: tuple[str, ...]
    rows: tuple[tuple[int, ...], ...]
    initial: tuple[int, ...]

    def __str__(self) -> str:
        grid = [["", *self.variants, "S(1)"]]
        for name, row, first in zip(self.variants, self.rows, self.initial, strict=True):
            grid.append([name, *map(str, row), str(first)])
        widths = [max(len(line[c]) for line in grid) for c in range(len(grid[0]))]
        lines = []
        for line in grid:
            cells = [line[0].ljust(widths[0])]
            cells += [cell.rjust(width) for cell, width in zip(line[1:], widths[1:], strict=True)]
            lines.append(f"{'  '.join(cells[:-1])} | {cells[-1]}")
        return "\n".join(lines)


@attrs.frozen(slots=True)
class Eigenvalue:
    """A real algebraic number: a root of an irreducible integer polynomial.

    Attributes:
        polynomial: the irreducible factor of the characteristic polynomial it is a root of.
        approximation: its value as a float (the largest real root of ``polynomial``).

    Example:
        >>> from hanoi_magnet.theory import dominant_eigenvalue
        >>> root = dominant_eigenvalue("cyclic")
        >>> print(root)
        2.7320508 (the largest root of K^2 - 2K - 2)
        >>> print(root.exact)
        None
        >>> dominant_eigenvalue("NNN").exact
        Fraction(3, 1)
    """

    polynomial: Polynomial
    approximation: float

    @property
    def exact(self) -> Fraction | None:
        """The value as a fraction if it is rational (a root of a linear factor), else None."""
        if self.polynomial.degree != 1:
            return None
        low, high = self.polynomial.coefficients
        return Fraction(-low, high)

    def __str__(self) -> str:
        if self.exact is not None:
            return str(self.exact)
        return f"{self.approximation:.8g} (the largest root of {self.polynomial})"


def transition_matrix(label: str) -> TransitionMatrix:
    """The transition matrix of the lumped recurrence family of ``label``.

    Rows follow :func:`~hanoi_magnet.theory.recurrence` (the label first, Lunnon's order after);
    the last row and column are the constant 1.

    Raises:
        NoRecurrenceError: no fixed linear recurrence (see :func:`~hanoi_magnet.theory.recurrence`).

    Example:
        >>> from hanoi_magnet.theory import transition_matrix
        >>> matrix = transition_matrix("NNN")
        >>> matrix.variants
        ('NNN', 'RNN', 'NNR', 'NBR', 'RNB', 'RBN', 'RRB', '1')
        >>> matrix.rows[0], matrix.initial
        ((0, 1, 1, 0, 0, 0, 0, 1), (1, 1, 2, 2, 1, 1, 1, 1))
    """
    system = _system(_plan_solver(label))
    rows = tuple(tuple(row) for row in system.matrix)
    return TransitionMatrix((*system.names, "1"), rows, tuple(system.initial))


def characteristic_polynomial(label: str) -> Polynomial:
    """det(K I - M) for the transition matrix M of ``label``, with exact integer coefficients.

    Call :meth:`~hanoi_magnet.theory.Polynomial.factor` for its factors over the integers.

    Example:
        >>> from hanoi_magnet.theory import characteristic_polynomial
        >>> print(characteristic_polynomial("NNN").factor())
        (K - 3)(K^3 - K - 2)(K - 1)^2 K^2
    """
    return _system(_plan_solver(label)).polynomial


def dominant_eigenvalue(label: str) -> Eigenvalue:
    """The largest eigenvalue of the transition matrix of ``label`` (its growth rate).

    Example:
        >>> from hanoi_magnet.theory import dominant_eigenvalue
        >>> print(dominant_eigenvalue("NNN"), dominant_eigenvalue("classic"))
        3 2
    """
    return _system(_plan_solver(label)).dominant


def asymptotic_factors(label: str) -> tuple[Fraction, Fraction]:
    """The exact limits s = lim S(n)/λ^n and p = lim P(k)/λ^(k-1), λ the dominant eigenvalue.

    P(k) counts the moves of the disk of rank k **from the largest**, as in the literature
    (k = 1 is the largest disk); in the size-indexed API it is ``per_disk(label, n)[n - k]``,
    the same for every n >= k.

    Raises:
        NoRecurrenceError: no fixed linear recurrence (Frame–Stewart, non-plan solvers).
        NoRationalLimitError: λ is irrational (the cyclic puzzles), or the counts grow
            like n^j λ^n or oscillate, so no fraction is the limit.

    Example:
        >>> from hanoi_magnet.theory import asymptotic_factors
        >>> asymptotic_factors("NNN")
        (Fraction(10, 33), Fraction(20, 33))
    """
    system = _system(_plan_solver(label))
    dominant = system.dominant.exact
    if dominant is None:
        raise NoRationalLimitError(
            f"no rational asymptotic factors for {label}: the dominant eigenvalue is "
            f"irrational, {system.dominant}, so S(n)/λ^n tends to an irrational number"
        )
    counts = [0] * len(system.names) + [1]
    s = _limit(system.matrix, counts, dominant, label, "S(n)")
    p = _limit(system.sub_matrix, system.moves, dominant, label, "P(k)")
    return s, p


#: The forms closed_form can give.
_FORMATS = ("text", "latex", "sympy")


@overload
def closed_form(
    label: str, *, per_disk: bool = False, format: Literal["text", "latex"] = "text"
) -> str | None: ...
@overload
def closed_form(label: str, *, per_disk: bool = False, format: Literal["sympy"]) -> Any: ...
def closed_form(label: str, *, per_disk: bool = False, format: str = "text") -> Any:
    r"""S(n) (or, with ``per_disk``, P(k)) as a sum of powers, when one exists.

    A closed form in integer powers exists exactly when the minimal polynomial of the
    sequence has only rational roots; then the coefficients are solved for exactly. None when
    an irrational root takes part (Lunnon's free puzzle: K^3 - K - 2). P(k) counts from the
    largest disk.

    ``format`` chooses the form: ``"text"`` (plain ASCII, the default), ``"latex"`` (for
    ``$...$`` in LaTeX, MathJax or Jupyter) or ``"sympy"`` (a SymPy expression in the
    integer symbol ``n``, or ``k`` for ``per_disk``; needs SymPy, ``pip install
    'hanoi-magnet[sympy]'``). A form valid only from some size on reads "for n >= ..." as
    text and LaTeX, and is a ``Piecewise`` with the exact first values in SymPy.

    Raises:
        NoRecurrenceError: the variant follows no fixed linear recurrence (Frame–Stewart).
        InvalidArgumentError: ``format`` is none of the three, or ``"sympy"`` without SymPy
            installed.

    Example:
        >>> from hanoi_magnet.theory import closed_form
        >>> closed_form("classic"), closed_form("RRB"), closed_form("RRB", per_disk=True)
        ('2^n - 1', '(3^n - 1)/2', '3^(k-1)')
        >>> print(closed_form("NNN"))
        None
        >>> print(closed_form("RRB", format="latex"))
        \frac{3^{n} - 1}{2}
        >>> print(closed_form("linear", per_disk=True, format="latex"))
        2 \cdot 3^{k-1}
        >>> closed_form("RRB", format="sympy")  # doctest: +SKIP
        3**n/2 - 1/2
    """
    if format not in _FORMATS:
        raise InvalidArgumentError(
            f"format must be one of {', '.join(map(repr, _FORMATS))}, got {format!r}"
        )
    sympy = _sympy() if format == "sympy" else None
    found = _closed_terms(label, per_disk)
    if found is None:
        return None
    parts, zero, first = found
    if sympy is not None:
        return _sympy_sum(sympy, parts, zero, first, per_disk)
    if format == "latex":
        text = _format_sum(parts, "k-1" if per_disk else "n", latex=True)
        if zero:
            text += rf" \quad \text{{for }} {'k' if per_disk else 'n'} \geq {zero + per_disk}"
        return text
    text = _format_sum(parts, "(k-1)" if per_disk else "n")
    if zero:
        text += f" for {'n' if not per_disk else 'k'} >= {zero + (1 if per_disk else 0)}"
    return text


_Part = tuple[Fraction, tuple[int, int]]


def _closed_terms(label: str, per_disk: bool) -> tuple[list[_Part], int, list[int]] | None:
    """The terms c m^j r^m (m = n, or k - 1), the size they hold from, the first values.

    None when an irrational root takes part.
    """
    system = _system(_plan_solver(label))
    if per_disk:
        matrix, vector = system.sub_matrix, system.moves
    else:
        matrix, vector = system.matrix, [0] * len(system.names) + [1]
    terms = _sequence(matrix, vector, 2 * len(matrix) + 2)
    roots = _minimal_roots(_factorization(matrix), terms)
    if roots is None:
        return None
    zero = roots.pop(0, 0)
    unknowns = [(r, j) for r, m in sorted(roots.items(), reverse=True) for j in reversed(range(m))]
    indices = range(zero, zero + len(unknowns))
    rows = [[Fraction(i**j * r**i) for r, j in unknowns] for i in indices]
    values = _linalg.solve(rows, [Fraction(terms[i]) for i in indices]) if unknowns else []
    return list(zip(values, unknowns, strict=True)), zero, terms[:zero]


def _sympy() -> Any:
    try:
        return importlib.import_module("sympy")
    except ImportError as error:
        raise InvalidArgumentError(
            "closed_form(..., format='sympy') needs SymPy: pip install 'hanoi-magnet[sympy]'"
        ) from error


def _sympy_sum(sympy: Any, parts: list[_Part], zero: int, first: list[int], per_disk: bool) -> Any:
    """The closed form as a SymPy expression (a Piecewise when it holds from some size on)."""
    if per_disk:
        symbol = sympy.Symbol("k", integer=True, positive=True)
        m = symbol - 1
    else:
        symbol = m = sympy.Symbol("n", integer=True, nonnegative=True)
    total = sympy.Add(
        *(
            sympy.Rational(c.numerator, c.denominator) * m**j * sympy.Integer(r) ** m
            for c, (r, j) in parts
        )
    )
    if not zero:
        return total
    cases = [(sympy.Integer(value), sympy.Eq(m, i)) for i, value in enumerate(first)]
    return sympy.Piecewise(*cases, (total, True))


# --------------------------------------------------------------------------------------------


@attrs.frozen
class _System:
    names: tuple[str, ...]
    matrix: list[list[int]]  # with the constant row and column
    sub_matrix: list[list[int]]  # without
    moves: list[int]  # moves of the largest disk, per variant
    initial: list[int]
    polynomial: Polynomial
    dominant: Eigenvalue


@_per_class
def _system(cls: type[PlanSolver]) -> _System:
    recurrence = _recurrence(cls, True)
    names = recurrence.variants
    sub = [[e.coefficient(v) for v in names] for e in recurrence.equations]
    moves = [e.moves for e in recurrence.equations]
    matrix = [[*row, m] for row, m in zip(sub, moves, strict=True)] + [[0] * len(names) + [1]]
    polynomial = Polynomial(_linalg.characteristic_polynomial(matrix))
    return _System(
        names, matrix, sub, moves, [*moves, 1], polynomial, _dominant(polynomial.factor())
    )


@functools.lru_cache(maxsize=256)
def _factorization_of(coefficients: tuple[tuple[int, ...], ...]) -> Factorization:
    return Polynomial(_linalg.characteristic_polynomial(coefficients)).factor()


def _factorization(matrix: Sequence[Sequence[int]]) -> Factorization:
    return _factorization_of(tuple(tuple(row) for row in matrix))


def _dominant(factorization: Factorization) -> Eigenvalue:
    """The largest real root; decided exactly when it is rational (Sturm counts above it)."""
    factors = [f for f, _ in factorization.factors]
    linear = [f for f in factors if f.degree == 1]
    best = max(linear, key=lambda f: Fraction(-f.coefficients[0], f.coefficients[1]))
    bound = Fraction(-best.coefficients[0], best.coefficients[1])
    beyond = [f for f in factors if f.degree > 1 and real_roots_above(f.coefficients, bound)]
    if not beyond:
        return Eigenvalue(best, float(bound))

    def largest_real(f: Polynomial) -> float:
        return max(z.real for z in f.roots() if abs(z.imag) < 1e-9)

    top = max(beyond, key=largest_real)
    return Eigenvalue(top, largest_real(top))


def _sequence(matrix: Sequence[Sequence[int]], vector: Sequence[int], count: int) -> list[int]:
    """(X^j v)_0 for j < count."""
    out, current = [], list(vector)
    for _ in range(count):
        out.append(current[0])
        current = _linalg.apply(matrix, current)
    return out


def _limit(
    matrix: list[list[int]], vector: list[int], dominant: Fraction, label: str, what: str
) -> Fraction:
    """The limit of a(j)/λ^j for a(j) = (X^j v)_0, exactly (see the module docs)."""
    size = len(matrix)
    factors = _factorization(matrix).factors
    root = Polynomial((-dominant.numerator, dominant.denominator))
    others = [(f, m) for f, m in factors if f != root]
    cofactor = _product(others)
    vector_f = [Fraction(x) for x in vector]
    w = _linalg.polynomial_at(cofactor.coefficients, matrix, vector_f)
    growth = [a - dominant * b for a, b in zip(_linalg.apply(matrix, w), w, strict=True)]
    if any(_sequence_fraction(matrix, growth, size)):
        raise NoRationalLimitError(
            f"no rational asymptotic factors for {label}: {what} grows faster than "
            f"{dominant}^n (the dominant eigenvalue is a repeated root)"
        )
    for f, _ in others:
        if _on_circle(f, dominant, size):
            rest = _product([(g, m) for g, m in factors if g != f])
            part = _linalg.polynomial_at(rest.coefficients, matrix, vector_f)
            if any(_sequence_fraction(matrix, part, size)):
                raise NoRationalLimitError(
                    f"no rational asymptotic factors for {label}: {what}/{dominant}^n "
                    f"oscillates (the roots of {f} have modulus {dominant} too)"
                )
    return w[0] / Fraction(cofactor(dominant))


def _sequence_fraction(
    matrix: Sequence[Sequence[int]], vector: list[Fraction], count: int
) -> list[Fraction]:
    out, current = [], vector
    for _ in range(count):
        out.append(current[0])
        current = _linalg.apply(matrix, current)
    return out


def _product(factors: Sequence[tuple[Polynomial, int]]) -> Polynomial:
    return Factorization(1, tuple(factors)).expand()


def _on_circle(f: Polynomial, radius: Fraction, size: int) -> bool:
    """Whether f divides K^h - radius^h for some h <= size.

    Then its roots are radius times roots of unity: by Perron–Frobenius, the only roots of a
    nonnegative matrix that share the dominant eigenvalue's modulus.
    """
    for h in range(1, size + 1):
        power = radius**h
        target = [-power, *([Fraction(0)] * (h - 1)), Fraction(1)]
        if not divide(target, f.coefficients)[1]:
            return True
    return False


def _minimal_roots(factorization: Factorization, terms: list[int]) -> dict[int, int] | None:
    """The roots (with multiplicity) of the minimal recurrence of ``terms``, if all rational."""
    factors = dict(factorization.factors)
    for f in list(factors):
        while factors[f] and _annihilates(_product(list(factors.items())), terms, f):
            factors[f] -= 1
    used = {f: m for f, m in factors.items() if m}
    if any(f.degree > 1 for f in used):
        return None
    return {-f.coefficients[0]: m for f, m in used.items()}


def _annihilates(poly: Polynomial, terms: list[int], factor: Polynomial) -> bool:
    """Whether poly / factor still annihilates the sequence (checked on enough terms)."""
    quotient, _ = divide(poly.coefficients, factor.coefficients)
    checks = len(terms) - len(quotient) + 1
    return all(sum(q * terms[i + k] for k, q in enumerate(quotient)) == 0 for i in range(checks))


def _format_sum(parts: list[_Part], variable: str, *, latex: bool = False) -> str:
    """Render sum of c n^j r^n over a common denominator: '(3^n - 1)/2', or as LaTeX."""
    parts = [(c, t) for c, t in parts if c]
    if not parts:
        return "0"
    denominator = math.lcm(*(c.denominator for c, _ in parts))
    pieces: list[str] = []
    for c, (r, j) in parts:
        numerator = c.numerator * (denominator // c.denominator)
        factors = []
        if j:
            factors.append(
                _power(f"({variable})" if latex and len(variable) > 1 else variable, j, latex)
            )
        if r != 1:
            factors.append(_power(f"({r})" if r < 0 else str(r), variable, latex))
        size = abs(numerator)
        if size != 1 or not factors:
            factors.insert(0, str(size))
        term = (r" \cdot " if latex else " * ").join(factors)
        if pieces:
            pieces.append(f" - {term}" if numerator < 0 else f" + {term}")
        else:
            pieces.append(f"-{term}" if numerator < 0 else term)
    text = "".join(pieces)
    if denominator == 1:
        return text
    if latex:
        return rf"\frac{{{text}}}{{{denominator}}}"
    return f"({text})/{denominator}" if " " in text else f"{text}/{denominator}"


def _power(base: str, exponent: object, latex: bool) -> str:
    """``base^exponent`` as text (``n^2``, ``3^(k-1)``) or LaTeX (``3^{k-1}``); ^1 left out."""
    if exponent == 1:
        return base
    if latex:
        return f"{base}^{{{exponent}}}"
    return f"{base}^{exponent}"
