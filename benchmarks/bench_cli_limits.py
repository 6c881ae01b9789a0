"""The command line at 10^4, 10^5 and 10^6 disks: time, peak memory, and what is refused.

Issue 23: ``show``, ``solve --stop`` and ``distance`` must answer within their documented
limits in reasonable time and memory, or refuse at once with an estimate. Each command runs in
a child process (``python -m hanoi_magnet ...``), once per size (the large ones take seconds to
minutes on a shared 2-core machine), and reports its wall time, its peak resident memory (the
child's own ``ru_maxrss``), its exit status and, for a refusal, its message with the estimate.

Baseline, in the same run: the child running ``count classic 1`` (interpreter start and the
package import), so a row's ratio says how many start-ups the command costs.

``HANOI_BENCH_MAX_DISKS`` (default 1,000,000) leaves out the larger sizes; ``HANOI_BENCH_TIMEOUT``
(default 300 s) stops a command that runs longer (reported as such).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZES = (10_000, 100_000, 1_000_000)

#: Linux passes no single argument longer than 128 KiB (MAX_ARG_STRLEN): a position of a
#: million disks cannot be written on a command line at all.
MAX_ARGUMENT = 128 * 1024

#: Runs main(argv) and reports the child's own peak memory on the last line of stderr.
_CHILD = """
import resource, sys
from hanoi_magnet.cli import main
status = main(sys.argv[1:])
sys.stdout.flush()
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(f"@peak {peak}", file=sys.stderr)
raise SystemExit(status)
"""


def run(args: list[str], timeout: float) -> tuple[float, float, int, str]:
    """(seconds, peak MiB, exit status, the first line of stderr) of one child run."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "80"}
    start = time.perf_counter()
    try:
        done = subprocess.run(
            [sys.executable, "-c", _CHILD, *args],
            capture_output=True,
            text=True,
            env=env,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return time.perf_counter() - start, float("nan"), -1, f"stopped after {timeout:.0f} s"
    seconds = time.perf_counter() - start
    lines = done.stderr.splitlines()
    peak = next((int(line.split()[1]) for line in lines if line.startswith("@peak")), 0)
    said = next((line for line in lines if not line.startswith("@peak")), "")
    return seconds, peak / 1024, done.returncode, said


def cases(n: int) -> list[tuple[str, list[str]]]:
    """The commands measured at ``n`` disks."""
    other = "S" * (n - 1) + "I"  # not a tower: no count answers it
    found = [
        (f"show NNN {n:,} --at 5", ["show", "NNN", str(n), "--at", "5"]),
        (f"solve NNN {n:,} --stop 3", ["solve", "NNN", str(n), "--stop", "3"]),
        (f"distance classic {n:,}", ["distance", "classic", str(n)]),
        (f"distance NNN {n:,} (towers)", ["distance", "NNN", str(n)]),
        (f"distance classic:4 {n:,}", ["distance", "classic:4", str(n)]),
        (f"distance classic:5 {n:,}", ["distance", "classic:5", str(n)]),
    ]
    if len(other) < MAX_ARGUMENT:
        found.append(
            (f"distance classic --from S..SI ({n:,})", ["distance", "classic", "--from", other])
        )
    m = min(n, 50_000)  # two characters a disk: 50,000 disks fit in one argument
    magnetic = "S" * (m - 1) + "I/" + "r" * (m - 1) + "b"
    found.append(
        (f"distance NNN --from S..SI/r..b ({m:,})", ["distance", "NNN", "--from", magnetic])
    )
    return found


def main() -> None:
    limit = int(os.environ.get("HANOI_BENCH_MAX_DISKS", str(SIZES[-1])))
    timeout = float(os.environ.get("HANOI_BENCH_TIMEOUT", "300"))
    base, base_peak, _, _ = run(["count", "classic", "1"], timeout)
    print(f"baseline (count classic 1): {base:.2f} s, {base_peak:.0f} MiB peak\n")
    header = f"{'command':<44} {'time':>9} {'x base':>7} {'peak MiB':>9} {'status':>6}  says"
    print(header)
    print("-" * len(header))
    for n in SIZES:
        if n > limit:
            continue
        for name, args in cases(n):
            seconds, peak, status, said = run(args, timeout)
            said = said if status else ""
            print(
                f"{name:<44} {seconds:>8.2f}s {seconds / base:>7.1f} {peak:>9.0f} {status:>6}  "
                f"{said[:160]}"
            )
