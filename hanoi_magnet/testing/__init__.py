"""Testing toolkit: Hypothesis strategies and a conformance kit for solvers.

The only part of hanoi_magnet that needs `Hypothesis <https://hypothesis.readthedocs.io>`_;
install it with the extra: ``python -m pip install "hanoi-magnet[testing]"``.

* Strategies (plural nouns, keyword-only options, each a ``SearchStrategy``):
  :func:`labels`, :func:`variants`, :func:`disk_counts`, :func:`states`, :func:`moves`,
  :func:`legal_move_sequences`, :func:`solutions`. They shrink towards fewer disks, shorter
  move sequences and the start position.
* :func:`check_solver`: runs any solver through the solver contract and raises
  :class:`ConformanceError` naming the variant, n, the move index and the rule that failed.

Example:
    >>> from hypothesis import given
    >>> from hanoi_magnet.testing import check_solver, solutions
    >>> @given(solutions(max_n=5))
    ... def test_length_is_the_sum_per_disk(solution):
    ...     assert sum(solution.per_disk) == solution.length
    >>> test_length_is_the_sum_per_disk()
    >>> check_solver("NNN", max_n=3).lengths
    (0, 1, 4, 11)
"""

from __future__ import annotations

try:
    import hypothesis  # noqa: F401 (imported here first, to say which extra is missing)
except ImportError as error:  # pragma: no cover - exercised in a subprocess by the tests
    raise ImportError(
        "hanoi_magnet.testing needs Hypothesis, which is not installed; install the extra: "
        "python -m pip install 'hanoi-magnet[testing]'"
    ) from error

from hanoi_magnet.testing._answers import Judgement, WrittenAnswer, answers, sample_answers
from hanoi_magnet.testing._conformance import ConformanceReport, check_solver
from hanoi_magnet.testing._errors import ConformanceError
from hanoi_magnet.testing._strategies import (
    disk_counts,
    labels,
    legal_move_sequences,
    moves,
    solutions,
    states,
    variants,
)

__all__ = [
    "ConformanceError",
    "ConformanceReport",
    "Judgement",
    "WrittenAnswer",
    "answers",
    "check_solver",
    "disk_counts",
    "labels",
    "legal_move_sequences",
    "moves",
    "sample_answers",
    "solutions",
    "states",
    "variants",
]
