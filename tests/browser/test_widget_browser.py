"""The Jupyter widget's front end in Chromium, driven from Python through a stand-in model.

How: the widget's own ES module (``widget._esm``: the page's viewer.js and anywidget's
``render``) is imported in a blank page and rendered with a small JavaScript model that behaves
as anywidget's does (``get``, ``set``, ``save_changes``, ``on``/``off``, ``send`` and
``msg:custom``). This test is the kernel: what the page sends (custom messages, saved changes)
is handed to the real Python widget object (its message handler, its traits), and what the
widget sends back (answers, trait changes made in Python) is delivered to the page. So every
round trip runs the real widget code on both sides, without a Jupyter server.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from hanoi_magnet import Move, State, default_registry, solve
from tests.browser.conftest import Watched, shoot
from tests.browser.test_viewer_browser import drawn_state

pytest.importorskip("anywidget")

from hanoi_magnet.view import widget

SYNCED = ["_markup", "_k", "rules", "n", "start", "goal", "position", "mode"]

_FAKE_MODEL = """async ({ esm, css, state }) => {
  const listeners = {};
  const fake = {
    state, dirty: {}, outbox: [],
    get(name) { return this.state[name]; },
    set(name, value) {
      this.state[name] = value;
      this.dirty[name] = value;
      this.emit(`change:${name}`);
    },
    save_changes() { this.outbox.push({ type: "sync", changes: this.dirty }); this.dirty = {}; },
    on(event, fn) { (listeners[event] = listeners[event] || []).push(fn); },
    off(event, fn) { listeners[event] = (listeners[event] || []).filter((f) => f !== fn); },
    emit(event, value) { for (const fn of [...(listeners[event] || [])]) fn(value); },
    send(content) { this.outbox.push({ type: "msg", content }); },
    take() { const box = this.outbox; this.outbox = []; return box; },
    fromKernel(item) {
      if (item.type === "msg") this.emit("msg:custom", item.content);
      else { this.state[item.name] = item.value; this.emit(`change:${item.name}`); }
    },
  };
  window.fake = fake;
  const style = document.createElement("style");
  style.textContent = css;
  document.head.appendChild(style);
  const url = URL.createObjectURL(new Blob([esm], { type: "text/javascript" }));
  const module = await import(url);
  const host = document.createElement("div");
  host.id = "host";
  document.body.appendChild(host);
  module.default.render({ model: fake, el: host });
}"""


class Kernel:
    """The Python side: the widget, its outgoing messages and the trait changes it makes."""

    def __init__(self, page: Any, made: Any) -> None:
        self.page = page
        self.widget = made
        self.outgoing: list[dict[str, Any]] = []
        self.applying: dict[str, Any] = {}
        made.send = lambda content, buffers=None: self.outgoing.append(
            {"type": "msg", "content": content}
        )
        made.send_state = self._send_state  # what ipywidgets sends after a refused change
        made.observe(self._changed, names=SYNCED)
        state = {name: getattr(made, name) for name in SYNCED}
        page.evaluate(_FAKE_MODEL, {"esm": made._esm, "css": made._css, "state": state})

    def _send_state(self, key: Any = None) -> None:
        for name in [key] if isinstance(key, str) else key or SYNCED:
            value = getattr(self.widget, name)
            self.outgoing.append({"type": "change", "name": name, "value": value})

    def _changed(self, change: dict[str, Any]) -> None:
        name = change["name"]
        if name in self.applying and self.applying[name] == change["new"]:
            return  # came from the page: not echoed back (as ipywidgets does)
        self.outgoing.append({"type": "change", "name": name, "value": change["new"]})

    def pump(self, until: str, timeout: float = 20.0) -> None:
        """Carry messages both ways until the JavaScript ``until`` holds and nothing moves."""
        deadline = time.monotonic() + timeout
        while True:
            box = self.page.evaluate("() => window.fake.take()")
            for item in box:
                if item["type"] == "msg":
                    self.widget._handle_custom_msg(item["content"], [])
                else:
                    self.applying = dict(item["changes"])
                    try:
                        self.widget.set_state(item["changes"])  # as the comm does
                    finally:
                        self.applying = {}
            outgoing, self.outgoing = self.outgoing, []
            for item in outgoing:
                self.page.evaluate("(item) => window.fake.fromKernel(item)", item)
            if not box and not outgoing and self.page.evaluate(f"() => Boolean({until})"):
                return
            assert time.monotonic() < deadline, f"timed out waiting for {until}"
            self.page.wait_for_timeout(20)


def _shown(k: int) -> str:
    viewer = "document.querySelector('#viewer')"
    return f"{viewer} && {viewer}.dataset.shown === '{k}'"


def _at(position: str) -> str:
    return (
        "(() => { const v = document.querySelector('#viewer'); return v && "
        f"v.dataset.position === '{position}' && v.dataset.busy === ''; }})()"
    )


def test_python_sets_k_and_the_drawing_follows_and_back(watched: Watched, screenshots):
    page = watched.page
    solution = solve("NNN", 64)
    kernel = Kernel(page, widget(solution, k=2**63 - 1))
    made = kernel.widget
    kernel.pump(_shown(2**63 - 1))
    assert drawn_state(page) == solution.unrank(2**63 - 1)
    assert made.position == solution.unrank(2**63 - 1).format(compact=True)
    made.k = 2**63  # Python -> page: an index no float holds
    kernel.pump(_shown(2**63))
    assert drawn_state(page) == solution.unrank(2**63)
    assert page.input_value("#k") == str(2**63)
    page.click("#forward")  # page -> Python
    kernel.pump(_shown(2**63 + 1))
    assert made.k == 2**63 + 1 and made._k == str(2**63 + 1)
    assert made.position == solution.unrank(2**63 + 1).format(compact=True)
    shoot(page, screenshots, "widget-nnn-64-at-2-63-plus-1")
    made.rules, made.n = "RBB", 4  # another puzzle: the widget rebuilds itself
    kernel.pump("document.querySelector('#viewer').dataset.label === 'RBB' && " + _shown(0))
    assert drawn_state(page) == solve("RBB", 4).start
    assert watched.errors == [] and watched.outside == []


def test_the_user_plays_and_python_reads_the_position(watched: Watched, screenshots):
    page = watched.page
    variant = default_registry.variant("NNN")
    kernel = Kernel(page, widget(State.parse("SSI/rrb"), label="NNN"))
    made = kernel.widget
    kernel.pump(_at("SSI/rrb"))
    assert made.mode == "play" and drawn_state(page) == State.parse("SSI/rrb")
    page.click("#picture rect.zone[data-post='1']")  # disk 1 from I ...
    page.click("#picture rect.zone[data-post='2']")  # ... to D
    after = variant.rules.apply(State.parse("SSI/rrb"), Move(1, 1, 2))
    kernel.pump(_at(after.format(compact=True)))
    assert made.position == after.format(compact=True)  # the user played; Python reads it
    made.position = "IDD/brr"  # Python -> page: play on from there
    kernel.pump(_at("IDD/brr"))
    assert drawn_state(page) == State.parse("IDD/brr")
    page.click("#hint")
    hint = page.evaluate("document.querySelector('#viewer').hanoiViewer.info.hint")
    assert hint is not None
    shoot(page, screenshots, "widget-nnn-3-play-hint")
    made.mode = "scrub"
    kernel.pump("document.querySelector('#viewer').dataset.mode === 'scrub' && " + _shown(0))
    assert made.mode == "scrub" and made.k == 0
    assert watched.errors == [] and watched.outside == []


def test_play_mode_from_python_three_moves_undo_hint(watched: Watched, screenshots):
    """widget(..., mode="play") opens in play and the kernel reads play (issue 34); three
    moves, an undo and a hint, each read back by the kernel."""
    page = watched.page
    rules = default_registry.variant("NNN").rules
    kernel = Kernel(page, widget("NNN", 3, mode="play"))
    made = kernel.widget
    assert (made.mode, made.position) == ("play", "SSS/rrr")  # before the page said anything
    kernel.pump(_at("SSS/rrr"))
    assert page.get_attribute("#viewer", "data-mode") == "play" and made.mode == "play"
    state = State.parse("SSS/rrr")
    visited = [state]
    for move in solve("NNN", 3)[:3]:
        page.click(f"#picture rect.zone[data-post='{move.source}']")
        page.click(f"#picture rect.zone[data-post='{move.target}']")
        state = rules.apply(state, move)
        visited.append(state)
        kernel.pump(_at(state.format(compact=True)))
        assert made.position == state.format(compact=True) and made.mode == "play"
    assert page.text_content("#counter") == "after 3 moves"
    page.click("#undo")
    kernel.pump(_at(visited[2].format(compact=True)))
    assert made.position == visited[2].format(compact=True)
    page.click("#hint")
    hint = page.evaluate("document.querySelector('#viewer').hanoiViewer.info.hint")
    assert hint is not None and page.text_content("#hint-text").startswith("hint: disk")
    shoot(page, screenshots, "widget-play-three-moves-undo-hint")
    assert watched.errors == [] and watched.outside == []


def test_a_value_the_kernel_refuses_is_shown_and_undone(watched: Watched):
    page = watched.page
    kernel = Kernel(page, widget("NNN", 3, k=4))
    made = kernel.widget
    kernel.pump(_shown(4))
    page.evaluate("() => { window.fake.set('start', 'SSX'); window.fake.save_changes(); }")
    kernel.pump("!document.querySelector('#error').hidden")
    assert "'SSX' is not a position" in page.text_content("#error")
    assert made.start == "" and made.k == 4
    kernel.pump(_shown(4))
    assert page.evaluate("window.fake.get('start')") == ""  # the kernel's value, sent back
    assert watched.errors == [] and watched.outside == []
