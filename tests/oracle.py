"""An independent breadth-first search over the real state graph, for proving optimality.

It knows nothing of plans or solvers: it asks the rules objects for the legal moves of each
position and applies them, so a disagreement with the engine is a bug in one of the two.
"""

from __future__ import annotations

from collections import deque
from itertools import product

from hanoi_magnet import Color, Rules, State


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
