"""Everything the reader and the scorer remember between calls, and a way to forget it.

Used by the mutation run (tests/conftest.py), so that each test exercises the rules rather than
a reading an earlier test left behind; tests/test_memos.py checks that the list is complete
enough: after forgetting, a line read before is read again.
"""

from __future__ import annotations

import functools

from hanoi_magnet.evaluation import _detail, _echo, _rg_reward, _score
from hanoi_magnet.notation import NOTATIONS, _cut, _extract, _lines, _mentions, _naming, _segments


def forget_readings() -> None:
    """Empty the memos of the reader and the scorer (module tables, caches, notation tables)."""
    _lines.line_reader()._seen.clear()
    _lines.line_reader()._cells.clear()
    for table in (
        _cut._BEGUN_LINES,
        _mentions._PIECES,
        _mentions._KNOWN,
        _naming._DETECTED,
        _naming._KNOWN,
        _naming._NAMED,
        _segments._GLUE_GAPS,
        _detail._WRITTEN,
        _rg_reward._LINE_MOVES,
        _rg_reward._LINE_TOPS,
    ):
        table.clear()
    for module in (_extract, _echo, _score):
        for value in vars(module).values():
            if isinstance(value, functools._lru_cache_wrapper):
                value.cache_clear()
    for notation in NOTATIONS.values():
        for name in ("_lines", "_lines_of", "_taught"):
            vars(notation).pop(name, None)
