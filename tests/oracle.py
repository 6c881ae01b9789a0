"""An independent breadth-first search over the real state graph, for proving optimality.

It knows nothing of plans or solvers: it asks the rules objects for the legal moves of each
position and applies them, so a disagreement with the engine is a bug in one of the two.
"""

from __future__ import annotations

from collections import deque

from hanoi_magnet import Rules, State


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
