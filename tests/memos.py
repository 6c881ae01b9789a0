"""Everything the reader and the scorer remember between calls, and a way to forget it.

Used by the mutation run (tests/conftest.py), so that each test exercises the rules rather than
a reading an earlier test left behind. The memos are found, not listed: every function cache of
every module of ``hanoi_magnet.notation`` and ``hanoi_magnet.evaluation``, every module table
whose name says it is a memo (:data:`MEMO_TABLES`), the line reader's tables and the notations'
remembered lines. tests/test_memos.py checks that nothing the reader fills is left out.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
from collections.abc import Iterator
from types import ModuleType

import hanoi_magnet.evaluation
import hanoi_magnet.notation
from hanoi_magnet.notation import NOTATIONS, _lines

#: Module tables that only remember readings (``module: names``); the other module-level
#: tables (registries, character maps) are fixed at import and must not be emptied.
MEMO_TABLES = {
    "hanoi_magnet.notation._cut": ("_BEGUN_LINES",),
    "hanoi_magnet.notation._mentions": ("_PIECES", "_KNOWN"),
    "hanoi_magnet.notation._naming": ("_DETECTED", "_KNOWN", "_NAMED"),
    "hanoi_magnet.notation._segments": ("_GLUE_GAPS",),
    "hanoi_magnet.evaluation._detail": ("_WRITTEN",),
    "hanoi_magnet.evaluation._rg_reward": ("_LINE_MOVES", "_LINE_TOPS"),
}


def reader_modules() -> Iterator[ModuleType]:
    """Every module of the reader and the scorer, imported."""
    for package in (hanoi_magnet.notation, hanoi_magnet.evaluation):
        yield package
        for info in pkgutil.iter_modules(package.__path__, f"{package.__name__}."):
            yield importlib.import_module(info.name)


def function_caches() -> Iterator[tuple[str, functools._lru_cache_wrapper[object]]]:
    """``(name, cache)`` for every ``functools.cache`` / ``lru_cache`` of those modules."""
    for module in reader_modules():
        for name, value in vars(module).items():
            if isinstance(value, functools._lru_cache_wrapper):
                yield f"{module.__name__}.{name}", value


def forget_readings() -> None:
    """Empty the memos of the reader and the scorer (module tables, caches, notation tables)."""
    _lines.line_reader()._seen.clear()
    _lines.line_reader()._cells.clear()
    _lines.line_reader()._numbers.clear()
    for module_name, names in MEMO_TABLES.items():
        module = importlib.import_module(module_name)
        for name in names:
            getattr(module, name).clear()
    for _, cache in function_caches():
        cache.cache_clear()
    for notation in NOTATIONS.values():
        for name in ("_lines", "_lines_of", "_taught"):
            vars(notation).pop(name, None)
