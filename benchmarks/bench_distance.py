"""Distances and shortest paths between any two positions on three posts.

Targets (issue "Any position to any position"): ``distance`` between random positions of NNN
with 1,000 disks under 20 ms and with 10,000 disks under 2 s; building a path under twice the
time of ``distance``; iterating a path at no less than half the Python floor, like a
``Solution``; and the speed-up over the breadth-first search of 0.1 (bidirectional, the only
method before) at NNN with 12 disks.

Every time is the median of several runs. "Warm" means the rules' tower tables are already
derived (they are derived once per rules object and kept); "cold" clears every cache first.
The floor for ``distance`` is a loop of n big-integer additions on numbers of the distance's
size: the least work any level-by-level answer must do. Random positions are drawn uniformly
among the legal positions that are not dead ends (each disk on a random post; under magnetic
rules every post's disks show one random face, as they must).
"""

from __future__ import annotations

import random
import sys
import time
import tracemalloc
from collections import deque
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._harness import compare, measure, table
from hanoi_magnet import ClassicRules, Color, MagneticRules, Rules, State, clear_caches
from hanoi_magnet._engine import records, routes
from hanoi_magnet._engine.chains import Chains
from hanoi_magnet._engine.table import table_of
from hanoi_magnet.search import _bidirectional, classic_distance, distance, shortest_path

RULES = MagneticRules("NNN")


def random_position(rules: Rules, n: int, rng: random.Random) -> State:
    """A uniformly random legal position that is not a dead end (rejection).

    Under NNN rules the positions no move leaves (every post's top disk repelled everywhere)
    are isolated; every other legal position is in one connected whole (checked by
    breadth-first search for n <= 6 in the tests).
    """
    while True:
        posts: list[list[int]] = [[], [], []]
        for disk in range(n, 0, -1):
            posts[rng.randrange(3)].append(disk)
        if not rules.magnetic:
            return State(posts)
        colours = [rng.choice((Color.RED, Color.BLUE)) for _ in range(3)]
        faces = [Color.RED] * n
        for post, disks in enumerate(posts):
            for disk in disks:
                faces[disk - 1] = colours[post]
        state = State(posts, faces=faces)
        if rules.is_legal_state(state) and rules.legal_moves(state):
            return state


def floor(n: int, size: int) -> int:
    """n additions of numbers of ``size`` bits."""
    total, step = 0, (1 << size) - 1
    for _ in range(n):
        total += step
    return total


def hinz(start: State, goal: State) -> int:
    """Hinz's formula for the classic puzzle, in 20 lines of plain Python (the baseline)."""
    a, b = [0] * (start.n + 1), [0] * (start.n + 1)
    for pegs, state in ((a, start), (b, goal)):
        for peg, stack in enumerate(state.posts):
            for disk in stack:
                pegs[disk] = peg

    def tower(pegs: list[int], disks: int, target: int) -> int:
        total = 0
        for disk in range(disks, 0, -1):
            if pegs[disk] != target:
                total += 1 << (disk - 1)
                target = 3 - pegs[disk] - target
        return total

    k = next((d for d in range(start.n, 0, -1) if a[d] != b[d]), 0)
    if not k:
        return 0
    s, g = a[k], b[k]
    o = 3 - s - g
    once = tower(a, k - 1, o) + 1 + tower(b, k - 1, o)
    return min(once, tower(a, k - 1, g) + (1 << (k - 1)) + 1 + tower(b, k - 1, s))


def classic_rows(rng: random.Random) -> None:
    """search.distance on classic rules against Hinz's formula (plain) and classic_distance."""
    rules = ClassicRules()
    rows = []
    for n in (10, 12, 100, 1_000):
        pairs = [
            (random_position(rules, n, rng), random_position(rules, n, rng)) for _ in range(50)
        ]
        assert all(hinz(*p) == distance(rules, *p) == classic_distance(*p) for p in pairs)
        base = measure("hinz", lambda ps=pairs: [hinz(*p) for p in ps], repeat=9)
        ours = measure("distance", lambda ps=pairs: [distance(rules, *p) for p in ps], repeat=9)
        own = measure("classic", lambda ps=pairs: [classic_distance(*p) for p in ps], repeat=9)
        macro = measure(
            "macro",
            lambda ps=pairs: [Chains(rules, *p, record=False, counting=False) for p in ps],
            repeat=3,
        )
        rows.append(
            [
                f"classic n={n:,}",
                f"{base.per(len(pairs)) * 1e6:.1f}",
                f"{ours.median / base.median:.2f}x",
                f"{own.median / base.median:.2f}x",
                f"{macro.median / base.median:.1f}x",
            ]
        )
    for n in (10_000, 100_000, 1_000_000):
        start, goal = random_position(rules, n, rng), random_position(rules, n, rng)
        tracemalloc.start()
        began = time.perf_counter()
        found = distance(rules, start, goal)
        spent = time.perf_counter() - began
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert found == hinz(start, goal)
        rows.append(
            [f"classic n={n:,}", "", f"{spent * 1e3:.0f} ms", f"peak {peak / 2**20:.0f} MiB", ""]
        )
    print(
        table(
            "search.distance(ClassicRules(), a, b) against a 20-line Hinz formula (µs per pair, "
            "50 random pairs; ratios = time / Hinz; the macro search is what distance ran before)",
            rows,
            ["case", "Hinz µs", "distance", "classic_distance", "macro search"],
        )
    )
    print()


def compiled_rows(rng: random.Random) -> None:
    """Chains over the compiled macro graphs (what distance runs) against the general search
    (Chains(compiled=False), what it ran before), alternating in the same process."""
    rows = []
    for n, target in ((100, None), (1_000, 0.020), (10_000, None)):
        pairs = [(random_position(RULES, n, rng), random_position(RULES, n, rng)) for _ in range(5)]
        for pair in pairs:
            assert (
                Chains(RULES, *pair, record=False, counting=False).distance
                == Chains(RULES, *pair, record=False, counting=False, compiled=False).distance
                == distance(RULES, *pair)
            )
        repeat = 3 if n > 1_000 else 7
        timed = [
            compare(
                lambda p=pair: Chains(RULES, *p, record=False, counting=False, compiled=False),
                lambda p=pair: Chains(RULES, *p, record=False, counting=False),
                repeat=repeat,
            )
            for pair in pairs
        ]
        general = sorted(t[0].median for t in timed)[2]
        ours = sorted(t[1].median for t in timed)[2]
        ratio = sorted(t[2] for t in timed)[2]
        api = sorted(
            measure("distance", lambda p=pair: distance(RULES, *p), repeat=repeat).median
            for pair in pairs
        )[2]
        rows.append(
            [
                f"NNN n={n:,}",
                f"{general * 1e3:.1f}",
                f"{ours * 1e3:.1f}",
                f"{ratio:.2f}x",
                f"{api * 1e3:.1f}",
                _target(target, api),
                f"{28 / ratio:.1f}" if target else "",
            ]
        )
    print(
        table(
            "distance(NNN) between random positions: the compiled macro graphs against the "
            "general search (ms, medians over 5 pairs, the two alternating; speed-up = general "
            "/ compiled). 'at 28 ms': 28 ms (the general search's time "
            "measured for 0.2.0) / speed-up",
            rows,
            ["case", "general", "compiled", "speed-up", "distance", "target", "at 28 ms"],
        )
    )
    print()


def _old_route_memory() -> tuple[object, object]:
    """Make the route tables keep every size's length and record again (the old engine)."""
    saved = (routes.RouteTable.__dict__["exact_length"], records._keep)
    del routes.RouteTable.exact_length  # lengths: the plan's own sums, memoised at every size
    records._keep = lambda node, m: m <= 256 or not node.fixed  # type: ignore[assignment]
    return saved


def _restore(saved: tuple[object, object]) -> None:
    routes.RouteTable.exact_length = saved[0]  # type: ignore[assignment,method-assign]
    records._keep = saved[1]  # type: ignore[assignment]


def _kept_bits(path: object) -> int:
    """The bits of exact lengths a path's route keeps: its tables' memoised lengths and level
    records' prefix sums, and its parts' kept sums (the new engine)."""
    route = path._backend.table.cls.route  # type: ignore[attr-defined]
    bits = 0
    for part in route.tables.values():
        memo = table_of(part).memo
        bits += sum(value.bit_length() for value in memo.lengths.values())
        bits += sum(x.bit_length() for record in memo.levels.values() for x in record.prefix)
    held = route.lengths
    for pair in (*held.low, *held.checkpoints, held.cursor[1:]):
        bits += sum(x.bit_length() for x in pair)
    return bits


def path_memory_rows(rng: random.Random) -> None:
    """Peak and held memory (tracemalloc) of building a path and reading three positions deep
    inside it, with the route's lengths in O(n) bits against every size kept (the old engine,
    restored in the same process)."""
    rows = []
    for n in (1_000, 2_000, 4_000):
        start, goal = random_position(RULES, n, rng), random_position(RULES, n, rng)
        length = distance(RULES, start, goal)
        found = []
        for old in (True, False):
            saved = _old_route_memory() if old else None
            try:
                clear_caches()
                shortest_path(
                    RULES, *(random_position(RULES, 40, rng) for _ in "ab")
                )  # tables derived
                tracemalloc.start()
                began = time.perf_counter()
                path = shortest_path(RULES, start, goal)
                states = [path.unrank(length * j // 4) for j in (1, 2, 3)]
                spent = time.perf_counter() - began
                held, peak = tracemalloc.get_traced_memory()
                tracemalloc.stop()
                found.append((peak, held, spent, states, _kept_bits(path)))
                del path
            finally:
                if saved is not None:
                    _restore(saved)
        assert found[0][3] == found[1][3]
        (old_peak, old_held, old_time, _, old_kept), (peak, held, spent, _, kept) = found
        rows.append(
            [
                f"NNN n={n:,}",
                f"{n * length.bit_length() / 8 / 2**20:.1f}",
                f"{old_peak / 2**20:.1f} / {old_held / 2**20:.1f}",
                f"{peak / 2**20:.1f} / {held / 2**20:.1f}",
                f"{old_held / max(held, 1):.1f}x",
                f"{old_kept / 8 / 2**10:,.0f} / {kept / 8 / 2**10:,.0f}",
                f"{old_time:.1f} / {spent:.1f}",
            ]
        )
    clear_caches()
    print(
        table(
            "A shortest path between random positions, built and read at 3 indices: memory "
            "(MiB, tracemalloc peak / held at the end) with every size's exact length kept "
            "(before) and in O(n) bits (after); n x bits is what the old refusal estimated; "
            "time in s",
            rows,
            [
                "case",
                "n x bits",
                "before",
                "after",
                "held before/after",
                "lengths KiB before/after",
                "time before/after",
            ],
        )
    )
    print()


def main() -> None:
    rng = random.Random(2026)
    compiled_rows(rng)
    path_memory_rows(rng)
    if "--quick" in sys.argv:
        return
    classic_rows(rng)
    rows = []
    for n, target in ((100, None), (1_000, 0.020), (10_000, 2.0)):
        pairs = [(random_position(RULES, n, rng), random_position(RULES, n, rng)) for _ in range(5)]
        clear_caches()
        cold = measure("cold", lambda p=pairs[0]: distance(RULES, *p), repeat=1, warmup=0)
        warm = [
            measure("warm", lambda p=pair: distance(RULES, *p), repeat=3 if n > 1_000 else 7)
            for pair in pairs
        ]
        median = sorted(t.median for t in warm)[len(warm) // 2]
        size = distance(RULES, *pairs[0]).bit_length()
        base = measure("floor", lambda n=n, size=size: floor(n, size), repeat=5)
        path = measure(
            "path", lambda p=pairs[0]: shortest_path(RULES, *p), repeat=3 if n > 1_000 else 7
        )
        rows.append(
            [
                f"NNN n={n:,}",
                f"{cold.median * 1e3:.1f}",
                f"{median * 1e3:.1f}",
                ""
                if target is None
                else f"{target * 1e3:.0f} ({'met' if median < target else 'NOT met'})",
                f"{median / base.median:.0f}x",
                f"{path.median / warm[0].median:.2f}x",
            ]
        )
    print(
        table(
            "distance between random legal positions (ms, medians over 5 pairs; path build as a "
            "multiple of distance for the same pair; target < 2x)",
            rows,
            ["case", "cold", "warm", "target", "vs floor", "path/distance"],
        )
    )

    # Iterating a path against the floor (a prebuilt list of the same moves).
    rows = []
    for n in (16, 18):
        start, goal = random_position(RULES, n, rng), random_position(RULES, n, rng)
        path = shortest_path(RULES, start, goal)
        prebuilt = list(path)
        ours = measure("path", lambda p=path: deque(p, maxlen=0), repeat=5)
        base = measure("floor", lambda p=prebuilt: deque(p, maxlen=0), repeat=5)
        loop_base = measure("loop", lambda p=prebuilt: _loop(p), repeat=5)
        ours_loop = measure("path loop", lambda p=path: _loop(p), repeat=5)
        rows.append(
            [
                f"NNN n={n} random pair",
                f"{len(prebuilt):,}",
                f"{base.median / ours.median:.2f}x",
                f"{loop_base.median / ours_loop.median:.2f}x",
            ]
        )
    print()
    print(
        table(
            "Iterating a path (floor/ours; at least 0.5x is the target)",
            rows,
            ["case", "moves", "deque", "for loop"],
        )
    )

    # Against the breadth-first search (bidirectional, the method before), NNN with 12 disks.
    rows = []
    for n in (10, 12):
        pairs = [(random_position(RULES, n, rng), random_position(RULES, n, rng)) for _ in range(3)]
        bfs = [measure("bfs", lambda p=pair: _search(p), repeat=1, warmup=0) for pair in pairs]
        ours = [measure("ours", lambda p=pair: distance(RULES, *p), repeat=5) for pair in pairs]
        for pair in pairs:
            assert _search(pair) == distance(RULES, *pair)
        bfs_median = sorted(t.median for t in bfs)[1]
        ours_median = sorted(t.median for t in ours)[1]
        rows.append(
            [
                f"NNN n={n}",
                f"{bfs_median:.2f} s",
                f"{ours_median * 1e3:.2f} ms",
                f"{bfs_median / ours_median:,.0f}x",
            ]
        )
    print()
    print(
        table(
            "Against bidirectional breadth-first search (medians over 3 random pairs, same "
            "answers)",
            rows,
            ["case", "search", "level by level", "speed-up"],
        )
    )


def _target(target: float | None, median: float) -> str:
    if target is None:
        return ""
    return f"{target * 1e3:.0f} ({'met' if median < target else 'NOT met'})"


def _search(pair: tuple[State, State]) -> int:
    return _bidirectional.distance(RULES, *pair, max_states=10**8)


def _loop(iterable: object) -> None:
    for _ in iterable:  # type: ignore[attr-defined]
        pass


if __name__ == "__main__":
    main()
