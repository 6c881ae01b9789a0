"""The JSON Lines schema of instances and results: exact counts are decimal strings, always.

Failed before (issue 22 item 8): only integers beyond 2^53 were written as strings, so a file
mixing small and large instances had columns of numbers and strings, which pyarrow refuses and
``datasets`` reads as float64 (or not at all).
"""

from __future__ import annotations

import io
import json
import sys

import pytest

from hanoi_magnet.evaluation import Instance, generate, read_jsonl, score, write_jsonl
from tests.test_cli import run

#: The fields of an instance record that hold exact counts (the documented schema).
INSTANCE_COUNTS = (
    "done",
    "count",
    "optimum",
    "answer_moves",
    "answer_chars",
    "answer_tokens",
    "max_answer_chars",
    "max_answer_tokens",
)


@pytest.fixture(autouse=True)
def _digits_of_any_length():
    """The expected values are decimal texts of over 4,300 digits (Python's default limit)."""
    before = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    yield
    sys.set_int_max_str_digits(before)


def _mixed() -> list[Instance]:
    """Small, 70-disk and 14,300-disk (optimum of over 4,300 digits) instances in one file."""
    small = generate(1, 4, families=["classic", "magnetic"], disks=(3, 3))
    middle = generate(2, 4, families=["classic"], tasks=["continue", "solve"], disks=(70, 70))
    huge = generate(3, 2, families=["classic"], tasks=["solve", "continue"], disks=(14_300, 14_300))
    instances = [*small, *middle, *huge]
    assert any(i.optimum is not None and i.optimum < 2**53 for i in instances)
    assert any(i.done is not None and i.done > 2**53 for i in instances)
    assert any(i.optimum is not None and len(str(i.optimum)) > 4300 for i in instances)
    assert any(i.done is not None and i.done < 2**53 for i in instances)
    return instances


def _write(instances: list[Instance], path) -> None:
    with path.open("w", encoding="ascii") as file:
        write_jsonl(instances, file)


def _exact(value: int | None) -> str | None:
    return None if value is None else str(value)


def test_every_count_is_a_string_in_every_record_small_or_large():
    for instance in generate(5, 12, disks=(1, 4), positions="mixed", max_answer_chars=10**6):
        record = json.loads(instance.to_json())
        for name in INSTANCE_COUNTS:
            value = record.get(name)
            assert value is None or isinstance(value, str), (name, value)
        assert isinstance(record["n"], int)  # a number of disks: far below 2^53


def test_pyarrow_reads_every_count_as_the_exact_string(tmp_path):
    pa_json = pytest.importorskip("pyarrow.json")
    instances = _mixed()
    path = tmp_path / "tasks.jsonl"
    _write(instances, path)
    options = pa_json.ReadOptions(block_size=1 << 24)  # the 14,300-disk lines are 1.5 MB
    table = pa_json.read_json(path, read_options=options)
    for name in ("done", "optimum", "count", "answer_moves", "answer_chars"):
        assert str(table.schema.field(name).type) == "string", name
    assert table.column("done").to_pylist() == [_exact(i.done) for i in instances]
    assert table.column("optimum").to_pylist() == [_exact(i.optimum) for i in instances]
    assert table.column("answer_moves").to_pylist() == [_exact(i.answer_moves) for i in instances]


def test_datasets_reads_every_count_as_the_exact_string(tmp_path):
    datasets = pytest.importorskip("datasets")
    instances = _mixed()
    path = tmp_path / "tasks.jsonl"
    _write(instances, path)
    loaded = datasets.load_dataset(
        "json", data_files=str(path), split="train", cache_dir=str(tmp_path / "cache")
    )
    assert loaded.features["done"].dtype == "string"
    assert loaded.features["optimum"].dtype == "string"
    assert loaded["done"] == [_exact(i.done) for i in instances]
    assert loaded["optimum"] == [_exact(i.optimum) for i in instances]
    assert loaded["count"] == [_exact(i.count) for i in instances]


def test_generate_file_score_keeps_exact_values(tmp_path):
    instances = _mixed()
    tasks = tmp_path / "tasks.jsonl"
    _write(instances, tasks)
    with tasks.open(encoding="ascii") as lines:
        assert list(read_jsonl(lines)) == instances
    answers = tmp_path / "answers.jsonl"
    answers.write_text(
        "".join(json.dumps({"id": i.id, "answer": "S->D"}) + "\n" for i in instances)
    )
    status, out, err = run("eval", "score", str(tasks), str(answers))
    assert status == 0, err
    results = {record["id"]: record for record in map(json.loads, out.splitlines())}
    assert len(results) == len(instances)
    for instance in instances:
        expected = score("S->D", instance).optimum
        assert expected is not None
        assert results[instance.id]["optimum"] == str(expected)  # a string, small or huge
    huge = max(instances, key=lambda i: i.n)
    assert len(results[huge.id]["optimum"]) > 4300


def test_files_written_before_with_plain_integers_read_the_same(tmp_path):
    """Backwards compatibility: counts written as JSON numbers (0.1 files) still read."""
    for instance in generate(7, 10, disks=(2, 5), positions="mixed"):
        record = json.loads(instance.to_json())
        for name in INSTANCE_COUNTS:
            if record.get(name) is not None:
                record[name] = int(record[name])
        assert Instance.from_dict(record) == instance
        assert Instance.from_json(json.dumps(record)) == instance


@pytest.mark.parametrize("bad", ["1e3", "0x10", "", " 7", "7 ", "+7", "--7", "\u0663"])
def test_a_count_that_is_not_decimal_digits_is_refused_with_its_field(bad):
    record = json.loads(generate(1, 1, tasks=["solve"])[0].to_json())
    record["optimum"] = bad
    with pytest.raises(ValueError, match="optimum"):
        Instance.from_dict(record)


def test_counts_of_any_size_read_back():
    instance = generate(1, 1, tasks=["continue"], families=["classic"], disks=(20_000, 20_000))[0]
    text = instance.to_json()
    assert f'"done": "{instance.done}"' in text
    assert Instance.from_json(text) == instance
    buffer = io.StringIO(text + "\n")
    assert list(read_jsonl(buffer)) == [instance]
