"""Plan tables for the classic puzzle: 3 pegs, Frame–Stewart for more, and restricted moves.

Restricted moves: ``linear``, ``cyclic`` and ``cyclic:ccw``, ``cyclic+1`` and ``cyclic+2``,
and any strongly connected set of moves on three pegs as an ``arcs:`` label (Sapir 2004).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import ClassVar

from hanoi_magnet import _arcs
from hanoi_magnet.errors import TooLargeError
from hanoi_magnet.plans import MoveStep, PlanSolver, Step, SubStep
from hanoi_magnet.registry import default_registry, register
from hanoi_magnet.solvers._frame_stewart import best_split
from hanoi_magnet.variants import Variant, normalize_label


@register("classic")
class Classic(PlanSolver):
    """n-1 disks to the spare peg, the largest across, n-1 on top: 2^n - 1 moves."""

    plan = (SubStep("classic", "SDI"), MoveStep("S", "D"), SubStep("classic", "ISD"))


@register("linear")
class Linear(PlanSolver):
    """Moves only between adjacent pegs: the largest disk stops in the middle. 3^n - 1 moves."""

    plan = (
        SubStep("linear", "SID"),
        MoveStep("S", "I"),
        SubStep("linear", "DIS"),
        MoveStep("I", "D"),
        SubStep("linear", "SID"),
    )


@register("cyclic")
class Cyclic(PlanSolver):
    """Clockwise moves only, tower one step clockwise (0 to 1).

    Q(n) = 2 R(n-1) + 1 (OEIS A005665).

    The smaller tower goes two steps clockwise twice, which is the counter-clockwise table
    with its pegs 1 and 2 exchanged.
    """

    plan = (SubStep("cyclic:ccw", "SDI"), MoveStep("S", "I"), SubStep("cyclic:ccw", "DIS"))


@register("cyclic:ccw")
class CyclicCounterClockwise(PlanSolver):
    """Counter-clockwise moves only, tower from 0 to 1 (two steps).

    R(n) = 2 R(n-1) + Q(n-1) + 2 (OEIS A005666).
    """

    plan = (
        SubStep("cyclic:ccw", "SID"),
        MoveStep("S", "D"),
        SubStep("cyclic", "ISD"),
        MoveStep("D", "I"),
        SubStep("cyclic:ccw", "SID"),
    )


@register("cyclic+1")
class CyclicPlusOne(PlanSolver):
    """The clockwise cycle S -> I -> D -> S plus I -> S; tower from S to D.

    S -> D is not allowed, so the largest disk goes through I, as on a line; but back from D
    the smaller tower must go round (D -> S is one-way), a puzzle of another arc set.
    2, 7, 20, 53, 138, ... moves.
    """

    plan = (
        SubStep("cyclic+1", "SID"),
        MoveStep("S", "I"),
        SubStep("arcs:SD,IS,ID,DI", "DIS"),
        MoveStep("I", "D"),
        SubStep("cyclic+1", "SID"),
    )


@register("cyclic+2")
class CyclicPlusTwo(PlanSolver):
    """Every move but S -> D (the cycle S -> I -> D -> S plus I -> S and D -> I); S to D.

    The largest disk goes through I; the smaller tower's way back from D to S may go direct.
    2, 7, 19, 47, 113, ... moves.
    """

    plan = (
        SubStep("cyclic+2", "SID"),
        MoveStep("S", "I"),
        SubStep("arcs:SI,SD,IS,ID,DI", "DIS"),
        MoveStep("I", "D"),
        SubStep("cyclic+2", "SID"),
    )


class Arcs(PlanSolver):
    """Only the moves an ``arcs:`` label lists, tower from S to D (Sapir 2004).

    The largest disk goes straight across when S -> D is allowed (the smaller tower waits on
    I), and otherwise through I (it must: S -> I -> D is then the only way); each transfer of
    the smaller tower is the same kind of puzzle on the arcs renamed so that it goes from S
    to D. The tests prove the tables optimal by breadth-first search and, to 300 disks, by
    the macro-graph argument.
    """


def _arcs_plan(arcs: frozenset[tuple[int, int]]) -> tuple[Step, ...]:
    """The plan table of the arcs: puzzle (see :class:`Arcs`)."""
    if (0, 2) in arcs:
        return (_tower(arcs, "SDI"), MoveStep("S", "D"), _tower(arcs, "ISD"))
    return (
        _tower(arcs, "SID"),
        MoveStep("S", "I"),
        _tower(arcs, "DIS"),
        MoveStep("I", "D"),
        _tower(arcs, "SID"),
    )


def _tower(arcs: frozenset[tuple[int, int]], posts: str) -> SubStep:
    """The smaller tower's transfer whose posts S, I, D are our ``posts``: an arcs: puzzle."""
    s, i, d = ("SID".index(p) for p in posts)
    label = normalize_label(f"arcs:{_arcs.spell(_arcs.renamed(arcs, (s, i, d)))}")
    return SubStep(label, posts)


@functools.cache
def _arcs_class(label: str) -> type[PlanSolver]:
    variant = Variant.from_label(label)  # refuses malformed and unsolvable arc sets
    assert variant.rules.allowed is not None
    return type(
        "Arcs_" + label.removeprefix("arcs:").replace(",", "_"),
        (Arcs,),
        {
            "plan": _arcs_plan(variant.rules.allowed),
            "label": label,
            "variant": variant,
            "__doc__": f"Only the moves {_arcs.describe(variant.rules.allowed)}; S to D.",
            "__module__": __name__,
        },
    )


class FrameStewart(PlanSolver):
    """Frame–Stewart on P >= 4 pegs: k disks aside, the other n - k across, the k back.

    The k smallest disks move aside with all P pegs, the n - k largest go across with P - 1
    pegs, and the k come back on top; k is the largest split that minimises the total. The
    increments of the Frame–Stewart numbers are powers of two in known blocks (Klavžar,
    Milutinović and Petr, 2002), so the split is a binary search and the length a short sum:
    no step is quadratic in n, nor recursive over the pegs.

    Optimal for 4 pegs (Bousch, 2014); for more pegs its optimality is the Frame–Stewart
    conjecture. The tests confirm it by breadth-first search for small n.

    Each level of the plan maps every peg, and with as many disks as pegs there are about as many
    levels as pegs: the solver refuses more than 1,000 pegs
    (:class:`~hanoi_magnet.TooLargeError`) rather than crawl.
    """

    pegs: ClassVar[int] = 4

    @classmethod
    def steps(cls, n: int) -> Sequence[Step]:  # noqa: D102 (documented on the class)
        return _frame_stewart_steps(cls.label, cls.pegs, n)


#: The most pegs a plan of this family is computed for.
_MAX_PEGS = 1000


# Cached: with many pegs each step maps P posts, and the engine resolves a size several times.
@functools.lru_cache(maxsize=4096)
def _frame_stewart_steps(label: str, pegs: int, n: int) -> tuple[Step, ...]:
    if pegs > _MAX_PEGS:
        raise TooLargeError(
            f"{label}: Frame–Stewart plans are computed for at most {_MAX_PEGS:,} pegs "
            f"(each level of the plan maps all {pegs:,} pegs, and there can be as many "
            f"levels as pegs: up to about {pegs**2:,} post maps)"
        )
    last = pegs - 1
    if n == 1:
        return (MoveStep(0, last),)
    k = best_split(n, pegs)
    smaller = "classic" if pegs == 4 else f"classic:{pegs - 1}"
    middle, aside, back = _post_maps(pegs)
    return (
        SubStep(label, aside, disks=k - n),
        SubStep(smaller, middle, disks=-k, largest=True),
        SubStep(label, back, disks=k - n),
    )


@functools.lru_cache(maxsize=1024)
def _post_maps(pegs: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The three post maps of a Frame–Stewart level on ``pegs`` pegs, shared by every size."""
    last = pegs - 1
    # Our pegs with peg 1 taken out, for the P-1 peg middle solve: its peg j is ours ...
    middle = (0, *range(2, pegs))
    # The k smallest go from 0 to 1: their last peg is our 1, their 1 is our last.
    aside = (0, last, *range(2, last), 1)
    back = (1, 0, *range(2, last), last)
    return middle, aside, back


@functools.cache
def _frame_stewart_class(label: str) -> type[PlanSolver]:
    # the variant first: it refuses a peg count too long to be read as a number (int() of
    # 4,300 digits and more raises a raw ValueError) before any int() is taken here
    variant = Variant.from_label(label)
    pegs = variant.posts
    return type(
        f"FrameStewart{pegs}",
        (FrameStewart,),
        {
            "pegs": pegs,
            "label": label,
            "variant": variant,
            "__doc__": f"Frame–Stewart on {pegs} pegs.",
            "__module__": __name__,
        },
    )


default_registry.register_family(r"classic:([4-9]|[1-9]\d+)", _frame_stewart_class)
default_registry.register_family(r"arcs:.*", _arcs_class)
# Listed by labels(): the 14 arc sets without a name of their own, four and five pegs. Other
# family members are made on demand: get() answers to them, labels() does not list them.
for _connected in _arcs.connected():
    _label = normalize_label(f"arcs:{_arcs.spell(_connected)}")
    # not linear, cyclic... under their names (asked of the built-ins only: reading the plugins
    # now would judge them before every built-in label is registered)
    if _label not in default_registry._solvers:
        default_registry.register(_label, _arcs_class(_label))
for _label in ("classic:4", "classic:5"):
    default_registry.register(_label, _frame_stewart_class(_label))
del _connected, _label
