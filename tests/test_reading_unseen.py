"""What the answer, shown, does not show (issue 32, item 4): HTML comments and image descriptions.

Each case is worked out from markdown's and HTML's own rules, not from the code: a comment runs
from ``<!--`` to the next ``-->`` (or, never closed, to the end); an image is ``![``, a
description whose brackets balance, ``]``, then ``(...)`` on the same line.
"""

from __future__ import annotations

import pytest

from hanoi_magnet.notation import extract_moves
from hanoi_magnet.notation._regions import unseen

CASES = [
    ("<!-- A->C -->", [(0, 13)]),
    ("A->C <!-- A->B", [(5, 14)]),  # never closed: to the end
    ("<!-- a --> b <!-- c -->", [(0, 10), (13, 23)]),
    ("![A->C](m.png)", [(0, 14)]),
    ("![moves = [[1, 0, 2]]](m.png)", [(0, 29)]),  # brackets inside balance
    ("![A->C\nA->B](m.png)", [(0, 19)]),  # a description over two lines
    ("![A->C](m.png\n)", []),  # the target's ")" on another line: no image
    ("![A->C] (m.png)", []),  # a space before "(": no image
    ("[A->C](m.png)", []),  # a link: shown
    ("![a ![b](x) c", [(4, 11)]),  # the outer "![" never closes; the inner is an image
    ("<!-- ![a](b) -->", [(0, 16)]),  # an image inside a comment: the comment only
    ("![[[[", []),
]


@pytest.mark.parametrize(("text", "regions"), CASES)
def test_what_is_not_shown(text, regions):
    assert [(a, b) for a, b, _ in unseen(text)] == regions


@pytest.mark.parametrize("size", [1, 1_000, 200_000])
def test_many_openings_give_the_same_answer_at_every_size(size):
    """Openings that never close, and ones that do, repeated (the searches go on after each)."""
    assert unseen("![" * size) == []
    assert unseen("![a](b" * size) == []
    assert len(unseen("![a](b)" * size)) == size
    assert len(unseen("<!--" * size)) == 1  # the first runs to the end, over all the others


def test_moves_beside_a_comment_and_an_image_are_read_with_them_skipped():
    found = extract_moves("![the pegs](p.png)\nA->C <!-- or A->B? -->\nA->B", posts=3)
    assert found.moves == ((0, 2), (0, 1)) and not found.ambiguous
    whys = {span.why for span in found.skipped}
    assert {"an image's description", "inside an HTML comment, not shown"} <= whys
