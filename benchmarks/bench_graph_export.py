"""The state graph as SVG against the same graph as Graphviz DOT, in the same process.

Both exports write one line per position and one per move, so SVG should cost a small constant
times DOT at every size (0.1.0's SVG export recomputed the picture's bounds for every point:
quadratic, 310 s for classic 10 against 1.5 s for DOT). The claim: SVG within 3x DOT for
classic 10 (59,049 positions), and the time per position flat as the graph grows 9-fold.
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
                f"{dot.median:.2f} s",
                f"{svg.median:.2f} s",
                f"{svg.per(nodes) * 1e6:.1f} us",
                f"{svg.median / dot.median:.2f}x",
            ]
        )
    print(
        table(
            "graph export: medians; ratio = SVG / DOT (same process; claim: <= 3x)",
            rows,
            ["puzzle", "positions", "DOT", "SVG", "SVG per position", "ratio"],
        )
    )


if __name__ == "__main__":
    main()
