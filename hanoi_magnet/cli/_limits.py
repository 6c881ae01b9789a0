"""What the commands answer at once, and what they refuse at once, before any long computation.

``distance`` (and ``search``'s distance) between the puzzle's own towers is the length of its
optimal solution: counted from the plan's recurrence in milliseconds at any N, wherever the
built-in plan is proven optimal (three posts, and the four-peg classic puzzle, Bousch 2014).
Between any positions of the classic three-peg puzzle, Hinz's closed form answers in O(n).
Between other positions on three posts the exact distance takes time growing with the square of
N, so the commands answer up to :data:`DISTANCE_MAX_DISKS` disks and refuse beyond, at once,
with an estimate. On four or more posts a search between two towers visits a few percent of the
legal positions: when that estimate exceeds ``--max-states`` it is refused at once, instead of
failing after the budget is spent (other positions are searched within the budget).
"""

from __future__ import annotations

import math

from hanoi_magnet.cli._util import CommandError, Status
from hanoi_magnet.model import State
from hanoi_magnet.registry import default_registry
from hanoi_magnet.rules import ClassicRules, Rules
from hanoi_magnet.search import classic_distance, legal_state_count
from hanoi_magnet.variants import Variant

__all__ = ["DISTANCE_MAX_DISKS", "checked_distance", "distance_estimate", "tower_distance"]

#: The most disks ``distance`` and ``search`` take between positions other than the towers on
#: three posts (about 10 s on a laptop; the time grows with the square of N).
DISTANCE_MAX_DISKS = 20_000

#: A search between two towers on four or more posts visits about this fraction of the legal
#: positions or more (measured: 3-13% on classic:4, classic:5 and NNNN at 10 to 12 disks, a
#: share that falls slowly as N grows); the estimate that decides a refusal.
TOWER_SEARCH_SHARE = 32

#: Seconds per disk squared of an exact three-post distance, measured on a 2-core machine at
#: 10,000 disks (benchmarks/bench_cli_limits.py): for the estimate given with a refusal.
_SECONDS_PER_DISK_SQUARED = 4.5e-8


def distance_estimate(n: int) -> str:
    """The time an exact three-post distance between positions of ``n`` disks would take.

    Example:
        >>> from hanoi_magnet.cli._limits import distance_estimate
        >>> distance_estimate(1_000_000)
        'about 12.5 hours'
    """
    seconds = _SECONDS_PER_DISK_SQUARED * n * n
    for unit, size in (("days", 86400), ("hours", 3600), ("minutes", 60)):
        if seconds >= 2 * size:
            return f"about {seconds / size:,.1f} {unit}"
    return f"about {seconds:,.0f} seconds"


def _proven(rules: Rules) -> bool:
    """Whether the registered plans for ``rules`` are proven optimal at every N."""
    if rules.posts == 3:
        return True  # every three-post plan is checked against breadth-first search
    # Frame-Stewart on four pegs: proven optimal (T. Bousch, "La quatrieme tour de Hanoi",
    # Bull. Belg. Math. Soc. Simon Stevin 21 (2014) 895-912); conjectured on more pegs.
    return isinstance(rules, ClassicRules) and rules.pegs == 4 and rules.allowed is None


def tower_distance(variant: Variant | None, start: State, goal: State) -> int | None:
    """The distance between the puzzle's own start and goal, from its move count; else None.

    None unless ``start`` and ``goal`` are the variant's towers, the variant is solvable, its
    solver built in (not a plugin's) and its plan proven optimal (then the distance is the
    optimal solution's length, by definition).
    """
    if variant is None or not _proven(variant.rules):
        return None
    n = start.n
    if start != variant.start(n) or goal != variant.goal(n):
        return None
    solver = default_registry.get(variant.label)
    if not getattr(solver, "solvable", True):
        return None
    if not str(getattr(solver, "__module__", "")).startswith("hanoi_magnet."):
        return None  # a plugin's solver: its optimality is its own claim, not checked here
    from hanoi_magnet.theory._counting import count  # noqa: PLC0415 (only for the towers)

    return count(variant.label, n)


def checked_distance(
    rules: Rules, variant: Variant | None, start: State, goal: State, max_states: int
) -> int | None:
    """The distance if known at once (towers, the classic puzzle), else None; or a refusal.

    Raises:
        CommandError: three posts (the classic puzzle excepted) and more than
            :data:`DISTANCE_MAX_DISKS` disks between positions other than the towers; four or
            more posts, two towers, and an estimated search of more than ``max_states``
            positions.
    """
    known = tower_distance(variant, start, goal)
    if known is not None:
        return known
    n = start.n
    if rules.posts == 3:
        if _classic(rules):
            return classic_distance(start, goal)  # Hinz's closed form: O(n) at any N
        if n > DISTANCE_MAX_DISKS:
            raise CommandError(
                f"the exact distance between positions of {n:,} disks would take "
                f"{distance_estimate(n)} (it grows with the square of N); this command answers "
                f"up to {DISTANCE_MAX_DISKS:,} disks, any N between the start and goal towers",
                Status.FAILED,
            )
        return None
    if _is_tower(start) and _is_tower(goal) and start != goal:
        total = legal_state_count(rules, n)
        visited = total // TOWER_SEARCH_SHARE
        if visited > max_states:
            hint = (
                "; 'count' gives the moves of the Frame-Stewart solution at once"
                if isinstance(rules, ClassicRules)
                else ""
            )
            raise CommandError(
                f"a search between the towers of {n:,} disks on {rules.posts} posts would visit "
                f"about {_amount(visited)} positions (1/{TOWER_SEARCH_SHARE} of the "
                f"{_amount(total)} legal ones), more than --max-states {max_states:,}{hint}",
                Status.FAILED,
            )
    return None


def _amount(value: int) -> str:
    if value < 10**30:
        return f"{value:,}"
    return f"10^{int(value.bit_length() * math.log10(2)):,}"  # the power of ten, give or take 1


def _classic(rules: Rules) -> bool:
    """The classic three-peg puzzle with every move allowed (a closed form gives distances)."""
    return isinstance(rules, ClassicRules) and rules.pegs == 3 and rules.allowed is None


def _is_tower(state: State) -> bool:
    """Whether every disk of ``state`` is on one post."""
    return sum(1 for stack in state.posts if stack) <= 1
