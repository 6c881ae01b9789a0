"""Where a walk starts: the chain of first sub-solves is found once per solution, and a small
solution is walked from its root (issue 36: every ``iter()`` rebuilt the chain, 8 µs of a
10-disk solution's 12 µs, and walked up from its bottom level by level).

Every registered label, at every size on both sides of each table's block level (where a
sub-solve becomes one cached block) and of its uniform sizes (where the chain takes over),
forwards and backwards, against the plain walk from the root."""

from __future__ import annotations

import itertools

import pytest

from hanoi_magnet import Move, clear_caches, default_registry, labels, solve
from hanoi_magnet._engine import moves as engine_moves
from hanoi_magnet._engine.table import table_of

SOLVABLE = [label for label in labels() if default_registry.get(label).solvable]


def _root(label: str, n: int, back: bool) -> engine_moves.Node:
    table = table_of(default_registry.get(label))
    return engine_moves.Node(table, n, 0, tuple(range(table.posts)), back, False)


def _plain_walk(label: str, n: int, back: bool) -> list:
    """The walk from the root, level by level (cached expansions and blocks)."""
    walked = engine_moves._walk([iter(engine_moves.expand(_root(label, n, back)))])
    return list(itertools.chain.from_iterable(walked))


def _by_the_plan(table, size, low=0, posts=None, back=False, flip=False):
    """The moves read off the plan by plain recursion: no block, expansion or chain."""
    posts = tuple(range(table.posts)) if posts is None else posts
    steps = table.resolve(size) if size else ()
    for step in reversed(steps) if back else steps:
        if step.table is None:
            source, target = posts[step.posts[0]], posts[step.posts[1]]
            yield Move(low + step.low + 1, *((target, source) if flip else (source, target)))
        else:
            mapped = tuple(posts[p] for p in step.posts)
            yield from _by_the_plan(step.table, step.disks, low + step.low, mapped,
                                    back ^ step.reverse, flip ^ step.reverse)  # fmt: skip


def _sizes(label: str) -> list[int]:
    """Both sides of the block level and of the uniform sizes, up to 2^16 moves or so."""
    table = table_of(default_registry.get(label))
    edges = {table.block_level, table.block_level + 1, table.block_level + 2}
    if table.fixed:
        edges |= {table.depth() + engine_moves.UNIFORM + k for k in (-1, 0, 1, 2)}
    sizes = sorted({0, 1, 2, 3, *edges})
    return [n for n in sizes if n >= 0 and solve(label, n).length <= 1 << 16]


@pytest.mark.parametrize("label", SOLVABLE)
def test_small_solutions_iterate_like_the_plain_walk(label):
    for n in _sizes(label):
        solution = solve(label, n)
        for back in (False, True):
            want = _plain_walk(label, n, back) if n else []
            table = table_of(default_registry.get(label))
            assert want == list(_by_the_plan(table, n, back=back)), (label, n, back)
            for walk in ("first", "later"):  # from the bottom, then from the top
                got = list(reversed(solution) if back else solution)
                assert got == want, (label, n, back, walk)
        want = _plain_walk(label, n, False) if n else []
        assert len(want) == solution.length
        for k in (1, 2, len(want) // 2, len(want) - 1):
            if 0 <= k <= len(want):
                assert list(solution.iter_from(k)) == want[k:], (label, n, k)


@pytest.mark.parametrize("label", SOLVABLE)
def test_the_walk_starts_at_the_shallowest_level_with_a_whole_block(label):
    """top, found by arithmetic along the period, against the plain descent: every level
    above it enters a sub-solve that is not a block; its own first item is a block or a move
    (or it is the bottom, the deepest node the chain knows)."""
    table = table_of(default_registry.get(label))
    if not table.fixed:
        return
    for n in sorted({*_sizes(label), 40, 300, 5000}):
        for back in (False, True):
            root = _root(label, n, back) if n else None
            if root is None or not engine_moves._uniform(root):
                continue
            chain = engine_moves.leftmost(root.table, n, back)
            assert 0 <= chain.top <= chain.bottom
            node = root
            for depth in range(chain.top):
                first = engine_moves.expand(node)[0]
                assert isinstance(first, engine_moves.Node), (label, n, back, depth)
                node = first
            assert node == chain.node(chain.top)
            first = engine_moves.expand(node)[0]
            assert chain.top == chain.bottom or not isinstance(first, engine_moves.Node), (
                label, n, back, chain.top, chain.bottom)  # fmt: skip


def test_the_first_walk_starts_at_the_bottom_and_later_ones_at_the_top(monkeypatch):
    """The first moves of a cold solution need only the smallest blocks; once a walk has
    climbed the whole chain, a walk starts at the top (the root of a small solution)."""
    for label, n in (("NNN", 40), ("classic", 300), ("linear", 25)):
        clear_caches()
        solution = solve(label, n)
        assert len(list(solution[:3])) == 3
        next(iter(solution))
        table = solution._backend.table
        chain = engine_moves.leftmost(table, n)
        assert not chain.walked
        built = engine_moves._blocks.data
        assert built and all(node.size < node.table.block_level for node in built), label
    started = []
    original = engine_moves.expand
    monkeypatch.setattr(engine_moves, "expand", lambda node: started.append(node) or original(node))
    for label, n in (("classic", 10), ("NNN", 10), ("cyclic", 9)):
        clear_caches()
        solution = solve(label, n)
        chain = engine_moves.leftmost(solution._backend.table, n)
        assert chain.top < chain.bottom
        started.clear()
        next(iter(solution))
        assert started[0] == chain.node(chain.bottom) and not chain.walked
        first = list(solution)
        assert chain.walked
        started.clear()
        assert list(solution) == first
        assert started[0] == chain.node(chain.top)


def test_iter_builds_the_chain_once_per_solution(monkeypatch):
    built = []
    original = engine_moves.Leftmost.__init__

    def counting(self, root):
        built.append(root)
        original(self, root)

    monkeypatch.setattr(engine_moves.Leftmost, "__init__", counting)
    clear_caches()
    for label, n in (("classic", 10), ("NNN", 20), ("classic", 3000)):
        solution = solve(label, n)
        for _ in range(3):
            next(iter(solution))
            next(reversed(solution))
            list(solution[:3])
    assert len(built) == 6  # forwards and backwards, once each
    clear_caches()
    next(iter(solve("classic", 10)))
    assert len(built) == 7  # clear_caches() lets the chains go


@pytest.mark.parametrize("label", SOLVABLE)
def test_a_cold_table_knows_its_blocks_without_its_block_level(label):
    """is_block(size) before the block level is known (by the length at size alone) is
    size <= block_level at every size up to past the largest block level: lengths grow."""
    table = table_of(default_registry.get(label))
    sizes = range(70)
    clear_caches()
    cold = [table.is_block(size) for size in sizes]
    assert table.memo.block_level < 0  # (not computed on the way)
    level = table.block_level
    assert cold == [size <= level for size in sizes], (label, level)
    assert [table.is_block(size) for size in sizes] == cold


@pytest.mark.parametrize(
    ("label", "n"), [("classic:4", 20), ("classic", 12), ("NNN", 7), ("linear", 7), ("RRB", 6)]
)
def test_blocks_are_shapes_made_once_per_table_and_size_then_placed(monkeypatch, label, n):
    """A block is its (table, size)'s shape placed: every (table, size) the plan reaches gets
    one shape, equal to the plan's moves in its own frame; a node placed anywhere (lowest
    disk, post map, both flags) equals the plan walked there; and a block is made again from
    the kept shapes alone, without reading a plan."""
    clear_caches()
    root = _root(label, n, False)
    built = engine_moves.block(root)
    assert list(built) == list(_by_the_plan(root.table, n))
    assert engine_moves.block(root) is built  # cached
    reached, pending = set(), [(root.table, n)]
    while pending:
        table, size = pending.pop()
        if (table, size) not in reached:
            reached.add((table, size))
            pending += [(s.table, s.disks) for s in table.resolve(size) if s.table is not None]
    assert {(t, m) for t in {t for t, _ in reached} for m in t.memo.shapes} == reached
    assert all(size in table.memo.checked for table, size in reached)  # every one checked
    for table, size in reached:
        own = tuple(range(table.posts))
        assert list(
            engine_moves.blocks.moves(
                *engine_moves.blocks.placed(table.memo.shapes[size], 0, own, False, False)
            )
        ) == list(_by_the_plan(table, size))
    posts = tuple(range(root.table.posts))[::-1]
    for low in (0, 1, 70):
        for back in (False, True):
            for flip in (False, True):
                node = engine_moves.Node(root.table, n, low, posts, back, flip)
                want = list(_by_the_plan(root.table, n, low, posts, back, flip))
                assert list(engine_moves.block(node)) == want, (low, back, flip)
    engine_moves.clear_caches()  # the blocks go, the shapes stay (one generation)
    read = []
    monkeypatch.setattr(type(root.table), "resolve", lambda *args: read.append(args))
    assert engine_moves.block(root) == built
    assert not read  # made again from its shape alone


@pytest.mark.parametrize("kept", [1, 2, 4096])
def test_post_maps_kept_on_both_sides_of_their_bound(monkeypatch, kept):
    """The placed post maps start over beyond PLACED: the moves are the same either way."""
    want = {label: list(_by_the_plan(_root(label, 9, False).table, 9)) for label in
            ("classic:4", "classic:5", "RRB", "linear")}  # fmt: skip
    monkeypatch.setattr(engine_moves.blocks, "PLACED", kept)
    clear_caches()
    for label, moves in want.items():
        assert list(solve(label, 9)) == moves
        assert len(engine_moves.blocks._placed) <= kept
