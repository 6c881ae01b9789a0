"""Instance sets as Hugging Face datasets, Parquet files and flat JSON Lines (extra ``hf``).

One row per :class:`~hanoi_magnet.evaluation.Instance`, in the order of the generator (the
schema: :data:`SCHEMA`, documented on :doc:`/integrations/hf-datasets`). Counts that grow as
2^n (``done``, ``count``, ``optimum``) are strings of decimal digits, always, so they stay
exact beyond 2^63 in every reader, and written whatever their number of digits; ``answer`` is
an optimal answer in the instance's notation (null when withheld, or longer than
:data:`~hanoi_magnet.episode.MAX_ANSWER_MOVES` moves: :func:`~hanoi_magnet.episode.written_answer`);
``record`` is the instance's whole JSON record, which :func:`instance_of` reads back exactly.
Writing needs pyarrow (imported with this module); :func:`to_dataset` also needs ``datasets``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any

import pyarrow as pa
import pyarrow.parquet as pq

from hanoi_magnet._digits import unlimited_digits
from hanoi_magnet.episode import written_answer
from hanoi_magnet.errors import InvalidArgumentError
from hanoi_magnet.evaluation import Instance
from hanoi_magnet.model import Move

__all__ = ["FORMATS", "SCHEMA", "instance_of", "rows", "to_dataset", "write"]

#: The formats :func:`write` writes.
FORMATS = ("hf", "parquet", "jsonl")

#: The columns of every export, in order.
SCHEMA = pa.schema(
    [
        pa.field("id", pa.string(), nullable=False),
        pa.field("task", pa.string(), nullable=False),
        pa.field("family", pa.string(), nullable=False),
        pa.field("variant", pa.string()),
        pa.field("rules", pa.string(), nullable=False),
        pa.field("n", pa.int64(), nullable=False),
        pa.field("posts", pa.int64(), nullable=False),
        pa.field("start", pa.string(), nullable=False),
        pa.field("goal", pa.string(), nullable=False),
        pa.field("notation", pa.string(), nullable=False),
        pa.field("template", pa.string(), nullable=False),
        pa.field("prompt", pa.string(), nullable=False),
        pa.field("done", pa.string()),
        pa.field("count", pa.string()),
        pa.field("optimum", pa.string()),
        pa.field("proven", pa.bool_()),
        pa.field("expected", pa.list_(pa.list_(pa.int64()))),
        pa.field("answer", pa.string()),
        pa.field("unsolvable", pa.string()),
        pa.field("record", pa.string(), nullable=False),
    ]
)


def _digits(value: int | None) -> str | None:
    """A count as decimal digits, however many (beyond Python's 4,300-digit limit too)."""
    if value is None:
        return None
    with unlimited_digits():
        return str(value)


def _triple(move: Move) -> list[int]:
    return [move.disk, move.source, move.target]


def _answer(instance: Instance) -> str | None:
    return written_answer(instance).text


def rows(instances: Iterable[Instance], *, withhold: bool = False) -> Iterator[dict[str, Any]]:
    """The rows of :data:`SCHEMA` for ``instances`` (``withhold``: without their answers).

    Example:
        >>> from hanoi_magnet.evaluation import generate
        >>> from hanoi_magnet.integrations.hf_datasets import rows
        >>> row = next(rows(generate(seed=1, count=1, tasks=["solve"], disks=(64, 64),
        ...                          families=["classic"])))
        >>> row["n"], row["optimum"], row["start"]
        (64, '18446744073709551615', 'SSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSS')
    """  # noqa: E501 (a doctest's output is one line)
    for original in instances:
        instance = original.withheld() if withhold else original
        record = json.loads(instance.to_json())
        expected = instance.expected
        yield {
            "id": instance.id,
            "task": instance.task.value,
            "family": instance.family,
            "variant": instance.variant,
            "rules": json.dumps(record["rules"], sort_keys=True),
            "n": instance.n,
            "posts": instance.posts,
            "start": instance.start.format(compact=True),
            "goal": instance.goal.format(compact=True),
            "notation": instance.notation,
            "template": instance.template,
            "prompt": instance.prompt,
            "done": _digits(instance.done),
            "count": _digits(instance.count),
            "optimum": _digits(instance.optimum),
            "proven": instance.proven,
            "expected": None if expected is None else [_triple(move) for move in expected],
            "answer": None if withhold else _answer(original),
            "unsolvable": instance.unsolvable,
            "record": instance.to_json(),
        }


def instance_of(row: dict[str, Any]) -> Instance:
    """The instance a row was written from (exactly: it is read from ``record``).

    Example:
        >>> from hanoi_magnet.evaluation import generate
        >>> from hanoi_magnet.integrations.hf_datasets import instance_of, rows
        >>> batch = generate(seed=3, count=4)
        >>> [instance_of(row) for row in rows(batch)] == batch
        True
    """
    return Instance.from_json(row["record"])


def _table(instances: Iterable[Instance], withhold: bool) -> pa.Table:
    return pa.Table.from_pylist(list(rows(instances, withhold=withhold)), schema=SCHEMA)


def to_dataset(instances: Iterable[Instance], *, withhold: bool = False) -> Any:
    """The instances as a ``datasets.Dataset`` (needs ``datasets``).

    Example:
        >>> from hanoi_magnet.evaluation import generate
        >>> from hanoi_magnet.integrations.hf_datasets import to_dataset
        >>> to_dataset(generate(seed=1, count=5)).num_rows
        5
    """
    import datasets  # noqa: PLC0415 (only this function needs it)

    return datasets.Dataset(_table(instances, withhold))


def write(
    instances: Iterable[Instance],
    path: str | Path,
    format: str = "hf",
    *,
    split: str = "train",
    withhold: bool = False,
) -> int:
    """Write ``instances``; return how many rows were written.

    Formats: ``hf``, a directory laid out as a dataset repository on the Hugging Face Hub
    (``data/<split>-00000-of-00001.parquet`` and a ``README.md`` dataset card naming the
    splits and the columns), which ``datasets.load_dataset(path)`` reads; ``parquet``, one
    Parquet file; ``jsonl``, the same rows as JSON Lines (``path`` may be an open text file).

    Example:
        >>> import datasets, tempfile
        >>> from hanoi_magnet.evaluation import generate
        >>> from hanoi_magnet.integrations.hf_datasets import instance_of, write
        >>> folder = tempfile.mkdtemp()
        >>> write(generate(seed=1, count=3), folder, "hf", split="test")
        3
        >>> loaded = datasets.load_dataset(folder, split="test")
        >>> [instance_of(row) for row in loaded] == generate(seed=1, count=3)
        True
    """
    if format not in FORMATS:
        raise InvalidArgumentError(f"format must be one of {', '.join(FORMATS)}, got {format!r}")
    if not split.replace("_", "").replace("-", "").isalnum():
        raise InvalidArgumentError(f"a split is named by letters, digits, - and _, got {split!r}")
    if format == "jsonl":
        return _write_jsonl(instances, path, withhold)
    table = _table(instances, withhold)
    if format == "parquet":
        pq.write_table(table, str(path))
        return int(table.num_rows)
    folder = Path(path)
    (folder / "data").mkdir(parents=True, exist_ok=True)
    pq.write_table(table, str(folder / "data" / f"{split}-00000-of-00001.parquet"))
    splits = sorted(p.name.split("-00000-of-")[0] for p in (folder / "data").glob("*.parquet"))
    (folder / "README.md").write_text(_card(splits), encoding="utf-8")
    return int(table.num_rows)


def _write_jsonl(instances: Iterable[Instance], path: str | Path | IO[str], withhold: bool) -> int:
    written = 0
    if isinstance(path, (str, Path)):
        with Path(path).open("w", encoding="utf-8") as file:
            return _write_jsonl(instances, file, withhold)
    for row in rows(instances, withhold=withhold):
        path.write(json.dumps(row, ensure_ascii=True) + "\n")
        written += 1
    return written


def _card(splits: list[str]) -> str:
    files = "\n".join(
        f"  - split: {name}\n    path: data/{name}-00000-of-00001.parquet" for name in splits
    )
    columns = "\n".join(f"- `{field.name}`: {field.type}" for field in SCHEMA)
    return (
        "---\nconfigs:\n- config_name: default\n  data_files:\n"
        f"{files}\n---\n\n# hanoi_magnet puzzle instances\n\n"
        "Written by `hanoi-magnet eval export`. One row per instance; `done`, `count` and "
        "`optimum` are exact integers written as decimal digits; `record` is the instance's "
        "JSON record (`hanoi_magnet.evaluation.Instance.from_json`).\n\n"
        f"{columns}\n"
    )
