"""Markup around moves does not change them: bold or italic table cells, braces before a box.

Every way of marking up the cells of a move table (plain, ``*x*``, ``**x**`` in each of the
source and target columns) reads the moves of the plain table; a ``\\boxed{...}`` reads its own
contents whatever braces come before it on its line.
"""

from __future__ import annotations

import itertools

import pytest

from hanoi_magnet import Move
from hanoi_magnet.errors import NotationError
from hanoi_magnet.notation import extract_moves

_MOVES = [("1", "A", "C"), ("2", "A", "B"), ("1", "C", "B")]
_MARKS = ["", "*", "**"]


def _table(source_mark: str, target_mark: str) -> str:
    rows = [
        f"| {k} | {disk} | {source_mark}{a}{source_mark} | {target_mark}{b}{target_mark} |"
        for k, (disk, a, b) in enumerate(_MOVES, start=1)
    ]
    return "\n".join(["| Step | Disk | From | To |", "|---|---|---|---|", *rows])


@pytest.mark.parametrize(("source_mark", "target_mark"), list(itertools.product(_MARKS, _MARKS)))
def test_bold_or_italic_cells_read_as_the_plain_table(source_mark, target_mark):
    plain = extract_moves(_table("", "")).moves
    assert [(m.disk, m.source, m.target) for m in plain] == [(1, 0, 2), (2, 0, 1), (1, 2, 1)]
    found = extract_moves(_table(source_mark, target_mark))
    assert found.moves == plain
    # the header is skipped as such; the separator line below it is the table's own markup
    assert [(span.line, span.why) for span in found.skipped] == [(1, "a table's header")]


@pytest.mark.parametrize("before", ["", "Pegs {A, B, C}: ", "{x}{y} ", "{ "])
def test_a_box_reads_its_own_contents_whatever_braces_come_before_it(before):
    found = extract_moves(before + "\\boxed{A->C, A->B, C->B}")
    assert found.moves == ((0, 2), (0, 1), (2, 1))


@pytest.mark.parametrize("inner", ["A->C, A->B, C->B", "\\text{A->C, A->B, C->B}"])
@pytest.mark.parametrize(
    ("before", "after"),
    [("Final: $", "$ (not B->A)"), ("I tried B->A first. ", ""), ("", " then B->A")],
)
def test_a_box_is_the_answer_of_its_line_whatever_moves_are_around_it(inner, before, after):
    found = extract_moves(before + "\\boxed{" + inner + "}" + after)
    assert found.moves == ((0, 2), (0, 1), (2, 1))
    assert not found.ambiguous
    assert found.why == "the only reading"


_BOXED_MOVES = ["A->C", "A->B", "C->B", "A->C", "B->A", "B->C", "A->C"]


@pytest.mark.parametrize("count", [2, 3, 7])
@pytest.mark.parametrize("glue", [" ", ", ", "; ", " then ", ", then ", " and then ", " -> ", "  "])
def test_boxes_one_after_the_other_hold_one_answer(count, glue):
    # "\boxed{A->C} \boxed{A->B} \boxed{C->B}" read only the first box
    moves = _BOXED_MOVES[:count]
    found = extract_moves("Final answer: " + glue.join(f"\\boxed{{{m}}}" for m in moves))
    letters = "ABC"
    assert [(letters[s], letters[t]) for s, t in found.moves] == [(m[0], m[3]) for m in moves]
    assert not found.ambiguous


@pytest.mark.parametrize("between", [" or ", ", or ", " / ", " OR ", " or else "])
def test_boxes_offered_as_alternatives_hedge(between):
    found = extract_moves(f"\\boxed{{A->C}}{between}\\boxed{{A->B}}")
    assert found.ambiguous and found.hedged is not None


_TABLES = {  # a table's header and rows, with outer pipes; the moves A->C, A->B, C->B
    "columns": ("| Disk | From | To |", ["| 1 | A | C |", "| 2 | A | B |", "| 1 | C | B |"]),
    "steps": ("| Step | From | To |", ["| 1 | A | C |", "| 2 | A | B |", "| 3 | C | B |"]),
    "cells": ("| # | Move |", ["| 1 | A -> C |", "| 2 | A -> B |", "| 3 | C -> B |"]),
}


@pytest.mark.parametrize("kind", sorted(_TABLES))
@pytest.mark.parametrize("rule", ["---|---", "--- | ---", ":-:|:-:", "-|-", "|---|---|"])
@pytest.mark.parametrize("around", [("", ""), ("Here is the table:\n", "\nThat is all.")])
def test_a_table_without_its_outer_pipes_reads_as_with_them(kind, rule, around):
    # "Disk | From | To" / "---|---|---" / "1 | A | C": GitHub's tables need no outer pipes
    head, rows = _TABLES[kind]
    width = head.count("|") - 1
    rule = rule if rule.startswith("|") else "|".join([rule.split("|")[0].strip()] * width)
    piped = "\n".join([head, "|" + "---|" * width, *rows])
    bare = "\n".join(line.strip("|").strip() for line in [head, rule, *rows])
    before, after = around
    with_pipes = extract_moves(before + piped + after)
    without = extract_moves(before + bare + after)
    pairs = [(m.source, m.target) if isinstance(m, Move) else m for m in without.moves]
    assert pairs == [(0, 2), (0, 1), (2, 1)]
    assert without.moves == with_pipes.moves and not without.ambiguous


def test_a_line_after_a_bare_table_is_no_row_of_it():
    table = "From | To\n---|---\nA | C\nA | B\nC | B\n"
    found = extract_moves(table + "In summary, the moves are: A->C | A->B | C->B")
    assert found.moves == ((0, 2), (0, 1), (2, 1)) and not found.ambiguous
    found = extract_moves(table + "So the moves are: A->C | A->B")  # fewer: a contradiction
    assert found.ambiguous


@pytest.mark.parametrize(
    "line", ["Corrected sequence: A->C | A->B | C->B", "Answer: A->C | A->B | C->B"]
)
def test_a_labelled_line_as_wide_as_a_bare_table_is_no_row_of_it(line):
    # the label's line is an answer of its own: it corrects the table's, or contradicts it
    found = extract_moves(f"Step | From | To\n---|---|---\n1 | A | B\n2 | B | C\n{line}")
    assert found.moves == ((0, 2), (0, 1), (2, 1)) or found.ambiguous


def test_a_line_of_many_boxes_offered_as_alternatives_is_read_in_one_pass():
    # 5,000 boxes joined by "or" (a deep recursion before: one call per box)
    found = extract_moves(" or ".join(["\\boxed{A->C}", "\\boxed{A->B}"] * 2_500))
    assert len(found.moves) == 5_000 and found.ambiguous


@pytest.mark.parametrize(
    ("first", "row"), [("the small disk", True), ("then the small disk", False)]
)
def test_a_bare_table_row_has_at_most_three_words_before_its_first_pipe(first, row):
    # three words or fewer: a row (a note in the first column); four: a sentence, the table ends
    text = f"Note | From | To\n---|---|---\n{first} | A | C\nnext | A | B"
    if row:
        assert extract_moves(text).moves == ((0, 2), (0, 1))
    else:
        with pytest.raises(NotationError, match="no moves"):
            extract_moves(text)
