"""Distances, shortest paths and their numbers between any two positions, by the best method.

Three posts, any rules (classic with any directions, magnetic with any post colours and
directions): exactly, in O(n) steps, level by level (:mod:`hanoi_magnet._engine.chains`).
Four or more posts: bidirectional breadth-first search, within ``max_states``.
"""

from __future__ import annotations

from hanoi_magnet._engine.chains import Chains
from hanoi_magnet._path import Path, three_post_path, unreachable
from hanoi_magnet.errors import InvalidArgumentError, UnreachableError
from hanoi_magnet.model import State
from hanoi_magnet.rules import ClassicRules, Rules
from hanoi_magnet.search import _bidirectional
from hanoi_magnet.search._bidirectional import DEFAULT_MAX_STATES, _every_direction
from hanoi_magnet.search._classic import classic_distance
from hanoi_magnet.search._exhaustive.engines import Engine
from hanoi_magnet.search._exhaustive.progress import ProgressCallback
from hanoi_magnet.search._paths import ShortestPath

__all__ = ["distance", "geodesic_count", "shortest_path"]


def distance(
    rules: Rules,
    start: State,
    goal: State,
    *,
    max_states: int = DEFAULT_MAX_STATES,
    engine: Engine = "auto",
    progress: ProgressCallback | bool | None = None,
) -> int:
    """The least number of legal moves from ``start`` to ``goal``.

    Classic rules on three posts with every direction allowed: Hinz's closed form
    (:func:`~hanoi_magnet.search.classic_distance`), O(n) steps (a million disks in well under
    a second). On three posts, for any other rules, exactly in O(n) steps (big-integer
    arithmetic) for any number of disks: whenever the largest disk moves, every smaller disk
    stands as one tower on the third post, so the distance is a shortest path through a small
    graph of such moves and tower transfers, level by level (see :doc:`/distances`). On more
    posts, breadth-first search (:func:`shortest_path`), within ``max_states`` positions;
    ``engine`` and ``progress`` choose and follow that search (see :func:`shortest_path`) and
    have no effect on three posts, where nothing is searched. With numpy, rules whose moves can
    all be undone and a space too large for a visited bit per position are searched keeping
    only the last two layers of each side (*frontier search*, Korf 2004), in memory
    proportional to them.

    Raises:
        UnreachableError: no sequence of legal moves leads from ``start`` to ``goal`` (decided
            in O(n) steps too, on three posts).
        SearchLimitError: four or more posts and more than ``max_states`` positions to visit.
        InvalidArgumentError: a position is illegal under ``rules``, or the two differ in
            their disks or posts.

    Example:
        >>> from hanoi_magnet import ClassicRules, Color, MagneticRules, State
        >>> from hanoi_magnet.search import distance
        >>> distance(ClassicRules(), State.tower(40), State.tower(40, 2)) == 2**40 - 1
        True
        >>> distance(MagneticRules("RBB"), State.tower(4, face=Color.RED),
        ...          State.tower(4, 2, face=Color.BLUE))
        40
        >>> start = State([[3], [2, 1], []], faces="BBR")
        >>> distance(MagneticRules("NNN"), start, State([[], [], [3, 2, 1]], faces="BBB"))
        7
    """
    _bidirectional._checked(rules, start, goal, max_states)
    if rules.posts != 3:
        return _bidirectional.distance(
            rules, start, goal, max_states=max_states, engine=engine, progress=progress
        )
    if isinstance(rules, ClassicRules) and _every_direction(rules):
        return classic_distance(start, goal)  # Hinz's closed form: no search at all
    chains = Chains(rules, start, goal, record=False, counting=False)
    if chains.distance is None:
        raise UnreachableError(unreachable(rules, start, goal, chains))
    return chains.distance


def shortest_path(
    rules: Rules,
    start: State,
    goal: State,
    *,
    max_states: int = DEFAULT_MAX_STATES,
    engine: Engine = "auto",
    progress: ProgressCallback | bool | None = None,
) -> Path | ShortestPath:
    """A shortest sequence of legal moves from ``start`` to ``goal``.

    On three posts, for any rules, a :class:`Path`: a lazy sequence built in O(n) steps with
    everything a :class:`~hanoi_magnet.Solution` offers (exact length, moves, indexing and
    slices, :meth:`~hanoi_magnet.Solution.unrank` and :meth:`~hanoi_magnet.Solution.rank` in
    O(n) steps), for thousands of disks. On more posts, a :class:`ShortestPath` found by
    bidirectional breadth-first search, within ``max_states`` positions.

    Args:
        rules: the rules the moves must follow.
        start: the position to start from.
        goal: the position to reach.
        max_states: (four or more posts) the most positions the search may visit.
        engine: (four or more posts) ``"python"``, ``"numpy"`` (whole layers as array
            operations; ``pip install 'hanoi-magnet[search]'``) or ``"auto"``. Both find a
            shortest path; when there are several, they may find different ones.
        progress: (four or more posts) ``True`` for a progress line on standard error, or a
            callable that receives a :class:`~hanoi_magnet.search.SearchProgress` after every
            layer.

    Raises:
        UnreachableError: no sequence of legal moves leads from ``start`` to ``goal``.
        TooLargeError: three posts, and the path's recorded choices would take more than
            512 MiB (more than 209,715 disks; see :doc:`/distances`).
        SearchLimitError: four or more posts and more than ``max_states`` positions to visit.
        InvalidArgumentError: a position is illegal under ``rules``, or the two differ in
            their disks or posts.

    Example:
        >>> from hanoi_magnet import Color, MagneticRules, State
        >>> from hanoi_magnet.search import shortest_path
        >>> start = State.tower(2, 0, face=Color.RED)
        >>> path = shortest_path(MagneticRules("NNN"), start, State.tower(2, 2, face=Color.BLUE))
        >>> len(path), [str(move) for move in path]
        (4, ['1: S -> I', '2: S -> D', '1: I -> S', '1: S -> D'])
    """
    _bidirectional._checked(rules, start, goal, max_states)
    if rules.posts != 3:
        return _bidirectional.shortest_path(
            rules, start, goal, max_states=max_states, engine=engine, progress=progress
        )
    return three_post_path(rules, start, goal)


def geodesic_count(rules: Rules, start: State, goal: State) -> int:
    """How many distinct shortest move sequences lead from ``start`` to ``goal`` (three posts).

    Exact for any number of disks, counted level by level with the distances: an optimal
    path's macro structure (where the largest disk goes, where the smaller tower waits) times
    the number of optimal ways of each tower transfer. For the classic puzzle this answers
    Hinz's question of the pairs of positions with two shortest paths; 0 when the goal cannot
    be reached.

    Raises:
        InvalidArgumentError: not three posts, a position is illegal under ``rules``, or the
            two differ in their disks or posts.

    Example:
        >>> from hanoi_magnet import ClassicRules, State
        >>> from hanoi_magnet.search import geodesic_count
        >>> geodesic_count(ClassicRules(), State([[3], [], [2, 1]]), State([[], [3], [2, 1]]))
        1
        >>> # swap two disks: disk 1 out of the way either side of disk 2's move
        >>> geodesic_count(ClassicRules(), State([[2], [1], []]), State([[1], [2], []]))
        2
    """
    _bidirectional._checked(rules, start, goal, 1)
    if rules.posts != 3:
        raise InvalidArgumentError(
            f"geodesic_count answers for three posts; {rules!r} has {rules.posts}"
        )
    return Chains(rules, start, goal, record=False, counting=True).count
