"""The noxfile loads on every supported Python, 3.10 included (which has no tomllib).

nox itself is replaced by a stub: what is tested is the noxfile's own code (reading the
supported Pythons from pyproject.toml), not nox's sessions.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

STUB = """
class _Options:
    pass

options = _Options()
Session = object

def session(*args, **kwargs):
    if args and callable(args[0]):
        return args[0]
    return lambda function: function
"""

LOAD = textwrap.dedent(
    """
    import json, runpy, sys
    if "--no-tomllib" in sys.argv:
        sys.modules["tomllib"] = None  # as on Python 3.10: import tomllib fails
    namespace = runpy.run_path(sys.argv[1])
    print(json.dumps(namespace["PYTHONS"]))
    """
)


def classifier_pythons() -> list[str]:
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    prefix = "Programming Language :: Python :: "
    return [
        c.removeprefix(prefix)
        for c in project["classifiers"]
        if c.startswith(prefix) and c.removeprefix(prefix).startswith("3.")
    ]


def load_noxfile(python: str, tmp_path: Path, *flags: str) -> list[str]:
    (tmp_path / "nox.py").write_text(STUB, encoding="utf-8")
    done = subprocess.run(
        [python, "-c", LOAD, str(ROOT / "noxfile.py"), *flags],
        capture_output=True,
        text=True,
        check=False,
        env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_noxfile_loads_without_tomllib(tmp_path):
    pythons = load_noxfile(sys.executable, tmp_path, "--no-tomllib")
    assert pythons == classifier_pythons()
    assert pythons[0] == "3.10"


def _python310() -> str | None:
    """A working Python 3.10 (a pyenv shim of a version not selected does not count)."""
    pyenv = Path.home() / ".pyenv" / "versions"
    candidates = [
        shutil.which("python3.10"),
        *map(str, sorted(pyenv.glob("3.10.*/bin/python3.10"))),
    ]
    for candidate in filter(None, candidates):
        done = subprocess.run(
            [candidate, "-c", "import sys; print(sys.version_info[:2] == (3, 10), sys.executable)"],
            capture_output=True,
            text=True,
            check=False,
        )
        works, _, executable = done.stdout.strip().partition(" ")
        if works == "True":
            return executable  # the interpreter itself: a shim needs the environment we clear
    return None


def test_the_noxfile_loads_on_python_3_10(tmp_path):
    python = _python310()
    if python is None:
        pytest.skip("no Python 3.10 on this machine")
    assert load_noxfile(python, tmp_path) == classifier_pythons()


def test_the_harness_extras_are_read_as_pip_reads_them(monkeypatch):
    """The release-watch session's reading of the extras agrees with tomllib's."""
    import runpy

    tomllib = pytest.importorskip("tomllib")
    monkeypatch.setitem(sys.modules, "nox", _stub_module())
    namespace = runpy.run_path(str(ROOT / "noxfile.py"))
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    extras = tomllib.loads(text)["project"]["optional-dependencies"]
    for extra, tests in namespace["HARNESS_EXTRAS"].items():
        expected = [
            requirement.split(";")[0].split(">")[0].split("<")[0].split("=")[0].split("[")[0]
            for requirement in extras[extra]
        ]
        assert namespace["extra_packages"](text, extra) == [e.strip() for e in expected]
        assert (ROOT / tests).is_file()
    integrations = extras["integrations"][0]
    assert all(extra in integrations for extra in namespace["HARNESS_EXTRAS"])


def _stub_module():
    import types

    module = types.ModuleType("nox")
    exec(STUB, module.__dict__)
    return module
