"""The prompt repeated back: lines of an answer that only copy the prompt are not the answer.

A policy that repeats the question (its rules, its positions, its instructions, the format
paragraph) must not be read as answering it. The prompt's lines that a reader could take for an
answer (a rule naming directions, "from Peg 0 to Peg 1"; the instruction to abstain) are found
once per prompt; an answer's lines that copy one of them (spaces, case, markup and list numbers
aside), whole or from a clause on, are blanked before the answer is read. An answer with
nothing but lines of the prompt is no answer. The prompt's own example of the answer format is
a placeholder that no puzzle accepts, so repeating it earns nothing either.
"""

from __future__ import annotations

import functools
import re

from hanoi_magnet._lookalikes import in_latin
from hanoi_magnet.errors import AmbiguousNotationError, NotationError
from hanoi_magnet.evaluation._outcome import abstains, abstention_lines
from hanoi_magnet.notation import extract_moves
from hanoi_magnet.notation._mentions import separated

_MARKUP = str.maketrans("", "", "*`_>#")
_SPACES = re.compile(r"\s+")
_NUMBERING = re.compile(r"^(?:[-•*]|\(?\d{1,3}[.)])\s+")
_CLAUSES = re.compile(r"(?<=[.:;])\s+")
_SHORTEST = 6  # shorter prompt lines ("Rules:") are too common to call an echo
# What a line needs to be read as an answer at all: a separator between pegs (any the reader
# knows: notation's own test), a bracket, the words of an abstention, or a short form (two
# capitals or two numbers: "AC", "S D", "0 2").
_MAYBE = re.compile(
    r"[\[{(]|unsolvable|impossible|\bno\s|cannot"
    r"|(?-i:\b[A-Z][ \t]?[A-Z]\b)|\b\d{1,2}[ \t]{1,3}\d{1,2}\b",
    re.IGNORECASE,
)


def _key(line: str) -> str:
    text = _SPACES.sub(" ", in_latin(line).translate(_MARKUP)).strip().casefold()
    return _NUMBERING.sub("", text)


def _pieces(line: str) -> list[str]:
    """A line, and each clause of it to the end (after ``:``, ``.``, ``;``)."""
    parts = _CLAUSES.split(line.strip())
    return [" ".join(parts[first:]) for first in range(len(parts))]


@functools.lru_cache(maxsize=256)
def _prompt_keys(prompt: str) -> frozenset[str]:
    """Every line of the prompt, and every clause of them to the end of their line."""
    keys = {_key(piece) for line in prompt.splitlines() for piece in _pieces(line)}
    return frozenset(key for key in keys if len(key) >= _SHORTEST)


@functools.lru_cache(maxsize=256)
def _answer_like(prompt: str) -> tuple[frozenset[str], tuple[str, ...]]:
    """The prompt's lines (and clauses) that read as an answer, and a quick test for them.

    The test: the longest word of each (casefolded, as the keys are), one of which a line that
    copies one must hold.
    """
    found: set[str] = set()
    for line in prompt.splitlines():
        for piece in _pieces(line):
            maybe = separated(piece) or _MAYBE.search(piece) is not None
            if len(piece) >= _SHORTEST and maybe and _reads(piece):
                found.add(_key(piece))
    words = {max(re.findall(r"[^\W\d_]{2,}", key) or [key], key=len) for key in found}
    return frozenset(found), tuple(sorted(words))


def _reads(piece: str) -> bool:
    # an abstention on a line of its own, or as the line's final statement (the last sentence
    # of a long line, which the scorer takes for the answer's claim even after a hedge)
    if abstention_lines(piece) or abstains(piece):
        return True
    try:
        found = extract_moves(piece, posts=26)  # any letter a peg: what some puzzle reads
    except AmbiguousNotationError:
        return True  # numbers that count from 0 or from 1: moves either way
    except NotationError:
        return False
    return bool(found.moves) or found.unreadable is not None or found.truncated


def without_echo(answer: str, prompt: str) -> tuple[str, int]:
    r"""``answer`` with its lines that copy an answer-like line of ``prompt`` blanked.

    Returns the text and how many lines were blanked. Blanked lines keep their length
    (spaces), so offsets in the reading report still point into the answer as given.

    Example:
        >>> prompt = "Rules:\nDisks may move only in these directions: from A to B, from B to C."
        >>> text, echoed = without_echo("from A to B, from B to C.\nA->B", prompt)
        >>> text.split("\n"), echoed
        (['                         ', 'A->B'], 1)
    """
    keys, words = _answer_like(prompt)
    if not words:
        return answer, 0
    folded = in_latin(answer).casefold()  # (per character: each line's casefolded text)
    if not any(word in folded for word in words):
        return answer, 0
    parts = answer.split("\n")
    echoed = 0
    for index, line in enumerate(parts):
        if line.strip() and _key(line) in keys:
            parts[index] = " " * len(line)
            echoed += 1
    return ("\n".join(parts), echoed) if echoed else (answer, 0)


def only_echo(answer: str, prompt: str) -> int:
    r"""How many lines the answer copies from the prompt, when it holds nothing else (else 0).

    Example:
        >>> only_echo("Rules:\nA disk may never go on a smaller one.", "Rules:\nA disk may "
        ...           "never go on a smaller one.\nGoal position: ..."), only_echo("A->C", "Rules:")
        (2, 0)
    """
    keys = _prompt_keys(prompt)
    lines = [line for line in answer.split("\n") if line.strip()]
    if not lines or any(_key(line) not in keys for line in lines):
        return 0
    return len(lines)
