"""A plan is no answer: moves listed beside steps that move several disks at once.

Found by a red-team pass (issue 32, item 1). Models often state the recursive plan before (or
instead of) the moves: "1. Move the top two disks from A to B. 2. Move the largest disk from A
to C. 3. Move the two disks from B to C." Its one step of a single disk was read as a move of
the answer, alone or joined to the moves written after the plan.

A step that moves several disks ("the top two disks", "the n-1 smaller disks", "disks 1 and
2", "the 2-disk tower") makes its list a plan: the moves listed beside it (items of the same
list) are steps of the plan. A step of several disks with the moves written under it is a
heading, and those moves (and its sibling moves) are the answer.
"""

from __future__ import annotations

import pytest

from hanoi_magnet.errors import NotationError
from hanoi_magnet.notation import extract_moves

MOVES = ("A->C", "A->B", "C->B", "A->C", "B->A", "B->C", "A->C")
PAIRS = ((0, 2), (0, 1), (2, 1), (0, 2), (1, 0), (1, 2), (0, 2))

TOWERS = [
    "Move the top two disks from A to B{stop}",
    "Move the top n-1 disks from A to B{stop}",
    "Transfer the 2 smaller disks from A to B{stop}",
    "Move disks 1 and 2 from A to B{stop}",
    "Move the 2-disk tower from A to B{stop}",
    "Move the tower of two disks from A to B{stop}",
    "First, move the top two disks from peg A to peg B{stop}",
]
LARGEST = [
    "Move the largest disk from A to C{stop}",
    "Move disk 3 from A to C{stop}",
    "A -> C (the largest disk){stop}",
]
BACK = "Move the two disks from B to C{stop}"
MARKERS = ["{k}. ", "{k}) ", "Step {k}: ", "- ", "* "]


def _plan(marker, tower, largest, stop=".", blank=False):
    steps = [tower, largest, BACK]
    lines = [marker.format(k=k) + step.format(stop=stop) for k, step in enumerate(steps, 1)]
    return ("\n\n" if blank else "\n").join(lines)


def _pairs(found):
    return tuple(m if isinstance(m, tuple) else (m.source, m.target) for m in found.moves)


@pytest.mark.parametrize("marker", MARKERS)
@pytest.mark.parametrize("tower", TOWERS)
@pytest.mark.parametrize("largest", LARGEST)
@pytest.mark.parametrize("blank", [False, True])
def test_a_plan_alone_gives_no_moves(marker, tower, largest, blank):
    text = "Plan:\n" + _plan(marker, tower, largest, blank=blank)
    with pytest.raises(NotationError):
        extract_moves(text)


@pytest.mark.parametrize("marker", MARKERS)
@pytest.mark.parametrize("tower", TOWERS)
@pytest.mark.parametrize("largest", LARGEST)
@pytest.mark.parametrize("moves", ["Moves:\n{lines}", "So the moves are: {inline}"])
def test_a_plan_then_the_moves_gives_the_moves(marker, tower, largest, moves):
    written = moves.format(lines="\n".join(MOVES), inline=", ".join(MOVES))
    text = "Plan:\n" + _plan(marker, tower, largest) + "\n\n" + written
    found = extract_moves(text)
    assert _pairs(found) == PAIRS and not found.ambiguous, text


@pytest.mark.parametrize("tower", TOWERS)
def test_a_plan_in_one_sentence_gives_no_moves(tower):
    text = (
        f"{tower.format(stop='.')} Then move the largest disk from A to C. Finally, "
        "move the two disks from B to C."
    )
    with pytest.raises(NotationError):
        extract_moves(text)


@pytest.mark.parametrize("marker", ["{k}. ", "Step {k}: ", "- ", "**Step {k}:** "])
@pytest.mark.parametrize("under", ["   {move}", "   - {move}", "{move}"])
def test_steps_of_several_disks_with_their_moves_under_them_are_headings(marker, under):
    groups = [
        ("Move the top two disks from A to B:", MOVES[:3]),
        ("Move disk 3 from A to C", ()),
        ("Move the two disks from B to C:", MOVES[4:]),
    ]
    lines = []
    for k, (heading, moves) in enumerate(groups, 1):
        lines.append(marker.format(k=k) + heading)
        lines += [under.format(move=move) for move in moves]
    found = extract_moves("\n".join(lines))
    assert _pairs(found) == PAIRS and not found.ambiguous, lines


def test_moves_listed_before_a_step_of_several_disks_are_in_doubt():
    found = extract_moves("1. Move disk 1 from A to C\n2. Move the other two disks from A to B")
    assert found.ambiguous


@pytest.mark.parametrize(
    "line",
    [
        "Move the top disk from A to C",
        "Take the top disk from A to C",
        "A->C (this starts moving the top two disks to B)",
        "Move disk 1 from A to C. Now the two disks sit on C.",
    ],
)
def test_a_move_of_one_disk_is_no_plan(line):
    found = extract_moves(f"1. {line}\n2. A->B\n3. C->B")
    assert _pairs(found) == PAIRS[:3] and not found.ambiguous


@pytest.mark.parametrize("bullet", ["- ", "* ", "• "])
@pytest.mark.parametrize("gap", ["\n", "\n\n"])
def test_moves_listed_after_a_plan_in_the_same_list_are_in_doubt(bullet, gap):
    # "- Move the top two disks ...", ..., then the moves as more bullets of the same list:
    # the first move could be a step of the plan or the answer's first move
    steps = [tower.format(stop="") for tower in (TOWERS[0], LARGEST[0], BACK)]
    plan = "\n".join(bullet + step for step in steps)
    text = plan + gap + "\n".join(bullet + move for move in MOVES)
    found = extract_moves(text)
    assert found.ambiguous and PAIRS[1:] == _pairs(found)[-6:], text


@pytest.mark.parametrize(
    ("first", "back"),
    [
        ("To move 2 disks from A to B:", "To move 2 disks from B to C:"),
        ("Top two disks to B:", "Top two disks to C:"),
        ("Sub-tower A→B:", "Sub-tower B→C:"),
        ("For the top 2 disks (A to B):", "For the top 2 disks (B to C):"),
        ("hanoi(2, A, B, C):", "hanoi(2, B, C, A):"),
        ("Move the top two disks from A to B:", "Move the two disks from B to C:"),
    ],
)
@pytest.mark.parametrize("middle", ["Move disk 3: A→C", "Largest disk: A→C", "Then A→C"])
def test_a_heading_of_several_disks_before_its_moves_on_one_line(first, back, middle):
    text = f"{first} {', '.join(MOVES[:3])}\n{middle}\n{back} {', '.join(MOVES[4:])}"
    found = extract_moves(text)
    assert _pairs(found) == PAIRS and not found.ambiguous, text


@pytest.mark.parametrize(
    "first",
    [
        "Move the smallest of the three disks from A to C",
        "Move the topmost of the three disks from A to C",
        "Move the smallest of all disks from A to C",
    ],
)
def test_one_disk_among_several_is_no_step_of_several(first):
    # (third red-team pass: the first item was dropped as a plan's step, with no doubt)
    rest = ["Move the middle disk from A to B", "Move the smallest disk from C to B"]
    text = "\n".join(f"{k}. {line}" for k, line in enumerate([first, *rest], 1))
    found = extract_moves(text)
    assert _pairs(found) == PAIRS[:3] or found.unreadable is not None or found.ambiguous
