"""Whole blocks: the moves of a small sub-solve, made once per (table, size) and then placed.

A node's moves depend on its table and size, and beyond that only on where it is placed: its
lowest disk, its post map and two flags (walk backwards, turn each move around). The *shape*
of a (table, size) is its moves in its own frame (lowest disk 1, its own posts, forwards) as
two lists, kept with the table's caches: each move's disk, and its posts as one integer
``(source << 20 | target) << 64``, so that ``posts | disk`` is the move's key (posts are below
2^20 and disks below 2^64: ``model._MAX_POSTS``, :data:`~hanoi_magnet.model.MAX_DISKS`). A
shape is made from the shapes of its sub-solves, each placed; placing is C-level work over the
lists: reversed by a slice, posts mapped (and turned around) by one dict look-up a move, disks
shifted by one addition, and, for a block of moves, each ``posts | disk`` turned into its
interned :class:`~hanoi_magnet.model.Move` by one more look-up. So a block costs a few C-level
passes over its moves and one turn of Python per (table, size), not one per sub-solve placed.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Iterator

from hanoi_magnet._engine.records import ensure_checked
from hanoi_magnet._engine.table import Resolved, Table
from hanoi_magnet.model import _MAX_POSTS, MAX_DISKS, Move

#: Bits of a post in a move's key, and where the posts start (the disk is below).
_POST = 20
_PAIR = 64
_MASK = (1 << _POST) - 1
_DISKS = (1 << _PAIR) - 1
assert _MAX_POSTS < 1 << _POST  # (every post fits its field)
assert MAX_DISKS < 1 << _PAIR  # (and every disk)

#: A shape: the disks and the posts (``(source << 20 | target) << 64``) of its moves.
Shape = tuple[list[int], list[int]]


def _pair(source: int, target: int) -> int:
    return (source << _POST | target) << _PAIR


class _Interned(dict[int, Move]):
    """The one Move object of each key ``posts | disk``, made on demand."""

    __slots__ = ()

    def __missing__(self, key: int) -> Move:
        pair = key >> _PAIR
        move = self[key] = Move(key & _DISKS, pair >> _POST, pair & _MASK)
        return move


# Never cleared: a move is the same move in every generation of the caches.
_interned = _Interned()


def interned_move(disk: int, source: int, target: int) -> Move:
    """The one Move object for (disk, source, target)."""
    return _interned[_pair(source, target) | disk]


class _Placed(dict[int, int]):
    """One post map (and whether moves turn around) on a move's posts, filled on demand."""

    __slots__ = ("flip", "posts")

    def __init__(self, posts: tuple[int, ...], flip: bool) -> None:
        super().__init__()
        self.posts = posts
        self.flip = flip

    def __missing__(self, key: int) -> int:
        pair = key >> _PAIR
        source, target = self.posts[pair >> _POST], self.posts[pair & _MASK]
        if self.flip:
            source, target = target, source
        value = self[key] = (source << _POST | target) << _PAIR
        return value


#: Post maps kept at once (each holds the pairs of posts it has placed); beyond, they start over.
PLACED = 4096
_placed: dict[tuple[tuple[int, ...], bool], _Placed] = {}


def _placer(posts: tuple[int, ...], flip: bool) -> _Placed:
    found = _placed.get((posts, flip))
    if found is None:
        if len(_placed) >= PLACED:
            _placed.clear()
        found = _placed[posts, flip] = _Placed(posts, flip)
    return found


def placed(
    shape_: Shape, low: int, posts: tuple[int, ...], back: bool, flip: bool
) -> tuple[Iterable[int], Iterable[int]]:
    """A shape's disks and posts placed: lowest disk ``low`` + 1, posts mapped, backwards or not."""
    disks: Iterable[int]
    pairs: Iterable[int]
    disks, pairs = shape_
    if back:
        disks, pairs = disks[::-1], pairs[::-1]
    if low:
        disks = map(low.__add__, disks)
    if flip or posts != tuple(range(len(posts))):
        pairs = map(_placer(posts, flip).__getitem__, pairs)
    return disks, pairs


def moves(disks: Iterable[int], pairs: Iterable[int]) -> Iterator[Move]:
    """The interned moves of placed disks and posts."""
    return map(_interned.__getitem__, map(operator.or_, pairs, disks))


def shape(table: Table, size: int) -> Shape:
    """The (table, size)'s moves in its own frame: its disks and posts (see the module).

    Made bottom-up with an explicit stack, the shapes of its sub-solves first (plans nest as
    deeply as they like), each (table, size) checked first as an expansion checks it, and
    kept with the table's caches (a generation: :func:`~hanoi_magnet.clear_caches` forgets
    them). Meant for blocks: at most :data:`~hanoi_magnet._engine.table.BLOCK_MOVES` moves.
    """
    found: Shape | None = table.memo.shapes.get(size)
    if found is not None:
        return found
    made: dict[tuple[Table, int], Shape] = {}
    # (table, size, None): to look at; (table, size, its steps): its sub-solves are made.
    pending: list[tuple[Table, int, tuple[Resolved, ...] | None]] = [(table, size, None)]
    pop, push = pending.pop, pending.append
    while pending:
        node, m, steps = pop()
        if steps is None:
            if (node, m) in made:
                continue
            kept = node.memo.shapes.get(m)
            if kept is not None:
                made[node, m] = kept
                continue
            if m not in node.memo.checked:
                ensure_checked(node, m)
            steps = node.resolve(m)
            push((node, m, steps))
            for step in steps:
                if step.table is not None and (step.table, step.disks) not in made:
                    push((step.table, step.disks, None))
            continue
        disks: list[int] = []
        pairs: list[int] = []
        for child, size_, low, posts, reverse, _ in steps:
            if child is None:
                disks.append(low + 1)
                pairs.append(_pair(posts[0], posts[1]))
            else:
                more_disks, more_pairs = placed(made[child, size_], low, posts, reverse, reverse)
                disks.extend(more_disks)
                pairs.extend(more_pairs)
        made[node, m] = (disks, pairs)
    for (node, m), found in made.items():
        node.memo.shapes[m] = found
    return made[table, size]


def clear() -> None:
    """Forget the post maps placed (the moves stay interned)."""
    _placed.clear()
