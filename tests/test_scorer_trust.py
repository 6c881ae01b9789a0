"""Issue 32: every symptom the issue names, as a test that failed before.

Each symptom is one member of a class; the classes are covered by the answer grammar
(tests/test_answer_grammar.py) and the audit (tests/test_audit.py). These tests pin the
examples the issue gives, so that a reader of the issue finds each one answered.
"""

from __future__ import annotations

import pytest

from hanoi_magnet import Move, solve
from hanoi_magnet.evaluation import ABSTENTION, Outcome, generate, score
from hanoi_magnet.notation import NOTATIONS, PegNames, extract_moves

MOVES3 = (Move(1, 0, 2), Move(2, 0, 1), Move(1, 2, 1))
PAIRS3 = ((0, 2), (0, 1), (2, 1))


def _instance(template: str = "plain", notation: str = "reasoning-gym", n: int = 2, **options):
    return generate(
        seed=11, count=1, families=["classic"], disks=(n, n), tasks=["solve"],
        templates=[template], notations=[notation], **options,
    )[0]  # fmt: skip


# -- 1. moves dropped as "a remark" ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        (
            "Move disk 1 from Peg 1 to Peg 3, and then Move disk 2 from Peg 1 to Peg 2, and then "
            "Move disk 1 from Peg 3 to Peg 2"
        ),
        "A->C<br>A->B<br>C->B",
        "A->C | A->B | C->B",
        "A->C; A->B; C->B",
        (
            "First move disk 1 from A to C, then move disk 2 from A to B, and then move disk 1 "
            "from C to B."
        ),
        (
            "First, move disk 1 from A to C, then move disk 2 from A to B, and finally move "
            "disk 1 from C to B."
        ),
    ],
)
def test_a_second_move_after_a_connector_is_read(text):
    found = extract_moves(text, pegs=PegNames.ONE if "Peg" in text else None)
    pairs = tuple((m.source, m.target) if isinstance(m, Move) else m for m in found.moves)
    assert pairs == PAIRS3 and not found.ambiguous


# -- 2. ordinal lead-ins --------------------------------------------------------------------------


def test_ordinals_after_third_are_read():
    words = ["First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh"]
    moves = [(m.source, m.target) for m in solve("classic", 3)]
    text = "\n".join(f"{w}, {'ABC'[s]}->{'ABC'[t]}" for w, (s, t) in zip(words, moves, strict=True))
    assert list(extract_moves(text).moves) == moves
    numbers = "\n".join(
        f"{k}{'st' if k == 1 else 'nd' if k == 2 else 'rd' if k == 3 else 'th'}: "
        f"{'ABC'[s]}->{'ABC'[t]}"
        for k, (s, t) in enumerate(moves, 1)
    )
    assert list(extract_moves(numbers).moves) == moves


# -- 3. invisible characters ----------------------------------------------------------------------


@pytest.mark.parametrize("mark", ["\ufeff", "\x00", "\u200b", "\u2060"])
def test_an_invisible_character_before_the_first_line_drops_nothing(mark):
    instance = _instance()
    answer = NOTATIONS["reasoning-gym"].format(solve("classic", 2))
    result = score(mark + answer, instance)
    assert result.outcome is Outcome.SOLVED_OPTIMALLY
    assert result.reading is not None and result.reading.spans[0].start == 1  # as given


# -- 4. the verdict does not depend on the notation asked -----------------------------------------


@pytest.mark.parametrize("notation", ["moves-list", "letter-arrows", "reasoning-gym", "library"])
def test_the_same_answer_gets_the_same_verdict_whatever_notation_was_asked(notation):
    instance = _instance(notation=notation)
    for answer in (
        (
            "Move disk 1 from peg A to peg B\nMove disk 2 from peg A to peg C\n"
            "Move disk 1 from peg B to peg C"
        ),
        (
            "Move the top disk from Peg A to Peg B\nMove the top disk from Peg A to Peg C\n"
            "Move the top disk from Peg B to Peg C"
        ),
    ):
        result = score(answer, instance)
        assert result.outcome is Outcome.SOLVED_OPTIMALLY, (notation, result.detail)


def test_a_five_peg_instance_reads_numbered_pegs_in_its_own_naming():
    instance = generate(seed=3, count=1, families=["frame-stewart"], pegs=(5, 5), disks=(2, 2),
                        tasks=["solve"], notations=["library"])[0]  # fmt: skip
    found = extract_moves("Move disk 1 from Peg 1 to Peg 2", posts=5, pegs=PegNames.SID)
    assert found.moves == (Move(1, 1, 2),)  # the library numbers posts from 0 beyond three
    result = score("Move disk 1 from Peg 1 to Peg 2", instance)
    assert "(not a move)" not in result.detail and result.outcome is not Outcome.FORMAT_ERROR


def test_peg_three_and_peg_one_read_alike():
    one = extract_moves("Move disk 1 from Peg 2 to Peg 1", pegs=PegNames.ONE)
    three = extract_moves("Move disk 1 from Peg 2 to Peg 3", pegs=PegNames.ONE)
    assert (one.moves, three.moves) == ((Move(1, 1, 0),), (Move(1, 1, 2),))


# -- 5. small forms -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1 1 2", (Move(1, 0, 1),)),
        ("[1, 1, 2]", (Move(1, 0, 1),)),
        ("The next move is B->C.", ((1, 2),)),
    ],
)
def test_small_forms_are_read(text, expected):
    naming = PegNames.ONE if text[0] in "1[" else None
    assert extract_moves(text, pegs=naming).moves == expected


# -- 6. parroting the prompt ----------------------------------------------------------------------


def test_the_prompt_and_its_parts_earn_nothing():
    instances = generate(seed=6, count=300, unsolvable=0.1, positions="mixed", disks=(1, 5),
                         templates=["plain", "illusion", "reasoning-gym"])  # fmt: skip
    for instance in instances:
        parts = [instance.prompt, *instance.prompt.split("\n\n")]
        for part in parts:
            result = score(part, instance)
            assert not result.outcome.credited, (instance.id, part, result.detail)
            assert not any(result.rewards.values()), (instance.id, part, result.rewards)


def test_no_prompt_example_is_a_move_and_echoed_rules_earn_nothing():
    for instance in generate(seed=8, count=200, templates=["plain", "illusion", "reasoning-gym"]):
        assert "for example" not in instance.prompt
        for line in instance.prompt.splitlines():
            if " form " in line or "formatted" in line:  # the answer format: placeholders only
                try:
                    found = extract_moves(line, posts=instance.posts)
                except Exception:
                    continue
                assert not found.moves or found.unreadable or found.pegs_mismatch, line
            # a rule line repeated, or any clause of it: not an answer
            for piece in (line, *line.split(": ")[1:]):
                if piece.strip():
                    result = score(piece, instance)
                    assert not result.rewards["graded"], (instance.id, piece, result.detail)


def test_any_line_of_the_prompt_given_back_alone_is_no_answer():
    """Whatever pegs the puzzle has: the format line of a 4- or 5-peg puzzle ('in the form
    'Y->Z'', placeholder letters past C) is an echo too, not a format error."""
    instances = generate(seed=8, count=80, disks=(1, 4),
                         templates=["plain", "illusion", "reasoning-gym"])  # fmt: skip
    assert {instance.posts for instance in instances} >= {3, 4, 5}
    for instance in instances:
        for line in filter(str.strip, instance.prompt.splitlines()):
            result = score(line, instance)
            assert result.outcome is Outcome.NO_ANSWER, (instance.id, line, result.detail)
            assert result.detail == "the answer only repeats the prompt (1 line)"


# -- 7. what a policy learns to say: see tests/test_audit.py; these pin the examples -------


def test_the_word_is_not_the_claim():
    instance = _instance(unsolvable=1.0)
    for text in (
        "This puzzle is not unsolvable.",
        "I cannot tell whether it is unsolvable",
        "If no sequence of legal moves reaches the goal, write only UNSOLVABLE.",
    ):
        assert not score(text, instance).outcome.credited, text
    assert score(ABSTENTION, instance).outcome is Outcome.ABSTAINED


def test_a_wrong_abstention_earns_less_than_an_honest_failed_attempt():
    instance = _instance()
    wrong = score(ABSTENTION, instance)
    honest = score("Move disk 1 from Peg 1 to Peg 2", instance)
    assert wrong.outcome is Outcome.WRONG_ABSTENTION
    assert wrong.rewards["graded"] < honest.rewards["graded"]


def test_a_budget_counts_every_character():
    gold = NOTATIONS["reasoning-gym"].format(solve("classic", 2))
    instance = _instance(max_answer_chars=len(gold))
    assert score(gold, instance).outcome is Outcome.SOLVED_OPTIMALLY
    padded = gold + "\n" + "x" * 200
    for answer in ("<think>\n" + padded, padded + "<think></think>"):
        assert score(answer, instance).outcome is Outcome.OVER_BUDGET


def test_hedges_earn_nothing():
    instance = generate(seed=2, count=1, families=["classic"], disks=(3, 3),
                        tasks=["next-move"], notations=["letter-arrows"])[0]  # fmt: skip
    right = instance.expected[0]
    names = "ABC"
    good = f"{names[right.source]}->{names[right.target]}"
    bad = next(f"{names[s]}->{names[t]}" for s in range(3) for t in range(3)
               if s != t and (s, t) != (right.source, right.target))  # fmt: skip
    assert score(good, instance).outcome is Outcome.SOLVED_OPTIMALLY
    for answer in (f"{good} / {bad}", f"{good} or {bad}", f"{bad} or {good}"):
        result = score(answer, instance)
        assert result.outcome is Outcome.AMBIGUOUS and not any(
            v for k, v in result.rewards.items() if k != "reasoning_gym"
        ), answer
    sentence = (f"I would never move disk {right.disk} from {names[right.source]} to "
                f"{names[right.target]}; that would be a blunder.")  # fmt: skip
    assert not score(sentence, instance).outcome.credited


def test_prefix_pays_progress_not_legal_moves():
    instance = _instance(n=3)
    shuffle = "\n".join(["Move disk 1 from Peg 1 to Peg 2", "Move disk 1 from Peg 2 to Peg 1"] * 3)
    assert score(shuffle, instance).rewards["prefix"] == 0.0
    start = "\n".join(NOTATIONS["reasoning-gym"].format(solve("classic", 3)).splitlines()[:3])
    assert score(start, instance).rewards["prefix"] == pytest.approx(3 / 7)


def test_a_zero_based_prompt_answered_from_one_earns_no_reasoning_gym_reward():
    instance = _instance(template="illusion")  # moves = [[...]], pegs from 0
    one_based = NOTATIONS["reasoning-gym"].format(solve("classic", 2))
    result = score(one_based, instance)
    assert result.rewards["reasoning_gym"] == 0.0 and not result.outcome.credited


def test_the_right_answer_in_other_digits_earns_the_same_everywhere():
    instance = _instance()
    gold = NOTATIONS["reasoning-gym"].format(solve("classic", 2))
    for zero in (0xFF10, 0x0660):
        other = "".join(chr(zero + int(c)) if c.isdigit() else c for c in gold)
        result = score(other, instance)
        assert result.rewards["graded"] == result.rewards["reasoning_gym"] == 1.0


# -- 8. a cut-off thought ------------------------------------------------------------------------


def test_an_answer_that_never_leaves_its_thinking_is_not_credited():
    instance = _instance()
    gold = NOTATIONS["reasoning-gym"].format(solve("classic", 2))
    cut = f"<think>\n{gold}\nlet me double-check disk 2"
    result = score(cut, instance)
    assert result.outcome is Outcome.TRUNCATED and not any(
        v for k, v in result.rewards.items() if k != "reasoning_gym"
    )
    assert result.reading is not None and len(result.reading.moves) == 3  # still reported
    assert score(cut, instance, credit_drafts=True).outcome is Outcome.SOLVED_OPTIMALLY


# -- 9. binary rewards ---------------------------------------------------------------------------


def test_an_ambiguous_answer_gets_zero_not_a_half():
    instance = generate(seed=4, count=1, families=["classic"], disks=(3, 3), tasks=["solve"],
                        notations=["numbers"])[0]  # fmt: skip
    result = score("1 2", instance, detect_pegs=True)
    assert result.outcome is Outcome.AMBIGUOUS
    assert result.rewards["solved"] == result.rewards["optimal"] == 0.0
    assert "disagree" in result.detail


# -- 5 (what to build). details in the answer's own names ------------------------------------------


def test_details_name_moves_and_pegs_as_written_and_count_from_one():
    instance = generate(seed=5, count=1, families=["linear"], disks=(2, 2), tasks=["solve"],
                        notations=["letter-arrows"])[0]  # fmt: skip
    result = score("A->B\nA->C", instance)
    assert result.outcome is Outcome.ILLEGAL_MOVE
    assert result.detail.startswith("the 2nd move, A->C, breaks the direction rule")
    assert "post S" not in result.detail and " S->" not in result.detail
    assert result.first_error is not None and result.first_error.index == 1  # the API: 0-based
    one = score("A->B", instance)
    assert "1 legal move " in one.detail
