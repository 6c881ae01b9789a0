"""How positions and solutions show themselves in Jupyter (installed by :mod:`hanoi_magnet.draw`).

The model and the solution know nothing of pictures: they ask for a renderer by name, and this
module provides them when the drawing layer is imported (``import hanoi_magnet`` does).
"""

from __future__ import annotations

from html import escape
from typing import Any

from hanoi_magnet.draw._positions import render_svg
from hanoi_magnet.model import _DISPLAY, State
from hanoi_magnet.rules import MagneticRules
from hanoi_magnet.solution import Solution

#: Solutions with more disks than this are summarised without pictures.
PICTURE_DISKS = 64


def state_svg(state: State) -> str:
    """The picture of a position (posts neutral: a bare state knows no post colours)."""
    return render_svg(state)


def solution_html(solution: Solution) -> str:
    """A short summary of a solution: the puzzle, the length, the start and goal drawn."""
    variant = solution.variant
    length = solution.length
    shown = f"{length:,}" if length < 10**40 else f"about 10^{int(length.bit_length() * 0.30103)}"
    rows = [
        ("puzzle", f"{escape(variant.label)}: {escape(variant.description)}"),
        ("disks", f"{solution.n:,}"),
        ("moves", shown),
    ]
    table = "".join(f"<tr><th>{key}</th><td>{value}</td></tr>" for key, value in rows)
    pictures = ""
    if solution.n <= PICTURE_DISKS:
        colors: Any = variant.rules.label if isinstance(variant.rules, MagneticRules) else None
        start = _inline(render_svg(solution.start, post_colors=colors, title="start"))
        goal = _inline(render_svg(solution.goal, post_colors=colors, title="goal"))
        pictures = f'<div style="display:flex;gap:1em">{start}{goal}</div>'
    return f"<div><table>{table}</table>{pictures}</div>"


def _inline(svg: str) -> str:
    """An SVG document as an element of a page (no XML declaration)."""
    return svg.split("?>", 1)[1].lstrip() if svg.startswith("<?xml") else svg


def install() -> None:
    """Register the renderers with the model."""
    _DISPLAY["state_svg"] = state_svg
    _DISPLAY["solution_html"] = solution_html
