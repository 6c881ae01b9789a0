"""What the toolkit compares against: the built-in solvers, or a breadth-first search.

A variant is matched to a built-in label by the puzzle itself (rules, posts, faces), not by its
name, so a user's ``Variant("my-nnn", ...)`` with NNN's rules finds the built-in NNN.
"""

from __future__ import annotations

import functools
from typing import Any

import attrs

from hanoi_magnet.errors import InvalidArgumentError, SearchLimitError, UnreachableError
from hanoi_magnet.registry import default_registry
from hanoi_magnet.rules import ClassicRules
from hanoi_magnet.search._bidirectional import distance
from hanoi_magnet.solution import Solution
from hanoi_magnet.variants import SID_LABELS, Variant

#: Built-in labels, simplest first (Hypothesis shrinks a ``sampled_from`` towards the front).
BUILTIN_LABELS: tuple[str, ...] = (
    "classic",
    "NNN",
    *(label for label in SID_LABELS if label != "NNN"),
    "linear",
    "cyclic",
    "cyclic:ccw",
    "cyclic+1",
    "cyclic+2",
    "classic:4",
    "classic:5",
)

#: How many positions the breadth-first search may visit before it gives up.
MAX_STATES = 500_000


@functools.cache
def builtin_variant(label: str) -> Variant:
    """The built-in variant of ``label`` (cached)."""
    return Variant.from_label(label)


def as_variant(value: object) -> Variant:
    """A Variant from a Variant or a label (the default registry answers labels)."""
    if isinstance(value, Variant):
        return value
    if isinstance(value, str):
        return default_registry.variant(value)
    raise InvalidArgumentError(
        f"expected a variant label such as 'NNN' or a Variant, got {type(value).__name__} {value!r}"
    )


def same_puzzle(a: Variant, b: Variant) -> bool:
    """Whether two variants are the same puzzle, whatever they are called."""
    return attrs.evolve(a, label=b.label) == b


def builtin_label(variant: Variant) -> str | None:
    """The built-in label whose puzzle ``variant`` is, or ``None``."""
    candidates = [*BUILTIN_LABELS]
    if isinstance(variant.rules, ClassicRules) and variant.rules.allowed is None:
        candidates.append(f"classic:{variant.posts}")
    for label in candidates:
        if same_puzzle(builtin_variant(label), variant):
            return label
    return None


def builtin_solver(variant: Variant) -> type[Any] | None:
    """The built-in solver class for ``variant``'s puzzle, or ``None``."""
    label = builtin_label(variant)
    return None if label is None else default_registry.get(label)


def is_solvable(label: str) -> bool:
    """Whether the built-in solver of ``label`` has solutions (for n >= 1)."""
    return bool(getattr(default_registry.get(label), "solvable", True))


def builtin_solution(variant: Variant, n: int) -> Solution | None:
    """The built-in optimal solution of ``variant`` with ``n`` disks; ``None`` if none."""
    label = builtin_label(variant)
    if label is None or (n and not is_solvable(label)):
        return None
    return default_registry.solve(label, n)


def bfs_distance(variant: Variant, n: int, *, max_states: int = MAX_STATES) -> int | None:
    """The fewest legal moves from the start to the goal (``None``: the goal is unreachable).

    Raises:
        SearchLimitError: more than ``max_states`` positions would be visited.
    """
    try:
        return distance(variant.rules, variant.start(n), variant.goal(n), max_states=max_states)
    except UnreachableError:
        return None
    except SearchLimitError as error:
        raise SearchLimitError(
            f"the breadth-first search for {variant.label} with {n} disks would visit more "
            f"than {max_states:,} positions ({error}); lower max_n, raise max_states, or pass "
            "optimal=False"
        ) from None
