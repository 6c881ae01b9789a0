"""The conformance kit's error (its public home is :mod:`hanoi_magnet.testing`)."""

from __future__ import annotations

from hanoi_magnet.errors import HanoiError, Rule
from hanoi_magnet.model import Move

__all__ = ["ConformanceError"]


class ConformanceError(HanoiError, AssertionError):
    """A solver broke the solver contract.

    The message reads ``[check] label, n=N, move K (the move): what is wrong``.

    Attributes:
        check: which check failed: ``solve``, ``moves``, ``legal``, ``goal``, ``optimal``,
            ``length``, ``per_disk``, ``index``, ``solution``, ``unrank`` or ``rank``.
        label: the variant's label.
        n: the number of disks.
        index: the move index (or, for ``unrank``/``rank``, the position) concerned, if any.
        move: the move concerned, if any.
        rule: the :class:`~hanoi_magnet.Rule` an illegal move breaks, if any.

    Example:
        >>> from hanoi_magnet import Move, Variant
        >>> from hanoi_magnet.testing import ConformanceError, check_solver
        >>> class Hasty:
        ...     variant = Variant.from_label("classic")
        ...     def solve(self, n):
        ...         return [Move(disk, 0, 2) for disk in range(n, 0, -1)]
        >>> try:
        ...     check_solver(Hasty)
        ... except ConformanceError as error:
        ...     caught = error
        >>> print(caught)  # doctest: +NORMALIZE_WHITESPACE
        [legal] classic, n=2, move 0 (2: S -> D): breaks the not on top rule:
        disk 2 is not the top disk of post S (disk 1 is)
        >>> caught.n, caught.index, caught.rule
        (2, 0, <Rule.NOT_ON_TOP: 'not on top'>)
        >>> isinstance(caught, AssertionError)
        True
    """

    def __init__(
        self,
        check: str,
        detail: str,
        *,
        label: str,
        n: int,
        index: int | None = None,
        move: Move | None = None,
        rule: Rule | None = None,
        where: str = "move",
    ) -> None:
        self.check = check
        self.label = label
        self.n = n
        self.index = index
        self.move = move
        self.rule = rule
        place = "" if index is None else f", {where} {index}"
        if move is not None:
            place += f" ({move})"
        super().__init__(f"[{check}] {label}, n={n}{place}: {detail}")


ConformanceError.__module__ = "hanoi_magnet.testing"
