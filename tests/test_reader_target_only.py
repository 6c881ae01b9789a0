"""A move that names only its target is no move from the peg numbered like its disk.

"Move disk 1 to peg 3" was read as the move from peg 1 to peg 3 with no doubt (the disk's
number taken for the source peg), and "Disk 2 → Peg 2" as a move from peg 2 to peg 2. A
careful reader knows the target only: the move cannot be read. Found by a red-team pass over
answers as models write them (issue 32, item 1). The class: every way of writing a disk and a
target, every disk and target number, alone and in a list.
"""

from __future__ import annotations

import itertools

import pytest

from hanoi_magnet.errors import NotationError
from hanoi_magnet.notation import PegNames, extract_moves

FORMS = [
    "Move disk {d} to peg {t}",
    "move disk {d} onto peg {t}",
    "Disk {d} → Peg {t}",
    "disk {d} -> {t}",
    "Move disk {d} to {t}",
    "Put disk {d} on peg {t}",
]


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("pegs", [None, PegNames.ONE, PegNames.ZERO])
def test_a_disk_and_a_target_are_never_read_as_a_move_from_the_disks_number(form, pegs):
    for disk, target in itertools.product(range(1, 4), range(1, 4)):
        lines = [form.format(d=disk, t=target), form.format(d=disk + 1, t=target)]
        try:
            found = extract_moves("\n".join(lines), pegs=pegs)
        except NotationError:
            continue  # nothing read
        assert found.unreadable is not None or found.ambiguous or not found.moves, lines


def test_a_disk_with_its_source_and_target_is_still_read():
    found = extract_moves("Move disk 1 from peg 1 to peg 3\nMove disk 2 from peg 1 to peg 2")
    assert [(m.disk, m.source, m.target) for m in found.moves] == [(1, 0, 2), (2, 0, 1)]
    assert extract_moves("disk 2: 1 -> 3").moves[0].disk == 2
    assert extract_moves("Move disk 1 A to C").moves[0].disk == 1
