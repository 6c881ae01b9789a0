"""The position checks of the conformance kit: ``unrank`` and ``rank`` against the moves."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from hanoi_magnet.errors import NotOnPathError
from hanoi_magnet.model import Move, State
from hanoi_magnet.solution import Solution, _ListBackend
from hanoi_magnet.testing._errors import ConformanceError
from hanoi_magnet.variants import Variant


class Run(Protocol):
    """What the position checks need of a conformance run (see ``_run.Run``)."""

    solver: Any
    variant: Variant

    def fail(self, check: str, detail: str, n: int, **where: Any) -> ConformanceError: ...
    def ran(self, check: str) -> None: ...


T = TypeVar("T")

#: At most this many positions next to the path are ranked (each must raise NotOnPathError).
OFF_PATH_LIMIT = 2000


def _call(run: Run, check: str, n: int, function: Callable[[Any], T], argument: Any) -> T:
    """``function(argument)``, any exception turned into a ConformanceError."""
    try:
        return function(argument)
    except Exception as error:
        detail = f"{check}({argument}) raised {type(error).__name__}: {error}"
        raise run.fail(check, detail, n) from error


def position_methods(
    solver: Any, result: object, n: int
) -> tuple[Callable[[int], State] | None, Callable[[State], int] | None]:
    """The solution's own ``unrank``/``rank``, or the solver's; ``None`` for mere replays."""
    if isinstance(result, Solution):
        backend = result._backend
        if isinstance(backend, _ListBackend):  # moves only: unrank by replay proves nothing
            return (
                None if backend.unranker is None else result.unrank,
                None if backend.ranker is None else result.rank,
            )
        return result.unrank, result.rank
    unrank, rank = getattr(solver, "unrank", None), getattr(solver, "rank", None)
    return (
        (lambda k: unrank(n, k)) if callable(unrank) else None,
        (lambda state: rank(n, state)) if callable(rank) else None,
    )


def check_positions(run: Run, result: object, listed: list[Move], n: int) -> None:
    """Compare ``unrank`` and ``rank`` with replaying ``listed`` (legal moves), at every k."""
    unrank, rank = position_methods(run.solver, result, n)
    if unrank is None and rank is None:
        return
    rules = run.variant.rules
    states = [run.variant.start(n)]
    for move in listed:
        states.append(rules.apply(states[-1], move))
    if unrank is not None:
        run.ran("unrank")
        for k, expected in enumerate(states):
            got = _call(run, "unrank", n, unrank, k)
            if got != expected:
                detail = f"unrank gives {got}, replaying the first {k} moves gives {expected}"
                raise run.fail("unrank", detail, n, index=k, where="position")
    if rank is not None:
        run.ran("rank")
        first: dict[State, int] = {}
        for k, state in enumerate(states):
            first.setdefault(state, k)
        for state, k in first.items():
            ranked = _call(run, "rank", n, rank, state)
            if ranked != k:
                after = f"{k} move" if k == 1 else f"{k} moves"
                detail = f"rank({state}) is {ranked}, but the solution is there after {after}"
                raise run.fail("rank", detail, n, index=k, where="position")
        _check_off_path(run, rank, states, first, n)


def _check_off_path(
    run: Run, rank: Callable[[State], int], states: list[State], on_path: dict[State, int], n: int
) -> None:
    """Positions one move off the path have no rank: ``rank`` must raise NotOnPathError."""
    rules = run.variant.rules
    seen: set[State] = set()
    for state in states:
        for move in rules.legal_moves(state):
            aside = rules.apply(state, move)
            if aside in on_path or aside in seen:
                continue
            if len(seen) >= OFF_PATH_LIMIT:
                return
            seen.add(aside)
            try:
                got = rank(aside)
            except NotOnPathError:
                continue
            except Exception as error:
                detail = f"rank({aside}) raised {type(error).__name__} instead of NotOnPathError"
                raise run.fail("rank", detail, n) from error
            detail = (
                f"rank({aside}) is {got}, but the solution never passes through that position "
                "(rank must raise NotOnPathError)"
            )
            raise run.fail("rank", detail, n)


def check_step(
    run: Run,
    n: int,
    k: int,
    length: int,
    unrank: Callable[[int], State],
    rank: Callable[[State], int] | None,
    move_at: Callable[[int], Move] | None,
) -> None:
    """The sampled check at (n, k): the ends, one legal move from k to k + 1, rank(k)."""
    rules = run.variant.rules
    for position, expected, name in ((0, run.variant.start(n), "start"), (length, None, "goal")):
        got = _call(run, "unrank", n, unrank, position)
        expected = run.variant.goal(n) if expected is None else expected
        if got != expected:
            detail = f"unrank gives {got}, not the {name} {expected}"
            raise run.fail("unrank", detail, n, index=position, where="position")
    before = _call(run, "unrank", n, unrank, k)
    after = _call(run, "unrank", n, unrank, k + 1)
    why = rules.check_state(before)
    if why is not None:
        raise run.fail("unrank", f"unrank gives {before}: {why}", n, index=k, where="position")
    if move_at is not None:
        move = _call(run, "index", n, move_at, k)
        broken = rules.check(before, move)
        if broken is not None:
            detail = f"breaks the {broken.value} rule in {before}"
            raise run.fail("legal", detail, n, index=k, move=move, rule=broken)
        if rules.apply(before, move) != after:
            detail = (
                f"it leads from unrank({k}) = {before} elsewhere than unrank({k + 1}) = {after}"
            )
            raise run.fail("unrank", detail, n, index=k, move=move)
    elif not any(rules.apply(before, move) == after for move in rules.legal_moves(before)):
        detail = f"unrank gives {before}, then {after}: not one legal move apart"
        raise run.fail("unrank", detail, n, index=k, where="position")
    if rank is not None:
        ranked = _call(run, "rank", n, rank, before)
        if ranked != k:
            detail = f"rank({before}) is {ranked}, but unrank({k}) gave that position"
            raise run.fail("rank", detail, n, index=k, where="position")
