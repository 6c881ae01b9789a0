"""Capital words beside an answer (``OK, here is the solution:``) are prose, not moves.

Two capital letters on a line of moves read as a move (``AC``), so ``OK`` read as a move from
peg O to peg K and failed the whole answer: a correct answer after "OK, here is the solution:"
scored 0 in every notation. The class: any word of two capital letters none of which names a
peg, before the moves, after them, or on a line of prose, in every notation and peg naming.
"""

from __future__ import annotations

import itertools
import string

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hanoi_magnet import Move, solve
from hanoi_magnet.episode import reference_answer
from hanoi_magnet.errors import NotationError
from hanoi_magnet.evaluation import Outcome, generate, score
from hanoi_magnet.notation import NOTATIONS, PegNames, extract_moves, get_notation
from hanoi_magnet.testing import sample_answers

#: Words of two capitals a model writes (and random pairs), with the posts they fit: on
#: ``posts`` posts, the letters A.. (and S, I, D on three) name pegs.
WORDS = ("OK", "NO", "GO", "HI", "UP", "MY", "WE", "OR", "ON", "OF", "TO", "US", "QED")


def _pegs(posts: int) -> set[str]:
    return set(string.ascii_uppercase[:posts]) | (set("SID") if posts == 3 else set())


def _words(posts: int) -> list[str]:
    """The two-letter words none of whose letters names a peg on ``posts`` posts."""
    return [w for w in WORDS if len(w) == 2 and not set(w) & _pegs(posts)]


PLACES = (
    "{word}, here is the solution:\n{moves}",
    "{word}.\n{moves}",
    "{word}\n\n{moves}",
    "Sure. {word}, the moves:\n{moves}",
    "{moves}\n{word}?",
    "{moves}\n\nHope this helps, {word}?",
    "{word}.\n{moves}\n{word}.",
)


def _solution(posts: int) -> tuple[Move, ...]:
    return tuple(solve("classic" if posts == 3 else f"classic:{posts}", 2))


def _pairs(moves: tuple[Move | tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    return tuple((m.source, m.target) if isinstance(m, Move) else m for m in moves)


def _cases() -> list[tuple[str, int, str, str]]:
    cases = []
    for name, posts in itertools.product(NOTATIONS, (3, 4, 5)):
        notation = get_notation(name)
        if not notation.pegs.fits(posts):
            continue
        cases.extend((name, posts, word, place) for word in _words(posts) for place in PLACES)
    return cases


@pytest.mark.parametrize(("name", "posts", "word", "place"), _cases())
def test_a_capital_word_beside_the_moves_is_prose(name, posts, word, place):
    notation = get_notation(name)
    moves = _solution(posts)
    text = place.format(word=word, moves=notation.format(moves, posts).strip())
    found = extract_moves(text, notation=notation, posts=posts)
    assert found.moves == moves or found.moves == _pairs(moves)
    assert not found.ambiguous and found.unreadable is None and not found.truncated


@given(
    st.sampled_from(sorted(NOTATIONS)),
    st.text(alphabet="EFGHJKLMNOPQRTUVWXYZ", min_size=2, max_size=2),
    st.sampled_from(PLACES),
)
def test_any_pair_of_letters_that_names_no_peg_is_a_word(name, word, place):
    notation = get_notation(name)  # three posts: no peg beyond C, and S, I, D left out above
    moves = _solution(3)
    text = place.format(word=word, moves=notation.format(moves, 3).strip())
    found = extract_moves(text, notation=notation, posts=3)
    assert _pairs(found.moves) == _pairs(moves)


def test_the_scorer_credits_a_correct_answer_after_ok_in_every_notation():
    seen = set()
    for instance in generate(seed=3, count=600, tasks=["solve"], unsolvable=0.0):
        key = (instance.notation, instance.template, instance.posts)
        if key in seen or instance.posts > 10 or (instance.answer_moves or 99) > 40:
            continue
        seen.add(key)
        answer = reference_answer(instance).strip()
        for place in PLACES:
            text = place.format(word="OK", moves=answer)
            result = score(text, instance)
            assert result.outcome is Outcome.SOLVED_OPTIMALLY, (instance.notation, text, result)
            assert result.rewards["graded"] == 1.0
    assert len(seen) >= 10


def test_a_lone_pair_between_two_lines_of_moves_is_not_dropped():
    # "AC / XY / CB": the middle line is a broken move, not a word: never read as AC, CB
    with pytest.raises(NotationError):
        extract_moves("AC\nXY\nCB", posts=3)
    with pytest.raises(NotationError, match="X, Y"):
        extract_moves("A->C\nXY\nC->B", posts=3)


def test_an_arrow_to_a_peg_that_does_not_exist_still_fails():
    with pytest.raises(NotationError):
        extract_moves("O->K", posts=3)
    found = extract_moves("OK.\nA->C\nA->E", pegs=PegNames.LETTERS, posts=3)
    assert found.moves[-1] == (0, 4)  # read as written: the move to peg E is illegal


def test_a_word_that_may_name_pegs_stays_a_move():
    # with 15 posts, O and K are pegs: "OK" is the move from O to K
    found = extract_moves("OK\nAC", posts=15)
    assert found.moves == ((14, 10), (0, 2))
    # on three posts in S, I, D, "ID" is the move from I to D
    assert extract_moves("ID\nSD", posts=3).moves == ((1, 2), (0, 2))


def test_an_answer_of_words_alone_has_no_moves():
    with pytest.raises(NotationError, match="no moves found"):
        extract_moves("OK.", posts=3)
    with pytest.raises(NotationError, match="no moves found"):
        extract_moves("OK\nNO", posts=3)


def test_the_word_is_reported_where_it_stands():
    text = "\ufeffOK, here is the solution:\nA->C"
    found = extract_moves(text, posts=3)
    (span,) = [s for s in found.skipped if "word" in s.why]
    assert text[span.start : span.end] == "OK" and span.line == 1
    assert span.why == "'OK' is a word, not a move: no peg is so named"


@pytest.mark.parametrize(
    ("text", "moves"),
    [
        ("OK. AC, AB, CB", ((0, 2), (0, 1), (2, 1))),
        ("GO: A->C", ((0, 2),)),
        ("NO. A->C", ((0, 2),)),
        ("OK here it is: AC AB CB", ((0, 2), (0, 1), (2, 1))),
        ("Moves: AC, AB, CB. OK?", ((0, 2), (0, 1), (2, 1))),
        ("ID: 42\nA->C", ((0, 2),)),
    ],
)
def test_a_word_at_the_edge_of_a_line_of_moves_is_prose(text, moves):
    assert extract_moves(text, posts=3).moves == moves


def test_a_word_between_two_moves_of_a_line_is_not_dropped():
    with pytest.raises(NotationError, match="K, O"):
        extract_moves("AC OK AB", posts=3)


def test_a_capital_or_between_boxes_still_offers_options():
    # the word is read again in lower case: "OR" is a word, and the word offers alternatives
    found = extract_moves("\\boxed{A->C} OR \\boxed{A->B}", posts=3)
    assert found.ambiguous and found.hedged is not None


@pytest.mark.parametrize("posts", [26, 27, 30, 64])
def test_words_on_many_posts_are_read_or_refused_cleanly(posts):
    # beyond 26 posts no letter names a peg: "OK" and "AC" are words there (a raw ValueError
    # escaped: no letter naming to choose from)
    if posts <= 26:  # letters name pegs up to Z: O to K, and A to C
        assert extract_moves("OK\nAC", posts=posts).moves == ((14, 10), (0, 2))
    else:
        with pytest.raises(NotationError):
            extract_moves("OK\nAC", posts=posts)
    found = extract_moves("OK.\nMove disk 1 from peg 1 to peg 3", pegs=PegNames.ONE, posts=posts)
    assert found.moves == (Move(1, 0, 2),)


@pytest.mark.parametrize(("posts", "writes"), [(10, True), (11, False)])
def test_the_grammar_writes_capital_words_only_where_no_peg_has_their_letters(posts, writes):
    # O and K name pegs from fifteen posts on; the grammar keeps to ten posts or fewer
    texts = [a.text for a in sample_answers(seed=1, count=3000, posts=posts)]
    assert any("OK" in text or "NO problem" in text for text in texts) is writes
