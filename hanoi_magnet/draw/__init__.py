"""Pictures: positions as text (ANSI colours) and SVG, strips of moves, state graphs; PNG, PDF.

Example:
    >>> from hanoi_magnet import solve
    >>> from hanoi_magnet.draw import render_svg, render_text
    >>> position = solve("classic", 2).unrank(1)
    >>> print(render_text(position, color=False).splitlines()[-1].split())
    ['S', 'I', 'D']
    >>> "<svg" in render_svg(position)
    True
"""

from hanoi_magnet.draw import _jupyter
from hanoi_magnet.draw._export import PICTURE_FORMATS, picture_format, save_picture, svg_to
from hanoi_magnet.draw._graphs import graph_dot, graph_svg
from hanoi_magnet.draw._positions import PostColors, render_strip, render_svg, render_text

_jupyter.install()  # positions and solutions draw themselves in Jupyter

__all__ = [
    "PICTURE_FORMATS",
    "PostColors",
    "graph_dot",
    "graph_svg",
    "picture_format",
    "render_strip",
    "render_svg",
    "render_text",
    "save_picture",
    "svg_to",
]
