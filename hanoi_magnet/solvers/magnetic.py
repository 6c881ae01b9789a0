"""Plan tables for the 27 magnetic SID labels: 24 solvable, 3 without any solution.

Reading a table: ``SubStep("RNN", "SDI")`` solves RNN on the n - 1 smallest disks with its S, I,
D on our S, D, I (so the tower goes from S to I); ``MoveStep("S", "D")`` moves disk n.
While a sub-solve runs, the largest disk lies still and acts as its post's colour (its up face),
which is why a free post becomes a coloured one in the sub-solve's label.

Where the tables come from:

* Lunnon's seven (NNN, RNN, NNR, NBR, RNB, RBN, RRB) were derived mechanically: the largest
  disk moves only when the smaller disks form one tower on the third post, so an optimal
  solution is a shortest path through (largest disk's place, smaller tower's place), whose
  tower transfers are sub-solves. Restricted to the seven labels themselves (up to post
  mapping, time reversal and colour swap) the path reproduces Lunnon's recurrences term by
  term and stays optimal; the tests check it against breadth-first search and, for large n,
  against the unrestricted optimum.
* RBB and RRB are Levy's published pair, each calling the other.
* The other eight labels with a red or neutral source are one-line mirrors: the time reversal
  of a listed table, or a listed table whose posts are at least as strict (a solution that
  obeys stricter post colours obeys looser ones). RBR and RNR chain two of Levy's halves.
* The nine labels with a blue source are the colour mirrors of the red ones.
"""

from __future__ import annotations

from hanoi_magnet.plans import MoveStep, PlanSolver, SubStep, UnsolvablePlan
from hanoi_magnet.registry import register

# -- Lunnon's seven -----------------------------------------------------------------------------


@register("NNN")
class NNN(PlanSolver):
    """The free puzzle. S(n) = S_RNN(n-1) + 1 + S_NNR(n-1)."""

    plan = (SubStep("RNN", "SDI"), MoveStep("S", "D"), SubStep("NNR", "ISD", swap=True))


@register("RNN")
class RNN(PlanSolver):
    """S red. S(n) = S_RNN(n-1) + 1 + S_NBR(n-1)."""

    plan = (SubStep("RNN", "SDI"), MoveStep("S", "D"), SubStep("NBR", "ISD", swap=True))


@register("NNR")
class NNR(PlanSolver):
    """D red (the tower ends red up). S(n) = 2 S_RRB(n-1) + 1 + S_RBN(n-1) + 1 + S_RNN(n-1)."""

    plan = (
        SubStep("RRB", "SDI"),
        SubStep("RRB", "DSI", reverse=True),
        MoveStep("S", "I"),
        SubStep("RBN", "DIS"),
        MoveStep("I", "D"),
        SubStep("RNN", "DIS", reverse=True),
    )


@register("NBR")
class NBR(PlanSolver):
    """I blue, D red. S(n) = 2 S_RRB(n-1) + 1 + S_RBN(n-1) + 1 + S_RBN(n-1)."""

    plan = (
        SubStep("RRB", "SDI"),
        SubStep("RRB", "DSI", reverse=True),
        MoveStep("S", "I"),
        SubStep("RBN", "DIS"),
        MoveStep("I", "D"),
        SubStep("RBN", "DIS", reverse=True),
    )


@register("RNB")
class RNB(PlanSolver):
    """S red, D blue. S(n) = S_RBN(n-1) + 1 + S_NBR(n-1)."""

    plan = (SubStep("RBN", "SDI"), MoveStep("S", "D"), SubStep("NBR", "ISD", swap=True))


@register("RBN")
class RBN(PlanSolver):
    """S red, I blue. S(n) = S_RNB(n-1) + 2 S_RRB(n-1) + 1."""

    plan = (
        SubStep("RNB", "SDI"),
        MoveStep("S", "D"),
        SubStep("RRB", "IDS", swap=True),
        SubStep("RRB", "DIS", reverse=True, swap=True),
    )


# -- Levy's pair --------------------------------------------------------------------------------


@register("RRB")
class RRB(PlanSolver):
    """Levy: RRB(n-1) S->D, RBB(n-1) D->I (colours swapped), disk n S->D, RRB(n-1) I->D.

    S(n) = 3 S(n-1) + 1 = (3^n - 1)/2.
    """

    plan = (
        SubStep("RRB", "SID"),
        SubStep("RBB", "DSI", swap=True),
        MoveStep("S", "D"),
        SubStep("RRB", "ISD"),
    )


@register("RBB")
class RBB(PlanSolver):
    """Levy: RBB(n-1) S->I, disk n S->D, RRB(n-1) I->S (colours swapped), RBB(n-1) S->D.

    S(n) = 3 S(n-1) + 1 = (3^n - 1)/2.
    """

    plan = (
        SubStep("RBB", "SDI"),
        MoveStep("S", "D"),
        SubStep("RRB", "IDS", swap=True),
        SubStep("RBB", "SID"),
    )


# -- the other red- or neutral-source labels: mirrors and relaxations ---------------------------


@register("RRN")
class RRN(PlanSolver):
    """RRB's solution: D may be neutral, the tower still ends blue up."""

    plan = (SubStep("RRB", "SID", disks=0),)


@register("NBB")
class NBB(PlanSolver):
    """The time reversal of RRN (run RRB backwards from D to S, colours swapped)."""

    plan = (SubStep("RRB", "DIS", disks=0, reverse=True, swap=True),)


@register("RBR")
class RBR(PlanSolver):
    """Red to red through blue: RRB from S to I, then RBB (colours swapped) from I to D.

    S(n) = 2 S_RRB(n) = 3^n - 1.
    """

    plan = (SubStep("RRB", "SDI", disks=0), SubStep("RBB", "ISD", disks=0, swap=True))


@register("RNR")
class RNR(PlanSolver):
    """As RBR: the two halves never put a red-up disk on the empty I. S(n) = 3^n - 1."""

    plan = (SubStep("RRB", "SDI", disks=0), SubStep("RBB", "ISD", disks=0, swap=True))


@register("NRB")
class NRB(PlanSolver):
    """The time reversal of RBN (colours swapped)."""

    plan = (SubStep("RBN", "DIS", disks=0, reverse=True, swap=True),)


@register("NRN")
class NRN(PlanSolver):
    """NRB's solution: D may be neutral."""

    plan = (SubStep("NRB", "SID", disks=0),)


@register("NBN")
class NBN(PlanSolver):
    """The time reversal of NRN (colours swapped)."""

    plan = (SubStep("NRN", "DIS", disks=0, reverse=True, swap=True),)


@register("NNB")
class NNB(PlanSolver):
    """The time reversal of RNN (colours swapped)."""

    plan = (SubStep("RNN", "DIS", disks=0, reverse=True, swap=True),)


# -- blue sources: the colour mirrors of the red ones ------------------------------------------


def _colour_mirror(label: str) -> type[PlanSolver]:
    red = label.translate(str.maketrans("RB", "BR"))

    class Mirror(PlanSolver):
        plan = (SubStep(red, "SID", disks=0, swap=True),)

    Mirror.__name__ = Mirror.__qualname__ = label
    Mirror.__doc__ = f"The colour mirror of {red}: red and blue swapped everywhere."
    Mirror.__module__ = __name__
    return register(label)(Mirror)


BRR = _colour_mirror("BRR")
BRB = _colour_mirror("BRB")
BRN = _colour_mirror("BRN")
BBR = _colour_mirror("BBR")
BBN = _colour_mirror("BBN")
BNR = _colour_mirror("BNR")
BNB = _colour_mirror("BNB")
BNN = _colour_mirror("BNN")


# -- no solution --------------------------------------------------------------------------------


@register("RRR")
class RRR(UnsolvablePlan):
    """Every post red: the top disk flips to blue and no post accepts it."""


@register("BBB")
class BBB(UnsolvablePlan):
    """Every post blue: the colour mirror of RRR."""


@register("NRR")
class NRR(UnsolvablePlan):
    """The tower starts red up on a neutral post; both other posts are red."""
