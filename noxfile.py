"""Developer sessions: ``nox`` runs tests on every Python found, type checks, lint and docs.

``nox -s bench`` (not run by default) runs the benchmarks; ``nox -s guard`` (not run by default)
compares this checkout with the previous main, row by row (``-- REV`` or ``-- --quick``).
"""

from __future__ import annotations

import re
from pathlib import Path

import nox

ROOT = Path(__file__).parent


def supported_pythons(pyproject: str) -> list[str]:
    """The Python versions pyproject.toml's classifiers name, e.g. ``['3.10', '3.11']``.

    Read from the text, without a TOML parser: Python 3.10 has no tomllib, and ``nox -s docs``
    must work from any supported Python (the classifiers are one quoted string a line).
    """
    return re.findall(r'^\s*"Programming Language :: Python :: (3\.\d+)",?\s*$', pyproject, re.M)


PYTHONS = supported_pythons((ROOT / "pyproject.toml").read_text(encoding="utf-8"))

nox.options.sessions = ["tests", "typecheck", "lint", "docs"]
nox.options.error_on_missing_interpreters = False


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """Run the test suite (doctests included) on each supported Python."""
    session.install("-e", ".[test]")  # the loopback plugin is put on sys.path by its test
    session.run("pytest", *session.posargs, env={"HYPOTHESIS_PROFILE": "ci"})


@nox.session(python=PYTHONS[0])
def typecheck(session: nox.Session) -> None:
    """Type-check the package with mypy --strict (on the oldest supported Python)."""
    session.install("-e", ".[typecheck]")
    session.run("mypy", "--strict", "hanoi_magnet")


@nox.session
def lint(session: nox.Session) -> None:
    """Lint with ruff check and ruff format --check."""
    session.install("-e", ".[lint]")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session
def docs(session: nox.Session) -> None:
    """Build the HTML docs with -W -n and run the doctest builder (on the Python running nox)."""
    session.install("-e", ".[docs]")
    session.run(
        "sphinx-build", "-W", "-n", "--keep-going", "-b", "html", "docs", "docs/_build/html"
    )
    session.run("sphinx-build", "-W", "-n", "-b", "doctest", "docs", "docs/_build/doctest")


@nox.session(python="3.11", default=False)
def bench(session: nox.Session) -> None:
    """Run the benchmarks (ratios against baselines in the same process)."""
    session.install("-e", ".[bench]")
    session.run("python", "benchmarks/run.py", *session.posargs)


@nox.session(python="3.11", default=False)
def guard(session: nox.Session) -> None:
    """The regression guard: this checkout against the previous main (``-- REV``, ``--quick``)."""
    session.install("-e", ".[bench]")
    session.run("python", "benchmarks/run.py", "--against", *session.posargs)
