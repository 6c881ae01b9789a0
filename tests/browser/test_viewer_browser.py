"""The viewer in Chromium: every way of moving k shows exactly ``unrank(k)``, with no error."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hanoi_magnet import Color, Solution, State, default_registry, solve
from hanoi_magnet.draw import render_svg
from hanoi_magnet.view import ViewerServer, _server, export_html
from tests.browser.conftest import Watched, shoot

# The disks and rods as laid out on the screen: each disk's title and the centre and bottom of
# its box, each rod's centre (the browser's own geometry, after scaling).
_DRAWN = """() => {
  const svg = document.querySelector("#picture svg");
  const centre = (box) => box.left + box.width / 2;
  return {
    rods: [...svg.querySelectorAll("rect.rod")].map((r) => centre(r.getBoundingClientRect())),
    disks: [...svg.querySelectorAll("g.disk")].map((g) => {
      const box = g.querySelector("rect").getBoundingClientRect();
      return [g.querySelector("title").textContent, centre(box), box.bottom];
    }),
  };
}"""
_FACES = {"red": Color.RED, "blue": Color.BLUE}


def drawn_state(page: Any) -> State:
    """The position the page shows, read from where the browser put each disk."""
    drawn = page.evaluate(_DRAWN)
    rods = drawn["rods"]
    stacks: list[list[tuple[float, int]]] = [[] for _ in rods]
    faces: dict[int, Color | None] = {}
    for title, x, bottom in drawn["disks"]:
        words = title.replace(",", "").split()  # "disk 3 red up" or "disk 3"
        size = int(words[1])
        faces[size] = _FACES[words[2]] if len(words) > 2 else None
        post = min(range(len(rods)), key=lambda p: abs(rods[p] - x))
        assert abs(rods[post] - x) < 1.0, f"disk {size} is off its post"
        stacks[post].append((bottom, size))
    posts = [[size for _, size in sorted(stack, reverse=True)] for stack in stacks]
    magnetic = any(face is not None for face in faces.values())
    return State(posts, [faces[d] for d in range(1, len(faces) + 1)] if magnetic else None)


def shown(page: Any) -> int:
    return int(page.get_attribute("#viewer", "data-shown"))


def wait_until(page: Any, condition: str, timeout: float = 10.0) -> None:
    """Poll ``condition`` (a JavaScript expression) until it holds (the viewer's policy forbids
    the eval that Playwright's wait_for_function would use)."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(f"() => Boolean({condition})"):
        assert time.monotonic() < deadline, f"timed out waiting for {condition}"
        page.wait_for_timeout(25)


def wait_for(page: Any, k: int) -> None:
    page.wait_for_selector(f"#viewer[data-shown='{k}']", timeout=10_000)


def _solution(label: str, n: int, start: str | None) -> Solution:
    if start is None:
        return solve(label, n)
    return default_registry.solve(label, n, start=State.parse(start))


def check_position(page: Any, label: str, n: int, k: int, start: str | None = None) -> None:
    """The page shows move k of solve(label, n) (from ``start``): the library's very SVG, drawn
    in place."""
    wait_for(page, k)
    solution = _solution(label, n, start)
    state = solution.unrank(k)
    rules = solution.variant.rules
    colors = getattr(rules, "label", None)
    assert page.evaluate("window.hanoiViewer.svg") == render_svg(state, post_colors=colors)
    assert drawn_state(page) == state
    assert page.text_content("#state") == str(state)
    assert page.input_value("#k") == str(k)
    if k < solution.length:
        next_move = solution[k]
        assert f"disk {next_move.disk}," in page.text_content("#next-move")
        # for people, moves count from 1 (issue 34): after k moves the next is move k + 1
        assert page.text_content("#next-move").startswith(f"move {k + 1:,} \u2014")
    if k > 0:
        assert page.text_content("#last-move").startswith(f"move {k:,} \u2014")


@pytest.fixture(scope="module")
def server() -> Iterator[ViewerServer]:
    with ViewerServer("NNN", 4, at=5) as running:
        thread = threading.Thread(target=running.serve_forever, daemon=True)
        thread.start()
        yield running
        running.shutdown()


def test_slider_box_keys_and_buttons(watched: Watched, server: ViewerServer, screenshots: Path):
    page = watched.page
    page.goto(server.url)
    check_position(page, "NNN", 4, 5)
    shoot(page, screenshots, "viewer-nnn-4-at-5")
    page.locator("#slider").fill("17")  # 30 moves: one slider step per move
    check_position(page, "NNN", 4, 17)
    page.fill("#k", "23")
    page.press("#k", "Enter")
    check_position(page, "NNN", 4, 23)
    assert page.url == f"{server.address}/?label=NNN&n=4&k=23"  # to bookmark or share
    page.reload()
    check_position(page, "NNN", 4, 23)
    page.locator("body").click(position={"x": 5, "y": 5})
    for key, k in [("ArrowRight", 24), ("ArrowLeft", 23), ("ArrowLeft", 22), ("End", 30)]:
        page.keyboard.press(key)
        check_position(page, "NNN", 4, k)
    page.keyboard.press("Home")
    check_position(page, "NNN", 4, 0)
    page.keyboard.press("Shift+ArrowRight")
    check_position(page, "NNN", 4, 10)
    page.click("#forward")
    check_position(page, "NNN", 4, 11)
    page.click("#back")
    page.click("#back")
    check_position(page, "NNN", 4, 9)
    page.select_option("#speed", "25")
    page.click("#play")
    wait_until(page, "Number(document.querySelector('#viewer').dataset.shown) >= 20")
    page.click("#play")  # pause (a request already on its way may still land)
    page.wait_for_timeout(300)
    paused = shown(page)
    page.wait_for_timeout(300)
    assert shown(page) == paused
    check_position(page, "NNN", 4, paused)
    page.fill("#k", "31")  # out of range: refused in the page, nothing asked of the server
    page.press("#k", "Enter")
    assert "from 0 to 30" in page.text_content("#error")
    assert shown(page) == paused
    page.fill("#k", "-1")  # counted from the end
    page.press("#k", "Enter")
    check_position(page, "NNN", 4, 30)
    assert page.is_hidden("#error")
    assert watched.errors == [] and watched.outside == []


def test_quick_steps_count_from_the_position_asked_for(
    watched: Watched, server: ViewerServer, monkeypatch: pytest.MonkeyPatch
):
    # Two clicks on "back" while the first frame is still on its way go back two moves: the
    # second step counts from the position asked for, not from the one still shown (a slow
    # server, or a loaded machine, made the second click go where the first went).
    page = watched.page
    page.goto(f"{server.address}/?label=NNN&n=4&k=11")
    check_position(page, "NNN", 4, 11)
    frame = _server.frame

    def slow_frame(*args: Any, **kwargs: Any) -> Any:
        time.sleep(0.4)
        return frame(*args, **kwargs)

    monkeypatch.setattr(_server, "frame", slow_frame)
    page.click("#back")
    page.click("#back")
    page.click("#back")
    check_position(page, "NNN", 4, 8)
    page.locator("body").click(position={"x": 5, "y": 5})
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    check_position(page, "NNN", 4, 10)
    page.click("#forward")
    page.click("#forward")
    check_position(page, "NNN", 4, 12)
    assert watched.errors == [] and watched.outside == []


def test_huge_indices_travel_exactly(watched: Watched, server: ViewerServer, screenshots: Path):
    page = watched.page
    page.goto(f"{server.address}/?label=classic&n=64&k={2**63 - 1}")
    check_position(page, "classic", 64, 2**63 - 1)
    page.locator("body").click(position={"x": 5, "y": 5})
    page.keyboard.press("ArrowRight")  # 2**63 is not a float's neighbour of 2**63 - 1
    check_position(page, "classic", 64, 2**63)
    shoot(page, screenshots, "viewer-classic-64-at-2-63")
    length = solve("NNN", 1000).length
    k = length // 3 + 12345
    page.goto(f"{server.address}/?label=NNN&n=1000")
    wait_for(page, 0)
    page.fill("#k", str(k))
    page.press("#k", "Enter")
    check_position(page, "NNN", 1000, k)
    page.locator("#slider").fill("5000")  # half way: k = length * 5000 // 10000
    check_position(page, "NNN", 1000, length * 5000 // 10000)
    shoot(page, screenshots, "viewer-nnn-1000-half-way", full_page=True)
    assert watched.errors == [] and watched.outside == []


def test_colored_posts_and_switching_variant(
    watched: Watched, server: ViewerServer, screenshots: Path
):
    page = watched.page
    page.goto(f"{server.address}/?label=RBB&n=3&k=4")
    check_position(page, "RBB", 3, 4)
    shoot(page, screenshots, "viewer-rbb-3-at-4")
    page.select_option("#choose select", "classic:4")
    page.fill("#choose input", "6")
    page.click("#choose button")
    check_position(page, "classic:4", 6, 0)
    assert watched.errors == [] and watched.outside == []


def test_a_viewer_started_from_a_position(watched: Watched, screenshots: Path):
    start = "SSSII/rrrbb"  # disks 5, 4, 3 on S red up; 2 and 1 on I blue up
    path = _solution("NNN", 5, start)
    assert path.length < 10_000  # one slider step per move
    with ViewerServer("NNN", 5, start=start) as running:
        thread = threading.Thread(target=running.serve_forever, daemon=True)
        thread.start()
        try:
            page = watched.page
            page.goto(running.url)
            check_position(page, "NNN", 5, 0, start)
            assert drawn_state(page) == State.parse(start)
            assert page.text_content("#from") == str(State.parse(start))
            middle = path.length // 2
            page.locator("#slider").fill(str(middle))
            check_position(page, "NNN", 5, middle, start)
            shoot(page, screenshots, "viewer-nnn-5-from-sssii-rrrbb")
            query = f"label=NNN&n=5&from=SSSII%2Frrrbb&k={middle}"
            assert page.url == f"{running.address}/?{query}"  # the start travels with k
            page.reload()
            check_position(page, "NNN", 5, middle, start)
            page.locator("body").click(position={"x": 5, "y": 5})
            page.keyboard.press("ArrowRight")
            check_position(page, "NNN", 5, middle + 1, start)
            page.locator("#slider").fill(str(path.length))
            check_position(page, "NNN", 5, path.length, start)
            assert drawn_state(page) == path.variant.goal(5)
            page.select_option("#choose select", "classic")  # another puzzle: from its tower
            page.fill("#choose input", "3")
            page.click("#choose button")
            check_position(page, "classic", 3, 0)
            assert page.query_selector("#origin") is None
            assert watched.errors == [] and watched.outside == []
        finally:
            running.shutdown()


def test_a_bad_address_gets_a_one_line_page(watched: Watched, server: ViewerServer):
    page = watched.page
    response = page.goto(f"{server.address}/?label=NNX&n=3")
    assert response.status == 400
    assert "unknown variant label 'NNX'" in page.text_content("body")
    assert len(page.text_content("body").strip().splitlines()) == 1


def test_exported_page_works_from_a_file(watched: Watched, tmp_path: Path, screenshots: Path):
    target = tmp_path / "rbb-3.html"
    target.write_text(export_html("RBB", 3, at=2), encoding="utf-8")
    page = watched.page
    page.goto(target.as_uri())
    check_position(page, "RBB", 3, 2)
    page.locator("body").click(position={"x": 5, "y": 5})
    page.keyboard.press("ArrowRight")
    check_position(page, "RBB", 3, 3)
    page.locator("#slider").fill("13")
    check_position(page, "RBB", 3, 13)
    page.keyboard.press("Home")
    check_position(page, "RBB", 3, 0)
    page.click("#play")
    wait_until(page, "document.querySelector('#viewer').dataset.shown === '13'")
    check_position(page, "RBB", 3, 13)
    assert page.is_hidden("#choose") if page.query_selector("#choose") else True
    shoot(page, screenshots, "viewer-export-rbb-3")
    assert watched.errors == [] and watched.outside == []
