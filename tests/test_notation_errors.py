"""A custom notation is refused with a message that says what a template needs (issue 32 item 6).

And a list followed by other text says what it found after it, as the user wrote it.
"""

from __future__ import annotations

import pytest

from hanoi_magnet.errors import AmbiguousNotationError, InvalidArgumentError, NotationError
from hanoi_magnet.model import Move
from hanoi_magnet.notation import NOTATIONS, Notation, PegNames, extract_moves

_NEEDS = "a notation template needs {source} and {target} and may use {disk} and {index}, got "


@pytest.mark.parametrize(
    "template",
    [
        "{source}",
        "{target}",
        "{disk}",
        "{source}->{target}->{foo}",
        "{source",
        "S{0}->{target}",
        "",
    ],
)
def test_a_template_without_both_posts_or_with_other_fields_is_refused(template):
    with pytest.raises(InvalidArgumentError) as caught:
        Notation("mine", template, PegNames.SID, "mine")
    assert str(caught.value) == _NEEDS + repr(template)


@pytest.mark.parametrize(
    "template",
    [
        "{source}->{target}",
        "{disk}:{source}-{target}",
        "{index}. {source} {target}",
        "{{{source}}}>{target}",
    ],
)
def test_a_template_with_both_posts_and_known_fields_makes_a_notation(template):
    notation = Notation("mine", template, PegNames.SID, "mine")
    assert notation.template == template


@pytest.mark.parametrize("extra", ["x", "and then more words that go on and on for a long while"])
def test_text_after_a_list_of_moves_is_quoted_up_to_40_characters(extra):
    with pytest.raises(NotationError) as caught:
        NOTATIONS["moves-list"].read(f"moves = [[1, 0, 2]] {extra}", 3)
    assert str(caught.value) == f"unexpected text after the list of moves: {extra[:40]!r}"


@pytest.mark.parametrize(
    ("text", "unreadable"),
    [
        ("[[1, 0, 2] [2, 0, 1]]", "[2 (expected ',' or ']')"),
        ("moves = [[1, 0, 2] x]", "x] (expected ',' or ']')"),
    ],
)
def test_items_not_separated_by_commas_say_what_was_expected(text, unreadable):
    found = extract_moves(text)
    assert found.moves == (Move(1, 0, 2),)
    assert found.unreadable == unreadable


def test_a_move_formatted_alone_is_the_first_move_unless_its_index_is_given():
    """``{index}`` is the move's 0-based position: a move formatted alone is move 0."""
    numbered = Notation("numbered", "{index}: {source}->{target}", PegNames.SID, "numbered")
    assert numbered.format_move((0, 2)) == "0: S->D"
    assert numbered.format_move((0, 2), index=4) == "4: S->D"
    assert numbered.format([(0, 2), (0, 1)]) == "0: S->D\n1: S->I\n"


@pytest.mark.parametrize("posts", [0, -1])
def test_a_peg_name_asked_of_no_posts_is_refused(posts):
    with pytest.raises(InvalidArgumentError) as caught:
        PegNames.SID.name_of(0, posts=posts)
    assert str(caught.value) == f"posts must be an integer >= 1, got {posts}"


@pytest.mark.parametrize("notation", ["moves-list", "json"])
@pytest.mark.parametrize("before", ["", "\n", "\n\n"])
@pytest.mark.parametrize("after", ["", "\n", "\n\n"])
def test_a_list_with_an_item_that_is_not_a_move_names_its_line(notation, before, after):
    """Blank lines before the list count, blank lines after it do not."""
    written = NOTATIONS[notation].format([Move(1, 0, 2)], 3).strip()
    text = before + written[:-1] + ", foo]" + after
    with pytest.raises(NotationError) as caught:
        NOTATIONS[notation].read(text, 3)
    assert caught.value.line == len(before) + 1
    assert str(caught.value).startswith(f"line {len(before) + 1}: ")
    assert str(caught.value).endswith(
        f"of the list is not a move in notation {notation!r}: foo] (not a move)"
    )


def test_a_notation_with_pegs_that_are_not_peg_names_is_refused():
    with pytest.raises(InvalidArgumentError) as caught:
        Notation("mine", "{source}->{target}", "SID", "mine")  # type: ignore[arg-type]
    assert str(caught.value) == "a notation's pegs must be a PegNames, got 'SID'"


@pytest.mark.parametrize(
    ("template", "pegs", "spaced", "joined"),
    [
        ("{source} {target}", PegNames.SID, "S D", "SD"),
        ("disk {disk} {source} {target}", PegNames.ONE, "disk 1 1 3", "disk 113"),
        ("disk {disk} {source} {target}", PegNames.ONE, "disk 1 1 3", "disk 1 13"),
    ],
)
def test_a_space_between_two_fields_of_a_notation_must_be_written(template, pegs, spaced, joined):
    """Names and numbers written together are one word, not two fields: "113" is no disk 1
    from peg 1 to peg 3."""
    mine = Notation("mine", template, pegs, "mine")
    assert len(mine.read(spaced, 3)) == 1
    with pytest.raises(NotationError) as caught:
        mine.read(joined, 3)
    assert str(caught.value) == (
        f"line 1: expected a move such as {spaced!r} (notation 'mine'), got {joined!r}"
    )


@pytest.mark.parametrize(
    ("text", "names"), [("A->C\n1 2", "1, 2, A, C"), ("S->D, 0 1", "0, 1, D, S")]
)
def test_pegs_named_both_by_letters_and_by_numbers_are_refused_with_the_names(text, names):
    with pytest.raises(NotationError) as caught:
        extract_moves(text)
    assert str(caught.value) == f"the pegs are named both by letters and by numbers: {names}"


@pytest.mark.parametrize(("text", "numbers"), [("1 2\n2 1", "1, 2"), ("2->1\n1->2", "1, 2")])
def test_peg_numbers_that_count_either_way_say_so_and_name_both_readings(text, numbers):
    with pytest.raises(AmbiguousNotationError) as caught:
        extract_moves(text)
    assert str(caught.value) == (
        f"peg numbers {numbers} with 3 pegs do not show whether they count from 0 or from 1; "
        "possible readings: pegs numbered from 0; pegs numbered from 1"
    )
