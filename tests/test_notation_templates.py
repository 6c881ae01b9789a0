"""The spaces of a notation's template, read back (issue 32, item 6).

A template's spaces match any run of spaces, at least one where removing it would join two
words or names (``Peg 1``, ``A C``), none needed elsewhere (``1: S -> D`` reads ``1:S->D``).
Checked for every space of every built-in line notation, on both sides of the rule.
"""

from __future__ import annotations

import pytest

from hanoi_magnet import solve
from hanoi_magnet.errors import NotationError
from hanoi_magnet.notation import NOTATIONS

_MOVE = solve("classic", 2)[1]  # disk 2 from S to D
_CASES = [
    (name, position)
    for name, notation in NOTATIONS.items()
    if not notation.is_list
    for position, char in enumerate(notation.format([_MOVE]).rstrip("\n"))
    if char == " "
]


def _joins(line: str, position: int) -> bool:
    """Whether the space at ``position`` stands between two letters or digits."""
    return line[position - 1].isalnum() and line[position + 1].isalnum()


def test_every_line_notation_with_spaces_is_covered():
    spaced = {name for name, _ in _CASES}
    assert {"library", "numbers", "reasoning-gym", "letters", "letters-to", "jsonl"} <= spaced


@pytest.mark.parametrize(("name", "position"), _CASES)
def test_a_space_of_a_template_matches_a_run_of_spaces(name, position):
    notation = NOTATIONS[name]
    line = notation.format([_MOVE]).rstrip("\n")
    wide = line[:position] + "   " + line[position + 1 :]
    assert notation.read(wide) == [notation.read(line)[0]]


@pytest.mark.parametrize(("name", "position"), _CASES)
def test_a_space_may_go_only_where_it_joins_no_two_words(name, position):
    notation = NOTATIONS[name]
    line = notation.format([_MOVE]).rstrip("\n")
    tight = line[:position] + line[position + 1 :]
    if _joins(line, position):
        with pytest.raises(NotationError):
            notation.read(tight)
    else:
        assert notation.read(tight) == notation.read(line)
