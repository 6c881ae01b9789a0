"""The ``eval`` subcommand of ``hanoi-magnet``: generate puzzle instances, score answers.

``hanoi-magnet eval generate --seed S --count N [filters] > tasks.jsonl`` writes instances as
JSON Lines; ``hanoi-magnet eval score tasks.jsonl answers.jsonl`` scores one answer per
instance (JSON Lines with ``id`` and ``answer``), writes one result per line and ends with a
summary table.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import IO, Any

from hanoi_magnet.cli import _util as _cliutil
from hanoi_magnet.cli._eval_summary import summary
from hanoi_magnet.cli._export import add_export_action
from hanoi_magnet.cli._util import Command, CommandError, Status, integer
from hanoi_magnet.evaluation import (
    FAMILIES,
    TEMPLATES,
    Instance,
    Score,
    Task,
    iter_instances,
    read_jsonl,
    score,
)
from hanoi_magnet.notation import NOTATIONS
from hanoi_magnet.search import DEFAULT_MAX_STATES

_ANSWER_KEYS = ("answer", "response", "output", "completion")


def _span(text: str) -> tuple[int, int]:
    """``"3-7"``, ``"3:7"`` or ``"5"`` as (least, most), for argparse."""
    for separator in ("-", ":", ".."):
        if separator in text.strip("-"):
            low, _, high = text.partition(separator)
            return integer(low), integer(high)
    value = integer(text)
    return value, value


def _choices(known: Iterable[str]) -> Any:
    names = tuple(known)

    def parse(text: str) -> list[str]:
        chosen = [part.strip() for part in text.split(",") if part.strip()]
        unknown = [part for part in chosen if part not in names]
        if unknown or not chosen:
            raise argparse.ArgumentTypeError(
                f"expected a comma-separated list of {', '.join(names)}; got {text!r}"
            )
        return chosen

    return parse


def _generate_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=integer, default=0, help="the seed (default 0)")
    parser.add_argument(
        "--count", type=integer, required=True, help="how many instances to generate"
    )
    parser.add_argument(
        "--family",
        type=_choices(FAMILIES),
        default=list(FAMILIES),
        help=f"comma-separated puzzle families (default all: {','.join(FAMILIES)})",
    )
    tasks = [task.value for task in Task]
    parser.add_argument(
        "--task",
        type=_choices(tasks),
        default=tasks,
        help=f"comma-separated tasks (default all: {','.join(tasks)})",
    )
    parser.add_argument(
        "--disks", type=_span, default=(3, 7), metavar="MIN-MAX", help="disks (default 3-7)"
    )
    parser.add_argument(
        "--pegs",
        type=_span,
        default=(4, 5),
        metavar="MIN-MAX",
        help="pegs of the frame-stewart family (default 4-5)",
    )
    parser.add_argument(
        "--positions",
        choices=("towers", "random", "mixed"),
        default="towers",
        help="start and goal: towers (default), random legal positions, or mixed",
    )
    parser.add_argument(
        "--template",
        type=_choices(TEMPLATES),
        default=["plain"],
        help=f"comma-separated prompt templates ({','.join(TEMPLATES)}; default plain)",
    )
    parser.add_argument(
        "--notation",
        type=_choices(NOTATIONS),
        default=None,
        help="comma-separated answer notations for the plain template "
        "(default reasoning-gym,letter-arrows,moves-list,library)",
    )
    parser.add_argument(
        "--moves",
        type=_span,
        default=(1, 10),
        metavar="MIN-MAX",
        help="moves asked for by continue tasks (default 1-10)",
    )
    parser.add_argument(
        "--max-states",
        type=integer,
        default=200_000,
        help="the most positions one search for an optimum may visit (default 200000)",
    )
    parser.add_argument(
        "--withhold-optimum",
        action="store_true",
        help="leave the optimum and the expected moves out of the file",
    )
    _cliutil.output_argument(parser)


def _run_generate(args: argparse.Namespace) -> int:
    options: dict[str, Any] = {}
    if args.notation is not None:
        options["notations"] = args.notation
    instances = iter_instances(
        args.seed,
        args.count,
        families=args.family,
        tasks=args.task,
        disks=args.disks,
        pegs=args.pegs,
        positions=args.positions,
        templates=args.template,
        moves=args.moves,
        max_states=args.max_states,
        **options,
    )
    lines = (
        (instance.withheld() if args.withhold_optimum else instance).to_json() + "\n"
        for instance in instances
    )
    with _output(args.output) as out:
        out.writelines(_cliutil.Progress.over(lines, sys.stderr, "instances generated"))
    if args.output != "-":
        print(f"wrote {args.count} instances to {args.output}", file=sys.stderr)
    return 0


def _score_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("tasks", metavar="TASKS", help="the instances (JSON Lines)")
    parser.add_argument(
        "answers",
        metavar="ANSWERS",
        help="the answers, JSON Lines with 'id' and 'answer' (or 'response', 'output', "
        "'completion'); - reads standard input",
    )
    parser.add_argument(
        "--detect-pegs",
        action="store_true",
        help="detect how each answer names the pegs instead of using the instance's notation",
    )
    parser.add_argument(
        "--thinking", action="store_true", help="also read moves inside <think> blocks"
    )
    parser.add_argument(
        "--max-states",
        type=integer,
        default=DEFAULT_MAX_STATES,
        help="the most positions one search may visit while scoring",
    )
    _cliutil.output_argument(parser)


def _run_score(args: argparse.Namespace) -> int:
    try:
        return _score_files(args)
    except UnicodeDecodeError as error:
        raise CommandError(
            f"an input is not UTF-8 text ({error.reason})", Status.NOT_UTF8
        ) from None


def _score_files(args: argparse.Namespace) -> int:
    with ExitStack() as stack:
        tasks = stack.enter_context(_open(args.tasks))
        instances: dict[str, Instance] = {}
        for record in read_jsonl(tasks):
            if record.id in instances:
                raise CommandError(
                    f"{args.tasks}: two instances with the id {record.id!r}", Status.USAGE
                )
            instances[record.id] = record
        answers = sys.stdin if args.answers == "-" else stack.enter_context(_open(args.answers))
        out = stack.enter_context(_output(args.output))
        scored: list[tuple[Instance, Score]] = []
        seen: set[str] = set()
        counted = _cliutil.Progress.over(answers, sys.stderr, "answers scored")
        for ident, answer in _answers(counted, args.answers):
            instance = instances.get(ident)
            if instance is None:
                raise CommandError(
                    f"{args.answers}: no instance has the id {ident!r}", Status.USAGE
                )
            if ident in seen:
                raise CommandError(
                    f"{args.answers}: two answers for the instance {ident!r}", Status.USAGE
                )
            seen.add(ident)
            scored.append((instance, _score(answer, instance, args, out)))
        for ident, instance in instances.items():  # instances nobody answered
            if ident not in seen:
                scored.append((instance, _score(None, instance, args, out)))
    print(summary(scored), file=sys.stderr if args.output == "-" else sys.stdout)
    return 0


def _score(answer: str | None, instance: Instance, args: argparse.Namespace, out: IO[str]) -> Score:
    result = score(
        answer,
        instance,
        detect_pegs=args.detect_pegs,
        thinking=args.thinking,
        max_states=args.max_states,
    )
    record = {"family": instance.family, "variant": instance.variant, "n": instance.n}
    out.write(json.dumps({**result.to_dict(), **record}) + "\n")
    return result


def _answers(lines: Iterable[str], source: str) -> Iterator[tuple[str, str | None]]:
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError as error:
            raise CommandError(
                f"{source}, line {number}: not JSON ({error})", Status.USAGE
            ) from None
        if not isinstance(record, dict) or "id" not in record:
            raise CommandError(
                f"{source}, line {number}: expected an object with an 'id'", Status.USAGE
            )
        answer = next((record[key] for key in _ANSWER_KEYS if key in record), None)
        if answer is not None and not isinstance(answer, str):
            raise CommandError(f"{source}, line {number}: the answer is not a string", Status.USAGE)
        yield str(record["id"]), answer


def _open(path: str) -> IO[str]:
    try:
        return Path(path).open(encoding="utf-8")
    except OSError as error:
        raise CommandError(f"cannot read {path}: {error.strerror}", Status.UNREADABLE) from None


class _output:  # noqa: N801 (a context manager, named as the argument)
    """Standard output for ``-``, else the file, closed at the end."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.file: IO[str] | None = None

    def __enter__(self) -> IO[str]:
        if self.path == "-":
            return sys.stdout
        try:
            self.file = Path(self.path).open("w", encoding="utf-8")
        except OSError as error:
            raise CommandError(
                f"cannot write {self.path}: {error.strerror}", Status.UNREADABLE
            ) from None
        return self.file

    def __exit__(self, *exc: object) -> None:
        if self.file is not None:
            self.file.close()


def _eval_arguments(parser: argparse.ArgumentParser) -> None:
    actions = parser.add_subparsers(title="actions", metavar="ACTION", required=True)
    generate = actions.add_parser(
        "generate",
        help="write seeded puzzle instances as JSON Lines",
        description="Write seeded puzzle instances (prompts included) as JSON Lines.",
    )
    _generate_arguments(generate)
    generate.set_defaults(run=_run_generate)
    scoring = actions.add_parser(
        "score",
        help="score answers to instances; results as JSON Lines, then a summary",
        description="Score answers to instances: one result per line (JSON Lines), then a "
        "summary table (on standard error when the results go to standard output).",
    )
    _score_arguments(scoring)
    scoring.set_defaults(run=_run_score)
    add_export_action(actions)  # eval export (cli/_export.py)


def _run_eval(args: argparse.Namespace) -> int:  # pragma: no cover - replaced by the action's
    raise CommandError("choose an action: generate or score", Status.USAGE)


EVAL = Command(
    "eval",
    "generate puzzle instances for models and solvers, and score their answers",
    _eval_arguments,
    _run_eval,
)
