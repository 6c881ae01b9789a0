"""Releasing the engine's caches (thread-safe: each computation keeps the generation it read)."""

from __future__ import annotations

from hanoi_magnet._engine import descent, moves
from hanoi_magnet._engine.table import all_tables


def clear_caches() -> None:
    """Forget every memoised length, level record, template, block and expansion."""
    for table in all_tables():
        table.clear()
    moves.clear_caches()
    descent.clear_rows()
