"""An independent breadth-first search over the real state graph, for proving optimality.

It knows nothing of plans or solvers: it asks the rules objects for the legal moves of each
position and applies them, so a disagreement with the engine is a bug in one of the two.
"""

from __future__ import annotations

import itertools
import random
from collections import deque
from itertools import product

from hanoi_magnet import Color, Rules, State

_COLORS = (Color.RED, Color.BLUE)


def bfs_distance(rules: Rules, start: State, goal: State) -> int | None:
    """The length of a shortest legal path from start to goal, or None if there is none."""
    if start == goal:
        return 0
    seen = {start.code}
    frontier = deque([(start, 0)])
    goal_code = goal.code
    while frontier:
        state, distance = frontier.popleft()
        for move in rules.legal_moves(state):
            after = rules.apply(state, move)
            code = after.code
            if code == goal_code:
                return distance + 1
            if code not in seen:
                seen.add(code)
                frontier.append((after, distance + 1))
    return None


def reachable_states(rules: Rules, start: State) -> set[int]:
    """The codes of every position reachable from start."""
    seen = {start.code}
    frontier = deque([start])
    while frontier:
        state = frontier.popleft()
        for move in rules.legal_moves(state):
            after = rules.apply(state, move)
            if after.code not in seen:
                seen.add(after.code)
                frontier.append(after)
    return seen


def bfs_geodesics(rules: Rules, start: State) -> dict[int, tuple[int, int]]:
    """For every position reachable from start (by code): its distance and the number of
    distinct shortest move sequences that reach it.

    Two different moves from one position lead to different positions, so counting shortest
    paths in the position graph counts shortest move sequences.
    """
    found = {start.code: (0, 1)}
    layer = [start]
    depth = 0
    while layer:
        depth += 1
        counts: dict[int, int] = {}
        states: dict[int, State] = {}
        for state in layer:
            ways = found[state.code][1]
            for move in rules.legal_moves(state):
                after = rules.apply(state, move)
                code = after.code
                if code in found:
                    continue  # reached at a smaller depth
                counts[code] = counts.get(code, 0) + ways
                states[code] = after
        for code, ways in counts.items():
            found[code] = (depth, ways)
        layer = list(states.values())
    return found


def legal_positions(rules: Rules, n: int) -> list[State]:
    """Every position of n disks the rules accept (rules.check_state), in a fixed order."""
    found: dict[State, None] = {}  # ordered, without repeats
    for where in itertools.product(range(rules.posts), repeat=n):
        stacks = [[d for d in range(n, 0, -1) if where[d - 1] == p] for p in range(rules.posts)]
        if not rules.magnetic:
            found[State(stacks)] = None
            continue
        # one colour per post (a colour chosen for an empty post shows nowhere)
        for shown in itertools.product(_COLORS, repeat=rules.posts):
            state = State(stacks, [shown[where[d - 1]] for d in range(1, n + 1)])
            if rules.is_legal_state(state):
                found[state] = None
    return list(found)


def random_legal_position(rules: Rules, n: int, rng: random.Random) -> State:
    """A random legal position: a post per disk and, for magnetic rules, a colour per stack
    (the post's own colour if it has one)."""
    where = [rng.randrange(rules.posts) for _ in range(n)]
    stacks = [[d for d in range(n, 0, -1) if where[d - 1] == p] for p in range(rules.posts)]
    faces = None
    if rules.magnetic:
        colours = getattr(rules, "post_colors")  # noqa: B009 (Rules has no post_colors)
        shown = [c if c is not None else rng.choice(_COLORS) for c in colours]
        faces = [shown[where[d - 1]] for d in range(1, n + 1)]
    state = State(stacks, faces)
    assert rules.is_legal_state(state), state
    return state


class PositionGraph:
    """Every legal position of n disks and, for each, the positions one legal move away (as
    indices), built once by asking the rules object; then breadth-first searches are cheap."""

    def __init__(self, rules: Rules, n: int) -> None:
        self.states = legal_positions(rules, n)
        index = {state: i for i, state in enumerate(self.states)}
        self.successors = [
            [index[rules.apply(state, move)] for move in rules.legal_moves(state)]
            for state in self.states
        ]

    def geodesics(self, source: int) -> list[tuple[int, int] | None]:
        """For every position (by index): its distance from source and the number of shortest
        paths to it, or None if it cannot be reached."""
        found: list[tuple[int, int] | None] = [None] * len(self.states)
        found[source] = (0, 1)
        layer = [source]
        depth = 0
        while layer:
            depth += 1
            ways: dict[int, int] = {}
            for node in layer:
                reached = found[node]
                assert reached is not None
                for after in self.successors[node]:
                    if found[after] is None:
                        ways[after] = ways.get(after, 0) + reached[1]
            for node, count in ways.items():
                found[node] = (depth, count)
            layer = list(ways)
        return found


def bfs_layers(rules: Rules, start: State) -> list[list[State]]:
    """The positions at each distance from start (layer 0 is [start]), in discovery order."""
    seen = {start.code}
    layers = [[start]]
    while True:
        found = []
        for state in layers[-1]:
            for move in rules.legal_moves(state):
                after = rules.apply(state, move)
                if after.code not in seen:
                    seen.add(after.code)
                    found.append(after)
        if not found:
            return layers
        layers.append(found)


def all_states(rules: Rules, n: int) -> list[State]:
    """Every legal position of n disks: each placement, with each allowed face per stack."""
    posts = rules.posts
    states = []
    for where in product(range(posts), repeat=n):
        stacks = [[d for d in range(n, 0, -1) if where[d - 1] == p] for p in range(posts)]
        if not rules.magnetic:
            states.append(State(stacks))
            continue
        options = [
            [None] if not stacks[p] else [c] if (c := rules.post_colors[p]) else list(Color)
            for p in range(posts)
        ]
        for shown in product(*options):
            faces = [shown[where[d - 1]] for d in range(1, n + 1)]
            states.append(State(stacks, faces=faces))
    return states
