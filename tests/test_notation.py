"""Notations: every one round-trips; extraction finds answers in messy, realistic text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hanoi_magnet import (
    AmbiguousNotationError,
    InvalidArgumentError,
    Move,
    NotationError,
    default_registry,
    labels,
    solve,
    validate,
)
from hanoi_magnet.notation import (
    NOTATIONS,
    Notation,
    PegNames,
    _lines,
    _scan,
    extract_moves,
    get_notation,
)
from hanoi_magnet.testing import legal_move_sequences, variants
from tests.scale import MUTATION

ANSWERS = Path(__file__).parent / "data" / "answers"
EXPECTED = json.loads((ANSWERS / "expected.json").read_text(encoding="utf-8"))


def _as_written(notation: Notation, moves: list[Move]) -> list[object]:
    """What reading back must give: the moves, or their pairs when the disk is not written."""
    return list(moves) if notation.has_disk else [(m.source, m.target) for m in moves]


def _fits(notation: Notation, posts: int) -> bool:
    compact = notation.template == "{source}{target}"
    return notation.pegs.fits(posts) and not (compact and posts > 10)


SOLVABLE = [
    label
    for label in (*labels(), "classic:6")
    if getattr(default_registry.get(label), "solvable", True)
]


@pytest.mark.parametrize("label", SOLVABLE)
def test_every_notation_round_trips_every_registered_solution(label):
    for n in range(5):
        solution = solve(label, n)
        moves = list(solution)
        posts = solution.variant.posts
        for notation in NOTATIONS.values():
            if not _fits(notation, posts):
                continue
            text = notation.format(moves, posts)
            assert notation.read(text, posts) == _as_written(notation, moves), (notation.name, n)
            assert "".join(notation.iter_format(moves, posts)) == text
            if not moves and not notation.is_list:
                assert text == ""  # no answer at all: nothing to extract
                continue
            found = extract_moves(text, notation=notation, posts=posts)
            assert list(found.moves) == _as_written(notation, moves)
            assert validate(found.moves, label, n).solved


@given(variant=variants(solvable=None), data=st.data())
def test_every_notation_round_trips_random_legal_sequences(variant, data):
    n = data.draw(st.integers(0, 5))
    moves = data.draw(legal_move_sequences(variant, n, max_length=30))
    notation = data.draw(st.sampled_from([v for v in NOTATIONS.values() if _fits(v, 26)]))
    posts = variant.posts
    text = notation.format(moves, posts)
    expected = _as_written(notation, moves)
    assert notation.read(text, posts) == expected
    # A model's answer around it: reasoning, prose, a code fence, CRLF line ends.
    if not moves and not notation.is_list:
        return
    wrapped = f"<think>\nA -> C?\n</think>\nHere you go:\n```\n{text}```\nDone.\n"
    found = extract_moves(wrapped.replace("\n", "\r\n"), notation=notation.name, posts=posts)
    if list(found.moves) != expected:
        # "1: 0 -> 1", "2: 0 -> 2", "3: 0 -> 3" on four posts: step numbers, or the disks they
        # are in the library's notation (both legal): the reading says it is in doubt
        assert posts > 3 and notation.name == "library" and found.ambiguous
        assert [list(r.moves) for r in found.alternatives if r.plausible] == [expected]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_extraction_from_realistic_answers(name):
    """Each answer of the corpus (tests/data/answers) reads as its hand-written expectation."""
    expected = EXPECTED[name]
    text = (ANSWERS / f"{name}.txt").read_bytes().decode("utf-8")
    posts = expected.get("posts", 3)
    if "error" in expected:
        with pytest.raises(NotationError) as raised:
            extract_moves(text, posts=posts)
        assert type(raised.value).__name__ == expected["error"]
        return
    found = extract_moves(text, posts=posts)
    moves = [Move(*m) if len(m) == 3 else tuple(m) for m in expected["moves"]]
    assert list(found.moves) == moves
    assert found.pegs is PegNames[expected["pegs"]]
    assert found.notation == expected["notation"]
    assert found.truncated == expected.get("truncated", False)
    assert (found.unreadable is not None) == expected.get("unreadable", False)


def test_the_crlf_answer_really_has_windows_line_ends():
    assert b"\r\n" in (ANSWERS / "crlf_windows.txt").read_bytes()


def test_thinking_is_read_only_when_asked():
    text = "<think>\nmoves = [[1, 0, 1]]\n</think>\nmoves = [[1, 0, 2]]"
    assert extract_moves(text).moves == (Move(1, 0, 2),)
    inside = "<think>\nS->I\nS->D\n</think>"
    with pytest.raises(NotationError, match="no moves"):
        extract_moves(inside)
    assert extract_moves(inside, thinking=True).moves == ((0, 1), (0, 2))


@pytest.mark.parametrize(
    "text",
    [
        "The answer is [A C], [A B], [C B].",
        "The moves are A->C, A->B, C->B",
        "My answer is: A->C, A->B, C->B",
        "Final answer: A to C, A to B, C to B",
        "So the solution is\nA -> C\nA -> B\nC -> B",
    ],
)
def test_a_label_before_the_moves_on_their_line(text):
    assert extract_moves(text).moves == ((0, 2), (0, 1), (2, 1))


def test_two_answers_offered_as_alternatives_are_a_hedge():
    """A list, then "or maybe" another answer: neither is the answer (issue 32: the last one
    used to win, which paid hedges); both are reported, the reading is ambiguous."""
    for text in ("moves = [[1, 0, 2]]\nor maybe\nA -> B", "[[1, 0, 2]]\nor maybe\nA -> B"):
        found = extract_moves(text)
        assert found.ambiguous and found.hedged
        readings = {found.moves, *(a.moves for a in found.alternatives if a.plausible)}
        assert readings == {(Move(1, 0, 2),), ((0, 1),)}


def test_a_later_answer_after_a_correction_wins():
    found = extract_moves("moves = [[1, 0, 2]]\nWait, that is wrong. Final answer:\nA -> B")
    assert found.moves == ((0, 1),) and not found.ambiguous
    assert [a.moves for a in found.alternatives] == [(Move(1, 0, 2),)]


def test_a_format_echo_is_not_an_answer():
    text = "Use the format moves = [[disk id, from peg, to peg], ...].\nmoves = [[1, 0, 2]]"
    assert extract_moves(text).moves == (Move(1, 0, 2),)


def test_ambiguous_pegs_name_the_readings_and_explicit_pegs_decide():
    with pytest.raises(AmbiguousNotationError) as raised:
        extract_moves("1 2\n2 1")
    assert raised.value.readings == ("pegs numbered from 0", "pegs numbered from 1")
    assert extract_moves("1 2\n2 1", pegs=PegNames.ONE).moves == ((0, 1), (1, 0))
    assert extract_moves("1 2\n2 1", pegs=PegNames.ZERO).moves == ((1, 2), (2, 1))


@pytest.mark.parametrize(
    ("tokens", "posts", "naming"),
    [
        (["0", "2"], 3, PegNames.ZERO),
        (["1", "3"], 3, PegNames.ONE),
        (["4", "1"], 4, PegNames.ONE),
        (["0", "3"], 4, PegNames.ZERO),
        (["S", "D", "i"], 3, PegNames.SID),
        (["D"], 3, PegNames.SID),
        (["a", "C"], 3, PegNames.LETTERS),
        (["A", "D"], 4, PegNames.LETTERS),
        (["D"], 4, PegNames.LETTERS),
    ],
)
def test_peg_naming_is_detected(tokens, posts, naming):
    assert PegNames.detect(tokens, posts) is naming


@pytest.mark.parametrize(
    ("tokens", "posts", "error"),
    [
        (["1", "2"], 3, AmbiguousNotationError),  # neither 0 nor 3: either base
        (["0", "3"], 3, AmbiguousNotationError),  # both 0 and 3: neither base fits all
        (["A", "2"], 3, NotationError),  # letters and numbers
        (["S", "A"], 3, NotationError),  # two sets of letters
        (["E"], 4, NotationError),  # beyond D
    ],
)
def test_peg_naming_that_cannot_be_decided_is_an_error(tokens, posts, error):
    with pytest.raises(error):
        PegNames.detect(tokens, posts)


def test_peg_names_read_and_write():
    assert [PegNames.ONE.name_of(p, 4) for p in range(4)] == ["1", "2", "3", "4"]
    assert [PegNames.LETTERS.read(c, 4) for c in "abcd"] == [0, 1, 2, 3]
    assert PegNames.SID.name_of(4, 5) == "4"
    assert PegNames.SID.read("2", 3) == 2  # the library's post numbers, read back
    with pytest.raises(NotationError, match="peg 0 does not exist"):
        PegNames.ONE.read("0")
    with pytest.raises(NotationError):
        PegNames.LETTERS.name_of(26, 27)
    with pytest.raises(NotationError):
        PegNames.ZERO.read("A")


def test_peg_names_check_their_arguments():
    with pytest.raises(InvalidArgumentError):
        PegNames.detect(5)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        PegNames.detect([0, 2])  # type: ignore[list-item]
    with pytest.raises(InvalidArgumentError):
        PegNames.ONE.name_of("a")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        PegNames.ONE.name_of(1, posts="3")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        PegNames.ONE.read(3)  # type: ignore[arg-type]


def test_read_reports_the_line_and_the_expected_form():
    with pytest.raises(NotationError) as raised:
        NOTATIONS["reasoning-gym"].read("Move disk 1 from Peg 1 to Peg 3\nMove disk two")
    assert raised.value.line == 2
    assert "Move disk 1 from Peg 1 to Peg 3" in str(raised.value)
    with pytest.raises(NotationError, match="not closed"):
        NOTATIONS["moves-list"].read("moves = [[1, 0, 2],")
    with pytest.raises(NotationError, match="after the list"):
        NOTATIONS["moves-list"].read("moves = [[1, 0, 2]] and more")
    with pytest.raises(NotationError, match="start with"):
        NOTATIONS["json"].read("moves: 1")
    with pytest.raises(NotationError, match="disk 0"):
        NOTATIONS["library"].read("0: S -> D")


def test_read_tolerates_what_models_add():
    text = (
        "```\r\nMove disk 1 from peg 1 to peg 3.\r\n\r\n  MOVE DISK 2 FROM PEG 1 TO PEG 2;\r\n```"
    )
    assert NOTATIONS["reasoning-gym"].read(text) == [Move(1, 0, 2), Move(2, 0, 1)]
    assert NOTATIONS["json"].read('[{"target": 2, "source": 0, "disk": 1},]') == [Move(1, 0, 2)]


def test_formats_are_as_documented():
    moves = [Move(1, 0, 2), Move(2, 0, 1)]
    assert NOTATIONS["library"].format(moves) == "1: S -> D\n2: S -> I\n"
    assert NOTATIONS["moves-list"].format(moves) == "moves = [[1, 0, 2], [2, 0, 1]]\n"
    assert NOTATIONS["moves-list"].format([]) == "moves = []\n"
    assert NOTATIONS["numbers"].format([]) == ""
    assert NOTATIONS["bracket-pairs"].format(moves) == "[A, C]\n[A, B]\n"
    assert NOTATIONS["jsonl"].format(moves).splitlines()[1] == (
        '{"index": 1, "disk": 2, "source": 0, "target": 1}'
    )
    assert json.loads(NOTATIONS["json"].format(moves)) == [
        {"disk": 1, "source": 0, "target": 2},
        {"disk": 2, "source": 0, "target": 1},
    ]
    assert NOTATIONS["library"].format([Move(1, 0, 3)], posts=4) == "1: 0 -> 3\n"


def test_bad_notations_and_arguments_are_refused():
    with pytest.raises(InvalidArgumentError, match="did you mean 'letters'"):
        get_notation("leters")
    with pytest.raises(InvalidArgumentError, match="needs"):
        Notation("broken", "{disk}", PegNames.ZERO)
    with pytest.raises(InvalidArgumentError, match="Move objects"):
        NOTATIONS["library"].format([(0, 2)])
    with pytest.raises(NotationError, match="cannot name"):
        NOTATIONS["letters"].format([(0, 2)], posts=27)
    with pytest.raises(NotationError, match="one character"):
        NOTATIONS["compact"].format([(0, 2)], posts=12)


@pytest.mark.parametrize(
    "call",
    [
        lambda: Notation(5, "{source} {target}", PegNames.ONE),  # type: ignore[arg-type]
        lambda: Notation("x", 5, PegNames.ONE),  # type: ignore[arg-type]
        lambda: Notation("x", "{source} {target}", "one"),  # type: ignore[arg-type]
        lambda: Notation("x", "{source} {target}", PegNames.ONE, opening=None),  # type: ignore[arg-type]
        lambda: Notation("x", "{source} {target}", PegNames.ONE, json="no"),  # type: ignore[arg-type]
        lambda: NOTATIONS["letters"].read("A C", pegs="letters"),  # type: ignore[arg-type]
        lambda: NOTATIONS["letters"].format(5),  # type: ignore[arg-type]
        lambda: extract_moves("A C", thinking="yes"),  # type: ignore[arg-type]
    ],
)
def test_notation_arguments_are_checked(call):
    with pytest.raises(InvalidArgumentError):
        call()


def test_extract_refuses_non_text():
    with pytest.raises(InvalidArgumentError):
        extract_moves(b"S->D")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        extract_moves("S->D", pegs="zero")  # type: ignore[arg-type]


def test_numbers_before_a_colon_counting_up_are_steps_whatever_the_notation_asked():
    text = "1: S -> I\n2: S -> D\n3: S -> I"
    for notation in (None, "library", "arrows"):
        found = extract_moves(text, notation=notation)
        assert found.moves == ((0, 1), (0, 2), (0, 1))  # on three posts disks 1, 2, 3 never
        assert not found.ambiguous  # move one after the other: these are step numbers
    # not counting up from 1: disks, as the library writes them
    assert extract_moves("1: S -> I\n2: S -> D\n1: I -> D").moves[2] == Move(1, 1, 2)


@pytest.mark.parametrize(
    "text",
    [
        "1: A->C\n2: A->B\nGood.\n3: C->B",
        "1: A->C\nGood.\n2: A->B\nGood.\n3: C->B",
        "1: A->C\nGood.\n2: A->B\n3: C->B\n4: A->C",
    ],
)
def test_step_numbers_counting_up_across_prose_from_three_moves_on_are_steps(text):
    """Runs cut by prose that together count 1, 2, 3... up, three moves or more: the numbers
    are steps (disks 1, 2, 3 cannot move one after the other on three posts)."""
    found = extract_moves(text)
    assert found.moves == ((0, 2), (0, 1), (2, 1), (0, 2))[: text.count("->")]


def test_two_moves_counting_up_across_prose_keep_their_disks():
    assert extract_moves("1: A->C\nGood.\n2: A->B").moves == (Move(1, 0, 2), Move(2, 0, 1))


@pytest.mark.parametrize("posts", [3, 4, 5, 6])
@pytest.mark.parametrize("name", sorted(NOTATIONS))
def test_an_answer_in_a_notation_is_reported_in_it(name, posts):
    """Every built-in notation on any number of posts it names, told from the answer alone: the
    library's S, I, D notations (library, arrows, compact) number posts from 0 from four posts
    on, and were reported as no notation there."""
    notation = NOTATIONS[name]
    if not notation.pegs.fits(posts):
        pytest.skip(f"{name} cannot name {posts} posts")
    moves = solve(f"classic:{posts}" if posts > 3 else "classic", 3)
    found = extract_moves(notation.format(moves, posts), posts=posts)
    assert found.notation == name
    sid = notation.pegs is PegNames.SID
    assert found.pegs is (PegNames.ZERO if sid and posts > 3 else notation.pegs)


def test_numbers_counting_up_on_four_posts_could_be_disks_too():
    found = extract_moves("1: 0 -> 1\n2: 0 -> 2\n3: 0 -> 3", posts=4, pegs=PegNames.ZERO)
    assert found.moves == ((0, 1), (0, 2), (0, 3)) and found.ambiguous
    disks = [a.moves for a in found.alternatives if a.plausible]
    assert disks == [(Move(1, 0, 1), Move(2, 0, 2), Move(3, 0, 3))]


@pytest.mark.parametrize(
    "text", ["1: 0 -> 1\nGood.\n2: 0 -> 2\n3: 0 -> 3", "1: 0 -> 1\n2: 0 -> 2\nWell.\n3: 0 -> 3"]
)
def test_numbers_counting_up_across_prose_on_four_posts_could_be_disks_too(text):
    found = extract_moves(text, posts=4, pegs=PegNames.ZERO)
    assert found.moves == ((0, 1), (0, 2), (0, 3)) and found.ambiguous
    assert [(a.moves, a.why, a.plausible) for a in found.alternatives] == [
        (
            (Move(1, 0, 1), Move(2, 0, 2), Move(3, 0, 3)),
            "the numbers before ':' read as disks",
            True,
        )
    ]


def test_long_answers_are_read_in_linear_time():
    """A million moves: every line is read once per distinct text, not once per line (16,383
    in a mutation run, which runs this test once per mutant)."""
    moves = list(solve("classic", 14 if MUTATION else 20))
    for name in ("reasoning-gym", "moves-list"):
        found = extract_moves(NOTATIONS[name].format(moves))
        assert len(found.moves) == len(moves)
        assert found.moves[-1] == moves[-1]


@pytest.mark.parametrize("name", ["json", "reasoning-gym", "jsonl"])
@pytest.mark.parametrize("distinct", [_scan._REMEMBERED - 1, _scan._REMEMBERED + 50])
def test_more_distinct_moves_than_are_remembered(name, distinct):
    """Readings are remembered for the first distinct items only: the same moves either side,
    and an unreadable item past the limit is still found where it is."""
    assert _scan._REMEMBERED == _lines._REMEMBERED
    notation = NOTATIONS[name]
    moves = [Move(disk, 0, 1) for disk in range(1, distinct + 1)]
    moves += moves[:20]  # repeats, after the limit when it is passed
    text = notation.format(moves)
    assert list(extract_moves(text, notation=name).moves) == moves
    assert notation.read(text) == moves
    if name == "json":
        head, _, tail = text.rpartition(", " + notation.format_move(moves[-1]))
        broken = head + ', {"disk": 1 "source"}' + tail  # the last item, past the limit
        found = extract_moves(broken, notation=name)
        assert len(found.moves) == len(moves) - 1
        assert found.unreadable is not None


_SAME_PEGS = {
    "letter-arrows": "ABC", "letters-to": "ABC", "brackets": "ABC", "bracket-pairs": "ABC",
    "letters": "ABC", "arrows": "SID", "library": "SID", "compact": "SID",
}  # fmt: skip


@pytest.mark.parametrize(
    ("first", "second"),
    [(a, b) for a in _SAME_PEGS for b in _SAME_PEGS if _SAME_PEGS[a] == _SAME_PEGS[b]],
)
def test_a_line_of_moves_in_two_notations_names_neither(first, second):
    """One line, two moves, each in a notation of its own (pegs named alike): both read, and
    the report names a notation only where both are written in it."""
    one = NOTATIONS[first].format([Move(1, 0, 2)], 3).strip()
    two = NOTATIONS[second].format([Move(2, 0, 1)], 3).strip()
    found = extract_moves(f"{one}, {two}")
    assert [(m.source, m.target) if isinstance(m, Move) else m for m in found.moves] == [
        (0, 2),
        (0, 1),
    ]
    assert found.notation == (first if first == second else None)
