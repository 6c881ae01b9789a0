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

import importlib.util
import statistics
import subprocess
import sys
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


def k_peg_hanoi() -> Callable[[], object] | None:
    try:
        import k_peg_hanoi as kph  # noqa: PLC0415 (optional)
    except ImportError:
        return None

    def run() -> object:
        kph.nmove.cache_clear()
        return list(kph.hanoi(DISKS, list(range(PEGS))))

    return run


def hanoitoys() -> Callable[[], object] | None:
    spec = importlib.util.find_spec("hanoitoys")
    if spec is None or not spec.submodule_search_locations:
        return None
    source = Path(next(iter(spec.submodule_search_locations)), "Hanoi.py").read_text()
    source = source.replace("\nredo()\n", "\n")  # the module's last line starts a dialogue
    moves: list[str] = []
    namespace: dict[str, object] = {"__name__": "hanoitoys_Hanoi", "print": moves.append}
    exec(compile(source, "Hanoi.py", "exec"), namespace)  # the package's own code
    namespace["LP"] = [chr(ord("A") + i) for i in range(PEGS)]
    graphics = namespace["G"]
    hanoi_class, ordered_set, est = namespace["Hanoi"], namespace["OrderedSet"], namespace["est"]

    def run() -> object:
        est.cache_clear()  # type: ignore[attr-defined]
        moves.clear()
        puzzle = hanoi_class(0, ordered_set(1, PEGS - 1), PEGS - 1, DISKS)  # type: ignore[operator]
        graphics.NumberDiscs = DISKS  # type: ignore[attr-defined]
        puzzle.solve()
        return list(moves)

    return run


def reasoning_gym() -> Callable[[], object] | None:
    try:
        from reasoning_gym.games.tower_of_hanoi import MoveGenerator  # noqa: PLC0415
    except ImportError:
        return None
    pegs = list(range(1, PEGS + 1))
    return lambda: MoveGenerator(DISKS, pegs, 1, PEGS).generate_moves()


def fresh_process(label: str, n: int, runs: int = 9) -> tuple[float, float]:
    """Medians of the first solve/length/[0] in a new process (import excluded): wall, CPU.

    The CPU time (``time.process_time``) leaves out the time the process waits for a core, which
    on a shared machine is most of the spread of the wall time.
    """
    code = (
        "import time, hanoi_magnet as hm\n"
        "t, c = time.perf_counter(), time.process_time()\n"
        f"s = hm.solve({label!r}, {n}); s.length; s[0]\n"
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


def main() -> None:
    label = f"classic:{PEGS}"
    assert solve(label, DISKS).length == 289
    mine = measure("ours", ours(label, DISKS), repeat=41, warmup=3)
    rows = [[f"hanoi_magnet {label} n={DISKS}: length + first move", f"{mine.median * 1e3:.3f}"]]
    peers = {"k-peg-hanoi": k_peg_hanoi, "hanoitoys": hanoitoys, "reasoning-gym": reasoning_gym}
    ratios = []
    for name, make in peers.items():
        run = make()
        if run is None:
            rows.append([f"{name}: not installed", "-", "-"])
            continue
        result = run()
        assert len(result) == 289, (name, len(result))  # type: ignore[arg-type]
        theirs = measure(name, run, repeat=41, warmup=3)
        ratios.append(theirs.median / mine.median)
        rows.append(
            [f"{name}: whole solve (289 moves)", f"{theirs.median * 1e3:.3f}", f"{ratios[-1]:.2f}x"]
        )
    rows[0].append("1.00x")
    print(
        table(
            "Cold start, classic:4 with 20 disks (ms, medians of 41; ratio = peer / ours, "
            "above 1 means ours is faster)",
            rows,
            ["what", "ms", "ratio"],
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
    if ratios:
        verdict = "met" if min(ratios) >= 1 else "NOT met"
        print(
            f"\ntarget (first length and move no slower than every peer's whole solve): {verdict}"
        )


if __name__ == "__main__":
    main()
