"""A step whose move is said twice, in two forms, is one move.

Found by a red-team pass (issue 32, item 1): models head each step with its move and then say
it again in words, on the next line or on the same one:

* ``**Step 1: A → C**`` then "Move disk 1 from A to C." was read as two moves, A->C twice;
* ``1. A->C - Move disk 1 from A to C`` and ``1. Move disk 1 from A to C → A->C`` too;
* ``1. A->C: move disk 1 from A to C`` could not be read at all.

The same move twice in a row is never legal (the second would put a larger disk on the first),
so a move said again in another form is the same step. Written the same way twice, a move is
read twice, as written: that is no restatement but a repeated line.
"""

from __future__ import annotations

import itertools

import pytest

from hanoi_magnet.notation import extract_moves

#: The optimal solution of three disks from A to C: (disk, source, target).
SOLUTION = ((1, 0, 2), (2, 0, 1), (1, 2, 1), (3, 0, 2), (1, 1, 0), (2, 1, 2), (1, 0, 2))
PAIRS = tuple((source, target) for _, source, target in SOLUTION)
LETTERS = "ABC"

SHORT = {
    "arrow": lambda d, s, t: f"{LETTERS[s]} -> {LETTERS[t]}",
    "unicode arrow": lambda d, s, t: f"{LETTERS[s]} → {LETTERS[t]}",
    "pegs": lambda d, s, t: f"Peg {LETTERS[s]} → Peg {LETTERS[t]}",
}
LONG = {
    "sentence": lambda d, s, t: f"Move disk {d} from {LETTERS[s]} to {LETTERS[t]}.",
    "pegs": lambda d, s, t: f"Move disk {d} from peg {LETTERS[s]} to peg {LETTERS[t]}",
    "top disk": lambda d, s, t: f"move the top disk from {LETTERS[s]} to {LETTERS[t]}",
}
HEADERS = [
    "**Step {k}: {move}**",
    "Step {k}: {move}",
    "### Step {k}: {move}",
    "{k}. {move}",
    "{k}) {move}",
    "**Move {k}:** {move}",
]
DETAILS = ["{move}", "- {move}", "   {move}", "   * {move}", "> {move}"]


def _answer(header, detail, short, long, blank, swap=False):
    lines = []
    for k, (disk, source, target) in enumerate(SOLUTION, 1):
        first, second = SHORT[short](disk, source, target), LONG[long](disk, source, target)
        if swap:
            first, second = second, first
        lines.append(header.format(k=k, move=first))
        if blank:
            lines.append("")
        lines.append(detail.format(move=second))
    return "Here is the solution:\n" + "\n".join(lines) + "\n"


@pytest.mark.parametrize("header", HEADERS)
@pytest.mark.parametrize("detail", DETAILS)
@pytest.mark.parametrize("blank", [False, True])
def test_a_step_said_again_on_the_next_line_is_one_move(header, detail, blank):
    for short, long, swap in itertools.product(SHORT, LONG, (False, True)):
        text = _answer(header, detail, short, long, blank, swap)
        found = extract_moves(text)
        pairs = tuple((m[0], m[1]) if isinstance(m, tuple) else (m.source, m.target)
                      for m in found.moves)  # fmt: skip
        assert pairs == PAIRS and not found.ambiguous and found.unreadable is None, text


SAME_LINE = [
    "{short} - {long}",
    "{short} — {long}",
    "{short}: {long}",
    "{long} → {short}",
    "{long} ({short})",
    "{short} ({long})",
    "{short}, i.e. {long}",
]


@pytest.mark.parametrize("form", SAME_LINE)
@pytest.mark.parametrize("short", ["arrow", "unicode arrow"])
@pytest.mark.parametrize("long", ["sentence", "pegs"])
def test_a_step_said_again_on_its_own_line_is_one_move(form, short, long):
    lines = []
    for k, (disk, source, target) in enumerate(SOLUTION, 1):
        both = form.format(
            short=SHORT[short](disk, source, target),
            long=LONG[long](disk, source, target).rstrip("."),
        )
        lines.append(f"{k}. {both}")
    found = extract_moves("\n".join(lines))
    pairs = tuple((m[0], m[1]) if isinstance(m, tuple) else (m.source, m.target)
                  for m in found.moves)  # fmt: skip
    assert pairs == PAIRS and found.unreadable is None, lines


@pytest.mark.parametrize("detail", DETAILS)
def test_a_move_written_the_same_way_twice_is_read_twice(detail):
    lines = []
    for k, (_, source, target) in enumerate(SOLUTION[:3], 1):
        move = f"{LETTERS[source]}->{LETTERS[target]}"
        lines += [f"{k}. {move}", detail.format(move=move)]
    found = extract_moves("\n".join(lines))
    assert found.moves == tuple(pair for pair in PAIRS[:3] for _ in (0, 1))


def test_a_different_move_under_a_step_is_read():
    text = "Step 1: A -> C\nMove disk 2 from A to B\nStep 2: C -> B"
    assert [(m.source, m.target) if hasattr(m, "source") else m
            for m in extract_moves(text).moves] == [(0, 2), (0, 1), (2, 1)]  # fmt: skip


def test_a_label_under_the_last_step_states_an_answer_of_its_own():
    # "Moves: A->C" after the list announces a whole answer: a second answer, not step 3 again
    text = "1. A->C\n2. A->B\n3. Move disk 1 from C to B\nMoves: C->B"
    found = extract_moves(text)
    assert found.ambiguous


def test_the_same_move_in_another_form_is_dropped_only_right_after_it():
    # "A->C, then A->B, then move disk 1 from A to C": not restated (A->B between), read
    found = extract_moves("A->C, then A->B, then move disk 1 from A to C")
    assert len(found.moves) == 3


@pytest.mark.parametrize(
    "heading",
    [
        "First, move disk {d} from {s} to {t}:",
        "### Step {k}: Move disk {d} from {s} to {t}",
        "**Phase {k}: Move disk {d} from {s} to {t}**",
        "**Step {k}: Move disk {d} from {s} to {t}**",
        "**Action {k}/7: {s} → {t}**",
        "Step {k} of 7: move disk {d} from {s} to {t}:",
        "Move disk {d} from peg {s} to peg {t}:",
    ],
)
@pytest.mark.parametrize(
    "under", ["{s} -> {t}", "{k}. {s} -> {t}", "{k}. Move disk {d} from {s} to {t}"]
)
def test_a_move_under_a_heading_that_says_it_is_one_move(heading, under):
    # (a found by the third red-team pass: a heading that is a move, then the move under it)
    lines = []
    for k, (d, s, t) in enumerate(SOLUTION, 1):
        names = {"k": k, "d": d, "s": LETTERS[s], "t": LETTERS[t]}
        lines += [heading.format(**names), under.format(**names)]
    found = extract_moves("\n".join(lines))
    pairs = tuple(m if isinstance(m, tuple) else (m.source, m.target) for m in found.moves)
    assert pairs == PAIRS and not found.ambiguous, lines


def test_a_move_nested_under_its_numbered_step_is_one_move():
    lines = []
    for k, (d, s, t) in enumerate(SOLUTION, 1):
        lines += [
            f"{k}. Move disk {d} from {LETTERS[s]} to {LETTERS[t]}",
            f"   {k}. {LETTERS[s]} -> {LETTERS[t]}",
        ]
    assert len(extract_moves("\n".join(lines)).moves) == len(SOLUTION)


@pytest.mark.parametrize(
    "lines",
    [
        ["**A->C**", "**A->C**"],
        ['**{"disk": 1, "from": "A", "to": "C"}**', '**{"disk": 1, "from": "A", "to": "C"}**'],
        ["**Move 1:** A->C", "**Move 2:** A->C"],
        ["1. A->C", "2. A->C"],
    ],
)
def test_two_moves_alike_on_lines_of_their_own_are_two_moves(lines):
    # a move repeated (an illegal answer) is read as written, in bold or numbered
    assert len(extract_moves("\n".join(lines)).moves) == 2


def _solution(n, source=0, target=2, spare=1):
    if n == 0:
        return []
    return [
        *_solution(n - 1, source, spare, target),
        (n, source, target),
        *_solution(n - 1, spare, target, source),
    ]


@pytest.mark.parametrize("disks", [7, 8, 9])  # 254, 510 and 1,022 lines: both sides of 512
def test_steps_said_twice_in_a_long_answer_are_one_move_each(disks):
    # the quick path looks for two moves in a row with the same pegs on answers under 512
    # lines, and on longer ones only when their lines are not all written alike
    moves = _solution(disks)
    lines = []
    for k, (d, s, t) in enumerate(moves, 1):
        lines += [
            f"Step {k}: {LETTERS[s]} -> {LETTERS[t]}",
            f"Move disk {d} from {LETTERS[s]} to {LETTERS[t]}",
        ]
    found = extract_moves("\n".join(lines))
    pairs = [m if isinstance(m, tuple) else (m.source, m.target) for m in found.moves]
    assert pairs == [(s, t) for _, s, t in moves] and not found.ambiguous


@pytest.mark.parametrize("count", [255, 256, 600])  # lines: both sides of 512
def test_a_long_answer_written_alike_reads_a_repeated_move_twice(count):
    # every line alike: no step is said again, a move written twice is read twice
    lines = ["A->C" if k % 3 else "A->B" for k in range(count)] * 2
    found = extract_moves("\n".join(lines))
    assert len(found.moves) == 2 * count
