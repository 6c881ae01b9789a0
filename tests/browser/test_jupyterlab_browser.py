"""The widget in a real JupyterLab, in Chromium: play three moves, undo, hint; the kernel reads it.

And a notebook run with no browser at all (nbclient, as in CI or papermill): the kernel knows
the widget's position before anything renders it.

JupyterLab is a test-only dependency (the ``browser`` extra); the server runs on 127.0.0.1
with its own temporary config, data and runtime directories, and checks nothing online.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hanoi_magnet import default_registry, solve
from tests.browser.conftest import Watched, _missing, shoot

pytest.importorskip("anywidget")

PLAY_CELL = 'from hanoi_magnet.view import widget\nw = widget("NNN", 3, mode="play")\nw'
READ_CELL = 'print("kernel:", w.mode, w.position)'


def _notebook(*cells: str) -> dict[str, Any]:
    return {
        "cells": [
            {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
             "source": source}
            for source in cells
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }  # fmt: skip


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A JupyterLab server on 127.0.0.1 serving a directory with the test notebook."""
    try:
        import jupyterlab  # noqa: F401
    except ImportError:
        _missing("JupyterLab is not installed (pip install -e '.[browser]')")
    root = tmp_path_factory.mktemp("lab")
    (root / "play.ipynb").write_text(json.dumps(_notebook(PLAY_CELL, READ_CELL)), "utf-8")
    port, token = _free_port(), "hanoi-test-token"
    env = {
        **os.environ,
        "JUPYTER_CONFIG_DIR": str(root / ".config"),
        "JUPYTER_RUNTIME_DIR": str(root / ".runtime"),
        "JUPYTERLAB_SETTINGS_DIR": str(root / ".settings"),
        "JUPYTERLAB_WORKSPACES_DIR": str(root / ".workspaces"),
    }
    command = [
        sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}",
        "--ServerApp.ip=127.0.0.1", f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root}", "--ServerApp.port_retries=0",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.news_url=", "--LabApp.extension_manager=readonly",
        "--allow-root",  # CI runs as root
    ]  # fmt: skip
    log = (root / "lab.log").open("w")
    server = subprocess.Popen(command, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT)
    address = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"{address}/api/status?token={token}", timeout=2)
                break
            except OSError:
                assert server.poll() is None, (root / "lab.log").read_text()
                assert time.monotonic() < deadline, "JupyterLab did not start in 60 s"
                time.sleep(0.3)
        yield f"{address}/lab/tree/play.ipynb?token={token}", root
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()


def _kernel_idle(page: Any) -> None:
    """Until the notebook's kernel is idle twice in a row half a second apart, with no dialog
    open (JupyterLab may first ask which kernel to start: the notebook's own is accepted)."""
    deadline = time.monotonic() + 90
    calm = 0
    while calm < 2:
        assert time.monotonic() < deadline, "the kernel never became idle"
        page.wait_for_timeout(500)
        choose = page.locator(".jp-Dialog .jp-mod-accept")  # "Select Kernel", when it asks
        if choose.count():
            choose.first.click()
            calm = 0
            continue
        text = " ".join(page.locator(".jp-StatusBar-Widget").all_text_contents())
        calm = calm + 1 if "| Idle" in text else 0


def _run_cell(page: Any, index: int, done: Any) -> None:
    """Run cell ``index`` (Shift+Enter in it) until ``done()`` holds; once more if needed."""
    for _ in range(3):
        _kernel_idle(page)
        cell = page.locator(".jp-Notebook .jp-Cell").nth(index)
        cell.locator(".jp-InputArea-editor").click()
        page.keyboard.press("Shift+Enter")
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if done():
                return
            page.wait_for_timeout(200)
    raise AssertionError(f"cell {index} did not run")


def _idle(page: Any, position: str | None = None) -> None:
    want = "" if position is None else f" && v.dataset.position === {position!r}"
    script = (
        "() => { const v = document.querySelector('.hanoi-widget #viewer'); "
        f"return Boolean(v && v.dataset.position && v.dataset.busy === ''{want}); }}"
    )
    deadline = time.monotonic() + 60
    while not page.evaluate(script):
        assert time.monotonic() < deadline, f"the widget never showed {position}"
        page.wait_for_timeout(100)


def test_the_widget_plays_in_jupyterlab(watched: Watched, lab, screenshots: Path):
    url, _ = lab
    page = watched.page
    page.set_default_timeout(60_000)
    page.goto(url)
    page.wait_for_selector(".jp-Notebook .jp-Cell .jp-InputArea-editor")
    shown = ".hanoi-widget #viewer[data-position='SSS/rrr']"
    _run_cell(page, 0, lambda: page.locator(shown).count() > 0)
    _idle(page, "SSS/rrr")
    widget_root = page.locator(".hanoi-widget #viewer")
    assert widget_root.get_attribute("data-mode") == "play"
    rules = default_registry.variant("NNN").rules
    state = default_registry.variant("NNN").start(3)
    visited = [state]
    for move in solve("NNN", 3)[:3]:  # three moves, by clicks on the posts
        page.locator(f".hanoi-widget rect.zone[data-post='{move.source}']").click()
        page.locator(f".hanoi-widget rect.zone[data-post='{move.target}']").click()
        state = rules.apply(state, move)
        visited.append(state)
        _idle(page, state.format(compact=True))
    assert page.locator(".hanoi-widget #counter").text_content() == "after 3 moves"
    page.locator(".hanoi-widget #undo").click()
    _idle(page, visited[2].format(compact=True))
    page.locator(".hanoi-widget #hint").click()
    hint = page.locator(".hanoi-widget #hint-text").text_content()
    assert hint.startswith("hint: disk") and "an optimal next move" in hint
    widget_root.scroll_into_view_if_needed()
    shoot(page, screenshots, "jupyterlab-widget-playing")
    output = page.locator(".jp-Notebook .jp-Cell").nth(1).locator(".jp-OutputArea-output")
    _run_cell(page, 1, lambda: "kernel:" in " ".join(output.all_text_contents()))
    assert output.text_content().strip() == f"kernel: play {visited[2].format(compact=True)}"
    ours = [error for error in watched.errors if "hanoi" in error.lower() or "widget" in error]
    assert ours == [] and watched.outside == []


def test_the_position_is_right_in_a_notebook_run_without_a_browser(tmp_path: Path):
    """nbclient runs the cells in a kernel, as CI would: no front end ever renders the widget,
    and the kernel still reads the right position (issue 34: it read "" before)."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    cells = [
        "from hanoi_magnet import solve\nfrom hanoi_magnet.view import widget",
        "w = widget(solve('NNN', 5), k=40)\nw",
        "print(w.mode, w.position)",
        "w.mode = 'play'\nprint(w.mode, w.position)",
        "w.k = 83\nprint(w.mode, w.position)",
    ]
    notebook = nbformat.from_dict(_notebook(*cells))
    nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3").execute()
    printed = [
        "".join(output.get("text", "") for output in cell.outputs).strip()
        for cell in notebook.cells[2:]
    ]
    solution = solve("NNN", 5)
    assert printed == [
        f"scrub {solution.unrank(40).format(compact=True)}",
        f"play {solution.start.format(compact=True)}",
        f"scrub {solution.goal.format(compact=True)}",
    ]
