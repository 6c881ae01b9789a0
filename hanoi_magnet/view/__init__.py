"""The scrub viewer: any move of any solution, drawn in the browser, computed on request.

``hanoi-magnet view LABEL N`` serves a page with a slider over the move index k (the
:class:`ViewerServer`); every position is computed by :meth:`~hanoi_magnet.Solution.unrank`
when it is asked for (O(n) steps, never a replay), so a 64-disk or a 1,000-disk solution scrubs
as easily as a 3-disk one. :func:`export_html` writes a page for a short solution that needs no
server. :func:`scene` and :func:`frame` are the server's two answers, and :func:`compose` puts
them together into the picture the page shows (:func:`hanoi_magnet.draw.render_svg`'s, exactly).
"""

from hanoi_magnet.view._page import MAX_EXPORT_MOVES, export_html
from hanoi_magnet.view._play import MAX_GRAPH_NODES, graph_data, play_position
from hanoi_magnet.view._scene import (
    MAX_DISKS,
    MAX_POSTS,
    MAX_SEARCH_STATES,
    compose,
    frame,
    scene,
)
from hanoi_magnet.view._server import ViewerServer

__all__ = [
    "MAX_DISKS",
    "MAX_EXPORT_MOVES",
    "MAX_GRAPH_NODES",
    "MAX_POSTS",
    "MAX_SEARCH_STATES",
    "ViewerServer",
    "compose",
    "export_html",
    "frame",
    "graph_data",
    "play_position",
    "scene",
]
