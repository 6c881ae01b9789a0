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

from hanoi_magnet._engine import table as tables
from hanoi_magnet._engine.descent import Walker
from hanoi_magnet._engine.records import ensure_checked, level
from hanoi_magnet._engine.table import Table
from hanoi_magnet.model import Move


class Node(NamedTuple):
    table: Table
    size: int
    low: int
    posts: tuple[int, ...]
    back: bool
    flip: bool


Item: TypeAlias = "tuple[Move, ...] | Node"

_MOVES: dict[tuple[int, int, int], Move] = {}
_COMPOSED: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, ...]] = {}


def interned_move(disk: int, source: int, target: int) -> Move:
    """The one Move object for (disk, source, target)."""
    key = (disk, source, target)
    move = _MOVES.get(key)
    if move is None:
        move = _MOVES[key] = Move(disk, source, target)
    return move


def compose(mapping: tuple[int, ...], posts: tuple[int, ...]) -> tuple[int, ...]:
    """Post map of a sub-solve in place: its post i lands on ``mapping[posts[i]]``."""
    key = (mapping, posts)
    found = _COMPOSED.get(key)
    if found is None:
        found = _COMPOSED[key] = tuple(mapping[p] for p in posts)
    return found


#: How many node expansions and whole blocks are cached (least recently used go first).
EXPANSIONS = 1 << 16
BLOCKS = 4096


def _expansion(node: Node) -> tuple[Item, ...]:
    return tuple(
        block(child) if isinstance(child, Node) and child.size <= child.table.block_level else child
        for child in _items(node)
    )


def _items(node: Node) -> Iterator[Item]:
    """The node's steps in walk order: 1-tuples for moves, child nodes for sub-solves."""
    table, size, low, posts, back, flip = node
    ensure_checked(table, size)
    steps = table.resolve(size)
    for step in reversed(steps) if back else steps:
        if step.table is None:
            source, target = posts[step.posts[0]], posts[step.posts[1]]
            if flip:
                source, target = target, source
            yield (interned_move(low + step.low + 1, source, target),)
            continue
        yield Node(
            step.table,
            step.disks,
            low + step.low,
            compose(posts, step.posts),
            back ^ step.reverse,
            flip ^ step.reverse,
        )


def block(node: Node) -> tuple[Move, ...]:
    """All moves of a small node, as one tuple (in walk order).

    Built bottom-up with an explicit stack, the blocks of its sub-solves first (each cached):
    plans nest as deeply as they like (a classic puzzle on P pegs nests P - 2 tables) without
    recursion.
    """
    found = _blocks.get(node)
    if found is not None:
        return found
    made: dict[Node, tuple[Move, ...]] = {}
    pending: list[tuple[Node, bool]] = [(node, False)]
    while pending:
        current, ready = pending.pop()
        if current in made:
            continue
        if not ready:
            cached = _blocks.get(current)
            if cached is not None:
                made[current] = cached
                continue
            pending.append((current, True))
            pending.extend((item, False) for item in _items(current) if isinstance(item, Node))
            continue
        moves: list[Move] = []
        for item in _items(current):
            moves.extend(made[item] if isinstance(item, Node) else item)
        made[current] = whole = tuple(moves)
        _blocks.put(current, whole)
    return made[node]


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

    def put(self, node: Node, moves: tuple[Move, ...]) -> None:
        with self.lock:
            self.data[node] = moves
            self.data.move_to_end(node)
            while len(self.data) > self.maxsize:
                self.data.popitem(last=False)

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


def _item_length(item: Item) -> int:
    if isinstance(item, Node):
        return item.table.length(item.size)
    return len(item)


def iterate(
    table: Table, n: int, start: int | None = None, *, backwards: bool = False
) -> Iterator[Move]:
    """The moves from index ``start`` on (``backwards``: from ``start`` down to index 0).

    Without ``start``, all of them (no length is computed). With it, the walk to ``start``
    descends the plan (O(n) steps) and leaves the stack of what remains at each level, so no
    prefix is replayed.
    """
    if n == 0:
        return iter(())
    root = Node(table, n, 0, tuple(range(table.posts)), backwards, False)
    if start is None:
        return itertools.chain.from_iterable(_walk([iter(expand(root))]))
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
    """The move at index k (0 <= k < length), by descending the plan: O(n) steps."""
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


def _placed_move(disk: int, mapping: tuple[int, ...], posts: tuple[int, ...], flip: bool) -> Move:
    source, target = mapping[posts[0]], mapping[posts[1]]
    if flip:
        source, target = target, source
    return interned_move(disk, source, target)


def clear_caches() -> None:
    """Forget the cached expansions and blocks."""
    _expand.cache_clear()
    _blocks.clear()
