"""The optimal number of moves of an instance, from the library's own answers.

Tower-to-tower puzzles of registered variants take their solution's length (exact for any n);
any other start or goal takes :func:`~hanoi_magnet.search.distance` — O(n) where the library has an
exact method, breadth-first search otherwise (bounded by ``max_states``). Optimal plans on three
posts are exact (Lunnon's and Levy's tables, derived by the macro-graph argument and checked
against search); on four pegs Frame–Stewart's count is optimal (Bousch, 2014); on five or more it
is only conjectured optimal. Each optimum says which.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from hanoi_magnet.errors import InvalidArgumentError, UnreachableError
from hanoi_magnet.model import Move, State, _integer
from hanoi_magnet.registry import default_registry, solve
from hanoi_magnet.rules import ClassicRules, Rules
from hanoi_magnet.search import DEFAULT_MAX_STATES, distance
from hanoi_magnet.search._bidirectional import _every_direction

#: How the proof of each kind of optimum is stated.
_PLAN = "the length of the optimal plan (three posts)"
_FOUR_PEGS = "Frame–Stewart's count, optimal on four pegs (Bousch 2014)"
_CONJECTURE = "Frame–Stewart's count, only conjectured optimal on five or more pegs"
_FEW_DISKS = "2n - 1, optimal with fewer disks than pegs"
_SEARCH = "the distance between the two positions (exact)"


@attrs.frozen
class Optimum:
    """The least number of moves of a puzzle instance, and on what it rests.

    Attributes:
        length: the number of moves.
        proven: ``False`` only for Frame–Stewart's count on five or more pegs, which is
            conjectured optimal (proven on four pegs by Bousch, 2014).
        basis: where the number comes from, in words.

    Example:
        >>> from hanoi_magnet import ClassicRules, State
        >>> from hanoi_magnet.evaluation import optimum
        >>> optimum(ClassicRules(5), State.tower(10, posts=5), State.tower(10, 4, posts=5))
        Optimum(length=31, proven=False, basis="Frame–Stewart's count, only conjectured optimal on five or more pegs")
    """  # noqa: E501 (a doctest's output is one line)

    length: int
    proven: bool
    basis: str


def optimum(
    rules: Rules,
    start: State,
    goal: State,
    *,
    variant: str | None = None,
    max_states: int = DEFAULT_MAX_STATES,
) -> Optimum:
    """The optimal number of moves from ``start`` to ``goal`` under ``rules``.

    Args:
        rules: the rules.
        start: the start position.
        goal: the goal position.
        variant: the registered label whose puzzle this is, if any (its solution's length is
            then used when both positions are its start and goal).
        max_states: the most positions a search may visit (see
            :func:`~hanoi_magnet.search.distance`).

    Raises:
        UnreachableError: the goal cannot be reached.
        SearchLimitError: the answer needs a search larger than ``max_states``.

    Example:
        >>> from hanoi_magnet import MagneticRules, State
        >>> from hanoi_magnet.evaluation import optimum
        >>> rules = MagneticRules("NNN")
        >>> optimum(rules, State.tower(3, face="R"), State.tower(3, 2, face="B"), variant="NNN")
        Optimum(length=11, proven=True, basis='the length of the optimal plan (three posts)')
    """
    _check(rules, start, goal, max_states)
    n = start.n
    if variant is not None:
        puzzle = default_registry.variant(variant)
        if puzzle.rules == rules and puzzle.start(n) == start and puzzle.goal(n) == goal:
            return _plan_length(variant, n, rules)
    towers = _tower_post(start), _tower_post(goal)
    if (
        isinstance(rules, ClassicRules)
        and _every_direction(rules)
        and None not in towers
        and towers[0] != towers[1]
        and n > 0
    ):
        # Every relabelling of the pegs preserves these rules: one tower to another is the
        # registered classic puzzle on that many pegs.
        label = "classic" if rules.pegs == 3 else f"classic:{rules.pegs}"
        return _plan_length(label, n, rules)
    return Optimum(distance(rules, start, goal, max_states=max_states), True, _SEARCH)


def _check(rules: Rules, start: State, goal: State, max_states: int) -> None:
    """Refuse arguments that are not rules, two legal positions of as many disks, a limit."""
    if not isinstance(rules, Rules):
        raise InvalidArgumentError(f"rules must be a Rules object, got {type(rules).__name__}")
    for name, state in (("start", start), ("goal", goal)):
        reason = rules.check_state(state)  # also refuses non-States and the wrong shape
        if reason is not None:
            raise InvalidArgumentError(f"the {name} is not a legal position: {reason}")
    if start.n != goal.n:
        raise InvalidArgumentError(
            f"the start has {start.n} disks but the goal has {goal.n}; moves keep every disk"
        )
    _integer(max_states, "max_states", minimum=1)


def _plan_length(label: str, n: int, rules: Rules) -> Optimum:
    length = solve(label, n).length
    if not isinstance(rules, ClassicRules) or rules.pegs == 3:
        return Optimum(length, True, _PLAN)
    if n < rules.pegs:
        # Each smaller disk leaves the source before the largest moves and reaches the
        # target after it: 2n - 1 moves at least, which is Frame-Stewart's count then.
        return Optimum(length, True, _FEW_DISKS)
    if rules.pegs == 4:
        return Optimum(length, True, _FOUR_PEGS)
    return Optimum(length, False, _CONJECTURE)


def _tower_post(state: State) -> int | None:
    """The post holding every disk, if the position is one tower (with one face up)."""
    full = [post for post, stack in enumerate(state.posts) if len(stack) == state.n]
    if not full or (state.faces is not None and len(set(state.faces)) > 1):
        return None
    return full[0]


def plan_pairs(rules: Rules, start: State, goal: State) -> Iterator[tuple[int, int]] | None:
    """The moves (source, target) of the library's optimal plan between two towers, in order.

    Classic rules with every direction allowed, each position one tower, on different posts:
    the registered classic puzzle on that many posts, its posts relabelled (every relabelling
    preserves these rules), streamed from the cached solution. ``None`` for anything else.
    """
    posts = rules.posts
    source, target = _tower_post(start), _tower_post(goal)
    if (
        not isinstance(rules, ClassicRules)
        or not _every_direction(rules)
        or source is None
        or target is None
        or source == target
        or start.n == 0
    ):
        return None
    label = "classic" if posts == 3 else f"classic:{posts}"
    # the plan goes from post 0 to the last post: those two become the towers' posts, the
    # others keep their order
    others = [post for post in range(posts) if post not in (source, target)]
    relabel = [source, *others, target]
    return ((relabel[move.source], relabel[move.target]) for move in solve(label, start.n))


def optimal_moves(
    rules: Rules, start: State, goal: State, *, max_states: int = DEFAULT_MAX_STATES
) -> tuple[Move, ...]:
    """Every legal move from ``start`` that begins a shortest path to ``goal``.

    Raises:
        UnreachableError: the goal cannot be reached from ``start``.
        SearchLimitError: a distance needs a search larger than ``max_states``.

    Example:
        >>> from hanoi_magnet import ClassicRules, State
        >>> from hanoi_magnet.evaluation import optimal_moves
        >>> optimal_moves(ClassicRules(), State([[3, 2], [], [1]]), State.tower(3, 2))
        (Move(disk=2, source=0, target=1),)
    """
    _check(rules, start, goal, max_states)
    best = optimum(rules, start, goal, max_states=max_states).length
    found = []
    for move in rules.legal_moves(start):
        after = rules.apply(start, move)
        try:
            if optimum(rules, after, goal, max_states=max_states).length == best - 1:
                found.append(move)
        except UnreachableError:  # magnetic moves can lead where the goal is out of reach
            continue
    return tuple(found)
