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
