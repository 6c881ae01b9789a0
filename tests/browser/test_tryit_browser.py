"""The documentation's try-it page in Chromium: the library in Pyodide, nothing installed.

The built page (``HANOI_DOCS_HTML``, served on 127.0.0.1) loads Pyodide and the wheels from the
documentation's own files (a request off the machine fails the test), runs its example (its
output compared with the same code run here, by the installed library), runs an edited example,
and plays: moves checked against ``rules.apply``, the distance against ``search.distance``, a
change of variant that keeps play mode.
"""

from __future__ import annotations

import contextlib
import io
import time
from pathlib import Path
from typing import Any

from hanoi_magnet import Move, default_registry
from hanoi_magnet.search import distance
from tests.browser.conftest import Watched, shoot
from tests.browser.test_viewer_browser import drawn_state

EXAMPLE = Path(__file__).parents[2] / "docs" / "_ext" / "tryit" / "example.py"


def _until(page: Any, condition: str, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not page.evaluate(f"() => Boolean({condition})"):
        assert time.monotonic() < deadline, f"timed out waiting for {condition}"
        page.wait_for_timeout(100)


def _printed(code: str) -> str:
    """What ``code`` prints when the installed library runs it here."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "<example>", "exec"), {"__name__": "example"})
    return out.getvalue().strip()


def _run(page: Any, runs: int) -> str:
    page.click("#run")
    _until(page, f"document.body.dataset.runs === '{runs}'", 60)
    return str(page.text_content("#output")).strip()


def _idle(page: Any, position: str) -> None:
    _until(
        page,
        "(() => { const v = document.querySelector('#viewer'); return v && v.dataset.busy === '' "
        f"&& v.dataset.position === {position!r}; }})()",
        30,
    )


def test_the_library_runs_in_the_page_with_nothing_installed(
    watched: Watched, docs_site: str, screenshots: Path
):
    page = watched.page
    page.goto(f"{docs_site}/try/index.html", wait_until="load")
    _until(page, "document.body.dataset.ready === '1'", 120)
    assert page.text_content("#status").startswith("Ready: hanoi_magnet ")
    # the example as shipped: the same output as the library installed here
    code = page.input_value("#code")
    assert code.strip() == EXAMPLE.read_text("utf-8").strip()
    assert _run(page, 1) == _printed(code)
    shoot(page, screenshots, "try-it-example-run")
    # edited: the reader's own code runs (and an error is shown, not thrown)
    edited = 'import hanoi_magnet as hm\nprint(hm.solve("RBB", 20).length)'
    page.fill("#code", edited)
    assert _run(page, 2) == _printed(edited) == str(default_registry.solve("RBB", 20).length)
    page.fill("#code", 'import hanoi_magnet as hm\nhm.solve("NOPE", 3)')
    failed = _run(page, 3)
    assert "UnknownVariantError: unknown variant label 'NOPE'" in failed
    assert page.get_attribute("#output", "class") == "failed"
    # the play page, answered by the library in the page
    variant = default_registry.variant("NNN")
    start = variant.start(3)
    _idle(page, start.format(compact=True))
    page.locator("#viewer").scroll_into_view_if_needed()
    page.click("#picture rect.zone[data-post='0']")
    page.click("#picture rect.zone[data-post='2']")
    moved = variant.rules.apply(start, Move(1, 0, 2))
    _idle(page, moved.format(compact=True))
    assert drawn_state(page) == moved
    steps = distance(variant.rules, moved, variant.goal(3))
    assert page.get_attribute("#to-goal", "data-distance") == str(steps)
    page.click("#hint")
    assert page.text_content("#hint-text").startswith("hint: disk")
    shoot(page, screenshots, "try-it-played-a-move")
    # another variant, in place: play mode kept (a confirm first: a game is in progress)
    page.on("dialog", lambda dialog: dialog.accept())
    page.select_option("#choose select", "RBB")
    page.fill("#choose input", "4")
    page.click("#choose button")
    rbb = default_registry.variant("RBB")
    _idle(page, rbb.start(4).format(compact=True))
    assert page.get_attribute("#viewer", "data-label") == "RBB"
    assert page.get_attribute("#viewer", "data-mode") == "play"
    assert page.get_attribute("#to-goal", "data-distance") == str(
        distance(rbb.rules, rbb.start(4), rbb.goal(4))
    )
    assert watched.errors == []
    assert watched.outside == [], "the page reached off the machine"


def test_the_docs_page_embeds_it(watched: Watched, docs_site: str):
    page = watched.page
    page.goto(f"{docs_site}/try-it.html", wait_until="load")
    frame_element = page.wait_for_selector("iframe.hanoi-try")
    frame_element.scroll_into_view_if_needed()
    inner = frame_element.content_frame()
    deadline = time.monotonic() + 120
    while inner.evaluate("document.body.dataset.ready") != "1":
        assert time.monotonic() < deadline
        page.wait_for_timeout(200)
    assert watched.errors == [] and watched.outside == []
