"""Red-team pass 5 (issue 32, item 1): classes of answers once read with a silent misread.

* A disk and the peg it goes to, a number beside a letter ("1 -> D", "(2, I)", "S ==1==> D"),
  was read on S, I, D pegs as a move between two pegs (S, I, D also reads numbers from 0).
* A sentence that tells a move in words the reader cannot read ("disk 1 goes from A to B",
  "shift the top of S onto I") among sentences of moves was passed over as a remark.
* A move taken back on its line ("A->B -- no, I mean A->C", "A->B (sorry: A->C)") was read
  with the remark skipped.
* A line that undoes the move before it ("Undo last move", "(undo the last move)") was prose
  inside one answer, the undone move kept.
* Moves in brackets after a header that names their fields in another order ("(from, to,
  disk)", "(to, from)") were read as (disk, from, to) or (from, to).
* Two digits before a count word ("31 left: 1 -> 3", "(12 remaining) 0 -> 2") were read as a
  move from peg 3 to peg 1.
* A box after a draft list with other moves, blank lines between ("1. A -> B" ...,
  ``\\boxed{A \\to C, ...}``), was read as the draft's moves followed by the box's.
* Sub-steps numbered "1.1 A -> C", "1.2. A → B", "(4.1) Move disk ..." were read in part as
  moves in prose, which the lines of moves beside them dropped.
* A time before a move ("00:01 A -> C", "[00:02] A → B") was read as the move from peg 0 to
  peg 0.
* Pegs named by letters of the answer's own ("L -> R", "L -> M": left, middle, right) were read
  as moves between pegs that do not exist, with confidence.

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


# -- a move told in words among sentences of moves ----------------------------------------------

_READ = ["move disk {d} from {s} to {t}", "{s} to {t}"]
_TOLD = ["disk {d} goes from {s} to {t}", "shift the top of {s} onto {t}"]
_JOINS = [". Then ", ", then ", "; next, ", ". After that, "]


def _told_among_answers():
    moves = _solution(3)
    for names, told, at, join, read in itertools.product(
        ("ABC", "SID"), _TOLD, (0, 1, 3, 6), _JOINS, _READ
    ):
        parts = []
        for i, (d, s, t) in enumerate(moves):
            form = told if i == at else read
            parts.append(form.format(d=d, s=names[s], t=names[t]))
        text = "First, " + join.join(parts) + "."
        yield pytest.param(text, _NAMINGS[names], id=f"{names}-{told[:10]}-{at}-{join!r}-{read}")


@pytest.mark.parametrize(("text", "pegs"), list(_told_among_answers()))
def test_a_move_told_in_words_among_sentences_of_moves_puts_them_in_doubt(text, pegs):
    assert _not_confident(text, pegs), text


def test_a_remark_after_the_last_move_that_names_pegs_is_still_a_remark():
    found = extract_moves("Move disk 1 from A to C. This frees the way from A to B.")
    assert _confident(found)
    assert _pairs(found.moves) == ((0, 2),)


# -- a move taken back on its line --------------------------------------------------------------

_TAKEN_BACK = [
    "{s} -> {w} -- no, I mean {s} -> {t}",
    "{s} -> {w} (sorry: {s} -> {t})",
    "{s} -> {w} - make that {s} -> {t}",
    "{s} -> {w} (no: {s} -> {t})",
    "{s} -> {w} (my bad, {s} -> {t})",
    "{s} -> {w} — typo, {s} -> {t}",
]


def _taken_back_answers():
    for disks, form, at, names in itertools.product((2, 3), _TAKEN_BACK, (0, 1, 2), ("ABC", "123")):
        moves = _solution(disks)
        lines = []
        for i, (_, s, t) in enumerate(moves):
            spare = 3 - s - t
            line = form if i == at else "{s} -> {t}"
            lines.append(line.format(s=names[s], t=names[t], w=names[spare]))
        yield pytest.param("\n".join(lines), _NAMINGS[names], id=f"{disks}-{form}-{at}-{names}")


@pytest.mark.parametrize(("text", "pegs"), list(_taken_back_answers()))
def test_a_move_taken_back_on_its_line_is_in_doubt(text, pegs):
    assert _not_confident(text, pegs), text


def test_a_remark_that_says_no_about_something_else_is_a_remark():
    found = extract_moves("A -> C (no other move is legal: A -> B is blocked)\nA -> B\nC -> B")
    assert _pairs(found.moves)[:1] == ((0, 2),)


# -- a line that undoes the move before it ------------------------------------------------------

_UNDO = [
    "Undo last move",
    "(undo the last move)",
    "Undo that move.",
    "Undoing it.",
    "Take it back.",
]


def _undo_answers():
    for disks, undo, at, names in itertools.product((2, 3, 4), _UNDO, (0, 2), ("ABC", "SID")):
        moves = _solution(disks)
        lines = []
        for i, (_, s, t) in enumerate(moves):
            if i == at:
                lines += [f"{names[s]} -> {names[3 - s - t]}", undo]
            lines.append(f"{names[s]} -> {names[t]}")
        yield pytest.param("\n".join(lines), _NAMINGS[names], id=f"{disks}-{undo}-{at}-{names}")


@pytest.mark.parametrize(("text", "pegs"), list(_undo_answers()))
def test_a_line_that_undoes_a_move_puts_the_answer_in_doubt(text, pegs):
    assert _not_confident(text, pegs), text


# -- the fields of a bracketed move named in another order --------------------------------------

_ORDERS = [
    ("(from, to, disk)", "({s}, {t}, {d})"),
    ("(source, target, disk)", "({s}, {t}, {d})"),
    ("(to, from)", "({t}, {s})"),
    ("(disk, to, from)", "({d}, {t}, {s})"),
    ("[from, disk, to]", "[{s}, {d}, {t}]"),
    ("(disk, destination)", "({d}, {t})"),
]
_HEADERS = ["Each move is {o}:\n", "Moves as {o}: ", "Format {o}\n"]


def _reordered_answers():
    for disks, (order, item), header, names in itertools.product(
        (2, 3, 4), _ORDERS, _HEADERS, ("ABC", "123", "012")
    ):
        moves = _solution(disks)
        items = ", ".join(item.format(d=d, s=names[s], t=names[t]) for d, s, t in moves)
        text = header.format(o=order) + f"[{items}]"
        yield pytest.param(text, _NAMINGS[names], id=f"{disks}-{order}-{header[:6]}-{names}")


@pytest.mark.parametrize(("text", "pegs"), list(_reordered_answers()))
def test_bracketed_moves_whose_fields_are_named_in_another_order_are_in_doubt(text, pegs):
    assert _not_confident(text, pegs), text


@pytest.mark.parametrize(
    ("text", "pegs"),
    [
        ("Each move is (disk, from, to):\n[(1, 0, 2), (2, 0, 1), (1, 2, 1)]", PegNames.ZERO),
        ("Moves as (from, to): (A, C), (A, B), (C, B)", PegNames.LETTERS),
        ("(to, from) would also do:\nA -> C\nA -> B\nC -> B", PegNames.LETTERS),
    ],
)
def test_moves_in_the_order_read_or_with_their_direction_are_read(text, pegs):
    found = extract_moves(text, pegs=pegs)
    assert _confident(found), found.hedged
    assert _pairs(found.moves) == ((0, 2), (0, 1), (2, 1))


# -- two digits before a count word -------------------------------------------------------------

_COUNTDOWN = ["{r} left: {s} -> {t}", "({r} remaining) {s} -> {t}", "{r} more: {s} → {t}"]


def _countdown_answers():
    for disks, form, names in itertools.product((4, 5), _COUNTDOWN, ("ABC", "SID", "123", "012")):
        moves = _solution(disks)
        total = len(moves)
        lines = [
            form.format(r=total - i, s=names[s], t=names[t]) for i, (_, s, t) in enumerate(moves)
        ]
        pairs = tuple((s, t) for _, s, t in moves)
        yield pytest.param("\n".join(lines), _NAMINGS[names], pairs, id=f"{disks}-{form}-{names}")


@pytest.mark.parametrize(("text", "pegs", "pairs"), list(_countdown_answers()))
def test_two_digits_before_a_count_word_are_a_count_not_a_move(text, pegs, pairs):
    found = extract_moves(text, pegs=pegs)
    assert _pairs(found.moves) == pairs, text
    assert _confident(found)


# -- a box after a draft ------------------------------------------------------------------------

_DRAFTS = ["{i}. {s} -> {t}", "- {s} → {t}", "{s} -> {t}", "Move disk {d} from {s} to {t}"]
_BOXES = [
    "\\boxed{{{moves}}}",
    "$\\boxed{{{moves}}}$",
    "$$\\boxed{{{moves}}}$$",
    "The answer is \\boxed{{{moves}}}.",
]


def _boxed_answers():
    for disks, draft, box, gap, names in itertools.product(
        (2, 3, 4), _DRAFTS, _BOXES, ("\n\n", "\n\n\n"), ("ABC", "SID")
    ):
        moves = _solution(disks)
        wrong = [(d, s, 3 - s - t) for d, s, t in moves]  # the draft: to the wrong pegs
        lines = [
            draft.format(i=i + 1, d=d, s=names[s], t=names[t]) for i, (d, s, t) in enumerate(wrong)
        ]
        inside = ", ".join(f"{names[s]} \\to {names[t]}" for _, s, t in moves)
        text = "\n".join(lines) + gap + box.format(moves=inside)
        pairs = tuple((s, t) for _, s, t in moves)
        yield pytest.param(text, _NAMINGS[names], pairs, id=f"{disks}-{draft}-{box}-{names}")


@pytest.mark.parametrize(("text", "pegs", "pairs"), list(_boxed_answers()))
def test_a_box_after_a_draft_holds_the_final_answer(text, pegs, pairs):
    found = extract_moves(text, pegs=pegs)
    assert _pairs(found.moves) == pairs, text
    assert _confident(found)


def test_a_box_that_says_the_moves_again_is_no_more_moves():
    found = extract_moves("A -> C\nA -> B\nC -> B\n\n\\boxed{A \\to C, A \\to B, C \\to B}")
    assert _pairs(found.moves) == ((0, 2), (0, 1), (2, 1))
    assert _confident(found)


# -- sub-steps numbered "1.2" -------------------------------------------------------------------

_SUB_STEPS = ["{a}.{b} {s} -> {t}", "{a}.{b}. {s} → {t}", "({a}.{b}) Move disk {d} from {s} to {t}"]


def _sub_step_answers():
    for disks, first, names in itertools.product((2, 3, 4, 5), range(3), ("ABC", "SID", "012")):
        moves = _solution(disks)
        lines = [
            _SUB_STEPS[(first + i) % 3].format(
                a=i // 3 + 1, b=i % 3 + 1, d=d, s=names[s], t=names[t]
            )
            for i, (d, s, t) in enumerate(moves)
        ]
        pairs = tuple((s, t) for _, s, t in moves)
        yield pytest.param("\n".join(lines), _NAMINGS[names], pairs, id=f"{disks}-{first}-{names}")


@pytest.mark.parametrize(("text", "pegs", "pairs"), list(_sub_step_answers()))
def test_sub_steps_numbered_with_a_period_inside_are_numbered_moves(text, pegs, pairs):
    found = extract_moves(text, pegs=pegs)
    assert _pairs(found.moves) == pairs, text
    assert _confident(found)


# -- a time before the move ---------------------------------------------------------------------

_TIMES = [
    "00:{i:02d} {s} -> {t}",
    "[00:{i:02d}] {s} → {t}",
    "12:{i:02d} - Move disk {d} from {s} to {t}",
]


def _timed_answers():
    for disks, form, names in itertools.product((2, 3, 4), _TIMES, ("ABC", "SID", "123")):
        moves = _solution(disks)
        lines = [
            form.format(i=i + 1, d=d, s=names[s], t=names[t]) for i, (d, s, t) in enumerate(moves)
        ]
        pairs = tuple((s, t) for _, s, t in moves)
        yield pytest.param("\n".join(lines), _NAMINGS[names], pairs, id=f"{disks}-{form}-{names}")


@pytest.mark.parametrize(("text", "pegs", "pairs"), list(_timed_answers()))
def test_a_time_before_a_move_is_no_move(text, pegs, pairs):
    if pegs.numeric and _not_confident(text, pegs):
        return  # "00:01 1 -> 3": numbers after a time, in doubt (never another reading)
    found = extract_moves(text, pegs=pegs)
    assert _pairs(found.moves) == pairs, text
    assert _confident(found)


# -- pegs named by letters of their own ---------------------------------------------------------

_OWN_LETTERS = ["LMR", "LCR", "XYZ", "PQR"]
_LETTER_FORMS = ["{s} -> {t}", "Move disk {d} from {s} to {t}", "{i}. {s}{t}", "({s}, {t})"]


def _own_letter_answers():
    for disks, names, form, legend in itertools.product(
        (2, 3, 4), _OWN_LETTERS, _LETTER_FORMS, (True, False)
    ):
        moves = _solution(disks)
        lines = [
            form.format(i=i + 1, d=d, s=names[s], t=names[t]) for i, (d, s, t) in enumerate(moves)
        ]
        if legend:
            lines.insert(0, f"Pegs: {names[0]} (left), {names[1]} (middle), {names[2]} (right)")
        yield pytest.param("\n".join(lines), id=f"{disks}-{names}-{form}-{legend}")


@pytest.mark.parametrize("text", list(_own_letter_answers()))
def test_pegs_named_by_letters_that_name_no_peg_are_in_doubt(text):
    assert _not_confident(text, PegNames.LETTERS), text


def test_one_letter_that_names_no_peg_is_a_move_to_no_peg():
    found = extract_moves("A -> C\nA -> B\nC -> D", pegs=PegNames.LETTERS)
    assert _confident(found)
    assert _pairs(found.moves) == ((0, 2), (0, 1), (2, 3))
