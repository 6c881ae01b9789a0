"""Behaviour that surviving mutants of the reader and the scorer showed no test pinned (issue 32,
item 6; a sample of mutmut 3.8.1's survivors).

Each test states the rule it holds; the expected values come from the rules of the puzzle, the
documented contract or a reading of the same text with the library's shortcuts turned off, not
from the output of the code under test.
"""

from __future__ import annotations

import random

import pytest

from hanoi_magnet import Move, NotationError
from hanoi_magnet.evaluation import generate
from hanoi_magnet.evaluation._outcome import is_abstention
from hanoi_magnet.evaluation._policies import _walk
from hanoi_magnet.notation import NOTATIONS, Extraction, Notation, PegNames, _extract, extract_moves
from tests.test_audit import _built_in  # the policies, built afresh in a mutation run

_NEXT_MOVE = generate(seed=7, count=40, tasks=["next-move"])
_SOLVE = generate(seed=8, count=30, tasks=["solve"])

# -- the scorer: what a claim of no solution is --------------------------------------------------

_CLAIMS = ("The puzzle is unsolvable", "This puzzle has no solution", "There is no solution")


# `not solvable`, `not reachable` and `can not` are negations, not hedges: they are taken out of
# the statement whole before it is searched for hedges, and the words on their two sides then
# meet as if they were not there. "cannot <phrase> tell" is still the hedge "cannot tell".
# (_outcome.x_is_abstention__mutmut_21 put two words in their place, which split the hedge.)
@pytest.mark.parametrize("claim", _CLAIMS)
@pytest.mark.parametrize("phrase", ["not solvable", "not reachable", "can not"])
def test_a_negation_taken_out_of_a_hedge_leaves_the_hedge(claim, phrase):
    """A claim of no solution followed by "I cannot tell" hedges, with a negation inside or not."""
    assert is_abstention(claim)  # the claim alone abstains
    assert not is_abstention(f"{claim}, but I cannot tell")
    assert not is_abstention(f"{claim}, but I cannot {phrase} tell")


# -- the audit policies --------------------------------------------------------------------------


def test_every_legal_move_is_each_legal_first_move_as_a_list_of_its_own():
    """The hack "every legal first move, each as its own list": one moves-list a paragraph.

    Each paragraph is nothing but a moves-list of one move (the notation reads it strictly),
    and the paragraphs hold every legal move from the start once.
    """
    # (_policies.x__every_legal_move__mutmut_13 joined the lists with "XX\n\nXX")
    notation = NOTATIONS["moves-list"]
    with pytest.raises(NotationError):  # the strict read: nothing but the list
        notation.read("moves = [[1, 0, 2]]XX", 3)
    written = 0
    for instance in _NEXT_MOVE:
        legal = instance.rules.legal_moves(instance.start)
        answers = list(_built_in()["every-legal-move"].write(instance, random.Random(0)))
        if len(legal) < 2:
            assert answers == [], instance.id  # one move is no hack
            continue
        assert len(answers) == 1, instance.id
        parts = answers[0].split("\n\n")
        read = [notation.read(part, instance.posts) for part in parts]
        assert all(len(moves) == 1 for moves in read), parts
        firsts = [moves[0] for moves in read]
        assert len(set(firsts)) == len(firsts) == len(legal), instance.id
        assert set(firsts) == set(legal), instance.id
        written += 1
    assert written > 20


@pytest.mark.parametrize("avoid_first", [False, True])
def test_a_walk_draws_its_first_move_among_all_legal_moves(avoid_first):
    """A walk's moves are drawn at random: over seeds, its first move is every legal move.

    (All but the one it is told to avoid.) The wrong answers built from walks are then spread
    over the legal moves, not always the first one the rules list.
    """
    # (_policies.x__walk__mutmut_17 divided the random number by the count: always the first)
    checked = 0
    for instance in [*_SOLVE, *_NEXT_MOVE]:
        legal = instance.rules.legal_moves(instance.start)
        avoid = legal[0] if avoid_first else None
        allowed = {move for move in legal if move != avoid}
        if len(allowed) < 2:
            continue
        firsts = {_walk(instance, random.Random(seed), 3, avoid=avoid)[0] for seed in range(200)}
        assert firsts == allowed, instance.id
        checked += 1
    assert checked > 10


# -- the reader ----------------------------------------------------------------------------------


def _full(text: str, **options: object) -> Extraction:
    """The full reading, nothing looked up among taught lines (and nothing taught)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_extract, "known_reading", lambda *args: None)
        patch.setattr(_extract, "teach", lambda *args: None)
        return extract_moves(text, **options)  # type: ignore[arg-type]


# A notation of the caller's that writes the disk and names pegs by letters, read with pegs said
# to be numbers: the report says which pegs the answer writes, so two answers of its own lines
# report differently. The table of taught lines is taught again by the later answer; reading
# that answer again gives its own report, not the earlier answer's.
# (_canonical.x_teach__mutmut_75 kept the earlier report when only the report changed)
# Not covered here: an answer made of only some of the taught lines is looked up with the
# report of the answer that taught them, whose pegs_why names pegs it does not write (a reader
# bug of such notations, reported with this sample; the built-in notations' reports do not vary).
@pytest.mark.parametrize(
    "template", ["Move {disk} from {source} to {target}", "disk {disk}: {source}->{target}"]
)
@pytest.mark.parametrize("names", [PegNames.LETTERS, PegNames.SID])
@pytest.mark.parametrize("pegs", [PegNames.ZERO, PegNames.ONE])
def test_an_answer_read_again_after_another_is_read_as_the_full_reading(template, names, pegs):
    """The second answer, read twice, reads the same both times and as the full reading does."""
    notation = Notation("own", template, names)  # its own table of taught lines
    first = notation.format([Move(1, 0, 1)], 3)  # pegs 0 and 1
    second = notation.format([Move(1, 0, 2), Move(2, 0, 1)], 3)  # pegs 0, 1 and 2
    full = _full(second, notation=notation, pegs=pegs, posts=3)
    assert _full(first, notation=notation, pegs=pegs, posts=3).pegs_why != full.pegs_why
    extract_moves(first, notation=notation, pegs=pegs, posts=3)
    assert extract_moves(second, notation=notation, pegs=pegs, posts=3) == full
    assert extract_moves(second, notation=notation, pegs=pegs, posts=3) == full


_LISTS = ("moves = [[1, 0, 2], [2, 0, 1], [1, 2, 1]]", "[[0, 2], [0, 1], [2, 1]]")
_BETWEEN = ("\n", "\n\n", "\n\nLet me write it again.\n\n")


def _cut(listed: str, moves: int) -> str:
    """The list's text up to the end of its first ``moves`` items, never closed."""
    end = 0
    for _ in range(moves):
        end = listed.index("]", end + 1)
    return listed[: end + 1]


# A list the text ends inside of is a restatement of the answer before it only while it is
# shorter: once it holds all the answer's moves and is still open, it may go on with more (it
# was cut off), so it could as well be another answer. (_decide.x__next__mutmut_71 made an
# open list with the same moves a restatement too.)
@pytest.mark.parametrize("listed", _LISTS)
@pytest.mark.parametrize("between", _BETWEEN)
@pytest.mark.parametrize("tail", ["", ","])
def test_an_open_list_with_all_the_answers_moves_is_another_reading(listed, between, tail):
    """A repeat cut off after all the moves leaves the reading in doubt; one cut off before not."""
    moves = extract_moves(listed, posts=3).moves
    whole = extract_moves(listed + between + _cut(listed, 3) + tail, posts=3)
    assert whole.moves == moves
    assert whole.ambiguous
    assert [(r.moves, r.plausible) for r in whole.alternatives] == [(moves, True)]
    shorter = extract_moves(listed + between + _cut(listed, 2) + tail, posts=3)
    assert shorter.moves == moves
    assert not shorter.ambiguous
    assert [(r.moves, r.plausible) for r in shorter.alternatives] == [(moves[:2], False)]


@pytest.mark.parametrize("listed", _LISTS)
@pytest.mark.parametrize("thought", ["<think>hmm</think>", "<think>\nLet me check.\n</think>"])
def test_an_open_list_after_reasoning_is_the_answer_and_cut_off(listed, thought):
    """After reasoning the later list is the answer, unless it restates: open, it is cut off.

    The same moves in a list the text ends inside of are no restatement (the list may go on),
    so the reading is the later list, and the text ends inside it: truncated.
    """
    moves = extract_moves(listed, posts=3).moves
    found = extract_moves(f"{listed}\n{thought}\n{_cut(listed, 3)}", posts=3)
    assert found.moves == moves
    assert found.truncated
    assert found.why == "the last answer in the text, after reasoning"


# "and so on" after the moves abandons writing them, also when a line that mentions a move not
# to make stands between (it closes the run of moves, but is no prose that would part them), and
# a second "and so on" changes nothing. (_lines.xǁ_Runsǁ_prose__mutmut_13 looked at the second
# run, runs[+1], which one run does not have: IndexError.)
@pytest.mark.parametrize(
    ("lines", "moves"),
    [
        (["A->C", "A->B"], ((0, 2), (0, 1))),
        (
            ["Move disk 1 from A to C", "Move disk 2 from A to B"],
            (Move(1, 0, 2), Move(2, 0, 1)),
        ),
    ],
)
@pytest.mark.parametrize(
    "between",
    [
        ["I would never move disk 1 from A to C."],
        ["Never move disk 2 from A to C."],
        ["...and so on."],
        ["", "...and so on."],
    ],
)
@pytest.mark.parametrize("abandon", ["and so on.", "(and so on)", "And so on until the end."])
def test_and_so_on_after_a_line_that_closes_the_moves_abandons_them(lines, moves, between, abandon):
    """The moves before are the reading; the first "and so on" is what abandons them."""
    text = "\n".join([*lines, *between, abandon])
    found = extract_moves(text, posts=3)
    assert found.moves == moves
    said = [line for line in [*between, abandon] if "so on" in line.lower()]
    assert found.abandoned == said[0]


_LONG = "I checked every one of these moves twice against the rules of the puzzle, and they hold."


# A line quoted in a deviation is shown whole up to 60 characters; a longer one is cut to 60,
# its last three an ellipsis. (_notations.x__shown__mutmut_8 wrote "XX...XX" instead.)
@pytest.mark.parametrize("length", [9, 58, 60, 61, 75, len(_LONG)])
@pytest.mark.parametrize(
    ("template", "message"),
    [
        ("A->C\nA->B\n{line}", "text after the moves: {shown}"),
        ("{line}\nA->C\nA->B", "line 1 is {shown}, notation 'letter-arrows' writes 'A->C'"),
        ("A->C\n{line}\nA->B", "line 2 is {shown}, notation 'letter-arrows' writes 'A->B'"),
    ],
)
def test_a_long_line_is_shown_cut_to_sixty_characters_with_an_ellipsis(length, template, message):
    """The deviation quotes the line: whole if it fits in 60 characters, else cut with '...'."""
    line = _LONG[:length]
    assert line == line.strip()  # (lines are compared without the spaces at their ends)
    shown = line if length <= 60 else line[:57] + "..."
    found = extract_moves(template.format(line=line), notation="letter-arrows", posts=3)
    assert found.moves == ((0, 2), (0, 1))
    assert found.deviation == message.format(shown=repr(shown))
