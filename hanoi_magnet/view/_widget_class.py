"""The widget's class (anywidget): its traits, their validation, and what follows a change.

The kernel keeps the state: every trait is validated with traitlets' own validation (a value
refused raises :class:`traitlets.TraitError` and the trait keeps its value, whether Python or
the page set it), and ``position`` is computed by the kernel, so it is right before (and
without) any browser. anywidget runs in JupyterLab, Notebook 7, VS Code and marimo; it is
imported only when a widget is made (``pip install 'hanoi-magnet[jupyter]'``).
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import Iterator
from typing import Any

from hanoi_magnet._text import integer_text
from hanoi_magnet.errors import HanoiError, InvalidArgumentError
from hanoi_magnet.view._page import asset
from hanoi_magnet.view._protocol import answer, markup
from hanoi_magnet.view._scene import JSON, Route, checked_variant, legal_position, route

#: The modes of the viewer: scrubbing a route, or playing.
MODES = ("scrub", "play")


def widget_esm() -> str:
    """The widget's JavaScript module: the page's ``viewer.js`` and a ``render`` for anywidget.

    Example:
        >>> from hanoi_magnet.view._widget import widget_esm
        >>> module = widget_esm()
        >>> "HanoiViewer.mount" in module and module.rstrip().endswith("export default { render };")
        True
    """
    return asset("viewer.js") + "\n" + asset("widget.js")


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


def _markup(label: str, n: int) -> str:
    return f'<div class="hanoi-widget">{markup(label, n)}</div>'


def _is_integer(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@functools.cache
def widget_class() -> Any:
    try:
        import anywidget  # noqa: PLC0415 (an optional dependency, imported when used)
        import traitlets  # noqa: PLC0415
    except ImportError as error:  # pragma: no cover (anywidget is in the test environment)
        raise InvalidArgumentError(
            "the viewer widget needs anywidget: pip install 'hanoi-magnet[jupyter]'"
        ) from error

    class RefusedValueError(traitlets.TraitError, InvalidArgumentError):
        """A value a trait refuses: traitlets' TraitError and the library's own error."""

    RefusedValueError.__qualname__ = "RefusedValueError"  # not "widget_class.<locals>..."

    def refuse(name: str, error: HanoiError | str) -> RefusedValueError:
        text = " ".join(str(error).split())
        return RefusedValueError(text if text.startswith(f"{name} ") else f"{name}: {text}")

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
        mode = traitlets.Enum(MODES, default_value="scrub").tag(sync=True)

        def __init__(self, *, own: Route | None = None, **kwargs: Any) -> None:
            self._own = own  # the route a Solution given to widget() scrubs (its own moves)
            self._game: str | None = None  # the position play mode is at (kernel's view)
            self._from_page = False
            self._deriving = False
            super().__init__(**kwargs)
            self._k = str(self.k)
            self._markup = _markup(self.rules, self.n)
            if not self.position:
                self._game = None
                self._derive_position()
            elif self.mode == "play":
                self._game = self.position
            self.observe(self._on_puzzle, names=["rules", "n"])
            self.observe(self._on_ends, names=["start", "goal"])
            self.observe(self._on_k, names=["k"])
            self.observe(self._on_k_text, names=["_k"])
            self.observe(self._on_mode, names=["mode"])
            self.observe(self._on_position, names=["position"])
            self.on_msg(self._on_message)

        # ---- the route shown, and what follows from it ----
        def _route(self) -> Route:
            ends = (self.start or None, self.goal or None)
            if self._own is not None and self._own.ends == ends:
                return self._own
            return route(self.rules, self.n, *ends)

        def _length(self, name: str) -> int:
            """The route's length, for validating ``name`` (whose refusal a bad route is)."""
            try:
                return self._route().length or 0
            except HanoiError as error:  # another trait sent with it is wrong
                raise refuse(name, error) from None

        def _derive_position(self) -> None:
            """The position shown: the game's in play, move k of the route in scrub."""
            with self._deriving_values():
                if self.mode == "play":
                    self.position = self._game or self._route().start.format(compact=True)
                else:
                    self.position = self._route().unrank(self.k).format(compact=True)

        @contextlib.contextmanager
        def _deriving_values(self) -> Iterator[None]:
            before = self._deriving
            self._deriving = True
            try:
                yield
            finally:
                self._deriving = before

        def _by_user(self) -> bool:
            """A change made in Python (not one the page sent, nor one the kernel derived)."""
            return not (self._from_page or self._deriving)

        # ---- validation: traitlets' own, the previous value kept on a refusal ----
        @traitlets.validate("rules")
        def _valid_rules(self, proposal: Any) -> str:
            try:
                return checked_variant(proposal["value"], self.n).label
            except HanoiError as error:
                raise refuse("rules", error) from None

        @traitlets.validate("n")
        def _valid_n(self, proposal: Any) -> int:
            value = proposal["value"]
            if not _is_integer(value):
                raise refuse("n", f"n must be an integer, got {type(value).__name__} {value!r}")
            try:
                checked_variant(self.rules, value)
            except HanoiError as error:
                raise refuse("n", error) from None
            return int(value)

        @traitlets.validate("start", "goal")
        def _valid_end(self, proposal: Any) -> str:
            name = proposal["trait"].name
            value = proposal["value"].strip()
            if not value:
                return ""
            start, goal = (value, self.goal) if name == "start" else (self.start, value)
            try:
                found = route(self.rules, self.n, start or None, goal or None)
            except HanoiError as error:
                raise refuse(name, error) from None
            first, last = found.ends
            return (first if name == "start" else last) or ""

        @traitlets.validate("k")
        def _valid_k(self, proposal: Any) -> int:
            value = proposal["value"]
            if not _is_integer(value):
                raise refuse("k", f"k must be an integer, got {type(value).__name__} {value!r}")
            length = self._length("k")
            if not -length - 1 <= value <= length:
                raise refuse(
                    "k",
                    f"k must be from 0 to {length:,} (or from -{length + 1:,} to -1, counted "
                    f"from the end), got {integer_text(value)}",
                )
            return int(value) + length + 1 if value < 0 else int(value)

        @traitlets.validate("_k")
        def _valid_k_text(self, proposal: Any) -> str:
            text = proposal["value"].strip()
            length = self._length("k")
            digits = len(str(length))
            if not re.fullmatch(r"-?[0-9]+", text) or len(text.lstrip("-")) > digits + 1:
                raise refuse(
                    "k", f"k must be a whole number from 0 to {length:,}, got {text[:40]!r}"
                )
            value = int(text)
            if not -length - 1 <= value <= length:
                raise refuse("k", f"k must be from 0 to {length:,}, got {value:,}")
            return str(value + length + 1 if value < 0 else value)

        @traitlets.validate("position")
        def _valid_position(self, proposal: Any) -> str:
            value = proposal["value"]
            try:
                variant = checked_variant(self.rules, self.n)
                state = legal_position(variant, self.n, value, "position")
            except HanoiError as error:
                raise refuse("position", error) from None
            return state.format(compact=True)

        # ---- what follows from a change ----
        def _on_puzzle(self, change: dict[str, Any]) -> None:
            """Another puzzle: its own ends, at move 0 (or its start, in play)."""
            self._own = None
            with self._deriving_values():
                self.start = self.goal = ""
                self._game = None
                self.k = 0
                self._markup = _markup(self.rules, self.n)
            self._derive_position()

        def _on_ends(self, change: dict[str, Any]) -> None:
            self._game = None
            if self._from_page:  # the page shows the new route's start itself
                with self._lock_property(_k="0"), self._deriving_values():
                    self.k = 0
                return
            if self._by_user():
                with self._deriving_values():
                    self.k = 0
                self._derive_position()

        def _on_k(self, change: dict[str, Any]) -> None:
            self._k = str(change["new"])
            if self._by_user():
                with self._deriving_values():
                    self.mode = "scrub"
                self._derive_position()

        def _on_k_text(self, change: dict[str, Any]) -> None:
            if str(self.k) != change["new"]:
                self.k = int(change["new"])

        def _on_mode(self, change: dict[str, Any]) -> None:
            if self._by_user():
                self._derive_position()

        def _on_position(self, change: dict[str, Any]) -> None:
            if self.mode == "play":
                self._game = change["new"]
            elif self._by_user():  # a position set in Python: play on from it
                self._game = change["new"]
                with self._deriving_values():
                    self.mode = "play"

        # ---- the page ----
        def set_state(self, sync_data: dict[str, Any]) -> None:
            """Changes from the page: validated as Python's are; a refused one is sent back."""
            self._from_page = True
            try:
                super().set_state(sync_data)
            except traitlets.TraitError as error:
                self.send_state(list(sync_data))  # the page shows the kept values again
                self.send({"hanoi": "refused", "error": str(error)})
            finally:
                self._from_page = False

        def _on_message(self, _: Any, content: Any, buffers: Any) -> None:
            if not isinstance(content, dict) or content.get("hanoi") != "ask":
                return
            reply: JSON = {"hanoi": "answer", "id": content.get("id")}
            try:
                params = content.get("params") or {}
                what = str(content.get("what"))
                reply["data"] = answer(self.rules, self.n, what, params, own=self._own)
            except HanoiError as error:
                reply["error"] = " ".join(str(error).split())
            self.send(reply)

        def __repr__(self) -> str:
            return (
                f"ViewerWidget({self.rules!r}, {self.n}, mode={self.mode!r}, "
                f"k={integer_text(self.k)}, position={self.position!r})"
            )

    return ViewerWidget
