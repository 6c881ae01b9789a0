"""Exact linear algebra on small integer (or rational) matrices, for the theory module."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TypeVar

Number = TypeVar("Number", int, Fraction)
Matrix = Sequence[Sequence[int]]


def apply(matrix: Matrix, vector: Sequence[Number]) -> list[Number]:
    """The product matrix x vector."""
    return [
        sum((a * x for a, x in zip(row, vector, strict=True) if a), start=vector[0] * 0)
        for row in matrix
    ]


def polynomial_at(
    coefficients: Sequence[int], matrix: Matrix, vector: Sequence[Number]
) -> list[Number]:
    """q(matrix) x vector, for q given by its coefficients (constant first), by Horner's rule."""
    result = [x * 0 for x in vector]
    for c in reversed(coefficients):
        result = [y + c * x for y, x in zip(apply(matrix, result), vector, strict=True)]
    return result


def characteristic_polynomial(matrix: Matrix) -> list[int]:
    """det(K I - matrix), constant first (Faddeev–LeVerrier; every division is exact)."""
    size = len(matrix)
    coefficients = [0] * size + [1]
    current = [[0] * size for _ in range(size)]  # M_0 = 0
    for k in range(1, size + 1):
        # M_k = A M_{k-1} + c_{n-k+1} I;  c_{n-k} = -trace(A M_k) / k
        current = [
            [
                sum(matrix[i][t] * current[t][j] for t in range(size))
                + (coefficients[size - k + 1] if i == j else 0)
                for j in range(size)
            ]
            for i in range(size)
        ]
        trace = sum(sum(matrix[i][t] * current[t][i] for t in range(size)) for i in range(size))
        quotient, remainder = divmod(-trace, k)
        if remainder:
            raise ArithmeticError(f"Faddeev–LeVerrier: {-trace} is not divisible by {k}")
        coefficients[size - k] = quotient
    return coefficients


def solve(rows: Sequence[Sequence[Fraction]], rhs: Sequence[Fraction]) -> list[Fraction]:
    """The solution of a nonsingular square system, exactly (Gaussian elimination)."""
    size = len(rows)
    work = [[Fraction(x) for x in row] + [Fraction(b)] for row, b in zip(rows, rhs, strict=True)]
    for col in range(size):
        pivot = next(r for r in range(col, size) if work[r][col])
        work[col], work[pivot] = work[pivot], work[col]
        for r in range(size):
            if r != col and work[r][col]:
                factor = work[r][col] / work[col][col]
                work[r] = [a - factor * b for a, b in zip(work[r], work[col], strict=True)]
    return [work[i][size] / work[i][i] for i in range(size)]
