"""Developer sessions: ``nox`` runs tests on every Python found, type checks, lint and docs.

``nox -s bench`` (not run by default) runs the benchmarks; ``nox -s guard`` (not run by default)
compares this checkout with the previous main, row by row (``-- REV`` or ``-- --quick``);
``nox -s harness_releases`` (not run by default; ``.ci/run`` runs it) checks the adapters
against the newest release of every harness; ``nox -s mutation`` (not run by default; hours)
scores the tests of the answer reader and the scorer against mutmut's mutants.
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


#: The extras of the harness adapters (hanoi_magnet.integrations), and each one's test file.
HARNESS_EXTRAS = {
    "reasoning-gym": "tests/test_integrations_reasoning_gym.py",
    "inspect": "tests/test_integrations_inspect.py",
    "gym": "tests/test_integrations_gymnasium.py",
    "verifiers": "tests/test_integrations_verifiers.py",
    "openenv": "tests/test_integrations_openenv.py",
    "hf": "tests/test_integrations_hf.py",
}


def extra_packages(pyproject: str, extra: str) -> list[str]:
    """The distributions an extra of pyproject.toml names, e.g. ``['gymnasium', 'numpy']``.

    Read from the text, as :func:`supported_pythons` is: the extra is one line,
    ``name = ["requirement", ...]``; versions, extras and markers are dropped.
    """
    found = re.search(rf"^{re.escape(extra)} = \[(.*)\]\s*$", pyproject, re.M)
    if found is None:
        raise ValueError(f"pyproject.toml has no one-line extra {extra!r}")
    requirements = re.findall(r'"([^"]+)"', found.group(1))
    return [re.match(r"[A-Za-z0-9._-]+", r).group(0) for r in requirements]  # type: ignore[union-attr]


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


#: mutmut, pinned: its mutants' names (the list of equivalents names them) follow its version.
MUTMUT = "mutmut==3.8.1"


@nox.session(python="3.11", default=False)
def mutation(session: nox.Session) -> None:
    """Mutation testing of the answer reader and the scorer (issue 32 item 6), with mutmut.

    mutmut (``[tool.mutmut]`` in pyproject.toml) mutates hanoi_magnet/notation/ and the scoring
    modules of hanoi_magnet/evaluation/ and runs, for each mutant, those tests of notation and
    evaluation that call the mutated function, fastest first, up to the first failure; with
    ``HANOI_MUTATION=1`` (tests/scale.py: the answer grammar, the audit and the degenerate inputs
    shrink to fixed samples) and Hypothesis derandomized, stopping at the first failing example
    without shrinking it (the ``mutation`` profile in tests/conftest.py), so that a detected mutant
    is killed at once rather than timed out. Left out: the instance generator
    (_generate, _puzzles, _draw, _describe, _optimum), the instances' and results' I/O
    (_instance, _exact, _compat, _summary), which the generator's and the CLI's tests cover.

    A full run takes hours on two cores and resumes where it stopped (``mutants/`` keeps the
    results; delete it to start over); ``nox -s mutation -- NAME...`` runs some mutants again.
    It ends with tests/mutation_score.py: the count of each status and the score, killed / all
    and killed / all but the survivors tests/data/mutation-equivalents.txt explains as
    equivalent; it fails under 90 %.
    """
    session.install("-e", ".[testing,search]", "pytest>=8", MUTMUT)
    env = {"HANOI_MUTATION": "1", "HYPOTHESIS_PROFILE": "mutation"}
    session.run("mutmut", "run", "--max-children", "2", *session.posargs, env=env)
    session.run("python", "tests/mutation_score.py")


@nox.session(python="3.11", default=False)
def harness_releases(session: nox.Session) -> None:
    """The adapters against the newest release of every harness the extras name.

    A fresh environment gets the package with its test extras, then ``pip install --upgrade``
    of every distribution the harness extras name, and says which versions it got (and
    whether each is the newest on the index); then each adapter's tests run on their own, so
    a harness whose new release changed its interface fails by name.
    """
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    extras = ",".join(HARNESS_EXTRAS)
    session.install("-e", f".[{extras},testing]", "pytest>=8", "pytest-xdist>=3.5")
    names = sorted({name for extra in HARNESS_EXTRAS for name in extra_packages(pyproject, extra)})
    session.install("--upgrade", *names)
    session.run("python", "-c", _VERSIONS, *names)
    failed, arguments = [], session.posargs
    for extra, tests in HARNESS_EXTRAS.items():
        try:
            session.run("pytest", "-q", "-p", "no:cacheprovider", "-n", "2", tests, *arguments)
        except nox.command.CommandFailed:
            failed.append(f"{extra} ({', '.join(extra_packages(pyproject, extra))}): {tests}")
    if failed:
        session.error("adapters failing against the newest harness releases: " + "; ".join(failed))


#: Prints each distribution's installed version next to the newest on the index, and for one
#: held back, which installed distributions' requirements exclude the newest (e.g. "gradio
#: 6.31.0 requires pillow<13.0,>=8.0").
_VERSIONS = """
import subprocess, sys
from importlib.metadata import distributions, version
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

def holding_back(name, newest):
    held = []
    for dist in distributions():
        for text in dist.requires or []:
            req = Requirement(text)
            if canonicalize_name(req.name) != canonicalize_name(name):
                continue
            if req.marker is not None and not req.marker.evaluate({"extra": ""}):
                continue
            if not req.specifier.contains(newest, prereleases=True):
                held.append(f"{dist.metadata['Name']} {dist.version} requires {text}")
    return held

for name in sys.argv[1:]:
    out = subprocess.run([sys.executable, "-m", "pip", "index", "versions", name],
                         capture_output=True, text=True).stdout
    newest = out.split("(", 1)[1].split(")", 1)[0] if "(" in out else "?"
    have = version(name)
    note = ""
    if have != newest:
        held = holding_back(name, newest) if newest != "?" else []
        note = "  NOT THE NEWEST" + (f" ({'; '.join(held)})" if held else "")
    print(f"{name:16} {have:12} newest {newest}{note}")
"""


@nox.session(python="3.11", default=False)
def guard(session: nox.Session) -> None:
    """The regression guard: this checkout against the previous main (``-- REV``, ``--quick``)."""
    session.install("-e", ".[bench]")
    session.run("python", "benchmarks/run.py", "--against", *session.posargs)
