"""Cyrillic and Greek letters drawn as Latin ones, made Latin: one table for reader and scorer.

"А->С" written with Cyrillic letters reads, to a person, as "A->C": the answer reader reads it
so, and the scorer's test for a repeated prompt compares lines so.
"""

from __future__ import annotations

import re

#: Each look-alike letter and the Latin letter it is drawn as.
LOOKALIKES = dict(
    zip(
        "АВСЕНІЈКМОРЅТХУаеіјорсѕухΑΒΕΖΗΙΚΜΝΟΡΤΥΧο",
        "ABCEHIJKMOPSTXYaeijopcsyxABEZHIKMNOPTYXo",
        strict=True,
    )
)
_LATIN = str.maketrans(LOOKALIKES)
_WORD = re.compile(r"[^\W\d_]+")


def in_latin(text: str) -> str:
    """``text`` with each word whose every letter looks Latin written in Latin letters.

    The same length, letter for letter. "Pеg" (with a Cyrillic е) and "А" become "Peg" and
    "A"; a Russian or Greek word ("на", "Ѕтоп" with its "п") keeps its letters.

    >>> in_latin("\u0410->\u0421 на")
    'A->C на'
    """
    if text.isascii() or set(text).isdisjoint(LOOKALIKES):
        return text
    return _WORD.sub(_latin, text)


def _latin(word: re.Match[str]) -> str:
    letters = word.group(0)
    if letters.isascii():
        return letters
    latin = letters.translate(_LATIN)
    return latin if latin.isascii() else letters
