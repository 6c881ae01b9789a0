"""The reader's length bounds, tested on both sides (issue 32: thresholds tested one side only).

* **A lead that numbers a line** (``Step B:``, ``(Step number 2 of 3):``) is looked at up to
  80 characters, more than the pattern of leads can match: a cost bound, not a rule. It was 40
  (and 24 for a line of its own), and a lead of 41 characters made a warm-up's lines prose, so
  the answer after it was read with confidence (the misread of tests/test_reader_redteam7.py).
  Padding after the lead never counts.
* **A format sentence** ("Write the moves in the form '...'.") is found however many words come
  before it on its line (the cue is looked for in the last 80 characters before the moves).
* **A format quoted over several lines** ends at its closing quote, however far (past a blank
  line too); never closed, it runs to the end.
"""

from __future__ import annotations

import pytest

from hanoi_magnet.errors import NotationError
from hanoi_magnet.notation import extract_moves


def _solution(disks: int, a: int = 0, b: int = 2, c: int = 1) -> list[tuple[int, int, int]]:
    if disks == 0:
        return []
    return [*_solution(disks - 1, a, c, b), (disks, a, b), *_solution(disks - 1, c, b, a)]


def _pairs(moves: list[tuple[int, int, int]]) -> list[tuple[int, int]]:
    return [(s, t) for _, s, t in moves]


def _read(found) -> list[tuple[int, int]]:
    return [(m.source, m.target) if hasattr(m, "source") else tuple(m) for m in found.moves]


def _confident(found) -> bool:
    return not (found.ambiguous or found.hedged or found.truncated or found.unreadable)


#: Leads of each length from 28 to 41 characters (``(Steeep number 2 of xxxxxxxx) : ``), the
#: same spaced out to 57, and ``Step B:`` padded with 0 to 400 spaces.
_LONG_LEADS = (
    [
        pytest.param(lambda k, w=w: f"(St{'e' * w} number {k} of xxxxxxxx) : ", id=f"lead-{w + 28}")
        for w in range(14)
    ]
    + [
        pytest.param(
            lambda k, w=w: f"[  St{'e' * w}   number   {k}   of   xxxxxxxx  ]   :   ",
            id=f"spaced-{w + 44}",
        )
        for w in range(14)
    ]
    + [
        pytest.param(lambda k, n=n: f"Step {'ABCDEFG'[k - 1]}:{' ' * n}", id=f"padded-{n}")
        for n in (0, 1, 32, 33, 34, 40, 73, 74, 400)
    ]
)


@pytest.mark.parametrize("lead", _LONG_LEADS)
def test_a_warm_up_after_long_leads_beside_the_answer_is_in_doubt(lead) -> None:
    warm_up = "\n".join(
        lead(k) + f"{'ABC'[s]} -> {'ABC'[t]}"
        for k, (_, s, t) in enumerate(_solution(2, 0, 1, 2), 1)
    )
    answer = "\n".join(
        f"{k}. {'ABC'[s]}->{'ABC'[t]}" for k, (_, s, t) in enumerate(_solution(3), 1)
    )
    text = f"Warm-up with 2 disks:\n{warm_up}\n\nNow for our puzzle:\n{answer}\n"
    assert not _confident(extract_moves(text)), text


@pytest.mark.parametrize("lead", _LONG_LEADS)
def test_moves_after_long_leads_alone_are_the_answer(lead) -> None:
    moves = _solution(3)
    text = "\n".join(lead(k) + f"{'ABC'[s]} -> {'ABC'[t]}" for k, (_, s, t) in enumerate(moves, 1))
    found = extract_moves(text)
    assert _read(found) == _pairs(moves), text
    assert _confident(found), text


@pytest.mark.parametrize("words", [0, 1, 60, 79, 80, 81, 5_000])
def test_a_format_sentence_is_found_after_any_words_on_its_line(words: int) -> None:
    before = ("x" * words + " and so, ") if words else ""
    text = f"{before}write the moves in the form 'A->C'."
    found = extract_moves(text)
    assert found.hedged is not None, text
    assert "only shown as an example" in found.hedged, text


@pytest.mark.parametrize("words", [0, 1, 60, 79, 80, 81, 5_000])
def test_a_format_quoted_over_lines_is_found_after_any_words_on_its_line(words: int) -> None:
    before = ("x" * words + " and so, ") if words else ""
    moves = _solution(2)
    text = f"{before}write the moves in the form 'A->B\nB->C'.\n" + "\n".join(
        f"{'ABC'[s]}->{'ABC'[t]}" for _, s, t in moves
    )
    found = extract_moves(text)
    assert _read(found) == _pairs(moves), text
    assert _confident(found), text


@pytest.mark.parametrize("gap", ["\n", "\n\n"])
def test_a_quoted_format_ends_at_its_closing_quote_even_past_a_blank_line(gap: str) -> None:
    moves = _solution(2)
    answer = "\n".join(f"{'ABC'[s]}->{'ABC'[t]}" for _, s, t in moves)
    text = f"Write the moves in the form 'A->B{gap}B->C'.\n{answer}"
    found = extract_moves(text)
    assert _read(found) == _pairs(moves), text
    assert _confident(found), text


def test_a_quoted_format_never_closed_runs_to_the_end() -> None:
    """Which lines the quotation holds nobody can tell: nothing is read (no misreading)."""
    answer = "\n".join(f"{'ABC'[s]}->{'ABC'[t]}" for _, s, t in _solution(2))
    for gap in ("\n", "\n\n"):
        text = f"Write the moves in the form 'A->B\nB->C{gap}{answer}"
        with pytest.raises(NotationError):
            extract_moves(text)


@pytest.mark.parametrize("count", [1, 2, 1_000])
def test_words_that_may_be_moves_in_other_names_are_looked_at_once_a_line(count, monkeypatch):
    """The check that a dropped word is a move in other names (``DS`` beside ``B->C``) reads
    each line once, however many such words it holds (it read the line once a word: 4,000
    words took 17-39 s)."""
    import hanoi_magnet.notation._words as words_module

    calls = []
    real = words_module.mentions
    monkeypatch.setattr(words_module, "mentions", lambda text: calls.append(text) or real(text))
    text = "B->C\n" + "so ds and " * count  # (the words are read in lower case by then)
    found = [(5 + 10 * k + 3, 5 + 10 * k + 5) for k in range(count)]
    assert words_module.move_in_another_naming(text, found, 3) is None
    assert len(calls) == 1
