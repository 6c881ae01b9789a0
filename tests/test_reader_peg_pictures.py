"""Pictures of the pegs beside the moves hold no move; a move object may hold a picture.

Found by a red-team pass (issue 32, item 1). Models show the position after each move as one
list of disks per peg: ``1. 1->3  [3, 2] [] [1]``. Its lists were read as moves of pairs
(``[3, 2]``: from 3 to 2), which with pegs named by numbers added moves no one wrote; a JSON move
with the position in it (``{"disk": 1, "from": "A", "to": "C", "state": {...}}``) lost its
moves, since an object holding another was no move object.

A picture is two lists of disk numbers or more side by side, one of them empty or of one disk
(a move never is either); it is blanked before moves are looked for.
"""

from __future__ import annotations

import json

import pytest

from hanoi_magnet.notation import PegNames, extract_moves

#: The optimal solution of three disks from the first peg to the third: (disk, source, target)
SOLUTION = ((1, 0, 2), (2, 0, 1), (1, 2, 1), (3, 0, 2), (1, 1, 0), (2, 1, 2), (1, 0, 2))
PAIRS = tuple((source, target) for _, source, target in SOLUTION)


def _positions():
    """The position after each move: the disks on each peg, bottom first."""
    pegs = [[3, 2, 1], [], []]
    for disk, source, target in SOLUTION:
        assert pegs[source][-1] == disk
        pegs[target].append(pegs[source].pop())
        yield [list(peg) for peg in pegs]


POSITIONS = list(_positions())
STEPS = list(zip(SOLUTION, POSITIONS, strict=True))
NAMINGS = {
    "letters": (PegNames.LETTERS, lambda peg: "ABC"[peg]),
    "from 1": (PegNames.ONE, lambda peg: str(peg + 1)),
    "from 0": (PegNames.ZERO, str),
}
PICTURES = {
    "lists": lambda pegs, name: " ".join(str(peg) for peg in pegs),
    "commas": lambda pegs, name: ", ".join(str(peg) for peg in pegs),
    "pipes": lambda pegs, name: " | ".join(str(peg) for peg in pegs),
    "nested": lambda pegs, name: str(pegs),
    "named": lambda pegs, name: ", ".join(f"{name(k)}: {peg}" for k, peg in enumerate(pegs)),
    "equals": lambda pegs, name: " ".join(f"{name(k)}={peg}" for k, peg in enumerate(pegs)),
}
MOVES = {
    "arrow": lambda d, s, t, name: f"{name(s)} -> {name(t)}",
    "sentence": lambda d, s, t, name: f"Move disk {d} from peg {name(s)} to peg {name(t)}.",
    "pair": lambda d, s, t, name: f"({name(s)}, {name(t)})",
}
LINES = {
    "after the move": "{k}. {move}  {picture}",
    "after an arrow": "{k}. {move} -> {picture}",
    "in parentheses": "{k}. {move} (pegs: {picture})",
    "on its own line": "{k}. {move}\n   {picture}",
    "labelled line": "{move}\nState: {picture}",
}


@pytest.mark.parametrize("naming", NAMINGS)
@pytest.mark.parametrize("picture", PICTURES)
@pytest.mark.parametrize("move", MOVES)
@pytest.mark.parametrize("line", LINES)
def test_a_picture_of_the_pegs_beside_the_moves_adds_no_move(naming, picture, move, line):
    pegs, name = NAMINGS[naming]
    lines = [
        LINES[line].format(
            k=k,
            move=MOVES[move](disk, source, target, name),
            picture=PICTURES[picture](position, name),
        )
        for k, ((disk, source, target), position) in enumerate(STEPS, 1)
    ]
    text = "Start: " + PICTURES[picture]([[3, 2, 1], [], []], name) + "\n" + "\n".join(lines)
    found = extract_moves(text, pegs=pegs)
    pairs = tuple(m if isinstance(m, tuple) else (m.source, m.target) for m in found.moves)
    assert pairs == PAIRS and not found.ambiguous and not found.truncated, text


def test_a_list_of_moves_is_no_picture():
    assert extract_moves("moves = [[0, 2], [0, 1], [2, 1]]", pegs=PegNames.ZERO).moves == (
        (0, 2),
        (0, 1),
        (2, 1),
    )


@pytest.mark.parametrize("key", ["state", "pegs", "after"])
@pytest.mark.parametrize("nested", ["object", "list"])
@pytest.mark.parametrize("where", ["last", "first"])
def test_a_move_object_holding_the_position_is_a_move(key, nested, where):
    items = []
    for (disk, source, target), position in STEPS:
        shown = dict(zip("ABC", position, strict=True)) if nested == "object" else position
        move = {"disk": disk, "from": "ABC"[source], "to": "ABC"[target]}
        item = {key: shown, **move} if where == "first" else {**move, key: shown}
        items.append(item)
    found = extract_moves(json.dumps({"moves": items}))
    assert [(m.disk, m.source, m.target) for m in found.moves] == list(SOLUTION)


@pytest.mark.parametrize("form", ["{s} {t}", "{s}{t}", "{s} -> {t}"])
def test_pictures_do_not_make_peg_letters_words(form):
    # pictures beside moves of the S, I, D naming: the moves were left out as words ("'S I'
    # is a word, not a move: no peg is so named"), the pictures' numbers taken for the pegs
    # (the answer grammar, seed 825099580)
    sid = "SID"
    lines = [
        f"#{k} {form.format(s=sid[s], t=sid[t])}.  " + " ".join(str(peg) for peg in position)
        for k, ((_, s, t), position) in enumerate(STEPS, 1)
    ]
    found = extract_moves("\n".join(lines) + "\n\nDone. OK\n", pegs=PegNames.SID)
    pairs = tuple(m if isinstance(m, tuple) else (m.source, m.target) for m in found.moves)
    assert pairs == PAIRS, lines


@pytest.mark.parametrize("n", [3, 4, 5])
@pytest.mark.parametrize("base", [0, 1])
@pytest.mark.parametrize(("opening", "closing"), [("[", "]"), ("(", ")")])
@pytest.mark.parametrize("numbering", ["({k}) ", "{k}) ", "[{k}] "])
def test_a_step_number_in_brackets_before_a_move_in_brackets_is_no_picture(
    n, base, opening, closing, numbering
):
    """ "(7) (2, 4, 1)", "(12) [3, 1, 2]": the step's number, then its move (found by the answer
    grammar once it numbered steps "(k)"); the two were taken for a picture of the pegs (a list
    of one disk beside a list of disks) and the move was lost."""
    from hanoi_magnet import Move
    from hanoi_magnet.registry import solve

    moves = list(solve("classic", n))
    lines = [
        f"{numbering.format(k=k)}{opening}{m.disk}, {m.source + base}, {m.target + base}{closing}"
        for k, m in enumerate(moves, 1)
    ]
    found = extract_moves("\n".join(lines), pegs=PegNames.ZERO if base == 0 else PegNames.ONE)
    read = [(m.disk, m.source, m.target) if isinstance(m, Move) else m for m in found.moves]
    assert read == [(m.disk, m.source, m.target) for m in moves] and not found.ambiguous, lines[:8]
