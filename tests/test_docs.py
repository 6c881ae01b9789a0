"""The documentation covers the public API: every name in __all__ has an API entry."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import hanoi_magnet
from hanoi_magnet import evaluation, notation

API = Path(__file__).resolve().parent.parent / "docs" / "api.rst"


def documented_names(package: str = "hanoi_magnet") -> set[str]:
    """Names given an autodoc entry while the current module is ``package``."""
    names, module = set(), None
    for line in API.read_text(encoding="utf-8").splitlines():
        if match := re.match(r"\.\. currentmodule:: ([\w.]+)", line):
            module = match.group(1)
        elif (match := re.match(r"\.\. auto\w+:: (\w+)$", line)) and module == package:
            names.add(match.group(1))
    return names


@pytest.mark.parametrize("package", [hanoi_magnet, notation, evaluation])
def test_every_public_name_has_an_api_entry(package):
    missing = sorted(set(package.__all__) - documented_names(package.__name__))
    assert not missing, f"add these to docs/api.rst: {missing}"
    extra = sorted(documented_names(package.__name__) - set(package.__all__))
    assert not extra, f"documented but not public: {extra}"


def test_all_names_exist_once():
    # (ruff's RUF022 keeps __all__ in its isort-style order)
    assert len(set(hanoi_magnet.__all__)) == len(hanoi_magnet.__all__)
    for name in hanoi_magnet.__all__:
        assert hasattr(hanoi_magnet, name), name


@pytest.mark.parametrize("package", [hanoi_magnet, notation, evaluation])
def test_every_public_callable_has_a_docstring_with_an_example(package):
    for name in package.__all__:
        value = getattr(package, name)
        if callable(value) and not isinstance(value, type(hanoi_magnet.Step)):
            doc = value.__doc__ or ""
            assert ">>>" in doc, f"{name} has no doctest example"
