"""Play mode's answers: a position's moves (legal or the rule they break), guidance, the graph.

:func:`position` says, for one position, what every pick-up-and-drop does (the position it
leads to, or the rule of :mod:`hanoi_magnet.validate` it breaks, in words), how many moves the
goal is away (exact in O(n) steps on three posts with :func:`hanoi_magnet.search.distance`; by
search within :data:`~hanoi_magnet.view.MAX_SEARCH_STATES` positions on more, and said so
beyond), and an optimal next move. :func:`graph` is the state graph of a small puzzle, laid out
by :meth:`hanoi_magnet.search.StateGraph.layout` (the Sierpinski triangle on three posts), with
every node's distance to the goal; an exported page plays from it without a server.
"""

from __future__ import annotations

import functools
from collections import deque
from typing import Any

from hanoi_magnet.errors import (
    IllegalMoveError,
    SearchLimitError,
    TooLargeError,
    UnreachableError,
)
from hanoi_magnet.model import Move, State, post_name
from hanoi_magnet.search import (
    distance,
    legal_state_count,
    remoteness,
    shortest_path,
    state_graph,
)
from hanoi_magnet.view._scene import (
    JSON,
    MAX_SEARCH_STATES,
    Start,
    checked_position,
    checked_variant,
    position_fields,
)

#: The most positions a state graph may have to be drawn beside the towers (above: a note).
MAX_GRAPH_NODES = 1100


def _refusal(error: IllegalMoveError) -> JSON:
    return {"rule": error.rule.value, "why": error.rule.describe(), "detail": error.detail}


def moves_of(rules: Any, state: State) -> list[JSON]:
    """Every pick-up-and-drop in ``state``: the position it leads to, or the rule it breaks."""
    posts = len(state.posts)
    found = []
    for source, stack in enumerate(state.posts):
        if not stack:
            continue
        for target in range(posts):
            if target == source:
                continue
            move = Move(stack[-1], source, target)
            entry: JSON = {
                "source": source,
                "target": target,
                "disk": stack[-1],
                "text": move.format(posts),
            }
            try:
                entry["next"] = rules.apply(state, move).format(compact=True)
            except IllegalMoveError as error:
                entry["next"] = None
                entry["refused"] = _refusal(error)
            found.append(entry)
    return found


def play_position(label: str, n: int, pos: Start = None, *, goal: Start = None) -> JSON:
    """One position in play: its picture's fields, its moves, its distance and a hint.

    Keys: those of :func:`~hanoi_magnet.view.frame`'s position (``pos``, ``state``, ``at``,
    ``faces``), ``goal`` (compact), ``moves`` (for every top disk and every other post:
    ``source``, ``target``, ``disk``, ``text``, and ``next``, the position it leads to, or None
    and ``refused``: the ``rule`` broken, ``why`` in words and the ``detail``), ``distance``
    (the least number of moves to the goal, a decimal string, or None), ``reason`` (why there
    is no distance: unreachable, or beyond the search's limit) and ``hint`` (an optimal next
    move, one of ``moves``, or None).

    Raises:
        InvalidArgumentError: beyond the viewer's limits, or a position is not a legal position
            of the variant with ``n`` disks.

    Example:
        >>> from hanoi_magnet.view import play_position
        >>> data = play_position("NNN", 3, "SSI/rrb")
        >>> data["distance"], data["hint"]["text"]
        ('10', '1: I -> D')
        >>> [m["refused"]["why"] for m in data["moves"] if m["next"] is None]
        ['a larger disk may not be placed on a smaller one']
        >>> rrr = play_position("RRR", 2)
        >>> rrr["moves"][0]["refused"]["why"]
        "a disk placed on an empty coloured post must show the post's colour"
    """
    variant = checked_variant(label, n)
    here = checked_position(variant, n, pos, "start") or variant.start(n)
    there = checked_position(variant, n, goal, "goal") or variant.goal(n)
    rules = variant.rules
    data: JSON = {**position_fields(here), "goal": there.format(compact=True)}
    data["moves"] = moves_of(rules, here)
    data["distance"] = None
    data["reason"] = None
    data["hint"] = None
    try:
        if variant.posts == 3:
            steps = distance(rules, here, there)
            first = None
            if steps:
                first = shortest_path(rules, here, there)[0]
        else:
            path = shortest_path(rules, here, there, max_states=MAX_SEARCH_STATES)
            steps = len(path)
            first = path[0] if steps else None
    except UnreachableError as error:
        data["reason"] = f"unreachable: {error}"
        return data
    except (SearchLimitError, TooLargeError) as error:
        data["reason"] = (
            f"beyond the viewer's search (at most {MAX_SEARCH_STATES:,} positions on "
            f"{variant.posts} posts): {error}"
        )
        return data
    data["distance"] = str(steps)
    if first is not None:
        data["hint"] = next(
            move
            for move in data["moves"]
            if move["source"] == first.source and move["target"] == first.target
        )
    return data


def graph_data(label: str, n: int, goal: Start = None, *, moves: bool = False) -> JSON:
    """The state graph of a small puzzle beside the towers: nodes laid out, edges, distances.

    Keys: ``size`` (the number of legal positions), ``limit`` (:data:`MAX_GRAPH_NODES`), and
    when ``size`` is at most the limit: ``nodes`` (``[x, y, compact]`` each, laid out by
    :meth:`~hanoi_magnet.search.StateGraph.layout`: the Sierpinski triangle on three posts),
    ``edges`` (``[a, b]``, from a to b when ``directed``), ``directed``, ``distance`` (each
    node's least number of moves to the goal, -1 when it cannot reach it) and ``goal`` (the
    goal's node); with ``moves``, also each node's moves as :func:`play_position` gives them and
    its picture's ``fields`` (an exported page plays from these). Above the limit, ``nodes`` is
    None and ``note`` says why; up to :data:`~hanoi_magnet.view.MAX_SEARCH_STATES` positions,
    the graph's layers instead: ``layers`` (how many positions are each number of moves from
    the goal, by :func:`hanoi_magnet.search.remoteness`) and ``unreached`` (how many cannot
    reach it).

    Example:
        >>> from hanoi_magnet.view import graph_data
        >>> data = graph_data("classic", 2)
        >>> data["size"], len(data["nodes"]), len(data["edges"]), data["distance"][0]
        (9, 9, 12, 3)
        >>> big = graph_data("NNN", 6)
        >>> big["nodes"], big["layers"][:4], len(big["layers"]), big["unreached"]
        (None, [1, 2, 4, 4], 465, 1080)
        >>> print(graph_data("NNN", 9)["note"])  # doctest: +NORMALIZE_WHITESPACE
        the state graph of 9 disks has 151,326 positions: too many to draw (up to 1,100) or to
        count by distance here (up to 50,000)
    """
    variant = checked_variant(label, n)
    there = checked_position(variant, n, goal, "goal") or variant.goal(n)
    rules = variant.rules
    size = legal_state_count(rules, n)
    if size > MAX_GRAPH_NODES:
        return _layers(variant.rules, n, there, size)
    built = state_graph(rules, n)
    states = list(built.states())
    layout = built.layout()
    edges = [[a, b] for a, b, _ in built.edges()]
    goal_node = built.node(there)
    behind: list[list[int]] = [[] for _ in states]  # who reaches each node in one move
    for a, b in edges:
        behind[b].append(a)
        if not built.directed:
            behind[a].append(b)
    far = [-1] * len(states)
    far[goal_node] = 0
    queue = deque([goal_node])
    while queue:
        node = queue.popleft()
        for other in behind[node]:
            if far[other] < 0:
                far[other] = far[node] + 1
                queue.append(other)
    data: JSON = {
        "size": size,
        "limit": MAX_GRAPH_NODES,
        "nodes": [
            [round(x, 4), round(y, 4), state.format(compact=True)]
            for (x, y), state in zip(layout, states, strict=True)
        ],
        "edges": edges,
        "directed": built.directed,
        "distance": far,
        "goal": goal_node,
        "posts": [post_name(post, variant.posts) for post in range(variant.posts)],
    }
    if moves:
        data["moves"] = [moves_of(rules, state) for state in states]
        data["fields"] = [position_fields(state) for state in states]
    return data


def _layers(rules: Any, n: int, goal: State, size: int) -> JSON:
    """A graph too large to draw: its layers by distance to the goal, or a note beyond that."""
    disks = f"{n:,} disk{'' if n == 1 else 's'}"
    if size > MAX_SEARCH_STATES:
        return {
            "size": size,
            "limit": MAX_GRAPH_NODES,
            "nodes": None,
            "note": f"the state graph of {disks} has {size:,} positions: too many to draw (up "
            f"to {MAX_GRAPH_NODES:,}) or to count by distance here (up to {MAX_SEARCH_STATES:,})",
        }
    counts = list(_layer_counts(rules, goal))
    return {
        "size": size,
        "limit": MAX_GRAPH_NODES,
        "nodes": None,
        "layers": counts,
        "unreached": size - sum(counts),
        "note": f"the state graph of {disks} has {size:,} positions: drawn up to "
        f"{MAX_GRAPH_NODES:,}; shown by distance to the goal",
    }


@functools.lru_cache(maxsize=16)
def _layer_counts(rules: Any, goal: State) -> tuple[int, ...]:
    """How many positions are each number of moves from ``goal`` (memoised).

    A page asks again whenever it loads or its ends change.
    """
    return remoteness(rules, goal).counts
