"""The ``eval`` subcommand of ``hanoi-magnet``: generate puzzle instances, score answers.

``hanoi-magnet eval generate --seed S --count N [filters] > tasks.jsonl`` writes instances as
JSON Lines; ``hanoi-magnet eval score tasks.jsonl answers.jsonl`` scores one answer per
instance (JSON Lines with ``id`` and ``answer``), writes one result per line and ends with a
summary table.
"""

from __future__ import annotations

import argparse
import array
import json
import sys
from collections.abc import Iterable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import IO, Any

from hanoi_magnet._digits import unlimited_digits
from hanoi_magnet.cli import _util as _cliutil
from hanoi_magnet.cli._audit import add_validate_action
from hanoi_magnet.cli._export import add_export_action
from hanoi_magnet.cli._tokenizers import HELP as _TOKENIZER_HELP
from hanoi_magnet.cli._tokenizers import tokenizer as _tokenizer
from hanoi_magnet.cli._util import Command, CommandError, Status, integer
from hanoi_magnet.errors import InvalidArgumentError
from hanoi_magnet.evaluation import (
    FAMILIES,
    TEMPLATES,
    Instance,
    Score,
    Task,
    iter_instances,
    score,
    summarize,
)
from hanoi_magnet.evaluation._exact import dumps
from hanoi_magnet.notation import NOTATIONS
from hanoi_magnet.search import DEFAULT_MAX_STATES

_ANSWER_KEYS = (
    "answer",
    "response",
    "output",
    "completion",
    "text",
    "choices.0.message.content",
    "choices.0.text",
)
_BOM = b"\xef\xbb\xbf"


def _span(text: str) -> tuple[int, int]:
    """``"3-7"``, ``"3:7"`` or ``"5"`` as (least, most), for argparse."""
    for separator in ("-", ":", ".."):
        if separator in text.strip("-"):
            low, _, high = text.partition(separator)
            return integer(low), integer(high)
    value = integer(text)
    return value, value


def _share(text: str) -> float:
    """A share from 0 to 1, for argparse."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"expected a share from 0 to 1, got {text!r}")
    return value


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
        "--unsolvable",
        type=_share,
        default=0.0,
        metavar="SHARE",
        help="the share of instances (0 to 1) drawn without a solution, credited only for the "
        "answer UNSOLVABLE (default 0)",
    )
    parser.add_argument(
        "--max-answer-chars",
        type=integer,
        default=None,
        metavar="N",
        help="keep only instances whose optimal answer has at most N characters",
    )
    parser.add_argument(
        "--max-answer-tokens",
        type=integer,
        default=None,
        metavar="N",
        help="keep only instances whose optimal answer has at most N tokens (needs --tokenizer)",
    )
    _tokenizer_argument(parser, "; each instance then states its optimal answer's length in tokens")
    parser.add_argument(
        "--withhold-optimum",
        action="store_true",
        help="leave the optimum and the expected moves out of the file",
    )
    _cliutil.output_argument(parser)


def _tokenizer_argument(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument(
        "--tokenizer", type=_tokenizer, default=None, metavar="SPEC", help=_TOKENIZER_HELP + what
    )


def _instances(args: argparse.Namespace) -> Iterator[Instance]:
    """The instances the options of ``eval generate`` ask for."""
    if args.max_answer_tokens is not None and args.tokenizer is None:
        raise CommandError("--max-answer-tokens needs --tokenizer to count tokens", Status.USAGE)
    options: dict[str, Any] = {}
    if args.notation is not None:
        options["notations"] = args.notation
    return iter_instances(
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
        unsolvable=args.unsolvable,
        max_answer_chars=args.max_answer_chars,
        max_answer_tokens=args.max_answer_tokens,
        tokenizer=args.tokenizer,
        **options,
    )


def _run_generate(args: argparse.Namespace) -> int:
    instances = _instances(args)
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
        help="the answers, JSON Lines with 'id' and the answer (see --answer-key); "
        "- reads standard input",
    )
    parser.add_argument(
        "--answer-key",
        metavar="PATH",
        default=None,
        help="where each answer record holds the answer: a key or a dotted path such as "
        f"choices.0.message.content (default: the first of {', '.join(_ANSWER_KEYS)})",
    )
    parser.add_argument(
        "--missing",
        choices=("score", "skip", "fail"),
        default="score",
        help="instances without an answer: score them as no-answer (default), skip them, or "
        "fail (exit status 2 after the summary; also for answer records without an answer); "
        "their count is reported in every case",
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
    _tokenizer_argument(
        parser, "; checks the token budgets of instances that have one (max_answer_tokens)"
    )
    parser.add_argument(
        "--summary-json",
        metavar="FILE",
        default=None,
        help="also write the summary as JSON to FILE",
    )
    _cliutil.output_argument(parser)


def _run_score(args: argparse.Namespace) -> int:
    try:
        return _score_files(args)
    except UnicodeDecodeError as error:  # standard input
        raise CommandError(
            f"standard input is not UTF-8 text ({error.reason})", Status.NOT_UTF8
        ) from None
    except _NotUtf8Error as error:
        raise CommandError(
            f"{error.path} is not UTF-8 text ({error.reason})", Status.NOT_UTF8
        ) from None


class _NotUtf8Error(Exception):
    def __init__(self, path: str, reason: str) -> None:
        super().__init__(reason)
        self.path = path
        self.reason = reason


class _Tasks:
    """The tasks file, indexed by id (byte offsets only: instances are read when answered)."""

    def __init__(self, path: str, file: IO[bytes]) -> None:
        self.path = path
        self.file = file
        # id -> its ordinal; the offsets and line numbers in compact arrays (memory per item:
        # the id and a dict entry, not Python tuples of ints)
        self.where: dict[str, int] = {}
        self.offsets = array.array("q")
        self.numbers = array.array("q")
        self.answered = bytearray()
        self.duplicates: dict[str, int] = {}
        offset = 0
        for number, raw in enumerate(file, 1):
            line = raw[3:] if number == 1 and raw.startswith(_BOM) else raw
            start = offset + (len(raw) - len(line))
            offset += len(raw)
            if not line.strip():
                continue
            ident = self._id(line, number)
            if ident in self.where:
                self.duplicates[ident] = self.duplicates.get(ident, 1) + 1
            else:
                self.where[ident] = len(self.offsets)
                self.offsets.append(start)
                self.numbers.append(number)
                self.answered.append(0)

    def _id(self, line: bytes, number: int) -> str:
        try:
            with unlimited_digits():
                record = json.loads(line)
        except UnicodeDecodeError as error:
            raise _NotUtf8Error(self.path, error.reason) from None
        except ValueError as error:
            raise CommandError(
                f"{self.path}, line {number}: not JSON ({error})", Status.USAGE
            ) from None
        except RecursionError:
            raise CommandError(f"{self.path}, line {number}: {_NESTED}", Status.USAGE) from None
        if not isinstance(record, dict) or "id" not in record or "task" not in record:
            hint = " (is it the answers file? the tasks come first)" if "id" in record else ""
            raise CommandError(
                f"{self.path}, line {number}: not an instance record{hint}", Status.USAGE
            )
        return _ident(record["id"])

    def instance(self, ident: str) -> Instance:
        ordinal = self.where[ident]
        offset, number = self.offsets[ordinal], self.numbers[ordinal]
        self.file.seek(offset)
        raw = self.file.readline()
        try:
            return Instance.from_json(raw.decode("utf-8"))
        except UnicodeDecodeError as error:
            raise _NotUtf8Error(self.path, error.reason) from None
        except InvalidArgumentError as error:
            raise CommandError(f"{self.path}, line {number}: {error}", Status.USAGE) from None


class _Counts:
    """What could not be scored as given, counted, with the first few ids."""

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}
        self.examples: dict[str, list[str]] = {}
        self.records = 0  # answer records read

    def add(self, what: str, ident: str) -> None:
        self.counts[what] = self.counts.get(what, 0) + 1
        shown = self.examples.setdefault(what, [])
        if len(shown) < 3:
            shown.append(ident)

    def line(self, what: str, subject: tuple[str, str], rest: str) -> str | None:
        count = self.counts.get(what, 0)
        if not count:
            return None
        ids = ", ".join(map(repr, self.examples[what]))
        more = ", ..." if count > len(self.examples[what]) else ""
        return f"{count} {subject[count != 1]} {rest} ({ids}{more})"


def _score_files(args: argparse.Namespace) -> int:
    counts = _Counts()
    with ExitStack() as stack:
        tasks = _Tasks(args.tasks, stack.enter_context(_open_binary(args.tasks)))
        for ident, copies in tasks.duplicates.items():
            for _ in range(copies - 1):
                counts.add("duplicate instance", ident)
        if args.answers == "-":
            answers: Iterable[str] = sys.stdin
        else:
            answers = stack.enter_context(_open(args.answers))
        out = stack.enter_context(_output(args.output))
        counted = _cliutil.Progress.over(answers, sys.stderr, "answers scored")

        def scored() -> Iterator[tuple[Instance, Score]]:
            for ident, answer in _answers(counted, args.answers, args.answer_key, counts):
                ordinal = tasks.where.get(ident)
                if ordinal is None:
                    counts.add("unknown id", ident)
                    continue
                if tasks.answered[ordinal]:
                    counts.add("duplicate answer", ident)
                    continue
                tasks.answered[ordinal] = 1
                instance = tasks.instance(ident)
                _unchecked(instance, args, counts)
                yield instance, _score(answer, instance, args, out)
            for ident, ordinal in tasks.where.items():  # instances nobody answered
                if not tasks.answered[ordinal]:
                    counts.add("unanswered", ident)
                    if args.missing == "score":
                        instance = tasks.instance(ident)
                        _unchecked(instance, args, counts)
                        yield instance, _score(None, instance, args, out)

        summary = summarize(scored())
    print(summary.table(), file=sys.stderr if args.output == "-" else sys.stdout)
    if args.summary_json is not None:
        _write_summary(args.summary_json, summary.to_dict(), counts)
    return _report(counts, args)


def _unchecked(instance: Instance, args: argparse.Namespace, counts: _Counts) -> None:
    """Count an instance whose token budget cannot be checked (no --tokenizer)."""
    if instance.max_answer_tokens is not None and args.tokenizer is None:
        counts.add("token budget", instance.id)


def _report(counts: _Counts, args: argparse.Namespace) -> int:
    """Say what was not scored as given; the exit status."""
    keys = args.answer_key or ", ".join(_ANSWER_KEYS)
    notes = [
        counts.line(
            "unknown id", ("answer has", "answers have"), "an id no instance has: not scored"
        ),
        counts.line(
            "duplicate answer",
            ("answer repeats", "answers repeat"),
            "an id: only the first was scored",
        ),
        counts.line(
            "duplicate instance",
            ("instance repeats", "instances repeat"),
            "an id: only the first was used",
        ),
        counts.line(
            "no answer key",
            ("answer record has", "answer records have"),
            f"none of the keys {keys}: scored as no-answer",
        ),
        counts.line("not text", ("answer is", "answers are"), "not a string: scored as no-answer"),
        counts.line(
            "token budget",
            ("instance has", "instances have"),
            "a token budget (max_answer_tokens) not checked: give --tokenizer to check it",
        ),
        counts.line(
            "unanswered",
            ("instance has", "instances have"),
            {
                "score": "no answer: scored as no-answer",
                "skip": "no answer: skipped",
                "fail": "no answer",
            }[args.missing],
        ),
    ]
    shown = [note for note in notes if note is not None]
    unread = counts.counts.get("no answer key", 0) + counts.counts.get("not text", 0)
    if counts.records and unread == counts.records:  # a wrong --answer-key, surely
        shown.append("no answer was read: name the key with --answer-key")
    failed = (
        bool({"unknown id", "duplicate answer", "duplicate instance"} & counts.counts.keys())
        or (counts.records > 0 and unread == counts.records)
        or (args.missing == "fail" and bool(unread or "unanswered" in counts.counts))
    )
    if failed:
        raise CommandError("; ".join(shown), Status.USAGE)
    for note in shown:
        print(f"hanoi-magnet eval score: note: {note}", file=sys.stderr)
    return 0


def _write_summary(path: str, summary: dict[str, Any], counts: _Counts) -> None:
    record = {"groups": summary, "not_scored_as_given": dict(counts.counts)}
    try:
        Path(path).write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    except OSError as error:
        raise CommandError(f"cannot write {path}: {error.strerror}", Status.UNREADABLE) from None


def _score(answer: str | None, instance: Instance, args: argparse.Namespace, out: IO[str]) -> Score:
    result = score(
        answer,
        instance,
        detect_pegs=args.detect_pegs,
        thinking=args.thinking,
        max_states=args.max_states,
        tokenizer=args.tokenizer,
    )
    record = {"family": instance.family, "variant": instance.variant, "n": instance.n}
    out.write(dumps({**result.to_dict(), **record}) + "\n")
    return result


def _dig(record: Any, path: str) -> tuple[bool, Any]:
    """(found, value) at a dotted ``path`` in ``record`` (list indices as numbers)."""
    value = record
    for part in path.split("."):
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return False, None
    return True, value


#: Why a line whose JSON nests deeper than the parser goes is refused.
_NESTED = "not JSON (nested too deeply to read; no record is nested like this)"


def _ident(value: object) -> str:
    """A record's id as text (an integer id of any number of digits included)."""
    with unlimited_digits():
        return str(value)


def _answers(
    lines: Iterable[str], source: str, key: str | None, counts: _Counts
) -> Iterator[tuple[str, str | None]]:
    keys = (key,) if key is not None else _ANSWER_KEYS
    for number, line in enumerate(lines, 1):
        if number == 1:
            line = line.removeprefix("\ufeff")
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError as error:
            raise CommandError(
                f"{source}, line {number}: not JSON ({error})", Status.USAGE
            ) from None
        except RecursionError:
            raise CommandError(f"{source}, line {number}: {_NESTED}", Status.USAGE) from None
        if not isinstance(record, dict) or "id" not in record:
            raise CommandError(
                f"{source}, line {number}: expected an object with an 'id'", Status.USAGE
            )
        ident = _ident(record["id"])
        counts.records += 1
        for path in keys:
            found, answer = _dig(record, path)
            if found:
                break
        else:
            counts.add("no answer key", ident)
            answer = None
        if answer is not None and not isinstance(answer, str):
            counts.add("not text", ident)
            answer = None
        yield ident, answer


def _open_binary(path: str) -> IO[bytes]:
    try:
        return Path(path).open("rb")
    except OSError as error:
        raise CommandError(f"cannot read {path}: {error.strerror}", Status.UNREADABLE) from None


class _Decoded:
    """A text file's lines; a decoding error names the file."""

    def __init__(self, file: IO[str], path: str) -> None:
        self.file = file
        self.path = path

    def __iter__(self) -> Iterator[str]:
        try:
            yield from self.file
        except UnicodeDecodeError as error:
            raise _NotUtf8Error(self.path, error.reason) from None

    def __enter__(self) -> _Decoded:
        return self

    def __exit__(self, *exc: object) -> None:
        self.file.close()


def _open(path: str) -> _Decoded:
    try:
        return _Decoded(Path(path).open(encoding="utf-8"), path)
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
    add_validate_action(actions, _generate_arguments, _instances)  # eval validate (cli/_audit.py)


def _run_eval(args: argparse.Namespace) -> int:  # pragma: no cover - replaced by the action's
    raise CommandError("choose an action: generate, score, export or validate", Status.USAGE)


EVAL = Command(
    "eval",
    "generate puzzle instances for models and solvers, and score their answers",
    _eval_arguments,
    _run_eval,
)
