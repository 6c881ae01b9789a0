"""Checking a distance table without trusting the search that made it (pure Python)."""

from __future__ import annotations

from collections.abc import Sequence

from hanoi_magnet.search._exhaustive.layout import CodeLayout
from hanoi_magnet.search._exhaustive.neighbours import CodeMoves


def first_violation(layout: CodeLayout, values: Sequence[int], goal: int, mark: int) -> str | None:
    """The same check as :func:`.remoteness_numpy.first_violation`, one code at a time."""
    if len(values) != layout.size:
        return f"the table has {len(values):,} values for {layout.size:,} codes"
    codes = CodeMoves(layout)
    for code in range(layout.size):
        if not layout.is_position(code):
            expected = mark
        elif code == goal:
            expected = 0
        else:
            nearest = min((values[after] for after in codes.successors(code)), default=mark)
            expected = min(nearest + 1, mark)
        if values[code] != expected:
            return (
                f"code {code} holds {values[code]}, but its moves say {expected} "
                f"({mark} marks no distance)"
            )
    return None
