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

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar, TypeAlias

import attrs

from hanoi_magnet.errors import InvalidArgumentError, PlanError, UnsolvableError
from hanoi_magnet.model import Move, _integer, post_name
from hanoi_magnet.variants import Variant

if TYPE_CHECKING:
    from hanoi_magnet._engine import table as _engine_table
    from hanoi_magnet.solution import Solution

__all__ = ["MoveStep", "PlanSolver", "Step", "SubStep", "UnsolvablePlan"]


def _post_number(value: object) -> int:
    if isinstance(value, str) and len(value) == 1 and value.upper() in "SID":
        return "SID".index(value.upper())
    return _integer(value, "a post")


def _post_map(value: object) -> tuple[int, ...]:
    if isinstance(value, str):
        if not all(ch in "SIDsid" for ch in value):
            raise InvalidArgumentError(f"posts as letters must use S, I and D, got {value!r}")
        return tuple("SID".index(ch) for ch in value.upper())
    if isinstance(value, (tuple, list)):
        return tuple(_post_number(p) for p in value)
    raise InvalidArgumentError(f"posts must be letters such as 'SDI' or a tuple, got {value!r}")


def _relative_size(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgumentError(f"a size relative to n must be an int <= 0, got {value!r}")
    if value > 0:
        raise InvalidArgumentError(f"a size relative to n must be <= 0 (n + value), got {value}")
    return value


@attrs.frozen(slots=True)
class MoveStep:
    """A plan step: one move of one of the largest disks.

    Args:
        source: the post it leaves (an int, or ``"S"``, ``"I"``, ``"D"``).
        target: the post it goes to.
        disk: which disk, relative to n: 0 for disk n (the default), -1 for disk n - 1.

    Example:
        >>> from hanoi_magnet import MoveStep
        >>> MoveStep("S", "D")
        MoveStep(source=0, target=2, disk=0)
    """

    source: int = attrs.field(converter=_post_number)
    target: int = attrs.field(converter=_post_number)
    disk: int = attrs.field(default=0, converter=_relative_size)

    def __str__(self) -> str:
        disk = "n" if self.disk == 0 else f"n{self.disk:+d}"
        return f"move disk {disk}: {post_name(self.source)} -> {post_name(self.target)}"


@attrs.frozen(slots=True)
class SubStep:
    """A plan step: solve the variant ``label`` on some of the disks.

    Args:
        label: the variant whose plan table solves this step.
        posts: where its posts go: ``posts[i]`` is our post for its post ``i``; letters
            ``"SDI"`` mean its S is our S, its I our D, its D our I.
        disks: how many disks, relative to n (``-1``: n - 1, ``0``: all n).
        largest: take the largest disks instead of the smallest (Frame–Stewart's middle step).
        reverse: run its solution backwards in time (it then goes from its goal to its start).
        swap: exchange red and blue (its start and goal colours included).

    Example:
        >>> from hanoi_magnet import SubStep
        >>> print(SubStep("RNN", posts="SDI"))
        RNN(n-1): S->S I->D D->I
    """

    label: str
    posts: tuple[int, ...] = attrs.field(default=(0, 1, 2), converter=_post_map)
    disks: int = attrs.field(default=-1, converter=_relative_size)
    largest: bool = False
    reverse: bool = False
    swap: bool = False

    def __attrs_post_init__(self) -> None:
        if len(set(self.posts)) != len(self.posts):
            raise InvalidArgumentError(f"posts must map to distinct posts, got {self.posts}")

    def __str__(self) -> str:
        size = "n" if self.disks == 0 else f"n{self.disks:+d}"
        count = len(self.posts)
        width = max(count, 3)
        mapping = " ".join(
            f"{post_name(i, count)}->{post_name(p, width)}" for i, p in enumerate(self.posts)
        )
        flags = "".join(
            [
                ", largest disks" if self.largest else "",
                ", reversed" if self.reverse else "",
                ", colours swapped" if self.swap else "",
            ]
        )
        return f"{self.label}({size}): {mapping}{flags}"


#: One step of a plan table.
Step: TypeAlias = MoveStep | SubStep


class PlanSolver:
    """Base class of solvers written as plan tables.

    A subclass sets :attr:`plan` (the same table for every n >= 1) or overrides
    :meth:`steps` (a table that depends on n, such as Frame–Stewart's best split). Register it
    with :func:`~hanoi_magnet.register`; sub-steps name other tables by label.

    Example:
        >>> from hanoi_magnet import MoveStep, PlanSolver, Registry, SubStep
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

    @classmethod
    def steps(cls, n: int) -> Sequence[Step]:
        """The plan for ``n`` >= 1 disks (by default :attr:`PlanSolver.plan`).

        Example:
            >>> from hanoi_magnet import default_registry
            >>> [str(s) for s in default_registry.get("classic").steps(3)]
            ['classic(n-1): S->S I->D D->I', 'move disk n: S -> D', 'classic(n-1): S->I I->S D->D']
        """
        return cls.plan

    @classmethod
    def _bind(cls, label: str) -> None:
        """Called on registration: remember the label and parse the variant."""
        if "label" not in cls.__dict__:
            cls.label = label
        if "variant" not in cls.__dict__:
            cls.variant = Variant.from_label(cls.label)
        _PLAN_INDEX.setdefault(cls.label, cls)

    def solve(self, n: int) -> Solution:
        """The optimal solution for ``n`` disks, as a lazy sequence of moves.

        Example:
            >>> from hanoi_magnet import default_registry
            >>> default_registry.solver("NNN").solve(3).length
            11
        """
        from hanoi_magnet.solution import Solution  # noqa: PLC0415 (solution imports plans)

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

    :meth:`solve` returns the empty solution for n = 0 and otherwise raises
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


# --------------------------------------------------------------------------------------------
# Tables: label resolution and the per-class computations.

_PLAN_INDEX: dict[str, type[PlanSolver]] = {}
#: Callables that build a plan class for a family label (e.g. ``classic:7``), or return None.
_PLAN_FAMILIES: list[Callable[[str], type[PlanSolver] | None]] = []


def _plan_class(label: str) -> type[PlanSolver]:
    cls = _PLAN_INDEX.get(label)
    if cls is None:
        for family in _PLAN_FAMILIES:
            made = family(label)
            if made is not None:
                made._bind(label)
                return made
        raise PlanError(f"a plan step names {label!r}, but no plan table has that label")
    return cls


def _table(cls: type[PlanSolver]) -> _engine_table.Table:
    """The engine's table for a plan class (see :mod:`hanoi_magnet._engine.table`)."""
    from hanoi_magnet._engine.table import table_of  # noqa: PLC0415 (the engine imports us)

    return table_of(cls)
