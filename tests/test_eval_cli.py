"""``hanoi-magnet eval generate`` and ``hanoi-magnet eval score``."""

from __future__ import annotations

import contextlib
import io
import json
import math

import pytest

from hanoi_magnet import solve
from hanoi_magnet.cli import main
from hanoi_magnet.cli._util import Progress
from hanoi_magnet.evaluation import Task, generate, read_jsonl, summarize
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


def test_generate_draws_unsolvable_instances_and_keeps_a_budget():
    status, out, err = run(
        "eval", "generate", "--seed", "5", "--count", "8", "--unsolvable", "0.5",
        "--disks", "2-5", "--max-answer-chars", "300",
    )  # fmt: skip
    assert (status, err) == (0, "")
    got = list(read_jsonl(io.StringIO(out)))
    assert got == generate(5, 8, unsolvable=0.5, disks=(2, 5), max_answer_chars=300)
    assert any(i.unsolvable for i in got)
    assert all(i.answer_chars <= 300 for i in got)
    status, _, err = run("eval", "generate", "--count", "1", "--unsolvable", "2")
    assert status == 2
    assert "share from 0 to 1" in err


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
    assert [r["outcome"] for r in results[2:10:7]] == ["format-error", "no-answer"]
    assert results[0]["reading"]["notation"] == results[0]["notation"]
    summary = err.splitlines()
    assert summary[0].split()[:4] == ["GROUP", "ITEMS", "SOLVED", "OPTIMAL"]
    assert summary[1].split()[:3] == ["all", "10", "80.0%"]
    # the unanswered instance is reported with its count, and scored as no-answer
    assert "note: 1 instance has no answer: scored as no-answer ('6-9')" in err
    # with -o, the results go to the file and the summary to standard output
    status, out, err = run("eval", "score", str(tasks), "-", "-o", str(tmp_path / "r.jsonl"),
                           stdin=answers.read_text())  # fmt: skip
    assert status == 0
    assert out.startswith("GROUP")
    assert len((tmp_path / "r.jsonl").read_text().splitlines()) == 10


def test_score_reports_what_it_cannot_match_and_still_writes_the_summary(tmp_path):
    """Failed before (issue 22 item 7): one unknown or duplicate id stopped it, no summary."""
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text(generate(1, 1)[0].to_json() + "\n")
    answers = tmp_path / "answers.jsonl"
    answers.write_text('{"id": "nope", "answer": "S->D"}\n{"id": "nix", "answer": ""}\n')
    status, out, err = run("eval", "score", str(tasks), str(answers))
    assert status == 2
    assert "2 answers have an id no instance has: not scored ('nope', 'nix')" in err
    assert "GROUP" in err  # the summary is written
    assert [json.loads(line)["outcome"] for line in out.splitlines()] == ["no-answer"]
    answers.write_text('{"id": "1-0", "answer": "S->D"}\n{"id": "1-0", "answer": ""}\n')
    status, out, err = run("eval", "score", str(tasks), str(answers))
    assert status == 2
    assert "1 answer repeats an id: only the first was scored ('1-0')" in err
    assert len(out.splitlines()) == 1
    tasks.write_text(generate(1, 1)[0].to_json() + "\n" + generate(1, 1)[0].to_json() + "\n")
    status, _, err = run("eval", "score", str(tasks), str(answers))
    assert status == 2
    assert "1 instance repeats an id: only the first was used ('1-0')" in err
    assert "GROUP" in err
    tasks.write_text(generate(1, 1)[0].to_json() + "\n")
    answers.write_text("not json\n")
    assert "answers.jsonl, line 1: not JSON" in run("eval", "score", str(tasks), str(answers))[2]
    assert run("eval", "score", str(tmp_path / "missing"), str(answers))[0] == 4
    answers.write_bytes(b'{"id": "1-0", "answer": "\xff"}\n')
    status, _, err = run("eval", "score", str(tasks), str(answers))
    assert status == 5
    assert "answers.jsonl is not UTF-8" in err


def test_swapped_files_are_named_in_the_error(tmp_path):
    """Failed before (issue 22 item 7): the error did not name the file."""
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text(generate(1, 1)[0].to_json() + "\n")
    answers = tmp_path / "answers.jsonl"
    answers.write_text('{"id": "1-0", "answer": "S->D"}\n')
    status, _, err = run("eval", "score", str(answers), str(tasks))
    assert status == 2
    assert f"{answers}, line 1: not an instance record (is it the answers file?" in err
    assert "Traceback" not in err


def test_a_byte_order_mark_is_accepted_in_either_file(tmp_path):
    """Failed before (issue 22 item 7): a BOM in the tasks file was rejected."""
    instance = generate(1, 1, families=["classic"], tasks=["solve"], disks=(1, 1))[0]
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_bytes(b"\xef\xbb\xbf" + (instance.to_json() + "\n").encode())
    answer = NOTATIONS[instance.notation].format(solve("classic", 1))
    answers = tmp_path / "answers.jsonl"
    answers.write_bytes(
        b"\xef\xbb\xbf" + (json.dumps({"id": "1-0", "answer": answer}) + "\n").encode()
    )
    status, out, err = run("eval", "score", str(tasks), str(answers))
    assert status == 0, err
    assert json.loads(out)["outcome"] == "solved-optimally"


@pytest.mark.parametrize(
    ("record", "key"),
    [
        ({"text": "{}"}, None),
        ({"choices": [{"message": {"role": "assistant", "content": "{}"}}]}, None),
        ({"choices": [{"text": "{}"}]}, None),
        ({"out": {"final": ["x", "{}"]}}, "out.final.1"),
    ],
)
def test_answer_keys_and_dotted_paths(tmp_path, record, key):
    """Failed before (issue 22 item 7): 'text' and OpenAI's choices were read as no answer."""
    instance = generate(1, 1, families=["classic"], tasks=["solve"], disks=(1, 1))[0]
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text(instance.to_json() + "\n")
    answer = NOTATIONS[instance.notation].format(solve("classic", 1))
    text = json.dumps(record).replace("{}", json.dumps(answer)[1:-1])
    answers = tmp_path / "answers.jsonl"
    answers.write_text(json.dumps({"id": "1-0", **json.loads(text)}) + "\n")
    extra = [] if key is None else ["--answer-key", key]
    status, out, err = run("eval", "score", str(tasks), str(answers), *extra)
    assert status == 0, err
    assert json.loads(out)["outcome"] == "solved-optimally"


def test_an_unknown_answer_key_is_reported(tmp_path):
    """Failed before (issue 22 item 7): answers under an unknown key scored 0 with status 0."""
    instances = generate(1, 2)
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text("".join(i.to_json() + "\n" for i in instances))
    answers = tmp_path / "answers.jsonl"
    answers.write_text('{"id": "1-0", "reply": "S->D"}\n{"id": "1-1", "answer": "S->D"}\n')
    status, out, err = run("eval", "score", str(tasks), str(answers))
    assert status == 0  # some answers were read: a note
    assert "note: 1 answer record has none of the keys answer, response" in err
    assert json.loads(out.splitlines()[0])["outcome"] == "no-answer"
    for missing in ("score", "fail"):  # none was read: surely the wrong key
        answers.write_text('{"id": "1-0", "reply": "S->D"}\n{"id": "1-1", "reply": "S->D"}\n')
        status, out, err = run("eval", "score", str(tasks), str(answers), "--missing", missing)
        assert status == 2
        assert "error: 2 answer records have none of the keys" in err
        assert "no answer was read: name the key with --answer-key" in err
        assert len(out.splitlines()) == 2  # the results and the summary are still written
    answers.write_text('{"id": "1-0", "reply": "S->D"}\n{"id": "1-1", "answer": "S->D"}\n')
    status, _, err = run("eval", "score", str(tasks), str(answers), "--missing", "fail")
    assert status == 2
    assert "1 answer record has none of the keys" in err


@pytest.mark.parametrize("missing", ["score", "skip", "fail"])
def test_missing_answers_are_counted_and_handled_as_asked(tmp_path, missing):
    instances = generate(2, 3)
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text("".join(i.to_json() + "\n" for i in instances))
    answers = tmp_path / "answers.jsonl"
    answers.write_text('{"id": "2-1", "answer": "S->D"}\n')
    summary = tmp_path / "summary.json"
    status, out, err = run(
        "eval", "score", str(tasks), str(answers), "--missing", missing,
        "--summary-json", str(summary),
    )  # fmt: skip
    assert status == (2 if missing == "fail" else 0)
    assert "2 instances have no answer" in err
    assert "('2-0', '2-2')" in err
    ids = [json.loads(line)["id"] for line in out.splitlines()]
    assert ids == (["2-1", "2-0", "2-2"] if missing == "score" else ["2-1"])
    written = json.loads(summary.read_text())
    assert written["groups"]["all"]["items"] == len(ids)
    # the records read back give the same summary
    again = summarize(json.loads(line) for line in out.splitlines())
    assert again.to_dict() == written["groups"]
    assert written["not_scored_as_given"] == {"unanswered": 2}


def test_huge_optima_do_not_crash_and_stay_exact(tmp_path):
    """Failed before (issue 22 items 6 and 8): over 4,300 digits crashed eval score; above
    2^53 readers using doubles (datasets, pandas) lost the exact value."""
    instance = generate(1, 1, families=["classic"], tasks=["solve"], disks=(14_300, 14_300))[0]
    assert instance.optimum.bit_length() * math.log10(2) > 4300  # digits
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text(instance.to_json() + "\n")
    record = json.loads(tasks.read_text())
    assert isinstance(record["optimum"], str)
    answers = tmp_path / "answers.jsonl"
    answers.write_text(json.dumps({"id": "1-0", "answer": "9" * 5000}) + "\n")
    status, out, err = run("eval", "score", str(tasks), str(answers))
    assert status == 0, err
    result = json.loads(out)
    assert result["optimum"] == record["optimum"]
    assert result["outcome"] == "format-error"
    assert "Traceback" not in err


def test_exact_integers_above_2_53_survive_a_reader_that_uses_doubles(tmp_path):
    """Failed before (issue 22 item 8): datasets/pyarrow read 'done' as float64."""
    pa_json = pytest.importorskip("pyarrow.json")
    instances = generate(3, 6, families=["classic"], tasks=["continue"], disks=(70, 70))
    big = [i for i in instances if i.done > 2**53]
    assert big
    path = tmp_path / "tasks.jsonl"
    path.write_text("".join(i.to_json() + "\n" for i in instances))
    table = pa_json.read_json(path)
    assert str(table.schema.field("done").type) == "string"
    assert [int(d) for d in table.column("done").to_pylist()] == [i.done for i in instances]
    assert list(read_jsonl(path.read_text().splitlines())) == instances


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
