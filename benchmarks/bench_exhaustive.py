"""Exhaustive search: positions per second of each engine against today's search, in one run.

Baseline ("today"): the search this library had before the exhaustive engines, run in the same
process: the pure-Python loop of the bidirectional search's ``_grow`` over the codes of
``hanoi_magnet.search._exhaustive.neighbours`` (a ``bytearray`` of visited marks, neighbours by
arithmetic), here walking the whole reachable space layer by layer; and
``distance(..., engine="python")`` (the bidirectional search itself) for distances.

Engines: ``numpy`` (the layered search: vectorised moves, two-bit table), ``recursive`` (what
numpy runs on three posts: every distance from the self-similar graph), and for distances the
numpy bidirectional search (visited bits) and the frontier search.

The compiled kernels (numba) against the numpy engine, in the same run: ``compiled`` (the same
table and moves, one code at a time) and ``symmetric`` (the compiled kernel over the positions
up to a permutation of the posts empty in the start), complete searches of classic:4 at 12, 14
and 15 disks and NNNN at 12 and 13 (``--big`` adds NNNN at 14: many minutes of numpy), and the
pure-Python kernel where it takes seconds (classic:4 at 12). The rates are positions of the
whole space per CPU second (``time.process_time``: this machine is shared, and the wall clock
measures the neighbours); numba's compilation is done before timing. Memory: bits per position
of the two-bit table alone (plain) and of everything the symmetric search holds.
``--compiled [NAME:N ...]`` runs only this table (only those rows, e.g. ``NNNN:14``);
``--without-numpy`` leaves numpy out (its rate is then not measured, nor the ratios), and
``--without-plain`` the compiled kernel without symmetry.

Distance tables (``remoteness``: without symmetry, and with the permutations of the posts that
fix the goal) and a diameter, the compiled kernel against numpy, CPU seconds (``--tables``:
only these).

The pure-Python engine against a plain breadth-first search over integer codes (the 35 lines
anyone would write first: the tops of the posts from the code's digits, every pair of posts,
a ``bytearray`` of visited marks), four pegs, 10 and 11 disks.

The whole-graph invariants (``--invariants``: only these), each kernel's pairs per CPU second
(searches times positions), and the compiled kernel's gain over the slowest one run.

Run: ``python benchmarks/bench_exhaustive.py [--big | --compiled [NAME:N ...]]`` (or
``python benchmarks/run.py exhaustive``).
"""

from __future__ import annotations

import gc
import sys
import time
import tracemalloc
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

from benchmarks._harness import compare, measure, table
from hanoi_magnet import ClassicRules, MagneticRules, Rules, State
from hanoi_magnet.search import diameter, distance, legal_state_count, remoteness
from hanoi_magnet.search import invariants as search_invariants
from hanoi_magnet.search._exhaustive import (
    bidirectional,
    bits,
    compiled,
    dispatch,
    layered,
    symmetry,
    three_posts,
)
from hanoi_magnet.search._exhaustive.engines import Engine
from hanoi_magnet.search._exhaustive.layout import CodeLayout
from hanoi_magnet.search._exhaustive.neighbours import CodeMoves
from hanoi_magnet.search._exhaustive.pure import run_pure_layers


def todays_search(rules: Rules, start: State) -> int:
    """Every position reachable from ``start``, with the loop of today's search (``_grow``)."""
    layout = CodeLayout(rules, start.n)
    space = CodeMoves(layout)
    seen = bytearray(layout.size)
    code = layout.encode(start)
    seen[code] = 1
    frontier, reached = [code], 1
    neighbours, pairs = space.neighbours, space.pairs
    while frontier:
        layer: list[int] = []
        for code in frontier:
            for after, _ in neighbours(code, pairs):
                if seen[after]:
                    continue
                seen[after] = 1
                layer.append(after)
        reached += len(layer)
        frontier = layer
    return reached


def plain_bfs(posts: int, n: int) -> list[int]:
    """The layer sizes from a tower on post 0 under classic rules: the plain baseline."""
    seen = bytearray(posts**n)
    seen[0] = 1
    frontier, counts = [0], [1]
    powers = [posts**d for d in range(n)]
    while frontier:
        found = []
        for code in frontier:
            tops = [0] * posts
            rest = code
            for disk in range(1, n + 1):
                rest, post = divmod(rest, posts)
                if not tops[post]:
                    tops[post] = disk
            for a in range(posts):
                disk = tops[a]
                if not disk:
                    continue
                for b in range(posts):
                    if b != a and (not tops[b] or tops[b] > disk):
                        after = code + (b - a) * powers[disk - 1]
                        if not seen[after]:
                            seen[after] = 1
                            found.append(after)
        if found:
            counts.append(len(found))
        frontier = found
    return counts


def pure_rows(repeat: int = 3) -> list[list[object]]:
    rows: list[list[object]] = []
    for n in (10, 11):
        layout = CodeLayout(ClassicRules(4), n)

        def ours(layout: CodeLayout = layout) -> list[int]:
            return run_pure_layers(layout, [0], lambda *_: None)[0]

        assert ours() == plain_bfs(4, n)
        baseline, engine, ratio = compare(partial(plain_bfs, 4, n), ours, repeat=repeat)
        rows.append(
            [
                f"classic:4 n={n}",
                f"{4**n / baseline.median:,.0f}",
                f"{4**n / engine.median:,.0f}",
                f"{ratio:.2f}x",
            ]
        )
    return rows


def cpu_time(func: Callable[[], object]) -> float:
    """CPU seconds of one run (this process only: the machine is shared)."""
    gc.collect()
    started = time.process_time()
    func()
    return time.process_time() - started


#: the complete searches of the compiled table: (name, rules, disks)
COMPILED_CASES: list[tuple[str, Rules, int]] = [
    ("classic:4", ClassicRules(4), 12),
    ("classic:4", ClassicRules(4), 14),
    ("classic:4", ClassicRules(4), 15),
    ("NNNN", MagneticRules("NNNN"), 12),
    ("NNNN", MagneticRules("NNNN"), 13),
    ("NNNN", MagneticRules("NNNN"), 14),
]
#: the pure-Python kernel runs only where it takes seconds (about 1.5 M positions/s here)
PURE_LIMIT = 1 << 24


def _rate(positions: int, times: dict[str, float], kernel: str, digits: int = 1) -> str:
    """Million positions per CPU second of ``kernel``, "-" if it did not run."""
    return f"{positions / times[kernel] / 1e6:,.{digits}f}" if kernel in times else "-"


def _ratio(times: dict[str, float], kernel: str) -> str:
    """How many times faster than numpy ``kernel`` ran, "-" without numpy."""
    return f"{times['numpy'] / times[kernel]:.1f}x" if "numpy" in times else "-"


def compiled_rows(
    only: list[str] | None = None, with_numpy: bool = True, with_plain: bool = True
) -> list[list[object]]:
    """One row per case of :data:`COMPILED_CASES` (``only``: names such as ``NNNN:14``)."""
    cases = [case for case in COMPILED_CASES if only is None or f"{case[0]}:{case[2]}" in only]
    small = CodeLayout(ClassicRules(4), 4)
    compiled.run_compiled(small, [0], lambda *_: None)  # compile (or load) the kernels first
    compiled.run_symmetric(small, 0, lambda *_: None)
    magnetic = CodeLayout(MagneticRules("NNNN"), 3)
    compiled.run_compiled(magnetic, [0], lambda *_: None)
    compiled.run_symmetric(magnetic, 0, lambda *_: None)
    rows: list[list[object]] = []
    for name, rules, n in cases:
        layout = CodeLayout(rules, n)
        start = layout.encode(tower(rules, n))
        found: dict[str, list[int]] = {}

        def pure_run(
            layout: CodeLayout = layout, start: int = start, found: dict[str, list[int]] = found
        ) -> None:
            found["pure"] = run_pure_layers(layout, [start], lambda *_: None)[0]

        def numpy_run(
            layout: CodeLayout = layout, start: int = start, found: dict[str, list[int]] = found
        ) -> None:
            found["numpy"] = layered.run_layers(layout, [start], lambda *_: None)[0]

        def compiled_run(
            layout: CodeLayout = layout, start: int = start, found: dict[str, list[int]] = found
        ) -> None:
            found["compiled"] = compiled.run_compiled(layout, [start], lambda *_: None)[0]

        def symmetric_run(
            layout: CodeLayout = layout, start: int = start, found: dict[str, list[int]] = found
        ) -> None:
            found["symmetric"] = compiled.run_symmetric(layout, start, lambda *_: None)[0]

        times = {}
        if with_plain:
            times["compiled"] = cpu_time(compiled_run)
        if with_numpy:
            times["numpy"] = cpu_time(numpy_run)
        if layout.size <= PURE_LIMIT:
            times["pure"] = cpu_time(pure_run)
        symmetric = symmetry.symmetric_applies(layout, start)
        if symmetric:
            times["symmetric"] = cpu_time(symmetric_run)
        reference = next(iter(found.values()))
        assert all(counts == reference for counts in found.values())
        positions = sum(reference)
        plain_bits = 8 * bits.table_bytes(layout.size) / positions
        rate = partial(_rate, positions, times)
        ratio = partial(_ratio, times)

        row: list[object] = [
            f"{name} n={n}",
            f"{positions:,}",
            rate("pure", 2),
            rate("numpy"),
            rate("compiled"),
            ratio("compiled") if with_plain else "-",
        ]
        if symmetric:
            codes = symmetry.SymmetricCodes(layout, start)
            row += [
                rate("symmetric"),
                ratio("symmetric"),
                f"{plain_bits:.2f}",
                f"{8 * compiled._symmetric_bytes(codes) / positions:.2f}",
            ]
        else:
            row += ["-", "-", f"{plain_bits:.2f}", "-"]
        rows.append(row)
        print(row, flush=True)
    return rows


def _store(results: dict[str, object], run: Callable[[str], object], variant: str) -> None:
    results[variant] = run(variant)


def _engine(variant: str) -> Engine:
    return "numpy" if variant == "numpy" else "compiled"


def table_rows() -> list[list[object]]:
    """Distance tables and a diameter, the compiled kernel against numpy (CPU seconds)."""
    compiled.distances_compiled(CodeLayout(ClassicRules(4), 3), 0, lambda *_: None)  # compile
    compiled.symmetric_distances(CodeLayout(ClassicRules(4), 3), 63, lambda *_: None)
    four, nnnn = ClassicRules(4), MagneticRules("NNNN")
    runs: list[tuple[str, Callable[[str], object]]] = [
        (
            "remoteness classic:4 n=12",
            lambda variant: remoteness(
                four, tower(four, 12, 3), engine=_engine(variant), symmetry=variant == "symmetric"
            ),
        ),
        (
            "remoteness NNNN n=10",
            lambda variant: remoteness(
                nnnn, tower(nnnn, 10, 3), engine=_engine(variant), symmetry=variant == "symmetric"
            ),
        ),
        ("diameter classic:4 n=9", lambda variant: diameter(four, 9, engine=_engine(variant))),
    ]
    rows: list[list[object]] = []
    for name, run in runs:
        results: dict[str, object] = {}
        times = {}
        variants = ["numpy", "compiled"] + (["symmetric"] if "remoteness" in name else [])
        for variant in variants:
            times[variant] = cpu_time(partial(_store, results, run, variant))
        first = results["numpy"]
        for variant in variants[1:]:
            if isinstance(first, int):
                assert first == results[variant]
            else:
                assert np.array_equal(first.values, results[variant].values)  # type: ignore[attr-defined]
        row: list[object] = [
            name,
            f"{times['numpy']:.2f} s",
            f"{times['compiled']:.2f} s",
            f"{times['numpy'] / times['compiled']:.1f}x",
        ]
        if "symmetric" in times:
            row += [f"{times['symmetric']:.2f} s", f"{times['numpy'] / times['symmetric']:.1f}x"]
        else:
            row += ["-", "-"]
        rows.append(row)
        print(rows[-1], flush=True)
    return rows


def numpy_layered(rules: Rules, start: State) -> int:
    layout = CodeLayout(rules, start.n)
    counts, _ = layered.run_layers(layout, [layout.encode(start)], lambda *_: None)
    return sum(counts)


def recursive(rules: Rules, start: State) -> int:
    layout = CodeLayout(rules, start.n)
    counts, _ = three_posts.explore_three(layout, layout.encode(start), lambda *_: None)
    return sum(counts)


def tower(rules: Rules, n: int, post: int = 0) -> State:
    face = ("R" if post == 0 else "B") if rules.magnetic else None
    return State.tower(n, post, posts=rules.posts, face=face)


def off_tower(rules: Rules, n: int, post: int) -> State:
    """A tower with its smallest disk moved off: towers are answered by a formula, not a search."""
    whole = tower(rules, n, post)
    return rules.apply(whole, next(iter(rules.legal_moves(whole))))


def complete_rows(repeat: int = 5) -> list[list[object]]:
    rows: list[list[object]] = []
    cases: list[tuple[str, Rules, int, str]] = [
        ("classic:4", ClassicRules(4), 9, "numpy"),
        ("classic:4", ClassicRules(4), 10, "numpy"),
        ("classic:4", ClassicRules(4), 11, "numpy"),
        ("classic:5", ClassicRules(5), 8, "numpy"),
        ("NNNN", MagneticRules("NNNN"), 8, "numpy"),
        ("NNN", MagneticRules("NNN"), 10, "recursive"),
        ("NNN", MagneticRules("NNN"), 11, "recursive"),
        ("NNN", MagneticRules("NNN"), 12, "recursive"),
        ("NNN", MagneticRules("NNN"), 10, "numpy"),
        ("RBB", MagneticRules("RBB"), 12, "recursive"),
        ("classic", ClassicRules(), 12, "recursive"),
    ]
    for name, rules, n, engine in cases:
        start = tower(rules, n)
        reached = todays_search(rules, start)
        run = numpy_layered if engine == "numpy" else recursive
        assert run(rules, start) == reached
        fast = measure(engine, partial(run, rules, start), repeat=repeat)
        slow = measure("today", partial(todays_search, rules, start), repeat=3, warmup=0)
        rows.append(
            [
                f"{name} n={n}",
                engine,
                f"{reached:,}",
                f"{reached / slow.median:,.0f}",
                f"{reached / fast.median:,.0f}",
                f"{slow.median / fast.median:.1f}x",
            ]
        )
    return rows


def distance_rows(repeat: int = 5) -> list[list[object]]:
    rows: list[list[object]] = []
    for name, rules, n in [
        ("classic:4", ClassicRules(4), 10),
        ("classic:4", ClassicRules(4), 12),
        ("NNNN", MagneticRules("NNNN"), 10),
        ("classic:5", ClassicRules(5), 9),
    ]:
        start, goal = tower(rules, n), off_tower(rules, n, rules.posts - 1)
        counted: list[int] = []

        def run(
            engine: str,
            start: State = start,
            goal: State = goal,
            rules: Rules = rules,
            counted: list[int] = counted,
        ) -> int:
            events: list[object] = []
            length = distance(
                rules,
                start,
                goal,
                max_states=10**9,
                engine=engine,  # type: ignore[arg-type]
                progress=events.append,
            )
            counted.append(events[-1].reached)  # type: ignore[attr-defined]
            return length

        slow = measure("today", partial(run, "python"), repeat=3, warmup=0)
        today_visited = counted[-1]
        fast = measure("numpy", partial(run, "numpy"), repeat=repeat)
        numpy_visited = counted[-1]
        old = dispatch.BITS_BYTES_PER_STATE
        dispatch.BITS_BYTES_PER_STATE = 0  # force the frontier search
        frontier = measure("frontier", partial(run, "auto"), repeat=repeat)
        dispatch.BITS_BYTES_PER_STATE = old
        rows.append(
            [
                f"{name} n={n}",
                f"{run('numpy')}",
                f"{today_visited / slow.median:,.0f}",
                f"{numpy_visited / fast.median:,.0f}",
                f"{slow.median / fast.median:.1f}x",
                f"{counted[-1] / frontier.median:,.0f}",
            ]
        )
    return rows


def traced_peak(func: Callable[[], object]) -> int:
    """The peak of the memory ``func`` allocates (numpy's arrays included), in bytes."""
    tracemalloc.start()
    try:
        func()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


FRONTIER_CASES: list[tuple[str, Rules, int]] = [
    ("classic:4", ClassicRules(4), 11),
    ("classic:4", ClassicRules(4), 12),
    ("classic:4", ClassicRules(4), 13),
    ("NNNN", MagneticRules("NNNN"), 10),
    ("NNNN", MagneticRules("NNNN"), 11),
]


def frontier_rows(repeat: int = 3) -> list[list[object]]:
    """distance() between the towers with visited bits and with the frontier search, one run.

    The same bidirectional loop with its two numpy kernels; time is the median wall time, memory
    the peak of what the search allocates (tracemalloc, which sees numpy's arrays).
    """
    rows: list[list[object]] = []
    for name, rules, n in FRONTIER_CASES:
        layout = CodeLayout(rules, n)
        start = layout.encode(tower(rules, n))
        goal = layout.encode(tower(rules, n, rules.posts - 1))
        found: dict[str, int | None] = {}

        def run(
            kernel: bidirectional.Kernel,
            layout: CodeLayout = layout,
            ends: tuple[int, int] = (start, goal),
            found: dict[str, int | None] = found,
        ) -> None:
            length, _, _, _ = bidirectional.between(
                layout, *ends, 10**12, lambda *_: None, kernel, path=False
            )
            found[kernel] = length

        bits_time = measure("bits", partial(run, "bits"), repeat=repeat)
        frontier_time = measure("frontier", partial(run, "frontier"), repeat=repeat)
        assert found["bits"] == found["frontier"]
        bits_peak = traced_peak(partial(run, "bits"))
        frontier_peak = traced_peak(partial(run, "frontier"))
        rows.append(
            [
                f"{name} n={n}",
                f"{found['bits']}",
                f"{bits_time.median:.2f} s",
                f"{frontier_time.median:.2f} s",
                f"{frontier_time.median / bits_time.median:.2f}x",
                f"{bits_peak / 2**20:,.1f} MiB",
                f"{frontier_peak / 2**20:,.1f} MiB",
                f"{frontier_peak / bits_peak:.2f}x",
            ]
        )
    return rows


def memory_rows() -> list[list[object]]:
    rows: list[list[object]] = []
    for name, rules, n in [
        ("classic:4", ClassicRules(4), 15),
        ("classic:5", ClassicRules(5), 12),
        ("NNNN", MagneticRules("NNNN"), 11),
        ("RBNN", MagneticRules("RBNN"), 11),
        ("RRBB", MagneticRules("RRBB"), 13),
    ]:
        layout = CodeLayout(rules, n)
        table_bytes = bits.table_bytes(layout.size)
        legal = legal_state_count(rules, n)
        rows.append(
            [
                f"{name} n={n}",
                f"{layout.size:,}",
                f"{legal:,}",
                f"{table_bytes / 2**20:,.0f} MiB",
                f"{8 * table_bytes / layout.size:.2f}",
                f"{8 * table_bytes / legal:.2f}",
            ]
        )
    # the table really is that size: a complete search of classic:4 n=10 holds it
    layout = CodeLayout(ClassicRules(4), 10)
    search = layered.LayeredSearch(layout, [0])
    assert search.table.nbytes == bits.table_bytes(layout.size) == layout.size // 4
    assert isinstance(search.table.words, np.ndarray)
    return rows


def print_frontier() -> None:
    print(
        table(
            "distance() between the towers: visited bits against the frontier search "
            "(same loop, same process)",
            frontier_rows(),
            ["problem", "moves", "bits", "frontier", "time", "bits peak", "frontier peak", "mem"],
        )
    )


#: the invariants' cases: (name, rules, disks, kernels run)
INVARIANT_CASES: list[tuple[str, Rules, int, tuple[str, ...]]] = [
    ("classic", ClassicRules(), 6, ("python", "numpy", "compiled")),
    ("classic", ClassicRules(), 9, ("numpy", "compiled")),
    ("cyclic", ClassicRules(3, [(0, 1), (1, 2), (2, 0)]), 8, ("numpy", "compiled")),
    ("NNN", MagneticRules("NNN"), 6, ("numpy", "compiled")),
    ("classic:4", ClassicRules(4), 6, ("python", "numpy", "compiled")),
]


def invariant_rows() -> list[list[object]]:
    """search.invariants with each kernel: million pairs (searches x positions) per CPU second."""
    search_invariants(ClassicRules(), 3, engine="compiled")  # compile (or load) the kernels
    rows: list[list[object]] = []
    for name, rules, n, kernels in INVARIANT_CASES:
        found = {}
        times = {}
        for engine in kernels:
            started = time.process_time()
            found[engine] = search_invariants(rules, n, engine=engine)  # type: ignore[arg-type]
            times[engine] = time.process_time() - started
        first = next(iter(found.values()))
        assert all(result == first for result in found.values())
        pairs = first.searches * first.positions
        rows.append(
            [
                f"{name} n={n}",
                f"{first.positions:,}",
                f"{first.searches:,}",
                *(
                    f"{pairs / times[k] / 1e6:,.1f}" if k in times else "-"
                    for k in ("python", "numpy", "compiled")
                ),
                f"{times[kernels[0]] / times['compiled']:.0f}x",
            ]
        )
        print(rows[-1], flush=True)
    return rows


def main() -> None:
    """Every table; ``--compiled [NAME:N ...]``: only the compiled table (those rows)."""
    if "--invariants" in sys.argv:
        print(
            table(
                "search.invariants: million pairs (searches x positions) per CPU second",
                invariant_rows(),
                ["problem", "positions", "searches", "python", "numpy", "compiled", "ratio"],
            )
        )
        return
    if "--frontier" in sys.argv:  # only the frontier table: python benchmarks/run.py ... --frontier
        print_frontier()
        return
    if "--tables" in sys.argv:
        print(
            table(
                "Distance tables and the diameter, compiled against numpy: CPU seconds",
                table_rows(),
                ["query", "numpy", "compiled", "ratio", "symmetric", "ratio"],
            )
        )
        return
    only = None
    with_numpy = "--without-numpy" not in sys.argv
    if "--compiled" in sys.argv:
        named = sys.argv[sys.argv.index("--compiled") + 1 :]
        only = [name for name in named if not name.startswith("--")] or None
    elif "--big" not in sys.argv:
        only = [f"{name}:{n}" for name, _, n in COMPILED_CASES if (name, n) != ("NNNN", 14)]
    print(
        table(
            "Complete searches, compiled kernels against numpy: million positions per CPU second",
            compiled_rows(only, with_numpy, "--without-plain" not in sys.argv),
            [
                "problem",
                "positions",
                "pure",
                "numpy",
                "compiled",
                "ratio",
                "symmetric",
                "ratio",
                "bits/position",
                "with symmetry",
            ],
        )
    )
    if "--compiled" in sys.argv:
        return
    print()
    print(
        table(
            "Distance tables and the diameter, compiled against numpy: CPU seconds",
            table_rows(),
            ["query", "numpy", "compiled", "ratio", "symmetric", "ratio"],
        )
    )
    print()
    print(
        table(
            "The pure-Python engine against a plain BFS over integer codes: positions per second",
            pure_rows(),
            ["problem", "plain BFS /s", "pure engine /s", "ratio"],
        )
    )
    print()
    print(
        table(
            "Complete breadth-first search from a tower: positions per second",
            complete_rows(),
            ["problem", "engine", "positions", "today /s", "engine /s", "ratio"],
        )
    )
    print()
    print(
        table(
            "distance() from a tower to one disk off the other tower: positions visited per second",
            distance_rows(),
            ["problem", "moves", "today /s", "numpy /s", "ratio", "frontier /s"],
        )
    )
    print()
    print_frontier()
    print()
    print(
        table(
            "The visited set: the two-bit table (bits per code, per legal position)",
            memory_rows(),
            ["problem", "codes", "positions", "table", "bits/code", "bits/position"],
        )
    )


if __name__ == "__main__":
    main()
