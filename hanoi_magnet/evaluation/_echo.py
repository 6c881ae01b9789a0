"""The prompt repeated back: lines of an answer that only copy the prompt are not the answer.

A policy that repeats the question (its rules, its positions, its instructions, the format
paragraph) must not be read as answering it: before the answer is read, every line that is a
line of the prompt (spaces, case and markup aside) is blanked. The prompt's own example of the
answer format is a placeholder that no puzzle accepts, so repeating it earns nothing either.
"""

from __future__ import annotations

import functools
import re

_MARKUP = str.maketrans("", "", "*`_>#")
_SPACES = re.compile(r"\s+")
_NUMBERING = re.compile(r"^(?:[-•*]|\(?\d{1,3}[.)])\s+")
_CLAUSES = re.compile(r"(?<=[.:;])\s+")
_SHORTEST = 6  # shorter prompt lines ("Rules:") are too common to call an echo


def _key(line: str) -> str:
    text = _SPACES.sub(" ", line.translate(_MARKUP)).strip().casefold()
    return _NUMBERING.sub("", text)


@functools.lru_cache(maxsize=256)
def _prompt_lines(prompt: str) -> frozenset[str]:
    """The prompt's lines, and each sentence or clause of them (after ``:``, ``.``, ``;``)."""
    keys: set[str] = set()
    for line in prompt.splitlines():
        keys.add(_key(line))
        pieces = _CLAUSES.split(line.strip())
        for first in range(len(pieces)):
            keys.add(_key(" ".join(pieces[first:])))
            keys.add(_key(pieces[first]))
    return frozenset(key for key in keys if len(key) >= _SHORTEST)


def without_echo(answer: str, prompt: str) -> tuple[str, int]:
    r"""``answer`` with its lines that repeat a line of ``prompt`` blanked; how many there were.

    Blanked lines keep their length (spaces), so offsets in the reading report still point
    into the answer as given.

    Example:
        >>> text, echoed = without_echo("Rules:\nA disk may never go on a smaller one.\nA->C",
        ...                             "Rules:\nA disk may never go on a smaller one.")
        >>> text.split("\n")[2], echoed
        ('A->C', 2)
    """
    lines = _prompt_lines(prompt)
    if not lines:
        return answer, 0
    folded = answer.casefold()
    if not any(_first_words(key) in folded for key in lines):
        return answer, 0
    parts = answer.split("\n")
    echoed = 0
    for index, line in enumerate(parts):
        if line.strip() and _key(line) in lines:
            parts[index] = " " * len(line)
            echoed += 1
    return ("\n".join(parts), echoed) if echoed else (answer, 0)


def _first_words(key: str) -> str:
    """A piece of a prompt line that any copy of it holds (a quick test before the lines)."""
    return key[:12]
