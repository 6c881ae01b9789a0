"""The plugin path for real: the loopback package (tests/loopback), installed by the test
command, is found through its entry point, loaded on first use, and passes check_solver."""

from __future__ import annotations

import doctest
import subprocess
import sys
import textwrap
import warnings
from importlib import metadata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hanoi_magnet import (
    ENTRY_POINT_GROUP,
    PluginWarning,
    Registry,
    UnknownVariantError,
    default_registry,
    solve,
)
from hanoi_magnet.testing import check_solver, solutions

LABEL = "loopback-classic"
BROKEN_GROUP = "hanoi_magnet_loopback.broken"


@pytest.fixture(scope="module", autouse=True)
def loopback_installed():
    try:
        return metadata.distribution("hanoi-magnet-loopback")
    except metadata.PackageNotFoundError:
        pytest.fail(
            "the loopback plugin is not installed; the test command installs it: "
            'python -m pip install -e ".[test]" ./tests/loopback && python -m pytest',
            pytrace=False,
        )


@pytest.fixture(autouse=True)
def unload_the_loopback_solver():
    """Leave the default registry as the test found it (the plugin listed, not loaded).

    (Copies made after a plugin was loaded keep knowing it came from a plugin: see the last
    test of this module.)
    """
    yield
    if LABEL in default_registry._solvers:
        default_registry.unregister(LABEL)


def test_the_package_declares_its_solver_in_the_entry_point_group(loopback_installed):
    declared = {(point.group, point.name, point.value) for point in loopback_installed.entry_points}
    assert declared == {
        (ENTRY_POINT_GROUP, LABEL, "hanoi_magnet_loopback:RecursiveClassic"),
        (BROKEN_GROUP, "loopback-broken", "hanoi_magnet_loopback.broken:Solver"),
    }


def test_listed_without_being_imported_then_loaded_on_first_lookup():
    # a fresh interpreter: nothing in this test process may have imported the plugin yet
    code = textwrap.dedent(
        f"""
        import sys
        import hanoi_magnet as hm

        assert {LABEL!r} in hm.labels()
        assert "hanoi_magnet_loopback" not in sys.modules, "listed, so not imported"
        solver = hm.default_registry.get({LABEL!r})
        assert solver.__module__ == "hanoi_magnet_loopback"
        print(hm.solve({LABEL!r}, 10).length)
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.split() == ["1023"]


def test_the_default_registry_finds_loads_and_checks_the_loopback_solver():
    report = check_solver(LABEL)
    assert report.label == LABEL
    assert report.variant == default_registry.variant("classic")
    assert report.lengths == (0, 1, 3, 7, 15, 31, 63)
    # the solver yields moves and offers unrank/rank: all of it is checked, up to 64 disks
    checks = ("solve", "moves", "legal", "goal", "optimal", "unrank", "rank", "sampled")
    assert report.checks == checks
    assert report.sampled_n == 64


@given(solutions(LABEL, max_n=10), st.data())
def test_the_loopback_positions_are_the_built_in_ones(solution, data):
    builtin = solve("classic", solution.n)
    k = data.draw(st.integers(0, solution.length), label="k")
    assert solution.unrank(k) == builtin.unrank(k)  # through the plugin's own unrank
    assert solution.rank(builtin.unrank(k)) == k


def test_a_plugin_that_fails_on_import_warns_and_leaves_the_registry_usable():
    registry = Registry(entry_point_group=BROKEN_GROUP)
    registry.register("classic", default_registry.get("classic"))
    assert "loopback-broken" in registry.labels()  # listed: the import has not happened yet
    message = (
        r"could not load solver plugin 'loopback-broken' \(hanoi_magnet_loopback.broken:Solver\): "
        r"RuntimeError: the loopback's broken plugin fails on import, on purpose"
    )
    with pytest.warns(PluginWarning, match=message):
        with pytest.raises(UnknownVariantError):
            registry.get("loopback-broken")
    assert "loopback-broken" not in registry.labels()
    assert registry.solve("classic", 3).length == 7
    assert "loopback-broken" not in default_registry.labels()


def test_the_loopback_docstring_examples():
    import hanoi_magnet_loopback

    assert doctest.testmod(hanoi_magnet_loopback).failed == 0


def test_copying_a_registry_that_has_loaded_a_plugin_does_not_warn():
    registry = Registry(entry_point_group=ENTRY_POINT_GROUP)
    registry.get(LABEL)  # loaded and registered
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        copy = registry.copy()
        assert LABEL in copy.labels()
        assert copy.solve(LABEL, 3).length == 7
