"""Red-team pass 4 (issue 32, item 1): classes of answers once read with a silent misread.

* A disk and the peg it goes to, written as two numbers ("1 -> 3", "2 -> 2", "1 -> 2": disk 1
  to peg 3, disk 2 to peg 2...) was read as moves between pegs, "2 -> 2" a move from peg 2 to
  itself, with confidence. No move goes from a peg to itself: the reading is now in doubt.
* A bullet nested under a bulleted step, saying its move again, was read as one more move.
* An item of words numbered in two digits ("10. move disks 1 and 2 to B") was taken for a
  move of two digits with a remark, and passed over between numbered moves.
* "Then disk 1 moves to the free rod." between two move lines was passed over as a remark.
* A table's columns named by pegs ("Peg A | Peg B | Peg C": "3 2", "(3, 2)", "[1]") and a
  picture of the pegs in parentheses ("1: (3, 2), 2: (1), 3: ()") were read as moves.
* "10. Nice." after moves of two digits, each under a picture of the pegs, was dropped.

Each test reads a whole class (dozens of members or more).
"""

from __future__ import annotations

import itertools

import pytest

from hanoi_magnet.notation import PegNames, extract_moves


def _solution(disks: int, source: int, target: int) -> list[tuple[int, int, int]]:
    """The optimal moves (disk, source, target) of a tower of ``disks`` on three posts."""
    if disks == 0:
        return []
    spare = 3 - source - target
    return [
        *_solution(disks - 1, source, spare),
        (disks, source, target),
        *_solution(disks - 1, spare, target),
    ]


def _pair(move) -> tuple[int, int]:
    return (move.source, move.target) if hasattr(move, "source") else tuple(move)


def _confident(found) -> bool:
    return not (found.ambiguous or found.truncated or found.unreadable is not None)


# -- a disk and its peg written as two numbers --------------------------------------------------

_DISK_TO_PEG = ["{d} -> {t}", "{d} → {t}", "{d}->{t}", "{d} to {t}", "({d}, {t})", "[{d}, {t}]"]
_LEADS = ["", "{i}. ", "- ", "Step {i}: "]


def _disk_to_peg_answers():
    for disks, target, pegs, form, lead in itertools.product(
        (3, 4, 5), (1, 2), (PegNames.ONE, PegNames.ZERO), _DISK_TO_PEG, _LEADS
    ):
        base = 1 if pegs is PegNames.ONE else 0
        moves = _solution(disks, 0, target)[: 2 ** min(disks, 3) - 1]
        lines = [
            lead.format(i=i + 1) + form.format(d=d, t=t + base) for i, (d, _, t) in enumerate(moves)
        ]
        yield pytest.param("\n".join(lines), pegs, id=f"{disks}-{target}-{pegs.name}-{form}-{lead}")


@pytest.mark.parametrize(("text", "pegs"), list(_disk_to_peg_answers()))
def test_a_disk_and_its_peg_written_as_numbers_is_no_confident_reading(text, pegs):
    found = extract_moves(text, pegs=pegs)
    assert found.ambiguous, (text, found.moves)
    assert "onto itself" in found.hedged


@pytest.mark.parametrize(
    "text",
    [
        "Move disk 1 from A to C\nMove disk 2 from A to A",
        "A -> C\nB -> B",
        "Disk 1: 1 -> 3\nDisk 2: 2 -> 2",
        "1 0 2\n2 1 1",
    ],
)
def test_a_move_onto_its_own_peg_with_letters_or_a_disk_is_read_as_written(text):
    found = extract_moves(text, pegs=PegNames.ZERO if "0" in text else PegNames.ONE)
    assert _confident(found), found.hedged
    last = found.moves[-1]
    assert _pair(last)[0] == _pair(last)[1]


# -- a move said again in a bullet nested under its step ----------------------------------------

_STEPS = [
    "{b} Step {i}: Move disk {d} from {s} to {t}",
    "{b} **Step {i}:** {s} → {t}",
    "{b} {s} -> {t}",
]
_NESTED = ["{b} Move disk {d} from {s} to {t}", "{b} {s} → {t}", "1. Move disk {d} from {s} to {t}"]


def _nested_answers():
    for disks, bullet, step, nested, indent, every in itertools.product(
        (3, 4), "-*+", _STEPS, _NESTED, (2, 4), (1, 2)
    ):
        moves = _solution(disks, 0, 2)
        lines = []
        for i, (d, s, t) in enumerate(moves):
            names = {"d": d, "s": "ABC"[s], "t": "ABC"[t], "i": i + 1, "b": bullet}
            lines.append(step.format(**names))
            if i % every == 0:
                lines.append(" " * indent + nested.format(**names))
        pairs = tuple((s, t) for _, s, t in moves)
        yield pytest.param(
            "\n".join(lines), pairs, id=f"{disks}-{bullet}-{step}-{nested}-{indent}-{every}"
        )


@pytest.mark.parametrize(("text", "pairs"), list(_nested_answers()))
def test_a_move_nested_under_its_bulleted_step_is_the_step_said_again(text, pairs):
    found = extract_moves(text)
    assert tuple(map(_pair, found.moves)) == pairs, text
    assert _confident(found)


def test_two_bulleted_items_alike_are_two_moves_as_written():
    found = extract_moves("- A->C\n- Move disk 1 from A to C\n- A->B")
    assert tuple(map(_pair, found.moves)) == ((0, 2), (0, 2), (0, 1))


# -- an item of words numbered 10 to 99 between numbered moves ----------------------------------

_ITEMS_OF_WORDS = [
    "move disks 1 and 2 to B",
    "Move the top two disks from A to B",
    "Disk 3 goes from A to C.",
    "A ➡️ B",
    "Now the smallest disk moves again.",
    "At last, move disk 1 from C to B",
]
_LETTER_MOVES = ["{s} -> {t}", "Move disk {d} from {s} to {t}", "**{s} → {t}**"]


def _long_lists():
    moves = _solution(5, 0, 2)
    for item, form, names, at in itertools.product(
        _ITEMS_OF_WORDS, _LETTER_MOVES, ("ABC", "SID"), (10, 11, 13, 20, 23, 30)
    ):
        lines = [
            f"{i + 1}. " + form.format(d=d, s=names[s], t=names[t])
            for i, (d, s, t) in enumerate(moves)
        ]
        lines[at - 1] = f"{at}. {item}"
        yield pytest.param("\n".join(lines), at, id=f"{item[:12]}-{form[:6]}-{names}-{at}")


@pytest.mark.parametrize(("text", "at"), list(_long_lists()))
def test_an_item_of_words_numbered_in_two_digits_puts_the_list_in_doubt(text, at):
    found = extract_moves(text)
    assert not _confident(found), (text, len(found.moves))
    if found.unreadable is not None:
        assert len(found.moves) == at - 1


# -- a disk that goes somewhere, told between two move lines ------------------------------------

_DISK_GOES = [
    "Then disk {d} moves to the free rod.",
    "Then the smallest disk goes to the empty peg.",
    "Next, disk {d} moves to the target peg.",
    "Disk {d} moves onto disk {e}.",
    "Now disk {d} goes on top of disk {e}.",
    "The smallest disk then moves to the free peg.",
    "After that, disk {d} is moved to the middle peg.",
    "Then the small disk moves back to the left peg.",
    "Disk #{d} hops onto the spare peg.",
]
_MOVE_LINES = ["Move disk {d} from {s} to {t}.", "{s} -> {t}", "- {s} → {t}", "Disk {d}: {s} → {t}"]


def _told_between():
    moves = _solution(4, 0, 2)
    for told, form, at in itertools.product(_DISK_GOES, _MOVE_LINES, (1, 4, 7, 13)):
        lines = [form.format(d=d, s="ABC"[s], t="ABC"[t]) for d, s, t in moves]
        d = moves[at][0]
        said = told.format(d=d, e=d + 1)
        lines[at] = f"- {said}" if form.startswith("- ") else said
        yield pytest.param("\n".join(lines), id=f"{told[:16]}-{form[:8]}-{at}")


@pytest.mark.parametrize("text", list(_told_between()))
def test_a_disk_told_to_go_somewhere_between_moves_puts_them_in_doubt(text):
    found = extract_moves(text)
    assert not _confident(found), text


@pytest.mark.parametrize(
    "text",
    [
        "A -> C\n   Disk 1 goes to C first, as n is odd.\nA -> B\nC -> B",
        "A -> C\nThis moves disk 1 onto C.\nA -> B\nC -> B",
        "A -> C\nA -> B\nC -> B\nDisk 1 moves onto disk 2, and we are done.",
        "A -> C\nNo disk moves to a smaller one.\nA -> B\nC -> B",
    ],
)
def test_a_remark_that_tells_of_a_move_is_still_a_remark(text):
    found = extract_moves(text)
    assert _confident(found), found.hedged
    assert tuple(map(_pair, found.moves)) == ((0, 2), (0, 1), (2, 1))


# -- a table with a column for each peg, showing its disks --------------------------------------

_NAMINGS = {"ABC": (None, "ABC"), "one": (PegNames.ONE, "123"), "zero": (PegNames.ZERO, "012")}
_PEG_HEADS = ["Peg {p}", "{p}", "Rod {p}", "**Tower {p}**"]
_DISKS_CELLS = {
    "space": lambda disks: " ".join(map(str, disks)) or "-",
    "tuple": lambda disks: "(" + ", ".join(map(str, disks)) + ")",
    "list": lambda disks: str(list(disks)),
    "commas": lambda disks: ",".join(map(str, disks)) or "—",
}


def _positions(moves, disks):
    pegs: list[list[int]] = [list(range(disks, 0, -1)), [], []]
    yield [list(peg) for peg in pegs]
    for _, source, target in moves:
        pegs[target].append(pegs[source].pop())
        yield [list(peg) for peg in pegs]


def _tables_with_pegs():
    for naming, head, style, after, disks in itertools.product(
        _NAMINGS, _PEG_HEADS, _DISKS_CELLS, (True, False), (3, 4)
    ):
        pegs, names = _NAMINGS[naming]
        moves = _solution(disks, 0, 2)
        cell = _DISKS_CELLS[style]
        heads = " | ".join(head.format(p=name) for name in names)
        positions = list(_positions(moves, disks))
        if after:  # a start row, then each move and the position after it
            rows = [f"| Step | Move | {heads} |", "|---|---|---|---|---|"]
            rows.append("| 0 | (start) | " + " | ".join(map(cell, positions[0])) + " |")
            shown = positions[1:]
        else:  # each move beside the position before it
            rows = [f"| Step | {heads} | Move |", "|---|---|---|---|---|"]
            shown = positions[:-1]
        for i, ((_, s, t), position) in enumerate(zip(moves, shown, strict=True)):
            move = f"{names[s]} → {names[t]}"
            disks_cells = " | ".join(map(cell, position))
            cells = f"{move} | {disks_cells}" if after else f"{disks_cells} | {move}"
            rows.append(f"| {i + 1} | {cells} |")
        pairs = tuple((s, t) for _, s, t in moves)
        yield pytest.param(
            "\n".join(rows), pegs, pairs, id=f"{naming}-{head}-{style}-{after}-{disks}"
        )


@pytest.mark.parametrize(("text", "pegs", "pairs"), list(_tables_with_pegs()))
def test_columns_named_by_pegs_show_the_position_not_moves(text, pegs, pairs):
    found = extract_moves(text, pegs=pegs)
    assert tuple(map(_pair, found.moves)) == pairs, text
    assert _confident(found), found.hedged


# -- a picture of the pegs in parentheses -------------------------------------------------------

_ROUND_PICTURES = [
    "{a}: ({A}), {b}: ({B}), {c}: ({C})",
    "({A}) ({B}) ({C})",
    "{a}=({A}) {b}=({B}) {c}=({C})",
    "({A}), ({B}), ({C})",
]


def _round_pictures():
    for naming, picture, layout, disks in itertools.product(
        _NAMINGS, _ROUND_PICTURES, ("beside", "under"), (3, 4)
    ):
        pegs, names = _NAMINGS[naming]
        moves = _solution(disks, 0, 2)
        lines = []
        for i, ((_, s, t), position) in enumerate(
            zip(moves, list(_positions(moves, disks))[1:], strict=True)
        ):
            disks_of = {
                key: ",".join(map(str, peg)) for key, peg in zip("ABC", position, strict=True)
            }
            shown = picture.format(a=names[0], b=names[1], c=names[2], **disks_of)
            move = f"{i + 1}. {names[s]} -> {names[t]}"
            lines += [f"{move}  {shown}"] if layout == "beside" else [move, f"   {shown}"]
        pairs = tuple((s, t) for _, s, t in moves)
        yield pytest.param("\n".join(lines), pegs, pairs, id=f"{naming}-{picture}-{layout}-{disks}")


@pytest.mark.parametrize(("text", "pegs", "pairs"), list(_round_pictures()))
def test_a_picture_of_the_pegs_in_parentheses_holds_no_move(text, pegs, pairs):
    found = extract_moves(text, pegs=pegs)
    assert tuple(map(_pair, found.moves)) == pairs, text
    assert _confident(found), found.hedged


# -- "10. Nice." among moves of two digits, each under its picture of the pegs ------------------


def _digits_with_pictures():
    moves = _solution(4, 0, 2)
    for at, remark, markup in itertools.product(range(1, 15), ("Nice.", "ok", "Good."), ("", "**")):
        lines = []
        for i, ((_, s, t), position) in enumerate(
            zip(moves, list(_positions(moves, 4))[1:], strict=True)
        ):
            move = f"{markup}{s}{t}{markup}" + (f". {remark}" if i == at else "")
            lines += [move, "   State: " + " ".join(map(str, position))]
        yield pytest.param("\n".join(lines), moves, id=f"{at}-{remark}-{markup}")


@pytest.mark.parametrize(("text", "moves"), list(_digits_with_pictures()))
def test_two_digits_and_words_among_moves_of_two_digits_are_never_dropped(text, moves):
    found = extract_moves(text, pegs=PegNames.ZERO)
    pairs = tuple((s, t) for _, s, t in moves)
    assert tuple(map(_pair, found.moves)) == pairs or not _confident(found), text
