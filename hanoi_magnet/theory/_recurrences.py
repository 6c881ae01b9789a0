"""The linear recurrences that plan tables imply, with equal-count variants merged.

A fixed plan table for variant V says how S_V(n), its number of moves with n disks, is made:
each sub-solve of W on the n - 1 smallest disks adds S_W(n-1), each move of disk n adds 1, and
a sub-solve of all n disks (a whole-puzzle mirror or relaxation, ``disks=0``) is replaced by the
steps of the table it names. Starting from one label, the variants its sub-solves reach form a
closed family, and S(0) = 0 for all of them.

**Lumping.** Different labels often have equal counts (Levy's RBB and RRB; a time-reversed or
colour-swapped mirror and its original). Two variants certainly have equal counts for every n
if they make the same number of moves of disk n and, after grouping the sub-solves by block,
the same number of sub-solves into each block: then S agrees at n = 1, and by induction at every
n. The coarsest partition with that property is found by refinement (Moore's algorithm: start
from "same number of moves", split blocks by their members' block counts until stable). On the
free puzzle's family it merges RBB into RRB and leaves Lunnon's seven classes.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Mapping
from typing import TypeVar

import attrs

from hanoi_magnet._steps import plan_class
from hanoi_magnet.errors import NoRecurrenceError, PlanError, UnsolvableError
from hanoi_magnet.plans import MoveStep, PlanSolver
from hanoi_magnet.registry import default_registry

__all__ = ["Equation", "Recurrence", "Term", "recurrence"]

#: Lunnon's seven classes in the order of his Markov matrix (as the encyclopedia article
#: *Magnetic Tower of Hanoi* gives it); preferred as names.
_LUNNON_ORDER = ("NNN", "RNN", "NNR", "NBR", "RNB", "RBN", "RRB")

_T = TypeVar("_T")


@attrs.frozen(slots=True)
class Term:
    """One summand of a recurrence.

    Attributes:
        label: the variant solved on the n - 1 smallest disks, or ``None`` for moves of
            disk n (the largest).
        coefficient: how many such sub-solves (or moves) in a row.

    Example:
        >>> from hanoi_magnet.theory import Term
        >>> print(Term("RRB", 2), "+", Term(None))
        2 S_RRB(n-1) + 1
    """

    label: str | None
    coefficient: int = 1

    def __str__(self) -> str:
        if self.label is None:
            return str(self.coefficient)
        factor = "" if self.coefficient == 1 else f"{self.coefficient} "
        return f"{factor}S_{self.label}(n-1)"


@attrs.frozen(slots=True)
class Equation:
    """S_label(n) as a sum of terms, in the order of the plan's steps.

    Attributes:
        label: the variant (the representative of its block of equal-count variants).
        terms: the summands, runs of equal sub-solves merged (``2 S_RRB(n-1)``).
        members: every label in the family whose count equals this one, ``label`` first.

    Example:
        >>> from hanoi_magnet.theory import recurrence
        >>> equation = recurrence("NNN").equations[-1]
        >>> print(equation)
        S_RRB(n) = 2 S_RRB(n-1) + 1 + S_RRB(n-1)
        >>> equation.members, equation.moves
        (('RRB', 'RBB'), 1)
    """

    label: str
    terms: tuple[Term, ...]
    members: tuple[str, ...]

    @property
    def moves(self) -> int:
        """How often the largest disk moves (the constant term)."""
        return sum(t.coefficient for t in self.terms if t.label is None)

    def coefficient(self, label: str) -> int:
        """The total coefficient of S_label(n-1) in this equation."""
        return sum(t.coefficient for t in self.terms if t.label == label)

    def __str__(self) -> str:
        right = " + ".join(str(t) for t in self.terms) or "0"
        return f"S_{self.label}(n) = {right}"


@attrs.frozen(slots=True)
class Recurrence:
    """The recurrence system of one label's family, S(0) = 0 for every variant in it.

    Attributes:
        label: the label that was asked for; its equation comes first.
        equations: one per block of equal-count variants.

    Example:
        >>> from hanoi_magnet.theory import recurrence
        >>> print(recurrence("RBR"))
        S_RBR(n) = 2 S_RRB(n-1) + 1 + 2 S_RRB(n-1) + 1 + 2 S_RRB(n-1)
        S_RRB(n) = 2 S_RRB(n-1) + 1 + S_RRB(n-1)
        where S(0) = 0 and S_RRB = S_RBB
    """

    label: str
    equations: tuple[Equation, ...]

    @property
    def variants(self) -> tuple[str, ...]:
        """The variants of the family, one per equation, in order."""
        return tuple(e.label for e in self.equations)

    def equation(self, label: str) -> Equation:
        """The equation whose block holds ``label``.

        Raises:
            KeyError: ``label`` is not in the family.
        """
        for equation in self.equations:
            if label in equation.members:
                return equation
        raise KeyError(f"{label!r} is not in the family of {self.label}: {self.variants}")

    def __str__(self) -> str:
        merged = [" = ".join(f"S_{m}" for m in e.members) for e in self.equations]
        notes = ["S(0) = 0", *(m for m in merged if " = " in m)]
        where = notes[-1] if len(notes) == 1 else f"{', '.join(notes[:-1])} and {notes[-1]}"
        return "\n".join([*(str(e) for e in self.equations), f"where {where}"])


def recurrence(label: str, *, lumped: bool = True) -> Recurrence:
    """The linear recurrence system that the plan table of ``label`` implies.

    Every variant its plan reaches gets one equation, S_V(n) in terms of counts at n - 1 plus
    the moves of disk n; same-size steps (mirrors, relaxations) are inlined. With ``lumped``
    (the default), variants that provably have equal counts are merged into one equation
    named after Lunnon's classes where possible (see the module docs); without it, every
    reached label keeps its own equation.

    Raises:
        UnknownVariantError: no solver answers to ``label``.
        UnsolvableError: the variant has no solution.
        NoRecurrenceError: the plan changes with n (Frame–Stewart), the solver is not a plan
            table, or the table has steps a recurrence in n - 1 cannot express.

    Example:
        >>> from hanoi_magnet.theory import recurrence
        >>> print(recurrence("NNN").equation("NNN"))
        S_NNN(n) = S_RNN(n-1) + 1 + S_NNR(n-1)
        >>> len(recurrence("NNN").equations), len(recurrence("NNN", lumped=False).equations)
        (7, 8)
    """
    return _recurrence(_plan_solver(label), lumped)


def _plan_solver(label: str) -> type[PlanSolver]:
    """The solver class for ``label``, which must be a solvable plan table."""
    cls = default_registry.get(label)
    if not issubclass(cls, PlanSolver):
        raise NoRecurrenceError(
            f"{label} has no fixed linear recurrence: its solver {cls!r} is not a plan table, "
            "so only its moves are known"
        )
    _require_solvable(cls)
    return cls


def _require_solvable(cls: type[PlanSolver]) -> None:
    if not cls.solvable:
        cls.steps(1)  # an UnsolvablePlan raises UnsolvableError with the reason
        raise UnsolvableError(f"variant {cls.label} has no solution")


def _per_class(func: Callable[[type[PlanSolver]], _T]) -> Callable[[type[PlanSolver]], _T]:
    """Memoise a function of a plan class (there are few classes; errors are not memoised)."""
    cache: dict[type[PlanSolver], _T] = {}

    @functools.wraps(func)
    def cached(cls: type[PlanSolver]) -> _T:
        if cls not in cache:
            cache[cls] = func(cls)
        return cache[cls]

    return cached


def _recurrence(cls: type[PlanSolver], lumped: bool) -> Recurrence:
    return _lumped_recurrence(cls) if lumped else _plain_recurrence(cls)


@_per_class
def _lumped_recurrence(cls: type[PlanSolver]) -> Recurrence:
    return _build(cls, lumped=True)


@_per_class
def _plain_recurrence(cls: type[PlanSolver]) -> Recurrence:
    return _build(cls, lumped=False)


def _build(cls: type[PlanSolver], *, lumped: bool) -> Recurrence:
    _require_solvable(cls)
    rows = _family(cls)
    order = list(rows)
    block = _lump(rows) if lumped else {v: i for i, v in enumerate(order)}
    members: dict[int, list[str]] = {}
    for variant in order:
        members.setdefault(block[variant], []).append(variant)

    def preference(name: str) -> tuple[int, int]:
        lunnon = _LUNNON_ORDER.index(name) if name in _LUNNON_ORDER else len(_LUNNON_ORDER)
        return (name != cls.label, lunnon)

    names = {b: sorted(group, key=preference)[0] for b, group in members.items()}
    blocks = sorted(members, key=lambda b: (*preference(names[b]), order.index(members[b][0])))
    equations = []
    for b in blocks:
        representative = names[b]
        terms: list[Term] = []
        for item in rows[representative]:
            name = None if item is None else names[block[item]]
            if terms and terms[-1].label == name:
                terms[-1] = Term(name, terms[-1].coefficient + 1)
            else:
                terms.append(Term(name))
        group = sorted(members[b], key=preference)
        equations.append(Equation(representative, tuple(terms), tuple(group)))
    return Recurrence(cls.label, tuple(equations))


def _family(cls: type[PlanSolver]) -> dict[str, tuple[str | None, ...]]:
    """Every variant reached by n - 1 sub-solves, with its steps (None: a move of disk n)."""
    rows: dict[str, tuple[str | None, ...]] = {}
    pending = [cls]
    while pending:
        current = pending.pop(0)
        if current.label in rows:
            continue
        try:
            row = _expanded(current, ())
        except NoRecurrenceError as error:
            if current is cls:
                raise
            reason = str(error).split(": ", 1)[-1]
            raise NoRecurrenceError(
                f"{cls.label} has no fixed linear recurrence: its plan reaches "
                f"{current.label}, which has none ({reason})"
            ) from error
        rows[current.label] = tuple(None if c is None else c.label for c in row)
        pending.extend(c for c in row if c is not None)
    return rows


def _expanded(cls: type[PlanSolver], calling: tuple[str, ...]) -> list[type[PlanSolver] | None]:
    """The steps of a fixed table: sub-solves at n - 1 (a class) or moves of disk n (None).

    Same-size sub-solves are replaced by the steps of the table they name.
    """
    if cls.label in calling:
        raise PlanError(f"plan {cls.label} calls itself at the same size via {calling}")
    if not cls.solvable:
        raise PlanError(f"a plan step names {cls.label}, which has no solution")
    if not cls.fixed:
        raise NoRecurrenceError(
            f"{cls.label} has no fixed linear recurrence: its plan table changes with n "
            f"({cls.__name__} overrides steps()), so its counts are computed level by level"
        )
    out: list[type[PlanSolver] | None] = []
    for step in cls.plan:
        if isinstance(step, MoveStep):
            if step.disk != 0:
                raise _unsupported(cls, step)
            out.append(None)
            continue
        if step.largest or step.disks < -1:
            raise _unsupported(cls, step)
        target = _solver_class(step.label)
        if step.disks == 0:
            out.extend(_expanded(target, (*calling, cls.label)))
        else:
            out.append(target)
    return out


def _solver_class(label: str) -> type[PlanSolver]:
    """The plan class a sub-step names (built-in and registered tables are PlanSolvers)."""
    found = plan_class(label)
    if not issubclass(found, PlanSolver):
        raise PlanError(f"a plan step names {label!r}, which is not a PlanSolver")
    return found


def _unsupported(cls: type[PlanSolver], step: object) -> NoRecurrenceError:
    return NoRecurrenceError(
        f"{cls.label} has no fixed linear recurrence in n - 1: its step '{step}' is not a "
        "move of disk n or a sub-solve of the n - 1 (or all n) smallest disks"
    )


def _lump(rows: dict[str, tuple[str | None, ...]]) -> dict[str, int]:
    """The coarsest partition whose blocks have equal moves and equal block-summed rows."""
    block = _renumber({v: row.count(None) for v, row in rows.items()})
    while True:
        signature = {
            v: (block[v], tuple(sorted(Counter(block[w] for w in row if w is not None).items())))
            for v, row in rows.items()
        }
        refined = _renumber(signature)
        if len(set(refined.values())) == len(set(block.values())):
            return refined
        block = refined


def _renumber(keys: Mapping[str, object]) -> dict[str, int]:
    """Block numbers 0, 1, ... in order of first appearance."""
    seen: dict[object, int] = {}
    return {v: seen.setdefault(k, len(seen)) for v, k in keys.items()}
