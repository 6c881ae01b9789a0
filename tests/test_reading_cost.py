"""The reading's work grows with the answer, not with the answer times its number of runs.

Counted, not timed: the characters of prose the decision between readings looks at (for a
heading, or for a draft) stay within a few times the answer's length however many runs of
moves follow a long reasoning. Before, each run looked again at the whole prose before the
first run: for the answers below, hundreds of times over.
"""

from __future__ import annotations

import pytest

from hanoi_magnet.notation import _decide, extract_moves

_REASONING = "Let me think about which disk to move here.\n" * 3000

#: Answers of many runs after a long reasoning, each run compared with the first one's heading.
_SHAPES = {
    "a heading announcing the answer before each run": "Here is the solution:\nA->B\nB->C\n",
    "other moves under each heading": "Here is the solution:\nA->B\nC->B\n",
    "a short remark before each run": "Now:\nA->B\nB->A\n",
    "moves made, then moves to make": "Moves so far:\nA->B\nNext moves:\nB->C\n",
    "a correction before each run": "Actually, wait, that is wrong.\nA->B\n",
    "a puzzle of another size before each run": "For 2 disks:\nA->B\nB->C\n",
}


@pytest.mark.parametrize("run", list(_SHAPES.values()), ids=list(_SHAPES))
def test_the_prose_before_the_first_run_is_looked_at_once_not_once_a_run(monkeypatch, run):
    looked_at: list[int] = []
    for name in ("heading_of", "drafted"):
        original = getattr(_decide, name)

        def counted(prose: str, original=original) -> object:
            looked_at.append(len(prose))
            return original(prose)

        monkeypatch.setattr(_decide, name, counted)
    text = _REASONING + run * 300
    found = extract_moves(text)
    assert found.moves  # (the runs are read)
    assert sum(looked_at) <= 4 * len(text), (len(looked_at), sum(looked_at), len(text))
