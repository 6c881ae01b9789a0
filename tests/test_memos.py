"""The mutation run's forgetting (tests/memos.py) reaches the reader's memos."""

from __future__ import annotations

import contextlib

from hanoi_magnet.errors import NotationError
from hanoi_magnet.evaluation import audit, generate
from hanoi_magnet.notation import _lines, _naming, extract_moves, get_notation
from hanoi_magnet.testing import sample_answers
from tests.memos import MEMO_TABLES, forget_readings, function_caches, reader_modules


def test_after_forgetting_a_line_read_before_is_read_again(monkeypatch):
    extract_moves("Sure: A->C, A->B\nThen C->B, done.")
    assert _lines.line_reader().known("Then C->B, done.") is not None
    forget_readings()
    assert _lines.line_reader().known("Then C->B, done.") is None
    calls = []
    read_line = _lines.read_line
    monkeypatch.setattr(_lines, "read_line", lambda line: calls.append(line) or read_line(line))
    extract_moves("Sure: A->C, A->B\nThen C->B, done.")
    assert "Then C->B, done." in calls


def test_forgetting_empties_the_notation_tables_and_the_names():
    notation = get_notation("letter-arrows")
    extract_moves("A->C\nA->B\nC->B", notation=notation)
    assert _naming._NAMED
    forget_readings()
    assert not _naming._NAMED
    assert "_lines_of" not in vars(notation) and "_taught" not in vars(notation)
    # read again as before, from nothing
    assert extract_moves("A->C\nA->B\nC->B", notation=notation).moves == ((0, 2), (0, 1), (2, 1))


def _tables() -> dict[str, int]:
    """The size of every module-level dict, set and list of the reader and the scorer."""
    sizes = {}
    for module in reader_modules():
        for name, value in vars(module).items():
            if isinstance(value, (dict, set, list)) and not name.startswith("__"):
                sizes[f"{module.__name__}.{name}"] = len(value)
    return sizes


def test_every_memo_the_reader_and_the_scorer_fill_is_forgotten():
    # a varied workload: the grammar's answers read, and generated instances scored
    forget_readings()
    before = _tables()
    for answer in sample_answers(seed=7, count=300):
        with contextlib.suppress(NotationError):  # some answers have no moves on purpose
            extract_moves(answer.text, pegs=answer.pegs, posts=answer.posts)
    audit(generate(seed=7, count=24, unsolvable=0.1))  # every policy's answers scored
    grown = {name for name, size in _tables().items() if size > before.get(name, 0)}
    filled = {name for name, cache in function_caches() if cache.cache_info().currsize}
    assert grown and filled  # the workload reached the memos
    forget_readings()
    after = _tables()
    assert {name for name in grown if after[name] > before.get(name, 0)} == set()
    assert {name for name, cache in function_caches() if cache.cache_info().currsize} == set()
    # and every named memo table exists (a renamed table would otherwise be skipped silently)
    listed = {f"{module}.{name}" for module, names in MEMO_TABLES.items() for name in names}
    assert listed <= set(after)
