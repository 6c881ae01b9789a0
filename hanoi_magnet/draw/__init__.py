"""Pictures: positions as text (ANSI colours) and SVG, strips of moves, state graphs.

Example:
    >>> from hanoi_magnet import solve
    >>> from hanoi_magnet.draw import render_text
    >>> print(render_text(solve("classic", 2).unrank(1), color=False))
      |    |    |
     [2]  [1]   |
    ==== ==== ====
      S    I    D
"""

from hanoi_magnet.draw._graphs import graph_dot, graph_svg
from hanoi_magnet.draw._positions import PostColors, render_strip, render_svg, render_text

__all__ = ["PostColors", "graph_dot", "graph_svg", "render_strip", "render_svg", "render_text"]
