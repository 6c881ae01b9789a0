"""``hanoi-magnet eval validate``: the scorer audited on a generated set of instances.

The reference answer of every instance must earn full credit; no answer (the empty answer, the
prompt and its parts repeated) and every reward hack must earn nothing they do not deserve.
Prints one row per policy and exits with status 6 (failed) when any answer was scored
otherwise; CI runs it over 10,000 instances.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from typing import Any

from hanoi_magnet.cli._util import CommandError, Progress, Status
from hanoi_magnet.evaluation import POLICIES, Instance, audit


def add_validate_action(
    actions: Any,
    generate_arguments: Callable[[argparse.ArgumentParser], None],
    instances: Callable[[argparse.Namespace], Iterator[Instance]],
) -> None:
    """Declare ``eval validate`` on the ``eval`` group's actions (the hook in ``cli/_eval.py``).

    ``generate_arguments`` declares the options of ``eval generate`` (the set to audit);
    ``instances`` draws that set from the parsed options.
    """
    parser: argparse.ArgumentParser = actions.add_parser(
        "validate",
        help="audit the scorer: the reference answers earn full credit, no-answers and "
        "reward hacks nothing",
        description="Generate instances (the options of 'eval generate') and score, for each, "
        "its reference answer, no answer (empty, the prompt and each of its parts repeated) "
        "and every reward hack of the built-in policies; print a row per policy and exit "
        "with status 6 when any answer is scored otherwise than a careful grader would.",
    )
    generate_arguments(parser)
    parser.add_argument(
        "--policy",
        type=_policies,
        default=None,
        metavar="NAMES",
        help=f"comma-separated policies (default all: {','.join(POLICIES)})",
    )
    parser.set_defaults(run=lambda args: _run_validate(args, instances))


def _policies(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in names if name not in POLICIES]
    if unknown or not names:
        raise argparse.ArgumentTypeError(
            f"unknown policy {', '.join(unknown) or repr(text)}; known: {', '.join(POLICIES)}"
        )
    return names


def _run_validate(
    args: argparse.Namespace, instances: Callable[[argparse.Namespace], Iterator[Instance]]
) -> int:
    if getattr(args, "withhold_optimum", False):
        raise CommandError("validate needs the instances' answers: drop --withhold-optimum",
                           Status.USAGE)  # fmt: skip
    drawn = Progress.over(instances(args), sys.stderr, "instances audited")
    report = audit(drawn, policies=args.policy, seed=args.seed)
    out = sys.stdout if args.output == "-" else None
    text = report.table()
    failures = [result for result in report.results if result.failures]
    lines = [text, ""]
    lines.append(
        f"{report.instances} instances; "
        + ("every answer scored as a careful grader would"
           if not failures else f"{len(failures)} policies scored otherwise:")
    )  # fmt: skip
    for result in failures:
        for ident, why in result.examples:
            lines.append(f"  {result.policy}: instance {ident}: {why}")
    output = "\n".join(lines) + "\n"
    if out is not None:
        out.write(output)
    else:
        with open(args.output, "w", encoding="utf-8") as file:
            file.write(output)
    return int(Status.FAILED) if failures else 0
