"""The command line's input and output: one exit-status scheme in which every outcome differs,
UTF-8 with or without a byte-order mark, the four move formats (json as one streamed document),
closed pipes, progress for long exports, and pictures that fit the terminal exactly."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import pty
import shutil
import subprocess
import sys
import tracemalloc

import pytest

from hanoi_magnet import Color, State, solve
from hanoi_magnet.cli import _util as cliutil
from hanoi_magnet.cli import main
from hanoi_magnet.cli._formats import MAX_RECORD
from hanoi_magnet.draw import render_text
from tests.pictures import read_text


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.StringIO(stdin if stdin is not None else "")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(list(args))
    finally:
        sys.stdin = saved
    return status, out.getvalue(), err.getvalue()


def process(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "hanoi_magnet", *args],
        input=stdin,
        capture_output=True,
        timeout=120,
        check=False,
    )


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


# -- exit statuses: every outcome its own ----------------------------------------------------


def outcomes(tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_text("S->D\n", encoding="utf-8")
    illegal = tmp_path / "illegal.txt"
    illegal.write_text("S->D\nS->D\n", encoding="utf-8")
    latin = tmp_path / "latin1.txt"
    latin.write_bytes("S->D # café\n".encode("latin-1"))
    return {
        "solved": ["validate", "classic", "1", str(moves)],
        "illegal": ["validate", "classic", "2", str(illegal)],
        "usage (argparse)": ["validate", "classic", "x", str(moves)],
        "usage (unknown label)": ["validate", "NNX", "1", str(moves)],
        "not solved": ["validate", "classic", "1", "-"],
        "missing file": ["validate", "classic", "1", str(tmp_path / "missing.txt")],
        "a directory": ["validate", "classic", "1", str(tmp_path)],
        "not UTF-8": ["validate", "classic", "1", str(latin)],
        "no solution": ["solve", "RRR", "3"],
        "too large": ["count", "NNN", "30000", "--per-disk"],
        "cannot write": ["draw", "NNN", "2", "-o", str(tmp_path / "no" / "such" / "dir.svg")],
    }


EXPECTED = {
    "solved": 0,
    "illegal": 1,
    "usage (argparse)": 2,
    "usage (unknown label)": 2,
    "not solved": 3,
    "missing file": 4,
    "a directory": 4,
    "not UTF-8": 5,
    "no solution": 6,
    "too large": 6,
    "cannot write": 4,
}


def test_every_outcome_has_its_documented_status(tmp_path):
    got = {}
    for name, args in outcomes(tmp_path).items():
        stdin = "S->I\n" if name == "not solved" else None
        status, out, err = run(*args, stdin=stdin)
        got[name] = status
        if status not in (0, 1, 3):  # an error, not a verdict: one line on standard error
            assert out == "" and err.count("\n") == 1 and "Traceback" not in err, (name, err)
    assert got == EXPECTED
    # validate's verdicts and its failures are pairwise distinct (0.1.0: 2 meant three things)
    verdicts = [got[k] for k in ("solved", "illegal", "usage (argparse)", "not solved")]
    verdicts += [got[k] for k in ("missing file", "not UTF-8")]
    assert len(set(verdicts)) == len(verdicts)


def test_the_statuses_are_in_the_help():
    for args in (["--help"], ["validate", "--help"]):
        status, out, _ = run(*args)
        assert status == 0
        assert "exit status:" in out
        for code, words in [
            (0, "success"),
            (1, "an illegal or malformed move"),
            (2, "usage error"),
            (3, "legal but do not reach the goal"),
            (4, "cannot be read or written"),
            (5, "not UTF-8"),
            (6, "cannot be met"),
        ]:
            assert f"  {code}  " in out and words in out
    assert [int(s) for s in cliutil.Status] == [0, 1, 2, 3, 4, 5, 6, 130]


def test_status_of_a_real_process_on_an_illegal_file_and_a_missing_one(tmp_path):
    path = tmp_path / "moves.txt"
    path.write_text("S->D\nS->D\n", encoding="utf-8")
    assert process("validate", "classic", "2", str(path)).returncode == 1
    done = process("validate", "classic", "2", str(tmp_path / "nope"))
    assert done.returncode == 4 and b"cannot read" in done.stderr


# -- UTF-8, with or without a byte-order mark -----------------------------------------------------


@pytest.mark.parametrize("fmt", ["text", "jsonl", "json", "csv"])
def test_a_byte_order_mark_is_accepted_in_files_and_standard_input(tmp_path, fmt):
    _, out, _ = run("solve", "NNN", "3", "--format", fmt)
    path = tmp_path / "moves"
    path.write_bytes(b"\xef\xbb\xbf" + out.encode("utf-8"))
    status, verdict, _ = run("validate", "NNN", "3", str(path), "--format", fmt)
    assert (status, verdict) == (0, "solved: 11 legal moves reach the goal\n")
    # standard input as bytes, in a real process (0.1.0: malformed move 0)
    done = process("validate", "NNN", "3", "-", "--format", fmt, stdin=path.read_bytes())
    assert (done.returncode, done.stdout, done.stderr) == (
        0,
        b"solved: 11 legal moves reach the goal\n",
        b"",
    )
    # and a text stream that kept the mark (in-process, as an embedding might pass it)
    status, verdict, _ = run("validate", "NNN", "3", "-", "--format", fmt, stdin="\ufeff" + out)
    assert status == 0


def test_standard_input_is_read_as_utf8_whatever_the_locale(tmp_path):
    text = "S->D  # départ\n".encode()
    env = {**os.environ, "LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0", "PYTHONIOENCODING": ""}
    done = subprocess.run(
        [sys.executable, "-m", "hanoi_magnet", "validate", "classic", "1", "-"],
        input=text,
        capture_output=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    done = process("validate", "classic", "1", "-", stdin=b"S->D\n\xff\n")
    assert done.returncode == 5 and b"not UTF-8" in done.stderr


# -- the formats ---------------------------------------------------------------------------------


def test_json_is_one_document_with_the_moves_of_the_slice():
    _, out, _ = run("solve", "classic", "3", "--format", "json", "--start", "2", "--stop", "-1")
    document = json.loads(out)
    moves = list(solve("classic", 3))
    assert document == {
        "variant": "classic",
        "n": 3,
        "length": 7,
        "start": 2,
        "stop": 6,
        "moves": [
            {"index": k, "disk": m.disk, "source": m.source, "target": m.target}
            for k, m in enumerate(moves)
        ][2:6],
    }
    _, out, _ = run("solve", "classic", "3", "--format", "json", "--start", "9")
    assert json.loads(out)["moves"] == []
    _, out, _ = run("solve", "classic", "0", "--format", "json")
    assert json.loads(out) == {
        "variant": "classic",
        "n": 0,
        "length": 0,
        "start": 0,
        "stop": 0,
        "moves": [],
    }


def test_jsonl_and_csv_are_records_per_line():
    _, out, _ = run("solve", "RBB", "2", "--format", "jsonl")
    assert [json.loads(line)["index"] for line in out.splitlines()] == [0, 1, 2, 3]
    _, out, _ = run("solve", "RBB", "2", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [row["index"] for row in rows] == ["0", "1", "2", "3"]


class CountingSink(io.TextIOBase):
    def __init__(self) -> None:
        self.size = 0

    def write(self, text: str) -> int:
        self.size += len(text)
        return len(text)

    def writable(self) -> bool:
        return True


@pytest.mark.parametrize("fmt", ["json", "jsonl", "csv", "text"])
def test_writing_streams_in_constant_memory(monkeypatch, fmt):
    solve("classic", 17).length  # the engine's records, built before measuring
    sink = CountingSink()
    monkeypatch.setattr(sys, "stdout", sink)
    tracemalloc.start()
    try:
        assert main(["solve", "classic", "17", "--format", fmt]) == 0
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert sink.size > 1_000_000  # 131,071 moves
    assert peak < sink.size / 4, (peak, sink.size)


class Document(io.TextIOBase):
    """A JSON document of a solution's moves, produced as it is read (nothing kept)."""

    def __init__(self, label: str, n: int, *, minified: bool = False) -> None:
        moves = solve(label, n)
        head = json.dumps({"variant": label, "n": n, "moves": [None]})
        self.parts = iter(
            [
                head[: head.index("[") + 1],
                *(
                    ("" if k == 0 else ",")
                    + ("" if minified else "\n")
                    + json.dumps({"disk": m.disk, "source": m.source, "target": m.target})
                    for k, m in enumerate(moves)
                ),
                "]}",
            ]
        )
        self.pending = ""

    def read(self, size: int = -1) -> str:
        while len(self.pending) < max(size, 1):
            part = next(self.parts, None)
            if part is None:
                break
            self.pending += part
        out, self.pending = self.pending[:size], self.pending[size:]
        return out

    def readable(self) -> bool:
        return True


@pytest.mark.parametrize("minified", [False, True])
def test_reading_a_json_document_in_constant_memory(monkeypatch, minified):
    solve("classic", 16).length
    monkeypatch.setattr(sys, "stdin", Document("classic", 16, minified=minified))
    tracemalloc.start()
    try:
        with contextlib.redirect_stdout(io.StringIO()) as out:
            status = main(["validate", "classic", "16", "-", "--format", "json"])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert (status, out.getvalue()) == (0, "solved: 65535 legal moves reach the goal\n")
    assert peak < 2_000_000  # the document is about 2.6 MB


@pytest.mark.parametrize(
    ("fmt", "text", "index", "why"),
    [
        ("jsonl", '{"disk": 1, "source": 0, "target": 2}\nnot json\n', 1, "not a JSON object"),
        ("jsonl", '{"disk": 1, "source": 0, "target": 2}\n[1, 2]\n', 1, "expected an object"),
        ("jsonl", '{"disk": 1, "source": "S", "target": 2}\n', 0, 'integers "source"'),
        ("jsonl", '{"disk": 1, "source": 0, "target": -2}\n', 0, 'integers "source"'),
        ("jsonl", '{"disk": 1.5, "source": 0, "target": 2}\n', 0, 'integers "source"'),
        ("csv", "disk,source,target\n1,0,2\n1,0\n", 1, "2 cells under a header of 3"),
        ("csv", "disk,from,to\n1,0,2\n", 0, "must name the columns source and target"),
        ("csv", "disk,source,target\nx,0,2\n", 0, 'integers "source"'),
        ("json", '{"moves": [{"disk": 1, "source": 0, "target": 2} {"disk": 1}]}', 1, "','"),
        ("json", '{"moves": [{"disk": 1, "source": 0, "target": 2}, 7]}', 1, "expected an"),
        ("json", '{"n": 2}', 0, 'no "moves" array'),
        ("json", '{"moves": [{"disk": 1, "source": 0, "target": 2}', 1, "ends too early"),
        ("json", "[", 0, "not JSON"),
        ("json", "nonsense", 0, "starts with '{' or '['"),
        ("json", '{"moves": []} trailing', 0, "more text after the end"),
    ],
)
def test_a_record_that_is_not_a_move_is_reported_as_malformed(fmt, text, index, why):
    status, out, err = run("validate", "classic", "2", "-", "--format", fmt, stdin=text)
    assert (status, err) == (1, ""), out
    lines = out.splitlines()
    assert lines[0].startswith(f"illegal: move {index} (")
    assert "is illegal (malformed)" in lines[0] and why in lines[0]
    assert lines[1].startswith("rule: malformed")
    assert lines[2].startswith(f"position before move {index}: ")


def test_a_record_longer_than_the_limit_is_refused_not_buffered():
    text = '{"moves": [{"disk": 1, "source": 0, "target": 2, "note": "' + "x" * 2 * MAX_RECORD
    status, out, _ = run("validate", "classic", "2", "-", "--format", "json", stdin=text + '"}]}')
    assert status == 1 and "longer than 1,048,576 characters" in out


@pytest.mark.parametrize("fmt", ["text", "jsonl", "json", "csv"])
@pytest.mark.parametrize("digits", [100, 101, 5000])
def test_huge_numbers_in_records_name_no_such_post(fmt, digits):
    number = "7" * digits
    record = {
        "text": f"1: S -> {number}\n",
        "jsonl": f'{{"disk": 1, "source": 0, "target": {number}}}\n',
        "json": f'{{"moves": [{{"disk": 1, "source": 0, "target": {number}}}]}}',
        "csv": f"disk,source,target\n1,0,{number}\n",
    }[fmt]
    status, out, _ = run("validate", "classic", "2", "-", "--format", fmt, stdin=record)
    assert status == 1 and "is illegal (no such post)" in out and len(out) < 1000


@pytest.mark.parametrize("digits", [4300, 4301, 5000])
def test_show_at_a_position_of_thousands_of_digits_is_one_line(digits):
    for sign in ("", "-"):
        status, out, err = run("show", "NNN", "3", "--at", sign + "1" + "0" * (digits - 1))
        assert (status, out) == (2, "")
        assert err.count("\n") == 1 and "Traceback" not in err
        assert "is out of range for a solution of 11 moves (valid: -12 <= k <= 11)" in err
        assert len(err) < 200


# -- closed pipes ----------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["text", "jsonl", "json", "csv"])
def test_a_closed_pipe_is_not_an_error_in_any_format(fmt):
    child = subprocess.Popen(
        [sys.executable, "-m", "hanoi_magnet", "solve", "classic", "25", "--format", fmt],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert child.stdout is not None and child.stderr is not None
    head = [child.stdout.readline() for _ in range(3)]  # what `| head -3` reads
    child.stdout.close()
    assert child.wait(timeout=120) == 0
    assert child.stderr.read() == b""
    child.stderr.close()
    assert all(line.endswith(b"\n") for line in head)


def test_head_in_a_shell_pipeline():
    done = subprocess.run(
        f"{sys.executable} -m hanoi_magnet solve classic 25 | head -3; "
        'echo "status ${PIPESTATUS[0]}"',
        shell=True,
        executable="/bin/bash",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.stdout.splitlines() == ["1: S -> D", "2: S -> I", "1: D -> I", "status 0"]
    assert done.stderr == ""


# -- graph: streamed, with progress on a terminal --------------------------------------------


@pytest.mark.parametrize("fmt", ["svg", "dot"])
def test_graph_export_shows_progress_on_a_terminal_when_writing_a_file(monkeypatch, tmp_path, fmt):
    monkeypatch.setattr(cliutil.Progress, "CHECK_EVERY", 64)
    monkeypatch.setattr(cliutil.Progress, "INTERVAL", 0.0)
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    path = tmp_path / f"graph.{fmt}"
    with contextlib.redirect_stdout(io.StringIO()) as out:
        assert main(["graph", "classic", "5", "--format", fmt, "-o", str(path)]) == 0
    assert out.getvalue() == f"wrote {path}\n"
    progress = terminal.getvalue()
    assert "\rgraph: lines written: 64 of 606 (10%)" in progress  # 243 nodes, 363 edges
    assert progress.endswith("\r\x1b[2K")
    written = path.read_text(encoding="utf-8")
    expected = run("graph", "classic", "5", "--format", fmt)[1]
    assert written == expected


def test_graph_progress_stays_off_the_picture_on_a_terminal(monkeypatch):
    monkeypatch.setattr(cliutil.Progress, "CHECK_EVERY", 64)
    monkeypatch.setattr(cliutil.Progress, "INTERVAL", 0.0)
    terminal, screen = Terminal(), Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.setattr(sys, "stdout", screen)
    assert main(["graph", "classic", "5", "--format", "svg"]) == 0
    assert terminal.getvalue() == "" and screen.getvalue().startswith("<svg")


# -- pictures that fit the terminal exactly --------------------------------------------------


@pytest.mark.parametrize("color", [False, True])
@pytest.mark.parametrize(
    "state",
    [
        State.tower(3),
        State([[3], [2, 1], []], faces="BBB"),
        State.tower(12, post=2, face=Color.RED),
    ],
)
def test_a_picture_exactly_as_wide_as_allowed_is_drawn(state, color):
    picture = render_text(state, color=color)
    plain = render_text(state)
    width = max(len(line) for line in plain.splitlines())  # as printed: no trailing spaces
    assert render_text(state, color=color, max_width=width) == picture
    assert render_text(state, color=color, max_width=width + 1) == picture
    listing = render_text(state, color=color, max_width=width - 1)
    assert listing != picture and len(listing.splitlines()) == len(state.posts)
    assert read_text(plain) == state


def test_the_terminal_width_falls_back_when_the_terminal_says_zero(monkeypatch):
    monkeypatch.setattr(
        shutil, "get_terminal_size", lambda fallback=(80, 24): os.terminal_size((0, 0))
    )
    assert cliutil.terminal_width() == cliutil.FALLBACK_WIDTH == 80
    status, out, _ = run("show", "NNN", "3", "--at", "5")
    assert status == 0
    assert read_text("\n".join(out.splitlines()[1:-1])) == solve("NNN", 3).unrank(5)
    monkeypatch.setattr(
        shutil, "get_terminal_size", lambda fallback=(80, 24): os.terminal_size((30, 9))
    )
    assert cliutil.terminal_width() == 30


def test_show_in_a_pseudo_terminal_of_size_zero_draws_the_picture():
    # a new pseudo-terminal reports 0 x 0; Python 3.10's shutil then says 0 columns
    leader, follower = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    try:
        child = subprocess.Popen(
            [sys.executable, "-m", "hanoi_magnet", "show", "NNN", "3", "--at", "5", "--no-color"],
            stdout=follower,
            stderr=subprocess.DEVNULL,
            env=env,
        )
        os.close(follower)
        chunks = []
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the child closed its end
                break
            if not chunk:
                break
            chunks.append(chunk)
        assert child.wait(timeout=120) == 0
    finally:
        os.close(leader)
    out = b"".join(chunks).decode().replace("\r\n", "\n")
    assert read_text("\n".join(out.splitlines()[1:-1])) == solve("NNN", 3).unrank(5)
