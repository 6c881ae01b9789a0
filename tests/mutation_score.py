"""The score of a mutation run (``nox -s mutation``): counts, the score, and what is left.

Reads the results mutmut keeps under ``mutants/`` (a ``.meta`` file per mutated module: each
mutant's name and the exit status of its test run) and the list of mutants explained as
equivalent (``tests/data/mutation-equivalents.txt``: a name a line, then why), and prints::

    mutants 8441: killed 8100, timeout 20, survived 321, no tests 0, ...
    score 96.0% (killed / all), 97.3% without the 120 explained equivalents (at least 90%)

followed by the survivors nobody explained. Exits with status 1 when the second figure is under
:data:`TARGET` or a run left mutants unchecked or their tests unrun, and 2 when the list names a
mutant that no longer survives (or no longer exists: mutant names follow the code, so an edit can
renumber them).

Run: ``python tests/mutation_score.py [EQUIVALENTS] [MUTANTS_DIR]``.
"""

from __future__ import annotations

import collections
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENTS = ROOT / "tests" / "data" / "mutation-equivalents.txt"
TARGET = 0.90

#: mutmut's exit statuses of a mutant's test run (mutmut.stats.status_by_exit_code).
STATUS = {
    1: "killed",
    3: "killed",
    0: "survived",
    5: "no tests",
    33: "no tests",
    34: "skipped",
    36: "timeout",
    24: "timeout",
    -24: "timeout",
    152: "timeout",
    # mutmut counts 255 as a timeout, but it is the exit of a child whose test run raised (its
    # worker exits with -1), e.g. pytest's usage error for a test id it cannot select: the
    # mutant's tests never ran, so it is neither killed nor timed out
    255: "not run",
    37: "caught by type check",
    -11: "segfault",
    -9: "segfault",
    2: "interrupted",
    None: "not checked",
}


def read_results(mutants: Path) -> dict[str, str]:
    """Each mutant's status, by name, from the ``.meta`` files under ``mutants``."""
    results: dict[str, str] = {}
    for meta in sorted(mutants.rglob("*.py.meta")):
        for name, code in json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"].items():
            results[name] = STATUS.get(code, "suspicious")
    return results


def read_equivalents(path: Path) -> dict[str, str]:
    """The explained mutants: ``name  reason`` a line; ``#`` starts a comment line."""
    explained: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            name, _, reason = line.strip().partition(" ")
            if not reason.strip():
                raise ValueError(f"{path}: {name} is listed without a reason")
            explained[name] = reason.strip()
    return explained


def summary(results: dict[str, str], explained: dict[str, str]) -> tuple[list[str], int]:
    """The lines to print and the exit status."""
    counts = collections.Counter(results.values())
    total = len(results)
    killed = counts["killed"]
    equivalent = [name for name in explained if results.get(name) == "survived"]
    stale = [name for name in explained if results.get(name) != "survived"]
    left = sorted(name for name, status in results.items() if status == "survived"
                  and name not in explained)  # fmt: skip
    order = ["killed", "timeout", "survived", "no tests", "not run", "not checked"]
    shown = [f"{status} {counts[status]}" for status in order]
    shown += [f"{status} {n}" for status, n in sorted(counts.items()) if status not in order]
    lines = [f"mutants {total}: " + ", ".join(shown)]
    if total:
        rest = total - len(equivalent)
        lines.append(
            f"score {killed / total:.1%} (killed / all), {killed / max(rest, 1):.1%} without the "
            f"{len(equivalent)} explained equivalents (at least {TARGET:.0%})"
        )
    if counts["not run"]:
        lines.append(
            "not run: the tests of these mutants raised before running (mutmut calls them "
            "timeouts); set debug = true under [tool.mutmut] and run one again to see why "
            "(a test id pytest cannot select, e.g. one with an escaped backslash, is one cause)"
        )
    lines += [f"survived, not explained: {name}" for name in left]
    lines += [f"listed as equivalent but {results.get(name, 'not a mutant')}: {name}"
              for name in stale]  # fmt: skip
    status = 0
    if (
        not total
        or counts["not checked"]
        or counts["not run"]
        or killed < TARGET * (total - len(equivalent))
    ):
        status = 1
    if stale:
        status = 2
    return lines, status


def main(argv: list[str]) -> int:
    """Print the summary of the run under ``mutants/``; the exit status says if it passes."""
    equivalents = Path(argv[0]) if argv else EQUIVALENTS
    mutants = Path(argv[1]) if len(argv) > 1 else ROOT / "mutants"
    lines, status = summary(read_results(mutants), read_equivalents(equivalents))
    print("\n".join(lines))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
