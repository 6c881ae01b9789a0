"""The reader's shortcuts read exactly as its full reading, over whole classes of answers; its memos
and checks either side of their bounds.

The shortcuts (``_fast``: prose, one run of plain move lines, prose; ``_fast_after_reasoning``:
the same after one closed reasoning block) must give the very same :class:`Extraction` (every
field: moves, spans, skipped stretches, alternatives, the notation's deviation) as the full
reading, which finds the same answer without them. Compared on the generated answers of the
answer grammar (every wrapper, encoding and corruption it writes), on the hand corpus, and on
both with reasoning blocks put in front.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanoi_magnet import Move
from hanoi_magnet.errors import NotationError
from hanoi_magnet.notation import NOTATIONS, Notation, PegNames, _extract, _notations, extract_moves
from hanoi_magnet.testing import legal_move_sequences, sample_answers
from tests.scale import FULL, MUTATION
from tests.test_reading import ENTRIES, OTHER_TEXTS

#: Reasoning blocks a model writes before its answer, as the full reading masks them.
BEFORE = [
    "<think>\nSmallest disk first: A->B would block.\n</think>\n",
    "<think>Move disk 1 from A to B? No.</think>",
    "  <thinking>\n1. A->C\n2. A->B\n</thinking>\n\nFinal answer:\n",
    "Let me see, A->C first.\n</think>\n",
    "<reasoning>\n\n</reasoning>\n",
]


def _outcome(text: str, **options: object) -> object:
    try:
        return extract_moves(text, **options)  # type: ignore[arg-type]
    except NotationError as error:
        return type(error).__name__


def _both(monkeypatch: pytest.MonkeyPatch, text: str, **options: object) -> tuple[object, object]:
    """The reading with the shortcuts and without them (the full reading only)."""
    quick = _outcome(text, **options)
    with monkeypatch.context() as patch:
        patch.setattr(_extract, "_fast", lambda *args: None)
        patch.setattr(_extract, "_fast_after_reasoning", lambda *args: None)
        full = _outcome(text, **options)
    return quick, full


def _taken(monkeypatch: pytest.MonkeyPatch, text: str) -> bool:
    """Whether the shortcut after a reasoning block read ``text`` (not the full reading)."""
    taken = []
    shortcut = _extract._fast_after_reasoning

    def spy(given: str) -> object:
        found = shortcut(given)
        taken.append(found is not None)
        return found

    with monkeypatch.context() as patch:
        patch.setattr(_extract, "_fast_after_reasoning", spy)
        _outcome(text)
    return any(taken)


COUNT = 300 if MUTATION else 10_000 if FULL else 3_000


def test_the_shortcuts_read_the_generated_answers_exactly_as_the_full_reading(monkeypatch):
    shortcut = 0
    for answer in sample_answers(seed=3605, count=COUNT):
        options = {"posts": answer.posts, "pegs": answer.pegs}
        for text in (answer.text, BEFORE[len(answer.text) % len(BEFORE)] + answer.text):
            quick, full = _both(monkeypatch, text, **options)
            assert quick == full, text
        shortcut += "<" in answer.text
    assert shortcut > COUNT // 20  # the grammar writes reasoning blocks: both paths were tried


@pytest.mark.parametrize("before", BEFORE)
@pytest.mark.parametrize("name", sorted(ENTRIES) + [f"file:{name}" for name in OTHER_TEXTS])
def test_the_corpus_after_reasoning_is_read_as_the_full_reading(monkeypatch, name, before):
    if name.startswith("file:"):
        text, posts = OTHER_TEXTS[name[5:]], 3
    else:
        text, posts = ENTRIES[name]["text"], int(ENTRIES[name].get("posts", "3"))
    for options in ({"posts": posts}, {"posts": posts, "notation": "reasoning-gym"}):
        quick, full = _both(monkeypatch, before + text, **options)
        assert quick == full


def test_the_shortcut_after_reasoning_is_taken_where_it_applies_and_only_there(monkeypatch):
    answer = "Move disk 1 from A to C.\nMove disk 2 from A to B.\nMove disk 1 from C to B."
    assert _taken(monkeypatch, "<think>\nhmm\n</think>\n" + answer)
    assert _taken(monkeypatch, "hmm\n</think>" + answer)  # a lone closing tag
    assert not _taken(monkeypatch, "Intro.\n<think>\nhmm\n</think>\n" + answer)
    assert _taken(monkeypatch, "<think>a</think>\n<think>b</think>\n" + answer)  # merged
    assert not _taken(monkeypatch, "<think>a</think>\nSo.\n<think>b</think>\n" + answer)
    assert not _taken(monkeypatch, "<think>\nhmm\n" + answer)  # never closed
    assert not _taken(monkeypatch, "<think>hmm</think>\n<answer>" + answer + "</answer>")


def test_the_shortcut_after_reasoning_reports_the_block_and_the_offsets_as_given():
    answer = "<think>\nA->B?\n</think>\nThe moves:\nA->C\nA->B\nC->B"
    found = extract_moves(answer)
    assert found.moves == ((0, 2), (0, 1), (2, 1))
    assert found.line == 5  # the first move's line in the text as given
    assert [(s.start, s.end, s.why) for s in found.skipped] == [
        (0, 22, "reasoning inside <think>...</think>"),
        (23, 33, "prose"),
    ]
    assert answer[found.spans[0].start : found.spans[0].end] == "A->C\nA->B\nC->B"


@pytest.mark.parametrize("distinct", [4095, 4096 + 50])
def test_a_tables_cells_are_remembered_up_to_a_bound_and_read_the_same_beyond(distinct):
    """Below and beyond the 4,096 cells kept: a table of that many distinct moves reads as the
    same moves written one a line, and the memo of cells stays bounded."""
    from hanoi_magnet.notation import _lines

    reader = _lines.line_reader()
    reader._cells.clear()
    moves = [f"Move disk {disk} from A to {'BC'[disk % 2]}" for disk in range(1, distinct + 1)]
    moves += moves[:30]  # repeats, read again after the memo started over
    table = "| # | move |\n|---|---|\n" + "\n".join(
        f"| {index} | {move} |" for index, move in enumerate(moves, 1)
    )
    assert extract_moves(table).moves == extract_moves("\n".join(moves)).moves
    assert len(extract_moves(table).moves) == len(moves)
    assert 0 < len(reader._cells) <= 4096


def test_the_last_lines_memo_starts_over_when_full_and_finds_the_same_pieces():
    """Below and beyond the 1,024 last lines kept: each text's cut-off piece (or none) is where
    the uncached search finds it, at its offset in that text, and the memo stays bounded."""
    from hanoi_magnet.notation import _cut

    _cut._BEGUN_LINES.clear()
    endings = ["Move disk {k} from A to", "{k}. A->", "A->C, B->", "Move disk {k} from A to C."]
    for index in range(1500):
        line = endings[index % len(endings)].format(k=index)
        text = f"Intro {index}.\n" * (index % 3) + line
        end = _cut.end_of_text(text)
        found = _cut.begun_move(text, end)
        start = text.rfind("\n") + 1
        uncached = _cut._begun_in_line(text[start:end])
        assert found == (None if uncached is None else (start + uncached[0], uncached[1]))
        assert (found is None) == (index % len(endings) == 3), line
        assert len(_cut._BEGUN_LINES) <= 1024
    assert 0 < len(_cut._BEGUN_LINES) < 1500


def test_control_characters_are_told_apart_from_every_other_ascii_character():
    """Each of the 128 ASCII characters, alone and inside a text: a control character is one
    below a space or DEL, but tab, new line and carriage return (which the reader keeps)."""
    from hanoi_magnet.notation._normalize import _has_controls

    kept = {"\t", "\n", "\r"}
    for code in range(128):
        char = chr(code)
        control = (code < 32 or code == 127) and char not in kept
        assert _has_controls(char) is control, code
        assert _has_controls(f"A->C\n{char}B->C" * 3) is control, code
    assert not _has_controls("")
    assert not _has_controls("Move disk 1 from A to C.\r\n\tdone" * 500)
    assert _has_controls("Move disk 1 from A to C.\n" * 5000 + "\x00")


# -- keeping to a notation: the whole-text comparison against the line-by-line one -------------

_LINE_NOTATIONS = [n for n in NOTATIONS.values() if not n.is_list]


def _line_by_line(text: str, moves: list[object], notation: Notation, posts: int) -> str | None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_notations, "_at_once", lambda *args: _notations._UNSURE)
        return notation.deviation(text, moves, posts)  # type: ignore[arg-type]


def _variants(text: str) -> list[str]:
    """The text as written, with a line changed, dropped, doubled, or spaces and blank lines."""
    lines = text.splitlines()
    found = [text, text.rstrip("\n"), "\n\n" + text.replace("\n", "  \n\n"), text.upper()]
    if lines:
        found += [
            "\n".join(lines[1:]),
            "\n".join([*lines, lines[-1]]),
            "\n".join([lines[0] + ".", *lines[1:]]),
            "\n".join([*lines[:-1], "1. " + lines[-1]]),
            text.replace("\n", "\r\n"),
        ]
    return found


@settings(max_examples=30 if MUTATION else 300, deadline=None, derandomize=True)
@given(data=st.data())
def test_keeping_to_a_notation_is_decided_as_line_by_line(data):
    notation = data.draw(st.sampled_from(_LINE_NOTATIONS), label="notation")
    posts = data.draw(st.sampled_from([3, 4, 5]), label="posts")
    label = "classic" if posts == 3 else f"classic:{posts}"
    moves = data.draw(legal_move_sequences(label, data.draw(st.integers(1, 5)), max_length=40))
    if not notation.has_disk and data.draw(st.booleans()):
        moves = [(move.source, move.target) for move in moves]  # pairs: looked at line by line
    written = notation.format(moves, posts)
    for text in _variants(written):
        assert notation.deviation(text, moves, posts) == _line_by_line(text, moves, notation, posts)
    assert notation.deviation(written, moves, posts) is None


def test_a_notation_remembers_a_bounded_number_of_lines():
    """Below and beyond the 4,096 lines kept, the same verdicts."""
    notation = NOTATIONS["reasoning-gym"]
    notation._lines.clear()
    for count in (100, 4096, 5000):
        moves = [Move(disk, 0, 1 + disk % 2) for disk in range(1, count + 1)]
        text = notation.format(moves)
        assert notation.deviation(text, moves) is None
        changed = text.replace(f"disk {count} from", f"disk {count + 1} from")
        assert notation.deviation(changed, moves) == _line_by_line(changed, moves, notation, 3)
        assert notation.deviation(changed, moves) is not None
        assert len(notation._lines) <= 4096 + count
    assert 0 < len(notation._lines) <= 5000 + 4096


@pytest.mark.parametrize("kept", [8, 9, 4096])
def test_the_lines_of_move_objects_are_kept_and_give_the_verdicts_of_the_line_by_line_look(
    monkeypatch, kept
):
    """The line of each move object is kept by the object's ``id`` (the table holds the move,
    so no other object can take its id): fresh objects of other moves each round, shared
    objects written right and wrong, and answers of 8 and 9 distinct moves against a table of
    8 or 9 (beyond it, the line-by-line look decides) give the line-by-line verdicts."""
    monkeypatch.setattr(_notations, "_LINES_KEPT", kept)
    notation = NOTATIONS["reasoning-gym"]
    notation._lines_of.clear()
    rng = random.Random(kept)
    shared = [Move(disk, 0, 1 + disk % 2) for disk in range(1, 10)]
    for round_ in range(300):
        fresh = round_ % 2 == 0
        count = rng.choice([1, 8, 9])
        if fresh:  # new objects, many of them reusing the ids of the last round's
            moves = [Move(rng.randint(1, 9), rng.randrange(3), 1) for _ in range(count)]
            moves = [m if m.source != m.target else Move(m.disk, 0, 2) for m in moves]
        else:
            moves = [rng.choice(shared) for _ in range(count)]
        text = notation.format(moves)
        if rng.random() < 0.5:
            lines = text.splitlines()
            at = rng.randrange(len(lines))
            lines[at] = notation.format_move(Move(int(lines[at].split()[2]) % 9 + 1, 0, 2))
            text = "\n".join(lines)
        found = notation.deviation(text, moves)
        assert found == _line_by_line(text, moves, notation, 3), (round_, text)
    assert all(len(table) <= kept + 9 for table in notation._lines_of.values())


def test_a_move_object_freed_and_its_id_taken_by_another_move_is_not_taken_for_the_first():
    """Text written for some moves, then the same text with other moves made after those were
    freed (CPython hands their ids out again): a deviation, never the first moves' verdict."""
    notation = NOTATIONS["reasoning-gym"]
    first = [Move(2, 0, 1) for _ in range(4)]
    ids = set(map(id, first))
    del first
    assert ids & set(map(id, [Move(2, 0, 2) for _ in range(4)])), "the premise: ids reused"
    text = notation.format([Move(1, 0, 2)] * 4)
    for _ in range(200):
        notation._lines_of.clear()
        moves = [Move(1, 0, 2) for _ in range(4)]
        assert notation.deviation(text, moves) is None
        del moves
        others = [Move(1, 0, 2), *(Move(1, 0, 1) for _ in range(3))]  # the first line the same
        assert notation.deviation(text, others) is not None


@pytest.mark.parametrize("notation", _LINE_NOTATIONS, ids=lambda n: n.name)
def test_moves_a_notation_cannot_write_are_refused_as_line_by_line(notation):
    """Posts beyond what the notation names (27 letters, a two-digit post in one character):
    the same refusal, in the same words, as the line-by-line look gives."""
    for posts in (11, 27):
        moves = [Move(1, 0, posts - 1), Move(2, 0, 1)]
        for text in ("Move disk 1 from A to B\nMove disk 2 from A to B", "", "1: 0 -> 26"):
            found = notation.deviation(text, moves, posts)
            assert found == _line_by_line(text, moves, notation, posts)


# -- long lines read piece by piece between their commas ---------------------------------------

from tests.test_reading_shortcuts import LINES, _reference  # noqa: E402

_SEPARATORS = [", ", ",", " , ", ",  ", ", then ", ",\t"]
_PIECES = [line for line in LINES if len(line) < 60] + ["x", "A", "1", ".", "ab", "so", "-"]


@settings(max_examples=30 if MUTATION else 200, deadline=None, derandomize=True)
@given(
    pieces=st.lists(st.sampled_from(_PIECES), min_size=1, max_size=8),
    separators=st.lists(st.sampled_from(_SEPARATORS), min_size=1, max_size=4),
    size=st.sampled_from([999, 1000, 1001, 3000]),
)
def test_a_long_line_read_piece_by_piece_finds_what_one_scan_finds(pieces, separators, size):
    """Lines either side of the 1,000 characters from which pieces are read (and longer),
    joined by commas written in several ways, from the reader's own corpus of lines (every
    form, with brackets and braces among them, which send a line to the whole scan)."""
    from hanoi_magnet.notation import _mentions

    out, total, index = [], 0, 0
    while total < size:
        out.append(pieces[index % len(pieces)] + separators[index % len(separators)])
        total += len(out[-1])
        index += 1
    text = "".join(out)[:size]
    assert _mentions.mentions(text) == _reference(text)
    _mentions._PIECES.clear()
    assert _mentions.mentions(text) == _reference(text)  # the pieces' memo empty, then full


def test_a_line_of_thousands_of_moves_read_piece_by_piece_is_read_as_one_scan():
    from hanoi_magnet.notation import _mentions

    moves = ["A->C", "A->B", "C->B", "A->C", "B->A", "B->C", "A->C"]
    for separator in (", ", ","):
        text = separator.join(moves[i % len(moves)] for i in range(5000))
        assert len(text) >= _mentions._PIECES_FROM
        found = _mentions.mentions(text)
        assert found == _reference(text)
        assert len(found) == 5000
        assert _mentions._by_pieces(text, _mentions.MENTION) == found


def test_the_pieces_memo_is_bounded_and_reads_the_same_beyond_its_bound():
    """5,000 distinct pieces (disks 1..5000): more than the 4,096 kept."""
    from hanoi_magnet.notation import _mentions

    _mentions._PIECES.clear()
    text = ", ".join(f"disk {disk}: A->C" for disk in range(1, 5001))
    assert _mentions.mentions(text) == _reference(text)
    assert 0 < len(_mentions._PIECES) <= 4096


def test_a_mention_taking_a_comma_sends_the_line_to_the_whole_scan():
    """The reader's expression never takes a comma on such a line (the next test); one that
    did would make the piece-by-piece reading give up, not guess."""
    import re

    from hanoi_magnet.notation import _mentions

    text = "A,B " * 300
    assert _mentions._by_pieces(text, re.compile(r"A,")) is None


@settings(max_examples=30 if MUTATION else 300, deadline=None, derandomize=True)
@given(
    st.lists(
        st.sampled_from([p for p in _PIECES if not set(p) & set("[({")] + _SEPARATORS),
        min_size=1,
        max_size=12,
    ).map("".join)
)
def test_no_mention_holds_a_comma_on_a_line_without_brackets(text):
    """What makes the pieces exact: on a line with no bracket, brace or parenthesis, no match
    of the reader's expressions (with or without the separators' forms) takes a comma."""
    from hanoi_magnet.notation import _mentions

    for pattern in (_mentions.MENTION, _mentions._WITHOUT_SEPARATOR):
        assert all("," not in match.group() for match in pattern.finditer(text))


# -- the prompt repeated back: the quick test never changes what is blanked ---------------------


def _blanked_without_quick_test(answer: str, prompt: str) -> tuple[str, int]:
    """:func:`without_echo` with no quick test: every line looked up."""
    from hanoi_magnet.evaluation import _echo

    keys, _ = _echo._answer_like(prompt)
    parts = answer.split("\n")
    echoed = 0
    for index, line in enumerate(parts):
        if line.strip() and _echo._key(line) in keys:
            parts[index] = " " * len(line)
            echoed += 1
    return ("\n".join(parts), echoed) if echoed else (answer, 0)


def test_the_echo_quick_test_never_changes_what_is_blanked():
    """Every template and notation's prompts; answers made of its lines in other cases, with
    markup, numbering, moves and Unicode look-alikes around them."""
    import random

    from hanoi_magnet.evaluation import FAMILIES, TEMPLATES, generate
    from hanoi_magnet.evaluation._echo import without_echo

    rng = random.Random(32)
    instances = generate(seed=32, count=60 if MUTATION else 400, families=FAMILIES,
                         templates=list(TEMPLATES), unsolvable=0.1)  # fmt: skip
    for instance in instances:
        lines = [line for line in instance.prompt.splitlines() if line.strip()]
        for _ in range(3):
            chosen = rng.sample(lines, min(len(lines), 4))
            written = []
            for line in chosen:
                ways = [line, line.upper(), f"**{line}**", f"1. {line}", line.replace("s", "ſ")]
                written.append(rng.choice([*ways, "Move disk 1 from A to C"]))
            answer = "\n".join(written)
            assert without_echo(answer, instance.prompt) == _blanked_without_quick_test(
                answer, instance.prompt
            )


# -- a counted run cut off inside its next move ---------------------------------------------------


@pytest.mark.parametrize("posts", [4, 5])
@pytest.mark.parametrize("separator", ["; ", "\n", ", "])
@pytest.mark.parametrize(
    "form", ["{d}: {s} -> {t}", "{d}: tower {s} => tower {t}", "{d}: peg {s} -> peg {t}"]
)
def test_a_counted_run_cut_off_inside_its_next_move_is_read_as_cut_off(posts, separator, form):
    """Disks 1, 2, 3 each to their own post (legal on four posts or more), written ``1: ...``,
    ``2: ...``, ``3: ...`` and then a move begun and cut off. With the piece the labels read as
    disks, without it as step numbers (a counted run): the same moves, post to post, so the
    text is cut off after them (seed 321978386 of the answer grammar found it)."""
    run = separator.join(form.format(d=disk, s=0, t=disk) for disk in (1, 2, 3))
    pieces = ["disk 2 from tower 2 to t", "disk 4 from tower 0 to tow", "4: tower 0 =", "4: 0 ->"]
    for piece in pieces:
        text = f"The sequence is {run}{separator}{piece}"
        found = extract_moves(text, posts=posts, pegs=PegNames.ZERO)
        pairs = [(m.source, m.target) if isinstance(m, Move) else m for m in found.moves]
        assert pairs == [(0, 1), (0, 2), (0, 3)], text
        assert found.truncated, text
        assert found.unreadable is None


def test_the_grammar_seed_that_found_the_counted_run_cut_off():
    text = (
        "**Solution**\nThe sequence is 1: tower 0 => tower 1; 2: tower 0 => tower 2; "
        "3: tower 0 => tower 3; disk 2 from tower 2 to t"
    )
    found = extract_moves(text, posts=4, pegs=PegNames.ZERO)
    assert found.truncated and len(found.moves) == 3


# -- the memos' length limits: longer keys are read each time, and read the same --------------


def test_pieces_longer_than_the_kept_length_are_read_each_time_alike():
    """Pieces of 200 characters are remembered, longer ones are not: both read as one scan."""
    from hanoi_magnet.notation import _mentions

    for filler in (180, 260):  # a piece (comma to comma) of about 200 and of about 280
        piece = "A->C " + "x" * filler
        text = ", ".join([piece, "B->C"] * 30)
        _mentions._PIECES.clear()
        assert _mentions.mentions(text) == _reference(text)
        kept = [key for key in _mentions._PIECES if "x" * filler in key[3]]
        assert bool(kept) == (len(piece) + 4 <= _mentions._PIECE_LONGEST)
        assert _mentions.mentions(text) == _reference(text)  # the second read, memo or not


def test_last_lines_longer_than_the_kept_length_are_looked_at_each_time_alike():
    from hanoi_magnet.notation import _cut

    for size in (150, 400):
        line = "Note " + "y" * size + " then A->C, B->"
        _cut._BEGUN_LINES.clear()
        first = _cut.begun_move(line, len(line))
        assert first == _cut.begun_move(line, len(line)) == _cut._begun_in_line(line)
        assert (line in _cut._BEGUN_LINES) == (len(line) <= 200)


def test_table_cells_longer_than_the_kept_length_are_read_each_time_alike():
    from hanoi_magnet.notation import _lines

    reader = _lines.line_reader()
    for size in (100, 400):
        cell = "Move disk 1 from A to C " + "(" + "z" * size + ")"
        table = f"| # | move |\n|---|---|\n| 1 | {cell} |\n| 2 | {cell} |"
        reader._cells.clear()
        found = extract_moves(table)
        assert found == extract_moves(table)
        assert (cell in reader._cells or f" {cell} " in reader._cells) == (size < 300)


# -- a score's detail names every post as the answer wrote it ------------------------------------


@pytest.mark.parametrize("notation", ["reasoning-gym", "letter-arrows", "letters-to", "arrows"])
@pytest.mark.parametrize("family", ["classic", "linear", "cyclic"])
def test_same_post_and_direction_details_name_the_posts_as_written(family, notation):
    """The validator's details with a bare post ("are both D", "moves from S to D are not
    allowed") are told in the answer's names, as the details that say "post D" already were."""
    from hanoi_magnet.evaluation import generate, score

    instance = generate(seed=3, count=1, families=[family], disks=(2, 2), tasks=["solve"],
                        templates=["reasoning-gym"])[0]  # fmt: skip
    written = NOTATIONS[notation]
    allowed = instance.rules.allowed
    forbidden = None if allowed is None else next(
        (s, t) for s in range(3) for t in range(3) if s != t and (s, t) not in allowed
    )  # fmt: skip
    for pair in filter(None, [(0, 0), forbidden]):
        move = Move(1, *pair)
        answer = written.format([move], 3).strip()
        result = score(answer, instance)
        assert result.first_error is not None, answer
        names = {written.pegs.name_of(post, 3) for post in pair}
        if written.pegs is not PegNames.SID:
            library = {"SID"[post] for post in pair} - names
            assert not any(f" {name} " in f" {result.detail} " for name in library), result.detail
        for name in names:
            assert f"peg {name}" in result.detail, (answer, result.detail)


@pytest.mark.parametrize(
    ("before", "after"),
    [("<think>Let me see.</think>", ""), ("Draft: A.\n<answer>\n", "\n</answer>\n")],
)
def test_the_other_reading_of_a_counted_run_is_reported_where_the_run_is(before, after):
    # "1:", "2:", "3:" on four posts, read as steps, could be disks: the span of that other
    # reading is the run's own, after a reasoning block or inside an answer block too
    run = "1: 0 -> 1\n2: 0 -> 2\n3: 0 -> 3"
    text = before + run + after
    found = extract_moves(text, posts=4)
    (other,) = [span for span in found.skipped if span.why.startswith("another reading")]
    assert text[other.start : other.end] == run


@pytest.mark.parametrize("distinct", [4095, 4096 + 50])
def test_list_numbers_are_remembered_up_to_a_bound_and_read_the_same_beyond(distinct):
    """A line's number as a list's item, looked up in the reader's memo: the same as read afresh,
    cold or warm, below and beyond the 4,096 lines kept and for lines too long to keep."""
    from hanoi_magnet.notation import _lines

    reader = _lines.line_reader()
    reader._numbers.clear()
    leads = ("{}. ", "Step {}: ", "**Step {}:** ", "Action {}/99: ", "({}) ", "Move #{}: ", "{}: ")
    lines = [
        leads[index % len(leads)].format(index % 12) + f"Move disk {index} from A to C"
        for index in range(distinct)
    ]
    lines += [line + " " + "z" * 300 for line in lines[:20]]  # longer than the kept length
    expected = [_lines.list_number(line) for line in lines]
    assert 1 in expected and None in expected and 0 not in expected  # "0. ", "N: ": no item
    assert reader.numbers(lines) == expected  # cold
    assert reader.numbers(lines) == expected  # warm (and started over when full)
    assert [reader.number(line) for line in lines] == expected
    assert 0 < len(reader._numbers) <= 4096
    assert not any(len(line) > 300 for line in reader._numbers)
