"""The documentation covers the public API: every public name has one API entry, at its home."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

import hanoi_magnet

API = Path(__file__).resolve().parent.parent / "docs" / "api"

#: The public packages and modules, and which of their names are documented there. The facade
#: documents what it exports; model, variants and validate document what it does not.
PACKAGES = {
    "hanoi_magnet": None,  # all of __all__
    "hanoi_magnet.plans": None,
    "hanoi_magnet.theory": None,
    "hanoi_magnet.search": None,
    "hanoi_magnet.draw": None,
    "hanoi_magnet.cli": None,
    "hanoi_magnet.view": None,
    "hanoi_magnet.testing": None,
    "hanoi_magnet.notation": None,
    "hanoi_magnet.evaluation": None,
    "hanoi_magnet.episode": None,
    "hanoi_magnet.model": ("MAX_DISKS", "post_name"),
    "hanoi_magnet.variants": ("SID_LABELS", "normalize_label"),
    "hanoi_magnet.validate": ("MoveLike", "parse_moves"),
}


def documented() -> dict[str, set[str]]:
    """Names given an autodoc (or py:data) entry, by the current module of the page."""
    found: dict[str, set[str]] = {}
    for page in sorted(API.glob("*.rst")):
        module = None
        for line in page.read_text(encoding="utf-8").splitlines():
            if match := re.match(r"\.\. currentmodule:: ([\w.]+)", line):
                module = match.group(1)
            elif (match := re.match(r"\.\. (?:auto\w+|py:data):: (\w+)$", line)) and module:
                found.setdefault(module, set()).add(match.group(1))
    return found


def public_names(package: str) -> tuple[str, ...]:
    names = PACKAGES[package]
    return tuple(importlib.import_module(package).__all__) if names is None else names


@pytest.mark.parametrize("package", sorted(PACKAGES))
def test_every_public_name_has_an_api_entry_at_its_home(package):
    missing = sorted(set(public_names(package)) - documented().get(package, set()))
    assert not missing, f"add these to docs/api under {package}: {missing}"


def test_no_name_is_documented_twice():
    seen: dict[str, str] = {}
    for module, names in documented().items():
        for name in names:
            value = getattr(importlib.import_module(module), name, None)
            if value is None or isinstance(value, (int, str, tuple)):
                continue  # constants with common values
            key = f"{getattr(value, '__module__', '')}.{getattr(value, '__qualname__', name)}"
            assert key not in seen or seen[key] == module, f"{name}: {seen.get(key)} and {module}"
            seen[key] = module


def test_the_moved_names_are_documented_at_their_homes():
    pages = documented()
    for name, home in hanoi_magnet._MOVED.items():
        assert name in pages.get(home, set()), f"{name} is not documented in {home}"


def test_all_names_exist_once():
    for package in PACKAGES:
        names = public_names(package)
        assert len(set(names)) == len(names)
        module = importlib.import_module(package)
        for name in names:
            assert hasattr(module, name), f"{package}.{name}"


@pytest.mark.parametrize("package", sorted(PACKAGES))
def test_every_public_callable_has_a_docstring_with_an_example(package):
    module = importlib.import_module(package)
    for name in public_names(package):
        value = getattr(module, name)
        if callable(value) and type(value).__name__ not in ("UnionType", "_GenericAlias"):
            doc = value.__doc__ or ""
            assert ">>>" in doc, f"{package}.{name} has no doctest example"


def test_moved_names_warn_and_resolve_to_their_homes():
    for name, home in hanoi_magnet._MOVED.items():
        with pytest.warns(DeprecationWarning, match=f"moved to {re.escape(home)}.{name}"):
            value = getattr(hanoi_magnet, name)
        assert value is getattr(importlib.import_module(home), name)
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        hanoi_magnet.nothing
    assert "count" in dir(hanoi_magnet)
