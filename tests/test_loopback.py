"""The plugin path for real: the loopback package (tests/loopback) is found through its entry
point, loaded on first use, and passes check_solver.

Nothing is installed: for this module, a temporary distribution — the package and a
``.dist-info`` with the entry points of ``tests/loopback/pyproject.toml`` — is put on
``sys.path``, exactly where an installer would put one, and taken away afterwards. So the test
command leaves no plugin behind in the user's environment (0.1.0's did: ``hanoi-magnet
variants`` listed ``loopback-classic`` ever after).
"""

from __future__ import annotations

import doctest
import importlib
import os
import re
import shutil
import subprocess
import sys
import textwrap
import warnings
from importlib import metadata
from pathlib import Path

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
from hanoi_magnet import registry as registry_module
from hanoi_magnet.testing import check_solver, solutions

LABEL = "loopback-classic"
BROKEN_GROUP = "hanoi_magnet_loopback.broken"
LOOPBACK = Path(__file__).resolve().parent / "loopback"
DISTRIBUTION = "hanoi-magnet-loopback"


def toml_tables(text: str) -> dict[str, dict[str, str]]:
    """The tables of a pyproject.toml whose values are one-line strings (enough for ours).

    Python 3.10 has no tomllib; the test below checks this against tomllib where there is one.
    """
    tables: dict[str, dict[str, str]] = {}
    current: dict[str, str] | None = None
    for raw in text.splitlines():
        line = raw.strip()
        header = re.fullmatch(r"\[([^\[\]]+)\]", line)
        if header:
            name = header.group(1).replace('"', "")
            current = tables.setdefault(name, {})
            continue
        value = re.fullmatch(r'([\w.-]+)\s*=\s*"([^"]*)"', line)
        if current is not None and value:
            current[value.group(1)] = value.group(2)
    return tables


def make_distribution(site: Path) -> None:
    """The loopback package and its .dist-info in ``site``, as an installer would leave them."""
    tables = toml_tables((LOOPBACK / "pyproject.toml").read_text(encoding="utf-8"))
    project = tables["project"]
    shutil.copytree(LOOPBACK / "hanoi_magnet_loopback", site / "hanoi_magnet_loopback")
    info = site / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n",
        encoding="utf-8",
    )
    groups = [
        f"[{name.removeprefix('project.entry-points.')}]\n"
        + "".join(f"{key} = {value}\n" for key, value in entries.items())
        for name, entries in tables.items()
        if name.startswith("project.entry-points.")
    ]
    (info / "entry_points.txt").write_text("\n".join(groups), encoding="utf-8")


def forget_plugins() -> None:
    """Make the default registry read the entry points afresh, the loopback unloaded."""
    if LABEL in default_registry._solvers:
        default_registry.unregister(LABEL)
    default_registry._entry_points = None
    for name in [m for m in sys.modules if m.startswith("hanoi_magnet_loopback")]:
        del sys.modules[name]
    importlib.invalidate_caches()


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A directory on sys.path holding the loopback distribution, for this module only."""
    path = tmp_path_factory.mktemp("site")
    make_distribution(path)
    sys.path.insert(0, str(path))
    forget_plugins()
    yield path
    sys.path.remove(str(path))
    forget_plugins()


@pytest.fixture(scope="module", autouse=True)
def loopback_installed(site):
    return metadata.distribution(DISTRIBUTION)


@pytest.fixture(autouse=True)
def unload_the_loopback_solver():
    """Leave the default registry as the test found it (the plugin listed, not loaded).

    (Copies made after a plugin was loaded keep knowing it came from a plugin: see the last
    test of this module.)
    """
    yield
    if LABEL in default_registry._solvers:
        default_registry.unregister(LABEL)


def with_site(site: Path) -> dict[str, str]:
    """The environment of a subprocess that sees the temporary distribution."""
    paths = [str(site), os.environ.get("PYTHONPATH", "")]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p)}


def test_nothing_is_installed_outside_this_module():
    # a fresh interpreter of the same environment: the temporary site is on this process's
    # sys.path only
    code = textwrap.dedent(
        f"""
        from importlib import metadata
        import hanoi_magnet as hm

        assert {LABEL!r} not in hm.labels(), "the loopback plugin is installed"
        try:
            metadata.distribution({DISTRIBUTION!r})
        except metadata.PackageNotFoundError:
            print("not installed")
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert (done.returncode, done.stdout, done.stderr) == (0, "not installed\n", "")


def test_the_toml_reader_agrees_with_tomllib():
    tomllib = pytest.importorskip("tomllib")
    text = (LOOPBACK / "pyproject.toml").read_text(encoding="utf-8")
    parsed = tomllib.loads(text)
    tables = toml_tables(text)
    assert tables["project"]["name"] == parsed["project"]["name"]
    assert tables["project"]["version"] == parsed["project"]["version"]
    for group, entries in parsed["project"]["entry-points"].items():
        assert tables[f"project.entry-points.{group}"] == entries


def test_the_package_declares_its_solver_in_the_entry_point_group(loopback_installed):
    declared = {(point.group, point.name, point.value) for point in loopback_installed.entry_points}
    assert declared == {
        (ENTRY_POINT_GROUP, LABEL, "hanoi_magnet_loopback:RecursiveClassic"),
        (BROKEN_GROUP, "loopback-broken", "hanoi_magnet_loopback.broken:Solver"),
    }


def test_listed_without_being_imported_then_loaded_on_first_lookup(site):
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
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env=with_site(site),
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


# deferred: the label exists only once the fixture has put the distribution on sys.path
@given(st.deferred(lambda: solutions(LABEL, max_n=10)), st.data())
def test_the_loopback_positions_are_the_built_in_ones(solution, data):
    builtin = solve("classic", solution.n)
    k = data.draw(st.integers(0, solution.length), label="k")
    assert solution.unrank(k) == builtin.unrank(k)  # through the plugin's own unrank
    assert solution.rank(builtin.unrank(k)) == k


def test_a_plugin_that_fails_on_import_says_why_and_leaves_the_registry_usable():
    registry = Registry(entry_point_group=BROKEN_GROUP)
    registry.register("classic", default_registry.get("classic"))
    assert "loopback-broken" in registry.labels()  # listed: the import has not happened yet
    message = (
        r"unknown variant label 'loopback-broken': the solver plugin 'hanoi-magnet-loopback' "
        r"\(hanoi_magnet_loopback.broken:Solver\) that offers it could not be loaded "
        r"\(RuntimeError: the loopback's broken plugin fails on import, on purpose\)$"
    )
    with pytest.raises(UnknownVariantError, match=message):
        registry.get("loopback-broken")
    assert "loopback-broken" not in registry.labels()
    with pytest.raises(UnknownVariantError, match=message):  # the same answer the second time
        registry.solve("loopback-broken", 3)
    assert registry.solve("classic", 3).length == 7
    assert "loopback-broken" not in default_registry.labels()


def test_loading_the_plugins_lists_only_what_can_be_solved(monkeypatch):
    monkeypatch.setattr(registry_module, "_WARNED", set())  # as in a fresh process
    registry = Registry(entry_point_group=BROKEN_GROUP)
    assert registry.labels() == ("loopback-broken",)
    with pytest.warns(PluginWarning, match="label 'loopback-broken' left out: .*RuntimeError"):
        assert registry.labels(load_plugins=True) == ()


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
