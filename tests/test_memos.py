"""The mutation run's forgetting (tests/memos.py) reaches the reader's memos."""

from __future__ import annotations

from hanoi_magnet.notation import _lines, _naming, extract_moves, get_notation
from tests.memos import forget_readings


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
