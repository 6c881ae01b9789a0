"""A picture of the pegs without brackets holds no move: ``1: 3 2 | 2: empty | 3: 1``.

Found by the fourth red-team pass (issue 32, item 1): a model that shows the position after
each move as named pegs apart by ``|`` or ``;`` wrote lines whose first peg, ``1: 3 2``, reads
as the library's move of disk 1 from peg 3 to peg 2 (30 of 80 answers misread with the picture
on its own line, 4 of 80 beside the move). A picture's pegs hold disks from 1, none twice, and
one peg is empty or of one disk; a move of numbers always names two.
"""

from __future__ import annotations

import pytest

from hanoi_magnet import Move
from hanoi_magnet.notation import PegNames, extract_moves
from hanoi_magnet.notation._snapshots import without_pictures
from hanoi_magnet.registry import solve


def _positions(n: int) -> list[tuple[Move, list[list[int]]]]:
    pegs: list[list[int]] = [list(range(n, 0, -1)), [], []]
    steps = []
    for move in solve("classic", n):
        pegs[move.target].append(pegs[move.source].pop())
        steps.append((move, [list(peg) for peg in pegs]))
    return steps


def _picture(pegs: list[list[int]], names: str, separator: str, empty: str, joiner: str) -> str:
    return separator.join(
        f"{names[index]}: {joiner.join(map(str, peg)) if peg else empty}"
        for index, peg in enumerate(pegs)
    )


@pytest.mark.parametrize("n", [3, 4])
@pytest.mark.parametrize("names", ["123", "ABC"])
@pytest.mark.parametrize("separator", [" | ", "; ", " |  "])
@pytest.mark.parametrize("empty", ["empty", "-", "none"])
@pytest.mark.parametrize("joiner", [" ", ", "])
@pytest.mark.parametrize("where", ["own line", "beside"])
def test_a_picture_without_brackets_after_each_move_is_passed_over(
    n, names, separator, empty, joiner, where
):
    lines = []
    for k, (move, pegs) in enumerate(_positions(n), 1):
        said = f"Move {k}: disk {move.disk} from {names[move.source]} to {names[move.target]}"
        picture = _picture(pegs, names, separator, empty, joiner)
        lines += [said, picture] if where == "own line" else [f"{said}  —  {picture}"]
    naming = PegNames.ONE if names == "123" else PegNames.LETTERS
    found = extract_moves("\n".join(lines), pegs=naming)
    assert [(m.disk, m.source, m.target) for m in found.moves] == [
        (m.disk, m.source, m.target) for m, _ in _positions(n)
    ], lines[:6]
    assert not found.ambiguous


@pytest.mark.parametrize(
    "moves",
    [
        "1: 1 3 | 2: 1 2 | 1: 3 2",  # the library's moves apart by bars: each names two pegs
        "1: 0 2; 2: 0 1; 1: 2 1",
        "A: 1 | B: 1",  # disk 1 twice: no position
        "1: 0 | 2: 3",  # no disk 0
    ],
)
def test_pegs_that_cannot_be_a_position_are_left_as_they_are(moves):
    assert without_pictures(moves) == moves
