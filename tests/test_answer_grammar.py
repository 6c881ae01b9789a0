"""Issue 32 item 1: answers written the way models write them, read with zero silent misreads.

The grammar of :mod:`hanoi_magnet.testing` writes answers with the reading a careful human
gives them (every form and peg naming, lines, one line, lists, tables, paragraphs; prose,
reasoning, tags and fences around them; moves dropped, swapped, illegal or repeated, the text
cut off, an attempt started over, a draft, a recap, hedges, encodings). Every run reads 10^5 of
them, drawn afresh (the seed is in the failure message; ``HANOI_ANSWER_SEED`` replays it): the
reader must give the intended reading, or say it is ambiguous or unreadable, never another
confident reading.
"""

from __future__ import annotations

import collections
import os
import random

import pytest
from hypothesis import given, settings

from hanoi_magnet import Move
from hanoi_magnet.errors import NotationError
from hanoi_magnet.notation import PegNames, extract_moves
from hanoi_magnet.testing import WrittenAnswer, answers, sample_answers
from tests.scale import MUTATION

#: 10^5 answers a run, in chunks that xdist spreads over the workers; a mutation run reads
#: 2,000 drawn from a fixed seed, so that every mutant meets the same answers.
CHUNKS, PER_CHUNK = (2, 1_000) if MUTATION else (10, 10_000)
SEED = int(
    os.environ.get("HANOI_ANSWER_SEED")
    or (32 if MUTATION else random.SystemRandom().randrange(1 << 30))
)
#: At most this share of answers may be read as ambiguous where a careful human reads them
#: (allowed, but a reader that hesitates often is of little use). An answer with a move that
#: cannot be read, which the reader calls ambiguous, is not counted: a careful human doubts it
#: too (the grammar's "unfinished" twist, an arrow left without its target between two moves).
HESITANT = 1e-3


def _judge(answer: WrittenAnswer) -> tuple[str, str]:
    try:
        found = extract_moves(answer.text, pegs=answer.pegs, posts=answer.posts)
    except NotationError:
        judgement = answer.judge(None)
    else:
        judgement = answer.judge(
            found.moves,
            ambiguous=found.ambiguous,
            truncated=found.truncated,
            unreadable=found.unreadable is not None,
        )
    return judgement.verdict, judgement.why


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_no_answer_is_misread(chunk):
    seed = SEED * CHUNKS + chunk
    verdicts: collections.Counter[str] = collections.Counter()
    for answer in sample_answers(seed=seed, count=PER_CHUNK):
        verdict, why = _judge(answer)
        # a move that cannot be read, read as ambiguous instead: doubt either way, not counted
        doubted = verdict == "hesitant" and answer.expected == "unreadable"
        verdicts["doubted" if doubted else verdict] += 1
        assert verdict != "misread", (
            f"HANOI_ANSWER_SEED={SEED} (chunk {chunk}): {why}\n{answer.recipe}\n{answer.text!r}"
        )
    assert verdicts["hesitant"] <= HESITANT * PER_CHUNK, (SEED, verdicts)


@settings(max_examples=300, deadline=None)
@given(answers())
def test_no_answer_is_misread_hypothesis(answer):
    """The same property through the Hypothesis strategy, which shrinks a failure."""
    verdict, why = _judge(answer)
    assert verdict != "misread", (why, answer.recipe, answer.text)


@pytest.mark.skipif(MUTATION, reason="checks the generator, which a mutation run leaves alone")
def test_the_grammar_covers_every_form_layout_twist_and_encoding():
    seen: collections.Counter[str] = collections.Counter()
    for answer in sample_answers(seed=7, count=20_000):
        seen.update(answer.recipe)
    expected_layouts = {"lines", "inline", "list", "table", "paragraph"}
    assert expected_layouts <= set(seen)
    forms = {"sentence", "disk-first", "arrow", "to", "compact", "bracketed", "json", "spaced"}
    assert forms <= set(seen)
    twists = {f"twist={t}" for t in ("cut", "broken", "unfinished", "restart", "draft", "recap",
                                      "options", "either", "negation", "two-answer-blocks",
                                      "restated", "interlude", "plan", "warm-up",
                                      "said-twice", "pictures", "marked", "so-far")}  # fmt: skip
    assert twists <= set(seen)
    encodings = {f"encoding={e}" for e in ("bom", "nul", "zero-width", "nbsp",
                                           "full-width digits", "arabic-indic digits",
                                           "smart quotes")}  # fmt: skip
    assert encodings <= set(seen)
    styles = ("ordinal-words", "ordinal-numbers", "step", "bold-step", "bullet", "dash", "colon")
    for style in styles:
        assert style in seen
    for corruption in ("dropped", "swapped", "illegal", "repeated"):
        assert corruption in seen
    for wrapper in ("think-block", "unclosed-think", "answer-tags", "fenced", "boxed"):
        assert any(key.startswith(wrapper) for key in seen), wrapper
    for naming in PegNames:
        assert f"pegs={naming.name}" in seen


def test_ordinals_reach_beyond_twenty():
    """Issue 32 item 2: "Fourth," onwards was prose; ordinals to the ninety-ninth are read."""
    from hanoi_magnet.testing._layouts import ordinal_word

    pairs = [(0, 2), (0, 1), (2, 1), (0, 2), (1, 0), (1, 2), (0, 2)] * 5
    text = "\n".join(
        f"{ordinal_word(i).capitalize()}, {'ABC'[s]}->{'ABC'[t]}"
        for i, (s, t) in enumerate(pairs, 1)
    )
    assert "Twenty-first," in text and "Thirty-fifth," in text
    assert list(extract_moves(text).moves) == pairs


def test_the_judgement_of_a_reading():
    answer = WrittenAnswer("A->C, A->B", "moves", ((0, 2), (0, 1)), PegNames.LETTERS, 3)
    assert answer.judge(((0, 2), (0, 1))).verdict == "right"
    assert answer.judge(((0, 2),)).verdict == "misread"
    assert answer.judge(((0, 2), (0, 1)), truncated=True).verdict == "misread"
    assert answer.judge(None).verdict == "hesitant"
    assert answer.judge(((0, 2),), ambiguous=True).verdict == "hesitant"
    hedge = WrittenAnswer("A->C or A->B", "ambiguous", (), PegNames.LETTERS, 3)
    assert hedge.judge(((0, 2),)).verdict == "misread"
    assert hedge.judge(((0, 2),), ambiguous=True).verdict == "right"
    cut = WrittenAnswer("A->C\nA-", "truncated", ((0, 2),), PegNames.LETTERS, 3)
    assert cut.judge(((0, 2),), truncated=True).verdict == "right"
    assert cut.judge(((0, 2),)).verdict == "misread"
    disk = WrittenAnswer("Move disk 1 from A to C", "moves", (Move(1, 0, 2),), PegNames.LETTERS, 3)
    assert disk.judge(((0, 2),)).verdict == "misread"  # the disk was written: it is read


def test_the_generators_check_their_arguments():
    from hanoi_magnet.errors import InvalidArgumentError

    with pytest.raises(InvalidArgumentError, match="posts"):
        next(sample_answers(seed=1, count=1, posts=2))
    with pytest.raises(InvalidArgumentError, match="pegs"):
        next(sample_answers(seed=1, count=1, pegs="A"))  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="namings"):
        next(sample_answers(seed=1, count=1, posts=4, pegs=PegNames.SID))
    assert [a.text for a in sample_answers(seed=3, count=5)] == [
        a.text for a in sample_answers(seed=3, count=5)
    ]
    assert {a.posts for a in sample_answers(seed=3, count=50, posts=4)} == {4}
