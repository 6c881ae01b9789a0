"""The reader's shortcuts give what the long way gives.

Reading fast (issue 32: not slower than the previous reader) takes shortcuts, each proven here
against the plain computation it stands for, on the answer grammar's texts and on arbitrary
text:

* the mention expression opens each group of words with a look at its first letter;
* what a mention reads as is remembered by its text and the characters around it;
* a long line's last mentions are found from a comma near its end (the scan is in step there);
* the separators between moves are remembered;
* a line that ends with no begun move is not scanned for one (tested with the cut-off rules).
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanoi_magnet.notation import _mentions, _segments
from hanoi_magnet.testing import sample_answers

LINES = sorted(
    {
        line
        for answer in sample_answers(seed=32, count=3_000)
        for line in answer.text.splitlines()
        if line.strip()
    }
)
_GATE = re.compile(r"\(\?=\[[A-Za-z]+\]\)")
UNGATED = re.compile(_GATE.sub("", _mentions.MENTION.pattern), _mentions.MENTION.flags)
# letters that match others when case is ignored (long s, Kelvin sign, dotted I...)
ODD = "ſKıİﬅﬀÅß"


def _plain(pattern: re.Pattern[str], text: str) -> list[tuple[object, ...]]:
    return [(m.span(), m.lastgroup, m.groups()) for m in pattern.finditer(text)]


def _reference(text: str) -> list[_mentions.Mention]:
    """The mentions of ``text`` read one by one, nothing remembered."""
    pattern = (
        _mentions.MENTION if _mentions._SEPARATOR.search(text) else _mentions._WITHOUT_SEPARATOR
    )
    found = [_mentions._mention(match) for match in pattern.finditer(text)]
    return [mention for mention in found if mention is not None]


def test_the_gates_were_found():
    assert len(_GATE.findall(_mentions.MENTION.pattern)) >= 6
    assert UNGATED.pattern != _mentions.MENTION.pattern


def test_the_first_letter_gates_change_no_match_on_generated_lines():
    for line in LINES:
        assert _plain(_mentions.MENTION, line) == _plain(UNGATED, line), line


@settings(max_examples=500, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "Move",
                "move",
                "MOVE",
                "disk",
                "DISC",
                "the",
                "The",
                "a",
                "A",
                "from",
                "FROM",
                "peg",
                "Peg",
                "TOWER",
                "rod",
                "top",
                "smallest",
                "->",
                " to ",
                "1",
                "2",
                "C",
                "B",
                " ",
                ", ",
                "(",
                ")",
                "[",
                "]",
                "#",
                "no.",
                *ODD,
            ]
        ),
        max_size=30,
    ).map("".join)
)
def test_the_first_letter_gates_change_no_match_on_any_words(text):
    assert _plain(_mentions.MENTION, text) == _plain(UNGATED, text)


@pytest.mark.parametrize("letter", list(ODD))
def test_letters_that_fold_to_others_pass_the_gates_as_before(letter):
    for text in (f"{letter}tack A to C", f"mo{letter}e disk 1 A->C", f"{letter} -> C"):
        assert _plain(_mentions.MENTION, text) == _plain(UNGATED, text)


def test_remembered_mentions_read_as_fresh_ones():
    _mentions._KNOWN.clear()
    cold = [_mentions.mentions(line) for line in LINES]
    warm = [_mentions.mentions(line) for line in reversed(LINES)][::-1]
    assert cold == warm == [_reference(line) for line in LINES]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(LINES[:400] + ["x", "A", "1", ".", "ab", "{", "}"]), max_size=6))
def test_remembered_mentions_in_any_context(pieces):
    text = "".join(pieces)  # the same mention with other characters around it
    assert _mentions.mentions(text) == _reference(text)


def _long_line(pieces: list[str], size: int) -> str:
    out: list[str] = []
    total = 0
    index = 0
    while total < size + 2:
        piece = pieces[index % len(pieces)]
        out.append(piece)
        total += len(piece) + 2
        index += 1
    return ", ".join(out)[:size]


FORMS = [
    ["A->C", "A->B", "C->B"],
    ["[1, 0, 2]", "[2, 0, 1]"],
    ['{"disk": 1, "from": "A", "to": "C"}', "B->C"],
    ["Move disk 1 from A to C", "then move disk 2 from A to B"],
    ["1 0 2", "2 0 1", "1 2 1"],
    ["AC", "AB", "CB"],
    ["(0, 2)", "A -> C", "disk 3: S -> D"],
]


@pytest.mark.parametrize("forms", FORMS, ids=lambda forms: forms[0])
@pytest.mark.parametrize(
    "size",
    [
        2 * _mentions._TAIL - 1,
        2 * _mentions._TAIL,
        2 * _mentions._TAIL + 1,
        2 * _mentions._TAIL + 7,
        5_000,
        20_011,
    ],
)
def test_the_last_mentions_of_a_long_line_are_its_last_mentions(forms, size):
    text = _long_line(forms, size)
    assert len(text) == size
    expected = _reference(text)[-2:]
    assert _mentions.last_mentions(text) == expected
    assert _mentions.last_mentions(text, 1) == expected[-1:]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.sampled_from([p for forms in FORMS for p in forms] + ["so", "{x", "(", "["]),
        min_size=1,
        max_size=5,
    ),
    st.integers(2 * _mentions._TAIL - 3, 3 * _mentions._TAIL),
    st.sampled_from([", ", ",", " , ", "; ", ",("]),
)
def test_the_last_mentions_of_any_long_line(pieces, size, separator):
    text = separator.join(pieces * (size // 4 + 1))[:size]
    assert _mentions.last_mentions(text) == _reference(text)[-2:]


def test_remembered_separators_are_the_separators():
    _segments._GLUE_GAPS.clear()
    gaps = [", ", " then ", "; ", " | ", " and ", " so ", "<br>", ". ", " - ", "", " or "]
    for gap in gaps * 2:
        assert _segments._is_glue(gap) == (_segments.GLUE.fullmatch(gap) is not None)


def test_a_comma_inside_a_json_object_is_no_place_to_start():
    # the whole scan reads the object as one mention (naming no move, so none); a scan started
    # at its comma would find two moves in its string: the comma must not be taken
    tail = '{"a": 1, "b": "A to C then B to C"}' + " " + "x" * (_mentions._TAIL + 10)
    text = "A->C, " * 300 + tail
    assert text.rfind(",", 0, len(text) - _mentions._TAIL) > text.index("{")
    assert _mentions._resynchronized(text) == 0
    assert _mentions.last_mentions(text) == _reference(text)[-2:]
    assert [m.raw.source for m in _mentions.last_mentions(text)] == ["A", "A"]


def _gated_words() -> list[str]:
    """Every word of every group the expression opens with a look at its first letter."""
    groups = (_mentions._VERB, _mentions._SIZE, _mentions._DISK_WORD, _mentions._PEG_WORD)
    words = {w for group in groups for w in re.findall(r"(?<![\\\[])\b[a-z]{2,}\b", group)}
    return sorted(words | {"from", "the", "a"})


def test_every_gated_word_still_starts_its_mention():
    words = _gated_words()
    assert {
        "move",
        "shift",
        "slide",
        "disc",
        "piece",
        "needle",
        "column",
        "upper",
        "pillar",
    } <= set(words)
    for word in words:
        for written in (word, word.upper(), word.title()):
            for text in (
                f"{written} disk 1 from peg A to peg C",
                f"{written} A -> C",
                f"the {written} 2 from A to B",
                f"Move the {written} disk from {written} A to {written} C",
            ):
                assert _plain(_mentions.MENTION, text) == _plain(UNGATED, text), text


def test_the_mentions_memo_starts_over_when_full_and_reads_the_same():
    """Below, at and beyond the memo's 4,096 entries: one text of 5,000 distinct mentions (the
    memo starts over inside the call) reads as the plain reading, and the memo stays bounded."""
    _mentions._KNOWN.clear()
    for count in (100, 4096, 5000):
        text = "\n".join(f"Move disk {disk} from A to C" for disk in range(1, count + 1))
        assert _mentions.mentions(text) == _reference(text)
        assert len(_mentions._KNOWN) <= 4096
    assert 0 < len(_mentions._KNOWN) < 5000


def test_the_separators_memo_starts_over_when_full_and_answers_the_same():
    """Below and beyond the 1,024 separators kept."""
    _segments._GLUE_GAPS.clear()
    gaps = [f" then{' ' * (index % 3)}{'x' * (index % 2)} {index} " for index in range(1500)]
    for gap in gaps:
        assert _segments._is_glue(gap) == (_segments.GLUE.fullmatch(gap) is not None)
        assert len(_segments._GLUE_GAPS) <= 1024
    assert 0 < len(_segments._GLUE_GAPS) < 1500
