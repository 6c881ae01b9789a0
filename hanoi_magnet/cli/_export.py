"""``hanoi-magnet eval export``: instance files as Hugging Face datasets, Parquet or flat JSONL.

``hanoi-magnet eval generate --seed 1 --count 500 | hanoi-magnet eval export --format hf -o
DIR`` writes a directory that ``datasets.load_dataset(DIR)`` reads (see
:mod:`hanoi_magnet.integrations.hf_datasets` for the columns). Needs the ``hf`` extra.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from pathlib import Path
from typing import IO, Any

from hanoi_magnet.cli._util import CommandError, Status
from hanoi_magnet.evaluation import read_jsonl


def add_export_action(actions: Any) -> None:
    """Declare ``eval export`` on the ``eval`` group's actions (the hook in ``cli/_eval.py``)."""
    parser: argparse.ArgumentParser = actions.add_parser(
        "export",
        help="write instances as a Hugging Face dataset, Parquet or flat JSON Lines",
        description="Read instances (JSON Lines from 'eval generate') and write them as a "
        "dataset directory that datasets.load_dataset reads (hf), one Parquet file (parquet) "
        "or flat JSON Lines (jsonl); big integers are written as decimal strings.",
    )
    parser.add_argument(
        "tasks", nargs="?", default="-", help="the instances (default: - for standard input)"
    )
    parser.add_argument(
        "--format", choices=("hf", "parquet", "jsonl"), default="hf", help="(default hf)"
    )
    parser.add_argument(
        "-o",
        "--output",
        metavar="PATH",
        default="-",
        help="the directory (hf) or file to write (- for standard output: jsonl only)",
    )
    parser.add_argument(
        "--split", default="train", help="the split's name (hf format; default train)"
    )
    parser.add_argument(
        "--withhold-optimum",
        action="store_true",
        help="leave the optimum, the expected moves and the answer out",
    )
    parser.set_defaults(run=_run_export)


def _run_export(args: argparse.Namespace) -> int:
    try:
        from hanoi_magnet.integrations import hf_datasets  # noqa: PLC0415 (an optional extra)
    except ImportError as error:
        raise CommandError(
            f"export needs pyarrow ({error.name} is missing): install the hf extra, pip "
            "install 'hanoi-magnet[hf]' (from a checkout: pip install -e '.[hf]')",
            Status.FAILED,
        ) from None
    if args.output == "-" and args.format != "jsonl":
        raise CommandError(f"the {args.format} format needs --output PATH", Status.USAGE)
    try:
        with _input(args.tasks) as source:
            instances = list(read_jsonl(source))
        target: Any = sys.stdout if args.output == "-" else args.output
        count = hf_datasets.write(
            instances, target, args.format, split=args.split, withhold=args.withhold_optimum
        )
    except UnicodeDecodeError as error:
        message = f"an input is not UTF-8 text ({error.reason})"
        raise CommandError(message, Status.NOT_UTF8) from None
    except OSError as error:
        message = f"cannot write {args.output}: {error.strerror or error}"
        raise CommandError(message, Status.UNREADABLE) from None
    if args.output != "-":
        print(f"wrote {count} instances to {args.output}", file=sys.stderr)
    return 0


def _input(path: str) -> contextlib.AbstractContextManager[IO[str]]:
    """The file to read (standard input for ``-``, left open)."""
    if path == "-":
        return contextlib.nullcontext(sys.stdin)
    try:
        return Path(path).open(encoding="utf-8")
    except OSError as error:
        raise CommandError(f"cannot read {path}: {error.strerror}", Status.UNREADABLE) from None
