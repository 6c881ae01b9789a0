"""The first broken rule in words, for every rule and every notation, as the answer wrote it.

The detail a person reads quotes the move as the answer wrote it (its own line, whether the
notation names the disk or only the pegs), counts moves from 1, and names the pegs as the
answer does: S, I, D; A, B, C; numbers from 0; numbers from 1 (the brief's "text for people").
Each expected detail is written here from the rule's own sentence and the notation's names.
"""

from __future__ import annotations

import attrs
import pytest

from hanoi_magnet import ClassicRules, Move, Rule
from hanoi_magnet.evaluation import Outcome, generate, score
from hanoi_magnet.evaluation._detail import Names
from hanoi_magnet.notation import NOTATIONS, PegNames

#: Each notation and the names it gives posts 0, 1, 2.
_NAMES = {
    "letter-arrows": "ABC",
    "arrows": "SID",
    "library": "SID",
    "numbers": "012",
    "moves-list": "012",
    "reasoning-gym": "123",
}
#: Notations that write the disk (a move that names a disk not on top is possible there).
_WITH_DISK = {"library", "moves-list", "reasoning-gym"}


def _instance(notation: str):
    return generate(seed=3, count=1, families=["classic"], disks=(2, 2), tasks=["solve"],
                    notations=[notation])[0]  # fmt: skip


def _written(notation: str, move: Move) -> str:
    """One move as the notation writes it (the answer's own line; a list's own item)."""
    if notation == "moves-list":
        return f"[{move.disk}, {move.source}, {move.target}]"
    (line,) = NOTATIONS[notation].format([move], 3).strip().splitlines()
    return line.strip()


def _check(notation: str, moves: list[Move], rule: Rule, words: str, *, instance=None) -> None:
    instance = instance or _instance(notation)
    result = score(NOTATIONS[notation].format(moves, 3), instance)
    bad = len(moves) - 1
    item = _written(notation, moves[bad])
    error = result.first_error
    assert error is not None
    assert (error.index, error.rule, error.item, error.detail) == (bad, rule, item, words)
    assert result.outcome is Outcome.ILLEGAL_MOVE
    nth = ("1st", "2nd")[bad]
    says = {Rule.SIZE: "breaks the size rule", Rule.DIRECTION: "breaks the direction rule"}
    assert result.detail == f"the {nth} move, {item}, {says.get(rule, 'is illegal')}: {words}"
    assert (result.valid_prefix, result.parsed) == (bad, len(moves))


@pytest.mark.parametrize("notation", list(_NAMES))
def test_every_rule_is_named_with_the_answers_own_move_and_pegs(notation):
    peg = _NAMES[notation]
    _check(notation, [Move(1, 1, 2)], Rule.EMPTY_SOURCE, f"peg {peg[1]} is empty")
    _check(notation, [Move(1, 0, 2), Move(2, 0, 2)], Rule.SIZE,
           "disk 2 cannot be placed on disk 1")  # fmt: skip
    _check(notation, [Move(1, 0, 1), Move(1, 1, 1)], Rule.SAME_POST,
           f"source and target are both peg {peg[1]}")  # fmt: skip
    if notation in _WITH_DISK:
        _check(notation, [Move(2, 0, 1)], Rule.NOT_ON_TOP,
               f"disk 2 is not the top disk of peg {peg[0]} (disk 1 is)")  # fmt: skip
        _check(notation, [Move(3, 0, 1)], Rule.NO_SUCH_DISK,
               "disk 3 does not exist (disks are 1..2)")  # fmt: skip
    one_way = attrs.evolve(_instance(notation), rules=ClassicRules(allowed=[(0, 1), (1, 2)]))
    _check(notation, [Move(1, 0, 2)], Rule.DIRECTION,
           f"moves from peg {peg[0]} to peg {peg[2]} are not allowed "
           f"(allowed: {peg[0]}->{peg[1]}, {peg[1]}->{peg[2]})", instance=one_way)  # fmt: skip


@pytest.mark.parametrize("notation", list(_NAMES))
def test_a_peg_past_the_last_is_a_format_error_in_the_answers_names(notation):
    peg = _NAMES[notation]
    beyond = {"ABC": "D", "SID": "3", "012": "3", "123": "4"}[peg]
    if peg == "SID":  # S, I, D name three posts only: the reader refuses a fourth
        return
    result = score(NOTATIONS[notation].format([Move(1, 0, 3)], 4), _instance(notation))
    assert result.outcome is Outcome.FORMAT_ERROR
    assert result.first_error is not None and result.first_error.rule is Rule.NO_SUCH_POST
    assert result.detail.endswith(f": peg {beyond} does not exist (pegs are {peg[0]} to {peg[2]})")


def test_a_post_without_a_name_in_the_answers_naming_stays_a_post():
    """Letters name 26 posts: a 31st is "post 30" (the validator's own word), never "peg post
    30"; a post the naming can name is a peg with its name."""
    letters = Names(PegNames.LETTERS, None, 26)
    assert letters.text("post 30 does not exist (posts are 0..25)") == (
        "post 30 does not exist (pegs are A to Z)"
    )
    assert letters.text("post 25 is empty") == "peg Z is empty"
    assert Names(PegNames.ONE, None, 3).text("post 5 does not exist (posts are 0..2)") == (
        "peg 6 does not exist (pegs are 1 to 3)"
    )
    assert Names(PegNames.SID, None, 3).text("source and target are both D") == (
        "source and target are both peg D"
    )


@pytest.mark.parametrize("notation", ["letter-arrows", "moves-list", "library"])
@pytest.mark.parametrize(
    ("bad", "why"),
    [("[x]", "not a move"), ("[2, 0]", "not a move: the list's moves name their disk")],
)
def test_an_item_that_is_no_move_is_a_format_error_after_the_moves_before_it(notation, bad, why):
    """One legal move (disk 1 from post 0 to post 2), then an item that is no move: the
    reading stops there; the first error is that item, as written, at its place."""
    instance = _instance(notation)
    result = score(f"moves = [[1, 0, 2], {bad}]", instance)
    assert result.outcome is Outcome.FORMAT_ERROR
    assert result.detail == f"the 2nd move cannot be read: {bad} ({why})"
    error = result.first_error
    assert error is not None
    assert (error.index, error.rule, error.move) == (1, Rule.MALFORMED, None)
    assert (error.item, error.detail) == (f"{bad} ({why})", "not a move")
    assert str(error.position) == "S: 2 | I: - | D: 1"
    assert (result.parsed, result.valid_prefix) == (1, 1)
    recorded = result.to_dict()["first_error"]
    assert (recorded["move"], recorded["position"]) == (None, "S: 2 | I: - | D: 1")


def test_the_magnetic_rules_are_named_by_the_names_people_use():
    """A move that breaks the repulsion or the post colour rule says so by name; the rules
    with no name people use (a move from an empty peg, of a disk not on top, to the same peg)
    say only that the move is illegal, and why."""
    says = {
        Rule.SIZE: "breaks the size rule",
        Rule.REPULSION: "breaks the repulsion rule",
        Rule.POST_COLOR: "breaks the post colour rule",
    }
    arcs = [f"{source}->{target}" for source in "ABC" for target in "ABC"]
    seen = set()
    for instance in generate(seed=41, count=20, families=["magnetic"], disks=(3, 3),
                             tasks=["solve"], notations=["letter-arrows"]):  # fmt: skip
        legal: list[list[str]] = [[]]
        for nth in ("1st", "2nd", "3rd"):  # every legal answer of up to two moves, and one more
            longer = []
            for moves in legal:
                for arc in arcs:
                    result = score("\n".join([*moves, arc]), instance)
                    error = result.first_error
                    if error is None:
                        longer.append([*moves, arc])
                        continue
                    said = says.get(error.rule, "is illegal")
                    assert result.detail.startswith(f"the {nth} move, {arc}, {said}: ")
                    seen.add(error.rule)
            legal = longer
    assert {Rule.SIZE, Rule.REPULSION, Rule.POST_COLOR, Rule.SAME_POST, Rule.EMPTY_SOURCE} <= seen
