"""Play mode's answers against breadth-first search; the graph; the server's new answers; load.

``play_position`` says what every drop does (checked against the rules), how far the goal is
(checked against ``tests.oracle.bfs_distance``) and an optimal next move (one that brings the
goal one move closer, by the oracle). ``graph_data`` lays out every legal position with its
distance to the goal (the oracle's again). The server answers them without one lock for
everything: a cheap request is answered while expensive ones run.
"""

from __future__ import annotations

import http.client
import json
import random
import threading
import urllib.parse
from collections.abc import Iterator

import pytest

from hanoi_magnet import ClassicRules, Move, Rule, State, default_registry, labels
from hanoi_magnet.view import (
    MAX_DISKS,
    MAX_GRAPH_NODES,
    MAX_SEARCH_STATES,
    ViewerServer,
    _server,
    graph_data,
    play_position,
)
from tests.oracle import bfs_distance, legal_positions, random_legal_position

THREE_POSTS = [label for label in labels() if default_registry.variant(label).posts == 3]


def _check_position(label: str, n: int, state: State, goal: State | None = None) -> None:
    variant = default_registry.variant(label)
    rules = variant.rules
    aim = variant.goal(n) if goal is None else goal
    data = play_position(label, n, state.format(compact=True), goal=aim.format(compact=True))
    assert State.parse(data["pos"]) == state and data["state"] == str(state)
    expected = {}
    for source, stack in enumerate(state.posts):
        for target in range(rules.posts):
            if stack and target != source:
                expected[source, target] = rules.check(state, Move(stack[-1], source, target))
    assert {(m["source"], m["target"]) for m in data["moves"]} == set(expected)
    for move in data["moves"]:
        broken = expected[move["source"], move["target"]]
        if broken is None:
            after = rules.apply(state, Move(move["disk"], move["source"], move["target"]))
            assert State.parse(move["next"]) == after
        else:
            assert move["next"] is None
            assert move["refused"]["rule"] == broken.value
            assert move["refused"]["why"] == broken.describe()
    steps = bfs_distance(rules, state, aim)
    if steps is None:
        assert data["distance"] is None and data["reason"].startswith("unreachable")
        assert data["hint"] is None
        return
    assert data["distance"] == str(steps)
    if steps == 0:
        assert data["hint"] is None
        return
    hint = data["hint"]
    assert hint in data["moves"] and hint["next"] is not None
    assert bfs_distance(rules, State.parse(hint["next"]), aim) == steps - 1  # optimal


@pytest.mark.parametrize("label", THREE_POSTS)
def test_every_position_of_every_three_post_variant_is_guided_exactly(label):
    rules = default_registry.variant(label).rules
    rng = random.Random(label)
    for n in (1, 2, 3):
        positions = legal_positions(rules, n)
        for state in rng.sample(positions, min(len(positions), 12)):
            _check_position(label, n, state)
    goal = rng.choice(legal_positions(rules, 3))  # another aim
    for state in rng.sample(legal_positions(rules, 3), 6):
        _check_position(label, 3, state, goal)


def test_four_and_five_posts_are_searched_within_the_limit():
    rng = random.Random(4)
    for label, n in (("classic:4", 3), ("classic:5", 2)):
        rules = default_registry.variant(label).rules
        for _ in range(5):
            _check_position(label, n, random_legal_position(rules, n, rng))
    beyond = play_position("classic:4", 14)  # 4^14 positions: refused at once, and said so
    assert beyond["distance"] is None and beyond["hint"] is None
    assert f"at most {MAX_SEARCH_STATES:,} positions" in beyond["reason"]
    assert len(beyond["moves"]) == 3  # play goes on: the moves are still known


def test_guidance_at_a_thousand_disks_is_exact_on_the_path():
    """Along a known optimal route the distance drops by one per move, at 1,000 disks."""
    solution = default_registry.solve("NNN", MAX_DISKS)
    for k in (solution.length - 3, solution.length // 2):
        state = solution.unrank(k)
        data = play_position("NNN", MAX_DISKS, state.format(compact=True))
        assert data["distance"] == str(solution.length - k)  # the solution is optimal
        after = default_registry.variant("NNN").rules.apply(
            state, Move(data["hint"]["disk"], data["hint"]["source"], data["hint"]["target"])
        )
        assert play_position("NNN", MAX_DISKS, after)["distance"] == str(solution.length - k - 1)


def test_rrr_has_no_legal_first_move_and_says_which_rule():
    data = play_position("RRR", 3)
    assert data["pos"] == "SSS/rrr" and data["distance"] is None
    assert {m["refused"]["rule"] for m in data["moves"]} == {Rule.POST_COLOR.value}
    assert "dead end" in data["reason"]


@pytest.mark.parametrize(("label", "n"), [("classic", 3), ("NNN", 3), ("linear", 3), ("RBB", 2)])
def test_the_graph_has_every_position_and_its_distance(label, n):
    rules = default_registry.variant(label).rules
    data = graph_data(label, n, moves=True)
    positions = legal_positions(rules, n)
    assert data["size"] == len(data["nodes"]) == len(positions)
    nodes = [State.parse(node[2], posts=3, magnetic=rules.magnetic) for node in data["nodes"]]
    assert set(nodes) == set(positions)
    goal = default_registry.variant(label).goal(n)
    assert nodes[data["goal"]] == goal
    for state, far in zip(nodes, data["distance"], strict=True):
        steps = bfs_distance(rules, state, goal)
        assert far == (-1 if steps is None else steps)
    for state, fields, moves in zip(nodes, data["fields"], data["moves"], strict=True):
        assert fields["state"] == str(state)
        assert moves == play_position(label, n, state)["moves"]
    seen = {(a, b) for a, b in data["edges"]}
    for a, state in enumerate(nodes):  # every legal move is an edge (both ways if undirected)
        for move in rules.legal_moves(state):
            b = nodes.index(rules.apply(state, move))
            assert (a, b) in seen or (not data["directed"] and (b, a) in seen)


def test_the_graph_is_drawn_up_to_its_limit_and_a_note_says_so_beyond():
    assert MAX_GRAPH_NODES == 1100
    assert graph_data("classic:4", 5)["size"] == 1024  # just below: drawn
    assert len(graph_data("classic:4", 5)["nodes"]) == 1024
    above = graph_data("NNN", 5)  # 1,566 positions
    assert above["nodes"] is None and "1,566 positions: drawn up to 1,100" in above["note"]
    assert graph_data("classic", 7)["nodes"] is None  # 2,187
    sierpinski = graph_data("classic", 1)["nodes"]  # the library's layout: a triangle
    assert [node[2] for node in sierpinski] == ["S", "I", "D"]
    assert sierpinski[0][:2] == [0.0, 0.0] and sierpinski[1][1] == sierpinski[2][1] > 0


def test_what_counts_as_expensive_both_sides_of_each_threshold():
    assert not _server._expensive("NNN", 100, True)
    assert _server._expensive("NNN", 101, True)
    assert not _server._expensive("NNN", MAX_DISKS, False)  # the variant's own solution
    four = ClassicRules(4)
    assert four.posts == 4
    assert not _server._expensive("classic:4", 6, True)  # 4,096 positions
    assert _server._expensive("classic:4", 7, True)  # 16,384


# --- the server --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def server() -> Iterator[ViewerServer]:
    with ViewerServer("NNN", 3) as running:
        thread = threading.Thread(target=running.serve_forever, daemon=True)
        thread.start()
        yield running
        running.shutdown()


def get(server: ViewerServer, target: str, timeout: float = 60) -> tuple[int, dict]:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=timeout)
    try:
        connection.request("GET", target)
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def test_the_server_answers_positions_and_graphs(server):
    status, data = get(server, "/api/position?label=NNN&n=3&pos=SSI%2Frrb")
    assert status == 200 and data == play_position("NNN", 3, "SSI/rrb")
    status, data = get(server, "/api/position?label=NNN&n=3&pos=SSI%2Frrb&to=IDD%2Fbrr")
    assert status == 200 and data["goal"] == "IDD/brr"
    status, data = get(server, "/api/graph?label=classic&n=3&to=DDD")
    assert status == 200 and data == graph_data("classic", 3, "DDD")
    status, data = get(server, "/api/scene?label=NNN&n=3&to=IDD%2Fbrr")
    assert status == 200 and data["to"] == "IDD/brr" and data["from"] is None
    status, data = get(server, "/api/frame?label=RRR&n=3&k=0")
    assert status == 200 and data["next"] is None
    for target, reason in [
        ("/api/position?label=NNN&n=3&pos=SSS%2Frrb", "not a legal position of NNN"),
        ("/api/position?label=NNN&n=3&pos=SS%2Frr", "has 2 disks, not 3"),
        ("/api/position?label=NNN&n=3&to=SSX", "'SSX' is not a position"),
        ("/api/position?label=NNN&n=1001", "0 to 1,000 disks"),
        ("/api/graph?label=NNN&n=3&pos=SSS", "unknown parameter 'pos'"),
        ("/api/position?label=classic:4&n=3&pos=SSS", "as digits"),
    ]:
        status, data = get(server, target)
        assert status == 400 and reason in data["error"], (target, data)


def _wander(n: int, steps: int, rng: random.Random) -> str:
    rules = default_registry.variant("NNN").rules
    state = default_registry.variant("NNN").start(n)
    for _ in range(steps):
        state = rules.apply(state, rng.choice(rules.legal_moves(state)))
    return state.format(compact=True)


def test_a_cheap_request_is_answered_while_expensive_ones_run(server):
    """8 expensive requests at once (1,000-disk paths from 8 new starts, one computed at a
    time): a cheap one sent after them comes back while they are still running."""
    rng = random.Random(8)
    starts = [_wander(MAX_DISKS, 40 + i, rng) for i in range(8)]
    finished: list[int] = []
    statuses: list[int] = []

    def heavy(start: str) -> None:
        query = urllib.parse.urlencode({"label": "NNN", "n": MAX_DISKS, "from": start, "k": -2})
        status, _ = get(server, f"/api/frame?{query}", timeout=120)
        statuses.append(status)
        finished.append(1)

    threads = [threading.Thread(target=heavy, args=(start,)) for start in starts]
    for thread in threads:
        thread.start()
    while server.heavy._value > 0 and len(finished) < len(starts):  # type: ignore[attr-defined]
        threading.Event().wait(0.005)  # until the long-work place is taken
    status, data = get(server, "/api/frame?label=NNN&n=3&k=5")
    running = len(finished) < len(starts)
    status_position, _ = get(server, "/api/position?label=NNN&n=5&pos=SSSSI%2Frrrrb")
    for thread in threads:
        thread.join()
    assert status == status_position == 200 and data["k"] == "5"
    assert running, "the cheap request waited until every expensive one had finished"
    assert statuses == [200] * 8


def test_an_expensive_request_without_a_place_is_refused_with_429(server, monkeypatch):
    monkeypatch.setattr(_server, "HEAVY_WAIT", 0.05)
    for _ in range(_server.HEAVY_SLOTS):
        assert server.heavy.acquire(timeout=5)
    try:
        start = _wander(MAX_DISKS, 10, random.Random(1))
        query = urllib.parse.urlencode({"label": "NNN", "n": MAX_DISKS, "from": start, "k": 0})
        status, data = get(server, f"/api/frame?{query}")
        assert status == 429 and "busy" in data["error"]
        status, data = get(server, "/api/frame?label=NNN&n=1000&k=12345")  # cheap: answered
        assert status == 200
    finally:
        for _ in range(_server.HEAVY_SLOTS):
            server.heavy.release()
