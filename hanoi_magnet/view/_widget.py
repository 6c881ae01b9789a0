"""The viewer as a Jupyter widget (anywidget): the page's own front end, answered by the kernel.

The widget's JavaScript is the page's ``viewer.js`` with a small ``render`` added: the same
scrub and play modes, the same picture, the same graph. Where the page asks the viewer's server
(``/api/scene``, ``/api/frame``, ``/api/position``, ``/api/graph``), the widget asks the kernel
with a custom message, answered by the same functions (:func:`~hanoi_magnet.view.scene`,
:func:`~hanoi_magnet.view.frame`, :func:`~hanoi_magnet.view.play_position`,
:func:`~hanoi_magnet.view.graph_data`). anywidget runs in JupyterLab, Notebook 7, VS Code and
marimo; it is imported only when a widget is made (``pip install 'hanoi-magnet[jupyter]'``).
"""

from __future__ import annotations

import functools
import re
from typing import Any

from hanoi_magnet.errors import HanoiError, InvalidArgumentError
from hanoi_magnet.model import State
from hanoi_magnet.solution import Solution
from hanoi_magnet.view._page import asset, render_page
from hanoi_magnet.view._play import graph_data, play_position
from hanoi_magnet.view._scene import JSON, frame, route, scene

_RENDER = """
function kernelSource(model) {
  let next = 0;
  const waiting = new Map();
  const listener = (message) => {
    if (!message || message.hanoi !== "answer") return;
    const entry = waiting.get(message.id);
    if (!entry) return;
    waiting.delete(message.id);
    if (message.error) entry.reject(new Error(message.error));
    else entry.resolve(message.data);
  };
  model.on("msg:custom", listener);
  const ask = (what, params) => new Promise((resolve, reject) => {
    next += 1;
    waiting.set(next, { resolve, reject });
    model.send({ hanoi: "ask", id: next, what, params });
  });
  return {
    kind: "kernel",
    scene: (from, to) => ask("scene", { from, to }),
    frame: (k, from, to) => ask("frame", { k: k.toString(), from, to }),
    position: (pos, to) => ask("position", { pos, to }),
    graph: (to) => ask("graph", { to }),
    close: () => model.off("msg:custom", listener),
  };
}

function render({ model, el }) {
  let source = null;
  let api = null;
  const update = (changes) => {
    let dirty = false;
    for (const [name, value] of Object.entries(changes)) {
      if (model.get(name) !== value) { model.set(name, value); dirty = true; }
    }
    if (dirty) model.save_changes();
  };
  const hooks = {
    onFrame: (frame) => update({ _k: frame.k, position: frame.pos, mode: "scrub" }),
    onPosition: (info) => update({ position: info.pos, mode: "play" }),
    onEnds: (ends) => update({ start: ends.from, goal: ends.to }),
    onReady: () => { onK(); onPosition(); },
  };
  function build() {
    if (source) source.close();
    el.innerHTML = model.get("_markup");
    const root = el.querySelector("main");
    source = kernelSource(model);
    api = HanoiViewer.mount(root, source, hooks);
    el.hanoiViewer = api;
  }
  build();
  const onK = () => {
    const k = model.get("_k");
    if (api && api.scene && (api.mode() !== "scrub" || api.k().toString() !== k)) api.go(k);
  };
  const onPosition = () => {
    const pos = model.get("position");
    if (api && api.scene && pos && api.position() !== pos) api.goTo(pos);
  };
  const onMode = () => {
    const mode = model.get("mode");
    if (api && api.scene && api.mode() !== mode) api.setMode(mode);
  };
  model.on("change:_markup", build);
  model.on("change:_k", onK);
  model.on("change:position", onPosition);
  model.on("change:mode", onMode);
  return () => {
    model.off("change:_markup", build);
    model.off("change:_k", onK);
    model.off("change:position", onPosition);
    model.off("change:mode", onMode);
    if (source) source.close();
  };
}

export default { render };
"""


def widget_esm() -> str:
    """The widget's JavaScript module: the page's ``viewer.js`` and a ``render`` for anywidget.

    Example:
        >>> from hanoi_magnet.view._widget import widget_esm
        >>> module = widget_esm()
        >>> "HanoiViewer.mount" in module and module.rstrip().endswith("export default { render };")
        True
    """
    return asset("viewer.js") + "\n" + _RENDER


def widget_css() -> str:
    """The page's styles scoped to the widget (nothing outside it changes)."""
    lines = []
    for line in asset("viewer.css").splitlines():
        selectors, brace, rules = line.partition("{")
        if not brace:
            continue
        names = [name.strip() for name in selectors.split(",")]
        scoped = []
        for name in names:
            if name in (":root", "main", "body"):
                scoped.append(".hanoi-widget")
            else:
                scoped.append(f".hanoi-widget {name}")
        lines.append(f"{', '.join(scoped)} {{{rules}")
    return "\n".join(lines) + "\n"


def _markup(label: str, n: int, k: int, start: str, goal: str, mode: str) -> str:
    page = render_page(
        label, n, k, start=start or None, goal=goal or None, mode=mode, styles="", script="",
        data="<!-- no chooser -->",
    )  # fmt: skip
    found = re.search(r"<main .*?</main>", page, re.S)
    assert found is not None
    return f'<div class="hanoi-widget">{found[0]}</div>'


def answer(label: str, n: int, what: str, params: JSON) -> JSON:
    """The kernel's answer to one of the widget's questions (the server's, without HTTP)."""
    start = params.get("from") or None
    goal = params.get("to") or None
    if what == "scene":
        return scene(label, n, start, goal=goal)
    if what == "frame":
        text = str(params.get("k", "0"))
        if not re.fullmatch(r"-?[0-9]{1,4000}", text):
            raise InvalidArgumentError(f"k must be an integer, got {text[:40]!r}")
        return frame(label, n, int(text), start, goal=goal)
    if what == "position":
        return play_position(label, n, params.get("pos") or None, goal=goal)
    if what == "graph":
        return graph_data(label, n, goal)
    raise InvalidArgumentError(f"unknown question {what!r}")


def _guess_label(state: State) -> str:
    posts = len(state.posts)
    if state.magnetic:
        return "N" * posts if posts == 3 else "NNN"
    return "classic" if posts == 3 else f"classic:{posts}"


@functools.cache
def _widget_class() -> Any:
    try:
        import anywidget  # noqa: PLC0415 (an optional dependency, imported when used)
        import traitlets  # noqa: PLC0415
    except ImportError as error:  # pragma: no cover (anywidget is in the test environment)
        raise InvalidArgumentError(
            "the viewer widget needs anywidget: pip install 'hanoi-magnet[jupyter]'"
        ) from error

    class ViewerWidget(anywidget.AnyWidget):
        """The viewer in a notebook; see :func:`hanoi_magnet.view.widget`."""

        _esm = traitlets.Unicode(widget_esm()).tag(sync=True)
        _css = traitlets.Unicode(widget_css()).tag(sync=True)
        _markup = traitlets.Unicode("").tag(sync=True)
        _k = traitlets.Unicode("0").tag(sync=True)
        k = traitlets.Int(0)
        rules = traitlets.Unicode("NNN").tag(sync=True)
        n = traitlets.Int(3).tag(sync=True)
        start = traitlets.Unicode("").tag(sync=True)
        goal = traitlets.Unicode("").tag(sync=True)
        position = traitlets.Unicode("").tag(sync=True)
        mode = traitlets.Unicode("scrub").tag(sync=True)

        def __init__(self, **kwargs: Any) -> None:
            super().__init__(**kwargs)
            self._k = str(self.k)
            self._rebuild()
            self.observe(self._k_from_python, names=["k"])
            self.observe(self._k_from_page, names=["_k"])
            self.observe(self._new_puzzle, names=["rules", "n"])
            self.observe(lambda change: self._rebuild(), names=["start", "goal"])
            self.on_msg(self._on_message)

        def _rebuild(self) -> None:
            found = route(self.rules, self.n, self.start or None, self.goal or None)
            self.rules = found.variant.label
            length = found.length or 0
            if not 0 <= self.k <= length:
                self.k = 0
            mode = self.mode if self.mode in ("scrub", "play") else "scrub"
            self._markup = _markup(self.rules, self.n, self.k, self.start, self.goal, mode)

        def _new_puzzle(self, change: dict[str, Any]) -> None:
            """Another puzzle: from its own start to its own goal, at move 0."""
            with self.hold_trait_notifications():
                self.start = self.goal = self.position = ""
                self.k = 0
            self._rebuild()

        def _k_from_python(self, change: dict[str, Any]) -> None:
            self._k = str(change["new"])

        def _k_from_page(self, change: dict[str, Any]) -> None:
            if str(self.k) != change["new"]:
                self.k = int(change["new"])

        def _on_message(self, _: Any, content: Any, buffers: Any) -> None:
            if not isinstance(content, dict) or content.get("hanoi") != "ask":
                return
            reply: JSON = {"hanoi": "answer", "id": content.get("id")}
            try:
                params = content.get("params") or {}
                reply["data"] = answer(self.rules, self.n, str(content.get("what")), params)
            except HanoiError as error:
                reply["error"] = " ".join(str(error).split())
            self.send(reply)

        def __repr__(self) -> str:
            return f"ViewerWidget({self.rules!r}, {self.n}, mode={self.mode!r}, k={self.k})"

    return ViewerWidget


def widget(
    subject: Solution | State | str = "NNN",
    n: int | None = None,
    *,
    label: str | None = None,
    k: int = 0,
    mode: str | None = None,
) -> Any:
    """The viewer as a Jupyter widget (anywidget): ``k``, ``position``, ``rules``, ``n`` synced.

    They are synced both ways. Give a :class:`~hanoi_magnet.Solution` (scrub it; a path
    between two positions keeps its ends), a :class:`~hanoi_magnet.State` (play from it;
    ``label`` names the rules, else
    ``NNN`` for magnetic positions and the classic rules for the others), or a label and ``n``.
    Set ``w.k = 2**63`` and the picture follows; play in the notebook and read
    ``w.position`` (compact text, :meth:`State.parse <hanoi_magnet.State.parse>` reads it).
    Needs anywidget (``pip install 'hanoi-magnet[jupyter]'``).

    Raises:
        InvalidArgumentError: anywidget is not installed, or a position, label or size the
            viewer refuses.

    Example:
        >>> from hanoi_magnet import solve
        >>> from hanoi_magnet.view import widget
        >>> w = widget(solve("NNN", 64), k=2**63)  # in a notebook, this cell shows the viewer
        >>> w.k, w.rules, w.n
        (9223372036854775808, 'NNN', 64)
        >>> widget(solve("NNN", 3).unrank(5)).position  # play from a position
        'DII/bbb'
    """
    start = goal = ""
    if isinstance(subject, Solution):
        variant = subject.variant
        name, size = variant.label, subject.n
        if subject.start != variant.start(size):
            start = subject.start.format(compact=True)
        if subject.goal != variant.goal(size):
            goal = subject.goal.format(compact=True)
        opening = mode or "scrub"
    elif isinstance(subject, State):
        name = label or _guess_label(subject)
        size = subject.n
        opening = mode or "play"
        start = subject.format(compact=True)
    elif isinstance(subject, str):
        name = subject
        size = 3 if n is None else n
        opening = mode or "scrub"
    else:
        raise InvalidArgumentError(
            f"widget shows a Solution, a State or a label, got {type(subject).__name__}"
        )
    route(name, size, start or None, goal or None)  # refused here, in one line, if wrong
    made = _widget_class()(rules=name, n=size, start=start, goal=goal, mode=opening, k=k)
    if isinstance(subject, State):
        made.position = start
    return made


__all__ = ["answer", "widget", "widget_css", "widget_esm"]
