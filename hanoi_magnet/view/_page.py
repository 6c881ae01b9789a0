"""The viewer's HTML page: served (scripts and styles as files) or exported (all inline)."""

from __future__ import annotations

import json
import string
from html import escape
from importlib import resources

from hanoi_magnet.errors import InvalidArgumentError
from hanoi_magnet.model import State
from hanoi_magnet.registry import default_registry
from hanoi_magnet.solution import Solution
from hanoi_magnet.view._scene import JSON, MAX_DISKS, Start, frame, origin, scene, solution

#: The most moves an exported page holds (it embeds every position, so it grows with them).
MAX_EXPORT_MOVES = 5000


def asset(name: str) -> str:
    """The text of one of the viewer's files (``page.html``, ``viewer.js``, ``viewer.css``)."""
    return resources.files("hanoi_magnet.view").joinpath(name).read_text(encoding="utf-8")


def _disks(n: int) -> str:
    return f"{n:,} disk{'' if n == 1 else 's'}"


def _chooser(label: str, n: int) -> str:
    options = "".join(
        f"<option{' selected' if name == label else ''}>{escape(name)}</option>"
        for name in default_registry.labels()
    )
    return (
        '<form id="choose" action="/" method="get">'
        f'<label>variant <select name="label">{options}</select></label> '
        f'<label>disks <input name="n" type="number" min="0" max="{MAX_DISKS}" value="{n}">'
        '</label> <button type="submit">show</button></form>'
    )


def _origin_line(first: str | None, solved: Solution) -> str:
    """The line saying where a solution that does not start from the tower starts."""
    if first is None:
        return ""
    return (
        f'<p id="origin">from <code id="from">{escape(str(solved.start))}</code> '
        f"(<code>{escape(first)}</code>), a shortest path to the goal "
        f"<code>{escape(str(solved.goal))}</code></p>"
    )


def render_page(
    label: str,
    n: int,
    k: int,
    *,
    start: Start = None,
    styles: str,
    script: str,
    data: str = "",
) -> str:
    """The page for ``solve(label, n)`` (from ``start``) at move ``k``, with these tags."""
    solved = solution(label, n, start)
    variant = solved.variant
    first = origin(label, n, start)
    shown = _disks(n) if first is None else f"{_disks(n)} from {first}"
    fields = {
        "title": escape(f"{variant.label}, {shown}: hanoi-magnet viewer"),
        "label": escape(variant.label),
        "n": str(n),
        "k": str(k),
        "from": escape(first or ""),
        "origin": _origin_line(first, solved),
        "disks": escape(_disks(n)),
        "description": escape(variant.description),
        "chooser": "" if data else _chooser(variant.label, n),
        "styles": styles,
        "script": script,
        "data": data,
    }
    return string.Template(asset("page.html")).substitute(fields)


def served_page(label: str, n: int, k: int, start: Start = None) -> str:
    """The page the viewer's server answers at ``/``: it asks the server for every position."""
    return render_page(
        label,
        n,
        k,
        start=start,
        styles='<link rel="stylesheet" href="/viewer.css">',
        script='<script src="/viewer.js" defer></script>',
    )


def _inline_json(value: JSON) -> str:
    """JSON that is safe inside a ``<script>`` element (no ``</``, no ``<!--``)."""
    return json.dumps(value, separators=(",", ":")).replace("<", "\\u003c")


def export_html(label: str, n: int, *, at: int = 0, start: State | str | None = None) -> str:
    """A self-contained viewer page for ``solve(label, n)``: no server, no network needed.

    Every position is computed here with :meth:`~hanoi_magnet.Solution.unrank` and embedded in
    the page with the moves between them, so the page works from a file, an e-mail or the
    documentation. That limits it to solutions of at most :data:`MAX_EXPORT_MOVES` moves;
    ``hanoi-magnet view`` serves any solution.

    Args:
        label: the variant label.
        n: the number of disks.
        at: the move index the page opens at (negative: counted from the end).
        start: a position to start from instead of the tower (a State, or text such as
            ``SSI/rrb``): the page shows the shortest path from there to the goal.

    Raises:
        InvalidArgumentError: the solution has more than :data:`MAX_EXPORT_MOVES` moves (refused
            at once, with the length), ``n`` is beyond the viewer's limits, or ``start`` is not
            a legal position of the variant with ``n`` disks.
        UnreachableError: the goal cannot be reached from ``start``.
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
    """
    solved = solution(label, n, start)
    start = solved.start  # parsed once, for every frame
    if solved.length > MAX_EXPORT_MOVES:
        first = origin(label, n, start)
        raise InvalidArgumentError(
            f"an exported page holds at most {MAX_EXPORT_MOVES:,} moves, but "
            f"{solved.variant.label} with {_disks(n)}{'' if first is None else ' from ' + first} "
            f"takes {solved.length:,}: use fewer disks, or serve it with hanoi-magnet view"
        )
    opening = frame(label, n, at, start)["k"]
    frames = []
    for k in range(solved.length + 1):
        data = frame(label, n, k, start)
        frames.append([data["state"], data["at"], data["faces"]])
    posts = solved.variant.posts
    moves = [[move.format(posts), move.disk] for move in solved]
    payload = {"scene": scene(label, n, start), "frames": frames, "moves": moves}
    return render_page(
        label,
        n,
        int(opening),
        start=start,
        styles=f"<style>\n{asset('viewer.css')}</style>",
        script=f"<script>\n{asset('viewer.js')}</script>",
        data=f'<script id="hanoi-data" type="application/json">{_inline_json(payload)}</script>',
    )
