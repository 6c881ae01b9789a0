"""Move generation: walk a plan with an explicit stack; small sub-solves come from cached blocks.

A *node* is one sub-solve in place: a table at a size, its lowest disk, where its posts go,
and two flags — ``back`` walks its steps in reverse order, ``flip`` turns each move around. A
time-reversed sub-solve toggles both; reading a sequence backwards toggles only ``back``.

Each node's *expansion* — its steps in walk order, moves as 1-tuples, small sub-solves as whole
blocks (tuples of moves), big ones as child nodes — is computed once and cached, so walking a
solution is mostly C-level iteration over tuples of interned Move objects.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import threading
from collections import OrderedDict
from collections.abc import Iterator
from typing import NamedTuple, TypeAlias

from hanoi_magnet._engine import blocks
from hanoi_magnet._engine import table as tables
from hanoi_magnet._engine.blocks import interned_move
from hanoi_magnet._engine.descent import Walker
from hanoi_magnet._engine.records import ensure_checked, level
from hanoi_magnet._engine.table import Resolved, Table
from hanoi_magnet.model import Move


class Node(NamedTuple):
    table: Table
    size: int
    low: int
    posts: tuple[int, ...]
    back: bool
    flip: bool


Item: TypeAlias = "tuple[Move, ...] | Node"

_COMPOSED: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, ...]] = {}


def compose(mapping: tuple[int, ...], posts: tuple[int, ...]) -> tuple[int, ...]:
    """Post map of a sub-solve in place: its post i lands on ``mapping[posts[i]]``."""
    key = (mapping, posts)
    found = _COMPOSED.get(key)
    if found is None:
        found = _COMPOSED[key] = tuple(map(mapping.__getitem__, posts))
    return found


#: A stream from index k <= SKIP walks from the start and skips k moves (no exact lengths).
SKIP = 4096
#: How many node expansions and whole blocks are cached (least recently used go first).
EXPANSIONS = 1 << 16
BLOCKS = 4096


def _expansion(node: Node) -> tuple[Item, ...]:
    return tuple(
        block(child) if isinstance(child, Node) and child.table.is_block(child.size) else child
        for child in _items(node)
    )


def _items(node: Node) -> tuple[Item, ...]:
    """The node's steps in walk order: 1-tuples for moves, child nodes for sub-solves."""
    table, size, low, posts, back, flip = node
    if size not in table.memo.checked:
        ensure_checked(table, size)
    steps = table.resolve(size)
    found: list[Item] = []
    add = found.append
    new = tuple.__new__  # a Node without NamedTuple's Python-level constructor
    for step in reversed(steps) if back else steps:
        child, disks, offset, mapped, reverse, _ = step
        if child is None:
            source, target = posts[mapped[0]], posts[mapped[1]]
            add((interned_move(low + offset + 1, target, source) if flip else
                 interned_move(low + offset + 1, source, target),))  # fmt: skip
        else:
            add(new(Node, (child, disks, low + offset, compose(posts, mapped),
                           back ^ reverse, flip ^ reverse)))  # fmt: skip
    return tuple(found)


def block(node: Node) -> tuple[Move, ...]:
    """All moves of a small node, as one tuple (in walk order), cached.

    Its (table, size)'s shape placed where the node is (:mod:`~hanoi_magnet._engine.blocks`):
    the shapes of its sub-solves are made once each, however many times they are placed.
    """
    found = _blocks.get(node)
    if found is None:
        table, size, low, posts, back, flip = node
        shape = blocks.shape(table, size)
        found = tuple(blocks.moves(*blocks.placed(shape, low, posts, back, flip)))
        _blocks.put_all({node: found})
    return found


class _Blocks:
    """The cached blocks: a thread-safe least-recently-used map of a bounded size."""

    def __init__(self, maxsize: int) -> None:
        self.maxsize = maxsize
        self.data: OrderedDict[Node, tuple[Move, ...]] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, node: Node) -> tuple[Move, ...] | None:
        with self.lock:
            found = self.data.get(node)
            if found is not None:
                self.data.move_to_end(node)
            return found

    def peek(self, node: Node) -> tuple[Move, ...] | None:
        """The block if cached, without marking it used (a read, safe without the lock)."""
        return self.data.get(node)

    def put_all(self, blocks: dict[Node, tuple[Move, ...]]) -> None:
        with self.lock:
            data = self.data
            for node, moves in blocks.items():
                data[node] = moves
                data.move_to_end(node)
            while len(data) > self.maxsize:
                data.popitem(last=False)

    def clear(self) -> None:
        with self.lock:
            self.data.clear()


_expand = functools.lru_cache(maxsize=EXPANSIONS)(_expansion)
_blocks = _Blocks(BLOCKS)


def expand(node: Node) -> tuple[Item, ...]:
    """The node's steps in walk order: 1-tuples for moves, blocks or child nodes for sub-solves.

    The plan is checked at the node's size the first time it is expanded.
    """
    return _expand(node)


def resize_caches(expansions: int = EXPANSIONS, blocks: int = BLOCKS) -> None:
    """Make new, empty caches of the given sizes (the tests try both sides of the sizes)."""
    global _expand, _blocks  # noqa: PLW0603 (the caches are module state by design)
    _expand = functools.lru_cache(maxsize=expansions)(_expansion)
    _blocks = _Blocks(blocks)


def _walk(stack: list[Iterator[Item]]) -> Iterator[tuple[Move, ...]]:
    """Yield blocks from a stack of item iterators (innermost last)."""
    while stack:
        for item in stack[-1]:
            if isinstance(item, Node):
                stack.append(iter(expand(item)))
                break
            yield item
        else:
            stack.pop()


# --------------------------------------------------------------------------------------------
# The first moves of a huge solution: the chain of first sub-solves, without its upper levels.

#: A node is uniform above its table's depth plus this margin: a fixed table's steps are then
#: those of every larger size (no sub-solve is empty), so its first step depends on its table,
#: post map and flags only, not on its size.
UNIFORM = 1


def _uniform(node: Node) -> bool:
    """Whether the node's first sub-solve is the same at every larger size."""
    table = node.table
    cls = table.cls
    return (
        table.fixed
        and getattr(cls, "records", None) is None
        and getattr(cls, "sizes", None) is None
        and node.size > table.depth() + UNIFORM
    )


def _first_child(node: Node) -> Node | None:
    """The node's first item in walk order if it is a sub-solve (None for a move)."""
    table, size, low, posts, back, flip = node
    ensure_checked(table, size)
    steps = table.resolve(size)
    step = steps[-1] if back else steps[0]
    if step.table is None:
        return None
    return Node(step.table, step.disks, low + step.low, compose(posts, step.posts),
                back ^ step.reverse, flip ^ step.reverse)  # fmt: skip


class Leftmost:
    """The chain of first sub-solves from a root down: the node at any depth in O(1).

    A walk from the start enters the first sub-solve of every level before its first move, so
    a solution of n disks has a chain of about n nodes above its first move. Where the tables
    are uniform (:data:`UNIFORM`), a node's first child depends only on its (table, post map,
    flags), a finite set: the chain is eventually periodic, its size and lowest disk shifting
    by a constant each period. Found once (a few dozen nodes), it gives the node at any depth
    by arithmetic, and :attr:`bottom`, the deepest uniform node, whose walk holds the first
    moves; no exact length is computed.

    The first walk starts at the bottom: its first moves come at once, from the smallest
    blocks. Once a walk has climbed the whole chain, the expansions of its levels are cached,
    and later walks start at :attr:`top`, the shallowest node whose first sub-solve is a whole
    block (or whose first step is a move): a small solution is then walked from its root, a
    few blocks long, without a turn of the walk per level below it.
    """

    __slots__ = ("_top", "bottom", "cycle", "known", "shift", "walked")

    def __init__(self, root: Node) -> None:
        known = [root]
        seen: dict[tuple[object, ...], int] = {}
        self.cycle = -1  # the depth where the period starts (-1: none found)
        self.shift = (0, 0)
        while _uniform(known[-1]):
            child = _first_child(known[-1])
            if child is None:
                break
            key = (child.table, child.posts, child.back, child.flip)
            if _uniform(child) and key in seen:
                first = seen[key]
                shrink = known[first].size - child.size
                if shrink > 0:  # (a plan that calls itself at the same size is refused)
                    self.cycle = first
                    self.shift = (shrink, child.low - known[first].low)
                    break
            seen.setdefault(key, len(known))
            known.append(child)
        self.known = known
        self.bottom = len(known) - 1
        if self.cycle >= 0:  # the deepest node of the period still uniform
            period, (shrink, _) = len(known) - self.cycle, self.shift
            self.bottom = max(
                d + (known[d].size - known[d].table.depth() - UNIFORM - 1) // shrink * period
                for d in range(self.cycle, len(known))
            )
        self._top = -1
        self.walked = False  # whether a walk has climbed the whole chain

    @property
    def top(self) -> int:
        """The shallowest depth whose node's first sub-solve is a whole block (or a move)."""
        if self._top < 0:
            self._top = min(self.bottom, self._first_block() - 1)
        return self._top

    def _first_block(self) -> int:
        """The smallest depth >= 1 whose node its parent's expansion holds as a whole block.

        A node is a block when its size is at most its table's block level; along the period
        a node's table stays and its size drops by a constant, so each phase of the period
        reaches its block level after a number of turns found by division.
        """
        known = self.known
        for depth in range(1, len(known)):
            if known[depth].table.is_block(known[depth].size):
                return depth
        if self.cycle < 0:
            return len(known)  # (past the bottom: the walk starts at the bottom)
        period, (shrink, _) = len(known) - self.cycle, self.shift
        return min(
            d + -(-(known[d].size - known[d].table.block_level) // shrink) * period
            for d in range(self.cycle, len(known))
        )

    def node(self, depth: int) -> Node:
        """The node at ``depth`` (0 is the root) of the chain, for depth <= :attr:`bottom`."""
        if depth < len(self.known):
            return self.known[depth]
        first = self.cycle
        turns, offset = divmod(depth - first, len(self.known) - first)
        table, size, low, posts, back, flip = self.known[first + offset]
        shrink, rise = self.shift
        fields = (table, size - turns * shrink, low + turns * rise, posts, back, flip)
        return tuple.__new__(Node, fields)

    def walk(self) -> Iterator[tuple[Move, ...]]:
        """The root's walk as blocks, from the bottom (the first walk) or from :attr:`top`.

        The walk of the node it starts at, then what remains of each level above it (all but
        its first item, the level below, walked already). Nothing is read before the first
        block is asked for.
        """
        depth = self.top if self.walked else self.bottom
        if depth == 0:
            yield from _walk([iter(expand(self.known[0]))])
        else:
            yield from _walk([self._above(depth), iter(expand(self.node(depth)))])

    def _above(self, depth: int) -> Iterator[Item]:
        """The items of the levels above ``depth``, each after its first (walked already)."""
        for above in range(depth - 1, -1, -1):
            yield from expand(self.node(above))[1:]
        self.walked = True


#: How many chains of first sub-solves are kept (one per table, size and direction).
CHAINS = 1024


def _root_chain(table: Table, n: int, backwards: bool) -> Leftmost:
    return Leftmost(Node(table, n, 0, tuple(range(table.posts)), backwards, False))


_chains = functools.lru_cache(maxsize=CHAINS)(_root_chain)


def leftmost(table: Table, n: int, backwards: bool = False) -> Leftmost:
    """The :class:`Leftmost` chain of the solution of ``n`` disks, walked ``backwards`` or not.

    Built once and kept (the :data:`CHAINS` used last): iterating a solution again costs a
    look-up.
    """
    return _chains(table, n, backwards)


def length_at_least(table: Table, n: int, bound: int) -> bool:
    """Whether the solution has at least ``bound`` moves, without its exact length if it can.

    Each node of the chain of first sub-solves is part of the one above it, so its length is
    a lower bound of the root's: the lengths are read from the bottom up (small sizes, cheap)
    until one reaches ``bound``; only a bound near the whole length needs the root's.
    """
    if n == 0 or bound <= 0:
        return bound <= 0
    if n <= tables.MEMO_SIZES:  # (lengths are memoised)
        if bound == 1:  # any move at all: the first one, by the plan alone (no lengths)
            return _first_move(table, n) is not None
        return table.length(n) >= bound
    found = leftmost(table, n)
    if _uniform(found.known[0]):
        # Galloping up the chain (1, 2, 4, ... levels above the bottom): a few lengths of
        # geometrically growing sizes, so a bound near the whole length costs O(log n) of them.
        depth, step = found.bottom, 1
        while depth > 0:
            node = found.node(depth)
            if node.table.length(node.size) >= bound:
                return True
            depth -= step
            step *= 2
    return table.length(n) >= bound


def _item_length(item: Item) -> int:
    if isinstance(item, Node):
        return item.table.length(item.size)
    return len(item)


def iterate(
    table: Table, n: int, start: int | None = None, *, backwards: bool = False
) -> Iterator[Move]:
    """The moves from index ``start`` on (``backwards``: from ``start`` down to index 0).

    Without ``start``, all of them (no length is computed), the first ones after O(1) steps
    where the plan is fixed (:class:`Leftmost`), so the first moves of a million disks come at
    once. Forwards from ``start`` <= :data:`SKIP`, the same walk, skipping ``start`` moves.
    Otherwise the walk to ``start`` descends the plan (O(n) steps, exact lengths at each
    level) and leaves the stack of what remains at each level, so no prefix is replayed.
    """
    if n == 0:
        return iter(())
    if start is None:
        return itertools.chain.from_iterable(_chains(table, n, backwards).walk())
    if not backwards and start <= SKIP:  # near the start of a uniform plan: no lengths needed
        chain = _chains(table, n, False)
        if _uniform(chain.known[0]):
            return itertools.islice(itertools.chain.from_iterable(chain.walk()), start, None)
    if not 0 <= start < table.length(n):
        return iter(())
    stack: list[Iterator[Item]] = []  # outermost first: the walk resumes the innermost
    walker = Walker(table, n, start, moves=True, stop=tables.MEMO_SIZES)
    while (i := walker.choose()) >= 0:
        node = Node(walker.node, walker.size, walker.base, walker.mapping,
                    backwards ^ walker.flip, walker.flip)  # fmt: skip
        items = expand(node)
        index = len(items) - 1 - i if node.back else i
        stack.append(iter(items[index + 1 :]))
        item = items[index]
        if not isinstance(item, Node):  # a move, or a whole block of moves
            if walker.step(i).table is not None:
                walker.enter(i)
                k = walker.exact_k()
                item = item[len(item) - 1 - k if backwards ^ walker.flip else k :]
            return itertools.chain(item, itertools.chain.from_iterable(_walk(stack)))
        walker.enter(i)
    node = Node(walker.node, walker.size, walker.base, walker.mapping,
                backwards ^ walker.flip, walker.flip)  # fmt: skip
    k = walker.exact_k()
    if node.back:  # the walk runs the node backwards: its walk index counts from the end
        k = node.table.length(node.size) - 1 - k
    while True:
        items = expand(node)
        bounds = list(itertools.accumulate(map(_item_length, items), initial=0))
        i = bisect.bisect_right(bounds, k) - 1
        stack.append(iter(items[i + 1 :]))
        item, k = items[i], k - bounds[i]
        if not isinstance(item, Node):
            head = item[k:]
            break
        node = item
    return itertools.chain(head, itertools.chain.from_iterable(_walk(stack)))


def move_at(table: Table, n: int, k: int) -> Move:
    """The move at index k (0 <= k < length), by descending the plan: O(n) steps.

    Near the start (k <= :data:`SKIP`) of a fixed plan beyond the memoised sizes, by walking
    the first moves instead: the descent would need the exact lengths of every level.
    """
    if k == 0 and n <= tables.MEMO_SIZES:
        first = _first_move(table, n)
        if first is not None:
            return first
    if k <= SKIP and n > tables.MEMO_SIZES and _uniform(Node(table, n, 0, (), False, False)):
        return next(itertools.islice(iterate(table, n), k, None))
    walker = Walker(table, n, k, moves=True, stop=tables.MEMO_SIZES)
    while (i := walker.choose()) >= 0:
        step = walker.step(i)
        if step.table is None:
            return _placed_move(walker.base + step.low + 1, walker.mapping, step.posts,
                                walker.flip)  # fmt: skip
        walker.enter(i)
    node, size, base, mapping, flip = (
        walker.node,
        walker.size,
        walker.base,
        walker.mapping,
        walker.flip,
    )
    k = walker.exact_k()
    while True:
        record = level(node, size)
        prefix = record.prefix
        i = bisect.bisect_right(prefix, k) - 1
        child, disks, low, posts, reverse, _ = record.steps[i]
        if child is None:
            return _placed_move(base + low + 1, mapping, posts, flip)
        k -= prefix[i]
        if reverse:
            k = prefix[i + 1] - prefix[i] - 1 - k
            flip = not flip
        node, size, base, mapping = child, disks, base + low, compose(mapping, posts)


def _first_move(table: Table, n: int) -> Move | None:
    """The first move, depth first in walk order by the plan alone (no lengths, no records).

    A time-reversed sub-solve is walked from its last step, its moves turned around; a
    sub-solve without moves (a path's level where nothing moves) is passed over. None if there
    is no move at all. A fixed plan is read at one size for all (:func:`tables.steps_at`).
    Kept for sizes up to :data:`tables.MEMO_SIZES` (asked twice by ``solution[0]``).
    """
    firsts = table.memo.firsts
    if n in firsts:
        found: Move | None = firsts[n]
        return found
    found = _walk_to_first_move(table, n)
    if n <= tables.MEMO_SIZES:
        firsts[n] = found
    return found


def _walk_to_first_move(table: Table, n: int) -> Move | None:
    steps, shift = tables.steps_at(table, n)
    frames: list[tuple[Iterator[Resolved], int, int, tuple[int, ...], bool]] = [
        (iter(steps), shift, 0, tuple(range(table.posts)), False)
    ]
    while frames:
        steps_left, shift, low, mapping, back = frames[-1]
        step = next(steps_left, None)
        if step is None:
            frames.pop()
            continue
        if step.table is None:
            return _placed_move(low + step.low + shift + 1, mapping, step.posts, back)
        inner, inner_shift = tables.steps_at(step.table, step.disks + shift)
        inner_back = back ^ step.reverse
        frames.append(
            (iter(inner[::-1] if inner_back else inner), inner_shift, low + step.low,
             compose(mapping, step.posts), inner_back)
        )  # fmt: skip
    return None


def _placed_move(disk: int, mapping: tuple[int, ...], posts: tuple[int, ...], flip: bool) -> Move:
    source, target = mapping[posts[0]], mapping[posts[1]]
    if flip:
        source, target = target, source
    return interned_move(disk, source, target)


def clear_caches() -> None:
    """Forget the cached expansions, blocks and chains."""
    blocks.clear()
    _expand.cache_clear()
    _chains.cache_clear()
    _blocks.clear()
