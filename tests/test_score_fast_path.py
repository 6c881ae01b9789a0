"""The short path of :func:`score` for answers made only of exact reasoning-gym lines.

Issue 27 item 3: such answers are read with one regular expression and one lookup per distinct
line, and replayed by a plain loop, instead of the general reader and the validator. The score
must be the very same, reading report included: every answer below is scored with the short
path and with the general path forced on (``_score._FAST`` off), and the two compared field by
field and as JSON values. The answers: the hand-written reading corpus, every corruption of the
reasoning-gym comparison corpus, answers generated for every family and task, and solutions of
10^4 to 10^5 moves, correct and broken.
"""

from __future__ import annotations

import contextlib
import json
import random

import pytest

from hanoi_magnet import InvalidArgumentError, Move, NotationError, solve, validate
from hanoi_magnet.evaluation import (
    Instance,
    _gym,
    _rg_reward,
    _score,
    from_reasoning_gym,
    generate,
    optimal_moves,
    score,
)
from hanoi_magnet.model import post_name
from hanoi_magnet.notation import NOTATIONS, extract_moves
from tests.test_outcomes_gym import _CORRUPTIONS, _corrupt
from tests.test_reading import ENTRIES

GYM = NOTATIONS["reasoning-gym"]


def _entry(n: int, pegs: int, start: int, target: int) -> Instance:
    metadata = {"source_index": 0, "num_disks": n, "num_pegs": pegs, "start_peg": start,
                "target_peg": target}  # fmt: skip
    return from_reasoning_gym({"question": "Solve it.", "metadata": metadata})


def _both(answer: str, instance: Instance, monkeypatch: pytest.MonkeyPatch) -> tuple[dict, bool]:
    """Score ``answer`` both ways; they must agree. Returns the score and whether it was short."""
    short = _score.clean_read(answer, instance.posts) is not None
    fast = score(answer, instance)
    with monkeypatch.context() as patch:
        patch.setattr(_score, "_FAST", False)
        general = score(answer, instance)
    assert fast == general, answer[:200]
    assert fast.reading == general.reading
    as_json = json.dumps(fast.to_dict(), sort_keys=True)
    assert as_json == json.dumps(general.to_dict(), sort_keys=True), answer[:200]
    _check_replay(general.reading, instance)
    return fast.to_dict(), short


#: How many readings the plain replay took (not None), and how many it left to the validator.
REPLAYED = {True: 0, False: 0}


def _check_replay(found: object, instance: Instance) -> None:
    """The plain replay of a reading (and of its rivals) reports what the validator reports."""
    readings = [] if found is None else [found, *getattr(found, "alternatives", ())]
    for reading in readings:
        moves = reading.moves
        report = validate(moves, instance.rules, start=instance.start, goal=instance.goal)
        replayed = _score._replayed(moves, instance)
        REPLAYED[replayed is not None] += 1
        assert replayed is None or replayed == report


def _answers(moves: list[Move], posts: int, rng: random.Random) -> list[str]:
    """A correct answer in reasoning-gym's notation and its corruptions."""
    lines = GYM.format(moves, posts).splitlines()
    if not lines:
        return ["", "\n", "Move disk 1 from Peg 1 to Peg 2"]
    answers = ["\n".join(lines), "\n".join(lines) + "\n"]
    answers += [_corrupt(kind, lines, posts, rng) for kind in _CORRUPTIONS]
    return answers


def _instances() -> list[tuple[Instance, list[Move]]]:
    """Instances asked in reasoning-gym's notation, each with a correct answer's moves."""
    found = []
    for n, pegs, start, target in ((1, 3, 1, 3), (3, 3, 1, 3), (3, 4, 3, 1), (4, 5, 2, 4),
                                   (2, 3, 2, 2)):  # fmt: skip
        instance = _entry(n, pegs, start, target)
        moves = optimal_moves(instance.rules, instance.start, instance.goal)
        found.append((instance, list(moves)))
    for instance in generate(5, 60, templates=["reasoning-gym"], disks=(1, 4), unsolvable=0.2):
        if instance.unsolvable is not None:
            found.append((instance, [Move(1, 0, 1)]))
        elif instance.expected is not None:
            found.append((instance, list(instance.expected)))
        else:
            found.append((instance, list(solve(instance.variant or "classic", instance.n))))
    return found


def test_generated_answers_score_the_same_on_both_paths(monkeypatch):
    """Clean, mixed and corrupted answers to every family and task: the same score both ways,
    and the short path taken for clean answers of every kind of instance."""
    rng = random.Random(3)
    taken = set()
    outcomes = set()
    for instance, moves in _instances():
        for answer in _answers(moves, instance.posts, rng):
            result, short = _both(answer, instance, monkeypatch)
            outcomes.add((short, result["outcome"]))
            if short:
                taken.add((instance.family, instance.task.value))
    shown = {outcome for short, outcome in outcomes if short}
    assert {"solved-optimally", "illegal-move", "unsolved", "moves-for-unsolvable"} <= shown
    assert any(not short for short, _ in outcomes)
    assert {("classic", "solve"), ("classic", "continue"), ("magnetic", "solve")} <= taken


def test_the_reading_corpus_scores_the_same_on_both_paths(monkeypatch):
    """Every hand-written answer of the reading corpus, against three reasoning-gym instances."""
    instances = [_entry(3, 3, 1, 3), _entry(3, 4, 1, 2), _entry(2, 3, 3, 1)]
    short = 0
    for entry in ENTRIES.values():
        for instance in instances:
            short += _both(entry["text"], instance, monkeypatch)[1]
    assert short >= 3  # the corpus's plain reasoning-gym answers took the short path


def test_the_reasoning_gym_corpus_scores_the_same_on_both_paths(monkeypatch):
    """The corpus the reward is compared on against reasoning-gym itself (item 4)."""
    from tests.test_outcomes_gym import _corpus

    instances: dict[int, Instance] = {}
    short = 0
    for entry, answer in _corpus(1200):
        key = entry["metadata"]["source_index"]
        instance = instances.get(key) or instances.setdefault(key, from_reasoning_gym(entry))
        short += _both(answer, instance, monkeypatch)[1]
    assert short >= 100


def test_long_answers_score_the_same_on_both_paths(monkeypatch):
    """16,383 moves: correct, cut short, one move too many, a move broken late, and the goal
    reached then left (the goal index is the first arrival)."""
    n = 14
    instance = _entry(n, 3, 1, 3)
    lines = GYM.format(solve("classic", n), 3).splitlines()
    late = list(lines)
    late[-3] = late[-3].replace("Peg 1", "Peg 9").replace("Peg 2", "Peg 9")
    answers = {
        "correct": "\n".join(lines) + "\n",
        "short": "\n".join(lines[:-1]),
        "longer": "\n".join([*lines, _back(lines[-1])]),
        "illegal late": "\n".join([*lines[:-2], lines[-1], lines[-2]]),
        "peg out of range late": "\n".join(late),
        "left the goal": "\n".join([*lines, _back(lines[-1]), lines[-1]]),
    }
    outcomes = {}
    for name, answer in answers.items():
        result, short = _both(answer, instance, monkeypatch)
        assert short is (name != "peg out of range late")
        outcomes[name] = (result["outcome"], result["goal_index"], result["valid_prefix"])
    length = len(lines)
    assert outcomes["correct"] == ("solved-optimally", length, length)
    assert outcomes["short"][0] == "unsolved"
    assert outcomes["longer"] == ("unsolved", length, length + 1)
    assert outcomes["illegal late"][0] == "illegal-move"
    assert outcomes["left the goal"] == ("solved", length, length + 2)


def test_answers_of_100000_moves_score_the_same_on_both_paths(monkeypatch):
    """The first 100,000 moves of 17 disks (3.2 MB), as they are and with the 99,999th move
    broken."""
    instance = _entry(17, 3, 1, 3)
    lines = GYM.format(solve("classic", 17).iter_from(0), 3).splitlines()[:100_000]
    broken = [*lines[:-2], lines[-1], lines[-2]]
    whole, short = _both("\n".join(lines), instance, monkeypatch)
    assert short
    assert (whole["outcome"], whole["valid_prefix"]) == ("unsolved", 100_000)
    cut, short = _both("\n".join(broken), instance, monkeypatch)
    assert short
    assert (cut["outcome"], cut["valid_prefix"]) == ("illegal-move", 99_998)


def _back(line: str) -> str:
    """The move undoing a reasoning-gym line."""
    words = line.split()
    words[5], words[8] = words[8], words[5]
    return " ".join(words)


def test_the_short_replay_reports_what_validate_reports():
    """The plain loop against the validator, on legal prefixes of every length (the goal
    reached, left and reached again, a tower already there at the start); it gives up (None)
    on an illegal move and on rules that are not classic, leaving them to the validator."""
    instance = _entry(3, 3, 1, 3)
    moves = list(solve("classic", 3))
    there_and_back = [*moves, Move(1, 2, 0), Move(1, 0, 2)]
    for prefix in range(len(there_and_back) + 1):
        chosen = tuple(there_and_back[:prefix])
        report = validate(chosen, instance.rules, start=instance.start, goal=instance.goal)
        assert _score._replayed(chosen, instance) == report
    at_goal = _entry(2, 3, 2, 2)
    for chosen in ((), (Move(1, 1, 0),), (Move(1, 1, 0), Move(1, 0, 1))):
        report = validate(chosen, at_goal.rules, start=at_goal.start, goal=at_goal.goal)
        assert _score._replayed(chosen, at_goal) == report
        assert report.goal_index == 0
    for illegal in ((Move(2, 0, 1),), (Move(1, 0, 0),), (Move(1, 1, 2),),
                    (Move(1, 0, 1), Move(2, 0, 1))):  # fmt: skip
        assert validate(illegal, instance.rules, start=instance.start).error is not None
        assert _score._replayed(illegal, instance) is None
    magnetic = next(i for i in generate(5, 40, templates=["reasoning-gym"]) if i.rules.magnetic)
    assert _score._replayed((), magnetic) is None
    four = _entry(2, 4, 1, 4)
    for other in (((0, 2),), (Move(1, 0, 1), (0, 2)), (Move(1, 0, 4),), (Move(1, 4, 0),)):
        assert _score._replayed(other, four) is None  # pairs and missing posts: the validator's
    assert _score._replayed((Move(1, 0, 3),), four) == validate(
        (Move(1, 0, 3),), four.rules, start=four.start, goal=four.goal
    )


def test_the_plain_replay_was_checked_on_both_sides():
    """The corpora above reached the plain replay both where it answers and where it gives up
    (run after them; alone, or with them spread over workers, it checks a corpus of its own)."""
    if REPLAYED[True] < 10 or REPLAYED[False] < 10:
        instance = _entry(3, 3, 1, 3)
        for entry in ENTRIES.values():
            with contextlib.suppress(NotationError):
                _check_replay(extract_moves(entry["text"], posts=3), instance)
    assert REPLAYED[True] >= 10
    assert REPLAYED[False] >= 10


def test_the_line_cache_gives_the_same_moves_on_both_sides_of_its_size(monkeypatch):
    """Fewer distinct lines than the cache keeps, more than it has room left for (it starts
    over), and more than it keeps at all (the answer's own table): the same moves each time."""
    answer = GYM.format(solve("classic:4", 5), 4)
    distinct = len(set(answer.splitlines()))
    expected = tuple(
        Move(int(w[2]), int(w[5]) - 1, int(w[8]) - 1) for w in map(str.split, answer.splitlines())
    )
    for kept in (distinct + 5, distinct, distinct - 1, 2):
        monkeypatch.setattr(
            _rg_reward, "_LINE_MOVES", {"Move disk 1 from Peg 1 to Peg 2": Move(1, 0, 1)}
        )
        monkeypatch.setattr(_rg_reward, "_LINE_TOPS", {"Move disk 1 from Peg 1 to Peg 2": 2})
        monkeypatch.setattr(_rg_reward, "_LINES_KEPT", kept)
        assert _score.clean_read(answer, 4) == expected
        assert _score.clean_read(answer, 4) == expected  # read again, from the cache
        assert len(_rg_reward._LINE_MOVES) <= max(kept, 1)
        assert _score.clean_read(answer, 3) is None  # peg 4 on three pegs: the reader's case


class _Emptied(dict):
    """A shared table that another thread empties while an answer is being looked up."""

    def __getitem__(self, key):
        self.clear()
        raise KeyError(key)


def test_a_line_table_emptied_meanwhile_gives_the_same_moves(monkeypatch):
    answer = GYM.format(solve("classic", 4), 3)
    expected = _score.clean_read(answer, 3)
    monkeypatch.setattr(_rg_reward, "_LINE_MOVES", _Emptied())
    assert _score.clean_read(answer, 3) == expected
    monkeypatch.setattr(_rg_reward, "_LINE_TOPS", _Emptied())
    assert _score.clean_read(answer, 3) == expected


def test_the_size_limit_of_the_short_path_changes_nothing(monkeypatch):
    """An answer just within and just beyond the short path's limit: the same score."""
    instance = _entry(4, 3, 1, 3)
    answer = GYM.format(solve("classic", 4), 3)
    scores = []
    for limit in (len(answer), len(answer) - 1):
        monkeypatch.setattr(_gym, "_CLEAN_LIMIT", limit)
        result, short = _both(answer, instance, monkeypatch)
        assert short is (limit == len(answer))
        scores.append(result)
    assert scores[0] == scores[1]


def test_a_move_is_written_as_post_name_names_its_posts():
    """Move.format names its posts without checking them again (they are ints already): the
    same text as post_name's, on three posts (letters) and on others (numbers), posts the
    puzzle lacks included; a bad ``posts`` is still refused."""
    for posts in (1, 2, 3, 4, 5):
        for source in range(7):
            for target in range(7):
                move = Move(3, source, target)
                named = f"3: {post_name(source, posts)} -> {post_name(target, posts)}"
                assert move.format(posts) == named
    assert str(Move(1, 0, 2)) == "1: S -> D"
    assert str(Move(1, 0, 3)) == "1: 0 -> 3"
    for bad in (0, -1, True, 3.0, "3"):
        with pytest.raises(InvalidArgumentError):
            Move(1, 0, 2).format(bad)  # type: ignore[arg-type]
