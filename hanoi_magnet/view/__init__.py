"""The viewer: scrub any move of any solution, or play with exact hints, in the browser.

``hanoi-magnet view LABEL N`` serves a page with a slider over the move index k (the
:class:`ViewerServer`); every position is computed by :meth:`~hanoi_magnet.Solution.unrank`
when it is asked for (O(n) steps, never a replay), so a 64-disk or a 1,000-disk solution scrubs
as easily as a 3-disk one. In play mode the reader moves the disks; :func:`play_position` says
what each drop does (or which rule it breaks), how far the goal is and an optimal next move, and
:func:`graph_data` draws the state graph of small puzzles beside the towers. :func:`export_html`
writes a page that needs no server. :func:`scene` and :func:`frame` are the scrubbing answers,
and :func:`compose` puts them together into the picture the page shows
(:func:`hanoi_magnet.draw.render_svg`'s, exactly). :func:`widget` is the same front end in
Jupyter.
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
from hanoi_magnet.view._widget import widget

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
    "widget",
]
