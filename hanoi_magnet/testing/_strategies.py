"""Hypothesis strategies for the values of hanoi_magnet.

Each function returns a ``SearchStrategy``; options are keyword-only. The examples below use
:func:`hypothesis.find`, which returns the *smallest* example that satisfies a condition, to
show where each strategy shrinks to.
"""

from __future__ import annotations

from hypothesis import strategies as st

from hanoi_magnet.errors import InvalidArgumentError
from hanoi_magnet.model import MAX_DISKS, Color, Move, State, _disk_count, _integer
from hanoi_magnet.registry import default_registry
from hanoi_magnet.rules import MagneticRules, Rules
from hanoi_magnet.solution import Solution
from hanoi_magnet.testing._reference import (
    BUILTIN_LABELS,
    as_variant,
    builtin_label,
    builtin_solution,
    builtin_variant,
    is_solvable,
)
from hanoi_magnet.variants import SID_LABELS, Variant, normalize_label

__all__ = [
    "disk_counts",
    "labels",
    "legal_move_sequences",
    "moves",
    "solutions",
    "states",
    "variants",
]


def _flag(value: object, name: str) -> bool | None:
    if value is not None and not isinstance(value, bool):
        raise InvalidArgumentError(f"{name} must be True, False or None, got {value!r}")
    return value


def labels(*, solvable: bool | None = True, magnetic: bool | None = None) -> st.SearchStrategy[str]:
    """Built-in variant labels: the 27 SID labels and the classic families.

    Shrinks towards ``"classic"``, then ``"NNN"``. The classic family on P pegs is drawn for
    P = 3, 4, 5 only (``classic``, ``classic:4``, ``classic:5``); plugin labels are never drawn.

    Args:
        solvable: ``True``: labels with a solution for every n; ``False``: the three without
            (``BBB``, ``NRR``, ``RRR``); ``None``: both.
        magnetic: ``True``: SID labels only; ``False``: classic families only; ``None``: both.

    Raises:
        InvalidArgumentError: no label fits (``solvable=False, magnetic=False``).

    Example:
        >>> from hypothesis import find
        >>> from hanoi_magnet.testing import labels
        >>> find(labels(), lambda label: True)
        'classic'
        >>> find(labels(magnetic=True), lambda label: True)
        'NNN'
        >>> find(labels(solvable=False), lambda label: label != "RRR")
        'BBB'
    """
    solvable, magnetic = _flag(solvable, "solvable"), _flag(magnetic, "magnetic")
    chosen = [
        label
        for label in BUILTIN_LABELS
        if (solvable is None or is_solvable(label) == solvable)
        and (magnetic is None or (label in SID_LABELS) == magnetic)
    ]
    if not chosen:
        raise InvalidArgumentError(
            f"no built-in label is solvable={solvable} and magnetic={magnetic}"
        )
    return st.sampled_from(chosen)


def variants(
    *, solvable: bool | None = True, magnetic: bool | None = None
) -> st.SearchStrategy[Variant]:
    """Built-in variants (:class:`~hanoi_magnet.Variant` objects), chosen as :func:`labels`.

    Example:
        >>> from hypothesis import find
        >>> from hanoi_magnet.testing import variants
        >>> find(variants(), lambda variant: variant.magnetic).label
        'NNN'
        >>> find(variants(solvable=None), lambda variant: variant.posts == 5).label
        'classic:5'
    """
    return labels(solvable=solvable, magnetic=magnetic).map(builtin_variant)


def disk_counts(*, min_value: int = 0, max_value: int = 8) -> st.SearchStrategy[int]:
    """Numbers of disks from ``min_value`` to ``max_value``, shrinking towards ``min_value``.

    The default bound keeps breadth-first searches and replays fast; solutions themselves work
    for any n (pass ``max_value=1000``).

    Example:
        >>> from hypothesis import find
        >>> from hanoi_magnet.testing import disk_counts
        >>> find(disk_counts(), lambda n: n >= 3)
        3
    """
    low = _integer(min_value, "min_value")
    high = _integer(max_value, "max_value")
    if not low <= high <= MAX_DISKS:
        raise InvalidArgumentError(
            f"need 0 <= min_value <= max_value <= {MAX_DISKS:,}, got {low} and {high}"
        )
    return st.integers(low, high)


def _walk(draw: st.DrawFn, rules: Rules, state: State, max_length: int) -> tuple[list[Move], State]:
    """Draw a walk of legal moves from ``state``; it stops early where no move is legal."""
    walked: list[Move] = []
    for _ in range(draw(st.integers(0, max_length))):
        options = rules.legal_moves(state)
        if not options:
            break
        move = draw(st.sampled_from(options))
        state = rules.apply(state, move)
        walked.append(move)
    return walked, state


@st.composite
def _reachable_states(
    draw: st.DrawFn, variant: Variant, n: int, solution: Solution | None
) -> State:
    state = variant.start(n)
    if solution is not None:  # anywhere along the optimal path, then a few steps aside
        state = solution.unrank(draw(st.integers(0, solution.length)))
    return _walk(draw, variant.rules, state, max_length=min(2 * n + 2, 40))[1]


@st.composite
def _legal_states(draw: st.DrawFn, variant: Variant, n: int) -> State:
    count = variant.posts
    where = draw(st.lists(st.integers(0, count - 1), min_size=n, max_size=n))
    stacks = [
        [disk for disk in range(n, 0, -1) if where[disk - 1] == post] for post in range(count)
    ]
    faces = None
    if isinstance(variant.rules, MagneticRules):
        # Each stack shows one colour: a coloured post's own, or either on a neutral post.
        shown = [
            color if color is not None else draw(st.sampled_from((Color.RED, Color.BLUE)))
            for color in variant.rules.post_colors
        ]
        faces = [shown[where[disk - 1]] for disk in range(1, n + 1)]
    return State(stacks, faces)


def states(variant: str | Variant, n: int, *, reachable: bool = True) -> st.SearchStrategy[State]:
    """Legal positions of ``variant`` with ``n`` disks; by default only reachable ones.

    A reachable position is the optimal solution's position after a random number of moves
    (when a built-in solver knows the puzzle), then a short random walk of legal moves. It
    shrinks towards the start position. With ``reachable=False``: any position the rules
    accept (:meth:`~hanoi_magnet.Rules.check_state`), reachable or not, shrinking towards
    every disk on post 0, red up.

    Args:
        variant: a label or a :class:`~hanoi_magnet.Variant`.
        n: the number of disks.
        reachable: only positions reachable from the start.

    Example:
        >>> from hypothesis import find
        >>> from hanoi_magnet.testing import states
        >>> print(find(states("NNN", 3), lambda state: state.posts[2]))
        S: 3r 2r | I: - | D: 1b
        >>> print(find(states("RBB", 2, reachable=False), lambda state: state.posts[1]))
        S: 1r | I: 2b | D: -
    """
    puzzle = as_variant(variant)
    count = _disk_count(n)
    if not isinstance(reachable, bool):
        raise InvalidArgumentError(f"reachable must be True or False, got {reachable!r}")
    if not reachable:
        return _legal_states(puzzle, count)
    return _reachable_states(puzzle, count, builtin_solution(puzzle, count))


def moves(*, posts: int = 3, max_disk: int = 8) -> st.SearchStrategy[Move]:
    """Moves of disks ``1..max_disk`` between posts ``0..posts - 1``, legal or not.

    The rules decide legality; to fuzz a validator with moves that name posts or disks a
    puzzle lacks, pass one more than it has. Shrinks towards ``Move(1, 0, 0)``.

    Example:
        >>> from hypothesis import find
        >>> from hanoi_magnet.testing import moves
        >>> find(moves(), lambda move: move.source != move.target)
        Move(disk=1, source=0, target=1)
        >>> find(moves(posts=4), lambda move: move.target == 3)
        Move(disk=1, source=0, target=3)
    """
    count = _integer(posts, "posts", minimum=1)
    largest = _integer(max_disk, "max_disk", minimum=1)
    post = st.integers(0, count - 1)
    return st.builds(Move, st.integers(1, largest), post, post)


@st.composite
def _walks(draw: st.DrawFn, rules: Rules, start: State, max_length: int) -> list[Move]:
    return _walk(draw, rules, start, max_length)[0]


def legal_move_sequences(
    variant: str | Variant | Rules,
    n: int | None = None,
    *,
    start: State | None = None,
    max_length: int = 50,
) -> st.SearchStrategy[list[Move]]:
    """Lists of moves, each legal after the ones before it, from the start or from ``start``.

    Each move is drawn from the legal moves of the position the previous ones lead to; a
    sequence stops early at a position without legal moves (the start of an unsolvable
    variant). Shrinks towards shorter sequences (the empty one), and each move towards the
    first legal one.

    Args:
        variant: a label, a :class:`~hanoi_magnet.Variant`, or bare
            :class:`~hanoi_magnet.Rules` (then ``start`` is required), as in
            :func:`~hanoi_magnet.validate`.
        n: the number of disks (not needed when ``start`` is given).
        start: the position to start from (default: the variant's start).
        max_length: the longest sequence.

    Example:
        >>> from hypothesis import find
        >>> from hanoi_magnet import validate
        >>> from hanoi_magnet.testing import legal_move_sequences
        >>> walk = find(legal_move_sequences("NNN", 2), lambda walk: len(walk) >= 3)
        >>> [str(move) for move in walk]
        ['1: S -> I', '2: S -> D', '1: I -> S']
        >>> validate(walk, "NNN", 2).ok
        True
    """
    if isinstance(variant, Rules):
        rules = variant
        if start is None:
            raise InvalidArgumentError("legal_move_sequences on bare rules needs a start state")
    else:
        puzzle = as_variant(variant)
        rules = puzzle.rules
        if start is None:
            if n is None:
                raise InvalidArgumentError("give n (the number of disks) or a start state")
            start = puzzle.start(_disk_count(n))
    if n is not None and _disk_count(n) != start.n:
        raise InvalidArgumentError(f"n = {n} but the start state has {start.n} disks")
    why = rules.check_state(start)
    if why is not None:
        raise InvalidArgumentError(f"the start state is not legal: {why}")
    return _walks(rules, start, _integer(max_length, "max_length"))


def _solve(n: int, label: str) -> Solution:
    return default_registry.solve(label, n)


def solutions(
    variant: str | Variant | st.SearchStrategy[str] | None = None,
    *,
    min_n: int = 0,
    max_n: int = 8,
) -> st.SearchStrategy[Solution]:
    """Optimal solutions (:class:`~hanoi_magnet.Solution`) of solvable variants.

    Shrinks towards the fewest disks first, then the simplest label. Solutions are lazy, so a
    large ``max_n`` costs nothing until moves are asked for.

    Args:
        variant: ``None`` (any solvable built-in label, see :func:`labels`), a registered
            label, a :class:`~hanoi_magnet.Variant` whose puzzle is built in, or a strategy of
            solvable labels.
        min_n: the fewest disks.
        max_n: the most disks.

    Example:
        >>> from hypothesis import find
        >>> from hanoi_magnet.testing import solutions
        >>> find(solutions(), lambda solution: solution.length > 10)
        Solution('NNN', n=3, length=11)
        >>> find(solutions("RBB", max_n=1000), lambda solution: solution.length > 10**9)
        Solution('RBB', n=20, length=1743392200)
    """
    chosen: st.SearchStrategy[str]
    if variant is None:
        chosen = labels(solvable=True)
    elif isinstance(variant, st.SearchStrategy):
        chosen = variant
    else:
        if isinstance(variant, Variant):
            label = builtin_label(variant)
            if label is None:
                raise InvalidArgumentError(
                    f"no built-in solver knows the puzzle of {variant!r}; register a solver "
                    "and pass its label"
                )
        else:
            label = normalize_label(variant)
        if not getattr(default_registry.get(label), "solvable", True) and max_n:
            raise InvalidArgumentError(f"{label} has no solution for n >= 1; use max_n=0")
        chosen = st.just(label)
    low, high = _integer(min_n, "min_n"), _integer(max_n, "max_n")
    if not low <= high <= MAX_DISKS:
        raise InvalidArgumentError(
            f"need 0 <= min_n <= max_n <= {MAX_DISKS:,}, got {low} and {high}"
        )
    # n is drawn first, so that shrinking prefers fewer disks to a simpler label
    return st.builds(_solve, st.integers(low, high), chosen)
