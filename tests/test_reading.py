"""Reading answers (issue 22): a hand-written corpus, the reading report, and properties.

The corpus (tests/data/answers/corpus.txt) holds answers of every form models write, each
correct and corrupted (a move swapped out of order, the last move missing, one too many, one
written twice), with the moves a careful human reads from it, written by hand in the answer's
own peg names. The reader must agree on every one, or say that the reading is ambiguous:
never a different move list.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from hanoi_magnet import AmbiguousNotationError, Move, NotationError, solve
from hanoi_magnet.notation import NOTATIONS, PegNames, extract_moves
from hanoi_magnet.testing import legal_move_sequences
from tests.scale import MUTATION

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
        patch.setattr(_extract, "_fast", lambda *args: None)
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


def _remarks_after(line: str) -> list[str]:
    """The remarks that can follow a line: "13. Nice." is item 13 of a numbered list, not the
    move 13 on four posts with a remark (a compact move from post 0, "01. Nice.", is a move:
    no list counts from 0)."""
    if line.isdigit() and not line.startswith("0"):
        return [remark for remark in REMARKS if not remark.startswith(".")]
    return REMARKS


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
        line + data.draw(st.sampled_from(_remarks_after(line))) if i in where else line
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


# -- one test per symptom of issue 22 (each failed on main before this change) --------------------

GYM7 = [
    "Move disk 1 from Peg 1 to Peg 3",
    "Move disk 2 from Peg 1 to Peg 2",
    "Move disk 1 from Peg 3 to Peg 2",
    "Move disk 3 from Peg 1 to Peg 3",
    "Move disk 1 from Peg 2 to Peg 1",
    "Move disk 2 from Peg 2 to Peg 3",
    "Move disk 1 from Peg 1 to Peg 3",
]
SOLUTION7 = (
    Move(1, 0, 2),
    Move(2, 0, 1),
    Move(1, 2, 1),
    Move(3, 0, 2),
    Move(1, 1, 0),
    Move(2, 1, 2),
    Move(1, 0, 2),
)
PAIRS7 = tuple((move.source, move.target) for move in SOLUTION7)


@pytest.mark.parametrize(
    ("line", "remark"),
    [
        (2, ". (both small disks on Peg 2)"),
        (2, " ✅"),
        (3, " — the largest disk"),
        (3, " (now Peg 1 is empty)"),
    ],
)
def test_a_remark_after_a_move_does_not_split_the_run(line, remark):
    """Issue 22 item 1: the remarked line counted as prose and only the moves after it were
    read."""
    lines = list(GYM7)
    lines[line] += remark
    found = extract_moves("\n".join(lines))
    assert found.moves == SOLUTION7
    assert [span.why for span in found.skipped] == ["a remark after a move"]
    assert found.skipped[0].line == line + 1


def test_remarks_in_a_numbered_list_of_arrows():
    text = "1. A -> C\n2. A -> B ✅\n3. C -> B\n4. A -> C (now A is empty)\n"
    text += "5. B -> A\n6. B -> C\n7. A -> C"
    assert extract_moves(text).moves == PAIRS7


def test_prose_between_two_runs_keeps_both():
    """Issue 22 item 2: a prose line between two runs kept only the second."""
    text = "\n".join([*GYM7[:3], "Now the largest disk is free.", *GYM7[3:]])
    found = extract_moves(text)
    assert found.moves == SOLUTION7
    assert len(found.spans) == 2
    assert not found.ambiguous


def test_a_draft_list_in_the_reasoning_loses_to_the_final_answer():
    """Issue 22 item 2: a draft ``moves = [...]`` won over the final answer written later."""
    text = "Idea: moves = [[1, 0, 1], [2, 0, 2]]\nNo, that is two disks.\n\nAnswer:\n"
    found = extract_moves(text + "\n".join(GYM7))
    assert found.moves == SOLUTION7
    assert [a.moves for a in found.alternatives] == [(Move(1, 0, 1), Move(2, 0, 2))]
    assert "a draft, replaced by the answer after it" in found.alternatives[0].why
    assert not found.ambiguous


def test_restating_the_first_moves_after_the_answer_keeps_the_answer():
    """Issue 22 item 2: a restatement of the first moves after the answer was read instead."""
    text = "\n".join([*GYM7, "", "So the first moves are:", *GYM7[:2]])
    found = extract_moves(text)
    assert found.moves == SOLUTION7
    assert found.alternatives[0].moves == SOLUTION7[:2]
    assert "restates the first 2 moves" in found.alternatives[0].why


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("moves = [(1, 0, 2), (2, 0, 1), (1, 2, 1)]", SOLUTION7[:3]),
        ('["A->C", "A->B", "C->B"]', PAIRS7[:3]),
        (
            "| Step | Disk | From | To |\n|---|---|---|---|\n| 1 | 1 | A | C |\n| 2 | 2 | A | B |",
            SOLUTION7[:2],
        ),
        (r"Therefore $\boxed{A \to C, A \to B, C \to B}$.", PAIRS7[:3]),
        ("First, move disk 1 from A to C. Then move disk 2 from A to B.", SOLUTION7[:2]),
        ("SD SI DI", PAIRS7[:3]),
    ],
)
def test_forms_models_often_write_are_read(text, expected):
    """Issue 22 item 3: none of these was read."""
    assert extract_moves(text).moves == expected


def test_the_library_compact_notation_on_four_posts_is_detected():
    """Issue 22 item 3: "01", "13" on four posts were read only with notation="compact"."""
    found = extract_moves("01\n02\n03\n23\n13", posts=4)
    assert found.moves == ((0, 1), (0, 2), (0, 3), (2, 3), (1, 3))
    assert found.notation == "compact"


@pytest.mark.parametrize(
    ("text", "pegs", "shows"),
    [
        ("moves = [[1, 1, 3], [2, 1, 2], [1, 3, 2]]", PegNames.ZERO, PegNames.ONE),
        ("moves = [[1, 0, 2], [2, 0, 1], [1, 2, 1]]", PegNames.ONE, PegNames.ZERO),
    ],
)
def test_a_peg_naming_that_conflicts_with_the_one_asked_for_is_reported(text, pegs, shows):
    """Issue 22 item 4: the reader says when the answer's own peg names are another naming;
    the same moves read with that naming are an alternative (a format error, not a broken
    rule)."""
    found = extract_moves(text, pegs=pegs)
    assert found.pegs is pegs
    assert found.pegs_from == "named"
    assert found.pegs_mismatch is not None and shows.describe in found.pegs_mismatch
    assert found.alternatives[-1].pegs is shows
    assert not found.ambiguous
    assert extract_moves(text).pegs_mismatch is None  # detected: nothing to conflict with


def test_numbers_answering_letters_show_their_own_base():
    """Issue 32 item 2: "Peg 1..3" answering a prompt in S, I, D is read as written (it shows
    its base: it writes peg 3 and never 0); that it is not the naming asked for is reported
    as a deviation from the notation, not a broken rule."""
    found = extract_moves("\n".join(GYM7), pegs=PegNames.SID, notation="library")
    assert found.moves == SOLUTION7 and found.pegs is PegNames.ONE
    assert found.pegs_mismatch is None and found.deviation is not None


@pytest.mark.parametrize(
    "text",
    [
        "Move disk " + "7" * 5000 + " from Peg 1 to Peg 3",
        "Move disk 1 from Peg 1 to Peg " + "7" * 5000,
        "moves = [[" + "7" * 5000 + ", 0, 2]]",
        '{"index": 0, "disk": ' + "7" * 5000 + ', "source": 0, "target": 2}',
        "7" * 5000 + ": S -> D\n2: S -> I\n3: D -> I",
    ],
)
def test_a_number_of_thousands_of_digits_is_no_crash(text):
    """Issue 22 item 6: int() raised a plain ValueError (numbers over 4,300 digits)."""
    for pegs in (None, PegNames.ONE, PegNames.ZERO):
        try:
            found = extract_moves(text, pegs=pegs)
        except NotationError:  # no moves at all, said as such
            continue
        assert found.unreadable is not None or len(found.moves) < 3


@pytest.mark.parametrize(
    "text",
    [
        "<think>xx</think>A->C\nA->B",
        "<think>xx</think> A->C\nA->B",
        "<think>first\nthen</think>A->C\nA->B",
        "so: A->B?</think>A->C\nA->B",
        "A->C <think>the next one</think>\nA->B",
    ],
)
def test_a_move_on_the_line_of_a_reasoning_tag_is_read(text):
    """The moves written right after </think> (or before <think>) on its line are part of the
    answer (the first was dropped silently before)."""
    found = extract_moves(text)
    assert list(found.moves) == [(0, 2), (0, 1)]
    assert any("reasoning" in span.why for span in found.skipped)


def test_an_unclosed_think_does_not_hide_the_answer():
    """Issue 22 item 8: everything after an unclosed <think> was dropped. Issue 32 item 8: the
    moves are read, and the text ends while the model is still reasoning: truncated (a scorer
    does not credit an answer that never left its reasoning)."""
    found = extract_moves("<think>\nThe recursion is easy.\n" + "\n".join(GYM7))
    assert found.moves == SOLUTION7
    assert found.truncated
    assert "never closed" in found.why
    cut = extract_moves("<think>\nA->C\nA->B\nC->B\nthen the largest disk... wait, the col")
    assert cut.moves == PAIRS7[:3]
    assert cut.truncated  # the text ends while still reasoning: output cut off


# -- degenerate inputs complete (issue 22 item 5; timed in benchmarks/bench_extraction.py) -------


#: How many times over the degenerate inputs repeat their piece: a tenth in a mutation run (the
#: test runs once per mutant), still far beyond every length the reader treats otherwise.
TIMES = 1_000 if MUTATION else 10_000


@pytest.mark.parametrize(
    "text",
    [
        "S->D" + " " * 20 * TIMES + "x\nS->I",
        "1" + " " * 20 * TIMES,
        "[" + " " * 20 * TIMES,
        "<think>" * (16 * TIMES // 10) + "\nS->D",
        "</think>" * (16 * TIMES // 10) + "\nS->D",
        "<think>a</think>" * (16 * TIMES // 10) + "\nS->D",
        "<answer>" * (16 * TIMES // 10) + "\nS->D",
        "<answer>A->C</answer>" * (16 * TIMES // 10),  # one line of tags, each put apart
        "<answer><b>" + "A->C, " * 4 * TIMES + "</answer>",  # one long line between two tags
        "[[" * (16 * TIMES // 10),
        "move disk 1 from A to " * (16 * TIMES // 10),
        "A->" * (16 * TIMES // 10),
        "A->C\nok.\n" * 2 * TIMES,  # every run joined: no copy of the reading so far per run
        "A->C\nA->B\nok.\n" * 2 * TIMES,  # every run starts over: a few doubts, not one per run
        "[[1, 0, 2]]\n" * 2 * TIMES,
        "Move disk x\nok\n" * 2 * TIMES,
        "A->C\nwait, wrong\n" * 2 * TIMES,
    ],
    # no backslash in an id: pytest cannot select a test whose id has one (mutmut selects by id)
    ids=lambda text: text[:12].replace("\n", "|"),
)
def test_degenerate_inputs_complete(text):
    try:
        found = extract_moves(text)
    except NotationError:
        return
    assert len(found.moves) <= 40_000
    assert sum(reading.plausible for reading in found.alternatives) <= 6


def test_a_whole_solution_on_one_comma_separated_line():
    moves = [(m.source, m.target) for m in solve("classic", 15)]
    line = ", ".join(f"{'ABC'[a]}->{'ABC'[b]}" for a, b in moves)
    assert list(extract_moves(line).moves) == moves


# -- the report --------------------------------------------------------------------------------


def test_the_report_names_every_span_read_and_skipped():
    text = "<think>\nhmm\n</think>\nHere:\nA->C\nA->B (ok)\n\nThat's it."
    found = extract_moves(text)
    assert [(s.line, s.end_line) for s in found.spans] == [(5, 6)]
    assert text[found.spans[0].start : found.spans[0].end] == "A->C\nA->B (ok)"
    assert [(s.line, s.why) for s in found.skipped] == [
        (1, "reasoning inside <think>...</think>"),
        (4, "prose"),
        (6, "a remark after a move"),
        (8, "prose"),
    ]
    assert text[found.skipped[2].start : found.skipped[2].end] == "(ok)"
    assert found.notation_from == "detected" and found.pegs_from == "detected"
    assert json.loads(json.dumps(found.to_dict()))["spans"][0]["line"] == 5


def test_offsets_are_in_the_text_as_given_with_crlf():
    text = "Sure.\r\nS->D\r\nS->I\r\n"
    found = extract_moves(text)
    assert text[found.spans[0].start : found.spans[0].end] == "S->D\r\nS->I"
    assert found.spans[0].line == 2


def test_a_restart_that_cannot_be_told_from_a_continuation_is_ambiguous():
    text = "A->C\nA->B\nC->B\nHere we go:\nA->C\nA->B\nC->B\nA->C"
    found = extract_moves(text)
    assert found.ambiguous
    assert len(found.moves) == 7  # read as one answer, by the documented rule
    plausible = [a.moves for a in found.alternatives if a.plausible]
    assert PAIRS7[:4] in plausible  # the later run alone: a new attempt


def test_a_correction_replaces_the_earlier_attempt():
    text = "A->B\nA->C\nWait, that is wrong. Let me redo it:\nA->C\nA->B\nC->B"
    found = extract_moves(text)
    assert found.moves == PAIRS7[:3]
    assert not found.ambiguous
    assert found.alternatives[0].moves == ((0, 1), (0, 2))


@pytest.mark.parametrize(
    "text",
    ["A->C\nA->B\n... and so on", "A->C, A->B, ...", "moves = [[1, 0, 2], ..., [1, 0, 2]]"],
)
def test_giving_up_on_the_moves_is_reported_as_abandoned(text):
    assert extract_moves(text).abandoned is not None


def test_a_broken_move_line_stops_the_reading_and_is_not_prose():
    text = "\n".join([GYM7[0], "Move disk two from Peg 1 to Peg 2", *GYM7[2:]])
    found = extract_moves(text)
    assert found.moves == SOLUTION7[:1]
    assert found.unreadable is not None and "disk two" in found.unreadable


def test_named_notation_and_pegs_are_reported_as_named():
    found = extract_moves("\n".join(GYM7), notation="reasoning-gym")
    assert (found.notation_from, found.pegs_from) == ("detected", "defaulted")
    assert (found.asked, found.deviation) == ("reasoning-gym", None)
    found = extract_moves("\n".join(GYM7), pegs=PegNames.ONE)
    assert (found.notation_from, found.pegs_from) == ("detected", "named")


def test_an_unclosed_tag_of_any_name_on_the_line_of_the_moves():
    found = extract_moves("<reasoning>S->D\nS->I")
    assert found.moves == ((0, 2), (0, 1))
