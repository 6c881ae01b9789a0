"""The try-it page's build step (docs/_ext/pyodide_site.py) when npm or the registry is missing.

The build with them is tested in the browser (tests/browser/test_tryit_browser.py, on the docs
CI builds); here, without them: a clear reason, a Sphinx warning (a -W build fails with it),
and a page that says visibly that this build has no Pyodide.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

pytest.importorskip("sphinx")

EXTENSION = Path(__file__).parents[1] / "docs" / "_ext" / "pyodide_site.py"


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    spec = importlib.util.spec_from_file_location("pyodide_site_under_test", EXTENSION)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    monkeypatch.setattr(module, "TARGET", tmp_path / "try")
    monkeypatch.setenv("HANOI_DOCS_CACHE", str(tmp_path / "cache"))  # nothing cached
    monkeypatch.setenv("PATH", str(tmp_path / "no-tools"))  # no npm
    monkeypatch.delenv("HANOI_DOCS_PYODIDE", raising=False)
    yield module
    del sys.modules[spec.name]


def _app(fmt: str = "html") -> Any:
    return SimpleNamespace(
        builder=SimpleNamespace(format=fmt), config=SimpleNamespace(pyodide_version="0.29.5")
    )


def test_without_npm_the_reason_is_clear(site):
    with pytest.raises(site.UnavailableError, match="npm is not installed"):
        site._pyodide("0.29.5", site.TARGET / "pyodide")


def test_without_npm_the_build_warns_and_the_page_says_so(site, monkeypatch):
    warned: list[str] = []
    monkeypatch.setattr(site.LOGGER, "warning", lambda text, *args, **_: warned.append(text % args))
    site.build(_app())
    reason = "npm is not installed (it fetches Pyodide from the npm registry)"
    assert warned == [f"the try-it page has no Pyodide: {reason}"]
    page = (site.TARGET / "index.html").read_text("utf-8")
    assert "This build of the documentation has no Pyodide (npm is not installed" in page
    assert 'data-ready="0"' in page
    assert (site.TARGET / "viewer.js").is_file() and not (site.TARGET / "pyodide").exists()


def test_skipping_on_purpose_is_quiet(site, monkeypatch):
    monkeypatch.setenv("HANOI_DOCS_PYODIDE", "skip")
    warned: list[str] = []
    monkeypatch.setattr(site.LOGGER, "warning", lambda *args, **_: warned.append(args))
    site.build(_app())
    assert warned == []
    assert "no Pyodide (HANOI_DOCS_PYODIDE=skip)" in (site.TARGET / "index.html").read_text()


def test_other_builders_are_left_alone(site):
    site.build(_app("doctest"))
    assert not site.TARGET.exists()
