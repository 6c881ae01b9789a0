"""The viewer's local web server: its page, its two answers, and a one-line 4xx for anything else.

Standard library only (:mod:`http.server`, one thread per request), bound to 127.0.0.1. It
serves ``/`` (the page), ``/viewer.js``, ``/viewer.css``, and four JSON answers:
``/api/scene?label=L&n=N``, ``/api/frame?label=L&n=N&k=K``, ``/api/position?label=L&n=N&pos=POS``
(play mode: the moves, the distance to the goal and a hint) and ``/api/graph?label=L&n=N`` (the
state graph of a small puzzle), each with an optional ``from=POS`` and ``to=POS`` (the ends in
compact form, ``SSI/rrb``: a shortest path between them instead of the solution).

Every request is bounded: labels and numbers are checked before any work (at most
:data:`~hanoi_magnet.view.MAX_DISKS` disks, k at most as many digits as the length, positions
at most the address's length), a position or a path costs O(n) steps on three posts and a
search at most :data:`~hanoi_magnet.view.MAX_SEARCH_STATES` positions on more (refused with 400
beyond). There is no lock around the answers: the engine's memos are thread-safe, so a cheap
request (a frame of a variant's solution, a small position) never waits for an expensive one.
Expensive requests (paths and distances of many disks, searches) take one of
:data:`HEAVY_SLOTS` places; one that cannot get a place within :data:`HEAVY_WAIT` seconds is
refused with 429, so the server does not pile up work.
"""

from __future__ import annotations

import contextlib
import json
import re
import sys
import threading
import traceback
import urllib.parse
from collections.abc import Iterator
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from hanoi_magnet.errors import HanoiError, InvalidArgumentError
from hanoi_magnet.model import State
from hanoi_magnet.search import legal_state_count
from hanoi_magnet.view._page import asset
from hanoi_magnet.view._page import served_page as _served_page
from hanoi_magnet.view._play import graph_data, play_position
from hanoi_magnet.view._query import RefusedError, end_of, integer, parameters, start_of
from hanoi_magnet.view._scene import checked_variant, frame, origin, route, scene, target

_MAX_TARGET = 4096  # characters of path and query
_NUMBER = re.compile(r"-?[0-9]+")
_STATIC = {"/viewer.js": "text/javascript", "/viewer.css": "text/css"}
_PAGE_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
#: How many expensive requests are computed at once (the others wait, then are refused). One:
#: Python threads share one processor, so a second would only slow the cheap requests down.
HEAVY_SLOTS = 1
#: How many seconds an expensive request waits for a place before it is refused with 429.
HEAVY_WAIT = 15.0
# Paths and distances above this many disks, and searches above this many positions, are
# expensive (tens of milliseconds and more); everything else is answered at once.
_HEAVY_DISKS = 100
_HEAVY_STATES = 5000


def _one_line(text: str) -> str:
    return " ".join(text.split())


class ViewerServer(ThreadingHTTPServer):
    """The viewer's web server on 127.0.0.1, opening on ``solve(label, n)`` at move ``at``.

    The label, the number of disks, ``start`` and ``at`` are checked at once (the same errors as
    :func:`hanoi_magnet.solve` and :meth:`~hanoi_magnet.Solution.unrank`); the page can then
    switch to any variant. Run it with ``serve_forever()`` (in a thread, or until Ctrl-C) and
    stop it with ``shutdown()`` and ``server_close()``, or use it as a context manager.

    Args:
        label: the variant the page opens on.
        n: its number of disks.
        at: the move index the page opens at (negative: counted from the end).
        start: a position to start from instead of the tower (a State, or text such as
            ``SSI/rrb``): the page shows the shortest path from there to the goal.
        goal: a position to reach instead of the variant's goal (the same forms).
        port: the TCP port; 0 (the default) takes a free one.

    Example:
        >>> import json, threading, urllib.request
        >>> from hanoi_magnet.view import ViewerServer
        >>> with ViewerServer("NNN", 3, at=5) as server:
        ...     thread = threading.Thread(target=server.serve_forever)
        ...     thread.start()
        ...     answer = urllib.request.urlopen(server.address + "/api/frame?label=NNN&n=3&k=5")
        ...     print(json.load(answer)["state"])
        ...     server.shutdown()
        S: - | I: 2b 1b | D: 3b
        >>> server.url.endswith("/?label=NNN&n=3&k=5")
        True
        >>> with ViewerServer("NNN", 3, start="SSI/rrb") as path_server:  # from a position
        ...     path_server.url.endswith("/?label=NNN&n=3&from=SSI%2Frrb&k=0")
        True
    """

    daemon_threads = True
    block_on_close = False

    def __init__(
        self,
        label: str = "NNN",
        n: int = 3,
        *,
        at: int = 0,
        start: State | str | None = None,
        goal: State | str | None = None,
        port: int = 0,
    ) -> None:
        """Check the puzzle, ``start`` and ``at``, then listen on 127.0.0.1 (see the class)."""
        opening = frame(label, n, at, start, goal=goal)
        self.label = route(label, n, start, goal).variant.label
        self.start = origin(label, n, start)  # compact text; None for the tower
        self.goal = target(label, n, goal)  # compact text; None for the variant's goal
        self.heavy = threading.BoundedSemaphore(HEAVY_SLOTS)
        self.n = n
        self.at = int(opening["k"])
        super().__init__(("127.0.0.1", port), _Handler)

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that hung up or stalled is no error; anything else is reported as usual."""
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)

    @property
    def port(self) -> int:
        """The port the server listens on."""
        return int(self.server_address[1])

    @property
    def address(self) -> str:
        """``http://127.0.0.1:PORT``."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def url(self) -> str:
        """The address of the page the server opens on."""
        fields: dict[str, object] = {"label": self.label, "n": self.n}
        if self.start is not None:
            fields["from"] = self.start
        if self.goal is not None:
            fields["to"] = self.goal
        fields["k"] = self.at
        return f"{self.address}/?{urllib.parse.urlencode(fields)}"


class _Handler(BaseHTTPRequestHandler):
    server: ViewerServer
    protocol_version = "HTTP/1.0"  # one request per connection: no idle keep-alive threads
    server_version = "hanoi-magnet-viewer"
    sys_version = ""
    timeout = 10  # seconds a client may take to send its request

    def do_GET(self) -> None:
        self._answer(head=False)

    def do_HEAD(self) -> None:
        self._answer(head=True)

    def version_string(self) -> str:
        """The Server header: the viewer's name only."""
        return self.server_version

    def log_message(self, format: str, *args: Any) -> None:
        """Stay quiet: the command line prints the address, not every request."""

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """Answer the base class's own refusals (bad request line, unknown method) in one line."""
        if code == HTTPStatus.NOT_IMPLEMENTED:  # an HTTP method we do not serve
            code, message = HTTPStatus.METHOD_NOT_ALLOWED, f"method {self.command!r} not allowed"
        elif code == HTTPStatus.HTTP_VERSION_NOT_SUPPORTED:
            code = HTTPStatus.BAD_REQUEST
        status = HTTPStatus(code)
        reason = _one_line(message or status.phrase)
        self.close_connection = True
        self.request_version = self.protocol_version  # a status line even for a garbled request
        body = (reason + "\n").encode("utf-8", "replace")
        self.send_response(status)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        if status == HTTPStatus.METHOD_NOT_ALLOWED:
            self.send_header("Allow", "GET, HEAD")
        self.end_headers()
        if self.command != "HEAD" and code >= 200 and code not in (204, 304):
            self.wfile.write(body)

    def _answer(self, *, head: bool) -> None:
        api = self.path.startswith("/api/")
        try:
            status, content_type, body = self._route()
        except RefusedError as refusal:
            status, content_type, body = self._refusal(refusal.status, str(refusal), api=api)
        except HanoiError as error:  # unknown label, unsolvable, k out of range, ...
            status, content_type, body = self._refusal(HTTPStatus.BAD_REQUEST, str(error), api=api)
        except Exception:  # a bug: say so in one line, keep the details for the terminal
            traceback.print_exc(file=sys.stderr)
            status, content_type, body = self._refusal(
                HTTPStatus.INTERNAL_SERVER_ERROR, "internal error (details on the server)", api=api
            )
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Content-Security-Policy", _PAGE_POLICY)
        self.end_headers()
        if not head:
            self.wfile.write(body)

    @staticmethod
    def _refusal(status: HTTPStatus, reason: str, *, api: bool) -> tuple[int, str, bytes]:
        line = _one_line(reason)
        if api:
            return status, "application/json", json.dumps({"error": line}).encode()
        return status, "text/plain; charset=utf-8", (line + "\n").encode()

    def _route(self) -> tuple[int, str, bytes]:
        if len(self.path) > _MAX_TARGET:
            raise RefusedError(
                HTTPStatus.REQUEST_URI_TOO_LONG,
                f"the address is {len(self.path):,} characters long; at most {_MAX_TARGET:,}",
            )
        self._check_host()
        parts = urllib.parse.urlsplit(self.path)
        path, query = parts.path, parts.query
        if path in ("/", "/index.html"):
            params = parameters(query, {"label", "n", "k", "from", "to", "mode"}, required=set(),
                                strict=False)  # fmt: skip
            label = params.get("label", self.server.label)
            n = integer(params["n"], "n") if "n" in params else self.server.n
            own = not params.keys() & {"label", "n", "from", "to"}  # the puzzle it started on
            start = self.server.start if own else start_of(params)
            goal = self.server.goal if own else end_of(params)
            default_k = str(self.server.at) if own else "0"
            with self._slot(label, n, start is not None or goal is not None):
                k = self._index(label, n, start, goal, params.get("k", default_k))
                k = int(frame(label, n, k, start, goal=goal)["k"])
                page = _served_page(label, n, k, start, goal=goal, mode=params.get("mode"))
            return HTTPStatus.OK, "text/html; charset=utf-8", page.encode()
        if path in _STATIC:
            parameters(query, set(), required=set(), strict=False)
            return HTTPStatus.OK, f"{_STATIC[path]}; charset=utf-8", asset(path[1:]).encode()
        if path == "/api/scene":
            params = parameters(query, {"label", "n", "from", "to"}, required={"label", "n"})
            n = integer(params["n"], "n")
            start, goal = start_of(params), end_of(params)
            with self._slot(params["label"], n, start is not None or goal is not None):
                data = scene(params["label"], n, start, goal=goal)
            return HTTPStatus.OK, "application/json", _json(data)
        if path == "/api/frame":
            params = parameters(
                query, {"label", "n", "k", "from", "to"}, required={"label", "n", "k"}
            )
            n = integer(params["n"], "n")
            start, goal = start_of(params), end_of(params)
            with self._slot(params["label"], n, start is not None or goal is not None):
                k = self._index(params["label"], n, start, goal, params["k"])
                data = frame(params["label"], n, k, start, goal=goal)
            return HTTPStatus.OK, "application/json", _json(data)
        if path == "/api/position":
            params = parameters(query, {"label", "n", "pos", "to"}, required={"label", "n"})
            n = integer(params["n"], "n")
            with self._slot(params["label"], n, True):
                data = play_position(
                    params["label"], n, start_of(params, "pos"), goal=end_of(params)
                )
            return HTTPStatus.OK, "application/json", _json(data)
        if path == "/api/graph":
            params = parameters(query, {"label", "n", "to"}, required={"label", "n"})
            n = integer(params["n"], "n")
            with self._slot(params["label"], n, False):
                data = graph_data(params["label"], n, end_of(params))
            return HTTPStatus.OK, "application/json", _json(data)
        shown = _one_line(path)[:80]
        raise RefusedError(
            HTTPStatus.NOT_FOUND,
            f"no page {shown!r} here: the viewer serves /, /api/scene, /api/frame, "
            "/api/position and /api/graph",
        )

    @contextlib.contextmanager
    def _slot(self, label: str, n: int, ends: bool) -> Iterator[None]:
        """A place among the expensive requests when this one is expensive; else nothing."""
        if not _expensive(label, n, ends):
            yield
            return
        if not self.server.heavy.acquire(timeout=HEAVY_WAIT):
            raise RefusedError(
                HTTPStatus.TOO_MANY_REQUESTS,
                f"the viewer is busy with {HEAVY_SLOTS} long computations; try again shortly",
            )
        try:
            yield
        finally:
            self.server.heavy.release()

    def _check_host(self) -> None:
        """Refuse a Host other than this server (a page elsewhere reaching us by DNS rebinding)."""
        hosts = self.headers.get_all("Host") or []
        if not hosts:
            return
        allowed = {f"127.0.0.1:{self.server.port}", f"localhost:{self.server.port}"}
        host = hosts[0]
        if len(hosts) > 1 or host.strip().lower() not in allowed:
            raise RefusedError(HTTPStatus.BAD_REQUEST, f"unexpected Host header {host[:60]!r}")

    @staticmethod
    def _index(label: str, n: int, start: str | None, goal: str | None, text: str) -> int:
        """``k`` from the query: an integer with at most as many digits as the length."""
        length = route(label, n, start, goal).length or 0
        digits = len(str(length))
        if not _NUMBER.fullmatch(text) or len(text.lstrip("-")) > digits + 1:
            raise InvalidArgumentError(
                f"k must be an integer from 0 to {length} (or from -{length + 1} to -1, "
                f"counted from the end), got {text[:40]!r}{'...' if len(text) > 40 else ''}"
            )
        return int(text)


def _expensive(label: str, n: int, ends: bool) -> bool:
    """Whether a request may take long: a path or distance of many disks, or a search."""
    variant = checked_variant(label, n)  # refuses beyond the limits at once
    if variant.posts == 3:
        return ends and n > _HEAVY_DISKS
    return ends and legal_state_count(variant.rules, n) > _HEAVY_STATES


def _json(data: dict[str, Any]) -> bytes:
    return json.dumps(data, separators=(",", ":")).encode()
