"""State.widget() and Solution.widget(): the viewer's widget, reached from the values."""

from __future__ import annotations

import subprocess
import sys

import pytest

from hanoi_magnet import State, solve
from hanoi_magnet.view import widget

pytest.importorskip("anywidget")


def test_solution_widget_is_the_viewers_widget_at_k():
    made = solve("RBB", 40).widget(k=2**39 + 5)
    reference = widget(solve("RBB", 40), k=2**39 + 5)
    assert (made.k, made.rules, made.n) == (reference.k, reference.rules, reference.n)
    assert made.k == 2**39 + 5 and made.rules == "RBB" and made.n == 40


def test_state_widget_plays_from_the_position_under_the_rules_named():
    board = State.parse("SSI/rrb").widget(label="RBN")
    assert (board.rules, board.n, board.position) == ("RBN", 3, "SSI/rrb")


def test_no_widget_library_is_imported_until_a_widget_is_made():
    code = "import sys, hanoi_magnet; print('anywidget' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
