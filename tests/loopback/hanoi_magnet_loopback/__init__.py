"""The loopback plugin: a solver that reaches hanoi_magnet only through its entry point.

hanoi_magnet's tests install this package, then find, load and check the solver through
``hanoi_magnet.default_registry`` (label ``loopback-classic``), exactly as for a third-party
plugin. The solver is deliberately simple: the textbook recursion, plus the optional
``unrank``/``rank`` methods computed from the binary digits of k.
"""

from __future__ import annotations

from collections.abc import Iterator

from hanoi_magnet import Move, MoveIndexError, NotOnPathError, State, Variant

__all__ = ["RecursiveClassic"]


class RecursiveClassic:
    """The classic puzzle: n - 1 disks aside, the largest across, n - 1 on top.

    >>> [str(move) for move in RecursiveClassic().solve(2)]
    ['1: S -> I', '2: S -> D', '1: I -> D']
    >>> print(RecursiveClassic().unrank(3, 5))
    S: 1 | I: 2 | D: 3
    >>> RecursiveClassic().rank(3, RecursiveClassic().unrank(3, 5))
    5
    """

    variant = Variant.from_label("classic")

    def solve(self, n: int) -> Iterator[Move]:
        """The 2**n - 1 moves, by recursion."""
        return self._moves(n, 0, 1, 2)

    def _moves(self, n: int, source: int, spare: int, target: int) -> Iterator[Move]:
        if n:
            yield from self._moves(n - 1, source, target, spare)
            yield Move(n, source, target)
            yield from self._moves(n - 1, spare, source, target)

    def unrank(self, n: int, k: int) -> State:
        """The position after k moves: disk d has moved iff bit d - 1 of what is left is set."""
        if not 0 <= k < 1 << n:
            raise MoveIndexError(f"k must be in 0..{(1 << n) - 1}, got {k}")
        posts: list[list[int]] = [[], [], []]
        source, spare, target = 0, 1, 2
        for disk in range(n, 0, -1):
            half = 1 << (disk - 1)
            if k < half:  # the disk has not moved; the smaller ones head for the spare
                posts[source].append(disk)
                spare, target = target, spare
            else:  # it has; the smaller ones come from the spare to the target
                posts[target].append(disk)
                k -= half
                source, spare = spare, source
        return State(posts)

    def rank(self, n: int, state: State) -> int:
        """The inverse of unrank; a position off the optimal path raises NotOnPathError."""
        where = {disk: post for post, stack in enumerate(state.posts) for disk in stack}
        k = 0
        source, spare, target = 0, 1, 2
        for disk in range(n, 0, -1):
            if where[disk] == source:
                spare, target = target, spare
            elif where[disk] == target:
                k += 1 << (disk - 1)
                source, spare = spare, source
            else:
                raise NotOnPathError(f"disk {disk} lies on a post the optimal path avoids")
        return k
