"""The plan engine: a solver is a table of steps, and everything else is derived from it.

A plan solves a variant with n disks as a short list of steps, each either

* a :class:`MoveStep`: one move of one of the largest disks, or
* a :class:`SubStep`: a solve of some variant on a range of the disks (usually the n - 1
  smallest), its posts mapped onto ours, optionally run backwards in time (``reverse``) and
  optionally with red and blue swapped (``swap``).

From the table alone the engine computes exact lengths and per-disk counts, generates the moves
lazily (an explicit stack, no recursion limit), finds the move or the position at any index in
O(n) steps (:meth:`~hanoi_magnet.Solution.unrank`), and the index of a position
(:meth:`~hanoi_magnet.Solution.rank`). Tables are checked as they are used: every sub-solve must
start where the previous step left its disks, and the last step must leave the goal.

Sizes in a table are relative to n: ``MoveStep(..., disk=0)`` moves disk n, ``disk=-1`` disk
n - 1; ``SubStep(..., disks=-1)`` solves n - 1 disks and ``disks=0`` all n (a whole-puzzle
mirror or relaxation of another table).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from hanoi_magnet._steps import MoveStep, PlanTable, Step, SubStep, register_plan
from hanoi_magnet.errors import PlanError, UnsolvableError
from hanoi_magnet.model import Move
from hanoi_magnet.solution import Solution
from hanoi_magnet.variants import Variant

__all__ = ["MoveStep", "PlanSolver", "Step", "SubStep", "UnsolvablePlan"]


class PlanSolver(PlanTable):
    """Base class of solvers written as plan tables.

    A subclass sets :attr:`plan` (the same table for every n >= 1) or overrides
    :meth:`steps` (a table that depends on n, such as Frame–Stewart's best split). Register it
    with :func:`~hanoi_magnet.register`; sub-steps name other tables by label.

    Example:
        >>> from hanoi_magnet import Registry
        >>> from hanoi_magnet.plans import MoveStep, PlanSolver, SubStep
        >>> registry = Registry()
        >>> @registry.register("classic")
        ... class Classic(PlanSolver):
        ...     '''The classic recursion: n-1 aside, the largest across, n-1 on top.'''
        ...     plan = (SubStep("classic", "SDI"), MoveStep("S", "D"), SubStep("classic", "ISD"))
        >>> registry.solve("classic", 10).length
        1023
    """

    #: The label the solver is registered under (set by :func:`~hanoi_magnet.register`).
    label: ClassVar[str]
    #: The puzzle it solves (parsed from the label unless the class sets it).
    variant: ClassVar[Variant]
    #: The plan table, used for every n >= 1 unless :meth:`steps` is overridden.
    plan: ClassVar[tuple[Step, ...]] = ()
    #: False for variants without any solution (see :class:`UnsolvablePlan`).
    solvable: ClassVar[bool] = True
    #: Whether the plan is the same for every n (:meth:`steps` not overridden); the engine then
    #: reads lengths off the plan's recurrence and its records off one template.
    fixed: ClassVar[bool] = True

    @classmethod
    def steps(cls, n: int) -> Sequence[Step]:
        """The plan for ``n`` >= 1 disks (by default :attr:`PlanSolver.plan`).

        Example:
            >>> from hanoi_magnet import default_registry
            >>> [str(s) for s in default_registry.get("classic").steps(3)]
            ['classic(n-1): S->S I->D D->I', 'move disk n: S -> D', 'classic(n-1): S->I I->S D->D']
        """
        return cls.plan

    steps.__func__.plan_default = True  # type: ignore[attr-defined]  # the fixed plan

    @classmethod
    def _bind(cls, label: str) -> None:
        """Called on registration: remember the label and parse the variant."""
        if "label" not in cls.__dict__:
            cls.label = label
        if "variant" not in cls.__dict__:
            cls.variant = Variant.from_label(cls.label)
        register_plan(cls.label, cls)

    def solve(self, n: int) -> Solution:
        """The optimal solution for ``n`` disks, as a lazy sequence of moves.

        Example:
            >>> from hanoi_magnet import default_registry
            >>> default_registry.solver("NNN").solve(3).length
            11
        """
        return Solution._from_plan(type(self), n)

    @classmethod
    def describe(cls) -> str:
        """The plan table as text, one step per line.

        Example:
            >>> from hanoi_magnet import default_registry
            >>> print(default_registry.get("NNN").describe())
            NNN(n) =
              RNN(n-1): S->S I->D D->I
              move disk n: S -> D
              NNR(n-1): S->I I->S D->D, colours swapped
        """
        lines = [f"{cls.label}(n) ="]
        try:
            lines.extend(f"  {step}" for step in cls.plan or cls.steps(4))
        except UnsolvableError as error:
            lines.append(f"  no solution: {error}")
        return "\n".join(lines)


class UnsolvablePlan(PlanSolver):
    """Base class for variants with no solution for any n >= 1.

    It has no plan; :meth:`steps` raises instead.

    :meth:`~PlanSolver.solve` returns the empty solution for n = 0 and otherwise raises
    :class:`~hanoi_magnet.UnsolvableError` naming why: in the start position only the top disk
    can move, and every move it has breaks a rule.

    Example:
        >>> from hanoi_magnet import solve
        >>> print(solve("NRR", 0).length)
        0
    """

    solvable: ClassVar[bool] = False

    @classmethod
    def steps(cls, n: int) -> Sequence[Step]:  # noqa: D102 (documented on PlanSolver)
        raise UnsolvableError(cls.reason(n))

    @classmethod
    def reason(cls, n: int) -> str:
        """Why there is no solution with ``n`` disks (computed from the rules).

        Example:
            >>> from hanoi_magnet import default_registry
            >>> print(default_registry.get("RRR").reason(1))  # doctest: +NORMALIZE_WHITESPACE
            variant RRR has no solution for 1 disk: no legal first move (disk 1: S -> I breaks
            the post color rule; disk 1: S -> D breaks the post color rule)
        """
        start = cls.variant.start(max(n, 1))
        rules = cls.variant.rules
        if rules.legal_moves(start):
            raise PlanError(f"{cls.label} is marked unsolvable but has a legal first move")
        tries = []
        for target in range(rules.posts):
            if target != cls.variant.source:
                move = Move(1, cls.variant.source, target)
                found = rules._violation(start, move)
                assert found is not None
                path = move.format(rules.posts).split(": ", 1)[1]
                tries.append(f"{path} breaks the {found[0].value} rule")
        return (
            f"variant {cls.label} has no solution for {n} disk{'' if n == 1 else 's'}: "
            "no legal first move "
            f"(disk 1: {'; disk 1: '.join(tries)})"
        )
