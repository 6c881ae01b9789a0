"""The ``strict`` reward: an answer written exactly as the asked notation writes its moves keeps it.

The class behind a CI failure: on four posts or more, ``1: 0 -> 3``, ``2: 1 -> 0``,
``3: 1 -> 2`` (the library notation, disks 1, 2, 3 moved one after the other) is read with
its labels as step numbers (see :doc:`/reading-answers`), and the reading's moves then name no
disks. The answer is still exactly what the notation writes for the moves it makes, so it keeps
to the notation: ``strict`` equals ``graded``. Proven here over every legal walk, the counting
ones drawn on purpose, in every notation that fits the posts.
"""

from __future__ import annotations

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from hanoi_magnet import ClassicRules, Move, State
from hanoi_magnet.evaluation import Instance, Task, score
from hanoi_magnet.notation import NOTATIONS
from hanoi_magnet.search import distance


def _tops(stacks: list[list[int]]) -> list[tuple[int, int]]:
    """The legal moves (source, target) of the classic rules from ``stacks``."""
    return [
        (source, target)
        for source, stack in enumerate(stacks)
        if stack
        for target, other in enumerate(stacks)
        if target != source and (not other or other[-1] > stack[-1])
    ]


@st.composite
def _walks(draw: st.DrawFn) -> tuple[State, list[Move]]:
    """A start on 3 to 6 posts and a legal walk from it; often disks 1, 2, 3... in order."""
    posts = draw(st.integers(3, 6))
    n = draw(st.integers(1, 6))
    home = draw(st.integers(0, posts - 1))
    stacks: list[list[int]] = [[] for _ in range(posts)]
    stacks[home] = list(range(n, 0, -1))
    start = State(tuple(tuple(stack) for stack in stacks))
    moves: list[Move] = []
    if draw(st.booleans()) and posts >= 4 and n >= 3:  # the counting class: disks 1, 2, 3, ...
        others = [post for post in range(posts) if post != home]
        for disk in range(1, min(n, len(others)) + 1):
            target = others[disk - 1]
            moves.append(Move(stacks[home].pop(), home, target))
            stacks[target].append(disk)
    else:
        for _ in range(draw(st.integers(1, 10))):
            source, target = draw(st.sampled_from(_tops(stacks)))
            disk = stacks[source].pop()
            stacks[target].append(disk)
            moves.append(Move(disk, source, target))
    return start, moves


def _goal(start: State, moves: list[Move]) -> State:
    stacks = [list(peg) for peg in start.posts]
    for move in moves:
        stacks[move.target].append(stacks[move.source].pop())
    return State(tuple(tuple(stack) for stack in stacks))


@settings(max_examples=300, deadline=None)
@given(_walks(), st.sampled_from(sorted(NOTATIONS)))
def test_an_answer_written_as_asked_keeps_its_strict_reward(walk, name):
    start, moves = walk
    notation = NOTATIONS[name]
    posts = len(start.posts)
    if not notation.pegs.fits(posts):
        notation = attrs.evolve(notation, pegs=type(notation.pegs).ZERO)
        if name not in ("library",):
            return  # the built-in notations that name pegs otherwise are for three posts
    goal = _goal(start, moves)
    if goal == start:
        return
    rules = ClassicRules(posts)
    instance = Instance(
        id="strict", task=Task.SOLVE, family="test", variant=f"classic:{posts}", rules=rules,
        n=start.n, start=start, goal=goal, notation=name, template="plain", prompt="",
        optimum=distance(rules, start, goal), proven=True,
    )  # fmt: skip
    answer = notation.format(moves, posts)
    result = score(answer, instance)
    assert result.solved, (answer, result.detail)
    assert result.reading is not None and result.reading.deviation is None, (
        answer,
        result.reading.deviation if result.reading else None,
    )
    assert result.rewards["strict"] == result.rewards["graded"]


def test_the_counting_answer_on_four_pegs_keeps_to_the_library_notation():
    """The CI failure itself: the reference answer of a four-peg instance earned strict 0.0."""
    start = State(((1,), (3, 2), (), ()))
    goal = State(((2,), (), (3,), (1,)))
    rules = ClassicRules(4)
    instance = Instance(
        id="32-1756", task=Task.SOLVE, family="frame-stewart", variant="classic:4", rules=rules,
        n=3, start=start, goal=goal, notation="library", template="plain", prompt="",
        optimum=3, proven=True,
    )  # fmt: skip
    answer = "1: 0 -> 3\n2: 1 -> 0\n3: 1 -> 2\n"
    result = score(answer, instance)
    assert result.rewards["strict"] == 1.0, result.reading
    # one written otherwise still departs from it, and says where
    spaced = score(answer.replace("\n2:", "\n2 :"), instance)
    assert spaced.rewards["strict"] == 0.0
    assert spaced.reading is not None
    assert spaced.reading.deviation == (
        "line 2 is '2 : 1 -> 0', notation 'library' writes '2: 1 -> 0'"
    )
