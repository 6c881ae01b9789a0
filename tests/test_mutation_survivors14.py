"""Tests that kill survivors of a sixth uniform random sample of all mutants.

The sample: 200 names drawn with ``random.Random(20261211).sample`` from the sorted names of
every mutmut 3.8.1 mutant of the configured modules (13,463 at b542358), run in the drawn order
(``nox -s mutation`` settings: HANOI_MUTATION=1, HYPOTHESIS_PROFILE=mutation). Each test's
docstring names the mutant it kills (``mutmut show NAME`` prints its diff). The file is in the
mutation run's selection (pyproject.toml).
"""

from __future__ import annotations

import pytest

from hanoi_magnet.notation import extract_moves


@pytest.mark.parametrize(
    "text",
    [
        "Hi.\n<think>x</think>A->C\nA->B",
        "Let me see.\n<think>the smallest disk first</think>A->C\nA->B\n",
        "First a plan.\nThen the moves.\n<think>ok</think> A->C\nA->B",
        "<think>first\nthen</think>A->C\nA->B",
    ],
)
def test_a_move_after_a_closing_think_tag_is_reported_where_it_is_written(text):
    """A move written right after ``</think>`` on a line that is not the text's first: the
    report's offsets are offsets in the text as given, so the span read as moves starts at the
    move (after the reasoning span), not at its column counted from the start of the text.

    Kills ``_lines.x_line_runs__mutmut_58`` (``line_start = read_from`` for ``+=``: the line's
    own offset forgotten, the span of the moves starts inside the reasoning before them).
    """
    found = extract_moves(text)
    assert list(found.moves) == [(0, 2), (0, 1)]
    (span,) = found.spans
    assert text[span.start : span.end].strip() == "A->C\nA->B"
    assert span.line == text.count("\n", 0, text.index("A->C")) + 1 == found.line
    for skipped in found.skipped:
        assert skipped.end <= span.start or skipped.start >= span.end


@pytest.mark.parametrize(
    ("text", "notation", "other"),
    [
        ("A->C\nA->B\nC->B\n\nOr maybe:\nA->B\nA->C\nB->C", "letter-arrows", "letter-arrows"),
        ("Answer 1: [[1,0,2],[2,0,1]]\nAnswer 2: S->D, S->I", "moves-list", "arrows"),
    ],
)
def test_a_reading_that_lost_names_the_notation_it_is_written_in(text, notation, other):
    """Each reading in ``Extraction.alternatives`` says which built-in notation its moves are
    written in (``Reading.notation``; ``None`` only for free-form or mixed moves), as the chosen
    reading does: a report shows what else the answer wrote, and how, and its span says the
    same.

    Kills ``_extract.x__reading__mutmut_29`` (``notation=None`` for ``notation=name``: every
    losing reading reported as free-form).
    """
    found = extract_moves(text)
    assert found.notation == notation
    (alternative,) = found.alternatives
    assert alternative.notation == other
    assert [span.why for span in alternative.spans] == [f"moves in notation {other!r}"]
