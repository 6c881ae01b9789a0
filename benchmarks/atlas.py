"""The atlas: exact whole-graph invariants of every three-post puzzle, written as JSON.

    python benchmarks/atlas.py [FAMILY ...] [--faceless N] [--magnetic N] [--out DIR]
    python benchmarks/atlas.py [FAMILY ...] --long N

For every set of directions on three pegs that lets a tower move for every n (Sapir's five
strongly connected digraphs, up to relabelling: ``classic``, ``linear``, ``cyclic``, and
``cyclic+1``, ``cyclic+2``) and every solvable magnetic colouring (the 24 SID labels with a
solution), runs :func:`hanoi_magnet.search.invariants` for n = 1, 2, ... up to ``--faceless``
(default 12) or ``--magnetic`` (default 10) disks, from the variant's start tower, and writes
``DIR/FAMILY.json`` (default ``docs/tables/atlas``) after every n: the command, and per n the
invariants (:meth:`GraphInvariants.to_json`) with the CPU seconds they took, the distance
distribution and the eccentricity counts in at most 2,048 bins (:func:`compact`; every value
while they are no longer). Rows already in the file are kept (delete the file to recompute).
Families are named on the command line, or all of them. Needs numba for the sizes above (the
compiled kernel); prints one line per row. ``--long N`` adds instead the two sequences one
search from the start gives, the positions it reaches and its eccentricity, up to N disks
(``atlas-long.json`` beside the directory).
Not part of ``run.py``: the whole atlas takes hours on two cores.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import hanoi_magnet as hm
from hanoi_magnet.search import GraphInvariants, explore, invariants
from hanoi_magnet.variants import SID_LABELS

ATLAS = Path(__file__).resolve().parent.parent / "docs" / "tables" / "atlas"
FORMAT = "hanoi-magnet atlas"
#: distributions and eccentricity counts longer than this are kept in this many bins
FULL = 2048
#: Sapir's strongly connected digraphs on three pegs, one per class up to relabelling
FACELESS = ("classic", "linear", "cyclic", "cyclic+1", "cyclic+2")


def families() -> list[str]:
    """Every family of the atlas: the faceless ones, then the solvable colourings."""
    solvable = [label for label in SID_LABELS if hm.default_registry.get(label).solvable]
    return [*FACELESS, *solvable]


def start_of(label: str, n: int) -> tuple[hm.Rules, hm.State]:
    """The rules of a family and its start tower of ``n`` disks."""
    variant = hm.default_registry.variant(label)
    start = hm.State.tower(n, variant.source, posts=variant.posts, face=variant.start_face)
    return variant.rules, start


def compact(row: dict[str, Any]) -> dict[str, Any]:
    """A row whose long lists are kept in :data:`FULL` bins, the rest exact.

    ``distribution`` (pairs at distance d = 1, 2, ...; the positions are ``positions``) and
    ``eccentricities`` (positions with eccentricity ``radius``, ``radius + 1``, ...) become
    ``{"first": f, "width": w, "counts": [...]}``: ``counts[i]`` adds up the values from
    ``f + i w`` to ``f + (i + 1) w - 1``; ``width`` 1 keeps every value.
    """
    if not isinstance(row.get("distribution"), list):
        return row  # compact already
    row = dict(row)
    row["distribution"] = _binned(row["distribution"][1:], 1)
    radius = row["radius"]
    row["eccentricities"] = _binned(row["eccentricities"][radius:], radius)
    return row


def _binned(values: list[int], first: int) -> dict[str, Any]:
    width = -(-len(values) // FULL) if len(values) > FULL else 1
    counts = [sum(values[i : i + width]) for i in range(0, len(values), width)]
    return {"first": first, "width": width, "counts": counts}


def run(label: str, largest: int, out: Path) -> None:
    path = out / f"{label}.json"
    document = (
        json.loads(path.read_text(encoding="utf-8"))
        if path.exists()
        else {"format": FORMAT, "version": 1, "family": label, "rows": []}
    )
    rows = {row["disks"]: compact(row) for row in document["rows"]}
    document["rows"] = [rows[k] for k in sorted(rows)]
    path.write_text(json.dumps(document) + "\n", encoding="utf-8")  # compacted
    for n in range(1, largest + 1):
        if n in rows:
            continue
        rules, start = start_of(label, n)
        started = time.process_time()
        found = invariants(rules, n, start=start, max_pairs=10**13, progress=None)
        row = found.to_json() | {"cpu_seconds": round(time.process_time() - started, 2)}
        assert GraphInvariants.from_json(row) == found
        rows[n] = compact(row)
        document["rows"] = [rows[k] for k in sorted(rows)]
        document["command"] = f"python benchmarks/atlas.py {label} --to {max(rows)}"
        path.write_text(json.dumps(document) + "\n", encoding="utf-8")
        print(
            f"{label} n={n}: {found.positions:,} positions, diameter {found.diameter}, "
            f"Wiener index {found.wiener_index:,}, {found.searches:,} searches, "
            f"{row['cpu_seconds']:,.1f} CPU s",
            flush=True,
        )


def extend(label: str, largest: int, path: Path) -> None:
    """The sequences one search from the start gives, to ``largest`` disks, kept in ``path``.

    The positions the start reaches and its eccentricity need one complete search, not one
    from every position, so they go further than the rest (more terms to find their
    recurrences from). One file for every family (``{family: {"disks": [...], ...}}``); rows
    already in it are kept.
    """
    document = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    long = document.setdefault(label, {"disks": [], "positions": [], "start_eccentricity": []})
    for n in range(len(long["disks"]) + 1, largest + 1):
        rules, start = start_of(label, n)
        started = time.process_time()
        found = explore(rules, start)
        long["disks"].append(n)
        long["positions"].append(found.reachable)
        long["start_eccentricity"].append(found.eccentricity)
        long["command"] = f"python benchmarks/atlas.py {label} --long {n}"
        path.write_text(json.dumps(document) + "\n", encoding="utf-8")
        print(
            f"{label} n={n}: {found.reachable:,} positions, eccentricity {found.eccentricity:,} "
            f"({time.process_time() - started:,.1f} CPU s)",
            flush=True,
        )


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("families", nargs="*", metavar="FAMILY")
    parser.add_argument("--faceless", type=int, default=12)
    parser.add_argument("--magnetic", type=int, default=10)
    parser.add_argument("--to", type=int, help="the largest n for the families named")
    parser.add_argument("--out", type=Path, default=ATLAS)
    parser.add_argument(
        "--long",
        type=int,
        metavar="N",
        help="instead: the positions and the start's eccentricity (one search each) to N disks",
    )
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for label in args.families or families():
        if label not in families():
            parser.error(f"{label} is not a family of the atlas: {', '.join(families())}")
        if args.long is not None:
            extend(label, args.long, args.out.parent / "atlas-long.json")
            continue
        largest = args.faceless if label in FACELESS else args.magnetic
        run(label, args.to or largest, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
