"""The detail a score gives, word for word, for classes of answers (issue 32 items 5 and 6).

Each expected detail is written here from the rule it states (a plural by count, a budget by
length), for every member of a small class: drafts of 1 to 5 moves, answers at and one past
their budget, lists with an unreadable item at any place.
"""

from __future__ import annotations

import random

import attrs
import pytest

from hanoi_magnet.evaluation import POLICIES, Outcome, generate, score
from hanoi_magnet.model import Move
from hanoi_magnet.notation import NOTATIONS, PegNames, extract_moves
from hanoi_magnet.registry import solve
from hanoi_magnet.validate import validate

_INSTANCES = [
    i
    for i in generate(seed=35, count=30, notations=["letter-arrows"], families=["classic"])
    if i.unsolvable is None
]
_MOVES = ["A->C", "A->B", "C->B", "A->C", "B->A"]


@pytest.mark.parametrize("count", [1, 2, 3, 5])
def test_a_draft_never_closed_is_not_credited_and_says_how_many_moves_it_holds(count):
    draft = "<think>\n" + "\n".join(_MOVES[:count])
    said = f"{count} move read there is" if count == 1 else f"{count} moves read there are"
    for instance in _INSTANCES[:5]:
        result = score(draft, instance)
        assert result.outcome is Outcome.TRUNCATED
        assert result.detail == (
            f"the answer never leaves its reasoning (a <think> never closed): {said} not credited"
        )


def test_a_thought_cut_off_before_any_move_says_so_and_why_nothing_was_read():
    result = score("<think> hmm, let me see", _INSTANCES[0])
    assert result.outcome is Outcome.TRUNCATED
    assert (
        result.detail == "the text ends inside its reasoning (<think> never closed), with no answer"
    )
    assert result.parse_error == "no moves found in the answer"


def test_an_answer_at_its_budget_is_scored_and_one_character_more_is_over_it():
    checked = 0
    for instance in _INSTANCES:
        gold = next(iter(POLICIES["gold"].write(instance, random.Random(0)))).strip()
        size = len(gold)
        at = score(gold, attrs.evolve(instance, max_answer_chars=size))
        assert at.outcome.credited
        over = score(gold, attrs.evolve(instance, max_answer_chars=size - 1))
        assert over.outcome is Outcome.OVER_BUDGET
        assert over.detail == f"the answer has {size} characters; the budget is {size - 1}"
        checked += 1
    assert checked >= 5


_GOOD = ["[1, 0, 2]", "[2, 0, 1]", "[1, 2, 1]", "[3, 0, 2]"]


@pytest.mark.parametrize("bad", ["[1, [0], 2]", "[[0], 1, 2]", "[1, 0, [2]]", '["a", 0, 1]'])
@pytest.mark.parametrize("before", [1, 2, 3])
@pytest.mark.parametrize("after", [0, 1])
def test_a_list_item_that_is_no_move_ends_the_reading_there_and_is_shown(bad, before, after):
    items = [*_GOOD[:before], bad, *_GOOD[before : before + after]]
    found = extract_moves("[" + ", ".join(items) + "]")
    assert len(found.moves) == before  # the moves before it, nothing after it
    assert not found.truncated  # the list closes: nothing was cut off
    assert found.unreadable == bad.split(",")[0] + " (not a move)"  # shown to its first comma


def test_pegs_detected_when_asked_even_for_an_answer_the_fast_path_could_take():
    """The reference moves written from 1 to a prompt that numbers its pegs from 0."""
    checked = 0
    for instance in generate(seed=36, count=40, tasks=["solve"], notations=["moves-list"]):
        if instance.unsolvable is not None:
            continue
        gold = next(iter(POLICIES["gold"].write(instance, random.Random(0))))
        moves = score(gold, instance).reading.moves
        from_one = NOTATIONS["reasoning-gym"].format(moves, instance.posts)
        detected = score(from_one, instance, detect_pegs=True)
        assert detected.outcome is Outcome.SOLVED_OPTIMALLY
        assert detected.reading.pegs is PegNames.ONE
        checked += 1
    assert checked >= 10


_CLAIMS = [
    "There is no solution.",
    "No sequence of moves reaches the goal.",
    "It is impossible.",
    "This puzzle is unsolvable.",
    "The goal cannot be reached.",
    "UNSOLVABLE",
]
_REASONING = (
    "I worked through the moves for a long while, and every path I tried came back to where "
    "it started."
)


@pytest.mark.parametrize("claim", _CLAIMS)
def test_an_abstention_is_the_final_statement_however_it_is_worded(claim):
    """Issue 32 item 3: an abstention counts when the answer's own final statement is one."""
    unsolvable = [i for i in generate(seed=3, count=40, unsolvable=0.5) if i.unsolvable][:4]
    assert unsolvable
    for instance in unsolvable:
        for answer in (claim, f"{_REASONING} {claim}", f"{_REASONING}\n\n{claim}"):
            result = score(answer, instance)
            assert result.outcome is Outcome.ABSTAINED, answer
            assert result.rewards["graded"] == 1.0
        # said first, then more reasoning: the final statement is not the claim
        result = score(f"{claim} {_REASONING}", instance)
        assert not result.outcome.credited


def test_the_reference_answer_in_reasoning_gyms_form_earns_its_full_reward_under_any_rules():
    """reasoning-gym pays a legal answer that reaches the goal in the optimum 1.0."""
    rules = set()
    for instance in generate(seed=37, count=60, tasks=["solve"], notations=["reasoning-gym"]):
        if instance.unsolvable is not None:
            continue
        gold = next(iter(POLICIES["gold"].write(instance, random.Random(0))))
        assert score(gold, instance).rewards["reasoning_gym"] == 1.0
        rules.add(type(instance.rules).__name__)
    assert len(rules) >= 2  # classic and magnetic


@pytest.mark.parametrize("bad", ["[1, [0], 2]", "[[0], 1, 2]", "[1, 0, [2]]", '["a", 0, 1]'])
@pytest.mark.parametrize("before", [1, 2])
def test_a_list_with_an_item_that_is_no_move_is_skipped_to_its_own_end(bad, before):
    """Nested brackets inside the bad item do not end the list early, nor make it run on."""
    items = [*_GOOD[:before], bad, *_GOOD[before:3]]
    listed = "[" + ", ".join(items) + "]"
    found = extract_moves(f"{listed}\nA->B")
    assert found.moves == ((0, 1),)  # the later answer
    assert [(span.start, span.end, span.why) for span in found.skipped] == [
        (0, len(listed), "another reading: an earlier answer, replaced by a later one")
    ]


def test_a_continue_task_answered_along_the_plan_needs_no_search():
    """The asked moves of the plan end where the plan says: solved, without a search."""
    checked = 0
    for instance in generate(seed=39, count=40, tasks=["continue"]):
        if instance.unsolvable is not None:
            continue
        for gold in POLICIES["gold"].write(instance, random.Random(0)):
            result = score(gold, instance, max_states=1)  # no room for a search
            assert result.outcome is Outcome.SOLVED_OPTIMALLY
            assert (result.solved, result.unverified) == (True, False)
            checked += 1
    assert checked >= 10


def test_the_classic_solution_on_a_magnetic_puzzle_earns_no_reasoning_gym_reward():
    """Legal under classic rules, illegal under magnetic ones: reasoning-gym pays nothing."""
    checked = 0
    for instance in generate(seed=40, count=200, tasks=["solve"], notations=["reasoning-gym"]):
        if instance.unsolvable is not None or type(instance.rules).__name__ != "MagneticRules":
            continue
        (source,) = [p for p, stack in enumerate(instance.start.posts) if len(stack) == instance.n]
        (target,) = [p for p, stack in enumerate(instance.goal.posts) if len(stack) == instance.n]
        if instance.posts != 3:
            continue
        spare = ({0, 1, 2} - {source, target}).pop()
        post = {0: source, 1: spare, 2: target}
        moves = [Move(m.disk, post[m.source], post[m.target]) for m in solve("classic", instance.n)]
        assert validate(moves, instance.rules, start=instance.start).error is not None
        result = score(NOTATIONS["reasoning-gym"].format(moves, instance.posts), instance)
        assert result.rewards["reasoning_gym"] == 0.0
        checked += 1
    assert checked >= 3


_SIZE = "breaks the size rule: disk 2 cannot be placed on disk 1"
_TOP = "is illegal: disk 2 is not the top disk of peg {} (disk 1 is)"


@pytest.mark.parametrize(
    ("notation", "detail"),
    [
        ("letter-arrows", f"the 2nd move, A->D, {_SIZE}"),
        ("numbers", f"the 2nd move, 0 3, {_SIZE}"),
        ("reasoning-gym", f"the 1st move, Move disk 2 from Peg 1 to Peg 4, {_TOP.format(1)}"),
        ("moves-list", f"the 1st move, [2, 0, 3], {_TOP.format(0)}"),
    ],
)
def test_on_four_pegs_the_detail_quotes_the_move_as_the_answer_wrote_it(notation, detail):
    instance = generate(seed=1, count=1, families=["frame-stewart"], pegs=(4, 4), disks=(2, 2),
                        tasks=["solve"], notations=[notation])[0]  # fmt: skip
    answer = NOTATIONS[notation].format([Move(2, 0, 3), Move(1, 0, 3)], 4)
    result = score(answer, instance)
    assert result.outcome is Outcome.ILLEGAL_MOVE
    assert result.detail == detail


def _final_statement_of_every_line(region: str) -> str:
    """The final statement as defined: the last non-empty line of all (or its last sentence)."""
    import re

    from hanoi_magnet.evaluation._outcome import _MARKUP

    for line in reversed(region.splitlines()):
        text = line.translate(_MARKUP).strip()
        if text:
            sentences = re.split(r"(?<=[.!?])\s+", text)
            return sentences[-1] if len(sentences) > 1 and len(text) > 80 else text
    return ""


@pytest.mark.parametrize("seed", range(40))
def test_the_final_statement_is_found_in_the_tail_as_in_the_whole_text(seed):
    """Either side of the 4,096-character tail first looked at (and of each longer one): the
    last non-empty line, whatever ends the lines (every separator str.splitlines knows, a
    carriage return and line feed split across the tail's edge) and however many blank or
    markup-only lines follow it."""
    from hanoi_magnet.evaluation._outcome import _TAIL, final_statement

    rng = random.Random(seed)
    breaks = ["\n", "\r\n", "\r", "\v", "\f", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"]
    for size in (_TAIL - 1, _TAIL, _TAIL + 1, 4 * _TAIL - 1, 4 * _TAIL + 1, 16 * _TAIL + 7):
        last = rng.choice(["UNSOLVABLE", "Just kidding.", "A->C", "x" * rng.randint(1, 90)])
        after = "".join(
            rng.choice([" ", "**", "`", "\t", *breaks]) for _ in range(rng.randint(0, 9))
        )
        cut = size - len(after) - len(last)
        for at in (cut, cut - 1, cut + 1):  # the last line starting across the tail's edge
            head = "".join(rng.choice(["ab ", "c. ", *breaks]) for _ in range(max(at, 0) // 3))
            region = f"{head}{rng.choice(breaks)}{last}{after}"
            assert final_statement(region) == _final_statement_of_every_line(region), (size, at)
        blank = rng.choice(breaks) * size  # nothing said in the tail, nor before
        assert final_statement(blank) == "" == _final_statement_of_every_line(blank)
        assert final_statement(f"Done.{blank}") == "Done."
