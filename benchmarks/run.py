"""Run the benchmarks, or compare this checkout with an earlier revision (the regression guard).

python benchmarks/run.py                   # every benchmark's tables
python benchmarks/run.py unrank            # bench_unrank.py only
python benchmarks/run.py --against         # the guard: this checkout against the previous main
python benchmarks/run.py --against REV     # ... against any revision (or a checkout's path)
python benchmarks/run.py --against --quick # a shorter guard (fewer rounds, fewer rows)

The guard exports REV's package into a temporary directory, runs the rows of
``benchmarks/guard/rows.py`` on both packages in alternation (each in its own process) and
prints, per row, the old and new medians, the ratio new/old, its noise and a flag for rows more
than 10 % slower beyond their noise; it exits with 1 when a row is flagged or fails on this
checkout. See benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import importlib
import json
import platform
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

PREVIOUS_MAIN = "(the previous main)"


def tables(names: list[str]) -> int:
    """Run the benchmark files whose names contain one of ``names`` (all if none)."""
    available = sorted(path.stem for path in HERE.glob("bench_*.py"))
    chosen = [name for name in available if not names or any(arg in name for arg in names)]
    if not chosen:
        print(f"no benchmark matches {names}; available: {', '.join(available)}", file=sys.stderr)
        return 2
    print(f"Python {platform.python_version()} on {platform.machine()}, {platform.system()}")
    for name in chosen:
        print(f"\n## {name}\n")
        importlib.import_module(f"benchmarks.{name}").main()
    return 0


def guard(args: argparse.Namespace) -> int:
    """The regression guard (see the module's docstring)."""
    from benchmarks.guard import compare, revisions, rows  # noqa: PLC0415

    chosen = rows.rows(quick=args.quick, match=args.names)
    if args.list:
        for row in chosen:
            print(f"{row.group:22} {row.name}")
        return 0
    if not chosen:
        print(f"no guard row matches {' '.join(args.names)!r}", file=sys.stderr)
        return 2
    against = None if args.against == PREVIOUS_MAIN else args.against
    try:
        choice = revisions.resolve(ROOT, against, args.main)
    except revisions.RevisionError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    settings = compare.Settings.quick() if args.quick else compare.Settings()

    def progress(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    with tempfile.TemporaryDirectory(prefix="hanoi-guard-") as scratch:
        if isinstance(choice, Path):
            old_tree, described = choice, f"the checkout at {choice}"
        else:
            try:
                old_tree = revisions.export(ROOT, choice.rev, Path(scratch))
            except revisions.RevisionError as error:
                print(f"error: {error}", file=sys.stderr)
                return 2
            described = f"{choice.rev[:10]} ({choice.reason})"
        print(f"The working tree at {ROOT} against {described}")
        print(
            f"Python {platform.python_version()} on {platform.machine()}, {platform.system()}; "
            f"{'--quick: ' if args.quick else ''}up to {settings.rounds} alternating rounds a "
            f"row; times per call, medians; new/old < 1 is faster; noise: half the 95 % "
            "interval of the median ratio; SLOWER: more than 10 % slower beyond it\n"
        )
        started = time.perf_counter()
        results = compare.run_rows(chosen, old_tree, ROOT, settings, sys.stdout, progress)
    text, status = compare.summary(results)
    print(f"\n{text}\n({time.perf_counter() - started:.0f} s)")
    if args.json:
        Path(args.json).write_text(json.dumps(compare.to_json(results), indent=1) + "\n")
    return status


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="benchmarks/run.py", description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("names", nargs="*", help="benchmark files (or, with --against, rows) "
                        "whose names contain one of these")  # fmt: skip
    parser.add_argument(
        "--against", nargs="?", const=PREVIOUS_MAIN, metavar="REV",
        help="compare with REV (default: the previous main, see benchmarks/guard/revisions.py)",
    )  # fmt: skip
    parser.add_argument("--quick", action="store_true", help="the guard's short run")
    parser.add_argument("--main", help="the main branch's name (default: main, else master)")
    parser.add_argument("--list", action="store_true", help="list the guard's rows and stop")
    parser.add_argument("--json", metavar="FILE", help="also write the guard's samples here")
    args = parser.parse_args(argv)
    if args.against is None and not args.list:
        if args.quick or args.main or args.json:
            parser.error("--quick, --main and --json go with --against")
        return tables(args.names)
    return guard(args)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
