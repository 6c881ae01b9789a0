"""The pytest plugin: declared under pytest11, light to load, and its fixture and marker
report conformance failures with the (shrunk) counter-example."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from importlib import metadata
from pathlib import Path

TUTORIAL_EXAMPLE = Path(__file__).parent.parent / "docs" / "examples" / "test_my_solver.py"

SOLVERS = """
import pytest
from hanoi_magnet import Move, State, Variant, solve


class Good:
    variant = Variant.from_label("classic")

    def solve(self, n, source=0, spare=1, target=2):
        if n:
            yield from self.solve(n - 1, source, target, spare)
            yield Move(n, source, target)
            yield from self.solve(n - 1, spare, source, target)


class Dawdling:
    variant = Variant.from_label("classic")

    def solve(self, n):
        if n:
            yield Move(1, 0, 1)
            yield Move(1, 1, 0)
        yield from Good().solve(n)


class WrongForLargeN(Good):
    def unrank(self, n, k):
        state = solve("classic", n).unrank(k)
        if n < 9 or not 50 <= k < 2**n - 2:
            return state
        posts = [list(stack) for stack in state.posts]
        peg = state.post_of(1)
        posts[peg].remove(1)
        posts[(peg + 1) % 3].append(1)
        return State(posts)
"""


def test_the_plugin_is_declared_under_pytest11():
    points = {point.name: point.value for point in metadata.entry_points(group="pytest11")}
    assert points["hanoi_magnet"] == "hanoi_magnet.pytest_plugin"


def test_loading_the_plugin_imports_neither_hypothesis_nor_the_toolkit():
    code = textwrap.dedent(
        """
        import sys
        import hanoi_magnet.pytest_plugin
        print(sorted(name for name in sys.modules
                     if name.split(".")[0] == "hypothesis" or name == "hanoi_magnet.testing"))
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"


def test_fixture_and_marker(pytester):
    pytester.makepyfile(solvers=SOLVERS)
    pytester.makepyfile(
        test_solvers="""
        import pytest
        from solvers import Dawdling, Good, WrongForLargeN

        def test_good(hanoi_check_solver):
            assert hanoi_check_solver(Good, max_n=4).lengths == (0, 1, 3, 7, 15)

        def test_dawdling(hanoi_check_solver):
            hanoi_check_solver(Dawdling)

        def test_wrong_for_large_n(hanoi_check_solver):
            hanoi_check_solver(WrongForLargeN, max_n=3, max_sampled_n=20)

        @pytest.mark.hanoi_solver("NNN", max_n=3, max_sampled_n=10)
        def test_marked_label():
            pass

        @pytest.mark.hanoi_solver(Dawdling, max_n=2)
        def test_marked_dawdling():
            raise AssertionError("the body must not run: the check fails first")

        @pytest.mark.hanoi_solver()
        def test_marker_without_a_solver():
            pass
        """
    )
    result = pytester.runpytest("--strict-markers", "-p", "no:cacheprovider", "-rf")
    result.assert_outcomes(passed=2, failed=4)
    result.stdout.fnmatch_lines(
        [
            "*test_dawdling*",
            "*[[]optimal] classic, n=1: 3 moves, but the optimum is 1",
            "*test_wrong_for_large_n*",
            "*[[]unrank] classic, n=9, position 49: unrank gives *: not one legal move apart",
            "*sampled(",
            "    n=9,",
            "Draw 1 (k): 49",
            "*test_marked_dawdling*",
            "*[[]optimal] classic, n=1: 3 moves, but the optimum is 1",
            "*takes one solver (a class, an instance or a label), got 0 arguments",
        ]
    )
    output = result.stdout.str()
    assert "the body must not run" not in output
    assert "During handling" not in output  # no chained tracebacks, only the counter-example


def test_without_the_toolkit_the_fixture_says_which_extra_to_install(pytester):
    pytester.makepyfile(
        """
        import sys
        import pytest

        def test_missing_toolkit(hanoi_check_solver, monkeypatch):
            monkeypatch.setitem(sys.modules, "hanoi_magnet.testing", None)
            with pytest.raises(pytest.fail.Exception, match="hanoi_magnet.testing"):
                hanoi_check_solver("NNN")
        """
    )
    pytester.runpytest("-p", "no:cacheprovider").assert_outcomes(passed=1)


def test_the_plugin_can_be_disabled(pytester):
    pytester.makepyfile("def test_uses_the_fixture(hanoi_check_solver): pass")
    result = pytester.runpytest("-p", "no:hanoi_magnet", "-p", "no:cacheprovider")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*fixture 'hanoi_check_solver' not found*"])


def test_the_tutorial_example_runs(pytester):
    pytester.makepyfile(test_my_solver=TUTORIAL_EXAMPLE.read_text(encoding="utf-8"))
    result = pytester.runpytest("--strict-markers", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=2)
