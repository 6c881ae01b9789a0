"""The docstring examples of the answer reader and the scorer, run as tests.

The Sphinx doctest build runs every example of the reference in CI; these run the reader's and
the scorer's in the test suite as well, so that ``nox -s mutation`` (which runs only pytest)
counts a mutant that changes what an example shows (a report's wording, a table's header) as
killed. Same flags as the documentation's build (docs/conf.py).
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import hanoi_magnet

PACKAGES = ("hanoi_magnet.notation", "hanoi_magnet.evaluation")
FLAGS = doctest.ELLIPSIS | doctest.DONT_ACCEPT_TRUE_FOR_1


def _modules() -> list[str]:
    names: list[str] = []
    for package in PACKAGES:
        path = importlib.import_module(package).__path__
        names += [package, *(f"{package}.{module.name}" for module in pkgutil.iter_modules(path))]
    return names


def test_the_examples_are_found():
    found = sum(
        len(doctest.DocTestFinder().find(importlib.import_module(name))) for name in _modules()
    )
    assert found >= 100


@pytest.mark.parametrize("name", _modules())
def test_the_examples_of_each_module_hold(name):
    module = importlib.import_module(name)
    result = doctest.testmod(
        module, extraglobs={"hm": hanoi_magnet}, optionflags=FLAGS, report=False, verbose=False
    )
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples of {name} failed"
