"""Answers written exactly as the asked notation writes them are read by looking their lines up.

The full reading of such an answer teaches its lines; a later answer made only of taught lines
is read from them (``hanoi_magnet.notation._canonical``). Its reading must be the full
reading's, field for field: for every notation that writes a move a line, every peg naming a
caller may give, three to six posts, legal and illegal sequences, answers with a line more or
a line changed, and both sides of the table's size.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanoi_magnet import Move, NotationError
from hanoi_magnet.notation import (
    NOTATIONS,
    Extraction,
    PegNames,
    _canonical,
    _extract,
    extract_moves,
)
from hanoi_magnet.testing import legal_move_sequences
from tests.scale import MUTATION

_LINE_NOTATIONS = [n for n in NOTATIONS.values() if not n.is_list]


def _full(text: str, **options: object) -> Extraction | NotationError:
    """The full reading, nothing looked up (and nothing taught)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_extract, "known_reading", lambda *args: None)
        patch.setattr(_extract, "teach", lambda *args: None)
        return _read(text, **options)


def _read(text: str, **options: object) -> Extraction | NotationError:
    try:
        return extract_moves(text, **options)  # type: ignore[arg-type]
    except NotationError as error:
        return error


def _same(first: Extraction | NotationError, second: Extraction | NotationError) -> bool:
    if isinstance(first, NotationError) or isinstance(second, NotationError):
        return type(first) is type(second) and str(first) == str(second)
    return first == second


def _looked_up(text: str, notation: object, pegs: object, posts: int) -> bool:
    found = _canonical.known_reading(text, notation, pegs, posts)  # type: ignore[arg-type]
    return found is not None


@settings(max_examples=40 if MUTATION else 400, deadline=None, derandomize=True)
@given(data=st.data())
def test_a_taught_answer_is_read_as_the_full_reading_reads_it(data):
    notation = data.draw(st.sampled_from(_LINE_NOTATIONS), label="notation")
    posts = data.draw(st.sampled_from([3, 4, 5, 6]), label="posts")
    pegs = data.draw(st.sampled_from([None, notation.pegs, PegNames.ZERO, PegNames.ONE]))
    label = "classic" if posts == 3 else f"classic:{posts}"
    moves = data.draw(legal_move_sequences(label, data.draw(st.integers(1, 4)), max_length=30))
    if not moves:
        return
    if data.draw(st.booleans(), label="an illegal move among them"):
        moves = [*moves, Move(moves[0].disk, moves[0].source, moves[0].target)]
    notation._taught.clear()
    text = notation.format(moves, posts)
    options = {"notation": notation, "pegs": pegs, "posts": posts}
    first = _read(text, **options)  # the full reading, which teaches
    assert _same(first, _full(text, **options))
    second = _read(text, **options)  # looked up, where it was taught
    assert _same(second, first)
    lines = text.rstrip("\n").split("\n")
    rng = random.Random(len(text))
    for other in (
        "\n".join(rng.sample(lines, len(lines))),  # the same lines in another order
        "\n".join([*lines, lines[0]]),  # a line more
        "\n".join(lines[1:]) or lines[0],
        text.rstrip("\n"),
        text + "\n",
        "\n".join([lines[0] + ".", *lines[1:]]),
        "\n".join([*lines[:-1], lines[-1].upper()]),
        "Here:\n" + text,
        "\n\n".join(lines),
    ):
        assert _same(_read(other, **options), _full(other, **options)), other


def test_the_library_notations_labels_are_never_taught():
    """``1: S -> D`` lines counting up are step numbers, other labels disks: a line's reading
    depends on its neighbours, so none is taught."""
    library = NOTATIONS["library"]
    library._taught.clear()
    for text in ("1: S -> D\n2: S -> I\n1: D -> I", "1: S -> D\n2: S -> I\n3: D -> I"):
        for posts in (3, 4):
            assert _same(_read(text, notation=library, posts=posts),
                         _full(text, notation=library, posts=posts))  # fmt: skip
            assert not _looked_up(text, library, None, posts)


def test_answers_of_taught_lines_are_looked_up_and_others_are_not():
    notation = NOTATIONS["reasoning-gym"]
    notation._taught.clear()
    lines = ["Move disk 1 from Peg 1 to Peg 3", "Move disk 2 from Peg 1 to Peg 2",
             "Move disk 1 from Peg 3 to Peg 2"]  # fmt: skip
    text = "\n".join(lines)
    assert not _looked_up(text, notation, None, 3)
    extract_moves(text, notation=notation, posts=3)
    assert _looked_up(text, notation, None, 3)
    assert _looked_up("\n".join(reversed(lines)) + "\n", notation, None, 3)
    assert not _looked_up(text, notation, None, 4)  # taught for three posts
    assert not _looked_up(text, notation, PegNames.ONE, 3)  # taught with the naming defaulted
    for shape in (text + "\n\n", text.replace("\n", "\r\n"), text + " ", "\n" + text):
        assert not _looked_up(shape, notation, None, 3), repr(shape)


@pytest.mark.parametrize("kept", [2, 3, 4096])
def test_the_taught_lines_are_bounded_and_read_the_same_beyond_the_bound(monkeypatch, kept):
    """A table of 2, 3 or 4,096 lines taught answers of three lines: the same readings."""
    monkeypatch.setattr(_canonical, "LINES_KEPT", kept)
    notation = NOTATIONS["letter-arrows"]
    notation._taught.clear()
    rng = random.Random(kept)
    pairs = [(s, t) for s in range(3) for t in range(3) if s != t]
    for _ in range(200):
        chosen = [rng.choice(pairs) for _ in range(3)]
        text = "\n".join(f"{'ABC'[s]}->{'ABC'[t]}" for s, t in chosen)
        assert _same(_read(text, notation=notation), _full(text, notation=notation)), text
        assert all(len(t.lines) <= kept for t in notation._taught.values())
