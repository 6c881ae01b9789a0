"""The conformance kit: run any solver through the solver contract.

:func:`check_solver` works in two phases:

1. **Exhaustive, small n** (``0..max_n``, in increasing order, so the first failure found is the
   smallest): every move is replayed under the variant's rules, the goal must be reached, the
   length must be optimal (compared with the built-in solver of the same puzzle, or with a
   breadth-first search when there is none), whatever the solution claims about itself
   (``length``, ``len()``, ``per_disk``, indexing) and whatever the solver claims about it (its
   optional ``length(n)`` and ``per_disk(n)`` methods, which a registry's solution believes
   without reading the moves) must agree with its moves, and, when they exist,
   ``unrank``/``rank`` must agree with the replay at every position.
2. **Sampled, large n** (``max_n + 1..max_sampled_n``), driven by Hypothesis, for solvers that
   answer positions without listing every move (a lazy :class:`~hanoi_magnet.Solution`, or an
   ``unrank(n, k)`` method): consecutive positions must be one legal move apart, the ends must
   be the start and the goal, ``rank`` must invert ``unrank``, and the length must match the
   built-in optimum (so must the solver's ``length(n)``, if it has one). Hypothesis shrinks a
   failure to the smallest n and index.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, overload

import attrs
from hypothesis import settings

from hanoi_magnet.errors import InvalidArgumentError
from hanoi_magnet.model import _integer
from hanoi_magnet.registry import Registry, default_registry
from hanoi_magnet.solution import Solution, _PlanBackend
from hanoi_magnet.testing._errors import ConformanceError
from hanoi_magnet.testing._reference import MAX_STATES
from hanoi_magnet.testing._run import Run
from hanoi_magnet.variants import Variant, normalize_label

__all__ = ["ConformanceError", "ConformanceReport", "check_solver"]


@attrs.frozen
class ConformanceReport:
    """What :func:`check_solver` checked, when every check passed.

    Attributes:
        label: the variant's label.
        variant: the variant the solver solves.
        lengths: the solution length for n = 0, 1, ..., ``max_n`` (``None``: no solution).
        checks: the names of the checks that ran (see :class:`ConformanceError`), plus
            ``unsolvable`` when "no solution" claims were confirmed and ``sampled`` when the
            large-n phase ran.
        sampled_n: the largest n of the sampled phase (0 if it did not run).

    Example:
        >>> from hanoi_magnet.testing import check_solver
        >>> report = check_solver("RRB", max_n=3, max_sampled_n=12)
        >>> report.lengths, report.sampled_n
        ((0, 1, 4, 13), 12)
        >>> report.checks  # doctest: +NORMALIZE_WHITESPACE
        ('solve', 'moves', 'legal', 'goal', 'optimal', 'length', 'per_disk', 'index',
         'solution', 'unrank', 'rank', 'sampled')
    """

    label: str
    variant: Variant
    lengths: tuple[int | None, ...]
    checks: tuple[str, ...]
    sampled_n: int


def _resolve(solver: object, registry: Registry) -> tuple[str, Any]:
    """The label to report and a solver instance, from a label, a class or an instance."""
    if isinstance(solver, str):
        return normalize_label(solver), registry.solver(solver)
    if isinstance(solver, type):
        try:
            instance = solver()
        except Exception as error:
            raise InvalidArgumentError(
                f"solver class {solver.__qualname__} cannot be created without arguments: {error}"
            ) from error
    else:
        instance = solver
    variant = getattr(instance, "variant", None)
    if not isinstance(variant, Variant) or not callable(getattr(instance, "solve", None)):
        raise InvalidArgumentError(
            f"{solver!r} does not follow the Solver protocol: it needs a Variant in .variant "
            "and a solve(n) method"
        )
    return variant.label, instance


@overload
def check_solver(  # type: ignore[overload-overlap]
    solver: Registry,
    *,
    labels: Iterable[str] | None = ...,
    max_n: int = ...,
    optimal: bool = ...,
    max_sampled_n: int = ...,
    max_states: int = ...,
    settings: settings | None = ...,
    registry: Registry | None = ...,
) -> tuple[ConformanceReport, ...]: ...
@overload
def check_solver(
    solver: str | object,
    *,
    labels: None = ...,
    max_n: int = ...,
    optimal: bool = ...,
    max_sampled_n: int = ...,
    max_states: int = ...,
    settings: settings | None = ...,
    registry: Registry | None = ...,
) -> ConformanceReport: ...
def check_solver(
    solver: object,
    *,
    labels: Iterable[str] | None = None,
    max_n: int = 6,
    optimal: bool = True,
    max_sampled_n: int = 64,
    max_states: int = MAX_STATES,
    settings: settings | None = None,
    registry: Registry | None = None,
) -> ConformanceReport | tuple[ConformanceReport, ...]:
    """Check that a solver keeps the solver contract; raise :class:`ConformanceError` if not.

    See the module documentation for the checks. The optimum comes from the built-in solver of
    the same puzzle (matched by rules, posts and faces, not by name) or, for puzzles without
    one (and for the built-in solvers themselves), from a breadth-first search.

    Args:
        solver: a solver instance or class (see :class:`~hanoi_magnet.Solver`), a label that
            ``registry`` answers, or a :class:`~hanoi_magnet.Registry` (then every label in
            ``labels`` is checked, and a tuple of reports is returned).
        labels: with a registry, the labels to check (default: all it lists).
        max_n: the exhaustive phase checks n = 0..max_n.
        optimal: check that lengths are optimal (otherwise only legality and the goal).
        max_sampled_n: the sampled phase draws n from max_n + 1..max_sampled_n (it is
            skipped unless ``1 <= max_n < max_sampled_n`` and the variant has solutions).
        max_states: the breadth-first search gives up beyond this many positions.
        settings: Hypothesis settings for the sampled phase (default: the current profile,
            without deadline, example database or explain phase).
        registry: where labels are looked up (default: :data:`~hanoi_magnet.default_registry`).

    Raises:
        ConformanceError: the first (smallest) failure, an :class:`AssertionError`.
        SearchLimitError: the search for an optimum needed more than ``max_states`` positions.
        InvalidArgumentError: ``solver`` is no solver, or the options are out of range.

    Example:
        >>> from hanoi_magnet import Move, Variant
        >>> from hanoi_magnet.testing import check_solver
        >>> class Recursive:
        ...     '''The textbook recursion for the classic puzzle.'''
        ...     variant = Variant.from_label("classic")
        ...     def solve(self, n, source=0, spare=1, target=2):
        ...         if n:
        ...             yield from self.solve(n - 1, source, target, spare)
        ...             yield Move(n, source, target)
        ...             yield from self.solve(n - 1, spare, source, target)
        >>> check_solver(Recursive, max_n=5).lengths
        (0, 1, 3, 7, 15, 31)
    """
    registry = default_registry if registry is None else registry
    small = _integer(max_n, "max_n")
    large = _integer(max_sampled_n, "max_sampled_n")
    limit = _integer(max_states, "max_states", minimum=1)
    if isinstance(solver, Registry):
        chosen = solver.labels() if labels is None else tuple(labels)
        return tuple(
            check_solver(
                label,
                max_n=small,
                optimal=optimal,
                max_sampled_n=large,
                max_states=limit,
                settings=settings,
                registry=solver,
            )
            for label in chosen
        )
    if labels is not None:
        raise InvalidArgumentError("labels= selects labels of a Registry; pass a Registry")
    label, instance = _resolve(solver, registry)
    run = Run(label, instance, bool(optimal), limit)
    lengths: list[int | None] = []
    last: object = None
    for n in range(small + 1):
        length, last = run.check_small(n)
        lengths.append(length)
    lazy = isinstance(last, Solution) and isinstance(last._backend, _PlanBackend)
    offers_unrank = callable(getattr(instance, "unrank", None))
    knows_length = lazy or (run.optimal and run.reference is not None)
    sampled = 0
    solvable = small >= 1 and lengths[-1] is not None
    if large > small and solvable and (lazy or offers_unrank) and knows_length:
        run.check_large(small + 1, large, lazy, settings)
        sampled = large
    return ConformanceReport(label, run.variant, tuple(lengths), tuple(run.checks), sampled)
