"""The steps of plan tables, and the index of plan classes by label (private).

The public home of :class:`MoveStep`, :class:`SubStep` and :data:`Step` is
:mod:`hanoi_magnet.plans`. They live here, below the engine, so that the engine can read plans
without importing the solving layer that :class:`~hanoi_magnet.plans.PlanSolver` belongs to.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar, Protocol, TypeAlias

import attrs

from hanoi_magnet.errors import InvalidArgumentError, PlanError
from hanoi_magnet.model import _integer, post_name
from hanoi_magnet.variants import Variant

__all__ = [
    "MoveStep",
    "PlanClass",
    "PlanTable",
    "Step",
    "SubStep",
    "add_family",
    "plan_class",
    "register_plan",
]


def _post_number(value: object) -> int:
    if isinstance(value, str) and len(value) == 1 and value.upper() in "SID":
        return "SID".index(value.upper())
    return _integer(value, "a post")


def _post_map(value: object) -> tuple[int, ...]:
    if isinstance(value, str):
        if not all(ch in "SIDsid" for ch in value):
            raise InvalidArgumentError(f"posts as letters must use S, I and D, got {value!r}")
        return tuple("SID".index(ch) for ch in value.upper())
    if type(value) is tuple and set(map(type, value)) <= {int} and min(value, default=0) >= 0:
        return value  # already post numbers (checked at C speed: plans on many pegs map many)
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
        >>> from hanoi_magnet.plans import MoveStep
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
        >>> from hanoi_magnet.plans import SubStep
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


class PlanClass(Protocol):
    """What the engine reads of a plan class (see :class:`~hanoi_magnet.plans.PlanSolver`)."""

    label: ClassVar[str]
    variant: ClassVar[Variant]
    plan: ClassVar[tuple[Step, ...]]
    solvable: ClassVar[bool]
    #: Whether the plan is the same for every n (``steps`` not overridden).
    fixed: ClassVar[bool]

    @classmethod
    def steps(cls, n: int) -> Sequence[Step]: ...


class PlanTable:
    """A plan table the engine can run: the base of :class:`~hanoi_magnet.plans.PlanSolver`.

    The engine also makes tables of its own (the derived tower problems of distances).
    """

    #: The table's label (sub-steps name tables by label).
    label: ClassVar[str]
    #: The puzzle it solves.
    variant: ClassVar[Variant]
    #: The plan table, used for every n >= 1 unless :meth:`steps` is overridden.
    plan: ClassVar[tuple[Step, ...]] = ()
    #: False for variants without any solution.
    solvable: ClassVar[bool] = True
    #: True when the plan is the same for every n: :meth:`steps` is not overridden. The engine
    #: then reads lengths off the plan's recurrence and its records off one template.
    fixed: ClassVar[bool] = True

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        steps = getattr(cls.steps, "__func__", None)
        cls.fixed = bool(cls.solvable) and getattr(steps, "plan_default", False)

    @classmethod
    def steps(cls, n: int) -> Sequence[Step]:
        """The plan for ``n`` >= 1 disks (by default :attr:`plan`)."""
        return cls.plan

    steps.__func__.plan_default = True  # type: ignore[attr-defined]


_PLAN_INDEX: dict[str, type[PlanClass]] = {}
#: Callables that build a plan class for a family label (e.g. ``classic:7``), or return None.
_PLAN_FAMILIES: list[Callable[[str], type[PlanClass] | None]] = []


def register_plan(label: str, cls: type[PlanClass]) -> None:
    """Index a plan class under its label (the first one to claim a label keeps it)."""
    _PLAN_INDEX.setdefault(label, cls)


def add_family(factory: Callable[[str], type[PlanClass] | None]) -> None:
    """Let sub-steps name family members (``classic:7``) that ``factory`` makes on demand."""
    _PLAN_FAMILIES.append(factory)


def plan_class(label: str) -> type[PlanClass]:
    """The plan class a sub-step's label names."""
    cls = _PLAN_INDEX.get(label)
    if cls is None:
        for family in _PLAN_FAMILIES:
            made = family(label)
            if made is not None:
                return made
        raise PlanError(f"a plan step names {label!r}, but no plan table has that label")
    return cls
