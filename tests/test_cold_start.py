"""The first call in a fresh process: nothing on its path that it does not need.

Timings live in benchmarks/bench_cold_start.py; here, what can be asserted without a clock:
the modules a fresh ``import hanoi_magnet`` and a first solve leave out.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

#: Standard-library modules the package needs only on request: the plugin metadata (read when
#: a label is not built in) and urllib/http/email (pulled in by xml.sax.saxutils, whose escape
#: the graph pictures used; html.escape does the same without them).
NOT_ON_THE_FIRST_CALL = ["importlib.metadata", "xml.sax.saxutils", "urllib.request", "http.client"]


def test_a_first_solve_imports_neither_plugin_metadata_nor_urllib():
    code = textwrap.dedent(
        """
        import json, sys
        import hanoi_magnet as hm
        solution = hm.solve("NNN", 20)
        first = solution[0] == next(iter(solution)), solution.length, str(solution.unrank(5))
        print(json.dumps({"modules": sorted(sys.modules), "first": first}))
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert [name for name in NOT_ON_THE_FIRST_CALL if name in found["modules"]] == []
    assert found["first"][0] is True  # the first move by the plan alone = the walk's first


def test_plugins_are_still_read_when_a_label_is_not_built_in():
    code = textwrap.dedent(
        """
        import sys
        import hanoi_magnet as hm
        try:
            hm.solve("no-such-label-anywhere", 3)
        except hm.UnknownVariantError:
            pass
        print("importlib.metadata" in sys.modules)
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "True"


def test_the_first_move_by_the_plan_is_the_walks_first_move():
    """solution[0] comes down the plan's first steps (reversed sub-solves walked from their
    end, levels of a path where nothing moves passed over): the same as iterating."""
    import random

    from hanoi_magnet import MagneticRules, clear_caches, default_registry, solve
    from hanoi_magnet._engine.table import MEMO_SIZES
    from hanoi_magnet.search import shortest_path
    from hanoi_magnet.variants import SID_LABELS
    from tests.oracle import random_legal_position
    from tests.rulesets import FAMILIES, walk

    for label in [*SID_LABELS, *FAMILIES]:
        if not default_registry.get(label).solvable:
            continue
        for n in (1, 2, 3, 7, 20):
            clear_caches()
            solution = solve(label, n)
            assert solution[0] == next(iter(solution)), (label, n)
    for label in ("classic", "NNN", "RBB", "classic:4"):  # both sides of the memoised sizes
        for n in (MEMO_SIZES, MEMO_SIZES + 1):
            clear_caches()
            solution = solve(label, n)
            assert solution[0] == next(iter(solution)), (label, n)
    rng = random.Random(5)
    rules = MagneticRules("NNN")
    for _ in range(40):
        start = random_legal_position(rules, 6, rng)
        goal = walk(rules, start, rng, 80)  # reachable
        if start == goal:
            continue
        clear_caches()
        path = shortest_path(rules, start, goal)
        assert path[0] == next(iter(path)), (str(start), str(goal))


# --------------------------------------------------------------------------------------------
# What a first length and a first move compute (spies on the engine, no clock).

FIXED_FAMILIES = ["classic", "linear", "cyclic", "cyclic:ccw"]  # classic:4, :5 change with n


def _solvable_sid_labels():
    from hanoi_magnet import default_registry
    from hanoi_magnet.variants import SID_LABELS

    return [label for label in SID_LABELS if default_registry.get(label).solvable]


def _lunnon(n):
    """Lunnon's recurrences for the free puzzle's family (as the literature gives them)."""
    s = {"NNN": 1, "RNN": 1, "NNR": 2, "NBR": 2, "RNB": 1, "RBN": 1, "RRB": 1}
    for _ in range(n - 1):
        s = {
            "NNN": s["RNN"] + 1 + s["NNR"],
            "RNN": s["RNN"] + 1 + s["NBR"],
            "NNR": 2 * s["RRB"] + 1 + s["RBN"] + 1 + s["RNN"],
            "NBR": 2 * s["RRB"] + 1 + s["RBN"] + 1 + s["RBN"],
            "RNB": s["RBN"] + 1 + s["NBR"],
            "RBN": s["RNB"] + 2 * s["RRB"] + 1,
            "RRB": 3 * s["RRB"] + 1,
        }
    return s


def test_a_first_length_reads_each_table_once_not_at_every_size(monkeypatch):
    """Before: NNN(20).length resolved each of the 8 tables it reaches at every size below 20
    (109 plans); now each fixed table once at the probe size, and at the sizes up to its depth
    (where sub-solves may be empty)."""
    from hanoi_magnet import clear_caches, solve
    from hanoi_magnet._engine import table as tables

    for label in [*_solvable_sid_labels(), *FIXED_FAMILIES]:
        clear_caches()
        resolved = []
        original = tables.Table._resolve

        def spy(self, m, original=original, resolved=resolved):
            resolved.append((self, m))
            return original(self, m)

        monkeypatch.setattr(tables.Table, "_resolve", spy)
        length = solve(label, 20).length
        monkeypatch.undo()
        assert length == solve(label, 20).length, label  # (the memo's, now)
        assert resolved, label  # (the spy sees the engine's reads)
        deep = [(t, m) for t, m in resolved if t.depth() < m != tables._PROBE]
        assert deep == [], (label, deep)
        assert len(resolved) == len(set(resolved)), label  # nothing read twice
    clear_caches()
    assert solve("NNN", 20).length == _lunnon(20)["NNN"]


def test_the_first_move_computes_no_length(monkeypatch):
    """Before: solution[0] asked for the whole length first (to know there is a move at all),
    and read each plan on its way down at its own size; now a fixed plan is read once."""
    from hanoi_magnet import clear_caches, solve
    from hanoi_magnet._engine import table as tables

    fixed = [*_solvable_sid_labels(), *FIXED_FAMILIES]
    for label in [*fixed, "classic:4", "classic:5"]:
        clear_caches()
        solution = solve(label, 20)
        asked, resolved = [], []
        length, read = tables.Table.length, tables.Table._resolve

        def spy(self, m, original=length, asked=asked):
            asked.append((self, m))
            return original(self, m)

        def resolve_spy(self, m, original=read, resolved=resolved):
            resolved.append((self, m))
            return original(self, m)

        monkeypatch.setattr(tables.Table, "length", spy)
        monkeypatch.setattr(tables.Table, "_resolve", resolve_spy)
        first = solution[0]
        monkeypatch.undo()
        assert asked == [], label
        if label in fixed:
            deep = [(t, m) for t, m in resolved if t.depth() < m != tables._PROBE]
            assert deep == [], (label, deep)
        assert first == next(iter(solution)), label
    assert list(solve("NNN", 0)[0:1]) == []  # no move at all: still refused below
    with pytest.raises(IndexError):
        solve("NNN", 0)[0]


def test_lengths_summed_by_rows_are_the_plans_on_both_sides_of_the_memoised_sizes():
    """Cold at each size, warm after a smaller one, and past the memoised sizes (the closed
    form): the same lengths as the literature's recurrences and closed forms."""
    from hanoi_magnet import clear_caches, solve
    from hanoi_magnet._engine.table import MEMO_SIZES

    sizes = [1, 2, 3, 20, MEMO_SIZES - 1, MEMO_SIZES, MEMO_SIZES + 1]
    for n in sizes:
        clear_caches()
        assert solve("NNN", n).length == _lunnon(n)["NNN"], n
        assert solve("RBB", n).length == (3**n - 1) // 2, n
        assert solve("classic", n).length == 2**n - 1, n
        assert solve("linear", n).length == 3**n - 1, n
    clear_caches()
    for n in range(1, MEMO_SIZES + 2):  # warm: each size one above the last
        assert {label: solve(label, n).length for label in _lunnon(n)} == _lunnon(n), n


def test_user_plans_summed_by_rows_at_the_same_size():
    """Plans of a user's (checked when solved) that name another at their own size (and that
    one a third), in either order; one that names itself at its own size is refused."""
    from hanoi_magnet import PlanError, Registry, Variant, clear_caches
    from hanoi_magnet._engine.table import MEMO_SIZES
    from hanoi_magnet.plans import PlanSolver, SubStep

    registry = Registry()
    classic = Variant.from_label("classic")
    plans = {
        "cold-alias": (SubStep("classic", "SID", disks=0),),
        "cold-alias-2": (SubStep("cold-alias", "SID", disks=0),),
        "cold-ping": (SubStep("cold-pong", "SID", disks=0),),
        "cold-pong": (SubStep("cold-ping", "SID", disks=0),),
    }
    for label, plan in plans.items():
        registry.register(label, type(label, (PlanSolver,), {"plan": plan, "variant": classic}))
    for label in ("cold-alias-2", "cold-alias"):
        clear_caches()
        for n in (2, 3, 20, MEMO_SIZES, MEMO_SIZES + 1):
            assert registry.solve(label, n).length == 2**n - 1, (label, n)
        assert len(list(registry.solve(label, 6))) == 63
    clear_caches()
    assert registry.solve("cold-alias-2", 1).length == 1
    for label in ("cold-ping", "cold-pong"):
        with pytest.raises(PlanError, match="depends on itself"):
            registry.solve(label, 3).length


def test_lengths_by_rows_equal_the_plans_sums_table_by_table(monkeypatch):
    """Every fixed table the package has made (its labels', the families', the derived tower
    tables of distances): the rows' lengths at 1..40 disks, cold, are those of the plan's own
    sums (table by table, size by size), which they replace."""
    import random

    from hanoi_magnet import MagneticRules, clear_caches, solve
    from hanoi_magnet._engine import table as tables
    from hanoi_magnet.search import distance

    for label in [*_solvable_sid_labels(), *FIXED_FAMILIES, "arcs:SI,ID,DS", "arcs:SI,IS,ID,DI,DS"]:
        solve(label, 3).length
    rng = random.Random(7)
    for label in ("NNN", "RBN", "NNB"):
        solution = solve(label, 9)
        ends = [solution.unrank(rng.randrange(solution.length)) for _ in range(2)]
        distance(MagneticRules(label), *ends)
    fixed = [t for t in tables.all_tables() if t.trusted and tables._row(t) is not None]
    assert len(fixed) > 30
    sizes = range(1, 41)
    clear_caches()
    by_rows = {t.cls: [t.length(m) for m in sizes] for t in fixed}
    clear_caches()
    monkeypatch.setattr(tables, "_row_length", lambda root, m: None)
    by_sums = {t.cls: [t.length(m) for m in sizes] for t in fixed}
    assert by_rows == by_sums


def test_a_fixed_plan_that_cannot_be_read_at_one_disk_is_summed_pair_by_pair(monkeypatch):
    """A fixed plan that names disk n - 1 and n - 2 disks has no row (it cannot be read at one
    disk); through the engine (solve() refuses it at once, when it checks it) its lengths are
    the plan's sums from 2 disks on, and at 1 disk the plan error of its steps, as before."""
    from hanoi_magnet import PlanError, Variant, clear_caches
    from hanoi_magnet._engine import table as tables
    from hanoi_magnet.plans import MoveStep, PlanSolver, SubStep

    plan = (
        SubStep("classic", "SID", disks=-2),
        MoveStep("S", "I", disk=-1),
        SubStep("classic", "DSI", disks=-2),
        MoveStep("S", "D"),
        SubStep("classic", "ISD"),
    )
    cls = type("ColdTwoLevel", (PlanSolver,), {"plan": plan, "label": "cold-two-level"})
    cls.variant = Variant.from_label("classic")
    table = tables.table_of(cls)
    assert tables._row(table) is None
    for rows in (True, False):
        clear_caches()
        if not rows:
            monkeypatch.setattr(tables, "_row_length", lambda root, m: None)
        with pytest.raises(PlanError, match="needs -1 disks"):
            table.length(1)
        assert [table.length(m) for m in (2, 3, 4, 30)] == [3, 7, 15, 2**30 - 1]
        with pytest.raises(PlanError, match="needs -1 disks"):
            table.length(1)
