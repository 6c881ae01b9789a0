"""The documentation covers the public API: every name in __all__ has an API entry."""

from __future__ import annotations

import re
from pathlib import Path

import hanoi_magnet

API = Path(__file__).resolve().parent.parent / "docs" / "api.rst"


def documented_names() -> set[str]:
    """Names given an autodoc entry while the current module is ``hanoi_magnet`` itself."""
    names, module = set(), None
    for line in API.read_text(encoding="utf-8").splitlines():
        if match := re.match(r"\.\. currentmodule:: ([\w.]+)", line):
            module = match.group(1)
        elif (match := re.match(r"\.\. auto\w+:: (\w+)$", line)) and module == "hanoi_magnet":
            names.add(match.group(1))
    return names


def test_every_public_name_has_an_api_entry():
    missing = sorted(set(hanoi_magnet.__all__) - documented_names())
    assert not missing, f"add these to docs/api.rst: {missing}"


def test_all_names_exist_once():
    # (ruff's RUF022 keeps __all__ in its isort-style order)
    assert len(set(hanoi_magnet.__all__)) == len(hanoi_magnet.__all__)
    for name in hanoi_magnet.__all__:
        assert hasattr(hanoi_magnet, name), name


def test_every_public_callable_has_a_docstring_with_an_example():
    for name in hanoi_magnet.__all__:
        value = getattr(hanoi_magnet, name)
        if callable(value) and not isinstance(value, type(hanoi_magnet.plans.Step)):
            doc = value.__doc__ or ""
            assert ">>>" in doc, f"{name} has no doctest example"
