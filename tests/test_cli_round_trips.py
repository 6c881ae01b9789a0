"""``hanoi-magnet solve | hanoi-magnet validate`` for every registered label, in every format, and
slices of the output (``--start``/``--stop``, negative, empty, past 2^63) against the library.

The moves cross the engine's cached blocks (4,096 moves) for every label and format; every label
is also piped through at its largest n with at most 2^18 moves, and three at their largest n
with at most 2,000,000 moves (set ``HANOI_ROUND_TRIPS=all`` for every label at that size: about
a minute and a half). One real process pipe per format. (0.1.0 printed illegal solutions from
about 10 to 14 disks on: slices and streams crossed cached blocks in the wrong order.)
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanoi_magnet import Move, default_registry, solve, validate
from hanoi_magnet.cli import main

LABELS = [
    label
    for label in default_registry.labels()
    if getattr(default_registry.get(label), "solvable", True)
]
FORMATS = ["text", "jsonl", "json", "csv"]
BLOCK_MOVES = 4096  # the engine's cached blocks (hanoi_magnet._engine)
FULL = os.environ.get("HANOI_ROUND_TRIPS") == "all"


def largest_n(label: str, moves: int) -> int:
    """The largest n whose solution has at most ``moves`` moves."""
    n = 0
    while solve(label, n + 1).length <= moves:
        n += 1
    return n


def crossing_n(label: str) -> int:
    """The smallest n whose solution is longer than one cached block."""
    n = 1
    while solve(label, n).length <= BLOCK_MOVES:
        n += 1
    return n


def run(*args: str, stdin: str | None = None) -> tuple[int, str]:
    out = io.StringIO()
    saved = sys.stdin
    sys.stdin = io.StringIO(stdin if stdin is not None else "")
    try:
        with contextlib.redirect_stdout(out):
            status = main(list(args))
    finally:
        sys.stdin = saved
    return status, out.getvalue()


def round_trip(label: str, n: int, fmt: str) -> str:
    status, written = run("solve", label, str(n), "--format", fmt)
    assert status == 0
    status, verdict = run("validate", label, str(n), "-", "--format", fmt, stdin=written)
    length = solve(label, n).length
    assert (status, verdict) == (0, f"solved: {length} legal moves reach the goal\n"), verdict
    return written


def records(written: str, fmt: str) -> list[tuple[int, Move]]:
    """(index, move) of what ``solve`` wrote in ``fmt`` (text: indices counted from 0)."""
    if fmt == "text":
        return []
    if fmt == "jsonl":
        rows = [json.loads(line) for line in written.splitlines()]
    elif fmt == "json":
        rows = json.loads(written)["moves"]
    else:
        rows = [{k: int(v) for k, v in row.items()} for row in csv.DictReader(io.StringIO(written))]
    return [(row["index"], Move(row["disk"], row["source"], row["target"])) for row in rows]


@pytest.mark.parametrize("label", LABELS)
def test_every_label_in_every_format_across_the_cached_blocks(label):
    n = crossing_n(label)
    solution = solve(label, n)
    moves = list(solution)
    assert len(moves) > BLOCK_MOVES
    for fmt in FORMATS:
        written = round_trip(label, n, fmt)
        if fmt == "text":
            assert written.splitlines() == [m.format(solution.variant.posts) for m in moves]
        else:
            assert records(written, fmt) == list(enumerate(moves))


@pytest.mark.parametrize("label", LABELS)
def test_every_label_at_its_largest_n_with_at_most_2_to_the_18_moves(label):
    round_trip(label, largest_n(label, 2**18), "text")


@pytest.mark.slow
@pytest.mark.parametrize("label", LABELS if FULL else ["NNN", "classic:4", "RNB"])
def test_at_the_largest_n_with_at_most_two_million_moves(label):
    n = largest_n(label, 2_000_000)
    assert solve(label, n + 1).length > 2_000_000
    round_trip(label, n, "text")


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_real_process_pipe_in_each_format(fmt):
    label, n = "NNN", 10  # 88,574 moves
    command = [sys.executable, "-m", "hanoi_magnet"]
    producer = subprocess.Popen(
        [*command, "solve", label, str(n), "--format", fmt], stdout=subprocess.PIPE
    )
    checker = subprocess.run(
        [*command, "validate", label, str(n), "-", "--format", fmt],
        stdin=producer.stdout,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert producer.stdout is not None
    producer.stdout.close()
    assert producer.wait(timeout=300) == 0
    length = solve(label, n).length
    assert (checker.returncode, checker.stdout, checker.stderr) == (
        0,
        f"solved: {length} legal moves reach the goal\n",
        "",
    )


# -- slices: --start and --stop ------------------------------------------------------------------


def check_window(label: str, n: int, start: int | None, stop: int | None, fmt: str) -> None:
    """The slice printed is the library's moves at those indices, and legal from its start."""
    solution = solve(label, n)
    args = ["solve", label, str(n), "--format", fmt]
    args += [] if start is None else ["--start", str(start)]
    args += [] if stop is None else ["--stop", str(stop)]
    status, written = run(*args)
    assert status == 0
    window = range(solution.length)[start:stop]
    expected = [(k, solution[k]) for k in window]  # move_at: an independent descent per index
    if fmt == "text":
        assert written.splitlines() == [m.format(solution.variant.posts) for _, m in expected]
    else:
        assert records(written, fmt) == expected
    if expected:
        begin = solution.unrank(window.start)
        report = validate([m for _, m in expected], solution.variant, start=begin)
        assert report.ok and report.state == solution.unrank(window.start + len(expected))


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize(
    ("start", "stop"),
    [
        (2**63 - 3, 2**63 + 3),  # across sys.maxsize
        (2**64 - 4, None),  # the last three moves (and one index past the end)
        (-3, None),
        (None, -(2**64 - 4)),  # the first three
        (2**63, 2**63),  # empty
        (2**70, 2**71),  # past the end: empty
        (-(2**70), 2),  # before the start: from 0
    ],
)
def test_slices_of_the_64_disk_legend(fmt, start, stop):
    check_window("classic", 64, start, stop, fmt)


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(["NNN", "classic:4", "RBB", "cyclic:ccw"]),
    st.integers(-(10**6), 10**6),
    st.integers(1, 300),
    st.sampled_from(FORMATS),
)
def test_windows_anywhere_in_long_solutions(label, offset, size, fmt):
    n = {"NNN": 14, "classic:4": 151, "RBB": 13, "cyclic:ccw": 14}[label]
    check_window(label, n, offset, offset + size if offset < -size or offset >= 0 else None, fmt)


def test_negative_and_huge_slices_in_a_real_process():
    done = subprocess.run(
        [sys.executable, "-m", "hanoi_magnet", "solve", "classic", "64"]
        + ["--start", str(2**63 - 1), "--stop", str(2**63 + 1), "--format", "jsonl"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0 and done.stderr == ""
    assert [json.loads(line) for line in done.stdout.splitlines()] == [
        {"index": 2**63 - 1, "disk": 64, "source": 0, "target": 2},
        {"index": 2**63, "disk": 1, "source": 1, "target": 2},
    ]
