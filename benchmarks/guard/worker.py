"""A subprocess that runs rows against one tree's ``hanoi_magnet`` (the guard's worker).

    python -I worker.py TREE ROWS_FILE

ROWS_FILE defines ``ROWS``, objects with a ``name`` and a ``setup(hm)`` that returns the
callable to time (``rows.py``'s :class:`Row`).

``-I`` keeps the environment and the current directory off ``sys.path``; the worker puts TREE
first, imports ``hanoi_magnet`` and checks it came from TREE (else it stops: a comparison of
one package with itself proves nothing). The rows are loaded from ROWS_FILE by path under a
private module name, so the old tree's own ``benchmarks`` package can never stand in for
them. It answers one JSON line per request read from stdin:

* ``{"op": "setup", "row": NAME}``: build the row's data and run it once (untimed);
* ``{"op": "calibrate", "row": NAME, "target": S}``: the number of calls a sample needs to
  last about S seconds (doubling from 1);
* ``{"op": "sample", "row": NAME, "number": K}``: seconds per call over K calls;
* ``{"op": "drop", "row": NAME}``, ``{"op": "quit"}``.

Errors come back as ``{"error": "Type: message"}``. Garbage collection is paused while a
sample runs (collected before), as in ``benchmarks/_harness.py``. Anything the rows print
goes to stderr: stdout carries the answers only.
"""

from __future__ import annotations

import gc
import importlib.util
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


def load_rows(path: str) -> Any:
    """The rows module from its file, under a name no tree can shadow."""
    spec = importlib.util.spec_from_file_location("_hanoi_guard_rows", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (dataclasses look their module up)
    spec.loader.exec_module(module)
    return module


def sample(func: Callable[[], object], number: int) -> float:
    """Seconds per call, over ``number`` calls, garbage collection paused."""
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        for _ in range(number):
            func()
        return (time.perf_counter() - start) / number
    finally:
        gc.enable()


def calibrate(func: Callable[[], object], target: float) -> int:
    """How many calls make a sample of at least ``target`` seconds (doubling)."""
    number = 1
    while True:
        per_call = sample(func, number)
        if per_call * number >= target or number >= 1 << 24:
            return number
        # jump close to the target, then double if still short
        number = max(number * 2, min(1 << 24, int(target / max(per_call, 1e-9) * 1.1)))


def error_text(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"[:500]


def serve(tree: str, rows_file: str) -> int:
    answer = os.fdopen(os.dup(1), "w", buffering=1)
    sys.stdout = sys.stderr  # whatever the rows print stays out of the answers
    sys.path.insert(0, tree)
    try:
        import hanoi_magnet as hm  # noqa: PLC0415
    except BaseException as error:  # (reported to the controller)
        answer.write(json.dumps({"error": f"import failed: {error_text(error)}"}) + "\n")
        return 1
    where = Path(hm.__file__).resolve()
    if Path(tree).resolve() not in where.parents:
        answer.write(json.dumps({"error": f"hanoi_magnet came from {where}, not {tree}"}) + "\n")
        return 1
    module = load_rows(rows_file)
    answer.write(json.dumps({"ready": str(where), "version": getattr(hm, "__version__", "?")}))
    answer.write("\n")
    made: dict[str, Callable[[], object]] = {}
    for line in sys.stdin:
        request = json.loads(line)
        op = request["op"]
        if op == "quit":
            break
        name = request.get("row", "")
        try:
            if op == "setup":
                (row,) = (r for r in module.ROWS if r.name == name)
                func = row.setup(hm)
                func()
                made[name] = func
                reply: dict[str, Any] = {"ok": True}
            elif op == "calibrate":
                reply = {"number": calibrate(made[name], float(request["target"]))}
            elif op == "sample":
                reply = {"seconds": sample(made[name], int(request["number"]))}
            elif op == "drop":
                made.pop(name, None)
                gc.collect()
                reply = {"ok": True}
            else:
                reply = {"error": f"unknown request {op!r}"}
        except Exception as error:  # (a row failing on one tree is "n/a")
            made.pop(name, None)
            reply = {"error": error_text(error)}
        answer.write(json.dumps(reply) + "\n")
    return 0


def fresh_program(tree: str, code: str) -> str:
    """A program for ``python -I -c``: import the tree's package, run ``code``, print times.

    It prints the seconds of the import and of ``code`` after it, and where the package came
    from (checked by the caller).
    """
    return (
        "import sys, time\n"
        f"sys.path.insert(0, {tree!r})\n"
        "t0 = time.perf_counter()\n"
        "import hanoi_magnet as hm\n"
        "t1 = time.perf_counter()\n"
        f"{code}\n"
        "t2 = time.perf_counter()\n"
        "print(repr(hm.__file__), t1 - t0, t2 - t1)\n"
    )


if __name__ == "__main__":
    raise SystemExit(serve(sys.argv[1], sys.argv[2]))
