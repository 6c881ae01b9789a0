"""SVG drawing primitives behind :mod:`hanoi_magnet.draw` (private: the public functions are there).

A picture is a row of panels, one position each; a panel is the posts side by side with their
disks. Everything is plain text assembled from escaped pieces, so the output is well-formed XML.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import attrs

from hanoi_magnet.errors import InvalidArgumentError
from hanoi_magnet.model import Color, State, post_name

_FILL = {Color.RED: "#d62728", Color.BLUE: "#1f77b4"}
_CLASSIC_FILL = "#c9a46b"  # a classic disk: neutral wood
_NEUTRAL_POST = "#7f7f7f"
_ROD = "#b8b8b8"
_INK = "#222222"
_WORDS = {Color.RED: "red", Color.BLUE: "blue"}


def _num(value: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _attrs(**values: str | float) -> str:
    parts = []
    for key, value in values.items():
        text = _num(value) if isinstance(value, (int, float)) else value
        parts.append(f'{key.rstrip("_").replace("_", "-")}="{escape(text, quote=True)}"')
    return " ".join(parts)


@attrs.frozen
class Layout:
    """The sizes shared by every panel of one picture (so disks keep their width across panels)."""

    disks: int
    posts: int
    column_width: float
    captions: bool

    @classmethod
    def for_states(cls, states: Sequence[State], column_width: float, *, captions: bool) -> Layout:
        """The layout for positions that all have the same disks and posts."""
        if isinstance(column_width, bool) or not isinstance(column_width, (int, float)):
            raise InvalidArgumentError(f"column_width must be a number, got {column_width!r}")
        if not 10 <= column_width <= 10_000:
            raise InvalidArgumentError(f"column_width must be in 10..10000, got {column_width!r}")
        first = states[0]
        return cls(first.n, len(first.posts), float(column_width), captions=captions)

    @property
    def margin(self) -> float:
        """Space around the posts."""
        return self.column_width * 0.1

    @property
    def font_size(self) -> float:
        """The size of captions and post names."""
        return max(self.column_width * 0.11, 7.0)

    @property
    def disk_height(self) -> float:
        """The thickness of one disk: thinner as the number of disks grows."""
        return min(self.column_width * 0.14, self.column_width * 1.1 / max(self.disks, 1))

    @property
    def stack_top(self) -> float:
        """The y of the rods' tips."""
        return self.margin + (self.font_size * 1.6 if self.captions else 0.0)

    @property
    def base_y(self) -> float:
        """The y of the top of the bases (where the bottom disk lies)."""
        return self.stack_top + self.disk_height * (self.disks + 1)

    @property
    def panel_width(self) -> float:
        """The width of one panel."""
        return self.posts * self.column_width + 2 * self.margin

    @property
    def panel_height(self) -> float:
        """The height of one panel."""
        return self.base_y + self.column_width * 0.05 + self.font_size * 1.6 + self.margin

    def disk_width(self, size: int) -> float:
        """The width of a disk: from a fifth of a column (size 1 of many) to nine tenths."""
        smallest, largest = self.column_width * 0.2, self.column_width * 0.9
        return smallest + (largest - smallest) * size / max(self.disks, 1)


def _disk(state: State, size: int, centre: float, bottom: float, layout: Layout) -> str:
    width, height = layout.disk_width(size), layout.disk_height
    face = state.face_up(size)
    x, y = centre - width / 2, bottom - height
    title = f"disk {size}" if face is None else f"disk {size}, {_WORDS[face]} up"
    fill = _CLASSIC_FILL if face is None else _FILL[face]
    stroke = _attrs(stroke=_INK, stroke_width=0.8) if height >= 4 else _attrs(stroke="none")
    radius = min(height / 3, 6.0)
    parts = [
        f'<g class="disk"><title>{escape(title)}</title>',
        f"<rect {_attrs(x=x, y=y, width=width, height=height, rx=radius, fill=fill)} {stroke}/>",
    ]
    if face is not None and height >= 3:  # the down face, a stripe along the bottom
        stripe = height * 0.28
        down = _FILL[face.flipped]
        parts.append(
            f"<rect {_attrs(x=x + radius, y=bottom - stripe, width=width - 2 * radius)} "
            f"{_attrs(height=stripe, fill=down)}/>"
        )
    if height >= 11:
        text_attrs = _attrs(
            x=centre, y=bottom - height * 0.3, font_size=height * 0.62, text_anchor="middle"
        )
        ink = _INK if face is None else "#ffffff"
        parts.append(f'<text {text_attrs} fill="{ink}">{size}</text>')
    parts.append("</g>")
    return "".join(parts)


def panel(
    state: State,
    colors: tuple[Color | None, ...] | None,
    layout: Layout,
    *,
    x: float,
    caption: str | None,
) -> str:
    """One position: its posts, bases, post names, disks and caption, at horizontal offset x."""
    lines = [f'<g class="panel" transform="translate({_num(x)} 0)">']
    if caption is not None:
        text = _attrs(
            x=layout.panel_width / 2,
            y=layout.margin + layout.font_size,
            font_size=layout.font_size,
            text_anchor="middle",
        )
        lines.append(f'<text class="caption" {text}>{escape(caption)}</text>')
    column, height = layout.column_width, layout.disk_height
    base_height = column * 0.05
    for index, stack in enumerate(state.posts):
        centre = layout.margin + column * (index + 0.5)
        rod_top = layout.stack_top
        rod_width = max(min(column * 0.04, 6.0), 1.0)
        lines.append(
            f'<rect class="rod" {_attrs(x=centre - rod_width / 2, y=rod_top, width=rod_width)} '
            f"{_attrs(height=layout.base_y - rod_top, fill=_ROD)}/>"
        )
        post_color = None if colors is None else colors[index]
        base_fill = _NEUTRAL_POST if post_color is None else _FILL[post_color]
        name = post_name(index, len(state.posts))
        if colors is not None and column >= 100:  # in narrow panels the base's colour says it
            name += f" ({'neutral' if post_color is None else _WORDS[post_color]})"
        base = _attrs(
            x=centre - column * 0.46, y=layout.base_y, width=column * 0.92, height=base_height
        )
        lines.append(f'<rect class="base" {base} fill="{base_fill}"/>')
        label = _attrs(
            x=centre,
            y=layout.base_y + base_height + layout.font_size * 1.2,
            font_size=layout.font_size,
            text_anchor="middle",
        )
        lines.append(f'<text class="post" {label}>{escape(name)}</text>')
        for level, size in enumerate(stack):
            lines.append(_disk(state, size, centre, layout.base_y - level * height, layout))
    lines.append("</g>")
    return "\n".join(lines)


def separator(x: float, layout: Layout) -> str:
    """A thin vertical line between two panels, at horizontal offset x."""
    line = _attrs(x1=x, y1=layout.margin, x2=x, y2=layout.panel_height - layout.margin)
    return f'<line class="separator" {line} stroke="#dddddd" stroke-width="1"/>'


def document(body: str, width: float, height: float, *, label: str) -> str:
    """A standalone SVG document around ``body``, with a white background."""
    size = _attrs(width=width, height=height, viewBox=f"0 0 {_num(width)} {_num(height)}")
    return "\n".join(
        [
            '<?xml version="1.0" encoding="UTF-8"?>',
            f'<svg xmlns="http://www.w3.org/2000/svg" {size} role="img" font-family="sans-serif">',
            f"<title>{escape(label)}</title>",
            '<rect width="100%" height="100%" fill="#ffffff"/>',
            body,
            "</svg>",
            "",
        ]
    )
