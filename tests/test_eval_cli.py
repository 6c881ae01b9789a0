"""``hanoi-magnet eval generate`` and ``hanoi-magnet eval score``."""

from __future__ import annotations

import contextlib
import io
import json

import pytest

from hanoi_magnet.cli import main
from hanoi_magnet.cli._util import Progress
from hanoi_magnet.evaluation import Task, generate, read_jsonl
from hanoi_magnet.notation import NOTATIONS
from tests.test_cli import Terminal, run, run_process


def _answers(instances, *, broken=()) -> str:
    """One correct answer per instance (the expected moves, or an optimal solution)."""
    lines = []
    for index, instance in enumerate(instances):
        notation = NOTATIONS[instance.notation]
        if instance.task is Task.SOLVE:
            from hanoi_magnet.search import shortest_path

            moves = list(shortest_path(instance.rules, instance.start, instance.goal))
        else:
            moves = list(instance.expected)[: instance.count or 1]
        text = notation.format(moves, instance.posts)
        if index in broken:
            text = "I give up."
        lines.append(json.dumps({"id": instance.id, "answer": f"<think>hmm</think>\n{text}"}))
    return "\n".join(lines) + "\n"


def test_generate_writes_the_generators_instances(tmp_path):
    status, out, err = run("eval", "generate", "--seed", "4", "--count", "12", "--disks", "2-4")
    assert (status, err) == (0, "")
    assert list(read_jsonl(io.StringIO(out))) == generate(4, 12, disks=(2, 4))
    target = tmp_path / "tasks.jsonl"
    status, out, err = run(
        "eval", "generate", "--seed", "4", "--count", "3", "--family", "magnetic,classic",
        "--task", "solve", "--template", "illusion", "--withhold-optimum", "-o", str(target),
    )  # fmt: skip
    assert status == 0
    assert "wrote 3 instances" in err
    with target.open() as lines:
        back = list(read_jsonl(lines))
    assert back == [
        i.withheld()
        for i in generate(
            4, 3, families=["magnetic", "classic"], tasks=["solve"], templates=["illusion"]
        )
    ]


def test_score_writes_one_result_per_instance_and_a_summary(tmp_path):
    instances = generate(6, 10, disks=(2, 4), positions="mixed")
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text("".join(i.to_json() + "\n" for i in instances))
    answers = tmp_path / "answers.jsonl"
    answers.write_text(_answers(instances[:-1], broken={2}))  # the last one is not answered
    status, out, err = run("eval", "score", str(tasks), str(answers))
    assert status == 0
    results = [json.loads(line) for line in out.splitlines()]
    assert [r["id"] for r in results] == [i.id for i in instances]
    solved = [r["solved"] for r in results]
    assert solved == [index not in (2, 9) for index in range(10)]
    assert results[2]["parse_error"] == "no moves found in the answer"
    assert results[9]["parse_error"] == "no answer"
    assert results[0]["family"] == instances[0].family
    summary = err.splitlines()
    assert summary[0].split()[:3] == ["GROUP", "ITEMS", "UNREAD"]
    assert summary[1].split()[:5] == ["all", "10", "20.0%", "80.0%", "80.0%"]
    # with -o, the results go to the file and the summary to standard output
    status, out, err = run("eval", "score", str(tasks), "-", "-o", str(tmp_path / "r.jsonl"),
                           stdin=answers.read_text())  # fmt: skip
    assert status == 0
    assert out.startswith("GROUP")
    assert len((tmp_path / "r.jsonl").read_text().splitlines()) == 10


def test_score_refuses_what_it_cannot_match(tmp_path):
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text(generate(1, 1)[0].to_json() + "\n")
    answers = tmp_path / "answers.jsonl"
    answers.write_text('{"id": "nope", "answer": "S->D"}\n')
    status, _, err = run("eval", "score", str(tasks), str(answers))
    assert status == 2
    assert "no instance has the id 'nope'" in err
    answers.write_text('{"id": "1-0", "answer": "S->D"}\n{"id": "1-0", "answer": ""}\n')
    assert "two answers" in run("eval", "score", str(tasks), str(answers))[2]
    tasks.write_text(generate(1, 1)[0].to_json() + "\n" + generate(1, 1)[0].to_json() + "\n")
    status, _, err = run("eval", "score", str(tasks), str(answers))
    assert status == 2
    assert "two instances with the id '1-0'" in err
    tasks.write_text(generate(1, 1)[0].to_json() + "\n")
    answers.write_text("not json\n")
    assert "line 1: not JSON" in run("eval", "score", str(tasks), str(answers))[2]
    assert run("eval", "score", str(tmp_path / "missing"), str(answers))[0] == 4
    answers.write_bytes(b'{"id": "1-0", "answer": "\xff"}\n')
    status, _, err = run("eval", "score", str(tasks), str(answers))
    assert status == 5
    assert "not UTF-8" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--count", "1", "--family", "nope"], "comma-separated list"),
        (["--count", "1", "--disks", "x"], "expected an integer"),
        (["--count", "1", "--family", "digraph", "--task", "continue"], "digraphs cannot"),
        (["--count", "1", "--disks", "9", "--family", "frame-stewart", "--task", "solve",
          "--positions", "random", "--max-states", "100"], "max_states"),
        ([], "--count"),
    ],
)  # fmt: skip
def test_generate_usage_errors(args, message):
    status, _, err = run("eval", "generate", *args)
    assert status == (6 if message == "max_states" else 2)  # too large: cannot be met
    assert message in err
    assert "Traceback" not in err


def test_progress_is_shown_on_a_terminal_only(monkeypatch, tmp_path):
    monkeypatch.setattr(Progress, "CHECK_EVERY", 1)
    monkeypatch.setattr(Progress, "INTERVAL", 0.0)
    terminal, out = Terminal(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(terminal):
        assert main(["eval", "generate", "--count", "3"]) == 0
    assert "instances generated: 2" in terminal.getvalue()
    assert terminal.getvalue().endswith("\r\x1b[2K")  # the line is erased at the end
    assert len(out.getvalue().splitlines()) == 3
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text(out.getvalue())
    answers = "".join(json.dumps({"id": f"0-{i}", "answer": "S->D"}) + "\n" for i in range(3))
    terminal = Terminal()
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(terminal):
        assert main(["eval", "score", str(tasks), "-"]) == 0
    assert "answers scored: 2" in terminal.getvalue()
    # not a terminal: no progress line, only the summary
    status, _, err = run("eval", "generate", "--count", "3")
    assert (status, err) == (0, "")


def test_eval_runs_as_a_program():
    done = run_process("eval", "generate", "--count", "2", "--disks", "2")
    assert done.returncode == 0, done.stderr
    assert len(done.stdout.splitlines()) == 2
    done = run_process("eval", "--help")
    assert "generate" in done.stdout
    assert "score" in done.stdout
