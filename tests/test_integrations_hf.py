"""The Hugging Face export: read back by datasets.load_dataset, integers exact at any size."""

from __future__ import annotations

import io
import json
import sys

import pytest

pa = pytest.importorskip("pyarrow")
datasets = pytest.importorskip("datasets")

from hanoi_magnet.evaluation import generate, score, write_jsonl  # noqa: E402 (after the skip)
from hanoi_magnet.integrations import hf_datasets  # noqa: E402
from tests.test_cli import run  # noqa: E402

BIG = {"families": ["classic", "magnetic"], "disks": (60, 100), "positions": "mixed"}


def load(tmp_path, *args, **options):
    """datasets.load_dataset with a cache of this test's own (its cache keys can collide)."""
    return datasets.load_dataset(*args, cache_dir=str(tmp_path / "cache"), **options)


def big_instances():
    """Tower and random positions with 60 to 100 disks: optima far beyond 2^63."""
    return generate(seed=8, count=12, **BIG)


@pytest.mark.parametrize("fmt", ["hf", "parquet", "jsonl"])
def test_load_dataset_reads_back_every_instance_exactly(tmp_path, fmt):
    instances = generate(seed=11, count=20, positions="mixed") + big_instances()
    path = tmp_path / ("out" if fmt == "hf" else f"out.{fmt}")
    assert hf_datasets.write(instances, path, fmt) == len(instances)
    if fmt == "hf":
        loaded = load(tmp_path, str(path), split="train")
    else:
        builder = "json" if fmt == "jsonl" else "parquet"
        loaded = load(tmp_path, builder, data_files=str(path), split="train")
    assert [hf_datasets.instance_of(row) for row in loaded] == instances
    optima = [int(row["optimum"]) for row in loaded]
    assert optima == [instance.optimum for instance in instances]
    assert max(optima) > 2**64  # the big ones are there, exact
    assert loaded["n"] == [instance.n for instance in instances]
    for row, instance in zip(loaded, instances, strict=True):
        if instance.expected is not None:
            assert [tuple(m) for m in row["expected"]] == [
                (m.disk, m.source, m.target) for m in instance.expected
            ]


def test_the_schema_is_the_documented_one(tmp_path):
    hf_datasets.write(generate(seed=1, count=3), tmp_path / "d", "hf")
    loaded = load(tmp_path, str(tmp_path / "d"), split="train")
    assert list(loaded.features) == [field.name for field in hf_datasets.SCHEMA]
    features = loaded.features
    for name in ("done", "count", "optimum"):
        assert features[name].dtype == "string"
    assert features["n"].dtype == "int64" and features["proven"].dtype == "bool"
    card = (tmp_path / "d" / "README.md").read_text()
    assert all(f"`{field.name}`" in card for field in hf_datasets.SCHEMA)


def test_answers_score_optimal_and_withholding_drops_them(tmp_path):
    instances = generate(seed=2, count=15, positions="mixed", disks=(2, 6))
    table = list(hf_datasets.rows(instances))
    for row, instance in zip(table, instances, strict=True):
        assert score(row["answer"], instance).optimal
    withheld = list(hf_datasets.rows(instances, withhold=True))
    assert all(r["answer"] is None and r["optimum"] is None for r in withheld)
    assert [hf_datasets.instance_of(r) for r in withheld] == [i.withheld() for i in instances]


def test_answers_too_long_to_write_are_null():
    row = next(hf_datasets.rows(generate(seed=1, count=1, tasks=["solve"], disks=(64, 64))))
    assert row["answer"] is None and int(row["optimum"]) > 2**40


def test_two_splits_in_one_directory(tmp_path):
    hf_datasets.write(generate(seed=1, count=4), tmp_path, "hf", split="train")
    hf_datasets.write(generate(seed=2, count=3), tmp_path, "hf", split="test")
    loaded = load(tmp_path, str(tmp_path))
    assert {name: len(split) for name, split in loaded.items()} == {"train": 4, "test": 3}


def test_to_dataset():
    instances = generate(seed=5, count=6)
    dataset = hf_datasets.to_dataset(instances)
    assert [hf_datasets.instance_of(row) for row in dataset] == instances


def test_bad_arguments(tmp_path):
    from hanoi_magnet import InvalidArgumentError

    with pytest.raises(InvalidArgumentError, match="format must be"):
        hf_datasets.write([], tmp_path / "x", "csv")
    with pytest.raises(InvalidArgumentError, match="split"):
        hf_datasets.write([], tmp_path / "x", "hf", split="../up")


def _tasks(instances) -> str:
    buffer = io.StringIO()
    write_jsonl(instances, buffer)
    return buffer.getvalue()


def test_the_export_command(tmp_path):
    instances = generate(seed=3, count=10, positions="mixed")
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text(_tasks(instances))
    status, out, err = run(
        "eval", "export", str(tasks), "--format", "hf", "-o", str(tmp_path / "d")
    )
    assert (status, out) == (0, "") and "wrote 10 instances" in err
    loaded = load(tmp_path, str(tmp_path / "d"), split="train")
    assert [hf_datasets.instance_of(row) for row in loaded] == instances
    status, out, err = run("eval", "export", "--format", "jsonl", stdin=_tasks(instances))
    assert status == 0
    assert [json.loads(line)["id"] for line in out.splitlines()] == [i.id for i in instances]
    target = tmp_path / "x.parquet"
    status, _, _ = run("eval", "export", str(tasks), "--format", "parquet", "-o", str(target))
    assert status == 0 and pa.parquet.read_table(target).num_rows == 10
    status, _, _ = run("eval", "export", str(tasks), "--withhold-optimum", "-o", str(target),
                       "--format", "parquet")  # fmt: skip
    assert pa.parquet.read_table(target).column("answer").null_count == 10


@pytest.mark.parametrize(
    ("args", "status", "message"),
    [
        (("--format", "parquet"), 2, "needs --output PATH"),
        (("missing.jsonl", "--format", "jsonl"), 4, "cannot read missing.jsonl"),
    ],
)
def test_export_errors_are_one_line(args, status, message):
    code, _, err = run("eval", "export", *args, stdin="")
    assert code == status and message in err and err.count("\n") == 1


def test_export_without_pyarrow_says_what_to_install(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    import hanoi_magnet.integrations

    monkeypatch.delitem(sys.modules, "hanoi_magnet.integrations.hf_datasets", raising=False)
    monkeypatch.delattr(hanoi_magnet.integrations, "hf_datasets", raising=False)
    code, _, err = run("eval", "export", "-o", str(tmp_path / "d"), stdin="")
    assert code == 6 and "hanoi-magnet[hf]" in err and err.count("\n") == 1
