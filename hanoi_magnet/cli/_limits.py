"""What the commands answer at once, and what they refuse at once, before any long computation.

What ``distance`` (and ``search``'s distance) answers at once is the library's decision
(:func:`hanoi_magnet.search._queries.known_distance`): between two towers on three posts under
any rules, the tower problem's optimal length from its plan's recurrence in milliseconds at any
N; between two towers of the four-peg classic puzzle, the Frame–Stewart number (Bousch 2014);
between any positions of the classic three-peg puzzle, Hinz's closed form in O(n). Between
other positions on three posts the exact distance takes time growing with the square of
N, so the commands answer up to :data:`DISTANCE_MAX_DISKS` disks and refuse beyond, at once,
with an estimate. On four or more posts a search between two towers visits a few percent of the
legal positions: when that estimate exceeds ``--max-states`` it is refused at once, instead of
failing after the budget is spent (other positions are searched within the budget).
"""

from __future__ import annotations

import math

from hanoi_magnet.cli._util import CommandError, Status
from hanoi_magnet.model import State
from hanoi_magnet.rules import ClassicRules, Rules
from hanoi_magnet.search import legal_state_count
from hanoi_magnet.search._queries import known_distance

__all__ = ["DISTANCE_MAX_DISKS", "checked_count", "checked_distance", "distance_estimate"]

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


def checked_distance(rules: Rules, start: State, goal: State, max_states: int) -> int | None:
    """The distance if the library knows it at once, else None; or a refusal.

    What is known at once (towers, the classic puzzle, four-peg towers) is the library's
    decision (:func:`hanoi_magnet.search._queries.known_distance`, which ``distance`` itself
    asks first); the refusals are the commands' own.

    Raises:
        CommandError: three posts and more than :data:`DISTANCE_MAX_DISKS` disks between
            positions no formula answers; four or more posts, two towers, and an estimated
            search of more than ``max_states`` positions.
    """
    known = known_distance(rules, start, goal)
    if known is not None:
        return known
    n = start.n
    if rules.posts == 3:
        checked_count(rules, n)
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


def checked_count(rules: Rules, n: int) -> None:
    """Refuse, with an estimate, a three-post search level by level of too many disks.

    What ``distance --count`` runs on three posts whatever the positions (and ``distance``
    between positions no formula answers).

    Raises:
        CommandError: three posts and more than :data:`DISTANCE_MAX_DISKS` disks.
    """
    if rules.posts == 3 and n > DISTANCE_MAX_DISKS:
        raise CommandError(
            f"the exact distance between positions of {n:,} disks would take "
            f"{distance_estimate(n)} (it grows with the square of N); this command answers "
            f"up to {DISTANCE_MAX_DISKS:,} disks, any N between two towers",
            Status.FAILED,
        )


def _amount(value: int) -> str:
    if value < 10**30:
        return f"{value:,}"
    return f"10^{int(value.bit_length() * math.log10(2)):,}"  # the power of ten, give or take 1


def _is_tower(state: State) -> bool:
    """Whether every disk of ``state`` is on one post."""
    return sum(1 for stack in state.posts if stack) <= 1
