"""SVG drawing primitives behind :mod:`hanoi_magnet.draw` (private: the public functions are there).

A picture is a row of panels, one position each; a panel is the posts side by side with their
disks. Everything is plain text assembled from escaped pieces, so the output is well-formed XML.
"""

from __future__ import annotations

import textwrap
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
    caption_rows: int  # lines of the longest caption (0: no captions)
    font_ratio: float = 0.11  # text size per column width

    @classmethod
    def for_states(
        cls,
        states: Sequence[State],
        column_width: float,
        *,
        captions: Sequence[str] = (),
        font_ratio: float = 0.11,
    ) -> Layout:
        """The layout for positions that all have the same disks and posts, with captions."""
        if isinstance(column_width, bool) or not isinstance(column_width, (int, float)):
            raise InvalidArgumentError(f"column_width must be a number, got {column_width!r}")
        if not 10 <= column_width <= 10_000:
            raise InvalidArgumentError(f"column_width must be in 10..10000, got {column_width!r}")
        first = states[0]
        layout = cls(first.n, len(first.posts), float(column_width), 0, font_ratio)
        rows = max((len(layout.wrap(caption)) for caption in captions), default=0)
        return attrs.evolve(layout, caption_rows=rows)

    def wrap(self, caption: str) -> list[str]:
        """A caption cut into lines that fit the panel (long numbers are cut too)."""
        # 0.62 em: a generous average width for sans-serif text and digits
        fits = max(int((self.panel_width - 2 * self.margin) / (self.font_size * 0.62)), 8)
        return textwrap.wrap(caption, fits, break_on_hyphens=False) or [caption]

    @property
    def margin(self) -> float:
        """Space around the posts."""
        return self.column_width * 0.1

    @property
    def font_size(self) -> float:
        """The size of captions and post names."""
        return max(self.column_width * self.font_ratio, 7.0)

    @property
    def disk_height(self) -> float:
        """The thickness of one disk: thinner as the number of disks grows."""
        return min(self.column_width * 0.14, self.column_width * 1.1 / max(self.disks, 1))

    @property
    def stack_top(self) -> float:
        """The y of the rods' tips."""
        if not self.caption_rows:
            return self.margin
        return self.margin + self.font_size * (1.6 + 1.25 * (self.caption_rows - 1))

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


def disk_shape(size: int, face: Color | None, layout: Layout) -> str:
    """A disk's markup (title, body, stripe, number) drawn with its bottom centre at (0, 0).

    Every disk is placed by a ``<g class="disk" transform="translate(x y)">`` around this, so a
    disk looks the same wherever it lies (the viewer moves these pieces instead of redrawing).
    """
    width, height = layout.disk_width(size), layout.disk_height
    x, y = -width / 2, -height
    title = f"disk {size}" if face is None else f"disk {size}, {_WORDS[face]} up"
    fill = _CLASSIC_FILL if face is None else _FILL[face]
    stroke = _attrs(stroke=_INK, stroke_width=0.8) if height >= 4 else _attrs(stroke="none")
    radius = min(height / 3, 6.0)
    parts = [
        f"<title>{escape(title)}</title>",
        f"<rect {_attrs(x=x, y=y, width=width, height=height, rx=radius, fill=fill)} {stroke}/>",
    ]
    if face is not None and height >= 3:  # the down face, a stripe along the bottom
        stripe = height * 0.28
        down = _FILL[face.flipped]
        parts.append(
            f"<rect {_attrs(x=x + radius, y=-stripe, width=width - 2 * radius)} "
            f"{_attrs(height=stripe, fill=down)}/>"
        )
    if height >= 11:
        text_attrs = _attrs(x=0, y=-height * 0.3, font_size=height * 0.62, text_anchor="middle")
        ink = _INK if face is None else "#ffffff"
        parts.append(f'<text {text_attrs} fill="{ink}">{size}</text>')
    return "".join(parts)


def placed(shape: str, centre: str, bottom: str) -> str:
    """A disk's shape placed with its bottom centre at (centre, bottom), both formatted numbers."""
    return f'<g class="disk" transform="translate({centre} {bottom})">{shape}</g>'


def disk_centres(layout: Layout) -> list[str]:
    """The x of each post's axis, formatted as in the picture."""
    return [_num(layout.margin + layout.column_width * (i + 0.5)) for i in range(layout.posts)]


def disk_bottoms(layout: Layout) -> list[str]:
    """The y of the bottom of the disk at each level of a stack (0: on the base), formatted."""
    return [_num(layout.base_y - level * layout.disk_height) for level in range(layout.disks)]


def panel_open(x: float, y: float = 0.0) -> str:
    """The opening tag of a panel placed at (x, y)."""
    return f'<g class="panel" transform="translate({_num(x)} {_num(y)})">'


def background(
    colors: tuple[Color | None, ...] | None, layout: Layout, *, caption: str | None
) -> list[str]:
    """A panel without its disks: the caption, and each post's rod, base and name."""
    lines = []
    for row, words in enumerate(layout.wrap(caption) if caption is not None else []):
        text = _attrs(
            x=layout.panel_width / 2,
            y=layout.margin + layout.font_size * (1 + 1.25 * row),
            font_size=layout.font_size,
            text_anchor="middle",
        )
        lines.append(f'<text class="caption" {text}>{escape(words)}</text>')
    column = layout.column_width
    base_height = column * 0.05
    for index in range(layout.posts):
        centre = layout.margin + column * (index + 0.5)
        rod_top = layout.stack_top
        rod_width = max(min(column * 0.04, 6.0), 1.0)
        lines.append(
            f'<rect class="rod" {_attrs(x=centre - rod_width / 2, y=rod_top, width=rod_width)} '
            f"{_attrs(height=layout.base_y - rod_top, fill=_ROD)}/>"
        )
        post_color = None if colors is None else colors[index]
        base_fill = _NEUTRAL_POST if post_color is None else _FILL[post_color]
        name = post_name(index, layout.posts)
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
    return lines


def panel(
    state: State,
    colors: tuple[Color | None, ...] | None,
    layout: Layout,
    *,
    x: float,
    caption: str | None,
    y: float = 0.0,
) -> str:
    """One position: its posts, bases, post names, disks and caption, at offset (x, y)."""
    lines = [panel_open(x, y), *background(colors, layout, caption=caption)]
    centres, bottoms = disk_centres(layout), disk_bottoms(layout)
    for index, stack in enumerate(state.posts):
        for level, size in enumerate(stack):
            shape = disk_shape(size, state.face_up(size), layout)
            lines.append(placed(shape, centres[index], bottoms[level]))
    lines.append("</g>")
    return "\n".join(lines)


def separator(x: float, layout: Layout, y: float = 0.0) -> str:
    """A thin vertical line between two panels, at offset (x, y)."""
    top, bottom = y + layout.margin, y + layout.panel_height - layout.margin
    line = _attrs(x1=x, y1=top, x2=x, y2=bottom)
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
