"""A step's number on a line of its own above its move: "Step 4:", then "Move disk 3 from A to C".

Found while widening the answer grammar (issue 32, item 1): each move under a heading that is
only its step's number ("### Step 4", "**Step 4**", "Move 4 of 7:") is one run of one move
after a line of prose. From the fourth step on, a move with the same pegs as an earlier one
(disk 3 from A to C after disk 1 from A to C) was taken for a quote of the answer, and the
reading was in doubt or, read as pegs only, cut short. The headings number the runs in turn,
as ``4. A->C`` does on one line: the list goes on.
"""

from __future__ import annotations

import pytest

from hanoi_magnet import Move
from hanoi_magnet.notation import extract_moves
from hanoi_magnet.registry import solve

HEADINGS = [
    "### Step {k}",
    "**Step {k}**",
    "Step {k}:",
    "Step {k}",
    "__Step {k}__",
    "**Move {k}:**",
    "#### Move {k}",
    "Move {k} of {n}:",
    "Action {k}:",
    "**Step {k}/{n}**",
]
BODIES = [
    "Move disk {d} from {s} to {t}.",
    "{s} -> {t}",
    "Move the top disk from peg {s} to peg {t}",
    "- Move disk {d} from {s} to {t}",
    "`{s}→{t}`",
    "Disk {d}: {s} → {t}",
]


def _answer(heading: str, body: str, gap: str, n: int) -> tuple[str, list[tuple[int, int]]]:
    moves = list(solve("classic", n))
    steps = [
        heading.format(k=k, n=len(moves))
        + "\n"
        + body.format(d=m.disk, s="ABC"[m.source], t="ABC"[m.target])
        for k, m in enumerate(moves, 1)
    ]
    return gap.join(steps), [(m.source, m.target) for m in moves]


@pytest.mark.parametrize("heading", HEADINGS)
@pytest.mark.parametrize("body", BODIES)
@pytest.mark.parametrize("gap", ["\n", "\n\n", "\r\n"])
@pytest.mark.parametrize("n", [3, 4])
def test_moves_under_headings_numbered_in_turn_are_one_answer(heading, body, gap, n):
    text, expected = _answer(heading, body, gap, n)
    found = extract_moves(text)
    pairs = [(m.source, m.target) if isinstance(m, Move) else m for m in found.moves]
    assert pairs == expected and not found.ambiguous, text[:300]


@pytest.mark.parametrize("heading", ["### Step {k}", "Step {k}:", "**Move {k}:**"])
def test_headings_that_start_again_are_a_second_answer_not_the_same_list(heading):
    """Step 1 to 3, then Step 1 to 3 again with other moves: two answers, the later one
    read after no correction cue is still not one list of six moves."""
    first, _ = _answer(heading, "{s} -> {t}", "\n", 2)
    second = "\n".join(
        heading.format(k=k, n=3) + "\n" + f"{s} -> {t}"
        for k, (s, t) in enumerate([("A", "C"), ("A", "B"), ("C", "B")], 1)
    )
    found = extract_moves(first + "\n\n" + second)
    assert len(found.moves) != 6 or found.ambiguous


@pytest.mark.parametrize("word", ["Option", "Alternative", "Answer", "Attempt", "Solution"])
@pytest.mark.parametrize("layout", ["heading", "inline"])
def test_answers_numbered_in_turn_are_offered_answers_not_steps(word, layout):
    """ "Option 1:" then "Option 2:" number answers: a hedge, never one list of both."""
    options = [["A -> C", "A -> B", "C -> B"], ["A -> B", "A -> C", "B -> C"]]
    if layout == "heading":
        text = "\n\n".join(
            f"{word} {k}:\n" + "\n".join(moves) for k, moves in enumerate(options, 1)
        )
    else:
        text = "\n".join(f"{word} {k}: " + ", ".join(moves) for k, moves in enumerate(options, 1))
    found = extract_moves(text)
    assert found.ambiguous or [tuple(m) for m in found.moves] in ([(0, 2), (0, 1), (2, 1)], []), (
        text
    )


@pytest.mark.parametrize("numbering", ["{k}. ", "{k}) ", "Step {k}: ", "**Move {k}:** "])
@pytest.mark.parametrize("gap", ["\n", "\n\n"])
@pytest.mark.parametrize("n", [2, 3])
def test_a_list_numbered_from_1_again_is_a_second_list(numbering, gap, n):
    """A list, then a list numbered from 1 again with other moves: two answers, nothing said of
    which is meant (never one answer of both); the same list twice is one answer."""
    moves = [f"{'ABC'[m.source]} -> {'ABC'[m.target]}" for m in solve("classic", n)]
    other = [f"{'ACB'[m.source]} -> {'ACB'[m.target]}" for m in solve("classic", n)]
    first = "\n".join(numbering.format(k=k) + move for k, move in enumerate(moves, 1))
    second = "\n".join(numbering.format(k=k) + move for k, move in enumerate(other, 1))
    found = extract_moves(first + gap + second)
    assert found.ambiguous, first + gap + second
    again = extract_moves(first + gap + first)
    assert len(again.moves) == len(moves) and not again.ambiguous
    start = "\n".join(numbering.format(k=k) + move for k, move in enumerate(moves[:2], 1))
    its_start = extract_moves(first + gap + start)  # its first moves said again
    assert len(its_start.moves) == len(moves) and not its_start.ambiguous


@pytest.mark.parametrize("numbering", ["1. ", "- ", "* "])
def test_a_markdown_list_numbered_1_throughout_is_one_list(numbering):
    """Markdown renders "1." on every item as 1, 2, 3: no item is numbered past 1."""
    moves = [f"{'ABC'[m.source]} -> {'ABC'[m.target]}" for m in solve("classic", 3)]
    found = extract_moves("\n".join(numbering + move for move in moves))
    assert len(found.moves) == 7 and not found.ambiguous


@pytest.mark.parametrize("bullet", ["", "* ", "- ", "> ", "**", "  * "])
@pytest.mark.parametrize("n", [3, 4])
def test_the_librarys_disk_labels_are_never_a_list_numbered_again(bullet, n):
    """ "1: S -> D", "2: S -> I", "1: D -> I": the numbers are disks (the library's notation),
    under a bullet too (the answer grammar's seed 2027 wrote "* 2: ...", "* 1: ..." and the
    second list was dropped as the first said again)."""
    moves = list(solve("classic", n))
    closing = "**" if bullet == "**" else ""
    lines = [f"{bullet}{m.disk}:{closing} {'SID'[m.source]} -> {'SID'[m.target]}" for m in moves]
    found = extract_moves("\n".join(lines))
    read = [(m.disk, m.source, m.target) for m in found.moves]
    assert read == [(m.disk, m.source, m.target) for m in moves] and not found.ambiguous, lines


@pytest.mark.parametrize(
    ("draft", "final"),
    [
        ("Step {k}: ", "* {d}: "),
        ("Step {k}: ", "{d}: "),
        ("{k}. ", "Step {k}: "),
        ("({k}) ", "{k}. "),
    ],
)
@pytest.mark.parametrize("prose", ["So the final answer is:", "Wait, that is wrong. Corrected:"])
def test_a_run_numbered_otherwise_after_prose_does_not_go_on_with_the_list(draft, final, prose):
    """A draft "Step 1: (1, 'S', 'I')", then "So the final answer is:" and "* 2: S to D" (disk 2):
    the final answer's number is no step 2 of the draft (the answer grammar's seed 2035: the
    two were read as one list, the draft's move first)."""
    first = draft.format(k=1, d=1) + "S -> I"
    later = "\n".join(
        final.format(k=k, d=m.disk) + f"{'SID'[m.source]} -> {'SID'[m.target]}"
        for k, m in enumerate(solve("classic", 2), 2)
    )
    found = extract_moves(f"{first}\n\n{prose}\n{later}")
    pairs = [(m.source, m.target) if isinstance(m, Move) else m for m in found.moves]
    expected = [(m.source, m.target) for m in solve("classic", 2)]
    assert pairs == expected or found.ambiguous, (first, later)
