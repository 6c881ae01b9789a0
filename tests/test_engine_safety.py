"""The engine under stress: concurrent clear_caches, broken plan tables, solvers that lie."""

from __future__ import annotations

import itertools
import random
import threading

import pytest

from hanoi_magnet import (
    Move,
    PlanError,
    SolverError,
    Variant,
    clear_caches,
    default_registry,
    solve,
)
from hanoi_magnet.plans import MoveStep, PlanSolver, SubStep

CASES = [("NNN", 11), ("RRB", 270), ("NNN", 300), ("classic:4", 30), ("linear", 260), ("NBR", 9)]


def test_clear_caches_while_other_threads_solve_unrank_and_rank():
    """0.1.0 raised raw KeyError and false PlanError('... depends on itself') here."""
    rng = random.Random(5)
    reference = {}
    for label, n in CASES:
        solution = solve(label, n)
        ks = [rng.randrange(solution.length) for _ in range(4)]
        reference[label, n] = [
            (k, solution.unrank(k), solution[k], list(itertools.islice(solution.iter_from(k), 3)))
            for k in ks
        ]
    errors: list[BaseException] = []
    done = threading.Event()

    def work(seed: int) -> None:
        pick = random.Random(seed)
        try:
            for _ in range(40):
                label, n = pick.choice(CASES)
                solution = solve(label, n)
                k, position, move, stream = pick.choice(reference[label, n])
                assert solution.unrank(k) == position
                assert solution[k] == move
                assert solution.rank(position) == k
                assert list(itertools.islice(solution.iter_from(k), 3)) == stream
        except BaseException as error:
            errors.append(error)

    def clear() -> None:
        try:
            while not done.is_set():
                clear_caches()
        except BaseException as error:
            errors.append(error)

    clearer = threading.Thread(target=clear)
    workers = [threading.Thread(target=work, args=(seed,)) for seed in range(3)]
    clearer.start()
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    done.set()
    clearer.join()
    assert errors == []


def _registry_with_a_broken_size():
    registry = default_registry.copy()

    @registry.register("broken-at-6")
    class BrokenAtSix(PlanSolver):
        """The classic plan, except that at six disks the first sub-solve goes the wrong way."""

        variant = Variant.from_label("classic")

        @classmethod
        def steps(cls, n):
            first = "SID" if n == 6 else "SDI"
            return (SubStep(cls.label, first), MoveStep("S", "D"), SubStep(cls.label, "ISD"))

    return registry


@pytest.mark.parametrize(
    "use",
    [
        list,
        lambda s: list(s.iter_from(3)),
        lambda s: list(s[::-1]),
        lambda s: s.unrank(100),
        lambda s: s[100],
    ],
    ids=["iterate", "iter_from", "reversed", "unrank", "move_at"],
)
def test_a_plan_wrong_at_one_size_raises_whatever_reads_it(use):
    """0.1.0 yielded illegal moves from list() while unrank raised PlanError."""
    solution = _registry_with_a_broken_size().solve("broken-at-6", 8)
    with pytest.raises(PlanError, match=r"broken-at-6\(6\)"):
        use(solution)


class _Liar:
    """A move-list solver whose length() and per_disk() disagree with its moves."""

    variant = Variant.from_label("classic")

    def solve(self, n):
        moves = {1: [Move(1, 0, 2)], 2: [Move(1, 0, 1), Move(2, 0, 2), Move(1, 1, 2)]}
        return moves.get(n, [])

    def length(self, n):
        return 2**n  # one too many

    def per_disk(self, n):
        return tuple(2 ** (n - d) for d in range(1, n + 1))


def test_a_solver_that_contradicts_itself_is_caught_once_both_are_known():
    """0.1.0: length was 8 before iterating and 7 after; now the contradiction raises."""
    registry = default_registry.copy()
    registry.register("liar", _Liar)
    solution = registry.solve("liar", 2)
    assert solution.length == 4  # its claim, while its moves are unread
    with pytest.raises(SolverError, match=r"length\(2\) = 4, but its solve\(2\) gives 3 moves"):
        list(solution)


def test_a_solver_whose_length_is_not_a_number():
    class Odd(_Liar):
        def length(self, n):
            return "three"

    registry = default_registry.copy()
    registry.register("odd", Odd)
    with pytest.raises(SolverError, match="must be an int"):
        registry.solve("odd", 2).length


# -- plan tables are checked once per (table, size) and cache generation ----------------------


def _counting_checks(monkeypatch):
    from hanoi_magnet._engine import records

    calls = []
    original = records.ensure_checked

    def counted(table, m):
        calls.append((table.cls.label, m))
        return original(table, m)

    monkeypatch.setattr(records, "ensure_checked", counted)
    return calls


def _users_classic():
    """The classic plan in a table of the user's own (checked as it is used)."""
    registry = default_registry.copy()

    @registry.register("users-classic")
    class UsersClassic(PlanSolver):
        variant = Variant.from_label("classic")
        plan = (
            SubStep("users-classic", "SDI"),
            MoveStep("S", "D"),
            SubStep("users-classic", "ISD"),
        )

    return registry


def test_a_warm_solve_does_not_check_the_tables_again(monkeypatch):
    """Before: every solve() walked the tables it reaches again (3x the 0.1.0 cost)."""
    calls = _counting_checks(monkeypatch)
    registry = _users_classic()
    registry.solve("users-classic", 20)
    calls.clear()
    assert registry.solve("users-classic", 20).length == 2**20 - 1
    assert calls == []
    registry.solve("users-classic", 21)  # another size is checked on its own
    assert calls != []


def test_clear_caches_makes_the_next_solve_check_again(monkeypatch):
    calls = _counting_checks(monkeypatch)
    registry = _users_classic()
    registry.solve("users-classic", 20)
    clear_caches()
    calls.clear()
    registry.solve("users-classic", 20)
    assert ("users-classic", 20) in calls


def test_the_packages_own_tables_are_not_checked_when_solved(monkeypatch):
    """Before: a cold solve() checked every table it reaches at small sizes first (most of the
    first call's time in a fresh process); the tests check the package's own tables, and what
    a descent reads is checked as it is read."""
    calls = _counting_checks(monkeypatch)
    for label in ("classic", "NNN", "classic:4", "RBB"):
        clear_caches()
        calls.clear()
        solution = solve(label, 20)
        assert calls == [], label
        assert solution[0] == next(iter(solution))  # the first move needs no check either
        assert calls == [], label


def _switchable_registry():
    """A classic table that can be broken after it was solved (the check must not be stale)."""
    registry = default_registry.copy()

    @registry.register("switchable")
    class Switchable(PlanSolver):
        variant = Variant.from_label("classic")
        broken = False
        fixed = False

        @classmethod
        def steps(cls, n):
            first = "SID" if cls.broken and n == 3 else "SDI"
            return (SubStep(cls.label, first), MoveStep("S", "D"), SubStep(cls.label, "ISD"))

    return registry, Switchable


def test_a_wrong_table_raises_on_every_solve_not_only_the_first():
    registry = _registry_with_a_broken_size()
    for _ in range(3):
        with pytest.raises(PlanError, match=r"broken-at-6\(6\)"):
            registry.solve("broken-at-6", 6)
    solution = registry.solve("broken-at-6", 8)  # checked lazily above the first sizes
    for _ in range(2):
        with pytest.raises(PlanError, match=r"broken-at-6\(6\)"):
            solution.unrank(100)


def test_a_table_broken_after_its_check_raises_once_the_caches_are_cleared():
    registry, cls = _switchable_registry()
    try:
        assert registry.solve("switchable", 3).length == 7
        cls.broken = True
        clear_caches()
        with pytest.raises(PlanError, match=r"switchable\(3\)"):
            registry.solve("switchable", 3)
        with pytest.raises(PlanError, match=r"switchable\(3\)"):
            registry.solve("switchable", 3)
    finally:
        cls.broken = False
        clear_caches()


def test_beyond_the_remembered_sizes_each_solve_checks_again(monkeypatch):
    """Both sides of _CLOSED_SIZES: sizes remembered up to it, checked on every call beyond."""
    from hanoi_magnet._engine import records

    calls = _counting_checks(monkeypatch)
    monkeypatch.setattr(records, "_CLOSED_SIZES", 2)
    registry = _users_classic()
    clear_caches()
    for n in (30, 31, 32):
        registry.solve("users-classic", n)
    calls.clear()
    registry.solve("users-classic", 30)
    registry.solve("users-classic", 31)
    assert calls == []  # the first two sizes are remembered
    registry.solve("users-classic", 32)
    assert ("users-classic", 32) in calls  # the third is not: checked again (and passes)
    clear_caches()


def test_steps_are_kept_up_to_the_memoised_sizes_and_equal_the_plan_beyond():
    """Both sides of MEMO_SIZES for the kept steps: the same steps, kept only up to it."""
    from hanoi_magnet._engine import table as tables

    clear_caches()
    plan = tables.table_of(default_registry.get("NNN"))
    edge = tables.MEMO_SIZES
    for m in (1, 2, edge - 1, edge, edge + 1, edge + 2):
        assert plan.resolve(m) == plan._resolve(m)
        assert plan.resolve(m) is plan.resolve(m) or m > edge
    assert edge in plan.memo.resolved and edge + 1 not in plan.memo.resolved
    clear_caches()
    assert plan.memo.resolved == {}


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 8, 20])
def test_every_one_of_the_packages_own_tables_passes_the_checks_it_skips_when_solved(
    monkeypatch, n
):
    """solve() trusts the package's own tables (no eager check); this is where they are checked:
    every built-in plan, at sizes on both sides of the checks' reach (_CHECK_SIZES), with every
    table it reaches, exactly as a user's table is checked."""
    from hanoi_magnet._engine import records, table
    from hanoi_magnet.registry import default_registry

    assert records._CHECK_SIZES < 5  # the sizes above reach past it
    calls = _counting_checks(monkeypatch)
    checked = 0
    for label in default_registry.labels():
        solver = default_registry.solver(label)
        if not getattr(solver, "solvable", False) or not hasattr(solver, "steps"):
            continue  # unsolvable labels and solvers without a plan table
        clear_caches()
        plan = table.table_of(solver)
        assert plan.trusted, label
        monkeypatch.setattr(plan, "trusted", False)
        calls.clear()
        records.check_tables(plan, n)  # raises PlanError if the table is wrong
        assert calls, label  # the check really ran
        checked += 1
    assert checked >= 24  # the 24 solvable SID labels at least, and the classic families
    clear_caches()
