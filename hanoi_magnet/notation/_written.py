"""Which built-in notation a single move's text is written in (the reader's report names it)."""

from __future__ import annotations

import functools
import re

from hanoi_magnet.notation._builtin import NOTATIONS


@functools.lru_cache(maxsize=4096)  # answers repeat a handful of move texts many times
def notation_written(written: str, form: str) -> str:
    """The built-in notation whose one move ``written`` is exactly, else a name for its ``form``.

    ``form`` is the mention's form (``"move"``, ``"label"``, ``"spaced"``...): a label not in a
    built-in notation is ``"library-like"``, two pegs apart ``"numbers"`` or ``"letters"``.
    """
    for name, pattern in _templates():
        if pattern.fullmatch(written):
            return name
    if form == "spaced":
        return "numbers" if written[:1].isdigit() else "letters"
    if form == "label":
        return "library-like"
    return form


@functools.cache  # compiled when first needed: importing the reader stays cheap
def _templates() -> list[tuple[str, re.Pattern[str]]]:
    return [
        (notation.name, notation._pattern)
        for notation in NOTATIONS.values()
        if not notation.is_list and notation.name not in ("letters", "letter-arrows", "numbers")
    ]
