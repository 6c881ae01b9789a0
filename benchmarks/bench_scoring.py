"""Scoring: the kit against reasoning-gym's own scorer, and ``eval score`` at scale.

1. Throughput on reasoning-gym answers (issue 27 item 3), in the same process: the
   baseline is reasoning-gym 0.1.25's ``score_answer`` (skipped when it is not installed);
   ours is :func:`hanoi_magnet.evaluation.score` — the whole score: the reading with its report,
   the outcome, all five rewards (``reasoning_gym`` reproduced included) — on instances built
   once with ``from_reasoning_gym``; also ``from_reasoning_gym`` + ``score`` per answer. The
   answers: 1,000 from reasoning-gym's dataset, its own correct answers and, for three in
   eight, a corrupted one (a line swapped, a trailing period, prose before the moves), each
   set measured on its own; and 1,000 answers of ten kinds (``bench_extraction``'s: prose,
   ``<think>`` blocks, numbering, ...). Each row's ratio is reasoning-gym's time over ours:
   reasoning-gym stops at the first line it cannot read or apply, while ``score`` reads every
   answer whole and reports on it, so on answers broken early it cannot keep up.
2. ``hanoi-magnet eval score`` on 10,000 and 100,000 items, each run in a fresh process: peak
   resident memory (``resource.getrusage``) and items per second. Constant memory means the
   100,000-item run peaks about where the 10,000-item one does (only the index of ids grows).
3. Linear growth of ``score`` on long answers of many parts (``bench_extraction``'s table):
   runs under "Moves so far:" / "Next moves:" headings, and one move a paragraph.

    python benchmarks/run.py scoring
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._harness import compare, table
from benchmarks.bench_extraction import linear_growth
from benchmarks.guard.rows import corrupted
from hanoi_magnet.evaluation import from_reasoning_gym, generate, score

ROOT = Path(__file__).resolve().parent.parent


def _corpus(count: int) -> list[tuple[dict[str, object], str]]:
    from reasoning_gym.games.tower_of_hanoi import HanoiConfig, HanoiDataset  # noqa: PLC0415

    dataset = HanoiDataset(HanoiConfig(size=count, seed=27))
    return corrupted(tuple((entry, str(entry["answer"])) for entry in dataset))


def _mixed() -> list[tuple[dict[str, object], str]]:
    """1,000 answers of ten kinds built from reasoning-gym's answers (bench_extraction's)."""
    from benchmarks.bench_extraction import gym_answers  # noqa: PLC0415

    built = gym_answers(1000)
    assert built is not None
    return [(entry, text) for text, entry in built[0]]


def _throughput() -> None:
    try:
        from reasoning_gym.games.tower_of_hanoi import HanoiConfig, HanoiDataset  # noqa: PLC0415
    except ImportError:
        print("reasoning-gym is not installed: the comparison with its scorer is skipped")
        return
    corpus = _corpus(1000)
    scorer = HanoiDataset(HanoiConfig(size=1, seed=1))
    count = len(corpus)
    mixed = _mixed()
    subsets = (
        ("clean", [corpus[k] for k in range(count) if k % 8 not in (1, 3, 5)]),
        ("mixed", mixed),
        ("corrupted", [corpus[k] for k in range(count) if k % 8 in (1, 3, 5)]),
        ("all", corpus),
    )
    rows = []
    for what, chosen in subsets:
        mine = [(from_reasoning_gym(entry), answer) for entry, answer in chosen]

        def theirs(chosen: list[tuple[dict[str, object], str]] = chosen) -> None:
            with contextlib.redirect_stdout(io.StringIO()):
                for entry, answer in chosen:
                    scorer.score_answer(answer, entry)

        def ours(mine: list[tuple[object, str]] = mine) -> None:
            for instance, answer in mine:
                score(answer, instance)  # type: ignore[arg-type]

        def ours_with_instances(chosen: list[tuple[dict[str, object], str]] = chosen) -> None:
            for entry, answer in chosen:
                score(answer, from_reasoning_gym(entry))

        runs = [("score()", ours)]
        if what == "all":
            runs.append(("from_reasoning_gym + score()", ours_with_instances))
        for name, func in runs:
            base, timing, ratio = compare(theirs, func, repeat=7)
            size = len(chosen)
            rows.append([f"{what} ({size})", name, f"{size / base.median:,.0f}",
                         f"{size / timing.median:,.0f}", f"{ratio:.2f}x"])  # fmt: skip
    print(
        table(
            "Scoring reasoning-gym answers: answers/s, medians of 7 runs in alternation; "
            "ratio vs reasoning-gym = its time / ours (>= 1.00x: as fast or faster; the goal "
            "on clean answers). Clean: its own correct answers; mixed: ten kinds (optimal, "
            "half, periods, lower case, numbered, swapped, a wrong disk, prose before, a "
            "<think> block, empty); corrupted: a swapped line, periods, prose before; all: "
            "clean and corrupted",
            rows,
            ["answers", "ours", "reasoning-gym /s", "ours /s", "ratio vs reasoning-gym"],
        )
    )
    agree = 0
    for entry, answer in corpus + mixed:
        with contextlib.redirect_stdout(io.StringIO()):
            theirs_score = scorer.score_answer(answer, entry)
        agree += score(answer, from_reasoning_gym(entry)).rewards["reasoning_gym"] == theirs_score
    total = len(corpus) + len(mixed)
    print(f"\nreasoning_gym reward equal to reasoning-gym's score on {agree} of {total} answers")


_CHILD = """
import resource, sys, time
from hanoi_magnet.cli import main
start = time.perf_counter()
status = main(sys.argv[1:])
elapsed = time.perf_counter() - start
print(status, elapsed, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)
"""


def _files(folder: Path, count: int) -> tuple[Path, Path]:
    """``count`` instances (a few drawn, repeated under new ids) and an answer for each."""
    drawn = generate(7, 50, disks=(3, 6))
    tasks, answers = folder / f"tasks-{count}.jsonl", folder / f"answers-{count}.jsonl"
    with tasks.open("w") as out_tasks, answers.open("w") as out_answers:
        for index in range(count):
            instance = drawn[index % len(drawn)]
            record = json.loads(instance.to_json())
            record["id"] = f"item-{index}"
            out_tasks.write(json.dumps(record) + "\n")
            answer = "S->D\nS->I\nD->I" if index % 3 else "moves = [[1, 0, 2]]"
            out_answers.write(json.dumps({"id": f"item-{index}", "answer": answer}) + "\n")
    return tasks, answers


def _scale() -> None:
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for count in (10_000, 100_000):
            tasks, answers = _files(Path(folder), count)
            env = {**os.environ, "PYTHONPATH": str(ROOT)}
            started = time.perf_counter()
            done = subprocess.run(
                [sys.executable, "-c", _CHILD, "eval", "score", str(tasks), str(answers),
                 "-o", os.devnull],
                capture_output=True, text=True, env=env, check=False,
            )  # fmt: skip
            wall = time.perf_counter() - started
            status, elapsed, peak = done.stderr.strip().splitlines()[-1].split()
            rows.append(
                [f"{count:,}", status, f"{float(elapsed):.1f}", f"{count / float(elapsed):,.0f}",
                 f"{int(peak) / 1024:.0f}", f"{wall:.1f}"]
            )  # fmt: skip
    print(
        table(
            "eval score at scale, each run in a fresh process (peak RSS in MiB from "
            "getrusage; the 100,000-item run should peak near the 10,000-item one)",
            rows,
            ["items", "status", "seconds", "items/s", "peak MiB", "wall s"],
        )
    )


def _linear() -> None:
    """``score`` on answers of many parts, at 1x, 2x, 4x the size (the parts after a blank line
    are tried as answers of their own: a few of them, not all)."""
    instance = generate(5, 1, notations=("library",), disks=(3, 3))[0]
    inputs = {
        "'Moves so far:' / 'Next moves:' runs (500 x k)": lambda k: (
            "Moves so far:\nA->B\nNext moves:\nB->C\n" * 500 * k
        ),
        "paragraphs of one move each (2,000 x k)": lambda k: "S->I\n\n" * 2000 * k,
    }
    print(linear_growth(inputs, lambda text: score(text, instance), "score on long answers"))


def main() -> None:
    _throughput()
    print()
    _scale()
    print()
    _linear()


if __name__ == "__main__":
    main()
