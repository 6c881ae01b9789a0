"""Whether an answer keeps to the asked notation, decided at once where it can be (issue 32).

``_at_once`` is the quick look of :meth:`Notation.deviation`: it answers ``None`` for a text that
is exactly the moves, one a line, as the notation writes them (blank lines, spaces at the ends
of lines and any line ends aside), the first line's difference when the first line differs, and
"unsure" for anything else, which the line-by-line look then decides. Both sides of its
contract are pinned here, with what deviation() reports in each case.
"""

from __future__ import annotations

import pytest

from hanoi_magnet import solve
from hanoi_magnet.notation import NOTATIONS
from hanoi_magnet.notation._notations import _UNSURE, _at_once

_MOVES = list(solve("classic", 3))
_KEEPS = [
    "\n".join,
    "\r\n".join,
    "\r".join,
    "\n\n".join,
    lambda lines: "\n".join(lines) + "\n",
    lambda lines: "\r\n".join(lines) + "\r\n\r\n",
    lambda lines: "\n".join(f"{line}  " for line in lines),
    "\n  \n".join,
    lambda lines: "\n\n" + "\n".join(lines),
]


@pytest.mark.parametrize("name", ["library", "reasoning-gym"])
@pytest.mark.parametrize("dress", _KEEPS)
def test_the_moves_one_a_line_keep_to_the_notation_and_are_decided_at_once(name, dress):
    notation = NOTATIONS[name]
    lines = [notation.format_move(move, 3) for move in _MOVES]
    region = dress(lines)
    assert _at_once(region, _MOVES, notation, 3) is None
    assert notation.deviation(region, _MOVES) is None


@pytest.mark.parametrize("name", ["library", "reasoning-gym"])
def test_a_first_line_that_differs_is_named_at_once(name):
    notation = NOTATIONS[name]
    lines = [notation.format_move(move, 3) for move in _MOVES]
    region = "\r\n".join(["1. " + lines[0], *lines[1:]])
    expected = f"line 1 is {'1. ' + lines[0]!r}, notation {name!r} writes {lines[0]!r}"
    assert _at_once(region, _MOVES, notation, 3) == expected
    assert notation.deviation(region, _MOVES) == expected


@pytest.mark.parametrize("name", ["library", "reasoning-gym"])
@pytest.mark.parametrize(
    ("change", "reported"),
    [
        (lambda lines: [*lines[:3], "(" + lines[3] + ")", *lines[4:]], "line 4 is"),
        (lambda lines: [*lines, "Done."], "text after the moves: 'Done.'"),
        (lambda lines: lines[:-1], "fewer lines than moves"),
        (lambda lines: [lines[0] + " " + lines[1], *lines[2:]], "line 1 is"),
    ],
)
def test_a_text_that_departs_later_is_left_to_the_line_by_line_look(name, change, reported):
    notation = NOTATIONS[name]
    lines = [notation.format_move(move, 3) for move in _MOVES]
    region = "\r\n".join(change(lines))
    quick = _at_once(region, _MOVES, notation, 3)
    assert quick is _UNSURE or quick.startswith("line 1 is")
    assert notation.deviation(region, _MOVES).startswith(reported)
