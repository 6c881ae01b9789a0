"""Run every benchmark (or those whose file name contains an argument) and print the tables.

python benchmarks/run.py              # all
python benchmarks/run.py unrank       # bench_unrank.py only
"""

from __future__ import annotations

import importlib
import platform
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))


def main(argv: list[str]) -> int:
    names = sorted(path.stem for path in HERE.glob("bench_*.py"))
    chosen = [name for name in names if not argv or any(arg in name for arg in argv)]
    if not chosen:
        print(f"no benchmark matches {argv}; available: {', '.join(names)}", file=sys.stderr)
        return 2
    print(f"Python {platform.python_version()} on {platform.machine()}, {platform.system()}")
    for name in chosen:
        print(f"\n## {name}\n")
        importlib.import_module(f"benchmarks.{name}").main()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
