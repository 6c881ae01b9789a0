"""The theory of the plans: exact counts, recurrences, Lunnon's matrix, polynomials, limits.

Everything here is read off the plan tables the solvers run (:mod:`hanoi_magnet.plans`):
:func:`count` and :func:`per_disk` for any n, the lumped :func:`recurrence` of a family, its
:func:`transition_matrix` and :func:`characteristic_polynomial` (factored exactly), the
:func:`dominant_eigenvalue`, exact :func:`asymptotic_factors` and :func:`closed_form`; and
for sequences known only by their terms (the invariants of a state graph), the shortest
linear recurrence they satisfy, checked on terms not used to find it (:func:`find_recurrence`).

Example:
    >>> from hanoi_magnet.theory import count, characteristic_polynomial
    >>> count("NNN", 5)
    83
    >>> print(characteristic_polynomial("NNN").factor())
    (K - 3)(K^3 - K - 2)(K - 1)^2 K^2
"""

from hanoi_magnet.theory._counting import count, per_disk
from hanoi_magnet.theory._matrices import (
    Eigenvalue,
    TransitionMatrix,
    asymptotic_factors,
    characteristic_polynomial,
    closed_form,
    dominant_eigenvalue,
    transition_matrix,
)
from hanoi_magnet.theory._polynomial import Factorization, Polynomial
from hanoi_magnet.theory._recurrences import Equation, Recurrence, Term, recurrence
from hanoi_magnet.theory._sequences import FoundRecurrence, find_recurrence

__all__ = [
    "Eigenvalue",
    "Equation",
    "Factorization",
    "FoundRecurrence",
    "Polynomial",
    "Recurrence",
    "Term",
    "TransitionMatrix",
    "asymptotic_factors",
    "characteristic_polynomial",
    "closed_form",
    "count",
    "dominant_eigenvalue",
    "find_recurrence",
    "per_disk",
    "recurrence",
    "transition_matrix",
]
