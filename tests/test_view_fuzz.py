"""Fuzz the viewer's server: random and hostile requests get an answer below 500, in time.

Every answer must come within the client's timeout (a hang fails the test), have a status
below 500, and, when it is a refusal, give its reason in one line without a traceback.
"""

from __future__ import annotations

import http.client
import json
import socket
import threading
import urllib.parse
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanoi_magnet.view import ViewerServer

TIMEOUT = 20  # seconds; the slowest legal request (a first 1,000-disk scene) takes well under 1

HOSTILE_VALUES = [
    "",
    " ",
    "-0",
    "-1",
    "00000000000000000001",
    "1e9",
    "0x10",
    "٣",  # an Arabic-Indic digit: int() would take it, the viewer must not
    "1_000",
    "+5",
    "NaN",
    "Infinity",
    "9" * 480,
    "-" + "9" * 480,
    "1000",
    "1001",
    "999999999999",
    "classic:3",
    "classic:0",
    "classic:99999999",
    "classic:-1",
    "nnn",
    "NNN\x00",
    "../../etc/passwd",
    "<script>alert(1)</script>",
    "%00",
    "%ff%fe",
    "\u202e",
    "'; DROP TABLE",
    "a" * 3000,
    # start positions (from=): legal, illegal, unreachable, the wrong size, other posts
    "SSI/rrb",
    "SID/rrr",
    "SSS/rrb",
    "DDD/bbb",
    "S: 3r 2r | I: 1b | D: -",
    "SSI",
    "4:000",
    "S" * 999 + "I/" + "r" * 999 + "b",
    "SSI/rrb/",
    "|||",
]
PATHS = [
    "/",
    "/index.html",
    "/api/frame",
    "/api/scene",
    "/api/position",
    "/api/graph",
    "/viewer.js",
    "/api/",
    "/api/frames",
]
NAMES = ["label", "n", "k", "from", "to", "pos", "mode", "x", "", "K", "label[]"]


@pytest.fixture(scope="module")
def server() -> Iterator[ViewerServer]:
    with ViewerServer("NNN", 3) as running:
        thread = threading.Thread(target=running.serve_forever, daemon=True)
        thread.start()
        yield running
        running.shutdown()


def fetch(server: ViewerServer, target: str) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=TIMEOUT)
    try:
        connection.putrequest("GET", target, skip_accept_encoding=True)
        connection.endheaders()
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def check(server: ViewerServer, target: str) -> None:
    status, body = fetch(server, target)
    assert status < 500, (target, status, body[:200])
    if status >= 400:
        text = body.decode()
        if target.startswith("/api/") and status != 414:
            text = json.loads(text)["error"]
        assert text.strip() and len(text.strip().splitlines()) == 1, (target, text)
        assert "Traceback" not in text


values = st.one_of(
    st.sampled_from(HOSTILE_VALUES),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.text(max_size=20),
)
queries = st.lists(st.tuples(st.sampled_from(NAMES), values), max_size=5)


@settings(max_examples=300)
@given(path=st.sampled_from(PATHS), pairs=queries)
def test_random_queries_never_get_a_5xx(server, path, pairs):
    check(server, f"{path}?{urllib.parse.urlencode(pairs)}" if pairs else path)


@settings(max_examples=150)
@given(
    path=st.sampled_from(PATHS),
    raw=st.text(alphabet=st.sampled_from("=&?%#;/+ab01-9NRBD:_.\\\"'<>"), min_size=0, max_size=60),
)
def test_raw_query_strings_never_get_a_5xx(server, path, raw):
    check(server, path + "?" + urllib.parse.quote(raw, safe="=&%?/+;:"))


@pytest.mark.parametrize("value", HOSTILE_VALUES)
@pytest.mark.parametrize("name", ["label", "n", "k", "from", "to", "mode"])
def test_hostile_values_in_every_parameter(server, name, value):
    params = {"label": "NNN", "n": "3", "k": "1", name: value}
    for path in ("/api/frame", "/"):
        check(server, f"{path}?{urllib.parse.urlencode(params)}")


@pytest.mark.parametrize("value", HOSTILE_VALUES)
@pytest.mark.parametrize("name", ["label", "n", "pos", "to"])
def test_hostile_values_in_play_and_graph_requests(server, name, value):
    """Play mode's answers (a position, the graph) get a reason below 500 for anything."""
    check(
        server, "/api/position?" + urllib.parse.urlencode({"label": "NNN", "n": "3", name: value})
    )
    graph = {"label": "NNN", "n": "3", name: value} if name != "pos" else {"label": value, "n": "2"}
    check(server, "/api/graph?" + urllib.parse.urlencode(graph))
    for label in ("classic:4", "RRR", "linear"):  # searched, dead-ended, one-way
        params = {"label": label, "n": "3", name: value}
        if name == "label":
            params["label"] = label
        check(server, "/api/position?" + urllib.parse.urlencode(params))


@pytest.mark.parametrize(
    "request_bytes",
    [
        b"\r\n\r\n",
        b"GET\r\n\r\n",
        b"GET /api/frame?label=NNN&n=3&k=1\r\n\r\n",  # HTTP/0.9 style
        b"GET / HTTP/1.1\r\n" + b"X-Long: " + b"a" * 70000 + b"\r\n\r\n",
        b"GET / HTTP/1.1\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(200)) + b"\r\n",
        b"DELETE / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(40),  # a TLS hello
        b"GET /" + b"a" * 70000 + b" HTTP/1.1\r\n\r\n",
    ],
)
def test_garbled_requests_are_answered_or_closed_promptly(server, request_bytes):
    with socket.create_connection(("127.0.0.1", server.port), timeout=TIMEOUT) as raw:
        raw.sendall(request_bytes)
        raw.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := raw.recv(65536):
            answer += chunk
    if answer:  # a reply must be a status line below 500 (or an HTTP/0.9 body)
        status = answer.split(b" ", 2)[1] if answer.startswith(b"HTTP/") else b"200"
        assert int(status) < 500, answer[:200]
    assert fetch(server, "/api/frame?label=NNN&n=3&k=2")[0] == 200  # still serving
