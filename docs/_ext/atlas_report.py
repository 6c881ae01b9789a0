"""The Atlas page from ``docs/tables/atlas/*.json``: tables, recurrences and two kinds of chart.

The JSON files are what ``python benchmarks/atlas.py`` writes (one per family, one row per n:
the invariants of :func:`hanoi_magnet.search.invariants`, long lists in bins). This module
reads them back (it never runs a search), finds the recurrences with
:func:`hanoi_magnet.theory.find_recurrence` and draws the charts as plain SVG (standard
library only).
"""

from __future__ import annotations

import json
import math
from fractions import Fraction
from html import escape
from pathlib import Path
from typing import Any

from hanoi_magnet import NoRecurrenceError
from hanoi_magnet.theory import count, find_recurrence

ATLAS = Path(__file__).resolve().parents[1] / "tables" / "atlas"
FACELESS = ("classic", "linear", "cyclic", "cyclic+1", "cyclic+2")
#: the scalar sequences of a family, with the words the page uses for them
SEQUENCES = {
    "positions": "positions",
    "moves": "moves",
    "diameter": "diameter",
    "radius": "radius",
    "centre_size": "centre",
    "start_eccentricity": "eccentricity of the start",
    "wiener_index": "Wiener index",
    "antipodal_pairs": "antipodal pairs",
    "several_shortest_paths": "pairs with several shortest paths",
}
COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf"]


def load() -> dict[str, list[dict[str, Any]]]:
    """Every family's rows, in order of n (faceless families first, then SID order)."""
    found = {}
    for path in ATLAS.glob("*.json"):
        document = json.loads(path.read_text(encoding="utf-8"))
        found[document["family"]] = sorted(document["rows"], key=lambda row: row["disks"])
    magnetic = sorted(label for label in found if label not in FACELESS)
    return {label: found[label] for label in (*FACELESS, *magnetic) if label in found}


def long_terms(family: str, name: str, rows: list[dict[str, Any]]) -> list[int]:
    """The longest run of a sequence's terms: ``atlas-long.json``'s where it has more.

    The positions and the start's eccentricity need one search each, so ``benchmarks/atlas.py
    --long`` takes them further than the rest; its terms must agree with the rows'.
    """
    terms = [row[name] for row in rows]
    path = ATLAS.parent / "atlas-long.json"
    if name not in ("positions", "start_eccentricity") or not path.exists():
        return terms
    found = json.loads(path.read_text(encoding="utf-8")).get(family, {}).get(name, [])
    if found[: len(terms)] != terms[: len(found)]:
        raise ValueError(f"{family}: atlas-long.json's {name} disagree with the table's")
    return found if len(found) > len(terms) else terms


def command(family: str) -> str:
    path = ATLAS / f"{family}.json"
    return str(json.loads(path.read_text(encoding="utf-8"))["command"])


def optimum(family: str, n: int) -> int:
    """The optimal number of moves of the family's puzzle (its tower to its goal tower)."""
    return count(family, n)


def mean(row: dict[str, Any]) -> Fraction:
    return Fraction(row["mean_distance"])


def groups(atlas: dict[str, list[dict[str, Any]]]) -> list[list[str]]:
    """The colourings whose sequences are all equal, as far as both were computed."""
    found: dict[tuple[Any, ...], list[str]] = {}
    for family, rows in atlas.items():
        if family in FACELESS:
            continue
        key = tuple(tuple(row[name] for name in SEQUENCES) for row in rows)
        found.setdefault(key, []).append(family)
    return sorted(found.values(), key=lambda labels: labels[0])


def table(rows: list[dict[str, Any]], family: str) -> list[str]:
    """A list-table of a family's rows: every invariant, the mean distance in decimals."""
    head = [
        "n",
        "positions",
        "moves",
        "diameter",
        "radius (centre)",
        "start",
        "Wiener index",
        "mean distance",
        "mean / optimum",
        "antipodal pairs",
        "several paths",
    ]
    out = [".. list-table::", "   :header-rows: 1", ""]
    out.append("   * - " + "\n     - ".join(head))
    for row in rows:
        n = row["disks"]
        cells = [
            str(n),
            f"{row['positions']:,}",
            f"{row['moves']:,}",
            f"{row['diameter']:,}",
            f"{row['radius']:,} ({row['centre_size']:,})",
            f"{row['start_eccentricity']:,}",
            f"{row['wiener_index']:,}",
            f"{float(mean(row)):,.4f}",
            f"{float(mean(row)) / optimum(family, n):.4f}",
            f"{row['antipodal_pairs']:,}",
            f"{row['several_shortest_paths']:,}",
        ]
        out.append("   * - " + "\n     - ".join(cells))
    return [*out, ""]


def recurrence(terms: list[int]) -> dict[str, Any]:
    """The recurrence found from the terms (n = 1, 2, ...), or why none."""
    try:
        found = find_recurrence(terms, offset=1, checks=1)
    except NoRecurrenceError:
        return {"found": None, "longest": (len(terms) - 1) // 2}
    return {"found": found}


def line_chart(
    series: dict[str, list[tuple[float, float]]],
    *,
    title: str,
    x_name: str,
    y_name: str,
    width: int = 720,
    height: int = 380,
    markers: bool = True,
) -> str:
    """Lines on linear axes, one per series of (x, y) points, labelled in a legend."""
    left, right, top, bottom = 70, 190, 34, 50
    xs = [x for points in series.values() for x, _ in points]
    ys = [y for points in series.values() for _, y in points]
    x_low, x_high = min(xs), max(xs)
    y_low, y_high = 0.0, max(ys) * 1.05 or 1.0
    if x_high == x_low:
        x_high = x_low + 1

    def point(x: float, y: float) -> tuple[float, float]:
        px = left + (width - left - right) * (x - x_low) / (x_high - x_low)
        py = top + (height - top - bottom) * (y_high - y) / (y_high - y_low)
        return px, py

    size = f'width="{width}" height="{height}" viewBox="0 0 {width} {height}"'
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" {size} font-family="sans-serif" font-size="12">',
        f"<title>{escape(title)}</title>",
        '<rect width="100%" height="100%" fill="#ffffff"/>',
        f'<text x="{left}" y="18" font-size="14" font-weight="bold">{escape(title)}</text>',
    ]
    step = _nice_step(y_high / 5)
    tick = 0.0
    while tick <= y_high:
        _, gy = point(x_low, tick)
        out.append(
            f'<line x1="{left}" y1="{gy:.1f}" x2="{width - right}" y2="{gy:.1f}" stroke="#e0e0e0"/>'
        )
        out.append(
            f'<text x="{left - 6}" y="{gy + 4:.1f}" text-anchor="end" fill="#555">{tick:g}</text>'
        )
        tick = round(tick + step, 10)
    x_step = _nice_step((x_high - x_low) / 8)
    tick = math.ceil(x_low / x_step) * x_step
    while tick <= x_high + 1e-9:
        gx, _ = point(tick, y_low)
        out.append(
            f'<text x="{gx:.1f}" y="{height - bottom + 18}" text-anchor="middle" fill="#555">'
            f"{tick:g}</text>"
        )
        tick = round(tick + x_step, 10)
    out.append(
        f'<text x="{(left + width - right) / 2}" y="{height - 10}" text-anchor="middle">'
        f"{escape(x_name)}</text>"
    )
    middle = (top + height - bottom) / 2
    out.append(
        f'<text x="14" y="{middle}" text-anchor="middle" transform="rotate(-90 14 {middle})">'
        f"{escape(y_name)}</text>"
    )
    for index, (name, points) in enumerate(series.items()):
        color = COLORS[index % len(COLORS)]
        placed = [point(x, y) for x, y in points]
        path = " ".join(f"{px:.1f},{py:.1f}" for px, py in placed)
        out.append(f'<polyline points="{path}" fill="none" stroke="{color}" stroke-width="2"/>')
        if markers:
            out.extend(
                f'<circle cx="{px:.1f}" cy="{py:.1f}" r="3" fill="{color}"/>' for px, py in placed
            )
        ly = top + 14 + 18 * index
        out.append(
            f'<line x1="{width - right + 12}" y1="{ly - 4}" x2="{width - right + 32}" '
            f'y2="{ly - 4}" stroke="{color}" stroke-width="3"/>'
        )
        out.append(f'<text x="{width - right + 38}" y="{ly}">{escape(name)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _nice_step(raw: float) -> float:
    if raw <= 0:
        return 1.0
    power = 10 ** math.floor(math.log10(raw))
    return next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)


def distribution(row: dict[str, Any], points: int = 100) -> list[tuple[float, float]]:
    """The distance distribution as (distance / diameter, share of the pairs per unit of it).

    At most ``points`` points, one per bin of distances (at its middle; the classic graph's
    counts swing from one distance to the next, which a chart at this size cannot show); the
    share is scaled by the bin's width so that every curve encloses an area of 1.
    """
    binned = row["distribution"]
    if isinstance(binned, list):  # a row written before the bins: every value, from 0
        binned = {"first": 1, "width": 1, "counts": binned[1:]}
    first, width, counts = binned["first"], binned["width"], binned["counts"]
    merge = -(-len(counts) // points)
    counts = [sum(counts[i : i + merge]) for i in range(0, len(counts), merge)]
    width *= merge
    pairs, diameter = row["pairs"], row["diameter"]
    points = []
    for i, value in enumerate(counts):
        low = first + i * width
        high = min(low + width - 1, diameter)
        middle = (low + high) / 2
        points.append((middle / diameter, value / pairs / (high - low + 1) * diameter))
    return points
