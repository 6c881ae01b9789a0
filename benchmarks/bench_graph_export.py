"""The state graph as SVG against the same graph as Graphviz DOT, in the same process.

Both exports write one line per position and one per move, so SVG should cost a small constant
times DOT at every size (0.1.0's SVG export recomputed the picture's bounds for every point:
quadratic, 310 s for classic 10 against 1.5 s for DOT). The claim: SVG within 3x DOT for
classic 10 (59,049 positions), and the time per position flat as the graph grows 9-fold.

The small graphs (up to 300 positions) are labelled, each label placed clear of the nodes, the
path and the other labels, or left out when they cannot all be: that search costs more per
position than a line of text (classic 5 tries and gives up; classic:4 3 places 64 labels).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._harness import measure, table
from hanoi_magnet.draw import graph_dot, graph_svg
from hanoi_magnet.search import state_graph
from hanoi_magnet.variants import Variant


def main() -> None:
    rows = []
    for label, n, repeat in [
        ("classic:4", 3, 20),
        ("classic", 5, 20),
        ("classic", 8, 5),
        ("classic", 9, 3),
        ("classic", 10, 3),
        ("NNN", 8, 3),
    ]:
        nodes = len(state_graph(Variant.from_label(label).rules, n))
        dot = measure(
            f"dot {label} {n}", lambda label=label, n=n: graph_dot(label, n), repeat=repeat
        )
        svg = measure(
            f"svg {label} {n}", lambda label=label, n=n: graph_svg(label, n), repeat=repeat
        )
        rows.append(
            [
                f"{label} {n}",
                f"{nodes:,}",
                _seconds(dot.median),
                _seconds(svg.median),
                f"{svg.per(nodes) * 1e6:.1f} us",
                f"{svg.median / dot.median:.2f}x",
            ]
        )
    print(
        table(
            "graph export: medians; ratio = SVG / DOT (same process; claim: <= 3x unlabelled)",
            rows,
            ["puzzle", "positions", "DOT", "SVG", "SVG per position", "ratio"],
        )
    )


def _seconds(value: float) -> str:
    """A time in seconds, or in milliseconds below one second (small graphs take a few)."""
    return f"{value:.2f} s" if value >= 1 else f"{value * 1e3:.1f} ms"


if __name__ == "__main__":
    main()
