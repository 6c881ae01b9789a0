"""Pictures of positions: for the terminal, and as SVG documents.

:func:`render_text` draws one position as text; :func:`render_svg` draws one as SVG, and
:func:`render_strip` several in a row.

Disks are drawn by size. A magnetic disk shows its up face: red or blue (in the terminal, the
letters ``r``/``b``, or ANSI colours); a classic disk is drawn neutral. Post colours, when given,
are written under the posts and colour their bases. Standard library only.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeAlias

from hanoi_magnet.draw import _svg
from hanoi_magnet.errors import InvalidArgumentError, TooLargeError
from hanoi_magnet.model import Color, State, _integer, post_name
from hanoi_magnet.rules import MagneticRules

__all__ = ["PostColors", "render_strip", "render_svg", "render_text"]

#: Post colours for a picture: letters such as ``"RBN"`` (N: neutral), or one
#: :class:`~hanoi_magnet.Color` or ``None`` per post.
PostColors: TypeAlias = "str | Sequence[Color | None]"

_ANSI_RESET = "\x1b[0m"
_ANSI_FACE = {Color.RED: "\x1b[1;97;41m", Color.BLUE: "\x1b[1;97;44m"}
_ANSI_POST = {Color.RED: "\x1b[1;31m", Color.BLUE: "\x1b[1;34m"}
_COLOR_WORDS = {Color.RED: "red", Color.BLUE: "blue", None: "neutral"}
# A strip is usually shrunk to fit a page: larger text than a single picture's keeps the
# captions readable at three panels to a 700-pixel row.
_STRIP_FONT_RATIO = 0.15


def _post_colors(colors: PostColors | None, state: State) -> tuple[Color | None, ...] | None:
    """The post colours checked against ``state`` (one per post), or None."""
    if colors is None:
        return None
    parsed = MagneticRules(colors).post_colors
    if len(parsed) != len(state.posts):
        raise InvalidArgumentError(
            f"post_colors gives {len(parsed)} colours but the state has {len(state.posts)} posts"
        )
    return parsed


def _check_state(state: object) -> State:
    if not isinstance(state, State):
        raise InvalidArgumentError(f"expected a State, got {type(state).__name__} {state!r}")
    return state


def _disk_text(state: State, disk: int, *, color: bool) -> str:
    """One disk, ``2 * disk + 3`` characters wide, its size in the middle."""
    face = state.face_up(disk)
    label = str(disk)
    left = disk - (len(label) - 1) // 2  # fill before the label, inside the brackets
    right = 2 * disk + 1 - left - len(label)
    if color and face is not None:
        return f"{_ANSI_FACE[face]} {' ' * left}{label}{' ' * right} {_ANSI_RESET}"
    fill = "=" if face is None else face.value.lower()
    return f"[{fill * left}{label}{fill * right}]"


def _post_label(index: int, posts: int, colors: tuple[Color | None, ...] | None) -> str:
    name = post_name(index, posts)
    return name if colors is None else f"{name} {_COLOR_WORDS[colors[index]]}"


#: The most characters :func:`render_text` draws as a picture without ``max_width`` (64 Mi):
#: beyond, it refuses at once, as the picture grows with the square of the number of disks.
MAX_PICTURE_CHARACTERS = 1 << 26


def _column(state: State, colors: tuple[Color | None, ...] | None) -> int:
    """The width of each post's column in the picture: known before anything is drawn."""
    posts = len(state.posts)
    widest_label = max(len(_post_label(index, posts, colors)) for index in range(posts))
    column = max(2 * state.n + 5, widest_label + 2)  # the largest disk plus a space on each side
    return column + 1 - column % 2  # odd, so that the poles stand in the middle


def _picture_size(state: State, colors: tuple[Color | None, ...] | None) -> tuple[int, int]:
    """``(columns, lines)`` of :func:`render_text`'s picture of ``state``, without drawing it.

    The widest line as printed (the bases, without trailing spaces) and the number of lines; the
    picture is about their product in characters, which grows with the square of ``state.n``.
    """
    height = max((len(stack) for stack in state.posts), default=0)
    return len(state.posts) * _column(state, colors) - 1, height + 3


def _drawing(state: State, colors: tuple[Color | None, ...] | None, *, color: bool) -> list[str]:
    """The picture's lines (trailing spaces included), top row first."""
    column = _column(state, colors)
    posts = len(state.posts)
    height = max((len(stack) for stack in state.posts), default=0)
    rows: list[str] = []
    for level in range(height, -1, -1):  # level `height` is the pole's tip above every stack
        parts = []
        for stack in state.posts:
            if level < len(stack):
                disk = stack[level]
                pad = (column - (2 * disk + 3)) // 2
                parts.append(" " * pad + _disk_text(state, disk, color=color) + " " * pad)
            else:
                parts.append("|".center(column))
        rows.append("".join(parts))
    base = "".join(" " + "-" * (column - 2) + " " for _ in range(posts))
    rows.append(base)
    labels = []
    for index in range(posts):
        text = _post_label(index, posts, colors)
        before = (column - len(text)) // 2
        after = column - len(text) - before
        post_color = None if colors is None else colors[index]
        if color and post_color is not None:
            text = f"{_ANSI_POST[post_color]}{text}{_ANSI_RESET}"
        labels.append(" " * before + text + " " * after)
    rows.append("".join(labels))
    return rows


def _listing(state: State, colors: tuple[Color | None, ...] | None, *, color: bool) -> list[str]:
    """One line per post, bottom disk first: the fallback for pictures too wide to draw."""
    lines = []
    faces = state.faces
    letters = {face: face.value.lower() for face in Color}
    for index, stack in enumerate(state.posts):
        if faces is None:
            tokens = list(map(str, stack))
        elif not color:
            tokens = [f"{disk}{letters[faces[disk - 1]]}" for disk in stack]
        else:
            tokens = [
                f"{_ANSI_FACE[faces[disk - 1]]}{disk}{letters[faces[disk - 1]]}{_ANSI_RESET}"
                for disk in stack
            ]
        label = _post_label(index, len(state.posts), colors)
        lines.append(f"{label}: {' '.join(tokens) or '-'}")
    return lines


def render_text(
    state: State,
    *,
    color: bool = False,
    post_colors: PostColors | None = None,
    max_width: int | None = None,
) -> str:
    """Draw ``state`` for a terminal: the posts side by side, disks by size, up faces shown.

    Each disk is as wide as ``2 * size + 3`` characters with its size in the middle. Without
    ``color``, a magnetic disk is filled with the letter of its up face (``r`` or ``b``) and a
    classic disk with ``=``; with ``color``, magnetic disks are red or blue ANSI blocks. Lines
    carry no trailing spaces.

    Args:
        state: the position to draw.
        color: use ANSI colour escapes for the faces and the post colours.
        post_colors: the colours of the posts (e.g. ``"RBN"`` or ``variant.rules.post_colors``),
            written under the posts; ``None`` writes only the post names.
        max_width: if the picture would be wider than this many characters (as printed:
            without trailing spaces and colour escapes), list each post's disks on one line
            instead (bottom disk first), as in ``str(state)``. The width is known from the
            number of disks before anything is drawn, so a wide picture costs nothing.

    Raises:
        TooLargeError: without ``max_width``, a picture of more than
            64 Mi characters (about 4,000 disks on three posts):
            refused at once with its size, since it grows with the square of the disks.

    Example:
        >>> from hanoi_magnet import Color, State
        >>> from hanoi_magnet.draw import render_text
        >>> state = State([[3], [2, 1], []], faces="BBB")
        >>> print(render_text(state, post_colors="NNR"))
             |          |          |
             |        [b1b]        |
         [bbb3bbb]   [bb2bb]       |
         ---------  ---------  ---------
         S neutral  I neutral    D red
        >>> print(render_text(state, max_width=20))
        S: 3b
        I: 2b 1b
        D: -
    """
    state = _check_state(state)
    colors = _post_colors(post_colors, state)
    width, lines = _picture_size(state, colors)
    if max_width is not None:
        if width > _integer(max_width, "max_width"):  # decided before drawing anything
            return "\n".join(_listing(state, colors, color=color))
    elif width * lines > MAX_PICTURE_CHARACTERS:
        raise TooLargeError(
            f"a picture of {state.n:,} disks would take {lines:,} lines of {width:,} characters "
            f"(about {_mebibytes(width * lines)}), more than the "
            f"{_mebibytes(MAX_PICTURE_CHARACTERS)} drawn at most; pass max_width to get a "
            "listing of each post's disks instead"
        )
    rows = _drawing(state, colors, color=color)
    return "\n".join(line.rstrip() for line in rows)


def _mebibytes(characters: int) -> str:
    return f"{characters / (1 << 20):,.0f} MiB"


def render_svg(
    state: State,
    *,
    post_colors: PostColors | None = None,
    title: str | None = None,
    column_width: float = 160,
) -> str:
    """Draw ``state`` as a standalone SVG document (a string).

    Disks are drawn by size, stacked on their posts; a magnetic disk is painted in its up
    colour, with a thin stripe of its down colour along the bottom, a classic disk in a neutral
    tone. Each disk is a ``<g class="disk">`` whose ``<title>`` names its size and up face (for
    screen readers and tests). The picture keeps its size as ``n`` grows: the disks get thinner.

    Args:
        state: the position to draw.
        post_colors: the colours of the posts; coloured posts get a red or blue base.
        title: a caption above the picture (wrapped into lines that fit its width).
        column_width: the width of each post's column, in SVG units.

    Example:
        >>> import xml.etree.ElementTree as ET
        >>> from hanoi_magnet import Color, State
        >>> from hanoi_magnet.draw import render_svg
        >>> svg = render_svg(State.tower(3, face=Color.RED), post_colors="NNN", title="start")
        >>> root = ET.fromstring(svg)
        >>> root.tag
        '{http://www.w3.org/2000/svg}svg'
        >>> [t.text for t in root.iter("{http://www.w3.org/2000/svg}title")][1:]
        ['disk 3, red up', 'disk 2, red up', 'disk 1, red up']
    """
    state = _check_state(state)
    colors = _post_colors(post_colors, state)
    layout = _svg.Layout.for_states(
        [state], column_width, captions=[] if title is None else [title]
    )
    panel = _svg.panel(state, colors, layout, x=0.0, caption=title)
    return _svg.document(panel, layout.panel_width, layout.panel_height, label=title or str(state))


def render_strip(
    states: Iterable[State],
    *,
    post_colors: PostColors | None = None,
    captions: Iterable[str] | None = None,
    column_width: float = 90,
    per_row: int | None = None,
) -> str:
    """Draw several positions in a row, as a standalone SVG document (a string).

    Meant for short solutions: every position after each move, left to right. The panels share
    one scale, so a disk has the same width in all of them. With ``per_row``, the row wraps
    after that many panels (rows read left to right, top to bottom), so that a long strip
    stays readable when it is shrunk to the width of a page (captions and post names are
    sized for three panels to a row of about 700 pixels).

    Args:
        states: the positions, left to right (all with the same number of disks and posts).
        post_colors: the colours of the posts, as for :func:`render_svg`.
        captions: one caption per position (e.g. the move that led to it), or ``None``.
        column_width: the width of each post's column in one panel, in SVG units.
        per_row: the most panels in one row (``None``: all in one row).

    Example:
        >>> import xml.etree.ElementTree as ET
        >>> from hanoi_magnet import solve
        >>> from hanoi_magnet.draw import render_strip
        >>> solution = solve("NNN", 2)
        >>> states = [solution.unrank(k) for k in range(solution.length + 1)]
        >>> captions = ["start", *map(str, solution)]
        >>> svg = render_strip(states, post_colors="NNN", captions=captions)
        >>> root = ET.fromstring(svg)
        >>> len(root.findall("{http://www.w3.org/2000/svg}g[@class='panel']"))
        5
        >>> wrapped = ET.fromstring(render_strip(states, captions=captions, per_row=2))
        >>> round(float(wrapped.get("height")) / float(root.get("height")), 2)  # rows of 2, 2, 1
        3.0
    """
    positions = [_check_state(state) for state in states]
    if not positions:
        raise InvalidArgumentError("render_strip needs at least one state")
    shapes = {(s.n, len(s.posts)) for s in positions}
    if len(shapes) > 1:
        raise InvalidArgumentError(
            "render_strip needs states with the same number of disks and posts, got "
            + ", ".join(f"{n} disks on {p} posts" for n, p in sorted(shapes))
        )
    labels: Sequence[str | None] = [None] * len(positions)
    if captions is not None:
        labels = list(captions)
        if len(labels) != len(positions):
            raise InvalidArgumentError(
                f"render_strip got {len(positions)} states but {len(labels)} captions"
            )
    colors = _post_colors(post_colors, positions[0])
    texts = [label for label in labels if label is not None]
    layout = _svg.Layout.for_states(
        positions, column_width, captions=texts, font_ratio=_STRIP_FONT_RATIO
    )
    wrap: object = per_row  # checked as any object: callers may pass anything
    if wrap is None:
        per_row = len(positions)
    elif isinstance(wrap, bool) or not isinstance(wrap, int) or wrap < 1:
        raise InvalidArgumentError(f"per_row must be a positive integer or None, got {wrap!r}")
    else:
        per_row = wrap
    columns = min(per_row, len(positions))
    parts = []
    for index, (state, caption) in enumerate(zip(positions, labels, strict=True)):
        row, column = divmod(index, per_row)
        x, y = column * layout.panel_width, row * layout.panel_height
        if column:
            parts.append(_svg.separator(x, layout, y))
        parts.append(_svg.panel(state, colors, layout, x=x, y=y, caption=caption))
    rows = -(-len(positions) // per_row)
    return _svg.document(
        "\n".join(parts),
        layout.panel_width * columns,
        layout.panel_height * rows,
        label=f"{len(positions)} positions",
    )
