"""Positions of a binary plan by the bits of k: the classic descent in closed form.

A *binary plan* is a fixed plan table of three steps at every size m: its own m - 1 smaller
disks from the source to the spare, the largest disk from the source to the target, the m - 1
disks back on top — no reversal, no colours. Its lengths are 2^m - 1, so in the descent for
the position after k moves the step taken at the level of disk d is bit d - 1 of k: 0 leaves
disk d on the current source and enters the first sub-solve, 1 puts it on the current target
and enters the second, with the offset unchanged in both cases (clearing the bit is the
subtraction of 2^(d-1)). This is the well-known binary description of the classic solution
(Er, "A representation approach to the Tower of Hanoi problem", The Computer Journal 25(4),
1982; Hinz et al., *The Tower of Hanoi — Myths and Maths*, 2nd ed., Birkhäuser 2018, Chapter 2).

Nothing here is specific to the ``classic`` label: the plan is read off the table (whatever
post maps its two sub-solves use), and the descent is an automaton whose states are the post
maps the descent can reach (six at most on three posts). Its transitions are tabled for four
bits at once, so one hexadecimal digit of k places four disks; the placed posts are kept as
bytes and the stacks are read off them with C-level ``bytes.translate`` and
``itertools.compress``. Tables that are not binary plans take the generic descent.
"""

from __future__ import annotations

from itertools import compress
from typing import NamedTuple

from hanoi_magnet._engine.table import _PROBE, _UNSET, Table
from hanoi_magnet.model import State

#: Digits of k handled per table lookup (hexadecimal digits: four disks each).
_WIDTH = 4
_HEX = "0123456789abcdef"

# One digit's transition: the posts of its disks (largest first, one byte each) and the next
# state. Rows are indexed by state, then by the digit's character.
_Row = dict[str, tuple[bytes, int]]


class Binary(NamedTuple):
    """The automaton of a binary plan: for each digit width, the rows of its states."""

    posts: int
    rows: tuple[tuple[_Row, ...], ...]  # rows[w - 1][state][digit]: a digit of w bits
    masks: tuple[bytes, ...]  # masks[p]: bytes.translate table keeping post p as 1, others 0

    def unrank(self, n: int, k: int) -> State:
        """The position after k moves of n disks (0 <= k <= 2^n - 1)."""
        if n == 0:
            return State._trusted(((),) * self.posts, None)
        digits = format(k, "x")
        count = (n + _WIDTH - 1) // _WIDTH
        if len(digits) < count:
            digits = "0" * (count - len(digits)) + digits
        first = n - _WIDTH * (count - 1)  # bits of the leading digit (1 .. 4)
        piece, state = self.rows[first - 1][0][digits[0]]
        pieces = [piece]
        append = pieces.append
        rows = self.rows[_WIDTH - 1]
        for digit in digits[1:]:
            piece, state = rows[state][digit]
            append(piece)
        where = b"".join(pieces)  # where[i]: the post of disk n - i
        disks = range(n, 0, -1)
        return State._trusted(
            tuple(tuple(compress(disks, where.translate(mask))) for mask in self.masks), None
        )


def binary(table: Table) -> Binary | None:
    """The table's binary automaton, or None (it is not a binary plan); kept in its memo."""
    memo = table.memo
    if memo.binary is _UNSET:
        memo.binary = _derive(table)
    found: Binary | None = memo.binary
    return found


def _derive(table: Table) -> Binary | None:
    """Read the plan: two same-table sub-solves of m - 1 around the largest disk's move."""
    cls = table.cls
    if (
        not table.fixed
        or table.magnetic
        or any(
            getattr(cls, name, None) is not None
            for name in ("start_config", "goal_config", "records", "sizes")
        )
    ):
        return None
    steps = table.resolve(_PROBE)
    if len(steps) != 3:
        return None
    first, move, second = steps
    source, target = table.source, table.target
    for sub in (first, second):
        if (
            sub.table is not table
            or sub.disks != _PROBE - 1
            or sub.low != 0
            or sub.reverse
            or sub.swap
        ):
            return None
    if move.table is not None or move.low != _PROBE - 1 or move.posts != (source, target):
        return None
    one = first.posts
    two = second.posts
    spare = one[target]
    # The sub-solves must join up: the first leaves the source for the spare, the second
    # takes the spare to the target (otherwise the generic descent answers as it always has).
    if one[source] != source or spare in (source, target) or two[source] != spare:
        return None
    if two[target] != target:
        return None
    return _automaton(table.posts, source, target, one, two)


def _automaton(
    posts: int, source: int, target: int, one: tuple[int, ...], two: tuple[int, ...]
) -> Binary:
    identity = tuple(range(posts))
    ids = {identity: 0}
    maps = [identity]
    # One bit: 0 puts the disk on the (mapped) source and enters the first sub-solve.
    bit: list[tuple[tuple[int, int], tuple[int, int]]] = []
    position = 0
    while position < len(maps):
        mapping = maps[position]
        position += 1
        options = []
        for post, sub in ((source, one), (target, two)):
            composed = tuple(mapping[p] for p in sub)
            if composed not in ids:
                ids[composed] = len(maps)
                maps.append(composed)
            options.append((mapping[post], ids[composed]))
        bit.append((options[0], options[1]))
    # Digits of w bits, built from digits of w - 1 bits: the leading bit, then the rest.
    rows: list[tuple[_Row, ...]] = []
    previous: list[dict[int, tuple[bytes, int]]] = [{0: (b"", state)} for state in range(len(maps))]
    for width in range(1, _WIDTH + 1):
        current: list[dict[int, tuple[bytes, int]]] = []
        for state in range(len(maps)):
            entries: dict[int, tuple[bytes, int]] = {}
            for value in range(1 << width):
                lead = value >> (width - 1)
                post, after = bit[state][lead]
                rest, end = previous[after][value & ((1 << (width - 1)) - 1)]
                entries[value] = (bytes((post,)) + rest, end)
            current.append(entries)
        rows.append(tuple({_HEX[v]: entry for v, entry in e.items()} for e in current))
        previous = current
    masks = tuple(bytes(int(q == p) for q in range(256)) for p in range(posts))
    return Binary(posts, tuple(rows), masks)
