"""The page keeps the student's game (issue 34), in Chromium: one test per symptom.

* play mode survives a change of variant, of disk count and of ends, and a game in progress is
  not thrown away without a word (a confirm; declined, nothing changes);
* "finish optimally" plays the optimal moves one by one to the goal and stays in play;
* at the goal: "Solved in 14 moves; the optimum from where you started is 11", with the
  optimum checked against breadth-first search and the plurals right;
* moves for people count from 1;
* the graph panel of a puzzle too large to draw shows its layers (and says so); beyond those,
  a note, not an empty box;
* every placeholder fits its box.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hanoi_magnet import Move, State, default_registry
from hanoi_magnet.search import remoteness
from hanoi_magnet.view import ViewerServer
from tests.browser.conftest import Watched, shoot
from tests.browser.test_play_browser import make_move, open_play, wait_idle
from tests.browser.test_viewer_browser import drawn_state, wait_until
from tests.oracle import bfs_distance


@pytest.fixture(scope="module")
def server() -> Iterator[ViewerServer]:
    with ViewerServer("NNN", 3) as running:
        thread = threading.Thread(target=running.serve_forever, daemon=True)
        thread.start()
        yield running
        running.shutdown()


def play_moves(page: Any, label: str, n: int, moves: list[Move], start: State) -> State:
    rules = default_registry.variant(label).rules
    state = start
    for move in moves:
        make_move(page, move.source, move.target)
        state = rules.apply(state, move)
        wait_idle(page, state.format(compact=True))
    return state


class Dialogs:
    """Every confirm the page shows: its message kept, accepted or declined as set."""

    def __init__(self, page: Any, *, accept: bool) -> None:
        self.asked: list[str] = []
        self.accept = accept
        page.on("dialog", self._handle)

    def _handle(self, dialog: Any) -> None:
        self.asked.append(dialog.message)
        if self.accept:
            dialog.accept()
        else:
            dialog.dismiss()


def test_play_mode_survives_a_change_of_variant_and_of_disks(
    watched: Watched, server: ViewerServer, screenshots: Path
):
    page = watched.page
    open_play(page, server.address, "NNN", 3)
    first = [Move(1, 0, 2), Move(2, 0, 1)]
    play_moves(page, "NNN", 3, first, State.parse("SSS/rrr"))
    dialogs = Dialogs(page, accept=False)
    page.select_option("#choose select", "RBB")
    page.click("#choose button")  # declined: nothing changes, the game goes on
    assert dialogs.asked == [
        "Switch to RBB with 3 disks? Your game in progress (2 moves made) will be discarded."
    ]
    page.wait_for_timeout(200)
    assert page.get_attribute("#viewer", "data-label") == "NNN"
    assert page.get_attribute("#counter", "data-moves") == "2"
    dialogs.accept = True
    page.fill("#choose input", "4")
    page.click("#choose button")
    page.wait_for_url("**label=RBB**")
    wait_idle(page, "SSSS/rrrr")
    assert len(dialogs.asked) == 2 and "RBB with 4 disks?" in dialogs.asked[-1]
    assert page.get_attribute("#viewer", "data-mode") == "play"  # issue 34: it was scrub
    assert "mode=play" in page.url
    assert page.get_attribute("#counter", "data-moves") == "0"
    play_moves(page, "RBB", 4, [Move(1, 0, 1)], State.parse("SSSS/rrrr"))
    shoot(page, screenshots, "game-play-kept-after-variant-change")
    page.select_option("#choose select", "classic")
    page.fill("#choose input", "3")
    page.click("#choose button")
    page.wait_for_url("**label=classic**")
    wait_idle(page, "SSS")
    assert page.get_attribute("#viewer", "data-mode") == "play"
    assert watched.errors == [] and watched.outside == []


def test_play_mode_survives_new_ends_and_asks_before_discarding(
    watched: Watched, server: ViewerServer
):
    page = watched.page
    open_play(page, server.address, "NNN", 3)
    play_moves(page, "NNN", 3, [Move(1, 0, 2)], State.parse("SSS/rrr"))
    dialogs = Dialogs(page, accept=False)
    page.fill("#from-pos", "SSI/rrb")
    page.click("#ends button[type=submit]")
    assert dialogs.asked == [
        "Start again between these ends? Your game in progress (1 move made) will be discarded."
    ]
    page.wait_for_timeout(200)
    assert page.get_attribute("#counter", "data-moves") == "1"
    assert page.get_attribute("#viewer", "data-from") == ""
    dialogs.accept = True
    page.click("#ends button[type=submit]")
    wait_idle(page, "SSI/rrb")
    assert page.get_attribute("#viewer", "data-mode") == "play"
    assert page.get_attribute("#counter", "data-moves") == "0"
    assert "from=SSI%2Frrb" in page.url and "mode=play" in page.url
    # a new aim keeps the game: the count goes on, the optimum is measured again
    state = play_moves(page, "NNN", 3, [Move(1, 1, 2)], State.parse("SSI/rrb"))
    page.click("#graph circle[data-pos='DDD/bbb']")  # go there, then back (undo)
    wait_idle(page, "DDD/bbb")
    page.click("#undo")
    wait_idle(page, state.format(compact=True))
    assert watched.errors == [] and watched.outside == []


def test_finish_optimally_plays_each_move_and_stays_in_play(
    watched: Watched, server: ViewerServer, screenshots: Path
):
    variant = default_registry.variant("NNN")
    page = watched.page
    open_play(page, server.address, "NNN", 4)
    start = variant.start(4)
    state = play_moves(page, "NNN", 4, [Move(1, 0, 1), Move(1, 1, 0)], start)  # there and back
    remaining = bfs_distance(variant.rules, state, variant.goal(4))
    page.evaluate(
        """() => {
          window.seen = [];
          const viewer = document.querySelector('#viewer');
          new MutationObserver(() => window.seen.push(viewer.dataset.position))
            .observe(viewer, { attributes: true, attributeFilter: ['data-position'] });
        }"""
    )
    page.click("#finish")
    wait_until(page, "document.querySelector('#viewer').dataset.finishing === '1'")
    assert page.text_content("#finish") == "stop"
    wait_idle(page, variant.goal(4).format(compact=True))
    wait_until(page, "document.querySelector('#viewer').dataset.finishing === ''")
    seen = [p for i, p in enumerate(page.evaluate("window.seen")) if i == 0 or p != ""]
    # one position per move, each one legal move from the last, the goal after `remaining`
    walk = [state] + [State.parse(text) for text in seen]
    walk = [s for i, s in enumerate(walk) if i == 0 or s != walk[i - 1]]
    assert len(walk) == remaining + 1 and walk[-1] == variant.goal(4)
    for before, after in itertools.pairwise(walk):
        assert any(
            variant.rules.apply(before, m) == after for m in variant.rules.legal_moves(before)
        )
    assert page.get_attribute("#viewer", "data-mode") == "play"
    assert page.get_attribute("#counter", "data-moves") == str(2 + remaining)
    optimum = bfs_distance(variant.rules, start, variant.goal(4))
    assert page.text_content("#to-goal") == (
        f"Solved in {2 + remaining} moves ({remaining} of them by \u201cfinish optimally\u201d); "
        f"the optimum from where you started is {optimum}"
    )
    assert drawn_state(page) == variant.goal(4)
    page.click("#undo")  # the finishing moves are moves like any other
    wait_idle(page, walk[-2].format(compact=True))
    assert watched.errors == [] and watched.outside == []


@pytest.mark.parametrize(
    ("label", "n", "moves", "expected"),
    [
        ("classic", 1, [Move(1, 0, 2)], "Solved in 1 move: the optimum from where you started"),
        (
            "classic",
            1,
            [Move(1, 0, 1), Move(1, 1, 2)],
            "Solved in 2 moves; the optimum from where you started is 1",
        ),
        (
            "NNN",
            2,
            [Move(1, 0, 1), Move(1, 1, 2), Move(1, 2, 1)],
            None,  # not at the goal yet: the hints take it there
        ),
    ],
)
def test_the_goal_says_moves_made_against_the_exact_optimum(
    watched: Watched, server: ViewerServer, screenshots: Path, label, n, moves, expected
):
    variant = default_registry.variant(label)
    page = watched.page
    open_play(page, server.address, label, n)
    state = play_moves(page, label, n, moves, variant.start(n))
    made = len(moves)
    while page.get_attribute("#to-goal", "data-distance") != "0":
        page.click("#hint")
        hint = page.evaluate("window.hanoiViewer.info.hint")
        make_move(page, hint["source"], hint["target"])
        state = variant.rules.apply(state, Move(hint["disk"], hint["source"], hint["target"]))
        made += 1
        wait_idle(page, state.format(compact=True))
    optimum = bfs_distance(variant.rules, variant.start(n), variant.goal(n))
    if expected is None:
        expected = f"Solved in {made} moves; the optimum from where you started is {optimum}"
        shoot(page, screenshots, "game-solved-with-the-optimum")
    assert page.text_content("#to-goal") == expected
    assert page.get_attribute("#to-goal", "data-optimum") == str(optimum)
    assert page.text_content("#counter") == f"after {made} move{'' if made == 1 else 's'}"
    assert watched.errors == [] and watched.outside == []


def test_moves_count_from_one_in_play(watched: Watched, server: ViewerServer):
    page = watched.page
    open_play(page, server.address, "NNN", 3)
    play_moves(page, "NNN", 3, [Move(1, 0, 2)], State.parse("SSS/rrr"))
    assert page.text_content("#play-message") == "move 1: disk 1, S \u2192 D"
    assert page.text_content("#counter") == "after 1 move"


def test_a_large_graph_shows_its_layers_and_a_larger_one_a_note(
    watched: Watched, server: ViewerServer, screenshots: Path
):
    variant = default_registry.variant("NNN")
    page = watched.page
    open_play(page, server.address, "NNN", 6)
    assert page.get_attribute("#viewer", "data-graph") == "layers"
    table = remoteness(variant.rules, variant.goal(6))
    bars = page.get_attribute("#graph path.bars", "d").count("M")
    assert bars == len(table.counts) == table.max_distance + 1
    start = variant.start(6)
    assert page.get_attribute("#viewer", "data-graph-current") == str(table.distance(start))
    note = page.text_content("#graph-note")
    assert "5,070 positions, too many to draw one by one (up to 1,100)" in note
    assert f"{5070 - table.reachable:,} positions cannot reach the goal" in note
    box = page.locator("#graph").bounding_box()
    assert box["height"] > 120  # a chart, not an empty box
    make_move(page, 0, 1)
    moved = variant.rules.apply(start, Move(1, 0, 1))
    wait_idle(page, moved.format(compact=True))
    assert page.get_attribute("#viewer", "data-graph-current") == str(table.distance(moved))
    shoot(page, screenshots, "graph-layers-nnn-6")
    page.click("#mode-scrub")  # in scrub mode: the rest of the route
    page.wait_for_selector("#viewer[data-shown='0']")
    assert page.get_attribute("#viewer", "data-graph-current") == str(table.distance(start))
    open_play(page, server.address, "NNN", 9)
    assert page.get_attribute("#viewer", "data-graph") == "note"
    assert "151,326 positions: too many to draw" in page.text_content("#graph-note")
    assert page.locator("#graph").bounding_box()["height"] < 80  # a line of text
    assert watched.errors == [] and watched.outside == []


_PLACEHOLDERS = """() => [...document.querySelectorAll('input[placeholder]')].map((input) => {
  const style = getComputedStyle(input);
  const canvas = document.createElement('canvas').getContext('2d');
  canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const inner = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return [input.placeholder, canvas.measureText(input.placeholder).width, inner];
})"""


def test_every_placeholder_fits_its_box(watched: Watched, server: ViewerServer):
    page = watched.page
    page.goto(f"{server.address}/?label=NNN&n=3")
    page.wait_for_selector("#viewer[data-shown='0']")
    measured = page.evaluate(_PLACEHOLDERS)
    assert measured, "no placeholders found"
    for text, needed, room in measured:
        assert needed <= room, f"placeholder {text!r} needs {needed:.0f}px, has {room:.0f}px"
