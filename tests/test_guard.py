"""The regression guard's own logic (benchmarks/guard): the verdict of paired samples, which
revision it compares with, and the row runner on tiny rows. Nothing here is timed: the
samples below are made up, and the runner is only asked whether it measured and reported."""

from __future__ import annotations

import io
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from benchmarks.guard import compare, revisions, rows, stats
from benchmarks.guard.rows import Row

ROOT = Path(__file__).resolve().parent.parent

# -- the verdict ---------------------------------------------------------------------------------


def test_the_median_interval_is_distribution_free_order_statistics():
    values = [float(v) for v in range(1, 16)]  # 15 values: ranks 3 and 11 (0-based)
    assert stats.median_interval(values) == (4.0, 12.0)
    assert stats.median_interval(list(reversed(values))) == (4.0, 12.0)
    assert stats.median_interval([5.0, 1.0, 3.0]) == (1.0, 5.0)  # few values: the whole range
    assert stats.median_interval([2.0]) == (2.0, 2.0)
    with pytest.raises(ValueError, match="no values"):
        stats.median_interval([])


def test_a_steady_slowdown_over_the_threshold_is_flagged():
    found = stats.verdict([1.0] * 15, [1.2] * 15)
    assert found.ratio == pytest.approx(1.2)
    assert found.noise == 0
    assert found.slower and not found.faster and found.flag == "SLOWER"


def test_a_slowdown_within_the_threshold_or_the_noise_is_not_flagged():
    assert stats.verdict([1.0] * 15, [1.08] * 15).flag == ""
    # 20 % slower at the median, but a third of the rounds say otherwise: the interval of the
    # median reaches below 1.10
    new = [1.2] * 9 + [0.9] * 6
    found = stats.verdict([1.0] * 15, new)
    assert found.ratio == pytest.approx(1.2)
    assert found.low < stats.THRESHOLD < found.high
    assert not found.slower and found.flag == ""
    assert found.noise == pytest.approx((1.2 - 0.9) / 2 / 1.2)


def test_rounds_are_paired_so_a_shared_burst_cancels():
    old = [1.0, 3.0, 1.0, 5.0, 1.0, 1.0, 2.0]  # bursts of load slow both trees of a round
    new = [0.5 * t for t in old]
    found = stats.verdict(old, new)
    assert found.ratio == pytest.approx(0.5) and found.noise == pytest.approx(0)
    assert found.faster and found.flag == "faster"
    assert found.old == 1.0 and found.new == 0.5


def test_the_verdict_refuses_unpaired_or_empty_samples():
    with pytest.raises(ValueError, match="as many old samples"):
        stats.verdict([1.0, 2.0], [1.0])
    with pytest.raises(ValueError, match="as many old samples"):
        stats.verdict([], [])
    with pytest.raises(ValueError, match="positive"):
        stats.verdict([0.0], [1.0])


DURATIONS = [(8.12e-7, "812 ns"), (3.414e-6, "3.41 µs"), (2.7e-2, "27.0 ms"), (0.25, "250 ms"),
             (1.65, "1.65 s"), (125.0, "125 s")]  # fmt: skip


@pytest.mark.parametrize(("seconds", "text"), DURATIONS)
def test_durations_in_the_unit_that_suits_them(seconds, text):
    assert stats.duration(seconds) == text


# -- the revision --------------------------------------------------------------------------------


def _git(root: Path, *args: str) -> str:
    done = subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True,
                          check=True)  # fmt: skip
    return done.stdout.strip()


def _commit(root: Path, text: str) -> str:
    (root / "hanoi_magnet").mkdir(exist_ok=True)
    (root / "hanoi_magnet" / "__init__.py").write_text(f"VALUE = {text!r}\n")
    _git(root, "add", "-A")
    _git(root, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", text)
    return _git(root, "rev-parse", "HEAD")


@pytest.fixture
def repo(tmp_path):
    root = tmp_path / "repo"
    root.mkdir()
    _git(root, "init", "-q", "-b", "main")
    return root


def test_on_a_branch_the_previous_main_is_the_merge_base(repo):
    first = _commit(repo, "one")
    base = _commit(repo, "two")
    _git(repo, "checkout", "-q", "-b", "work")
    _commit(repo, "three")
    _git(repo, "checkout", "-q", "main")
    _commit(repo, "main moved on")
    _git(repo, "checkout", "-q", "work")
    choice = revisions.default_revision(repo)
    assert choice.rev == base and "merge base" in choice.reason
    assert revisions.resolve(repo, first[:8]).rev == first  # an explicit revision wins


def test_on_main_the_previous_main_is_head_with_changes_else_its_parent(repo):
    first = _commit(repo, "one")
    second = _commit(repo, "two")
    choice = revisions.default_revision(repo)
    assert (choice.rev, choice.reason) == (first, "HEAD^ (main before its last commit)")
    (repo / "hanoi_magnet" / "__init__.py").write_text("VALUE = 'edited'\n")
    choice = revisions.default_revision(repo)
    assert choice.rev == second and "uncommitted" in choice.reason
    (repo / "notes.txt").write_text("not the package\n")
    _git(repo, "checkout", "-q", "--", "hanoi_magnet")
    assert revisions.default_revision(repo).rev == first  # other files do not count


def test_revision_errors_say_what_is_missing(repo):
    _commit(repo, "one")
    with pytest.raises(revisions.RevisionError, match="no parent"):
        revisions.default_revision(repo)
    with pytest.raises(revisions.RevisionError, match="no main branch found"):
        revisions.default_revision(repo, "trunk")
    with pytest.raises(revisions.RevisionError, match="'nope' is not a commit"):
        revisions.resolve(repo, "nope")
    _git(repo, "branch", "-m", "main", "trunk")
    with pytest.raises(revisions.RevisionError, match="no main branch found"):
        revisions.default_revision(repo)
    assert revisions.main_branch(repo, "trunk") == "trunk"


def test_the_export_holds_the_revision_s_package_only(repo, tmp_path):
    first = _commit(repo, "one")
    (repo / "README").write_text("x\n")
    _commit(repo, "two")
    out = revisions.export(repo, first, tmp_path / "old")
    assert (out / "hanoi_magnet" / "__init__.py").read_text() == "VALUE = 'one'\n"
    assert sorted(p.name for p in out.iterdir()) == ["hanoi_magnet"]
    with pytest.raises(revisions.RevisionError, match="git archive"):
        revisions.export(repo, "0" * 40, tmp_path / "none")


def test_a_directory_with_a_package_is_used_as_it_is(repo, tmp_path):
    _commit(repo, "one")
    assert revisions.resolve(repo, str(repo)) == repo.resolve()


# -- the rows and the runner ---------------------------------------------------------------------


def test_the_rows_are_named_once_each_and_cover_the_issue_s_groups():
    names = [row.name for row in rows.ROWS]
    assert len(names) == len(set(names))
    groups = {row.group for row in rows.ROWS}
    assert {"small", "first calls", "largest answers", "scoring"} <= groups
    assert all((row.setup is None) == row.fresh for row in rows.ROWS)
    assert set(rows.rows(quick=True)) < set(rows.rows())
    assert [r.name for r in rows.rows(match=["1,048,575-line"])] == [
        "score(), 1,048,575-line reasoning-gym answer"
    ]
    # several words: the rows that contain any of them (group or name, any case)
    chosen = {r.name for r in rows.rows(match=["1,048,575-LINE", "bench_unrank"])}
    assert chosen == {"score(), 1,048,575-line reasoning-gym answer"} | {
        r.name for r in rows.ROWS if r.group == "bench_unrank"
    }
    assert len(chosen) == 4


def test_the_rows_own_data_are_right():
    """The answers the rows score are built in plain Python: they must be optimal solutions."""
    from hanoi_magnet import solve, validate
    from hanoi_magnet.evaluation import from_reasoning_gym, score

    assert list(rows.classic_moves(10)) == [
        (m.disk, m.source, m.target) for m in solve("classic", 10)
    ]
    for entry, answer in rows.gym_corpus()[:40]:
        result = score(answer, from_reasoning_gym(entry))
        assert result.outcome.value == "solved-optimally", entry
    assert validate(rows.solve_text(8), "classic", 8).solved
    # the corrupted answers: each eighth's kind scores as a careful grader scores it
    expected = {1: ("illegal-move", 0.0), 3: ("solved-optimally", 0.0)}
    for index, (entry, answer) in enumerate(rows.corrupted(rows.gym_corpus()[:48])):
        result = score(answer, from_reasoning_gym(entry))
        outcome, strict = expected.get(index % 8, ("solved-optimally", 1.0))
        if index % 8 == 5:
            assert answer.startswith("Here are the moves:\n")
            strict = 0.0
        assert (result.outcome.value, result.rewards["strict"]) == (outcome, strict), index


TINY_ROWS = """
class Row:
    def __init__(self, name, setup):
        self.name, self.setup = name, setup

def _value(hm):
    return lambda: hm.VALUE * 2

def _missing(hm):
    return hm.NOT_IN_THE_OLD_TREE

ROWS = [Row("value", _value), Row("missing", _missing)]
"""


def _tree(root: Path, body: str) -> Path:
    (root / "hanoi_magnet").mkdir(parents=True)
    (root / "hanoi_magnet" / "__init__.py").write_text(textwrap.dedent(body))
    return root


def test_the_runner_measures_both_trees_and_reports_what_the_old_one_lacks(tmp_path):
    old = _tree(tmp_path / "old", "VALUE = 1\n")
    new = _tree(tmp_path / "new", "VALUE = 2\nNOT_IN_THE_OLD_TREE = lambda: 3\n")
    rows_file = tmp_path / "tiny_rows.py"
    rows_file.write_text(TINY_ROWS)
    chosen = [
        Row("value", "tiny", setup=lambda hm: lambda: None),
        Row("missing", "tiny", setup=lambda hm: lambda: None),
        Row("fresh import", "tiny fresh", code=""),
        Row("fresh value", "tiny fresh", code="hm.NOT_IN_THE_OLD_TREE()"),
    ]
    settings = compare.Settings(rounds=3, target=0.001, budget=1.0, timeout=60.0)
    out = io.StringIO()
    results = compare.run_rows(chosen, old, new, settings, out, rows_file=rows_file)
    value, missing, imported, fresh = results
    assert len(value.old) == len(value.new) == 3 and min(value.old + value.new) > 0
    assert value.verdict is not None and value.old_error is value.new_error is None
    assert missing.old == [] and len(missing.new) == 3
    assert "AttributeError" in missing.old_error and missing.new_error is None
    assert imported.verdict is not None and len(imported.old) == 3
    assert "AttributeError" in fresh.old_error and len(fresh.new) == 3
    table = out.getvalue()
    assert "[tiny]" in table and "[tiny fresh]" in table
    assert table.count("n/a (old)") == 2
    text, status = compare.summary(results)
    assert status == 0 and "2 n/a on the old tree" in text and "0 failing" in text
    records = compare.to_json(results)
    assert records[1]["old_error"].startswith("AttributeError") and records[0]["ratio"] > 0


def test_an_old_tree_that_cannot_be_imported_makes_every_row_n_a_not_a_crash(tmp_path):
    old = _tree(tmp_path / "old", "raise ImportError('needs something this venv lacks')\n")
    new = _tree(tmp_path / "new", "VALUE = 2\nNOT_IN_THE_OLD_TREE = lambda: 3\n")
    rows_file = tmp_path / "tiny_rows.py"
    rows_file.write_text(TINY_ROWS)
    chosen = [Row("value", "tiny", setup=lambda hm: lambda: None)]
    settings = compare.Settings(rounds=3, target=0.001, budget=1.0, timeout=60.0)
    (result,) = compare.run_rows(chosen, old, new, settings, io.StringIO(), rows_file=rows_file)
    assert "import failed: ImportError: needs something" in result.old_error
    assert result.old == [] and len(result.new) == 3 and result.new_error is None
    assert compare.summary([result])[1] == 0


def test_a_worker_refuses_a_tree_whose_package_it_cannot_import(tmp_path):
    broken = _tree(tmp_path / "broken", "raise ImportError('half a package')\n")
    with pytest.raises(RuntimeError, match="did not start: import failed: ImportError: half"):
        compare.Worker(broken, 60.0)
    empty = tmp_path / "empty"  # no package: the installed one would stand in for it
    empty.mkdir()
    with pytest.raises(RuntimeError, match=r"did not start: hanoi_magnet came from .*, not "):
        compare.Worker(empty, 60.0)


def test_a_worker_imports_its_own_tree_not_the_installed_package(tmp_path):
    tree = _tree(tmp_path / "other", "VALUE = 5\n")
    rows_file = tmp_path / "tiny_rows.py"
    rows_file.write_text(TINY_ROWS)
    worker = compare.Worker(tree, 60.0, rows_file)
    try:
        assert worker.where == str((tree / "hanoi_magnet" / "__init__.py").resolve())
        assert worker.request("setup", row="value") == {"ok": True}
        assert worker.request("sample", row="value", number=3)["seconds"] > 0
        assert "unknown request" in worker.request("nonsense")["error"]
    finally:
        worker.close()
    assert worker.process.poll() is not None


def test_a_new_tree_failing_a_row_makes_the_guard_fail():
    row = Row("boom", "tiny", setup=lambda hm: lambda: None)
    result = compare.Result(row, old=[1.0], new_error="ValueError: boom")
    assert compare.cells(result)[-1] == "ERROR (new)"
    text, status = compare.summary([result])
    assert status == 1 and "ERROR (new): boom: ValueError: boom" in text
    slow = compare.Result(row, old=[1.0] * 5, new=[2.0] * 5)
    assert compare.summary([slow])[1] == 1 and compare.cells(slow)[-1] == "SLOWER"


def test_run_py_lists_the_rows_and_refuses_unknown_ones():
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "run.py"), "--list",
                           "--quick"], capture_output=True, text=True, check=True)  # fmt: skip
    assert "score(), 1,048,575-line reasoning-gym answer" in done.stdout
    assert "every move of solve('classic:4', 40)" not in done.stdout  # a full-run row only
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "run.py"), "--against",
                           "--quick", "no such row"], capture_output=True, text=True,
                          check=False)  # fmt: skip
    assert done.returncode == 2 and "no guard row matches" in done.stderr


@pytest.mark.parametrize("name", [row.name for row in rows.ROWS])
def test_every_row_runs_on_this_checkout(name):
    """Each row once, untimed, on the package under test: a row the guard would report as an
    error on the new tree fails here first."""
    import hanoi_magnet

    (row,) = (r for r in rows.ROWS if r.name == name)
    if row.fresh:
        exec(row.code, {"hm": hanoi_magnet})  # the statements a fresh process runs
    else:
        row.setup(hanoi_magnet)()
