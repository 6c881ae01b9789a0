"""The conformance kit: run any solver through the solver contract.

:func:`check_solver` works in two phases:

1. **Exhaustive, small n** (``0..max_n``, in increasing order, so the first failure found is the
   smallest): every move is replayed under the variant's rules, the goal must be reached, the
   length must be optimal (compared with the built-in solver of the same puzzle, or with a
   breadth-first search when there is none), whatever the solution claims about itself
   (``length``, ``len()``, ``per_disk``, indexing) must agree with its moves, and, when they
   exist, ``unrank``/``rank`` must agree with the replay at every position.
2. **Sampled, large n** (``max_n + 1..max_sampled_n``), driven by Hypothesis, for solvers that
   answer positions without listing every move (a lazy :class:`~hanoi_magnet.Solution`, or an
   ``unrank(n, k)`` method): consecutive positions must be one legal move apart, the ends must
   be the start and the goal, ``rank`` must invert ``unrank``, and the length must match the
   built-in optimum. Hypothesis shrinks a failure to the smallest n and index.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence, Sized
from typing import Any, overload

import attrs
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from hanoi_magnet.errors import (
    HanoiError,
    InvalidArgumentError,
    Rule,
    UnsolvableError,
)
from hanoi_magnet.model import Move, State, _integer
from hanoi_magnet.registry import Registry, default_registry
from hanoi_magnet.solution import Solution, _PlanBackend
from hanoi_magnet.testing._positions import check_positions, check_step
from hanoi_magnet.testing._reference import (
    MAX_STATES,
    bfs_distance,
    builtin_solver,
    same_puzzle,
)
from hanoi_magnet.validate import validate
from hanoi_magnet.variants import Variant, normalize_label

__all__ = ["ConformanceError", "ConformanceReport", "check_solver"]

#: A solution longer than this is not read to the end (nor one 4 * optimum + 10,000 long).
MOVE_LIMIT = 1_000_000


class ConformanceError(HanoiError, AssertionError):
    """A solver broke the solver contract.

    The message reads ``[check] label, n=N, move K (the move): what is wrong``.

    Attributes:
        check: which check failed: ``solve``, ``moves``, ``legal``, ``goal``, ``optimal``,
            ``length``, ``per_disk``, ``index``, ``solution``, ``unrank`` or ``rank``.
        label: the variant's label.
        n: the number of disks.
        index: the move index (or, for ``unrank``/``rank``, the position) concerned, if any.
        move: the move concerned, if any.
        rule: the :class:`~hanoi_magnet.Rule` an illegal move breaks, if any.

    Example:
        >>> from hanoi_magnet import Move, Variant
        >>> from hanoi_magnet.testing import ConformanceError, check_solver
        >>> class Hasty:
        ...     variant = Variant.from_label("classic")
        ...     def solve(self, n):
        ...         return [Move(disk, 0, 2) for disk in range(n, 0, -1)]
        >>> try:
        ...     check_solver(Hasty)
        ... except ConformanceError as error:
        ...     caught = error
        >>> print(caught)  # doctest: +NORMALIZE_WHITESPACE
        [legal] classic, n=2, move 0 (2: S -> D): breaks the not on top rule:
        disk 2 is not the top disk of post S (disk 1 is)
        >>> caught.n, caught.index, caught.rule
        (2, 0, <Rule.NOT_ON_TOP: 'not on top'>)
        >>> isinstance(caught, AssertionError)
        True
    """

    def __init__(
        self,
        check: str,
        detail: str,
        *,
        label: str,
        n: int,
        index: int | None = None,
        move: Move | None = None,
        rule: Rule | None = None,
        where: str = "move",
    ) -> None:
        self.check = check
        self.label = label
        self.n = n
        self.index = index
        self.move = move
        self.rule = rule
        place = "" if index is None else f", {where} {index}"
        if move is not None:
            place += f" ({move})"
        super().__init__(f"[{check}] {label}, n={n}{place}: {detail}")


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


class _Run:
    """One solver under test: the reference optimum, the failure helper, the checks run."""

    def __init__(self, label: str, solver: Any, optimal: bool, max_states: int) -> None:
        self.label = label
        self.solver = solver
        self.variant: Variant = solver.variant
        self.optimal = optimal
        self.max_states = max_states
        self.checks: dict[str, None] = {}
        reference = builtin_solver(self.variant)
        # Comparing a built-in solver with itself proves nothing: search instead.
        self.reference = None if reference is type(solver) else reference
        self.optima: dict[int, int | None] = {}

    def fail(self, check: str, detail: str, n: int, **where: Any) -> ConformanceError:
        return ConformanceError(check, detail, label=self.label, n=n, **where)

    def ran(self, *checks: str) -> None:
        self.checks.update(dict.fromkeys(checks))

    def optimum(self, n: int) -> int | None:
        """The fewest moves with n disks (``None``: no solution)."""
        if n not in self.optima:
            if self.reference is not None:
                if n and not getattr(self.reference, "solvable", True):
                    self.optima[n] = None
                else:
                    self.optima[n] = self.reference().solve(n).length
            else:
                self.optima[n] = bfs_distance(self.variant, n, max_states=self.max_states)
        return self.optima[n]

    # -- phase 1 ------------------------------------------------------------------------------

    def check_small(self, n: int) -> tuple[int | None, object]:
        """Check the solution with n disks; return its length (None: unsolvable) and it."""
        try:
            result = self.solver.solve(n)
        except UnsolvableError as error:
            best = self.optimum(n)
            if best is not None:
                raise self.fail(
                    "solve", f"solve raised UnsolvableError ({error}), but {best} moves solve it", n
                ) from error
            self.ran("unsolvable")
            return None, None
        except Exception as error:
            raise self.fail("solve", f"solve raised {type(error).__name__}: {error}", n) from error
        self.ran("solve")
        best = self.optimum(n) if self.optimal else None
        # Enough to count any honest attempt exactly, and to stop one that never ends.
        limit = MOVE_LIMIT if best is None else min(MOVE_LIMIT, 4 * best + 10_000)
        listed = self._read(result, n, limit)
        report = validate(listed, self.variant, n)
        self.ran("legal")
        illegal = report.error
        if illegal is not None:
            raise self.fail(
                "legal",
                f"breaks the {illegal.rule.value} rule: {illegal.detail}",
                n,
                index=illegal.index,
                move=illegal.move,
                rule=illegal.rule,
            )
        if len(listed) > limit:
            more = f"more than {limit:,} moves"
            if best is None:
                raise self.fail("moves", f"{more}: the solution does not end", n)
            raise self.fail("optimal", f"{more}, but the optimum is {best}", n)
        self._check_goal(report.solved, report.goal_index, report.state, n, len(listed))
        if self.optimal:
            self._check_optimal(len(listed), n)
        self._check_claims(result, listed, n)
        check_positions(self, result, listed, n)
        return len(listed), result

    def _read(self, result: object, n: int, limit: int) -> list[Move]:
        if not isinstance(result, Iterable):
            raise self.fail("moves", f"solve returned {type(result).__name__}, not moves", n)
        listed: list[Move] = []
        try:
            for index, item in enumerate(result):
                if not isinstance(item, Move):
                    detail = f"item {index} is {type(item).__name__} {item!r}, not a Move"
                    raise self.fail("moves", detail, n, index=index)
                listed.append(item)
                if len(listed) > limit:
                    break
        except ConformanceError:
            raise
        except Exception as error:
            detail = f"reading the moves raised {type(error).__name__}: {error}"
            raise self.fail("moves", detail, n, index=len(listed)) from error
        self.ran("moves")
        return listed

    def _check_goal(
        self, solved: bool, goal_index: int | None, state: State, n: int, length: int
    ) -> None:
        self.ran("goal")
        if not solved:
            left = "" if goal_index is None else f" (it was reached after {goal_index} moves)"
            detail = f"the {length} moves end in {state}, not in the goal {self.variant.goal(n)}"
            raise self.fail("goal", detail + left, n)

    def _check_optimal(self, length: int, n: int) -> None:
        self.ran("optimal")
        best = self.optimum(n)
        if best is None:  # pragma: no cover - the reference and the replay disagree
            raise self.fail("optimal", "the moves solve a puzzle the reference calls unsolvable", n)
        if length > best:
            raise self.fail("optimal", f"{length} moves, but the optimum is {best}", n)
        if length < best:  # pragma: no cover - would be a bug in hanoi_magnet's reference
            raise self.fail(
                "optimal", f"{length} moves beat the reference {best}: please report", n
            )

    def _check_claims(self, result: object, listed: list[Move], n: int) -> None:
        """Whatever the result says about itself must agree with its moves."""
        length = len(listed)
        for name, claimed in (
            ("length", getattr(result, "length", None)),
            ("len()", len(result) if isinstance(result, Sized) else None),
        ):
            if claimed is not None:
                self.ran("length")
                if claimed != length:
                    raise self.fail(
                        "length", f"{name} is {claimed}, but there are {length} moves", n
                    )
        per_disk = getattr(result, "per_disk", None)
        if per_disk is not None:
            self.ran("per_disk")
            counts = [0] * n
            for move in listed:
                counts[move.disk - 1] += 1
            claimed_counts = tuple(per_disk)
            if len(claimed_counts) != n:
                raise self.fail("per_disk", f"per_disk has {len(claimed_counts)} counts", n)
            for disk, (claimed, actual) in enumerate(zip(claimed_counts, counts, strict=True), 1):
                if claimed != actual:
                    detail = f"per_disk says disk {disk} moves {claimed} times, the moves: {actual}"
                    raise self.fail("per_disk", detail, n)
        if isinstance(result, Sequence) and not isinstance(result, (list, tuple)):
            self.ran("index")
            for index, move in enumerate(listed):
                if result[index] != move:
                    detail = f"solution[{index}] is {result[index]}, but the move is {move}"
                    raise self.fail("index", detail, n, index=index)
        if isinstance(result, Solution):
            self.ran("solution")
            if result.n != n or not same_puzzle(result.variant, self.variant):
                detail = f"solve({n}) returned {result!r}, for another puzzle or n"
                raise self.fail("solution", detail, n)

    # -- phase 2 ------------------------------------------------------------------------------

    def check_large(self, low: int, high: int, lazy: bool, options: settings | None) -> None:
        """Sample n in low..high and a position k; Hypothesis shrinks failures."""
        base = options or settings(
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
            database=None,
            phases=[phase for phase in Phase if phase is not Phase.explain],
        )

        @settings(base, report_multiple_bugs=False)  # one ConformanceError, the smallest
        @given(n=st.integers(low, high), data=st.data())
        def sampled(n: int, data: st.DataObject) -> None:
            unrank: Callable[[int], State]
            rank: Callable[[State], int] | None
            move_at: Callable[[int], Move] | None
            if lazy:
                length, unrank, rank, move_at = self._lazy(n)
            else:
                best = self.optimum(n)
                if best is None:  # pragma: no cover - built-ins solve every n or none
                    raise self.fail("solve", "the reference has no solution here", n)
                length, move_at = best, None
                unrank = _bind(self.solver.unrank, n)
                ranker = getattr(self.solver, "rank", None)
                rank = None if ranker is None else _bind(ranker, n)
            k = data.draw(st.integers(0, max(length - 1, 0)), label="k")
            check_step(self, n, k, length, unrank, rank, move_at)

        sampled()
        self.ran("sampled")

    def _lazy(
        self, n: int
    ) -> tuple[int, Callable[[int], State], Callable[[State], int], Callable[[int], Move]]:
        """A lazy solution's length and position methods, its length and per_disk checked."""
        try:
            solution: Solution = self.solver.solve(n)
        except Exception as error:
            raise self.fail("solve", f"solve raised {type(error).__name__}: {error}", n) from error
        length = solution.length
        if self.optimal and self.reference is not None:
            best = self.optimum(n)
            if length != best:
                raise self.fail("optimal", f"{length} moves, but the optimum is {best}", n)
        per_disk = solution.per_disk
        if len(per_disk) != n or sum(per_disk) != length:
            detail = f"per_disk {per_disk} does not add up to the {length} moves"
            raise self.fail("per_disk", detail, n)
        return length, solution.unrank, solution.rank, solution.move_at


def _bind(method: Callable[[int, Any], Any], n: int) -> Callable[[Any], Any]:
    return lambda value: method(n, value)


# A Registry is also an object: the first overload wins for it, which is the point.
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
    run = _Run(label, instance, bool(optimal), limit)
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
