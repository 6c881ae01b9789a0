"""The ``prefix`` reward (progress toward the goal): computed when read, and without a search
when the legal moves follow the library's plan.

On four posts or more the distance left from where the moves stop takes a search. A scorer's
user who reads another reward does not pay it (:class:`Score.rewards` computes ``prefix`` when
first read); and where the legal moves are the first moves of the optimal plan between two
towers, what is left is the optimum less their number, with no search. Both are checked here
against the plain computation: every prefix of the plan, and walks that leave it, on three to
five pegs, towers on every pair of pegs.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanoi_magnet import ClassicRules, Move, State, validate
from hanoi_magnet.evaluation import Instance, Task, _verdict, score
from hanoi_magnet.evaluation._optimum import plan_pairs
from hanoi_magnet.notation import NOTATIONS
from hanoi_magnet.search import distance


def _instance(posts: int, n: int, source: int, target: int) -> Instance:
    rules = ClassicRules(posts)
    start, goal = State.tower(n, source, posts=posts), State.tower(n, target, posts=posts)
    label = "classic" if posts == 3 else f"classic:{posts}"
    return Instance(
        id="progress", task=Task.SOLVE, family="test", variant=label, rules=rules, n=n,
        start=start, goal=goal, notation="moves-list", template="plain", prompt="",
        optimum=distance(rules, start, goal), proven=posts <= 4,
    )  # fmt: skip


def _answer(instance: Instance, pairs: list[tuple[int, int]]) -> str:
    stacks = [list(peg) for peg in instance.start.posts]
    moves = []
    for source, target in pairs:
        disk = stacks[source].pop() if stacks[source] else 1
        stacks[target].append(disk)
        moves.append(Move(disk, source, target))
    return NOTATIONS["moves-list"].format(moves, instance.posts)


def _plain_progress(instance: Instance, answer: str) -> float:
    """The progress computed with the search, never the plan's shortcut."""
    original = _verdict._on_the_plan
    _verdict._on_the_plan = lambda *_: False
    try:
        return score(answer, instance).rewards["prefix"]
    finally:
        _verdict._on_the_plan = original


TOWERS = [
    (posts, n, source, target)
    for posts, n in ((3, 4), (4, 4), (4, 6), (5, 5))
    for source, target in itertools.permutations(range(posts), 2)
]


@pytest.mark.parametrize(("posts", "n", "source", "target"), TOWERS)
def test_the_plan_between_any_two_towers_is_an_optimal_path(posts, n, source, target):
    instance = _instance(posts, n, source, target)
    pairs = list(plan_pairs(instance.rules, instance.start, instance.goal))
    report = validate(pairs, instance.rules, start=instance.start, goal=instance.goal)
    assert report.error is None and report.solved
    assert len(pairs) == instance.optimum


@pytest.mark.parametrize(("posts", "n", "source", "target"), TOWERS[::3])
def test_every_prefix_of_the_plan_earns_the_progress_the_search_gives(posts, n, source, target):
    instance = _instance(posts, n, source, target)
    pairs = list(plan_pairs(instance.rules, instance.start, instance.goal))
    for k in range(1, len(pairs)):
        answer = _answer(instance, pairs[:k])
        assert score(answer, instance).rewards["prefix"] == k / instance.optimum
        assert _plain_progress(instance, answer) == k / instance.optimum


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(TOWERS), st.data())
def test_walks_that_leave_the_plan_earn_what_the_search_gives(towers, data):
    instance = _instance(*towers)
    pairs = list(plan_pairs(instance.rules, instance.start, instance.goal))
    k = data.draw(st.integers(0, len(pairs) - 1))
    walk = pairs[:k]
    stacks = [list(peg) for peg in instance.start.posts]
    for source, target in walk:
        stacks[target].append(stacks[source].pop())
    for _ in range(data.draw(st.integers(1, 4))):  # then legal moves of any kind
        legal = [
            (a, b)
            for a, b in itertools.permutations(range(instance.posts), 2)
            if stacks[a] and (not stacks[b] or stacks[b][-1] > stacks[a][-1])
        ]
        a, b = data.draw(st.sampled_from(legal))
        stacks[b].append(stacks[a].pop())
        walk.append((a, b))
    answer = _answer(instance, walk)
    assert score(answer, instance).rewards["prefix"] == _plain_progress(instance, answer)


def test_prefix_is_computed_once_and_only_when_read(monkeypatch):
    instance = _instance(4, 5, 0, 3)
    answer = _answer(instance, [(0, 1), (1, 0), (0, 2)])  # off the plan: a search
    calls = []
    original = _verdict._progress

    def counted(*args):
        calls.append(args)
        return original(*args)

    monkeypatch.setattr(_verdict, "_progress", counted)
    result = score(answer, instance)
    assert result.rewards["graded"] == 0.05 and calls == []
    first = result.rewards["prefix"]
    assert result.rewards["prefix"] == first and len(calls) == 1
    assert list(result.rewards) == ["reasoning_gym", "prefix", "solved", "optimal", "graded",
                                    "strict"]  # fmt: skip
    assert dict(result.rewards) == {**result.rewards} and len(result.rewards) == 6
    assert repr(result.rewards) == repr(dict(result.rewards))
    assert result.rewards == dict(result.rewards)
    with pytest.raises(KeyError):
        result.rewards["nothing"]
