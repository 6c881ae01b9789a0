"""A move sentence whose disk is described in words the reader does not know (a known gap).

"Move the smallest of the three disks from A to C", then ``A->B`` and ``C->B``: a careful
reader reads three moves. The reader reads some descriptions ("the tiny disk", "the smallest
ring") but passes over others as prose and reads the two later moves with confidence: a silent
misread, found while checking a mutant this stop and not fixed yet. The cases it misreads are
strict expected failures, so that the fix has to turn them into passes; the property: the
first move is read, or the reading hesitates (``ambiguous``) or gives up (no moves, or the
reader refuses); never the later moves alone, with confidence.
"""

from __future__ import annotations

import pytest

from hanoi_magnet.errors import NotationError
from hanoi_magnet.notation import extract_moves

_SHAPES = {
    "lines": "{move}\nA->B\nC->B\n",
    "numbered, blank lines between": "1. {move}\n\n2. A->B\n\n3. C->B\n",
    "numbered": "1. {move}\n2. A->B\n3. C->B\n",
}
_READ = ("the tiny disk", "the smallest ring", "disk one")
#: The descriptions and shapes read with confidence as the two later moves alone (today).
_MISREAD = {
    ("the smallest of the three disks", "lines"),
    ("the smallest of the three disks", "numbered, blank lines between"),
    ("the smallest of the disks", "lines"),
    ("the smallest of the disks", "numbered, blank lines between"),
    ("the littlest disk", "lines"),
    ("the littlest disk", "numbered, blank lines between"),
    ("the littlest disk", "numbered"),
    ("the little one", "lines"),
    ("the little one", "numbered, blank lines between"),
}
_DESCRIPTIONS = (*_READ, *sorted({description for description, _ in _MISREAD}))


def _cases() -> list[object]:
    cases: list[object] = []
    for description in _DESCRIPTIONS:
        for shape in _SHAPES:
            marks = (
                [pytest.mark.xfail(strict=True, reason="known gap: the sentence is prose")]
                if (description, shape) in _MISREAD
                else []
            )
            cases.append(pytest.param(description, shape, marks=marks, id=f"{description}-{shape}"))
    return cases


@pytest.mark.parametrize(("description", "shape"), _cases())
def test_a_move_sentence_with_an_unknown_disk_description_is_never_dropped_silently(
    description: str, shape: str
) -> None:
    text = _SHAPES[shape].format(move=f"Move {description} from A to C")
    try:
        found = extract_moves(text)
    except NotationError:
        return  # gives up: no confident reading
    assert found.moves[:1] == ((0, 2),) or found.ambiguous or not found.moves, found.moves
