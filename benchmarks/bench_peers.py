"""Issue 36's four rows against the PyPI peers, in one run (every callable once a round).

1. Iterating a small solution: ``list(solve("classic", 10))`` (warm: the library's caches as a
   loop over puzzles leaves them, 20 calls a sample) against each peer's whole solve of the
   same 1,023 moves. (One call right after a peer's finds its 1,023 interned moves evicted from
   the processor's caches, and takes several times longer: the same holds for any list of
   objects made earlier.)
2. The largest answer: :func:`~hanoi_magnet.evaluation.score` of the 1,048,575-line
   reasoning-gym answer (classic, 20 disks) against reasoning-gym's own ``score_answer``.
3. A cold first call: ``clear_caches()``, then ``solve("classic:4", 20)`` with its length and
   first move, and with every one of its 289 moves, against each peer's whole solve (their
   caches cleared too), as in ``bench_cold_start.py``.
4. Scoring from reasoning-gym entries: ``score(answer, from_reasoning_gym(entry))`` on 1,000
   entries of reasoning-gym's own dataset against ``score_answer`` on the same: with their own
   answers (the issue's measurement), and with three eighths of them corrupted as
   ``bench_scoring.py`` corrupts them (a swapped move, a period after each line, a header
   line), which reasoning-gym stops reading at once and the kit reads whole.

The peers are k-peg-hanoi, hanoitoys and reasoning-gym (pure Python, never dependencies of
hanoi_magnet): install them in a scratch environment next to this checkout (see the README);
a missing one is reported as such. Each row's ratio is the peer's time over ours: above 1,
ours is faster.

    python benchmarks/run.py peers
"""

from __future__ import annotations

import contextlib
import io
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import bench_cold_start as cold
from benchmarks._harness import table
from benchmarks.bench_cold_start import interleaved
from benchmarks.guard.rows import classic_moves, gym_entry, gym_text
from hanoi_magnet import clear_caches, solve
from hanoi_magnet.evaluation import from_reasoning_gym, score

PEERS = {"k-peg-hanoi": cold.k_peg_hanoi, "hanoitoys": cold.hanoitoys,
         "reasoning-gym": cold.reasoning_gym}  # fmt: skip


def _rows(
    what: str, ours: dict[str, Callable[[], object]], theirs: dict[str, Callable[[], object]],
    rounds: int, loop: int = 1,
) -> list[list[str]]:  # fmt: skip
    """Time ours and theirs in rounds; one row per callable, ratios against each of ours.

    ``loop``: our calls are timed ``loop`` at a time (the time of one is reported).
    """
    looped = {name: _looped(func, loop) for name, func in ours.items()}
    found = interleaved({**looped, **theirs}, rounds)
    for name in ours:
        found[name] /= loop
    rows = [[what, name, _ms(found[name]), "", ""] for name in ours]
    for name in theirs:
        ratios = [f"{found[name] / found[mine]:.2f}x" for mine in ours]
        rows.append([what, name, _ms(found[name]), *ratios, *[""] * (2 - len(ratios))])
    return rows


def _looped(func: Callable[[], object], loop: int) -> Callable[[], object]:
    if loop == 1:
        return func
    return lambda: [func() for _ in range(loop)]


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:.3f}"


def _peers(pegs: int, disks: int, length: int) -> dict[str, Callable[[], object]]:
    found = {}
    for name, make in PEERS.items():
        run = make(pegs, disks)
        if run is not None:
            assert len(run()) == length, name  # type: ignore[arg-type]
            found[f"{name}: whole solve"] = run
    return found


def _scorer() -> Callable[[str, dict[str, object]], float] | None:
    try:
        from reasoning_gym.games.tower_of_hanoi import HanoiConfig, HanoiDataset  # noqa: PLC0415
    except ImportError:
        return None
    dataset = HanoiDataset(HanoiConfig(size=1, seed=1))

    def run(answer: str, entry: dict[str, object]) -> float:
        with contextlib.redirect_stdout(io.StringIO()):
            return float(dataset.score_answer(answer, entry))

    return run


def main() -> None:
    rows: list[list[str]] = []
    missing = [name for name, make in PEERS.items() if make() is None]

    listed = {"list(solve('classic', 10)), warm": lambda: list(solve("classic", 10))}
    rows += _rows("1. iterate a small solution", listed, _peers(3, 10, 1023), rounds=41, loop=20)

    scorer = _scorer()
    entry = gym_entry(20, 3, 1, 3)
    entry["metadata"]["solution_length"] = 2**20 - 1
    answer = gym_text(classic_moves(20))
    instance = from_reasoning_gym(entry)
    theirs = (
        {} if scorer is None else {"reasoning-gym: score_answer": lambda: scorer(answer, entry)}
    )
    big = {"score(answer, instance)": lambda: score(answer, instance)}
    rows += _rows("2. score 1,048,575 lines", big, theirs, rounds=5)

    def first() -> object:
        clear_caches()
        solution = solve("classic:4", 20)
        return solution.length, solution[0]

    def every() -> object:
        clear_caches()
        return list(solve("classic:4", 20))

    firsts = {"cold length + [0]": first, "cold every move": every}
    rows += _rows("3. cold classic:4, 20 disks", firsts, _peers(4, 20, 289), rounds=41)

    if scorer is not None:
        from benchmarks.bench_scoring import _corpus  # noqa: PLC0415

        mixed = _corpus(1000)
        own = [(entry, str(entry["answer"])) for entry, _ in mixed]
        for what, corpus in (("their own answers", own), ("3/8 corrupted", mixed)):
            ours = {"from_reasoning_gym + score": lambda corpus=corpus: [
                score(answer, from_reasoning_gym(entry)) for entry, answer in corpus]}  # fmt: skip
            theirs = {"reasoning-gym: score_answer": lambda corpus=corpus: [
                scorer(answer, entry) for entry, answer in corpus]}  # fmt: skip
            rows += _rows(f"4. 1,000 entries, {what}", ours, theirs, rounds=7)
    print(
        table(
            "Issue 36's rows against the peers, in one process (ms, medians of rounds with "
            "every callable once a round; ratio = peer / ours, above 1 means ours is faster)",
            rows,
            ["row", "what", "ms", "ratio (1st of ours)", "ratio (2nd of ours)"],
        )
    )
    if missing:
        print(f"\nnot installed: {', '.join(missing)}")


if __name__ == "__main__":
    main()
