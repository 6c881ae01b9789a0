"""A fresh variant at one call: the first ``length`` and first move against peers' whole solve.

A generator of thousands of mixed instances meets a new (variant, n) again and again; what it
pays each time is the cold start. Measured here, in one process:

* ours: ``clear_caches()``, then ``solve(label, n)``, ``.length`` and ``[0]`` — every memo the
  engine keeps is emptied first, so each run starts cold;
* peers (pure-Python packages on PyPI, imported only when installed — they are never
  dependencies of hanoi_magnet): the whole one-shot list of moves of the same puzzle, with
  their own caches cleared. k-peg-hanoi's ``hanoi()`` (Frame–Stewart); hanoitoys' ``Hanoi.py``
  (its module runs an interactive program on import, so its functions are loaded from its
  source without that last call, with printing turned into collecting); reasoning-gym's
  ``MoveGenerator`` (what its Tower of Hanoi dataset runs per question).

Also: the first call of a fresh process (after ``import hanoi_magnet``) for classic, classic:4
and NNN, and the import itself, medians of several processes, wall and CPU time (which adds
what ``clear_caches()`` keeps: the interned moves, post maps and derived plans).

    pip install k-peg-hanoi hanoitoys reasoning-gym   # in a scratch environment
    python benchmarks/run.py cold_start
"""

from __future__ import annotations

import gc
import importlib.util
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._harness import measure, table
from hanoi_magnet import clear_caches, solve

PEGS, DISKS = 4, 20  # classic:4 with 20 disks: 289 moves


def ours(label: str, n: int) -> Callable[[], object]:
    def run() -> object:
        clear_caches()
        solution = solve(label, n)
        return solution.length, solution[0]

    return run


def k_peg_hanoi(pegs: int = PEGS, disks: int = DISKS) -> Callable[[], object] | None:
    try:
        import k_peg_hanoi as kph  # noqa: PLC0415 (optional)
    except ImportError:
        return None

    def run() -> object:
        kph.nmove.cache_clear()
        return list(kph.hanoi(disks, list(range(pegs))))

    return run


def hanoitoys(pegs: int = PEGS, disks: int = DISKS) -> Callable[[], object] | None:
    spec = importlib.util.find_spec("hanoitoys")
    if spec is None or not spec.submodule_search_locations:
        return None
    source = Path(next(iter(spec.submodule_search_locations)), "Hanoi.py").read_text()
    source = source.replace("\nredo()\n", "\n")  # the module's last line starts a dialogue
    moves: list[str] = []
    namespace: dict[str, object] = {"__name__": "hanoitoys_Hanoi", "print": moves.append}
    exec(compile(source, "Hanoi.py", "exec"), namespace)  # the package's own code
    namespace["LP"] = [chr(ord("A") + i) for i in range(pegs)]
    graphics = namespace["G"]
    hanoi_class, ordered_set, est = namespace["Hanoi"], namespace["OrderedSet"], namespace["est"]

    def run() -> object:
        est.cache_clear()  # type: ignore[attr-defined]
        moves.clear()
        puzzle = hanoi_class(0, ordered_set(1, pegs - 1), pegs - 1, disks)  # type: ignore[operator]
        graphics.NumberDiscs = disks  # type: ignore[attr-defined]
        puzzle.solve()
        return list(moves)

    return run


def reasoning_gym(pegs: int = PEGS, disks: int = DISKS) -> Callable[[], object] | None:
    try:
        from reasoning_gym.games.tower_of_hanoi import MoveGenerator  # noqa: PLC0415
    except ImportError:
        return None
    names = list(range(1, pegs + 1))
    return lambda: MoveGenerator(disks, names, 1, pegs).generate_moves()


def fresh_process(
    label: str, n: int, runs: int = 9, call: str = "s = hm.solve({label!r}, {n}); s.length; s[0]"
) -> tuple[float, float]:
    """Medians of a first ``call`` in a new process (import excluded): wall, CPU.

    The CPU time (``time.process_time``) leaves out the time the process waits for a core, which
    on a shared machine is most of the spread of the wall time.
    """
    code = (
        "import time, hanoi_magnet as hm\n"
        "t, c = time.perf_counter(), time.process_time()\n"
        f"{call.format(label=label, n=n)}\n"
        "print(time.perf_counter() - t, time.process_time() - c)\n"
    )
    return _medians(code, runs)


def fresh_import(runs: int = 9) -> tuple[float, float]:
    """Medians of ``import hanoi_magnet`` in a new process: wall, CPU."""
    code = (
        "import time\n"
        "t, c = time.perf_counter(), time.process_time()\n"
        "import hanoi_magnet\n"
        "print(time.perf_counter() - t, time.process_time() - c)\n"
    )
    return _medians(code, runs)


def _medians(code: str, runs: int) -> tuple[float, float]:
    root = str(Path(__file__).resolve().parent.parent)
    walls, cpus = [], []
    for _ in range(runs):
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root
        )
        wall, cpu = map(float, done.stdout.split())
        walls.append(wall)
        cpus.append(cpu)
    return statistics.median(walls), statistics.median(cpus)


def interleaved(
    funcs: dict[str, Callable[[], object]], rounds: int, number: int = 1
) -> dict[str, float]:
    """Median seconds per call of each callable, timed in rounds of ``number`` calls of each.

    A burst of load from elsewhere then slows every callable of its round, not one of them.
    Garbage collection is paused during the calls, not forced before them (as ``timeit``
    does): a call right after a full collection runs on freed memory and cold caches.
    """
    times: dict[str, list[float]] = {name: [] for name in funcs}
    for func in funcs.values():
        func()
    for _ in range(rounds):
        for name, func in funcs.items():
            gc.disable()
            try:
                start = time.perf_counter()
                for _ in range(number):
                    func()
                times[name].append((time.perf_counter() - start) / number)
            finally:
                gc.enable()
    return {name: statistics.median(values) for name, values in times.items()}


def whole(label: str, n: int) -> Callable[[], object]:
    """Ours: every move of a new solution, from cold caches (what the peers produce)."""

    def run() -> object:
        clear_caches()
        return list(solve(label, n))

    return run


def main() -> None:
    label = f"classic:{PEGS}"
    assert solve(label, DISKS).length == 289
    funcs = {"first": ours(label, DISKS), "whole": whole(label, DISKS)}
    peers = {"k-peg-hanoi": k_peg_hanoi, "hanoitoys": hanoitoys, "reasoning-gym": reasoning_gym}
    missing = []
    for name, make in peers.items():
        run = make()
        if run is None:
            missing.append(name)
            continue
        result = run()
        assert len(result) == 289, (name, len(result))  # type: ignore[arg-type]
        funcs[name] = run
    found = interleaved(funcs, rounds=41)
    first, every = found.pop("first"), found.pop("whole")
    rows = [
        [f"hanoi_magnet {label} n={DISKS}: length + first move", f"{first * 1e3:.3f}", "", ""],
        [f"hanoi_magnet {label} n={DISKS}: every move (list)", f"{every * 1e3:.3f}", "", ""],
    ]
    for name, theirs in found.items():
        rows.append([f"{name}: whole solve (289 moves)", f"{theirs * 1e3:.3f}",
                     f"{theirs / first:.2f}x", f"{theirs / every:.2f}x"])  # fmt: skip
    rows += [[f"{name}: not installed", "-", "-", "-"] for name in missing]
    print(
        table(
            f"Cold start, {label} with {DISKS} disks (ms, medians of 41 rounds, every callable "
            "once a round; caches cleared before each call; ratio = peer / ours, above 1 means "
            "ours is faster)",
            rows,
            ["what", "ms", "vs length + [0]", "vs every move"],
        )
    )
    print()
    others = []
    for other in ("classic", "NNN", "RBB", "linear", "classic:5"):
        timing = measure(other, ours(other, DISKS), repeat=21, warmup=2)
        others.append([f"{other} n={DISKS}", f"{timing.median * 1e3:.3f}"])
    print(table("Cold start of other variants (ms, medians)", others, ["what", "ms"]))
    fresh = []
    for other in ("classic", label, "NNN"):
        wall, cpu = fresh_process(other, DISKS)
        fresh.append(
            [f"{other} n={DISKS}: solve, length, [0]", f"{wall * 1e3:.3f}", f"{cpu * 1e3:.3f}"]
        )
    wall, cpu = fresh_process(label, DISKS, call="list(hm.solve({label!r}, {n}))")
    fresh.append([f"{label} n={DISKS}: every move (list)", f"{wall * 1e3:.3f}", f"{cpu * 1e3:.3f}"])
    wall, cpu = fresh_import()
    fresh.append(["import hanoi_magnet", f"{wall * 1e3:.1f}", f"{cpu * 1e3:.1f}"])
    print()
    print(
        table(
            "The first call in a fresh process, after import hanoi_magnet (ms, medians of 9 "
            "processes; CPU = time.process_time, without the waits for a core)",
            fresh,
            ["what", "wall ms", "CPU ms"],
        )
    )
    if found:
        fastest = min(found.values())
        for what, mine in (("first length and move", first), ("every move", every)):
            verdict = "met" if mine <= fastest else "NOT met"
            print(f"\ntarget ({what} no slower than every peer's whole solve): {verdict}")


if __name__ == "__main__":
    main()
