"""Distances, shortest paths and their numbers between any two positions, by the best method.

Three posts, any rules (classic with any directions, magnetic with any post colours and
directions): exactly, in O(n) steps, level by level (:mod:`hanoi_magnet._engine.chains`).
Four or more posts: bidirectional breadth-first search, within ``max_states``.
"""

from __future__ import annotations

from hanoi_magnet import _arcs
from hanoi_magnet._engine.chains import Chains
from hanoi_magnet._engine.table import table_of
from hanoi_magnet._engine.towers import Problem, rules_key, solves, tower_table
from hanoi_magnet._path import Path, three_post_path, tower_of, unreachable
from hanoi_magnet.errors import HanoiError, InvalidArgumentError, UnreachableError
from hanoi_magnet.model import State
from hanoi_magnet.plans import PlanSolver
from hanoi_magnet.registry import default_registry
from hanoi_magnet.rules import ClassicRules, MagneticRules, Rules
from hanoi_magnet.search import _bidirectional
from hanoi_magnet.search._bidirectional import DEFAULT_MAX_STATES, _every_direction
from hanoi_magnet.search._classic import classic_distance
from hanoi_magnet.search._exhaustive.engines import Engine
from hanoi_magnet.search._exhaustive.progress import ProgressCallback
from hanoi_magnet.search._paths import ShortestPath
from hanoi_magnet.solvers._frame_stewart import frame_stewart_length
from hanoi_magnet.variants import Variant

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
    a second). Between two towers (every disk on one post, showing one face) on three posts
    under any rules: the length of the tower problem's optimal plan, by its recurrence in
    closed form (milliseconds at a hundred thousand disks); between two towers of the classic
    four-peg puzzle, the Frame–Stewart number, proven optimal (Bousch 2014). On three posts,
    for any other rules and positions, exactly in O(n) steps (big-integer arithmetic) for any
    number of disks: whenever the largest disk moves, every smaller disk stands as one tower on
    the third post, so the distance is a shortest path through a small graph of such moves and
    tower transfers, level by level (see :doc:`/distances`). On more
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
    known = known_distance(rules, start, goal)
    if known is not None:
        return known
    if rules.posts != 3:
        return _bidirectional.distance(
            rules, start, goal, max_states=max_states, engine=engine, progress=progress
        )
    chains = Chains(rules, start, goal, record=False, counting=False)
    if chains.distance is None:
        raise UnreachableError(unreachable(rules, start, goal, chains))
    return chains.distance


def known_distance(rules: Rules, start: State, goal: State) -> int | None:
    """The distance when a formula gives it at once; None when it takes a search or the chains.

    The one place that decides which distances need no search (:func:`distance` asks it
    first, and so do the commands, before they refuse a search as too large):

    * classic rules on three posts, every direction: Hinz's closed form, any positions;
    * two towers on three posts, any rules: the length of the tower problem's optimal plan
      (:mod:`hanoi_magnet._engine.towers`, derived from the rules, never a plugin's plan),
      when the problem is solvable with this many disks;
    * two towers on different pegs of the classic four-peg puzzle, every direction: the
      Frame–Stewart number, optimal (T. Bousch, "La quatrième tour de Hanoï", Bull. Belg.
      Math. Soc. Simon Stevin 21, 2014); on more pegs optimality is only conjectured.

    The positions must be legal and of the same number of disks (:func:`distance` checks).

    Example:
        >>> from hanoi_magnet import ClassicRules, State
        >>> from hanoi_magnet.search._queries import known_distance
        >>> known_distance(ClassicRules(4), State.tower(20, posts=4), State.tower(20, 3, posts=4))
        289
        >>> known_distance(ClassicRules(5), State.tower(20, posts=5), State.tower(20, 4, posts=5))
    """
    if isinstance(rules, ClassicRules) and _every_direction(rules):
        if rules.pegs == 3:
            return classic_distance(start, goal)  # Hinz's closed form: no search at all
        if rules.pegs == 4:
            a, b = _tower(start), _tower(goal)
            if a is not None and b is not None:
                return 0 if a[0] == b[0] else frame_stewart_length(start.n, 4)
        return None
    if rules.posts != 3 or not isinstance(rules, (ClassicRules, MagneticRules)):
        return None
    a, b = _tower(start), _tower(goal)
    if a is None or b is None:
        return None
    if a == b:
        return 0
    registered = _registered_length(rules, start, goal)
    if registered is not None:
        return registered
    colours, arcs = rules_key(rules)
    found = tower_table(Problem(colours, arcs, a[0], a[1], b[0], b[1]))
    n = start.n
    if found is None or not solves(found[0], n):
        return None  # unsolvable at this size: the chains say why
    return table_of(found[0]).length(n)


def _registered_length(
    rules: ClassicRules | MagneticRules, start: State, goal: State
) -> int | None:
    """A built-in variant's own start and goal under exactly these rules: its solver's length.

    The built-in three-post plans are optimal (checked against breadth-first search); their
    tables are ready at once, where deriving a tower problem's own plan takes a moment.
    """
    solver = _registered_solver(rules, start, goal)
    return None if solver is None else table_of(solver).length(start.n)


def _registered_solver(rules: Rules, start: State, goal: State) -> type[PlanSolver] | None:
    """The built-in solver whose variant is exactly these rules, start and goal, if any."""
    if not isinstance(rules, (ClassicRules, MagneticRules)) or rules.posts != 3:
        return None
    if isinstance(rules, MagneticRules):
        if rules.allowed is not None:
            return None
        label = rules.label
    else:
        label = "arcs:" + _arcs.spell(frozenset(rules.allowed or ()))
    try:
        solver = default_registry.get(label)
    except HanoiError:
        return None
    if not str(getattr(solver, "__module__", "")).startswith("hanoi_magnet."):
        return None  # a plugin's plan: its optimality is its own claim
    variant: Variant = solver.variant
    n = start.n
    if not issubclass(solver, PlanSolver):
        return None
    if not solver.solvable or variant.rules != rules:
        return None
    if start != variant.start(n) or goal != variant.goal(n):
        return None
    return solver


def _tower(state: State) -> tuple[int, int] | None:
    """The post and face bit (-1 without faces) of a tower of n >= 1 disks; else None."""
    return tower_of(state)


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
    solver = _registered_solver(rules, start, goal)  # its own towers: the moves solve makes
    return three_post_path(rules, start, goal, plan=None if solver is None else table_of(solver))


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
