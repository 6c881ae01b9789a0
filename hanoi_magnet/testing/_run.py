"""The engine of the conformance kit: one solver under test, its two phases of checks.

See :func:`hanoi_magnet.testing.check_solver` for what is checked; this module does it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence, Sized
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from hanoi_magnet._text import shown
from hanoi_magnet.errors import UnsolvableError
from hanoi_magnet.model import Move, State
from hanoi_magnet.solution import Solution
from hanoi_magnet.testing._errors import ConformanceError
from hanoi_magnet.testing._positions import check_positions, check_step
from hanoi_magnet.testing._reference import bfs_distance, builtin_solver, same_puzzle
from hanoi_magnet.validate import validate
from hanoi_magnet.variants import Variant

#: A solution longer than this is not read to the end (nor one 4 * optimum + 10,000 long).
MOVE_LIMIT = 1_000_000


class Run:
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
        """Whatever the result, or the solver, says about the moves must agree with them.

        The result's ``length``, ``len()`` and ``per_disk``, and the solver's optional
        ``length(n)`` and ``per_disk(n)`` methods (which a registry's solution believes without
        reading the moves).
        """
        length = len(listed)
        counts = [0] * n
        for move in listed:
            counts[move.disk - 1] += 1
        claims = [
            ("length", getattr(result, "length", None)),
            ("len()", len(result) if isinstance(result, Sized) else None),
            (f"the solver's length({n})", self._ask("length", n)),
        ]
        for name, claimed in claims:
            if claimed is not None:
                self.ran("length")
                if claimed != length:
                    raise self.fail(
                        "length",
                        f"{name} is {shown(claimed)}, but there are {length} move"
                        + ("" if length == 1 else "s"),
                        n,
                    )
        for name, per_disk in (
            ("per_disk", getattr(result, "per_disk", None)),
            (f"the solver's per_disk({n})", self._ask("per_disk", n)),
        ):
            if per_disk is not None:
                self.ran("per_disk")
                self._check_counts(name, per_disk, counts, n)
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

    def _ask(self, method: str, n: int) -> object:
        """The solver's optional ``method(n)``, or None; what it raises is a failure."""
        function = getattr(self.solver, method, None)
        if not callable(function):
            return None
        try:
            return function(n)
        except Exception as error:
            detail = f"the solver's {method}({n}) raised {type(error).__name__}: {error}"
            raise self.fail(method, detail, n) from error

    def _check_counts(self, name: str, per_disk: object, counts: list[int], n: int) -> None:
        if not isinstance(per_disk, Iterable) or isinstance(per_disk, (str, bytes)):
            raise self.fail("per_disk", f"{name} is {shown(per_disk)}, not a sequence of counts", n)
        claimed_counts = tuple(per_disk)
        if len(claimed_counts) != n:
            raise self.fail("per_disk", f"{name} has {len(claimed_counts)} counts", n)
        for disk, (claimed, actual) in enumerate(zip(claimed_counts, counts, strict=True), 1):
            if claimed != actual:
                detail = (
                    f"{name} says disk {disk} moves {shown(claimed)} times, the moves: {actual}"
                )
                raise self.fail("per_disk", detail, n)

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
                claimed = self._ask("length", n)
                if claimed is not None and claimed != best:
                    detail = (
                        f"the solver's length({n}) is {shown(claimed)}, but the optimum is {best}"
                    )
                    raise self.fail("length", detail, n)
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
