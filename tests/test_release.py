"""The release: one version everywhere, and a facade whose packages are lazy attributes."""

from __future__ import annotations

import datetime
import importlib
import json
import re
import subprocess
import sys
import textwrap
import warnings
from pathlib import Path

import pytest

import hanoi_magnet as hm

ROOT = Path(__file__).resolve().parent.parent


def test_the_version_is_a_release_number():
    assert re.fullmatch(r"\d+\.\d+\.\d+", hm.__version__)
    assert "__version__" in dir(hm)


def test_the_build_reads_the_version_from_the_package():
    core = pytest.importorskip("hatchling.metadata.core")
    manager = pytest.importorskip("hatchling.plugin.manager")
    built = core.ProjectMetadata(str(ROOT), manager.PluginManager()).version
    assert built == hm.__version__


def test_the_changelog_titles_this_release_with_its_date():
    text = (ROOT / "docs" / "changelog.rst").read_text(encoding="utf-8")
    first = re.search(r"^(\d+\.\d+\.\d+) \((.*)\)\n-+$", text, re.MULTILINE)
    assert first is not None
    assert first.group(1) == hm.__version__
    datetime.date.fromisoformat(first.group(2))  # a date, not "unreleased"


def test_the_deprecation_messages_name_this_release():
    major, minor, _ = (int(part) for part in hm.__version__.split("."))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        hm.count
    (warning,) = caught
    assert f"in {major}.{minor};" in str(warning.message)
    assert f"goes in {major}.{minor + 1}" in str(warning.message)


LAZY = ["cli", "evaluation", "notation", "testing", "theory", "view"]
OPTIONAL = ["numpy", "hypothesis", "sympy", "networkx", "dask", "playwright", "cairosvg"]


def test_import_hanoi_magnet_imports_no_optional_dependency_and_no_lazy_package():
    code = textwrap.dedent(
        """
        import json, sys
        import hanoi_magnet as hm
        before = sorted(sys.modules)
        listed = dir(hm)
        count = hm.theory.count("classic", 10)
        print(json.dumps({"before": before, "listed": listed, "after": sorted(sys.modules),
                          "count": count}))
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    imported = set(found["before"])
    assert [name for name in OPTIONAL if name in imported] == []
    assert [name for name in LAZY if f"hanoi_magnet.{name}" in imported] == []
    assert set(LAZY) <= set(found["listed"])
    assert found["count"] == 2**10 - 1
    assert "hanoi_magnet.theory" in found["after"]
    assert [name for name in OPTIONAL if name in found["after"]] == []


@pytest.mark.parametrize(
    "name",
    ["cli", "draw", "errors", "evaluation", "model", "notation", "plans", "search", "testing",
     "theory", "variants", "view"],
)  # fmt: skip
def test_every_public_package_is_an_attribute(name):
    assert getattr(hm, name) is importlib.import_module(f"hanoi_magnet.{name}")
    assert name in dir(hm)
    assert name not in hm.__all__  # star-imports stay free of packages


def test_unknown_attributes_still_raise():
    with pytest.raises(AttributeError, match="no attribute 'theroy'"):
        hm.theroy
