"""The viewer's questions and answers, without HTTP: the widget's kernel and the in-browser page.

The page's script asks four questions (``scene``, ``frame``, ``position``, ``graph``) with the
same parameters as the server's ``/api/...`` answers. The viewer's server answers them over
HTTP; :func:`answer` answers them in a Python process (the Jupyter widget's kernel) and
:func:`answer_json` in the browser itself (the documentation's try-it page, where the library
runs in Pyodide): one small JSON protocol, three carriers.
"""

from __future__ import annotations

import json
import re

from hanoi_magnet.errors import HanoiError, InvalidArgumentError
from hanoi_magnet.view._page import render_page
from hanoi_magnet.view._play import graph_data, play_position
from hanoi_magnet.view._scene import JSON, Route, route, route_frame, route_scene

_INTEGER = re.compile(r"-?[0-9]{1,4000}")


def _chosen(label: str, n: int, params: JSON, own: Route | None) -> Route:
    """The route asked about: ``own`` when the ends asked are its ends, else the viewer's."""
    start = params.get("from") or None
    goal = params.get("to") or None
    if own is not None and (start, goal) == own.ends:
        return own
    return route(label, n, start, goal)


def answer(label: str, n: int, what: str, params: JSON, own: Route | None = None) -> JSON:
    """The answer to one of the page's questions (the server's, without HTTP).

    ``own`` is a route to scrub instead of the viewer's between the same ends (the Solution
    a widget was given, with its own moves).

    Raises:
        HanoiError: what the server answers with 400: a bad label, size, position or ``k``.

    Example:
        >>> from hanoi_magnet.view._protocol import answer
        >>> answer("NNN", 3, "frame", {"k": "5"})["pos"]
        'DII/bbb'
        >>> answer("NNN", 3, "position", {"pos": "SSI/rrb"})["distance"]
        '10'
    """
    if not isinstance(params, dict):
        raise InvalidArgumentError(f"the parameters must be an object, got {type(params).__name__}")
    if what == "scene":
        return route_scene(_chosen(label, n, params, own))
    if what == "frame":
        text = str(params.get("k", "0"))
        if not _INTEGER.fullmatch(text):
            raise InvalidArgumentError(f"k must be an integer, got {text[:40]!r}")
        return route_frame(_chosen(label, n, params, own), int(text))
    goal = params.get("to") or None
    if what == "position":
        return play_position(label, n, params.get("pos") or None, goal=goal)
    if what == "graph":
        return graph_data(label, n, goal)
    raise InvalidArgumentError(f"unknown question {str(what)[:40]!r}")


def answer_json(label: str, n: int, what: str, params: str) -> str:
    """:func:`answer` from JSON to JSON: ``{"data": ...}`` or ``{"error": "one line"}``.

    What the try-it page calls in Pyodide; a refusal is an answer, not an exception.

    Example:
        >>> from hanoi_magnet.view._protocol import answer_json
        >>> answer_json("NNN", 3, "frame", '{"k": "5"}')[:30]
        '{"data":{"k":"5","pos":"DII/bb'
        >>> answer_json("NNN", 3, "frame", '{"k": "99"}')[:40]
        '{"error": "position 99 is out of range f'
    """
    try:
        data = answer(label, int(n), what, json.loads(params))
    except HanoiError as error:
        return json.dumps({"error": " ".join(str(error).split())})
    except (ValueError, TypeError) as error:  # JSON that does not parse, an n that is no number
        return json.dumps({"error": f"malformed question: {error}"})
    return json.dumps({"data": data}, separators=(",", ":"))


def markup(label: str, n: int, *, chooser: bool = False) -> str:
    """The viewer's ``<main>`` for ``label`` and ``n`` (the page's own markup, without a page).

    With ``chooser``, the form that picks another variant and size (the try-it page's); the
    widget has none (its puzzle is set from Python).

    Example:
        >>> from hanoi_magnet.view._protocol import markup
        >>> shown = markup("RBB", 4)
        >>> shown.startswith('<main id="viewer" data-label="RBB" data-n="4"'), "choose" in shown
        (True, False)
    """
    page = render_page(
        label, n, 0, styles="", script="", data="" if chooser else "<!-- no chooser -->"
    )
    found = re.search(r"<main .*?</main>", page, re.S)
    assert found is not None
    return found[0]
