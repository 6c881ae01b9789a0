"""Sphinx extension: the try-it page's files, built into the HTML output (nothing from a CDN).

At the start of an HTML build it writes ``_generated/pages/try/`` (published as ``try/`` beside
the pages, through ``html_extra_path``):

* ``pyodide/``: the Pyodide runtime from the npm registry (``npm pack pyodide@VERSION``, the
  version in ``conf.py``'s ``pyodide_version``): ``pyodide.mjs``, ``pyodide.asm.js``,
  ``pyodide.asm.wasm``, ``python_stdlib.zip``, ``pyodide-lock.json`` (about 12 MB);
* ``wheels/``: hanoi_magnet's wheel, built from this checkout (hatchling, no isolation), and
  the wheels of its two run-time dependencies, attrs and typing-extensions, from PyPI at the
  versions installed here (``pip download --only-binary=:all: --no-deps``), with
  ``wheels.json`` listing them;
* ``index.html``, ``try.js``, ``try.css``, and the viewer's own ``viewer.js`` and
  ``viewer.css`` (one front end: the play page's script talks to the library running in the
  page through the same questions it asks the viewer's server).

The npm tarball and the PyPI wheels are cached in ``~/.cache/hanoi-magnet-docs`` (or
``$HANOI_DOCS_CACHE``). Without npm, or when the registry cannot be reached, the build warns
(so a ``-W`` build, as in CI, fails with the reason) and ``try/index.html`` says, visibly, that
this build has no Pyodide; ``HANOI_DOCS_PYODIDE=skip`` makes that a quiet, deliberate choice.
"""

from __future__ import annotations

import html
import importlib.metadata
import json
import os
import shutil
import string
import subprocess
import sys
import tarfile
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.util import logging

from hanoi_magnet.view._page import asset

LOGGER = logging.getLogger(__name__)
HERE = Path(__file__).resolve().parent
DOCS = HERE.parent
ROOT = DOCS.parent
TARGET = DOCS / "_generated" / "pages" / "try"
#: The files of the npm package the page loads (the rest, typings and a console, stay out).
RUNTIME = ("pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
           "pyodide-lock.json", "package.json")  # fmt: skip
#: The run-time dependencies, as pip names them.
DEPENDENCIES = ("attrs", "typing-extensions")


class UnavailableError(Exception):
    """A step that needs the network or a tool, and could not be done here."""


def _cache() -> Path:
    default = Path.home() / ".cache" / "hanoi-magnet-docs"
    path = Path(os.environ.get("HANOI_DOCS_CACHE") or default)
    path.mkdir(parents=True, exist_ok=True)
    return path


def _run(command: list[str], what: str) -> None:
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise UnavailableError(f"{what}: {error}") from error
    if done.returncode != 0:
        last = (done.stderr or done.stdout).strip().splitlines()[-3:]
        raise UnavailableError(f"{what} failed: {' / '.join(last)}")


def _pyodide(version: str, target: Path) -> None:
    """Pyodide's runtime files from the npm package, into ``target``."""
    tarball = _cache() / f"pyodide-{version}.tgz"
    if not tarball.is_file():
        npm = shutil.which("npm")
        if npm is None:
            raise UnavailableError(
                "npm is not installed (it fetches Pyodide from the npm registry)"
            )
        _run([npm, "pack", f"pyodide@{version}", "--pack-destination", str(_cache()),
              "--silent"], f"npm pack pyodide@{version}")  # fmt: skip
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball) as archive:
        names = {member.name.removeprefix("package/"): member for member in archive}
        missing = [name for name in RUNTIME if name not in names]
        if missing:
            raise UnavailableError(f"the npm package pyodide@{version} has no {', '.join(missing)}")
        for name in RUNTIME:
            source = archive.extractfile(names[name])
            assert source is not None
            (target / name).write_bytes(source.read())


def _wheels(target: Path) -> list[str]:
    """hanoi_magnet's wheel (built here) and its dependencies' (from PyPI), into ``target``."""
    target.mkdir(parents=True, exist_ok=True)
    for old in target.glob("*.whl"):
        old.unlink()
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--quiet"]
    _run([*pip, "wheel", "--no-deps", "--no-build-isolation", "--wheel-dir", str(target),
          str(ROOT)], "building hanoi_magnet's wheel")  # fmt: skip
    pinned = [f"{name}=={importlib.metadata.version(name)}" for name in DEPENDENCIES]
    cached = _cache() / "wheels"
    cached.mkdir(exist_ok=True)
    _run([*pip, "download", "--only-binary=:all:", "--no-deps", "--dest", str(cached), *pinned],
         f"pip download {' '.join(pinned)}")  # fmt: skip
    for name in pinned:
        stem = name.replace("-", "_").replace("==", "-")
        found = sorted(cached.glob(f"{stem}-*.whl"))
        if not found:
            raise UnavailableError(f"no wheel of {name} in {cached}")
        shutil.copy2(found[-1], target)
    return sorted(path.name for path in target.glob("*.whl"))


def _page(template: str, **fields: str) -> str:
    return string.Template((HERE / "tryit" / template).read_text("utf-8")).substitute(fields)


def build(app: Sphinx) -> None:
    """Write ``try/`` for an HTML build (see the module's docstring)."""
    if app.builder.format != "html":
        return
    version = app.config.pyodide_version
    if TARGET.exists():
        shutil.rmtree(TARGET)
    TARGET.mkdir(parents=True)
    for name in ("viewer.js", "viewer.css"):
        (TARGET / name).write_text(asset(name), "utf-8")
    for name in ("try.js", "try.css"):
        shutil.copy2(HERE / "tryit" / name, TARGET / name)
    example = (HERE / "tryit" / "example.py").read_text("utf-8")
    skip = os.environ.get("HANOI_DOCS_PYODIDE", "") == "skip"
    reason = "HANOI_DOCS_PYODIDE=skip" if skip else ""
    if not skip:
        try:
            _pyodide(version, TARGET / "pyodide")
            wheels = _wheels(TARGET / "wheels")
            (TARGET / "wheels" / "wheels.json").write_text(json.dumps(wheels), "utf-8")
        except UnavailableError as error:
            reason = str(error)
            LOGGER.warning("the try-it page has no Pyodide: %s", reason, type="hanoi")
    if reason:
        note = (
            f"This build of the documentation has no Pyodide ({html.escape(reason)}): the "
            "try-it page needs npm when the documentation is built. Install hanoi_magnet "
            "(pip install hanoi-magnet) and run the example below, or hanoi-magnet view."
        )
    else:
        note = ""
    (TARGET / "index.html").write_text(
        _page("try.html", version=version, example=html.escape(example), note=note,
              ready="0" if reason else ""),
        "utf-8",
    )  # fmt: skip


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("pyodide_version", "0.29.5", "html")
    app.connect("builder-inited", build)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
