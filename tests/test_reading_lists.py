"""Lists of moves are read at once where they are plain, exactly as item by item (issue 22).

:func:`hanoi_magnet.notation._scan.read_block` reads runs of items that only spaces and a
comma separate by splitting the text (``_plain_run``); everything else, item by item. These
tests compare the whole reading report (``Extraction.to_dict()``) with the plain path switched
off, on the hand-written corpus and on generated lists: small and 10^5 moves, malformed items,
mixed spacing, nested tuples, trailing commas, comments, lists cut off anywhere; and on both
sides of the window sizes the plain path works with.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from hanoi_magnet import Move, NotationError, solve
from hanoi_magnet.notation import NOTATIONS, _scan, extract_moves

from .test_reading import ENTRIES

ANSWERS = Path(__file__).parent / "data" / "answers"
OTHER_TEXTS = {path.stem: path.read_text(encoding="utf-8") for path in ANSWERS.glob("*.txt")}


def _report(text: str, **options: object) -> object:
    try:
        return extract_moves(text, **options).to_dict()  # type: ignore[arg-type]
    except NotationError as error:
        return type(error).__name__, str(error)


def _item_by_item(monkeypatch: pytest.MonkeyPatch, text: str, **options: object) -> object:
    """The report with the plain path off: every item read by the loop, as before."""
    with monkeypatch.context() as patch:
        patch.setattr(_scan, "_OPENERS", frozenset())
        return _report(text, **options)


def _same(monkeypatch: pytest.MonkeyPatch, text: str, **options: object) -> object:
    report = _report(text, **options)
    assert report == _item_by_item(monkeypatch, text, **options)
    return report


OPTIONS = [{}, {"notation": "moves-list"}, {"notation": "json"}]


@pytest.mark.parametrize("name", sorted(ENTRIES) + [f"file:{name}" for name in OTHER_TEXTS])
def test_the_corpus_reads_the_same_with_and_without_the_plain_path(monkeypatch, name):
    if name.startswith("file:"):
        text, posts = OTHER_TEXTS[name[5:]], 3
    else:
        text, posts = ENTRIES[name]["text"], int(ENTRIES[name].get("posts", "3"))
    for options in OPTIONS:
        _same(monkeypatch, text, posts=posts, **options)


MOVES = list(solve("classic", 6))
LETTERS = "ABC"


def _item(move: object, shape: str, rng: random.Random) -> str:
    disk, source, target = move.disk, move.source, move.target  # type: ignore[attr-defined]
    space = rng.choice(["", " ", "  ", "\n", "\t", " \n  "]) if shape.endswith("-mixed") else " "
    kind = shape.removesuffix("-mixed")
    if kind == "triples":
        return f"[{disk},{space}{source},{space}{target}]"
    if kind == "tuples":
        return f"({source},{space}{target})"
    if kind == "tuple-triples":
        return f"({disk},{space}{source},{space}{target})"
    if kind == "letters":
        return f'("{LETTERS[source]}",{space}"{LETTERS[target]}")'
    if kind == "json":
        return f'{{"disk": {disk},{space}"source": {source}, "target": {target}}}'
    if kind == "strings":
        return f'"{LETTERS[source]}->{LETTERS[target]}"'
    raise AssertionError(kind)


SHAPES = ["triples", "tuples", "tuple-triples", "letters", "json", "strings"]
SHAPES += [f"{shape}-mixed" for shape in SHAPES]
BROKEN = ["[1, 0]x", "[1, 0, 2, 3]", '"no"', "(0, 2", "[1, 0, 9]", "...", "# note\n", "[]"]


def _list(count: int, shape: str, rng: random.Random, *, broken: str | None = None) -> str:
    moves = [MOVES[i % len(MOVES)] for i in range(count)]
    items = [_item(move, shape, rng) for move in moves]
    if broken is not None:
        items.insert(rng.randrange(len(items) + 1), broken)
    separators = [rng.choice([", ", ",", " ,", ",\n", "\n, ", ",  "]) for _ in items]
    if not shape.endswith("-mixed"):
        separators = [", "] * len(items)
    body = "".join(item + separator for item, separator in zip(items, separators, strict=True))
    ending = rng.choice(["", ",", " ,", "\n"])
    return "Here it is:\nmoves = [" + body[: -len(separators[-1])] + ending + "]\nDone."


@pytest.mark.parametrize("shape", SHAPES)
def test_generated_lists_read_the_same(monkeypatch, shape):
    rng = random.Random(shape)
    for count in (1, 2, 3, 7, 40, 200):
        text = _list(count, shape, rng)
        report = _same(monkeypatch, text)
        assert isinstance(report, dict) and len(report["moves"]) == count
        for broken in BROKEN:
            _same(monkeypatch, _list(count, shape, rng, broken=broken))
        for cut in sorted(rng.sample(range(10, len(text)), min(12, len(text) - 10))):
            _same(monkeypatch, text[:cut])  # cut off anywhere: truncated lists


@pytest.mark.parametrize(
    "text",
    [
        "moves = [((0, 2)), ((0, 1))]",
        "moves = [[(0, 2)], [(0, 1)]]",
        "moves = [[[1, 0, 2], [2, 0, 1]], [[1, 2, 1]]]",
        "moves = [(0, 2), (0, 1),]",
        "moves = [(0, 2),, (0, 1)]",
        "moves = [(0, 2) (0, 1), (2, 1)]",
        "moves = [(0, 2), # first\n (0, 1), (2, 1)]",
        "moves = [(0, 2), // first\n (0, 1), (2, 1)]",
        "moves = [(0, 2), (0, 1), ...]",
        "moves = [(0, 2), (0, 1), (2, 1)",
        "moves = [(0, 2), (0, 1), (2,",
        "moves = [(0, 2), (0, 1)] and [(1, 2), (1, 0)]",
        "moves = [(0,\u20032), (0,\u00a01)]",
        "moves = [(\u0660, 2), (0, 1)]",
        "moves = [[1, 0, 2], [2, 0, 1], [1, 2, 1]]]",
        (
            "moves = [{'disk': 1, 'source': 0, 'target': 2}, "
            '{"disk": 1, "source": 0, "target": 2}]'
        ),
        'moves = [{"disk": 1, "from": 0, "to": 2}, {"disk": 1, "source": 0}, {"disk": 1}]',
    ],
)
def test_hand_made_list_shapes_read_the_same(monkeypatch, text):
    for options in OPTIONS:
        _same(monkeypatch, text, **options)
        _same(monkeypatch, f"<think>\n{text}\n</think>\n{text}", **options)


def _big(count: int, shape: str) -> str:
    return _list(count, shape, random.Random(count))


@pytest.mark.parametrize("shape", ["triples", "tuples-mixed", "json"])
def test_a_list_of_100000_moves_reads_the_same(monkeypatch, shape):
    text = _big(100_000, shape)
    report = _same(monkeypatch, text)
    assert isinstance(report, dict) and len(report["moves"]) == 100_000
    middle = text.index("]", len(text) // 2) + 1
    _same(monkeypatch, text[:middle] + " oops," + text[middle:])  # one bad item in the middle
    _same(monkeypatch, text[: len(text) // 2])  # cut off in the middle


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the runs the plain path reads (so a test knows it was taken)."""
    runs: list[int] = []
    plain_run = _scan._plain_run

    def counted(text: str, position: int, *args: object) -> int:
        end = plain_run(text, position, *args)  # type: ignore[arg-type]
        runs.append(end - position)
        return end

    monkeypatch.setattr(_scan, "_plain_run", counted)
    return runs


@pytest.mark.parametrize("count", [3, 20, 2_000])
@pytest.mark.parametrize(("first", "last"), [(256, 1 << 20), (8, 64), (1, 1)])
def test_both_sides_of_the_window_sizes(monkeypatch, count, first, last):
    text = _big(count, "tuples")
    expected = _item_by_item(monkeypatch, text)
    runs = _counting(monkeypatch)
    monkeypatch.setattr(_scan, "_FIRST_WINDOW", first)
    monkeypatch.setattr(_scan, "_LAST_WINDOW", last)
    assert _report(text) == expected
    length = text.index("]") - text.index("[")  # the list is shorter or longer than a window
    if first > 1 and length > first:
        assert sum(runs) > length // 2  # most of it read at once
    if first == 1:  # a window of one character holds no whole item: all read one by one
        assert sum(runs) == 0


def test_a_list_in_a_named_list_notation_reads_the_same(monkeypatch):
    text = NOTATIONS["moves-list"].format(MOVES * 20)
    for options in OPTIONS:
        report = _same(monkeypatch, text, **options)
        assert not isinstance(report, dict) or len(report["moves"]) == len(MOVES) * 20
    assert NOTATIONS["moves-list"].read(text) == MOVES * 20


# -- a list stopped by an item that is not a move --------------------------------------------------


@pytest.mark.parametrize("bad", ["foo", "[1, 2, ?]", "[1, 2, [3]]", "[[2, 0, 1], [1, 2, 1]]"])
@pytest.mark.parametrize("after", ["", ", [1, 0, 1]", ", [[1, 0, 1]], [2, 0, 2]"])
def test_a_list_stopped_by_an_item_that_is_not_a_move_still_spans_to_its_closing_bracket(
    bad, after
):
    """The moves before the item are read; the reading's span is the whole list, brackets
    nested in and after the item counted, so nothing of it is left to read as more text."""
    text = f"moves = [[1, 0, 2], [2, 0, 1], {bad}{after}]"
    found = extract_moves(text + "\nThat is all.")
    assert found.moves == (Move(1, 0, 2), Move(2, 0, 1))
    assert found.unreadable is not None
    assert [(span.start, span.end) for span in found.spans] == [(0, len(text))]
    assert [(span.start, span.end) for span in found.skipped] == [(len(text) + 1, len(text) + 13)]


@pytest.mark.parametrize(
    ("text", "item"),
    [
        ('["A->C", "A->B, C->B"]', '"A->B, C->B"'),
        ('["A->C", "A->B then C->B"]', '"A->B then C->B"'),
        ("['S->D', 'S->I and I->D']", "'S->I and I->D'"),
        ('["A->C", "maybe A to B"]', '"maybe A to B"'),
    ],
)
def test_a_quoted_list_item_holding_two_moves_or_none_is_not_a_move(text, item):
    """Each quoted item of a list is one move: one that holds two stops the reading there."""
    found = extract_moves(text)
    assert len(found.moves) == 1
    assert found.unreadable is not None
    assert found.unreadable.endswith(f"(not a move: {item!r})")
