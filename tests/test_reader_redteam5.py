"""Red-team pass 5 (issue 32, item 1): classes of answers once read with a silent misread.

* A disk and the peg it goes to, a number beside a letter ("1 -> D", "(2, I)", "S ==1==> D"),
  was read on S, I, D pegs as a move between two pegs (S, I, D also reads numbers from 0).

Each test reads a whole class (dozens of members or more).
"""

from __future__ import annotations

import itertools

import pytest

from hanoi_magnet.errors import NotationError
from hanoi_magnet.notation import PegNames, extract_moves

_NAMINGS = {"ABC": PegNames.LETTERS, "SID": PegNames.SID, "123": PegNames.ONE, "012": PegNames.ZERO}


def _solution(disks: int, source: int = 0, target: int = 2) -> list[tuple[int, int, int]]:
    """The optimal moves (disk, source, target) of a tower of ``disks`` on three posts."""
    if disks == 0:
        return []
    spare = 3 - source - target
    return [
        *_solution(disks - 1, source, spare),
        (disks, source, target),
        *_solution(disks - 1, spare, target),
    ]


def _pairs(moves) -> tuple[tuple[int, int], ...]:
    return tuple((m.source, m.target) if hasattr(m, "source") else tuple(m) for m in moves)


def _confident(found) -> bool:
    return not (found.ambiguous or found.truncated or found.unreadable is not None)


def _not_confident(text: str, pegs: PegNames | None) -> bool:
    try:
        found = extract_moves(text, pegs=pegs)
    except NotationError:
        return True
    return not _confident(found)


# -- a disk and its peg: a number beside a letter -----------------------------------------------

_DISK_AND_PEG = ["{d}→{t}", "{d} -> {t}", "({d}, {t})", "[{d}, {t}]", "{s} ==>{d}==> {t}"]


def _disk_and_peg_answers():
    for disks, target, form, sep in itertools.product(
        (2, 3, 4), (1, 2), _DISK_AND_PEG, (", ", "\n")
    ):
        moves = _solution(disks, 0, target)
        text = sep.join(form.format(d=d, s="SID"[s], t="SID"[t]) for d, s, t in moves)
        yield pytest.param(text, id=f"{disks}-{target}-{form}-{sep!r}")


@pytest.mark.parametrize("text", list(_disk_and_peg_answers()))
def test_a_number_beside_a_letter_is_no_move_between_two_pegs(text):
    assert _not_confident(text, PegNames.SID), text
