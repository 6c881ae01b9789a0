"""Rules and positions on the command line (``distance``, ``path``, ``solve --from``, ``search``).

RULES is a variant label (``NNN``, ``classic``, ``linear``, ``classic:4``, ``arcs:SI,ID,DS``: the
variant's rules, start and goal), the colours of any number of posts (``NNNN``, ``RBNN``:
magnetic rules on that many posts, from the first post to the last), or colours and directions
joined by ``/`` (``NNN/linear``, ``RBN/arcs:SI,IS,ID,DI``: magnetic rules whose moves go only in
the directions of that three-post classic label).

A POSITION is what :meth:`State.parse <hanoi_magnet.State.parse>` reads: the compact form (the
post of each disk, largest first, then ``/`` and the up faces: ``SSI/rrb``), the long form
(``'S: 3r 2r | I: 1b | D: -'``), or ``start`` / ``goal`` for the puzzle's own.
"""

from __future__ import annotations

import argparse

from hanoi_magnet.cli._util import decimal
from hanoi_magnet.errors import InvalidArgumentError, UnknownVariantError
from hanoi_magnet.model import MAX_DISKS, Color, State
from hanoi_magnet.registry import default_registry
from hanoi_magnet.rules import ClassicRules, MagneticRules, Rules
from hanoi_magnet.variants import Variant

__all__ = ["Puzzle", "ends", "position", "puzzle", "towers"]

#: What RULES names: the rules, and the variant when it is a label.
Puzzle = tuple[Rules, "Variant | None"]

_COLOURS = set("RBN")


def puzzle(text: str) -> Puzzle:
    """``(rules, variant)`` for a label, ``(rules, None)`` for spelled-out rules; for argparse.

    Example:
        >>> from hanoi_magnet.cli._positions import puzzle
        >>> puzzle("NNNN")[0], puzzle("RBN/linear")[0]
        (MagneticRules('NNNN'), MagneticRules('RBN', allowed=[(0, 1), (1, 0), (1, 2), (2, 1)]))
    """
    cleaned = text.strip()
    colours, _, directions = cleaned.partition("/")
    if directions:
        return _directed(colours, directions, text), None
    if len(cleaned) >= 3 and set(cleaned.upper()) <= _COLOURS and len(cleaned) != 3:
        return MagneticRules(cleaned), None
    try:
        variant = default_registry.variant(cleaned)
    except (UnknownVariantError, InvalidArgumentError) as error:
        raise argparse.ArgumentTypeError(
            f"{error} (or give post colours such as NNNN for magnetic rules on four posts, or "
            "colours and directions such as NNN/linear)"
        ) from None
    return variant.rules, variant


def _directed(colours: str, directions: str, text: str) -> MagneticRules:
    if len(colours) != 3 or not set(colours.upper()) <= _COLOURS:
        raise argparse.ArgumentTypeError(
            f"before '/' come the colours of three posts (R, B or N each), got {text!r}"
        )
    try:
        rules = default_registry.variant(directions).rules
    except (UnknownVariantError, InvalidArgumentError) as error:
        raise argparse.ArgumentTypeError(f"after '/' come the directions: {error}") from None
    if not isinstance(rules, ClassicRules) or rules.pegs != 3:
        raise argparse.ArgumentTypeError(
            f"after '/' comes a three-post classic label naming the allowed moves (linear, "
            f"cyclic, arcs:SI,IS,ID,DI...), got {directions!r}"
        )
    return MagneticRules(colours, allowed=rules.allowed)


def towers(rules: Rules, variant: Variant | None, n: int) -> tuple[State, State]:
    """The start and goal of the puzzle: the variant's, or first post to last post.

    Example:
        >>> from hanoi_magnet import MagneticRules
        >>> from hanoi_magnet.cli._positions import towers
        >>> [str(state) for state in towers(MagneticRules("NNB"), None, 2)]
        ['S: 2r 1r | I: - | D: -', 'S: - | I: - | D: 2b 1b']
    """
    if variant is not None:
        return variant.start(n), variant.goal(n)
    posts = rules.posts
    if not isinstance(rules, MagneticRules):
        return State.tower(n, 0, posts=posts), State.tower(n, posts - 1, posts=posts)
    first, last = rules.post_colors[0], rules.post_colors[-1]
    start = first or Color.RED
    goal = last or start.flipped
    return State.tower(n, 0, posts=posts, face=start), State.tower(
        n, posts - 1, posts=posts, face=goal
    )


def position(text: str, rules: Rules, n: int | None, named: dict[str, State]) -> State:
    """A legal position under ``rules``: ``start``/``goal`` (from ``named``), or State text.

    Example:
        >>> from hanoi_magnet import MagneticRules
        >>> from hanoi_magnet.cli._positions import position
        >>> print(position("SSI/rrb", MagneticRules("NNN"), 3, {}))
        S: 3r 2r | I: 1b | D: -
    """
    word = text.strip().lower()
    if word in named:
        return named[word]
    state = State.parse(text, posts=rules.posts, magnetic=rules.magnetic)
    if n is not None and state.n != n:
        raise InvalidArgumentError(f"{text!r} has {state.n} disks, but N is {n}")
    reason = rules.check_state(state)
    if reason is not None:
        raise InvalidArgumentError(f"{text!r} is not a legal position under {rules!r}: {reason}")
    return state


def disks_given(
    n: int | None, positions: tuple[str | None, ...], *, posts: int, magnetic: bool
) -> int:
    """``n``, or when it is left out the number of disks of the first position given.

    ``"start"``, ``"goal"`` and ``None`` in ``positions`` give no number.

    Example:
        >>> from hanoi_magnet.cli._positions import disks_given
        >>> disks_given(None, ("start", "SSI/rrb"), posts=3, magnetic=True)
        3
    """
    if n is not None:
        return n
    for text in positions:
        if text is not None and text.strip().lower() not in ("start", "goal"):
            return State.parse(text, posts=posts, magnetic=magnetic).n
    raise InvalidArgumentError("give N, the number of disks, or a position with --from/--to")


def ends(
    rules: Rules, variant: Variant | None, n: int | None, source: str, target: str
) -> tuple[State, State]:
    """The two positions ``--from`` and ``--to`` name; N, when not given, from either of them.

    Every command that takes positions reads them here, so N may be left out the same way
    everywhere (``solve NNN --from SSI/rrb``, ``distance``, ``path``, ``search``).

    Example:
        >>> from hanoi_magnet import MagneticRules
        >>> from hanoi_magnet.cli._positions import ends
        >>> [str(state) for state in ends(MagneticRules("NNN"), None, None, "SSI/rrb", "goal")]
        ['S: 3r 2r | I: 1b | D: -', 'S: - | I: - | D: 3b 2b 1b']
    """
    n = disks_given(n, (source, target), posts=rules.posts, magnetic=rules.magnetic)
    if not 0 <= n <= MAX_DISKS:
        raise InvalidArgumentError(
            f"the number of disks must be an integer from 0 to {MAX_DISKS:,}, got {decimal(n)}"
        )
    start, goal = towers(rules, variant, n)
    named = {"start": start, "goal": goal}
    return position(source, rules, n, named), position(target, rules, n, named)
