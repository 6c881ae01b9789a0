"""Optimal paths and distances between any two positions: the front door of the search.

Checks the arguments, chooses the kernel (:mod:`.dispatch <hanoi_magnet.search._exhaustive.
dispatch>`) and runs the package's one bidirectional breadth-first search
(:mod:`hanoi_magnet.search._exhaustive.bidirectional`), turning what it finds into moves and
its failures into the package's errors.
"""

from __future__ import annotations

import math
from itertools import combinations, pairwise

from hanoi_magnet.errors import InvalidArgumentError, SearchLimitError, UnreachableError
from hanoi_magnet.model import Move, State, _integer
from hanoi_magnet.rules import ClassicRules, MagneticRules, Rules
from hanoi_magnet.search._classic import classic_distance
from hanoi_magnet.search._exhaustive.bidirectional import between
from hanoi_magnet.search._exhaustive.budget import OverLimitError, human_count
from hanoi_magnet.search._exhaustive.dispatch import choose_search
from hanoi_magnet.search._exhaustive.engines import Engine
from hanoi_magnet.search._exhaustive.layout import CodeLayout
from hanoi_magnet.search._exhaustive.progress import ProgressCallback, Reporter
from hanoi_magnet.search._paths import ShortestPath

__all__ = ["DEFAULT_MAX_STATES", "distance", "legal_state_count", "shortest_path"]

#: How many positions a search may visit unless told otherwise (a few seconds of search).
DEFAULT_MAX_STATES = 2_000_000


def shortest_path(
    rules: Rules,
    start: State,
    goal: State,
    *,
    max_states: int = DEFAULT_MAX_STATES,
    engine: Engine = "auto",
    progress: ProgressCallback | bool | None = None,
) -> ShortestPath:
    """A shortest path by bidirectional breadth-first search, for any number of posts.

    :func:`hanoi_magnet.search.shortest_path` calls it for four or more posts; its docstring
    describes the arguments and errors.
    """
    limit = _checked(rules, start, goal, max_states)
    _, moves, explored = _search(rules, start, goal, limit, engine, Reporter(progress))
    return ShortestPath(rules, start, goal, moves, explored)


def distance(
    rules: Rules,
    start: State,
    goal: State,
    *,
    max_states: int = DEFAULT_MAX_STATES,
    engine: Engine = "auto",
    progress: ProgressCallback | bool | None = None,
) -> int:
    """The length of a shortest path by search, for any number of posts.

    :func:`hanoi_magnet.search.distance` calls it for four or more posts. With numpy, rules
    whose moves can all be undone and a space too large for a visited bit per position are
    searched keeping only the last two layers of each side (*frontier search*, Korf 2004).
    """
    limit = _checked(rules, start, goal, max_states)
    if isinstance(rules, ClassicRules) and rules.pegs == 3 and _every_direction(rules):
        return classic_distance(start, goal)
    return _search(rules, start, goal, limit, engine, Reporter(progress), path=False)[0]


def legal_state_count(rules: Rules, n: int) -> int:
    """How many legal positions ``n`` disks have under ``rules`` (the size of the search space).

    Classic rules: every placement, ``posts ** n``. Magnetic rules: each non-empty neutral post
    may show either colour, a coloured post only its own.

    Example:
        >>> from hanoi_magnet import ClassicRules, MagneticRules
        >>> from hanoi_magnet.search import legal_state_count
        >>> legal_state_count(ClassicRules(), 8), legal_state_count(MagneticRules("NNN"), 3)
        (6561, 126)
    """
    if not isinstance(rules, Rules):
        raise InvalidArgumentError(f"rules must be a Rules object, got {type(rules).__name__}")
    n = _integer(n, "n")
    posts = rules.posts
    if not isinstance(rules, MagneticRules):
        return int(posts**n)
    weights = [2 if color is None else 1 for color in rules.post_colors]
    total = 0
    # Sum over the sets of non-empty posts: the placements using exactly those posts
    # (surjections, by inclusion-exclusion) times the colour choices of their stacks.
    for size in range(posts + 1):
        onto = sum((-1) ** j * math.comb(size, j) * (size - j) ** n for j in range(size + 1))
        if onto:
            total += onto * sum(math.prod(group) for group in combinations(weights, size))
    return total


def _every_direction(rules: ClassicRules) -> bool:
    return rules.allowed is None or len(rules.allowed) == rules.pegs * (rules.pegs - 1)


def _checked(rules: Rules, start: State, goal: State, max_states: int) -> int:
    if not isinstance(rules, Rules):
        raise InvalidArgumentError(f"rules must be a Rules object, got {type(rules).__name__}")
    for name, state in (("start", start), ("goal", goal)):
        reason = rules.check_state(state)  # also refuses non-States and the wrong shape
        if reason is not None:
            raise InvalidArgumentError(
                f"the {name} is not a legal position under {rules!r}: {reason}"
            )
    if start.n != goal.n:
        raise InvalidArgumentError(
            f"the start has {start.n} disks but the goal has {goal.n}; a path keeps every disk"
        )
    return _integer(max_states, "max_states", minimum=1)


def _search(
    rules: Rules,
    start: State,
    goal: State,
    limit: int,
    engine: object,
    reporter: Reporter,
    *,
    path: bool = True,
) -> tuple[int, list[Move], int]:
    """The length, the moves (if ``path``) of a shortest path and the positions visited."""
    kernel = choose_search(rules, start.n, limit, engine, path=path)
    layout = CodeLayout(rules, start.n)
    try:
        length, codes, explored, side = between(
            layout,
            layout.encode(start),
            layout.encode(goal),
            limit,
            reporter.layer,
            kernel,
            path=path,
        )
    except OverLimitError:
        raise _limit_error(rules, start.n, limit) from None
    except MemoryError:  # the frontier's layers outgrew the memory (their size is unknown)
        raise SearchLimitError(
            f"the search ran out of memory after {reporter.peak:,} bytes of layers; "
            f"a smaller max_states ({limit:,} now) makes it stop sooner"
        ) from None
    if length is None:
        raise _unreachable_error(rules, start.n, side, explored)
    moves = [] if codes is None else [layout.move_between(a, b) for a, b in pairwise(codes)]
    reporter.layer(length, 0, explored, reporter.peak, done=True)
    return length, moves, explored


def _limit_error(rules: Rules, n: int, limit: int) -> SearchLimitError:
    return SearchLimitError(
        f"the search would visit more than max_states={human_count(limit)} positions; "
        f"{n} disks have {human_count(legal_state_count(rules, n))} legal positions "
        f"under {rules!r}"
    )


def _unreachable_error(rules: Rules, n: int, side: int, count: int) -> UnreachableError:
    where = "reachable from the start" if side == 0 else "from which the goal can be reached"
    return UnreachableError(
        f"the goal cannot be reached from the start: the search explored all the positions "
        f"{where} ({count:,} of the {human_count(legal_state_count(rules, n))} legal positions "
        f"of {n} disks under {rules!r})"
    )
