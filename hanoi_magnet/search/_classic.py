"""Shortest paths of the classic three-peg puzzle between any positions, without searching.

Two facts about the classic puzzle on three pegs (the Hanoi graph) make this O(n):

* **To a perfect tower** on peg t: look at the disks from the largest down. A disk already on t
  stays; the first one that is not, on peg s, must move to t once, and before that every smaller
  disk must be stacked on the third peg, which becomes the target of the smaller disks. After
  the move, those smaller disks go from a perfect tower onto t: 2^(k-1) - 1 moves for disk k.
  So the distance is the sum of 2^(k-1) over the disks k that are not where they are wanted.
* **Between two positions**: disks larger than the largest disk k that differs never move. Disk
  k moves either once (s -> g, the smaller disks waiting on the third peg o) or twice (s -> o ->
  g: the smaller disks wait on g, travel as a perfect tower to s, and wait there); an optimal
  path never moves it more often. Each option is a sum of tower distances, so compare the two.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from hanoi_magnet.errors import InvalidArgumentError
from hanoi_magnet.model import Move, State, _integer

__all__ = ["classic_distance", "classic_path_to_tower"]


def _placement(state: State, what: str) -> list[int]:
    """The peg of every disk, indexed by size (index 0 unused), for a 3-peg classic state."""
    if not isinstance(state, State):
        raise InvalidArgumentError(f"{what} must be a State, got {type(state).__name__}")
    if state.magnetic or len(state.posts) != 3:
        raise InvalidArgumentError(
            f"{what} must be a classic position on 3 pegs (no faces), got {state!r}"
        )
    pegs = [0] * (state.n + 1)
    for peg, stack in enumerate(state.posts):
        for disk in stack:
            pegs[disk] = peg
    return pegs


def _to_tower(pegs: list[int], disks: int, target: int) -> int:
    """Moves for disks 1..``disks`` (placed as ``pegs`` says) to form a tower on ``target``."""
    if disks <= 0:
        return 0
    bits = bytearray(b"0" * disks)  # binary digits, disk ``disks`` first: O(n) for any n
    for disk in range(disks, 0, -1):
        if pegs[disk] != target:
            bits[disks - disk] = 49  # "1"
            target = 3 - pegs[disk] - target  # the smaller disks must wait on the third peg
    return int(bits, 2)


def classic_distance(start: State, goal: State) -> int:
    """The least number of moves between two classic three-peg positions, in O(n) steps.

    Equal to a breadth-first search over all 3^n positions, without the search.

    Example:
        >>> from hanoi_magnet import State
        >>> from hanoi_magnet.search import classic_distance
        >>> classic_distance(State.tower(3), State.tower(3, 2))
        7
        >>> classic_distance(State([[3], [2, 1], []]), State([[], [3, 2, 1], []]))
        7
    """
    before = _placement(start, "start")
    after = _placement(goal, "goal")
    if len(before) != len(after):
        raise InvalidArgumentError(
            f"the start has {len(before) - 1} disks but the goal has {len(after) - 1}"
        )
    largest = next((d for d in range(len(before) - 1, 0, -1) if before[d] != after[d]), 0)
    if not largest:
        return 0
    source, target = before[largest], after[largest]
    third = 3 - source - target
    smaller = largest - 1
    once = _to_tower(before, smaller, third) + 1 + _to_tower(after, smaller, third)
    twice = (
        _to_tower(before, smaller, target)  # the smaller disks wait on the target...
        + 1  # ...while the largest goes to the third peg,
        + (1 << smaller)
        - 1  # they move as a tower to the source,
        + 1  # the largest goes on to the target,
        + _to_tower(after, smaller, source)  # and they go from the source to the goal
    )
    return min(once, twice)


def classic_path_to_tower(state: State, target: int = 2) -> Iterator[Move]:
    """The moves of the shortest path from ``state`` to a perfect tower on peg ``target``.

    Same as the moves of a breadth-first search to the tower, produced lazily after O(n) set-up
    and in O(1) memory per move; the path has
    ``classic_distance(state, State.tower(n, target))`` moves.

    Example:
        >>> from hanoi_magnet import State
        >>> from hanoi_magnet.search import classic_path_to_tower
        >>> [str(move) for move in classic_path_to_tower(State([[1], [3], [2]]), 0)]
        ['1: S -> D', '3: I -> S', '1: D -> I', '2: D -> S', '1: I -> S']
    """
    pegs = _placement(state, "state")
    target = _integer(target, "target")
    if target > 2:
        raise InvalidArgumentError(f"target must be a peg in 0..2, got {target}")
    # Read the disks from the largest down; each disk k not on its target contributes a
    # segment "move k, then the k - 1 smaller disks as a tower onto k's target", which comes
    # after everything the smaller disks do first. So the segments are played smallest first.
    segments: list[tuple[int, int, int, int]] = []
    for disk in range(len(pegs) - 1, 0, -1):
        source = pegs[disk]
        if source != target:
            third = 3 - source - target
            segments.append((disk, source, target, third))
            target = third
    return _play(segments)


def _play(segments: list[tuple[int, int, int, int]]) -> Iterator[Move]:
    interned: dict[tuple[int, int, int], Move] = {}

    def move(disk: int, source: int, target: int) -> Move:
        key = (disk, source, target)
        found = interned.get(key)
        if found is None:
            found = interned[key] = Move(disk, source, target)
        return found

    for disk, source, target, third in reversed(segments):
        yield move(disk, source, target)
        yield from _tower(disk - 1, third, target, move)


def _tower(
    disks: int, source: int, target: int, move: Callable[[int, int, int], Move]
) -> Iterator[Move]:
    """The 2^disks - 1 moves of a perfect tower from ``source`` to ``target``.

    Move i (1-based) moves the disk d = 1 + (trailing zero bits of i), for the (i >> d)-th time
    (0-based); disk d cycles source -> target -> spare when disks - d is even, else source ->
    spare -> target.
    """
    spare = 3 - source - target
    cycles = [
        (source, target, spare) if (disks - d) % 2 == 0 else (source, spare, target)
        for d in range(disks + 1)
    ]
    for i in range(1, 1 << disks):
        disk = (i & -i).bit_length()
        cycle = cycles[disk]
        turn = (i >> disk) % 3
        yield move(disk, cycle[turn], cycle[(turn + 1) % 3])
