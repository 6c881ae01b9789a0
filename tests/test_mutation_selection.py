"""The mutation run's selection holds every test of the reader and the scorer.

``nox -s mutation`` runs, for each mutant, the tests of its selection (``[tool.mutmut]``
``pytest_add_cli_args_test_selection`` in pyproject.toml) that call the mutated function. A
test module that uses the reader or the scorer but is left out of the selection cannot kill a
mutant, however well it tests the behaviour: the score then understates the tests (fourteen such
modules were left out before this test). Every test module that imports
``hanoi_magnet.notation`` or ``hanoi_magnet.evaluation``, or calls ``extract_moves`` or
``score``, is in the selection, or named below with the reason it is not.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Test modules that use the reader or the scorer but stay out of the selection, and why.
LEFT_OUT = {
    "tests/test_docs.py": "checks that the API reference names every public name",
    "tests/test_guard.py": "the benchmarks' regression guard, whose inputs are timings",
    "tests/test_layers.py": "the import graph of the package",
    "tests/test_mutation_selection.py": "this file: it reads pyproject.toml",
    **{
        f"tests/test_integrations_{name}.py": "needs its harness, which the mutation session "
        "does not install (its tests would be skipped)"
        for name in ("cross", "hf", "inspect", "limits", "openenv", "reasoning_gym", "verifiers")
    },
}

_USES = re.compile(
    r"hanoi_magnet\.(?:notation|evaluation)\b"
    r"|from hanoi_magnet import [^\n]*\b(?:notation|evaluation)\b"
    r"|\bextract_moves\b|\bscore\("
)


def _selection() -> list[str]:
    """The selection's file names, read from pyproject.toml (Python 3.10 has no tomllib)."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    body = re.search(r"^pytest_add_cli_args_test_selection = \[\n(.*?)^\]", text, re.M | re.S)
    assert body is not None
    return re.findall(r'^\s*"([^"]+)",', body.group(1), re.M)


def test_every_test_module_of_the_reader_and_the_scorer_is_in_the_selection() -> None:
    selection = set(_selection())
    users = {
        f"tests/{path.name}"
        for path in (ROOT / "tests").glob("test_*.py")
        if _USES.search(path.read_text(encoding="utf-8"))
    }
    assert users - selection - set(LEFT_OUT) == set()


def test_the_selection_and_the_list_left_out_name_existing_modules_once() -> None:
    selection = _selection()
    assert len(selection) == len(set(selection))
    assert [name for name in selection if not (ROOT / name).is_file()] == []
    assert [name for name in LEFT_OUT if not (ROOT / name).is_file()] == []
    assert set(selection) & set(LEFT_OUT) == set()
