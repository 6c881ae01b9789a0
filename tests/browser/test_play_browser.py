"""Play mode in Chromium: moves by click, drag and keys; refusals; guidance; undo; the graph.

Every position the page reaches is checked against the library (``rules.apply`` of the move
made, ``search.distance`` for the guidance) and against what the browser drew.
"""

from __future__ import annotations

import random
import threading
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hanoi_magnet import Move, Rule, State, default_registry
from hanoi_magnet.search import distance
from hanoi_magnet.view import ViewerServer, export_html
from tests.browser.conftest import Watched, shoot
from tests.browser.test_viewer_browser import drawn_state, wait_for, wait_until
from tests.oracle import bfs_distance, legal_positions


@pytest.fixture(scope="module")
def server() -> Iterator[ViewerServer]:
    with ViewerServer("NNN", 3) as running:
        thread = threading.Thread(target=running.serve_forever, daemon=True)
        thread.start()
        yield running
        running.shutdown()


def open_play(page: Any, address: str, label: str, n: int, **ends: str) -> None:
    query = {"label": label, "n": n, **{k: v for k, v in ends.items() if v}, "mode": "play"}
    page.goto(f"{address}/?{urllib.parse.urlencode(query)}")
    wait_idle(page)


def wait_idle(page: Any, position: str | None = None) -> None:
    """Until the page answers for ``position`` (or any position) and waits for nothing."""
    want = "" if position is None else f" && viewer.dataset.position === {position!r}"
    wait_until(
        page,
        "(() => { const viewer = document.querySelector('#viewer'); "
        f"return viewer.dataset.position && viewer.dataset.busy === ''{want}; }})()",
    )


def shown_position(page: Any) -> str:
    return str(page.get_attribute("#viewer", "data-position"))


def zone(page: Any, post: int) -> Any:
    return page.locator(f"#picture rect.zone[data-post='{post}']")


def make_move(page: Any, source: int, target: int, how: str = "click") -> None:
    """Pick up the top disk of ``source`` and put it on ``target``: by click, drag or keys."""
    if how == "click":
        zone(page, source).click()
        zone(page, target).click()
    elif how == "drag":
        first = zone(page, source).bounding_box()
        second = zone(page, target).bounding_box()
        page.mouse.move(first["x"] + first["width"] / 2, first["y"] + first["height"] * 0.6)
        page.mouse.down()
        page.mouse.move(second["x"] + second["width"] / 2, second["y"] + second["height"] * 0.6)
        page.mouse.up()
    else:  # keys: the post letters
        names = page.evaluate("window.hanoiViewer.scene.posts")
        page.keyboard.press(names[source].lower())
        page.keyboard.press(names[target].lower())


def test_random_play_then_hints_reach_the_goal_in_exactly_distance_moves(
    watched: Watched, screenshots: Path
):
    """200 random legal moves at NNN with 20 disks (by click, drag and keys, each checked
    against rules.apply), then the hints lead back to the aim in exactly distance() moves."""
    n = 20
    variant = default_registry.variant("NNN")
    rules = variant.rules
    start = variant.start(n)
    aim = start.format(compact=True)  # the walk wanders off the tower; the hints bring it back
    rng = random.Random(2026)
    with ViewerServer("NNN", n, goal=aim) as running:
        thread = threading.Thread(target=running.serve_forever, daemon=True)
        thread.start()
        try:
            page = watched.page
            open_play(page, running.address, "NNN", n, to=aim)
            assert page.text_content("#to-goal") == "at the goal: solved"
            state = start
            for step in range(200):
                legal = rules.legal_moves(state)
                move = rng.choice(legal)
                how = ("click", "drag", "keys")[step % 3]
                make_move(page, move.source, move.target, how)
                state = rules.apply(state, move)
                wait_idle(page, state.format(compact=True))
                assert page.get_attribute("#counter", "data-moves") == str(step + 1)
            assert drawn_state(page) == state
            remaining = distance(rules, state, start)
            assert remaining > 0
            assert page.get_attribute("#to-goal", "data-distance") == str(remaining)
            shoot(page, screenshots, "play-nnn-20-after-200-random-moves")
            followed = 0
            while page.get_attribute("#to-goal", "data-distance") != "0":
                page.click("#hint")
                hint = page.evaluate("window.hanoiViewer.info.hint")
                assert page.text_content("#hint-text").startswith(f"hint: disk {hint['disk']},")
                if followed == 0:
                    shoot(page, screenshots, "play-nnn-20-hint")
                make_move(page, hint["source"], hint["target"])
                state = rules.apply(state, Move(hint["disk"], hint["source"], hint["target"]))
                followed += 1
                wait_idle(page, state.format(compact=True))
                assert followed <= remaining
            assert followed == remaining and state == start
            assert drawn_state(page) == start
            assert watched.errors == [] and watched.outside == []
        finally:
            running.shutdown()


def _example(label: str, n: int, rule: Rule) -> tuple[State, Move]:
    """A position of ``label`` and a drop from it that breaks ``rule`` (found by scanning)."""
    rules = default_registry.variant(label).rules
    for state in legal_positions(rules, n):
        for source, stack in enumerate(state.posts):
            for target in range(rules.posts):
                if stack and target != source:
                    move = Move(stack[-1], source, target)
                    if rules.check(state, move) is rule:
                        return state, move
    raise AssertionError(f"no drop breaking {rule} in {label} with {n} disks")


@pytest.mark.parametrize(
    ("label", "rule"),
    [
        ("classic", Rule.SIZE),
        ("NNN", Rule.REPULSION),
        ("RBB", Rule.POST_COLOR),
        ("linear", Rule.DIRECTION),
    ],
)
def test_each_kind_of_illegal_drop_shows_its_rule(
    watched: Watched, server: ViewerServer, screenshots: Path, label: str, rule: Rule
):
    state, move = _example(label, 3, rule)
    page = watched.page
    text = state.format(compact=True)
    open_play(page, server.address, label, 3, **{"from": text})
    assert drawn_state(page) == state
    zone(page, move.source).click()
    lit = page.eval_on_selector_all("#picture rect.zone.legal", "z => z.map(r => r.dataset.post)")
    rules = default_registry.variant(label).rules
    assert sorted(int(post) for post in lit) == sorted(
        m.target for m in rules.legal_moves(state) if m.source == move.source
    )
    if rule is Rule.REPULSION:
        shoot(page, screenshots, "play-holding-a-disk-targets-lit")
    zone(page, move.target).click()
    message = page.text_content("#play-message")
    assert f"refused ({rule.value}): {rule.describe()}" in message
    assert page.get_attribute("#viewer", "data-refused") == rule.value
    assert shown_position(page) == text and page.get_attribute("#counter", "data-moves") == "0"
    if rule is Rule.REPULSION:
        shoot(page, screenshots, "play-refused-repulsion")
    empty = next((post for post, stack in enumerate(state.posts) if not stack), None)
    if empty is not None:
        zone(page, empty).click()
        assert f"(empty source): {Rule.EMPTY_SOURCE.describe()}" in page.text_content(
            "#play-message"
        )
    assert watched.errors == [] and watched.outside == []


def test_undo_and_redo_restore_the_exact_positions(watched: Watched, server: ViewerServer):
    variant = default_registry.variant("RBB")
    rules = variant.rules
    rng = random.Random(7)
    page = watched.page
    open_play(page, server.address, "RBB", 4)
    visited = [variant.start(4)]
    for _ in range(12):
        move = rng.choice(rules.legal_moves(visited[-1]))
        make_move(page, move.source, move.target)
        visited.append(rules.apply(visited[-1], move))
        wait_idle(page, visited[-1].format(compact=True))
    for back in range(12, 0, -1):
        page.click("#undo")
        wait_idle(page, visited[back - 1].format(compact=True))
        assert drawn_state(page) == visited[back - 1]
        assert page.get_attribute("#counter", "data-moves") == str(back - 1)
    assert page.is_disabled("#undo")
    for forward in range(1, 13):
        page.keyboard.press("y")
        wait_idle(page, visited[forward].format(compact=True))
        assert drawn_state(page) == visited[forward]
    assert page.is_disabled("#redo")
    page.keyboard.press("u")
    wait_idle(page, visited[11].format(compact=True))
    other = next(
        m for m in rules.legal_moves(visited[11]) if rules.apply(visited[11], m) != visited[12]
    )
    make_move(page, other.source, other.target)
    wait_idle(page, rules.apply(visited[11], other).format(compact=True))
    assert page.is_disabled("#redo")  # a new move forgets the moves taken back
    asked: list[str] = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    page.click("#reset")  # a game in progress is not thrown away without a word
    wait_idle(page, visited[0].format(compact=True))
    assert asked == ["Back to the start? Your game in progress (12 moves made) will be discarded."]
    assert page.get_attribute("#counter", "data-moves") == "0"
    assert watched.errors == [] and watched.outside == []


def test_clicking_a_graph_node_jumps_there(
    watched: Watched, server: ViewerServer, screenshots: Path
):
    variant = default_registry.variant("NNN")
    page = watched.page
    page.goto(f"{server.address}/?label=NNN&n=3&k=4")
    wait_for(page, 4)
    solution = default_registry.solve("NNN", 3)
    current = page.get_attribute("#graph circle.current", "data-pos")
    assert current == solution.unrank(4).format(compact=True)  # scrubbing moves it too
    path_edges = page.eval_on_selector_all("#graph g.path line", "lines => lines.length")
    assert path_edges == solution.length - 4
    shoot(page, screenshots, "scrub-nnn-3-with-graph")
    target = State.parse("IDS/brr")
    page.click(f"#graph circle[data-pos='{target.format(compact=True)}']")
    wait_idle(page, "IDS/brr")
    assert page.get_attribute("#viewer", "data-mode") == "play"
    assert drawn_state(page) == target
    assert page.get_attribute("#graph circle.current", "data-pos") == "IDS/brr"
    steps = bfs_distance(variant.rules, target, variant.goal(3))
    assert page.get_attribute("#to-goal", "data-distance") == str(steps)
    assert page.eval_on_selector_all("#graph g.path line", "lines => lines.length") == steps
    page.click("#graph circle[data-pos='SSS/rrr']")
    wait_idle(page, "SSS/rrr")
    page.click("#undo")  # a jump is a step one can take back
    wait_idle(page, "IDS/brr")
    shoot(page, screenshots, "play-nnn-3-graph-jump")
    assert watched.errors == [] and watched.outside == []


def test_a_goal_given_with_to_round_trips(watched: Watched, screenshots: Path):
    """--to on the server, in the address, in the form; finish optimally reaches it."""
    variant = default_registry.variant("NNN")
    goal = State.parse("IDD/brr")
    with ViewerServer("NNN", 3, goal="IDD/brr") as running:
        thread = threading.Thread(target=running.serve_forever, daemon=True)
        thread.start()
        try:
            page = watched.page
            page.goto(running.url)
            assert "to=IDD%2Fbrr" in running.url
            wait_for(page, 0)
            length = bfs_distance(variant.rules, variant.start(3), goal)
            assert page.get_attribute("#viewer", "data-length") == str(length)
            page.locator("#slider").fill(str(length))
            wait_for(page, length)
            assert drawn_state(page) == goal
            assert "to=IDD%2Fbrr" in page.url
            page.reload()
            wait_for(page, length)
            assert drawn_state(page) == goal and page.input_value("#to-pos") == "IDD/brr"
            # in play: two moves, then finish optimally from there: it plays on to the goal
            page.click("#mode-play")
            wait_idle(page, "SSS/rrr")
            make_move(page, 0, 2)
            wait_idle(page, "SSD/rrb")
            make_move(page, 0, 1)
            wait_idle(page, "SID/rbb")
            here = State.parse("SID/rbb")
            remaining = bfs_distance(variant.rules, here, goal)
            assert page.get_attribute("#to-goal", "data-distance") == str(remaining)
            page.click("#finish")
            wait_idle(page, "IDD/brr")
            assert page.get_attribute("#viewer", "data-mode") == "play"
            assert page.get_attribute("#counter", "data-moves") == str(2 + remaining)
            assert drawn_state(page) == goal and "to=IDD%2Fbrr" in page.url
            page.click("#mode-scrub")
            # a new aim typed in the page travels in the address too
            page.fill("#from-pos", "")
            page.fill("#to-pos", "DDD/bbb")
            page.click("#ends button[type=submit]")
            wait_until(page, "document.querySelector('#viewer').dataset.to === ''")
            wait_for(page, 0)
            assert "to=" not in page.url  # the variant's own goal is not repeated
            page.fill("#to-pos", "SSX")
            page.click("#ends button[type=submit]")
            wait_until(page, "!document.querySelector('#error').hidden")
            assert "'SSX' is not a position" in page.text_content("#error")
            watched.errors[:] = [e for e in watched.errors if "400" not in e]  # SSX, asked for
            assert watched.errors == [] and watched.outside == []
        finally:
            running.shutdown()


def test_rrr_shows_its_start_and_why_it_has_no_first_move(
    watched: Watched, server: ViewerServer, screenshots: Path
):
    page = watched.page
    response = page.goto(f"{server.address}/?label=RRR&n=3")
    assert response.status == 200
    wait_for(page, 0)
    start = default_registry.variant("RRR").start(3)
    assert drawn_state(page) == start
    reason = page.text_content("#reason")
    assert "no legal first move" in reason and page.is_visible("#reason")
    shoot(page, screenshots, "rrr-3-explained")
    page.click("#mode-play")
    wait_idle(page, start.format(compact=True))
    assert "unreachable" in page.text_content("#to-goal")
    assert "no legal move from here" in page.text_content("#play-message")
    assert Rule.POST_COLOR.describe() in page.text_content("#play-message")
    make_move(page, 0, 1)
    assert f"refused (post color): {Rule.POST_COLOR.describe()}" in page.text_content(
        "#play-message"
    )
    shoot(page, screenshots, "rrr-3-play-refused")
    # the chooser names each group's meaning
    groups = page.eval_on_selector_all("#choose optgroup", "gs => gs.map(g => g.label)")
    assert [g.split(":")[0] for g in groups] == [
        "Magnetic, three posts",
        "Classic families",
        "Direction sets",
    ]
    assert watched.errors == [] and watched.outside == []


def test_an_exported_page_plays_without_a_server(
    watched: Watched, tmp_path: Path, screenshots: Path
):
    target = tmp_path / "nnn-2.html"
    target.write_text(export_html("NNN", 2, mode="play"), encoding="utf-8")
    variant = default_registry.variant("NNN")
    page = watched.page
    page.goto(target.as_uri())
    wait_idle(page, "SS/rr")
    make_move(page, 0, 1)
    state = variant.rules.apply(variant.start(2), Move(1, 0, 1))
    wait_idle(page, state.format(compact=True))
    make_move(page, 0, 1)  # disk 2 onto disk 1: refused
    assert "refused (size)" in page.text_content("#play-message")
    followed = 0
    while page.get_attribute("#to-goal", "data-distance") != "0":
        page.click("#hint")
        hint = page.evaluate("window.hanoiViewer.info.hint")
        make_move(page, hint["source"], hint["target"])
        state = variant.rules.apply(state, Move(hint["disk"], hint["source"], hint["target"]))
        followed += 1
        wait_idle(page, state.format(compact=True))
    first = variant.rules.apply(variant.start(2), Move(1, 0, 1))
    assert followed == bfs_distance(variant.rules, first, variant.goal(2))
    assert state == variant.goal(2)
    shoot(page, screenshots, "export-nnn-2-play-solved")
    page.click("#graph circle[data-pos='SS/rr']")
    wait_idle(page, "SS/rr")
    assert watched.errors == [] and watched.outside == []


def test_an_exported_page_too_big_to_play_scrubs_and_says_why(watched: Watched, tmp_path: Path):
    """NNN 5 from a position: 1,566 positions, no graph embedded; the route still scrubs."""
    target = tmp_path / "nnn-5-from.html"
    target.write_text(export_html("NNN", 5, start="SSSII/rrrbb"), encoding="utf-8")
    page = watched.page
    page.goto(target.as_uri())
    wait_for(page, 0)
    assert drawn_state(page) == State.parse("SSSII/rrrbb")
    page.click("#last")
    path = default_registry.solve("NNN", 5, start=State.parse("SSSII/rrrbb"))
    wait_for(page, path.length)
    assert drawn_state(page) == path.goal
    page.click("#mode-play")
    assert "serve it with hanoi-magnet view to play" in page.text_content("#reason")
    assert page.get_attribute("#viewer", "data-mode") == "scrub"
    assert page.is_hidden("#graph")
    assert watched.errors == [] and watched.outside == []


def test_four_posts_play_by_search_with_their_graph(
    watched: Watched, server: ViewerServer, screenshots: Path
):
    """classic:4: the keys are the posts' digits, the distance is searched, the graph is the
    library's square layout."""
    variant = default_registry.variant("classic:4")
    page = watched.page
    open_play(page, server.address, "classic:4", 3)
    assert page.eval_on_selector_all("#graph circle", "dots => dots.length") == 4**3
    page.keyboard.press("0")
    page.keyboard.press("1")
    state = variant.rules.apply(variant.start(3), Move(1, 0, 1))
    wait_idle(page, state.format(compact=True))
    assert drawn_state(page) == state
    steps = bfs_distance(variant.rules, state, variant.goal(3))
    assert page.get_attribute("#to-goal", "data-distance") == str(steps)
    shoot(page, screenshots, "play-classic4-3")
    assert watched.errors == [] and watched.outside == []
