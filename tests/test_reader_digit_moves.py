"""Moves written as two digits (``02``, ``13``), the compact notation with numbered pegs.

The kit asks for them ("Write the move in the form 'YZ' ... (pegs numbered from 0)"), and the
answer grammar did not write them; once it did, about one answer in a hundred of them was
misread with no doubt. A period after the move made it a list number: ``Step 2: 23.``,
``Then 12.``, ``1. 12.`` were prose, and the list read on without them; after a list number
(``10. 24.``) the line was cut into two sentences at the number's period; bullets of moves
with periods (``* 13.``) were prose too. The class: every lead a move line has, every ending,
on 3 to 5 pegs numbered from 0 and from 1.
"""

from __future__ import annotations

import itertools

import pytest

from hanoi_magnet.errors import NotationError
from hanoi_magnet.notation import PegNames, extract_moves

LEADS = ["", "Step {k}: ", "Step {k} - ", "**Step {k}:** ", "Move {k}: ", "{k}. ", "{k}) ",
         "({k}) ", "- ", "* ", "• ", "Then ", "Next, ", "{nth} move: ", "{nth}: "]  # fmt: skip
ENDINGS = ["", ".", ". Nice.", "..", "  // ok", ". (legal)", " ✅", ". ✅", " -- the middle disk"]
MARKUP = ["{m}", "**{m}**", "`{m}`"]


def _nth(k: int) -> str:
    return f"{k}{'th' if 10 <= k % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(k % 10, 'th')}"


def _moves(posts: int, count: int) -> list[tuple[int, int]]:
    pairs = [(a, b) for a in range(posts) for b in range(posts) if a != b]
    return [pairs[(7 * step + 3) % len(pairs)] for step in range(count)]


@pytest.mark.parametrize("posts", [3, 4, 5])
@pytest.mark.parametrize("pegs", [PegNames.ZERO, PegNames.ONE])
@pytest.mark.parametrize("lead", LEADS)
def test_moves_of_two_digits_are_read_whole_or_in_doubt(posts, pegs, lead):
    base = 0 if pegs is PegNames.ZERO else 1
    moves = _moves(posts, 12)  # past 9: list numbers of two digits
    for ending, markup in itertools.product(ENDINGS, MARKUP):
        text = "\n".join(
            lead.format(k=k, nth=_nth(k)) + markup.format(m=f"{a + base}{b + base}") + ending
            for k, (a, b) in enumerate(moves, 1)
        )
        try:
            found = extract_moves(text, posts=posts, pegs=pegs)
        except NotationError:
            assert lead in ("", "- ", "* ", "• "), text  # a lead makes a move line: it is read
            continue
        if found.ambiguous or found.unreadable or found.truncated:
            assert lead in ("", "- ", "* ", "• "), text  # "13." alone: a list number, or a move
            continue
        assert found.moves == tuple(moves), (text, found.moves)


@pytest.mark.parametrize("line", ["Step 2: 23.", "Then 12.", "1. 12.", "10. 24.", "- 13. // ok"])
def test_a_move_of_two_digits_with_a_period_after_a_lead_is_a_move(line):
    found = extract_moves(line, posts=5, pegs=PegNames.ONE)
    digits = line.split()[1 if "//" in line else -1]
    source, target = int(digits[0]) - 1, int(digits[1]) - 1
    assert found.moves == ((source, target),)


def test_lines_of_two_digits_and_a_period_one_after_the_other_are_moves_in_doubt():
    # each alone may be an empty list item; a list of them is moves, in doubt, never prose
    for text in ["13.\n32.\n21.", "* 13.\n* 32.\n* 21.", "13.\n\n32.\n\n21.", "13. (ok)\n32.\n21."]:
        found = extract_moves(text, posts=4, pegs=PegNames.ONE)
        assert found.moves == ((0, 2), (2, 1), (1, 0)) and found.ambiguous, text


def test_a_numbered_list_of_sentences_from_ten_on_stays_prose():
    found = extract_moves("10. Check it.\n11. Done.\n\n1. A->C\n2. A->B")
    assert found.moves == ((0, 2), (0, 1)) and not found.ambiguous


@pytest.mark.parametrize("line", ["Total moves: 15.", "Total: 15.", "Number of moves: 31."])
def test_a_count_at_the_end_of_a_sentence_is_no_move(line):
    found = extract_moves(f"1. A->C\n2. A->B\n{line}")
    assert found.moves == ((0, 2), (0, 1)) and not found.ambiguous


@pytest.mark.parametrize("items", [5, 9, 10, 18, 120])
def test_a_numbered_list_cut_inside_its_last_item_is_cut_off_at_any_number(items):
    # "18. from Rod A to Ro": the list number of two digits or more before a move cut off
    lines = [f"{k}. from Rod A to Rod B" for k in range(1, items)]
    found = extract_moves("\n".join([*lines, f"{items}. from Rod A to Ro"]))
    assert len(found.moves) == items - 1 and found.truncated


def test_a_move_of_two_digits_alone_in_an_answer_block_is_a_move_in_doubt():
    # the grammar's two answer blocks, the second "* 13." alone: it was prose, and the first
    # block was read with no doubt (HANOI_ANSWER_SEED=715293496, chunk 9)
    text = "<answer>\n* 1 → 3\n* 1 → 2\n* 3 → 1\n</answer>\n<answer>\n* 13.\n</answer>\n"
    found = extract_moves(text, pegs=PegNames.ONE)
    assert found.ambiguous
    assert extract_moves("13.", pegs=PegNames.ONE).ambiguous


@pytest.mark.parametrize("blanks", [0, 1, 2, 3, 8])
def test_a_list_number_on_its_own_line_looks_past_any_blank_lines(blanks):
    # "10." then blank lines then "A->C": the move's list number, however many blank lines
    # (a look of two lines took "10." followed by two blank lines for the end of the text)
    gap = "\n" * (blanks + 1)
    text = "\n".join(f"{n}.{gap}{move}" for n, move in [(10, "A->C"), (11, "A->B"), (12, "C->B")])
    found = extract_moves(text)
    assert found.moves == ((0, 2), (0, 1), (2, 1)) and not found.ambiguous
    # and lines of two digits and a period with blank lines between them are moves in doubt
    found = extract_moves(gap.join(["13.", "32.", "21."]), posts=4, pegs=PegNames.ONE)
    assert found.moves == ((0, 2), (2, 1), (1, 0)) and found.ambiguous


@pytest.mark.parametrize("closing", ["```", "~~~", "// end", "```\n\n```", "<!-- done -->"])
@pytest.mark.parametrize("markup", ["{}", "* {}", "**{}**", "* **{}**", "- `{}`"])
def test_a_move_of_two_digits_before_a_closing_fence_is_a_move_in_doubt(closing, markup):
    # "* **13**." then the closing fence: a line that holds no answer line (a fence, a
    # comment) is passed over like a blank one; the move was taken for a list number and the
    # draft before "The corrected final sequence:" read with no doubt (grammar seed 71)
    line = markup.format("13") + "."
    text = (
        f"First attempt:\n1 -> 3\n1 -> 2\n\nThe corrected final sequence:\n```\n{line}\n{closing}\n"
    )
    found = extract_moves(text, pegs=PegNames.ONE)
    # the move, in doubt where it could be a list number (after a bullet it is a move)
    assert found.moves == ((0, 2),), text
    assert found.ambiguous or markup.startswith("- "), text
