"""The Performance page from ``benchmarks/results.txt``: its tables as tables, and two charts.

``results.txt`` is what ``python benchmarks/run.py`` prints: a first line naming Python and the
machine, then one ``## bench_NAME`` section per benchmark file, each a few lines of text and
reStructuredText simple tables. This module reads that text back (it never runs a benchmark)
and draws the charts as plain SVG (standard library only).
"""

from __future__ import annotations

import math
import re
from html import escape
from pathlib import Path

import attrs

RESULTS = Path(__file__).resolve().parents[2] / "benchmarks" / "results.txt"

TITLES = {
    "bench_counting": "Counting",
    "bench_exhaustive": "Exhaustive search (see the Exhaustive search page)",
    "bench_iteration": "Iterating over the moves",
    "bench_search": "Search and state graphs",
    "bench_unrank": "unrank: the position at any index",
    "bench_validation": "Validation",
    "bench_cold_start": "A fresh variant at one call",
}


@attrs.frozen
class Table:
    """One simple table of the results: its caption (the text line above it), header and rows."""

    caption: str
    header: list[str]
    rows: list[list[str]]

    def column(self, name: str) -> list[str]:
        index = self.header.index(name)
        return [row[index] for row in self.rows]


@attrs.frozen
class Section:
    """One benchmark file's results: its name, its text lines and its tables, in order."""

    name: str
    parts: list[str | Table]


def _spans(rule: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in re.finditer(r"=+", rule)]


def _cells(line: str, spans: list[tuple[int, int]]) -> list[str]:
    cells = []
    for index, (start, end) in enumerate(spans):
        stop = spans[index + 1][0] if index + 1 < len(spans) else len(line)
        cells.append(line[start : max(end, stop)].strip())
    return cells


def read(text: str) -> tuple[str, list[Section]]:
    """The machine line and the sections of a results file."""
    lines = text.splitlines()
    machine = lines[0].strip()
    sections: list[Section] = []
    index = 1
    caption = ""
    while index < len(lines):
        line = lines[index].rstrip()
        if line.startswith("## "):
            sections.append(Section(line[3:].strip(), []))
        elif re.fullmatch(r"=+( +=+)*", line.strip()) and line.startswith("="):
            spans = _spans(line)
            header = _cells(lines[index + 1], spans)
            rows = []
            index += 3  # header, rule
            while not lines[index].startswith("="):
                rows.append(_cells(lines[index], spans))
                index += 1
            if sections[-1].parts and sections[-1].parts[-1] == caption:
                sections[-1].parts.pop()
            sections[-1].parts.append(Table(caption, header, rows))
        elif line.strip():
            caption = line.strip()
            sections[-1].parts.append(caption)
        index += 1
    return machine, sections


def rst_table(table: Table) -> list[str]:
    """A ``list-table`` directive for one table (numbers right-aligned by the CSS of tables)."""
    out = [f".. list-table:: {table.caption}", "   :header-rows: 1", ""]
    for row in [table.header, *table.rows]:
        out.append(f"   * - {row[0] or ' '}")
        out.extend(f"     - {cell if cell not in ('', '-') else '—'}" for cell in row[1:])
    return [*out, ""]


def _number(text: str) -> float | None:
    match = re.fullmatch(r"([\d,]*\.?\d+)\s*(x|ms|s|us)?", text.strip())
    return float(match[1].replace(",", "")) if match else None


def speedups(sections: list[Section]) -> list[tuple[str, float]]:
    """(what, how many times faster than its baseline) for every comparison with a baseline."""
    wanted = {  # table column holding "baseline / library" → how to name the row
        "bench_counting": ("ratio", "count vs the naive recurrence, {0}"),
        "bench_iteration": ("vs naive", "iterate vs a recursive generator, {0}"),
        "bench_search": ("ratio", "{0} vs the object search"),
    }
    found: list[tuple[str, float]] = []
    for section in sections:
        if section.name not in wanted:
            continue
        column, template = wanted[section.name]
        for part in section.parts:
            if not isinstance(part, Table) or column not in part.header:
                continue
            for row, value in zip(part.rows, part.column(column), strict=True):
                number = _number(value)
                if number is not None:
                    found.append((template.format(row[0]), number))
            if section.name == "bench_counting":
                break  # the matrix-power column is a second baseline of the same rows
    return found


def _opening(width: int, height: int, left: int, title: str) -> list[str]:
    """The start of a chart: the SVG element, its title, a white ground, the heading."""
    size = f'width="{width}" height="{height}" viewBox="0 0 {width} {height}"'
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" {size} font-family="sans-serif" font-size="13">',
        f"<title>{escape(title)}</title>",
        '<rect width="100%" height="100%" fill="#ffffff"/>',
        f'<text x="{left}" y="18" font-size="14" font-weight="bold">{escape(title)}</text>',
    ]


def bar_chart(items: list[tuple[str, float]], *, title: str, width: int = 720) -> str:
    """Horizontal bars on a logarithmic axis, one per (label, value)."""
    left, bar, gap, top = 300, 16, 8, 34
    height = top + len(items) * (bar + gap) + 30
    largest = max(value for _, value in items)
    decades = max(1, math.ceil(math.log10(largest)))
    span = width - left - 60

    def x(value: float) -> float:
        return left + span * math.log10(max(value, 1.0)) / decades

    out = _opening(width, height, left, title)
    for power in range(decades + 1):
        gx = x(10**power)
        out.append(
            f'<line x1="{gx:.1f}" y1="{top - 6}" x2="{gx:.1f}" y2="{height - 24}" '
            'stroke="#e0e0e0"/>'
        )
        out.append(
            f'<text x="{gx:.1f}" y="{height - 8}" text-anchor="middle" fill="#555">'
            f"{10**power:,}×</text>"
        )
    for index, (label, value) in enumerate(items):
        y = top + index * (bar + gap)
        out.append(
            f'<text x="{left - 8}" y="{y + bar - 4}" text-anchor="end">{escape(label)}</text>'
        )
        out.append(
            f'<rect x="{left}" y="{y}" width="{x(value) - left:.1f}" height="{bar}" '
            'fill="#1f77b4"/>'
        )
        out.append(f'<text x="{x(value) + 4:.1f}" y="{y + bar - 4}">{value:,.0f}×</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def line_chart(
    xs: list[float], series: dict[str, list[float]], *, title: str, x_name: str, y_name: str
) -> str:
    """Lines on logarithmic axes, one per series, sharing the x values."""
    width, height, left, right, top, bottom = 720, 360, 70, 170, 34, 50
    values = [v for line in series.values() for v in line]
    x_low, x_high = math.log10(min(xs)), math.log10(max(xs))
    y_low, y_high = math.floor(math.log10(min(values))), math.ceil(math.log10(max(values)))
    colors = ["#1f77b4", "#d62728", "#2ca02c"]

    def point(xv: float, yv: float) -> tuple[float, float]:
        px = left + (width - left - right) * (math.log10(xv) - x_low) / (x_high - x_low)
        py = top + (height - top - bottom) * (y_high - math.log10(yv)) / (y_high - y_low)
        return px, py

    out = _opening(width, height, left, title)
    for power in range(y_low, y_high + 1):
        _, gy = point(xs[0], 10.0**power)
        out.append(
            f'<line x1="{left}" y1="{gy:.1f}" x2="{width - right}" y2="{gy:.1f}" stroke="#e0e0e0"/>'
        )
        out.append(
            f'<text x="{left - 6}" y="{gy + 4:.1f}" text-anchor="end" fill="#555">'
            f"{10.0**power:g}</text>"
        )
    for xv in xs:
        gx, _ = point(xv, 10.0**y_low)
        out.append(
            f'<text x="{gx:.1f}" y="{height - bottom + 18}" text-anchor="middle" fill="#555">'
            f"{xv:,.0f}</text>"
        )
    out.append(
        f'<text x="{(left + width - right) / 2}" y="{height - 10}" text-anchor="middle">'
        f"{escape(x_name)}</text>"
    )
    out.append(
        f'<text x="14" y="{(top + height - bottom) / 2}" text-anchor="middle" '
        f'transform="rotate(-90 14 {(top + height - bottom) / 2})">{escape(y_name)}</text>'
    )
    for index, (name, line) in enumerate(series.items()):
        color = colors[index % len(colors)]
        points = " ".join(f"{px:.1f},{py:.1f}" for px, py in map(point, xs, line))
        out.append(f'<polyline points="{points}" fill="none" stroke="{color}" stroke-width="2.5"/>')
        for px, py in map(point, xs, line):
            out.append(f'<circle cx="{px:.1f}" cy="{py:.1f}" r="3.5" fill="{color}"/>')
        last_x, last_y = point(xs[-1], line[-1])
        out.append(
            f'<text x="{last_x + 8:.1f}" y="{last_y + 4:.1f}" fill="{color}">{escape(name)}</text>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def unrank_chart(sections: list[Section]) -> str | None:
    """unrank's time per call against n, beside the big-integer arithmetic floor."""
    for section in sections:
        for part in section.parts:
            if isinstance(part, Table) and {"n", "ms per call", "floor ms"} <= set(part.header):
                columns = [
                    [_number(value) for value in part.column(name)]
                    for name in ("n", "ms per call", "floor ms")
                ]
                if any(value is None for column in columns for value in column):
                    return None
                xs, ours, floor = ([float(value or 0) for value in c] for c in columns)
                return line_chart(
                    xs,
                    {"unrank": ours, "arithmetic floor": floor},
                    title="NNN unrank at k = length // 3: time per call",
                    x_name="disks n",
                    y_name="milliseconds",
                )
    return None
