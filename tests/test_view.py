"""The viewer: its answers equal the library's, its server refuses bad requests in one line."""

from __future__ import annotations

import http.client
import json
import random
import re
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator

import pytest

from hanoi_magnet import (
    ClassicRules,
    InvalidArgumentError,
    MoveIndexError,
    State,
    UnknownVariantError,
    UnreachableError,
    UnsolvableError,
    default_registry,
    labels,
    solve,
)
from hanoi_magnet.draw import render_svg
from hanoi_magnet.view import (
    MAX_DISKS,
    MAX_EXPORT_MOVES,
    ViewerServer,
    compose,
    export_html,
    frame,
    scene,
)
from tests.oracle import bfs_distance
from tests.pictures import read_svg
from tests.test_cli import run


def _solvable(label: str) -> object:
    try:
        return solve(label, 1)
    except UnsolvableError as error:
        return error


SOLVABLE = [label for label in labels() if not isinstance(_solvable(label), Exception)]


def _colors(label: str) -> str | None:
    rules = solve(label, 0).variant.rules
    return getattr(rules, "label", None)


def _indices(length: int, rng: random.Random, count: int = 12) -> list[int]:
    """Both ends, their neighbours, and random indices over the whole range."""
    ends = {i for i in (0, 1, length - 1, length) if 0 <= i <= length}
    return sorted(ends | {rng.randrange(length + 1) for _ in range(count)})


@pytest.mark.parametrize("label", SOLVABLE)
def test_composed_picture_is_render_svg_of_unrank(label):
    rng = random.Random(label)
    for n in (0, 1, 2, 5):
        solution = solve(label, n)
        pieces = scene(label, n)
        assert pieces["length"] == str(solution.length)
        assert pieces["per_disk"] == [str(count) for count in solution.per_disk]
        for k in _indices(solution.length, rng, count=6):
            state = solution.unrank(k)
            data = frame(label, n, k)
            picture = compose(pieces, data)
            assert picture == render_svg(state, post_colors=_colors(label))
            assert read_svg(picture, posts=solution.variant.posts, magnetic=state.magnetic) == [
                state
            ]
            assert data["state"] == str(state)
            posts = solution.variant.posts
            moves = [
                {"text": solution[i].format(posts), "disk": solution[i].disk}
                for i in (k - 1, k)
                if 0 <= i < solution.length
            ]
            assert [
                _text_disk(data[key]) for key in ("last", "next") if data[key] is not None
            ] == moves
            assert (data["last"] is None) == (k == 0)


@pytest.mark.parametrize(("label", "n"), [("classic", 64), ("NNN", 300), ("RBB", MAX_DISKS)])
def test_huge_solutions_at_any_index(label, n):
    solution = solve(label, n)
    pieces = scene(label, n)
    rng = random.Random(n)
    for k in _indices(solution.length, rng, count=4):
        data = frame(label, n, k)
        assert data["k"] == str(k)
        assert compose(pieces, data) == render_svg(solution.unrank(k), post_colors=_colors(label))
    assert frame(label, n, -1)["k"] == str(solution.length)


def test_frames_agree_with_replaying_every_move():
    solution = solve("NNN", 4)
    state = solution.start
    for k, move in enumerate(solution, 1):
        state = solution.variant.rules.apply(state, move)
        assert frame("NNN", 4, k)["state"] == str(state)


def test_limits_are_refused_at_once():
    with pytest.raises(InvalidArgumentError, match="1,000 disks, got 1,001"):
        scene("NNN", MAX_DISKS + 1)
    with pytest.raises(InvalidArgumentError, match="at most 8 posts, but classic:9 has 9"):
        frame("classic:9", 3, 0)
    with pytest.raises(UnknownVariantError, match="did you mean"):
        frame("NNX", 3, 0)
    assert scene("NRR", 3)["length"] is None  # no solution: shown, with the reason
    assert "no solution" in scene("NRR", 3)["reason"]
    with pytest.raises(UnsolvableError):
        solve("NRR", 3)
    with pytest.raises(MoveIndexError):
        frame("NNN", 3, 12)
    with pytest.raises(InvalidArgumentError, match="integer"):
        frame("NNN", "3", 0)  # type: ignore[arg-type]


def _text_disk(move: dict) -> dict:
    return {"text": move["text"], "disk": move["disk"]}


def _embedded(page: str) -> dict:
    match = re.search(r'<script id="hanoi-data" type="application/json">(.*?)</script>', page, re.S)
    assert match
    return json.loads(match[1])


def test_export_embeds_every_position_and_move():
    page = export_html("RBB", 3, at=-1)
    assert 'data-k="13"' in page
    data = _embedded(page)
    solution = solve("RBB", 3)
    assert data["scene"] == scene("RBB", 3)
    assert [move[0] for move in data["moves"]] == [str(move) for move in solution]
    assert len(data["frames"]) == solution.length + 1
    for k, (state, at, faces, pos) in enumerate(data["frames"]):
        expected = frame("RBB", 3, k)
        assert [state, at, faces] == [expected["state"], expected["at"], expected["faces"]]
        assert State.parse(pos) == solution.unrank(k)
    assert "</script" not in page.split('id="hanoi-data"')[1].split("</script>")[0]


def test_export_refuses_long_solutions_with_the_length():
    with pytest.raises(InvalidArgumentError, match=r"at most 5,000 moves.*takes 17,984"):
        export_html("NNN", 10)
    assert solve("classic", 12).length <= MAX_EXPORT_MOVES  # the largest classic export works
    assert "hanoi-data" in export_html("classic", 12)


# --- starting from a position --------------------------------------------------------


def _wander(label: str, n: int, steps: int, rng: random.Random) -> State:
    """A legal position: ``steps`` random legal moves from the start tower."""
    rules = solve(label, 0).variant.rules
    state = solve(label, n).start
    for _ in range(steps):
        state = rules.apply(state, rng.choice(rules.legal_moves(state)))
    return state


def _check_frames(label: str, n: int, start: State | str, indices: list[int]) -> None:
    """Each frame from ``start`` is ``unrank(k)`` of ``solve(label, n, start=...)``."""
    state = start if isinstance(start, State) else State.parse(start)
    path = default_registry.solve(label, n, start=state)
    pieces = scene(label, n, start)
    assert pieces["from"] == state.format(compact=True)
    assert pieces["length"] == str(path.length)
    assert pieces["per_disk"] == [str(count) for count in path.per_disk]
    posts = path.variant.posts
    for k in indices:
        expected = path.unrank(k)
        data = frame(label, n, k, start)
        assert data["k"] == str(k) and data["state"] == str(expected)
        assert compose(pieces, data) == render_svg(expected, post_colors=_colors(label))
        moves = [
            {"text": path[i].format(posts), "disk": path[i].disk}
            for i in (k - 1, k)
            if 0 <= i < path.length
        ]
        assert [_text_disk(data[key]) for key in ("last", "next") if data[key] is not None] == moves
    assert frame(label, n, 0, start)["state"] == str(state)
    assert frame(label, n, -1, start)["state"] == str(path.variant.goal(n))


@pytest.mark.parametrize("label", ["NNN", "RBB", "NBN", "classic", "linear"])
def test_frames_from_a_position_are_unrank_of_its_path(label):
    rng = random.Random(f"from {label}")
    for n in (1, 3, 7):
        for steps in (1, 5, 40):
            start = _wander(label, n, steps, rng)
            if start == solve(label, n).start:
                continue
            length = default_registry.solve(label, n, start=start).length
            middle = length // 2
            indices = sorted({i for i in (0, 1, middle, length - 1, length) if 0 <= i <= length})
            text = start.format(compact=True)
            _check_frames(label, n, text, indices)  # as the server gets it: compact text
            _check_frames(label, n, start, indices[:2])  # as the API gets it: a State


def test_a_path_of_a_thousand_disks_at_any_index():
    rng = random.Random(1000)
    start = _wander("NNN", MAX_DISKS, 30, rng)
    length = default_registry.solve("NNN", MAX_DISKS, start=start).length
    indices = [0, length // 2, length, rng.randrange(length + 1)]
    _check_frames("NNN", MAX_DISKS, start.format(compact=True), indices)


def test_the_start_tower_is_the_variants_own_solution():
    for start in ("SSS/rrr", solve("NNN", 3).start, None):
        assert scene("NNN", 3, start) == scene("NNN", 3)
        assert frame("NNN", 3, 5, start) == frame("NNN", 3, 5)
    assert scene("classic", 4, "SSSS")["from"] is None


@pytest.mark.parametrize(
    ("label", "n", "start", "error", "reason"),
    [
        ("NNN", 3, "SSX", InvalidArgumentError, "'SSX' is not a position"),
        ("NNN", 3, "SSI", InvalidArgumentError, "gives no faces"),
        ("NNN", 3, "SSS/rrb", InvalidArgumentError, "not a legal position of NNN"),
        ("RBB", 3, "DDD/rrr", InvalidArgumentError, "red side up on the blue post D"),
        ("NNN", 3, "SS/rr", InvalidArgumentError, "the start has 2 disks, not 3"),
        ("NNN", 3, "S" * 9000, InvalidArgumentError, "at most 8,000 characters"),
        ("NNN", MAX_DISKS + 1, "SSI/rrb", InvalidArgumentError, "0 to 1,000 disks"),
    ],
)
def test_bad_starts_are_refused_with_the_reason(label, n, start, error, reason):
    for ask in (lambda: scene(label, n, start), lambda: frame(label, n, 0, start)):
        with pytest.raises(error, match=re.escape(reason)):
            ask()
    with pytest.raises(error, match=re.escape(reason)):
        export_html(label, n, start=start)


@pytest.mark.parametrize(
    ("label", "n", "start", "reason"),
    [
        ("NNN", 3, "SID/rrr", "the start is a dead end"),
        ("NRR", 3, None, "no legal first move"),
        ("RRR", 3, None, "no legal first move"),
    ],
)
def test_routes_without_moves_show_the_start_and_why(label, n, start, reason):
    """No route (unsolvable, unreachable): the start is shown with the reason, not an error."""
    pieces = scene(label, n, start)
    assert pieces["length"] is None and reason in pieces["reason"]
    first = frame(label, n, 0, start)
    assert first["state"] == str(State.parse(pieces["start"]))
    assert first["next"] is None and first["last"] is None
    with pytest.raises(MoveIndexError, match=re.escape(reason)):
        frame(label, n, 1, start)
    with pytest.raises(UnreachableError if start else UnsolvableError):
        default_registry.solve(label, n, start=None if start is None else State.parse(start))
    assert "data-length" not in export_html(label, n, start=start)  # the page is made


def test_four_posts_from_a_position_are_searched():
    steps = bfs_distance(ClassicRules(4), State.parse("4:001"), State.tower(3, 3, posts=4))
    pieces = scene("classic:4", 3, "4:001")
    assert pieces["length"] == str(steps)
    assert frame("classic:4", 3, -1, "4:001")["state"] == str(State.tower(3, 3, posts=4))


def test_export_from_a_position_embeds_its_path():
    page = export_html("NNN", 3, at=-1, start="SSI/rrb")
    path = default_registry.solve("NNN", 3, start=State.parse("SSI/rrb"))
    assert f'data-k="{path.length}"' in page and 'data-from="SSI/rrb"' in page
    assert '<p id="origin">from <code id="from">S: 3r 2r | I: 1b | D: -</code>' in page
    data = _embedded(page)
    assert data["scene"] == scene("NNN", 3, "SSI/rrb")
    assert [move[0] for move in data["moves"]] == [str(move) for move in path]
    assert [frame_[0] for frame_ in data["frames"]] == [
        str(path.unrank(k)) for k in range(path.length + 1)
    ]
    assert 'id="origin"' not in export_html("NNN", 3)  # from the tower: no such line


# --- the server --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def server() -> Iterator[ViewerServer]:
    with ViewerServer("NNN", 3, at=5) as running:
        thread = threading.Thread(target=running.serve_forever, daemon=True)
        thread.start()
        yield running
        running.shutdown()


def request(
    server: ViewerServer, target: str, method: str = "GET", headers: dict | None = None
) -> tuple[int, dict, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        connection.putrequest(
            method, target, skip_host="Host" in (headers or {}), skip_accept_encoding=True
        )
        for name, value in (headers or {}).items():
            connection.putheader(name, value)
        connection.endheaders()
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def test_server_answers_its_page_scripts_and_positions(server):
    status, headers, body = request(server, "/")
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    assert 'data-label="NNN" data-n="3" data-k="5"' in body.decode()
    assert "default-src 'none'" in headers["Content-Security-Policy"]
    for path, kind in (("/viewer.js", "text/javascript"), ("/viewer.css", "text/css")):
        status, headers, body = request(server, path)
        assert status == 200 and headers["Content-Type"].startswith(kind) and body
    status, _, body = request(server, "/api/scene?label=rbb&n=2")
    assert status == 200 and json.loads(body) == scene("RBB", 2)
    status, _, body = request(server, "/api/frame?label=NNN&n=64&k=-1")
    assert status == 200 and json.loads(body) == frame("NNN", 64, solve("NNN", 64).length)
    status, headers, body = request(server, "/api/frame?label=NNN&n=3&k=1", method="HEAD")
    assert status == 200 and body == b"" and int(headers["Content-Length"]) > 0
    assert server.url == f"http://127.0.0.1:{server.port}/?label=NNN&n=3&k=5"


@pytest.mark.parametrize(
    ("target", "status", "reason"),
    [
        ("/api/frame?label=NNX&n=3&k=1", 400, "unknown variant label 'NNX'; did you mean"),
        ("/api/frame?label=NNN&n=3&k=12", 400, "out of range"),
        ("/api/frame?label=NNN&n=3&k=1.5", 400, "k must be an integer from 0 to 11"),
        ("/api/frame?label=NNN&n=3&k=" + "9" * 5000, 414, "at most 4,096"),
        ("/api/frame?label=NNN&n=3&k=" + "9" * 500, 400, "k must be an integer"),
        ("/api/frame?label=NNN&n=10000000&k=1", 400, "n must be a whole number"),
        ("/api/frame?label=NNN&n=5000&k=1", 400, "the viewer draws 0 to 1,000 disks"),
        ("/api/frame?label=NRR&n=3&k=1", 400, "no solution"),
        ("/api/frame?label=classic:12&n=3&k=0", 400, "at most 8 posts"),
        ("/api/frame?label=NNN&n=3", 400, "missing parameter(s): k"),
        ("/api/frame?label=NNN&n=3&k=1&k=2", 400, "'k' given twice"),
        ("/api/frame?label=NNN&n=3&k=1&x=2", 400, "unknown parameter 'x'"),
        ("/api/frame?label=%ff&n=3&k=1", 400, "malformed query"),
        ("/api/scene?label=NNN", 400, "missing parameter(s): n"),
        ("/?label=NNN&n=3&k=99", 400, "out of range"),
        ("/?label=NNN&n=-3", 400, "n must be a whole number"),
        ("/nowhere", 404, "no page '/nowhere' here"),
        ("/api/../etc/passwd", 404, "no page"),
        ("/viewer.py", 404, "no page"),
    ],
)
def test_bad_requests_get_a_one_line_reason(server, target, status, reason):
    got, _, body = request(server, target)
    assert got == status
    text = json.loads(body)["error"] if target.startswith("/api/") and got != 414 else body.decode()
    assert reason in text
    assert "Traceback" not in text and len(text.strip().splitlines()) == 1


def test_server_answers_from_a_position(server):
    start = "SSI/rrb"
    path = default_registry.solve("NNN", 3, start=State.parse(start))
    status, _, body = request(server, "/api/scene?label=NNN&n=3&from=SSI%2Frrb")
    assert status == 200 and json.loads(body) == scene("NNN", 3, start)
    for k in (0, path.length // 2, path.length):
        status, _, body = request(server, f"/api/frame?label=NNN&n=3&k={k}&from=SSI/rrb")
        assert status == 200 and json.loads(body)["state"] == str(path.unrank(k))
    status, _, body = request(server, "/?label=NNN&n=3&from=S%3A+3r+2r+%7C+I%3A+1b+%7C+D%3A+-&k=2")
    page = body.decode()  # the long form is read too, and shown in compact form
    assert status == 200 and 'data-n="3" data-k="2" data-from="SSI/rrb"' in page
    assert 'from <code id="from">S: 3r 2r | I: 1b | D: -</code>' in page
    status, _, body = request(server, "/?label=NNN&n=3&from=&k=2")  # blank: the tower
    assert status == 200 and 'data-from=""' in body.decode()


def test_a_server_started_from_a_position_opens_on_it():
    start = "IIS/bbr"
    path = default_registry.solve("RBB", 3, start=State.parse(start))
    with ViewerServer("RBB", 3, at=-1, start=State.parse(start)) as running:
        thread = threading.Thread(target=running.serve_forever, daemon=True)
        thread.start()
        try:
            query = f"label=RBB&n=3&from=IIS%2Fbbr&k={path.length}"
            assert running.url == f"{running.address}/?{query}"
            status, _, body = request(running, "/")
            assert status == 200 and f'data-k="{path.length}" data-from="IIS/bbr"' in body.decode()
            status, _, body = request(running, "/?label=NNN&n=2")  # another puzzle: its tower
            assert status == 200 and 'data-k="0" data-from=""' in body.decode()
        finally:
            running.shutdown()


@pytest.mark.parametrize(
    ("query", "reason"),
    [
        ("from=SSX", "'SSX' is not a position"),
        ("from=SSS%2Frrb", "not a legal position of NNN"),
        ("from=SS%2Frr", "the start has 2 disks, not 3"),
        ("from=SSI%2Frrb&from=SSI%2Frrb", "'from' given twice"),
        ("from=" + "S" * 1000 + "%2F" + "r" * 1000, "the start has 1000 disks, not 3"),
    ],
)
def test_bad_starts_get_a_one_line_reason(server, query, reason):
    for target in (
        f"/api/frame?label=NNN&n=3&k=0&{query}",
        f"/api/scene?label=NNN&n=3&{query}",
        f"/?label=NNN&n=3&{query}",
    ):
        got, _, body = request(server, target)
        text = json.loads(body)["error"] if target.startswith("/api/") else body.decode()
        assert got == 400 and reason in text, (target, text)
        assert "Traceback" not in text and len(text.strip().splitlines()) == 1


def test_other_methods_and_hosts_are_refused(server):
    status, headers, body = request(server, "/", method="POST")
    assert status == 405 and headers["Allow"] == "GET, HEAD" and b"POST" in body
    status, _, body = request(server, "/", method="BREW")
    assert status == 405
    status, _, body = request(server, "/", headers={"Host": "evil.example:80"})
    assert status == 400 and b"unexpected Host header" in body


def test_a_malformed_request_line_or_a_silent_client_does_not_hang(server):
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as raw:
        raw.sendall(b"GET / HTTP/9.9 extra\r\n\r\n")
        answer = raw.recv(4096)
    assert answer.startswith(b"HTTP/1.0 400")
    silent = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    try:  # a client that says nothing holds one thread, not the server
        assert request(server, "/api/frame?label=NNN&n=3&k=1")[0] == 200
    finally:
        silent.close()


# --- the command line -------------------------------------------------------------------


def test_view_html_writes_a_page(tmp_path):
    target = tmp_path / "nnn.html"
    status, out, err = run("view", "NNN", "2", "--html", str(target), "--at", "2")
    assert (status, err) == (0, "") and out == f"wrote {target}\n"
    assert _embedded(target.read_text())["scene"] == scene("NNN", 2)
    status, out, err = run("view", "NNN", "10", "--html", "-")
    assert status == 2 and out == "" and "at most 5,000 moves" in err and len(err.splitlines()) == 1
    status, _, err = run("view", "NNN", "3", "--port", "70000")
    assert status == 2 and "65535" in err


def test_view_html_from_a_position(tmp_path):
    target = tmp_path / "path.html"
    status, out, err = run("view", "NNN", "3", "--from", "SSI/rrb", "--html", str(target))
    assert (status, err) == (0, "") and out == f"wrote {target}\n"
    data = _embedded(target.read_text())
    path = default_registry.solve("NNN", 3, start=State.parse("SSI/rrb"))
    assert data["scene"] == scene("NNN", 3, "SSI/rrb") and data["scene"]["from"] == "SSI/rrb"
    assert [frame_[0] for frame_ in data["frames"]] == [
        str(path.unrank(k)) for k in range(path.length + 1)
    ]
    status, out, _ = run("view", "classic", "3", "--from", "S: 3 | I: 2 1 | D: -", "--html", "-")
    assert status == 0 and 'data-from="SII"' in out
    status, out, _ = run("view", "NNN", "3", "--from", "start", "--html", "-")  # the tower
    assert status == 0 and 'data-from=""' in out


@pytest.mark.parametrize(
    ("arguments", "status", "reason"),
    [
        (["NNN", "3", "--from", "SSX"], 2, "'SSX' is not a position"),
        (["NNN", "3", "--from", "SSS/rrb"], 2, "is not a legal position under"),
        (["NNN", "3", "--from", "SS/rr"], 2, "'SS/rr' has 2 disks, but N is 3"),
        (["NNN", "1001", "--from", "SSI/rrb"], 2, "the viewer draws 0 to 1,000 disks"),
        (["NNN", "3", "--from", "SSI/rrb", "--at", "11"], 2, "out of range"),
        (["NNN", "10", "--from", "SSSSSSSSSI/rrrrrrrrrb"], 2, "from SSSSSSSSSI/rrrrrrrrrb takes"),
    ],
)
def test_view_from_a_bad_position_fails_in_one_line(arguments, status, reason):
    for mode in (["--html", "-"], ["--no-browser"]):
        if mode == ["--no-browser"] and "takes" in reason:
            continue  # only the export is limited in length
        got, out, err = run("view", *arguments, *mode)
        assert (got, out) == (status, "") and reason in err, err
        assert len(err.splitlines()) == 1 and "Traceback" not in err


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_view_serves_until_ctrl_c():
    # A child inherits an ignored SIGINT (and Python then installs no KeyboardInterrupt): some
    # dependency's tests leave it ignored in the pytest worker, so the child gets it back as a
    # shell gives it, or Ctrl-C would never reach the viewer here (seen: a 60 s timeout in CI).
    process = subprocess.Popen(
        [sys.executable, "-m", "hanoi_magnet", "view", "RBB", "2", "--no-browser", "--at", "-1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_default_sigint,  # noqa: PLW1509 (a test, no threads started before)
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        match = re.fullmatch(r"hanoi-magnet viewer: (http://127\.0\.0\.1:(\d+)/\S*)\n", line)
        assert match, line
        assert match[1].endswith("?label=RBB&n=2&k=4")
        connection = http.client.HTTPConnection("127.0.0.1", int(match[2]), timeout=10)
        connection.request("GET", "/api/frame?label=RBB&n=2&k=4")
        assert json.loads(connection.getresponse().read())["state"] == str(solve("RBB", 2).goal)
        connection.close()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)  # generous: CI machines may be loaded
    finally:
        process.kill()
        process.communicate()  # reaped and its pipes closed, whatever happened above
    assert process.returncode == 130 and err == "" and out.endswith("stopped\n")  # as SIGINT


def test_view_reports_a_busy_port_in_one_line(server):
    status, _, err = run("view", "NNN", "3", "--no-browser", "--port", str(server.port))
    assert status == 6 and "in use" in err and len(err.splitlines()) == 1


def test_view_opens_the_browser_unless_told_not_to(monkeypatch):
    opened = []

    def fake_serve(self):
        raise KeyboardInterrupt

    monkeypatch.setattr("webbrowser.open", opened.append)
    monkeypatch.setattr(ViewerServer, "serve_forever", fake_serve)
    status, out, _ = run("view", "NNN", "3")
    assert status == 130 and len(opened) == 1 and opened[0] in out and out.endswith("stopped\n")
    status, out, _ = run("view", "NNN", "3", "--from", "SSI/rrb", "--at", "-1")
    assert status == 130 and opened[1].endswith("/?label=NNN&n=3&from=SSI%2Frrb&k=10")
    assert opened[1] in out
    status, out, _ = run("view", "NNN", "--from", "SSI/rrb", "--to", "IDD/brr", "--play")
    assert status == 130 and opened[2].endswith("&from=SSI%2Frrb&to=IDD%2Fbrr&k=0&mode=play")


def test_view_takes_positions_as_every_command_does(tmp_path):
    """N may be left out when --from or --to gives it; --to aims elsewhere (issue 23, item 7)."""
    target = tmp_path / "page.html"
    assert run("view", "NNN", "--from", "SSI/rrb", "--html", str(target))[0] == 0
    assert 'data-from="SSI/rrb"' in target.read_text() and 'data-n="3"' in target.read_text()
    assert run("view", "NNN", "--to", "IDD/brr", "--html", str(target))[0] == 0
    page = target.read_text()
    assert 'data-to="IDD/brr"' in page and 'data-from=""' in page
    path = default_registry.solve("NNN", 3, goal=State.parse("IDD/brr"))
    assert _embedded(page)["scene"]["length"] == str(path.length)
    status, out, err = run("view", "NNN", "--html", "-")
    assert (status, out) == (2, "") and "give N" in err and len(err.splitlines()) == 1
    status, out, err = run("view", "NNN", "4", "--from", "SSI/rrb", "--html", "-")
    assert (status, out) == (2, "") and "has 3 disks, but N is 4" in err


def test_view_from_a_dead_end_shows_it_with_the_reason():
    status, out, _ = run("view", "NNN", "3", "--from", "SID/rrr", "--html", "-")
    assert status == 0 and _embedded(out)["scene"]["reason"].startswith("no sequence")
