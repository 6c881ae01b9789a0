"""The viewer's HTML page: served (scripts and styles as files) or exported (all inline)."""

from __future__ import annotations

import json
import string
from html import escape
from importlib import resources

from hanoi_magnet.errors import HanoiError, InvalidArgumentError
from hanoi_magnet.model import State
from hanoi_magnet.registry import default_registry
from hanoi_magnet.view._play import MAX_GRAPH_NODES, graph_data
from hanoi_magnet.view._scene import (
    JSON,
    MAX_DISKS,
    Route,
    Start,
    frame,
    origin,
    route,
    scene,
    target,
)

#: The most moves an exported page holds (it embeds every position, so it grows with them).
MAX_EXPORT_MOVES = 5000


def asset(name: str) -> str:
    """The text of one of the viewer's files (``page.html``, ``viewer.js``, ``viewer.css``)."""
    return resources.files("hanoi_magnet.view").joinpath(name).read_text(encoding="utf-8")


def _disks(n: int) -> str:
    return f"{n:,} disk{'' if n == 1 else 's'}"


#: The chooser's groups: a heading, what the labels in it mean, and which labels belong.
_GROUPS = (
    (
        "Magnetic, three posts",
        (
            "post colours S, I, D: R red, B blue, N neutral (a disk on an empty coloured post "
            "shows its colour; touching faces of one colour repel)"
        ),
    ),
    ("Classic families", "the classic rules, on more pegs or with moves in some directions only"),
    ("Direction sets", "classic rules with only the moves listed (arcs:SI,ID means S->I, I->D)"),
)


def _group(label: str) -> int:
    if label.startswith("arcs:"):
        return 2
    if len(label) == 3 and set(label) <= set("RBN"):
        return 0
    return 1


def _chooser(label: str, n: int) -> str:
    groups: list[list[str]] = [[], [], []]
    for name in default_registry.labels():
        groups[_group(name)].append(name)
    options = []
    for (heading, meaning), names in zip(_GROUPS, groups, strict=True):
        if not names:
            continue
        items = "".join(
            f"<option{' selected' if name == label else ''} "
            f'title="{escape(_describe(name))}">{escape(name)}</option>'
            for name in names
        )
        options.append(f'<optgroup label="{escape(heading)}: {escape(meaning)}">{items}</optgroup>')
    return (
        '<form id="choose" action="/" method="get">'
        f'<label>variant <select name="label">{"".join(options)}</select></label> '
        f'<label>disks <input name="n" type="number" min="0" max="{MAX_DISKS}" value="{n}">'
        # the mode travels with the puzzle (the script enables it in play mode)
        '</label><input id="choose-mode" type="hidden" name="mode" value="play" disabled> '
        '<button type="submit">show</button></form>'
    )


def _describe(label: str) -> str:
    try:
        return default_registry.variant(label).description
    except HanoiError:  # a plugin that fails to load: its label alone
        return label


def _ends_form(first: str | None, last: str | None) -> str:
    return (
        '<form id="ends" class="row">'
        '<label>from <input id="from-pos" name="from" type="text" spellcheck="false" '
        f'autocomplete="off" placeholder="the start tower" value="{escape(first or "")}"></label>'
        '<label>to <input id="to-pos" name="to" type="text" spellcheck="false" '
        f'autocomplete="off" placeholder="the goal tower" value="{escape(last or "")}"></label>'
        '<button type="submit">use</button>'
        '<button id="from-here" type="button" title="start from the position shown">'
        "start here</button>"
        '<button id="to-here" type="button" title="aim at the position shown">aim here</button>'
        "</form>"
    )


def _origin_line(first: str | None, last: str | None, found: Route) -> str:
    """The line saying where a route that is not the variant's own starts and ends."""
    if first is None and last is None:
        return ""
    return (
        f'<p id="origin">from <code id="from">{escape(str(found.start))}</code> '
        f"(<code>{escape(found.start.format(compact=True))}</code>), a shortest path to "
        f'<code id="to">{escape(str(found.goal))}</code> '
        f"(<code>{escape(found.goal.format(compact=True))}</code>)</p>"
    )


def render_page(
    label: str,
    n: int,
    k: int,
    *,
    start: Start = None,
    goal: Start = None,
    mode: str | None = None,
    styles: str,
    script: str,
    data: str = "",
) -> str:
    """The page for ``solve(label, n)`` (from ``start`` to ``goal``) at move ``k``."""
    found = route(label, n, start, goal)
    variant = found.variant
    first = origin(label, n, start)
    last = target(label, n, goal)
    shown = _disks(n) if first is None else f"{_disks(n)} from {first}"
    if last is not None:
        shown += f" to {last}"
    fields = {
        "title": escape(f"{variant.label}, {shown}: hanoi-magnet viewer"),
        "label": escape(variant.label),
        "n": str(n),
        "k": str(k),
        "from": escape(first or ""),
        "to": escape(last or ""),
        "mode": "play" if mode == "play" else "scrub",
        "origin": _origin_line(first, last, found),
        "disks": escape(_disks(n)),
        "description": escape(variant.description),
        "chooser": "" if data else _chooser(variant.label, n),
        "ends": _ends_form(first, last),
        "styles": styles,
        "script": script,
        "data": data,
    }
    return string.Template(asset("page.html")).substitute(fields)


def served_page(
    label: str,
    n: int,
    k: int,
    start: Start = None,
    *,
    goal: Start = None,
    mode: str | None = None,
) -> str:
    """The page the viewer's server answers at ``/``: it asks the server for every position."""
    return render_page(
        label,
        n,
        k,
        start=start,
        goal=goal,
        mode=mode,
        styles='<link rel="stylesheet" href="/viewer.css">',
        script='<script src="/viewer.js" defer></script>',
    )


def _inline_json(value: JSON) -> str:
    """JSON that is safe inside a ``<script>`` element (no ``</``, no ``<!--``)."""
    return json.dumps(value, separators=(",", ":")).replace("<", "\\u003c")


def export_html(
    label: str,
    n: int,
    *,
    at: int = 0,
    start: State | str | None = None,
    goal: State | str | None = None,
    mode: str | None = None,
) -> str:
    """A self-contained viewer page for ``solve(label, n)``: no server, no network needed.

    Every position is computed here with :meth:`~hanoi_magnet.Solution.unrank` and embedded in
    the page with the moves between them, so the page works from a file, an e-mail or the
    documentation. That limits it to solutions of at most :data:`MAX_EXPORT_MOVES` moves;
    ``hanoi-magnet view`` serves any solution. A puzzle of at most
    :data:`~hanoi_magnet.view.MAX_GRAPH_NODES` positions also gets its state graph and every
    position's moves, so its page plays (play mode, hints, the graph) without a server.

    Args:
        label: the variant label.
        n: the number of disks.
        at: the move index the page opens at (negative: counted from the end).
        start: a position to start from instead of the tower (a State, or text such as
            ``SSI/rrb``): the page shows the shortest path from there to the goal.
        goal: a position to reach instead of the variant's goal (the same forms).
        mode: ``"play"`` to open in play mode; scrubbing otherwise.

    Raises:
        InvalidArgumentError: the solution has more than :data:`MAX_EXPORT_MOVES` moves (refused
            at once, with the length), ``n`` is beyond the viewer's limits, or a position is
            not a legal position of the variant with ``n`` disks.
        MoveIndexError: ``at`` is outside the solution.

    Example:
        >>> from hanoi_magnet.view import export_html
        >>> page = export_html("NNN", 3, at=5)
        >>> page.startswith("<!DOCTYPE html>"), 'data-k="5"' in page
        (True, True)
        >>> 'src="http' in page or 'href="http' in page  # nothing to fetch
        False
        >>> 'data-from="SSI/rrb"' in export_html("NNN", 3, start="SSI/rrb")
        True
        >>> 'data-mode="play"' in export_html("RRR", 3, mode="play")  # no solution: play shows why
        True
    """
    found = route(label, n, start, goal)
    length = found.length or 0
    if length > MAX_EXPORT_MOVES:
        first = origin(label, n, start)
        raise InvalidArgumentError(
            f"an exported page holds at most {MAX_EXPORT_MOVES:,} moves, but "
            f"{found.variant.label} with {_disks(n)}{'' if first is None else ' from ' + first} "
            f"takes {length:,}: use fewer disks, or serve it with hanoi-magnet view"
        )
    opening = frame(label, n, at, start, goal=goal)["k"]
    frames = []
    for k in range(length + 1):
        data = frame(label, n, k, start, goal=goal)
        frames.append([data["state"], data["at"], data["faces"], data["pos"]])
    posts = found.variant.posts
    moves = [] if found.moves is None else [[move.format(posts), move.disk] for move in found.moves]
    space = graph_data(label, n, goal, moves=True)
    payload = {
        "scene": scene(label, n, start, goal=goal),
        "frames": frames,
        "moves": moves,
        "space": space if space["nodes"] is not None else None,
        "graph_limit": MAX_GRAPH_NODES,
        "towers": [
            found.variant.start(n).format(compact=True),
            found.variant.goal(n).format(compact=True),
        ],
    }
    return render_page(
        label,
        n,
        int(opening),
        start=start,
        goal=goal,
        mode=mode,
        styles=f"<style>\n{asset('viewer.css')}</style>",
        script=f"<script>\n{asset('viewer.js')}</script>",
        data=f'<script id="hanoi-data" type="application/json">{_inline_json(payload)}</script>',
    )
