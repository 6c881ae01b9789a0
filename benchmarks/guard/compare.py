"""Run the rows on two trees in alternation and print, per row, old/new, the ratio and a flag.

Each tree has its own worker process (``worker.py``), started once; the two never run at the
same time: a round asks one for a sample, then the other (which goes first alternates). The
number of calls in a sample is calibrated once, on the new tree, and used for both. Rows that
take long get fewer rounds (a time budget per row, never fewer than three); fresh-process
rows start a new interpreter for every sample, after one untimed start per tree that leaves
the bytecode compiled.
"""

from __future__ import annotations

import contextlib
import json
import queue
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from benchmarks.guard import rows as row_defs
from benchmarks.guard.stats import Verdict, duration, verdict
from benchmarks.guard.worker import fresh_program

WORKER = Path(__file__).with_name("worker.py")
ROWS_FILE = Path(row_defs.__file__)


@dataclass(frozen=True)
class Settings:
    """How long to measure: rounds per row, the length of a sample, the time per row."""

    rounds: int = 15
    target: float = 0.05  # seconds per sample (in-process rows)
    budget: float = 40.0  # seconds per row, both trees together
    timeout: float = 300.0  # a request that takes longer stops its worker

    @classmethod
    def quick(cls) -> Settings:
        return cls(rounds=5, target=0.02, budget=10.0, timeout=120.0)


@dataclass
class Result:
    """One row's outcome: samples of each tree, or why a tree has none."""

    row: row_defs.Row
    old: list[float] = field(default_factory=list)
    new: list[float] = field(default_factory=list)
    old_error: str | None = None
    new_error: str | None = None

    @property
    def verdict(self) -> Verdict | None:
        if self.old_error or self.new_error or not self.old or not self.new:
            return None
        return verdict(self.old, self.new)


class Worker:
    """One tree's worker process, with a time limit on every request."""

    def __init__(self, tree: Path, timeout: float, rows_file: Path = ROWS_FILE) -> None:
        self.tree = tree
        self.timeout = timeout
        self.rows_file = rows_file
        self.where = ""
        self._start()

    def _start(self) -> None:
        self._log = tempfile.TemporaryFile(mode="w+")  # noqa: SIM115 (kept while it runs)
        self.process = subprocess.Popen(
            [sys.executable, "-I", str(WORKER), str(self.tree), str(self.rows_file)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._log,
            text=True,
        )
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._reader = threading.Thread(target=self._read, args=(self.process.stdout,))
        self._reader.daemon = True
        self._reader.start()
        hello = self._answer(self.timeout, restart=False)
        if "ready" not in hello:
            self.close()
            raise RuntimeError(f"the worker for {self.tree} did not start: {hello.get('error')}")
        self.where = hello["ready"]

    def _read(self, stream: TextIO) -> None:
        for line in stream:
            self._lines.put(line)
        self._lines.put(None)

    def _answer(self, timeout: float, *, restart: bool = True) -> dict[str, Any]:
        try:
            line = self._lines.get(timeout=timeout)
        except queue.Empty:
            if restart:
                self._restart()
            return {"error": f"no answer within {timeout:.0f} s (the worker was restarted)"}
        if line is None:
            self._log.seek(0)
            tail = self._log.read()[-300:].strip()
            if restart:
                self._restart()
            return {"error": f"the worker died ({tail or 'no message'})"}
        answer: dict[str, Any] = json.loads(line)
        return answer

    def _restart(self) -> None:
        self.close()
        self._start()

    def request(self, op: str, **fields: object) -> dict[str, Any]:
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(json.dumps({"op": op, **fields}) + "\n")
            self.process.stdin.flush()
        except BrokenPipeError:
            self._restart()
            return {"error": "the worker had stopped (restarted)"}
        return self._answer(self.timeout)

    def close(self) -> None:
        process = self.process
        assert process.stdin is not None
        assert process.stdout is not None
        if process.poll() is None:
            try:
                process.stdin.write('{"op": "quit"}\n')
                process.stdin.flush()
                process.wait(timeout=10)
            except (BrokenPipeError, OSError, subprocess.TimeoutExpired):
                process.kill()
                process.wait()
        for stream in (process.stdin, process.stdout):
            with contextlib.suppress(OSError):  # (a pipe broken by a killed worker)
                stream.close()
        self._reader.join(timeout=10)
        self._log.close()


def measure_in_process(
    row: row_defs.Row, old: Worker | str, new: Worker | str, settings: Settings
) -> Result:
    """One row in the two workers, in alternating rounds (a side given as a string is a worker
    that did not start: the row is "n/a" there, and the other side is timed alone)."""
    result = Result(row)
    trees = {side: w for side, w in (("old", old), ("new", new)) if isinstance(w, Worker)}
    errors: dict[str, str | None] = {"old": None, "new": None}
    for side, worker in (("old", old), ("new", new)):
        errors[side] = (
            worker
            if isinstance(worker, str)
            else worker.request("setup", row=row.name).get("error")
        )
    result.old_error, result.new_error = errors["old"], errors["new"]
    working = [side for side in trees if not errors[side]]
    if working:
        reply = trees[working[-1]].request("calibrate", row=row.name, target=settings.target)
        if "error" in reply:
            _fail(result, working[-1], reply["error"])
        else:
            _sample_rounds(result, trees, int(reply["number"]), settings)
    for worker in trees.values():
        worker.request("drop", row=row.name)
    return result


def _fail(result: Result, side: str, error: str) -> None:
    if side == "old":
        result.old_error = result.old_error or error
    else:
        result.new_error = result.new_error or error


def _sample_rounds(
    result: Result, trees: dict[str, Worker], number: int, settings: Settings
) -> None:
    samples = {"old": result.old, "new": result.new}

    def take(side: str) -> None:
        if (result.old_error if side == "old" else result.new_error) is not None:
            return
        reply = trees[side].request("sample", row=result.row.name, number=number)
        if "error" in reply:
            _fail(result, side, reply["error"])
        else:
            samples[side].append(float(reply["seconds"]))

    started, rounds = time.perf_counter(), settings.rounds
    for index in range(settings.rounds):
        for side in ("old", "new") if index % 2 == 0 else ("new", "old"):
            take(side)
        if index == 0:  # the first round tells how many rounds the budget allows
            spent = time.perf_counter() - started
            rounds = max(3, min(settings.rounds, int(settings.budget / max(spent, 1e-9))))
        if index + 1 >= rounds:
            break


def measure_fresh(row: row_defs.Row, old: Path, new: Path, settings: Settings) -> Result:
    result = Result(row)
    trees = {"old": old, "new": new}
    samples = {"old": result.old, "new": result.new}
    for side, tree in trees.items():  # one untimed start each: the bytecode is compiled
        outcome = _fresh_run(tree, row)
        if isinstance(outcome, str):
            _fail(result, side, outcome)
    for index in range(settings.rounds):
        for side in ("old", "new") if index % 2 == 0 else ("new", "old"):
            if (result.old_error if side == "old" else result.new_error) is not None:
                continue
            outcome = _fresh_run(trees[side], row)
            if isinstance(outcome, str):
                _fail(result, side, outcome)
            else:
                samples[side].append(outcome)
    return result


def _fresh_run(tree: Path, row: row_defs.Row) -> float | str:
    """Seconds of the row in a new interpreter, or the error it ended with."""
    assert row.code is not None
    try:
        done = subprocess.run(
            [sys.executable, "-I", "-c", fresh_program(str(tree), row.code)],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return "timed out (120 s)"
    if done.returncode:
        lines = done.stderr.strip().splitlines()
        return lines[-1][:300] if lines else f"exit status {done.returncode}"
    where, imported, ran = done.stdout.strip().splitlines()[-1].rsplit(" ", 2)
    if not Path(where.strip("'\"")).resolve().is_relative_to(tree.resolve()):
        return f"hanoi_magnet came from {where}, not {tree}"
    return float(ran) if row.code else float(imported)


# -- the table ---------------------------------------------------------------------------------

HEADERS = ("row", "old", "new", "new/old", "noise", "flag")


def cells(result: Result) -> list[str]:
    """A row's table cells: old and new medians, the ratio, its noise (+-), the flag."""
    found = result.verdict
    if found is not None:
        return [result.row.name, duration(found.old), duration(found.new), f"{found.ratio:.2f}",
                f"±{found.noise * 100:.0f}%", found.flag]  # fmt: skip
    old = duration(statistics.median(result.old)) if result.old else "n/a"
    new = duration(statistics.median(result.new)) if result.new else "n/a"
    flag = "ERROR (new)" if result.new_error else "n/a (old)"
    return [result.row.name, old, new, "-", "-", flag]


class Printer:
    """The table, printed row by row as each is measured (widths known in advance)."""

    def __init__(self, names: list[str], out: TextIO) -> None:
        self.widths = [max(len(HEADERS[0]), *map(len, names)), 9, 9, 7, 6, 11]
        self.out = out
        self.group = ""

    def line(self, values: list[str]) -> None:
        text = "  ".join(v.ljust(w) for v, w in zip(values, self.widths, strict=True))
        print(text.rstrip(), file=self.out, flush=True)

    def rule(self) -> None:
        print("  ".join("=" * w for w in self.widths), file=self.out, flush=True)

    def header(self) -> None:
        self.rule()
        self.line(list(HEADERS))
        self.rule()

    def add(self, result: Result) -> None:
        if result.row.group != self.group:
            self.group = result.row.group
            self.line([f"[{self.group}]", "", "", "", "", ""])
        self.line(cells(result))


def run_rows(
    chosen: list[row_defs.Row],
    old_tree: Path,
    new_tree: Path,
    settings: Settings,
    out: TextIO,
    progress: Callable[[str], None] = lambda text: None,
    rows_file: Path = ROWS_FILE,
) -> list[Result]:
    """Measure ``chosen`` on both trees, printing the table to ``out`` as it goes.

    ``rows_file`` defines the in-process rows the workers run (by name).
    """
    printer = Printer([r.name for r in chosen], out)
    printer.header()
    results = []
    workers: dict[str, Worker | str] = {}  # a worker, or why it did not start
    if any(not r.fresh for r in chosen):
        for side, tree in (("old", old_tree), ("new", new_tree)):
            try:
                workers[side] = Worker(tree, settings.timeout, rows_file)
            except RuntimeError as error:  # every in-process row is then "n/a" on that side
                workers[side] = str(error)
            found = workers[side]
            progress(f"{side}: {found.where if isinstance(found, Worker) else found}")
    try:
        ordered = sorted(chosen, key=lambda r: [x.group for x in chosen].index(r.group))
        for index, row in enumerate(ordered, 1):
            progress(f"[{index}/{len(ordered)}] {row.name}")
            if row.fresh:
                result = measure_fresh(row, old_tree, new_tree, settings)
            else:
                result = measure_in_process(row, workers["old"], workers["new"], settings)
            printer.add(result)
            results.append(result)
    finally:
        for worker in workers.values():
            if isinstance(worker, Worker):
                worker.close()
    printer.rule()
    return results


def summary(results: list[Result]) -> tuple[str, int]:
    """The closing lines and the exit status (1: a row is slower or fails on the new tree)."""
    slower = [r.row.name for r in results if r.verdict is not None and r.verdict.slower]
    faster = [r.row.name for r in results if r.verdict is not None and r.verdict.faster]
    broken = [f"{r.row.name}: {r.new_error}" for r in results if r.new_error]
    missing = [f"{r.row.name}: {r.old_error}" for r in results if r.old_error and not r.new_error]
    lines = [
        (
            f"{len(results)} rows: {len(slower)} flagged slower (> 10 % beyond their noise), "
            f"{len(faster)} faster, {len(missing)} n/a on the old tree, {len(broken)} failing "
            "on the new tree."
        )
    ]
    lines += [f"  SLOWER: {name}" for name in slower]
    lines += [f"  ERROR (new): {text}" for text in broken]
    lines += [f"  n/a (old): {text}" for text in missing]
    return "\n".join(lines), int(bool(slower or broken))


def to_json(results: list[Result]) -> list[dict[str, Any]]:
    """The results as plain data (``--json``)."""
    records = []
    for result in results:
        found = result.verdict
        records.append({
            "row": result.row.name,
            "group": result.row.group,
            "old": result.old,
            "new": result.new,
            "old_error": result.old_error,
            "new_error": result.new_error,
            "ratio": None if found is None else found.ratio,
            "interval": None if found is None else [found.low, found.high],
            "flag": None if found is None else found.flag,
        })  # fmt: skip
    return records
