"""Reading answers (issue 22): a hand-written corpus, the reading report, and properties.

The corpus (tests/data/answers/corpus.txt) holds answers of every form models write, each
correct and corrupted (a move swapped out of order, the last move missing, one too many, one
written twice), with the moves a careful human reads from it, written by hand in the answer's
own peg names. The reader must agree on every one, or say that the reading is ambiguous:
never a different move list.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from hanoi_magnet import AmbiguousNotationError, Move, NotationError
from hanoi_magnet.notation import NOTATIONS, PegNames, extract_moves
from hanoi_magnet.testing import legal_move_sequences

CORPUS = Path(__file__).parent / "data" / "answers" / "corpus.txt"


def _entries() -> dict[str, dict[str, str]]:
    entries: dict[str, dict[str, str]] = {}
    current: dict[str, str] | None = None
    body: list[str] | None = None
    for line in CORPUS.read_text(encoding="utf-8").split("\n"):
        if line.startswith("=====[ ") and line.endswith(" ]====="):
            current = entries[line[7:-7]] = {}
            body = None
        elif current is None:
            continue
        elif body is None and line == "---":
            body = []
            current["text"] = ""
        elif body is None:
            key, _, value = line.partition(": ")
            current[key] = value
        else:
            body.append(line)
            current["text"] = "\n".join(body)
    for entry in entries.values():
        if entry["text"].endswith("\n") or entry["text"]:
            entry["text"] = entry["text"].removesuffix("\n")
        if entry.get("crlf") == "yes":
            entry["text"] = entry["text"].replace("\n", "\r\n") + "\r\n"
    return entries


ENTRIES = _entries()


def _post(name: str, naming: str) -> int:
    """A peg name as a careful reader turns it into a post number from 0 (not the library)."""
    if naming == "ONE":
        return int(name) - 1
    if naming == "ZERO":
        return int(name)
    return ("SID" if naming == "SID" else "ABCDEFGHIJ").index(name.upper())


def _expected(entry: dict[str, str]) -> list[object] | None:
    written = entry["expect"].strip()
    if written == "none":
        return None
    moves: list[object] = []
    for item in written.split():
        disk, _, pegs = item.rpartition(":")
        source, _, target = pegs.partition(">")
        pair = (_post(source, entry["pegs"]), _post(target, entry["pegs"]))
        moves.append(Move(int(disk), *pair) if disk else pair)
    return moves


def test_the_corpus_is_large_and_covers_correct_and_corrupted_answers():
    assert len(ENTRIES) >= 150
    for variant in ("ok", "swap", "short", "extra", "dup"):
        assert sum(name.endswith(f"--{variant}") for name in ENTRIES) >= 40


@pytest.mark.parametrize("name", sorted(ENTRIES))
def test_the_reader_agrees_with_a_careful_human_or_says_ambiguous(name):
    entry = ENTRIES[name]
    expected = _expected(entry)
    posts = int(entry.get("posts", "3"))
    if expected is None:
        with pytest.raises(NotationError):
            extract_moves(entry["text"], posts=posts)
        return
    try:
        found = extract_moves(entry["text"], posts=posts)
    except AmbiguousNotationError:  # the peg names fit two namings: it says so
        named = extract_moves(entry["text"], posts=posts, pegs=PegNames[entry["pegs"]])
        assert list(named.moves) == expected
        return
    if found.ambiguous:  # then the careful reading must be one of those offered
        readings = [found.moves, *(a.moves for a in found.alternatives if a.plausible)]
        assert tuple(expected) in readings, (found.moves, found.why)
        return
    assert list(found.moves) == expected, (found.why, found.alternatives)
    assert found.truncated == (entry.get("truncated") == "True")
    assert (found.unreadable is not None) == (entry.get("unreadable") == "True")
    assert (found.abandoned is not None) == (entry.get("abandoned") == "True")
    if expected and entry["pegs"] in ("ONE", "ZERO", "LETTERS", "SID"):
        assert found.pegs is PegNames[entry["pegs"]] or {found.pegs, PegNames[entry["pegs"]]} == {
            PegNames.SID,
            PegNames.ZERO,
        }


# -- the fast path reads exactly as the full reading ---------------------------------------------


def _slow(monkeypatch: pytest.MonkeyPatch, text: str, **options: object) -> object:
    from hanoi_magnet.notation import _extract

    with monkeypatch.context() as patch:
        patch.setattr(_extract, "_fast_after_reasoning", lambda *args: None)
        return _outcome(text, **options)


def _outcome(text: str, **options: object) -> object:
    try:
        return extract_moves(text, **options)  # type: ignore[arg-type]
    except NotationError as error:
        return type(error).__name__


ANSWERS = Path(__file__).parent / "data" / "answers"
OTHER_TEXTS = {path.stem: path.read_text(encoding="utf-8") for path in ANSWERS.glob("*.txt")}


@pytest.mark.parametrize("name", sorted(ENTRIES) + [f"file:{name}" for name in OTHER_TEXTS])
def test_the_fast_path_gives_exactly_the_full_reading(monkeypatch, name):
    if name.startswith("file:"):
        text, posts = OTHER_TEXTS[name[5:]], 3
    else:
        text, posts = ENTRIES[name]["text"], int(ENTRIES[name].get("posts", "3"))
    for options in ({"posts": posts}, {"posts": posts, "notation": "reasoning-gym"}):
        assert _outcome(text, **options) == _slow(monkeypatch, text, **options)


# -- properties: remarks and prose never change the moves read -----------------------------------

LINE_NOTATIONS = [notation for notation in NOTATIONS.values() if not notation.is_list]
REMARKS = [
    " (both small disks on Peg 2)",
    " ✅",
    " — the largest disk",
    " (now A is empty)",
    ". Nice.",
    "  # the smallest disk",
    " // fine",
    " ← frees the big one",
    " -- legal",
    ": disk on top",
]
PROSE = [
    "Now the largest disk is free.",
    "This keeps every larger disk below a smaller one.",
    "Good, that works.",
    "Here is the interesting part:",
    "We are halfway there.",
    "(The middle post is the spare here.)",
    "**Phase two**",
    "That was the hard part; the rest is easy.",
]


@st.composite
def _answers(draw: st.DrawFn) -> tuple[list[str], int, str]:
    posts = draw(st.sampled_from([3, 4]))
    label = "classic" if posts == 3 else "classic:4"
    notation = draw(st.sampled_from([n for n in LINE_NOTATIONS if posts == 3 or n.name != "jsonl"]))
    moves = draw(legal_move_sequences(label, draw(st.integers(1, 4)), max_length=20))
    assume(moves)
    lines = notation.format(moves, posts).splitlines()
    return lines, posts, notation.name


def _read_or_error(text: str, posts: int) -> object:
    try:
        return extract_moves(text, posts=posts).moves
    except NotationError as error:
        return type(error).__name__


@settings(max_examples=300, deadline=None)
@given(answer=_answers(), data=st.data())
def test_a_remark_after_any_move_line_never_changes_the_moves(answer, data):
    lines, posts, _ = answer
    before = _read_or_error("\n".join(lines), posts)
    where = data.draw(st.sets(st.integers(0, len(lines) - 1), min_size=1))
    marked = [
        line + data.draw(st.sampled_from(REMARKS)) if i in where else line
        for i, line in enumerate(lines)
    ]
    assert _read_or_error("\n".join(marked), posts) == before


@settings(max_examples=300, deadline=None)
@given(answer=_answers(), data=st.data())
def test_prose_between_any_two_lines_never_changes_the_moves(answer, data):
    lines, posts, _ = answer
    before = _read_or_error("\n".join(lines), posts)
    where = data.draw(st.sets(st.integers(0, len(lines)), min_size=1, max_size=4))
    text: list[str] = []
    for index in range(len(lines) + 1):
        if index in where:
            text.append(data.draw(st.sampled_from(PROSE)))
        if index < len(lines):
            text.append(lines[index])
    assert _read_or_error("\n".join(text), posts) == before
