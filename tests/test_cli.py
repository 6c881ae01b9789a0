from __future__ import annotations

import contextlib
import csv
import io
import json
import subprocess
import sys
from importlib import metadata
from xml.etree import ElementTree

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hanoi_magnet import labels, solve
from hanoi_magnet.cli import main
from hanoi_magnet.cli._util import Progress
from tests.pictures import read_svg, read_text, svg_root


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    """main(args) in this process: (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(list(args))
    finally:
        sys.stdin = old_stdin
    return status, out.getvalue(), err.getvalue()


def run_process(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m hanoi_magnet ARGS`` in a new process."""
    return subprocess.run(
        [sys.executable, "-m", "hanoi_magnet", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


class Terminal(io.StringIO):
    """A captured stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


@pytest.fixture
def no_color_env(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("TERM", raising=False)


def assert_one_line_error(err: str, *parts: str) -> None:
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert "error:" in err and "Traceback" not in err
    for part in parts:
        assert part in err


# -- variants -----------------------------------------------------------------------------------


def test_variants_lists_every_label_with_small_counts():
    status, out, err = run("variants")
    assert status == 0 and err == ""
    rows = {line.split()[0]: line for line in out.splitlines() if line}
    assert set(labels()) <= set(rows)
    assert rows["NNN"].split()[1:5] == ["N", "N", "N", "R->B"]
    assert rows["NNN"].endswith("yes       1, 4, 11, 30, 83, 236")
    assert rows["RRB"].endswith(", ".join(str((3**n - 1) // 2) for n in range(1, 7)))
    for unsolvable in ("RRR", "BBB", "NRR"):
        assert rows[unsolvable].split()[-2:] == ["no", "-"]
    assert rows["classic:4"].split()[1:3] == ["4", "pegs"]


# -- solve --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("label", "n"), [("NNN", 3), ("RBB", 3), ("classic:4", 5), ("linear", 3)])
def test_solve_prints_the_moves(label, n):
    status, out, err = run("solve", label, str(n))
    solution = solve(label, n)
    assert status == 0 and err == ""
    assert out.splitlines() == [m.format(solution.variant.posts) for m in solution]


def test_solve_jsonl_json_and_csv_carry_the_move_fields():
    solution = solve("NNN", 3)
    _, out, _ = run("solve", "NNN", "3", "--format", "jsonl", "--start", "4")
    objects = [json.loads(line) for line in out.splitlines()]
    assert (
        objects
        == [
            {"index": k, "disk": m.disk, "source": m.source, "target": m.target}
            for k, m in enumerate(solution)
        ][4:]
    )
    _, out, _ = run("solve", "NNN", "3", "--format", "json", "--start", "4")
    document = json.loads(out)
    assert document == {
        "variant": "NNN",
        "n": 3,
        "length": 11,
        "start": 4,
        "stop": 11,
        "moves": objects,
    }
    _, out, _ = run("solve", "NNN", "3", "--format", "csv", "--stop", "-3")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [tuple(map(int, row.values())) for row in rows] == [
        (k, m.disk, m.source, m.target) for k, m in enumerate(solution)
    ][:-3]


@given(
    st.sampled_from([("NNN", 4), ("classic", 5), ("NBR", 3)]),
    st.none() | st.integers(-40, 40),
    st.none() | st.integers(-40, 40),
    st.sampled_from(["text", "jsonl", "json"]),
)
def test_start_and_stop_slice_like_a_list(puzzle, start, stop, fmt):
    label, n = puzzle
    args = ["solve", label, str(n), "--format", fmt]
    args += [] if start is None else ["--start", str(start)]
    args += [] if stop is None else ["--stop", str(stop)]
    status, out, _ = run(*args)
    every = list(solve(label, n))
    expected = list(enumerate(every))[start:stop]
    records = [
        {"index": k, "disk": m.disk, "source": m.source, "target": m.target} for k, m in expected
    ]
    if fmt == "text":
        assert out.splitlines() == [str(m) for _, m in expected]
    elif fmt == "jsonl":
        assert [json.loads(line) for line in out.splitlines()] == records
    else:
        assert json.loads(out)["moves"] == records
    assert status == 0


def test_start_does_not_replay_the_prefix():
    # 2**63 moves could never be replayed: the slice must start there directly.
    status, out, _ = run(
        "solve", "classic", "64", "--start", str(2**63 - 1), "--stop", str(2**63 + 1)
    )
    solution = solve("classic", 64)
    assert status == 0
    assert out.splitlines() == [str(solution[2**63 - 1]), str(solution[2**63])]
    assert out.splitlines()[0] == "64: S -> D"


def digit_limit() -> int | None:
    getter = getattr(sys, "get_int_max_str_digits", None)  # Python >= 3.10.7
    return None if getter is None else getter()


def test_indices_of_huge_solutions_print_in_full(unlimited_digits):
    limit = digit_limit()
    status, out, _ = run("solve", "classic", "16000", "--start", "-1", "--format", "csv")
    assert status == 0
    index = out.splitlines()[1].split(",")[0]
    with unlimited_digits():
        assert index == str(2**16000 - 2)
    assert len(index) > 4300 and digit_limit() == limit


@pytest.fixture
def unlimited_digits():
    @contextlib.contextmanager
    def lifted():
        before = sys.get_int_max_str_digits()
        sys.set_int_max_str_digits(0)
        try:
            yield
        finally:
            sys.set_int_max_str_digits(before)

    if not hasattr(sys, "set_int_max_str_digits"):  # pragma: no cover (Python < 3.10.7)
        return contextlib.nullcontext
    return lifted


# -- count --------------------------------------------------------------------------------------


def test_count_and_per_disk():
    assert run("count", "NNN", "3") == (0, "moves: 11\n", "")
    status, out, _ = run("count", "RRB", "4", "--per-disk")
    assert status == 0
    assert out.splitlines() == ["moves: 40", "disk 1: 27", "disk 2: 9", "disk 3: 3", "disk 4: 1"]


def test_huge_counts_print_every_digit(unlimited_digits):
    limit = digit_limit()
    status, out, _ = run("count", "classic", "15000")
    with unlimited_digits():
        assert out == f"moves: {2**15000 - 1}\n"
    assert status == 0 and len(out) > 4500
    status, out, _ = run("count", "NNN", "10000", "--per-disk")
    solution = solve("NNN", 10000)
    with unlimited_digits():
        assert out.splitlines()[0] == f"moves: {solution.length}"
        assert out.splitlines()[1] == f"disk 1: {solution.per_disk[0]}"
    assert status == 0 and len(out.splitlines()) == 10001
    assert digit_limit() == limit


# -- show ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("label", "n", "k"), [("NNN", 3, 5), ("NBR", 4, 0), ("classic", 4, 7)])
def test_show_draws_the_position(label, n, k):
    status, out, err = run("show", label, str(n), "--at", str(k))
    solution = solve(label, n)
    lines = out.splitlines()
    assert status == 0 and err == ""
    assert lines[0] == f"{label}, {n} disks: the position after {k} of {solution.length} moves"
    assert read_text("\n".join(lines[1:-1])) == solution.unrank(k)
    assert lines[-1] == f"next: move {k}, disk {solution[k]}"  # 0-based: solution[k]


def test_show_the_goal_with_a_negative_index():
    status, out, _ = run("show", "NNN", "2", "--at", "-1")
    assert status == 0
    assert read_text("\n".join(out.splitlines()[1:-1])) == solve("NNN", 2).goal
    assert out.splitlines()[0].endswith("after 4 of 4 moves")
    assert out.splitlines()[-1] == "next: none, the goal is reached"


def show_output(monkeypatch, *args: str, tty: bool) -> str:
    stream = Terminal() if tty else io.StringIO()
    monkeypatch.setattr(sys, "stdout", stream)
    assert main(["show", "NNN", "3", "--at", "5", *args]) == 0
    return stream.getvalue()


@pytest.mark.usefixtures("no_color_env")
@pytest.mark.parametrize(
    ("args", "tty", "env", "coloured"),
    [
        ((), False, {}, False),  # not a terminal: plain letters
        ((), True, {}, True),  # a terminal: colour
        ((), True, {"NO_COLOR": "1"}, False),
        ((), True, {"NO_COLOR": ""}, True),  # empty NO_COLOR does not count (no-color.org)
        ((), True, {"TERM": "dumb"}, False),
        (("--no-color",), True, {}, False),
        (("--color",), False, {}, True),
        (("--color",), True, {"NO_COLOR": "1"}, True),  # the flag wins
    ],
)
def test_colour_on_and_off(monkeypatch, args, tty, env, coloured):
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    out = show_output(monkeypatch, *args, tty=tty)
    assert ("\x1b[" in out) == coloured
    assert read_text("\n".join(out.splitlines()[1:-1])) == solve("NNN", 3).unrank(5)


def test_show_lists_posts_when_the_picture_is_too_wide(monkeypatch):
    monkeypatch.setenv("COLUMNS", "60")
    status, out, _ = run("show", "NNN", "40", "--at", "12345")
    state = solve("NNN", 40).unrank(12345)
    assert status == 0
    assert out.splitlines()[1:4] == [
        part.replace(":", " neutral:", 1) for part in str(state).split(" | ")
    ]


# -- validate -----------------------------------------------------------------------------------


def test_solve_output_validates_in_process(tmp_path):
    _, moves, _ = run("solve", "NNN", "4")
    path = tmp_path / "moves.txt"
    path.write_text(moves, encoding="utf-8")
    assert run("validate", "NNN", "4", str(path)) == (
        0,
        "solved: 30 legal moves reach the goal\n",
        "",
    )
    assert run("validate", "NNN", "4", "-", stdin=moves)[0] == 0


def test_solve_piped_into_validate():
    producer = subprocess.Popen(
        [sys.executable, "-m", "hanoi_magnet", "solve", "RNB", "5"], stdout=subprocess.PIPE
    )
    checker = subprocess.run(
        [sys.executable, "-m", "hanoi_magnet", "validate", "RNB", "5", "-"],
        stdin=producer.stdout,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert producer.stdout is not None
    producer.stdout.close()
    assert producer.wait(timeout=120) == 0
    assert (checker.returncode, checker.stdout, checker.stderr) == (
        0,
        f"solved: {solve('RNB', 5).length} legal moves reach the goal\n",
        "",
    )


def test_an_illegal_move_is_reported_with_index_rule_and_position():
    status, out, err = run("validate", "NNN", "2", "-", stdin="S->I\nS->D\nI->D\n")
    assert status == 1 and err == ""
    assert out.splitlines() == [
        (
            "illegal: move 2 (disk 1: I -> D) is illegal (repulsion): disk 1 would land red side "
            "up on disk 2, which shows blue: touching blue faces repel"
        ),
        "rule: repulsion (touching faces of the same colour repel)",
        "position before move 2: S: - | I: 1b | D: 2b",
    ]


def test_legal_but_unsolved_moves_exit_3():
    status, out, _ = run("validate", "classic", "2", "-", stdin="0 1\n# a comment\n0 2\n")
    assert status == 3
    assert out.splitlines()[1] == "position after 2 moves: S: - | I: 1 | D: 2"


def test_a_malformed_move_file(tmp_path):
    path = tmp_path / "moves.txt"
    path.write_text("S->I\nfrom S to the moon\n", encoding="utf-8")
    status, out, _ = run("validate", "NNN", "2", str(path))
    assert status == 1
    assert out.startswith("illegal: move 1 ('from S to the moon') is illegal (malformed)")
    assert "position before move 1: S: 2r | I: 1b | D: -" in out


def test_unreadable_move_files(tmp_path):
    binary = tmp_path / "moves.bin"
    binary.write_bytes(b"S->I\n\xff\xfe\n")
    status, _, err = run("validate", "NNN", "2", str(binary))
    assert status == 5
    assert_one_line_error(err, "not UTF-8")
    status, _, err = run("validate", "NNN", "2", str(tmp_path / "missing.txt"))
    assert status == 4
    assert_one_line_error(err, "cannot read", "missing.txt")


def test_progress_only_on_a_terminal(monkeypatch):
    monkeypatch.setattr(Progress, "CHECK_EVERY", 2)
    monkeypatch.setattr(Progress, "INTERVAL", 0.0)
    moves = "".join(f"{m}\n" for m in solve("classic", 6))
    status, out, err = run("validate", "classic", "6", "-", stdin=moves)
    assert (status, err) == (0, "")
    terminal = Terminal()
    monkeypatch.setattr(sys, "stdin", io.StringIO(moves))
    monkeypatch.setattr(sys, "stderr", terminal)
    with contextlib.redirect_stdout(io.StringIO()) as captured:
        assert main(["validate", "classic", "6", "-"]) == 0
    progress = terminal.getvalue()
    assert "\rmoves checked: 62" in progress and progress.endswith("\r\x1b[2K")
    assert captured.getvalue() == out


# -- draw ---------------------------------------------------------------------------------------


def test_draw_writes_an_svg_file(tmp_path):
    path = tmp_path / "nnn.svg"
    status, out, _ = run("draw", "NNN", "3", "--at", "5", "-o", str(path))
    assert (status, out) == (0, f"wrote {path}\n")
    assert read_svg(path.read_text(encoding="utf-8")) == [solve("NNN", 3).unrank(5)]


def test_draw_to_stdout_and_classic():
    status, out, _ = run("draw", "classic:4", "3", "--at", "-1")
    assert status == 0
    assert read_svg(out, posts=4, magnetic=False) == [solve("classic:4", 3).goal]


def test_draw_strip_shows_every_position():
    status, out, _ = run("draw", "RBB", "2", "--strip")
    solution = solve("RBB", 2)
    assert status == 0
    assert read_svg(out) == [solution.unrank(k) for k in range(solution.length + 1)]
    captions = [t.text for t in svg_root(out).iter() if t.get("class") == "caption"]
    assert captions == ["start", *(f"move {k}, disk {m}" for k, m in enumerate(solution))]
    rows = {
        g.get("transform").split()[1] for g in svg_root(out).iter() if g.get("class") == "panel"
    }
    assert len(rows) == 2  # 5 positions, 4 to a row by default
    status, out, _ = run("draw", "RBB", "2", "--strip", "--per-row", "1")
    assert status == 0 and read_svg(out) == [solution.unrank(k) for k in range(5)]
    rows = {
        g.get("transform").split()[1] for g in svg_root(out).iter() if g.get("class") == "panel"
    }
    assert len(rows) == 5
    status, _, err = run("draw", "RBB", "2", "--strip", "--per-row", "0")
    assert status == 2
    assert_one_line_error(err, "--per-row")


def test_draw_strip_refuses_long_solutions():
    status, out, err = run("draw", "NNN", "6", "--strip")
    assert (status, out) == (2, "")
    assert_one_line_error(err, "--strip", "236")
    status, _, err = run("draw", "NNN", "2", "--strip", "--at", "1")
    assert status == 2
    assert_one_line_error(err, "not allowed")


# -- errors -------------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["solve", "show", "count", "draw"])
def test_a_bad_label_gets_close_matches(command):
    status, out, err = run(command, "NNM", "3")
    assert (status, out) == (2, "")
    assert_one_line_error(err, "unknown variant label 'NNM'", "'NNN'", "'NNR'")


@pytest.mark.parametrize("bad", ["-1", "abc", "3.5", "1000001", "", "1e3"])
def test_a_bad_number_of_disks(bad):
    status, out, err = run("count", "NNN", bad)
    assert (status, out) == (2, "")
    assert_one_line_error(err, "argument N", "0 to 1,000,000")


@pytest.mark.parametrize(
    ("args", "status", "message"),
    [
        (["show", "NNN", "3", "--at", "12"], 2, "position 12 is out of range"),
        (["solve", "RRR", "2"], 6, "variant RRR has no solution for 2 disks"),
        (["solve", "NNN", "3", "--format", "xml"], 2, "invalid choice: 'xml'"),
        (["solve", "NNN", "3", "--start", "x"], 2, "expected an integer"),
        (["frobnicate"], 2, "invalid choice"),
        ([], 2, "required"),
    ],
)
def test_errors_are_one_line_with_a_status(args, status, message):
    got, out, err = run(*args)
    assert (got, out) == (status, "")
    assert_one_line_error(err, message)


def test_help_and_version():
    status, out, _ = run("--help")
    assert status == 0
    for command in ("variants", "solve", "show", "count", "validate", "draw"):
        assert command in out
    status, out, _ = run("count", "--help")
    assert status == 0 and "indexed by size" in " ".join(out.split())
    assert run("--version") == (0, f"hanoi-magnet {metadata.version('hanoi-magnet')}\n", "")


# -- as a process -------------------------------------------------------------------------------


def test_python_dash_m_runs_the_cli():
    done = run_process("solve", "NNN", "2")
    assert (done.returncode, done.stdout, done.stderr) == (
        0,
        "1: S -> I\n2: S -> D\n1: I -> S\n1: S -> D\n",
        "",
    )


def test_errors_in_a_process_have_no_traceback():
    done = run_process("show", "RBX", "3")
    assert done.returncode == 2 and done.stdout == ""
    assert_one_line_error(done.stderr, "did you mean")
    done = run_process("validate", "NNN", "2", "-", stdin="S->D\nS->D\n")
    assert done.returncode == 1 and "illegal (size)" in done.stdout and done.stderr == ""


def test_a_closed_pipe_ends_quietly():
    process = subprocess.Popen(
        [sys.executable, "-m", "hanoi_magnet", "solve", "classic", "22"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.readline() == b"1: S -> I\n"
    process.stdout.close()
    assert process.wait(timeout=120) == 0  # a closed pipe is not an error
    assert process.stderr.read() == b""
    process.stderr.close()


def test_the_console_script_is_declared():
    [script] = [
        e for e in metadata.entry_points(group="console_scripts") if e.name == "hanoi-magnet"
    ]
    assert script.value == "hanoi_magnet.cli:main"
    assert script.load() is main


# -- graph ----------------------------------------------------------------------------------------


def test_graph_prints_dot_with_the_solution_highlighted(capsys):
    assert main(["graph", "classic", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(("digraph", "graph"))
    assert out.count("->") + out.count("--") >= 9  # 3 * (3**2 - 1) / 2 = 12 edges
    assert "#d62728" in out  # the optimal path, in red


def test_graph_svg_to_a_file(tmp_path, capsys):
    target = tmp_path / "g.svg"
    assert main(["graph", "NNN", "2", "--format", "svg", "--no-solution", "-o", str(target)]) == 0
    assert "wrote" in capsys.readouterr().out
    root = ElementTree.fromstring(target.read_text(encoding="utf-8"))
    assert root.tag.endswith("svg")


def test_graph_bad_label_is_one_line(capsys):
    assert main(["graph", "NNX", "2"]) == 2
    err = capsys.readouterr().err
    assert "NNN" in err
    assert "Traceback" not in err
