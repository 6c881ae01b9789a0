"""The first call in a fresh process: nothing on its path that it does not need.

Timings live in benchmarks/bench_cold_start.py; here, what can be asserted without a clock:
the modules a fresh ``import hanoi_magnet`` and a first solve leave out.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

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
