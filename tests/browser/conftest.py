"""Browser tests: the viewer and the built documentation, in a real (headless) Chromium.

They run when Playwright for Python is installed (``pip install -e ".[browser]"``) and a Chromium
is at ``/usr/bin/chromium`` (Debian's ``chromium`` package; another path in
``HANOI_CHROMIUM``); otherwise they are skipped, so the plain test command needs neither.
Playwright never downloads a browser here: it drives the system's. The documentation checks also
need ``HANOI_DOCS_HTML``, the directory of a finished ``sphinx-build -b html`` (``.ci/run`` sets
it after building the docs).

With ``HANOI_REQUIRE_BROWSER=1`` (as in ``.ci/run``) a missing Chromium, Playwright or docs
directory fails the run instead of skipping it.

Screenshots go to ``HANOI_SCREENSHOTS`` (default: a temporary directory); their paths are listed
at the end of the run, for a reviewer to look at.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import tempfile
import threading
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("HANOI_CHROMIUM", "/usr/bin/chromium")
# What works on a machine without network: no background services, no first-run, no GPU.
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
VIEWPORT = {"width": 1280, "height": 900}

_SHOTS: list[Path] = []


def _missing(reason: str) -> None:
    """Skip, or fail where the browser tests are required (CI)."""
    if os.environ.get("HANOI_REQUIRE_BROWSER"):
        pytest.fail(reason)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """A headless Chromium driven by Playwright (skips when either is missing)."""
    try:
        from playwright import sync_api
    except ImportError:
        _missing("Playwright is not installed (pip install -e '.[browser]')")
    if not (Path(CHROMIUM).is_file() or shutil.which(CHROMIUM)):
        _missing(f"no Chromium at {CHROMIUM} (apt-get install chromium, or set HANOI_CHROMIUM)")
    with sync_api.sync_playwright() as playwright:
        # launch() gives the browser a fresh, empty profile directory of its own
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        try:
            yield launched
        finally:
            launched.close()


class Watched:
    """A page whose console errors, failed requests and requests off this machine are kept."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.errors: list[str] = []
        self.outside: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))
        page.on("requestfailed", self._failed)
        page.on("response", self._response)
        page.route("**/*", self._route)

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text}")

    def _failed(self, request: Any) -> None:
        self.errors.append(f"request failed: {request.url} ({request.failure})")

    def _response(self, response: Any) -> None:
        if response.status >= 400:
            self.errors.append(f"HTTP {response.status}: {response.url}")

    def _route(self, route: Any) -> None:
        url = route.request.url
        host = urllib.parse.urlsplit(url).hostname
        if url.startswith(("file:", "data:", "blob:", "about:")) or host in ("127.0.0.1", None):
            route.continue_()
        else:  # the docs and the viewer must work offline: nothing may leave the machine
            self.outside.append(url)
            route.abort()


@pytest.fixture
def watched(browser: Any) -> Iterator[Watched]:
    """A fresh page (1280 x 900) in its own context, watched for errors."""
    context = browser.new_context(viewport=VIEWPORT)
    try:
        yield Watched(context.new_page())
    finally:
        context.close()


@pytest.fixture(scope="session")
def screenshots() -> Path:
    """The directory screenshots are saved in."""
    directory = os.environ.get("HANOI_SCREENSHOTS") or tempfile.mkdtemp(prefix="hanoi-shots-")
    path = Path(directory)
    path.mkdir(parents=True, exist_ok=True)
    return path


def shoot(target: Any, directory: Path, name: str, **options: Any) -> Path:
    """Save a screenshot of a page or an element as ``directory/name.png``; remember it."""
    path = directory / f"{name}.png"
    target.screenshot(path=str(path), **options)
    _SHOTS.append(path)
    return path


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if _SHOTS:
        terminalreporter.section("screenshots")
        for path in _SHOTS:
            terminalreporter.write_line(str(path))


class _QuietFiles(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="session")
def docs_site() -> Iterator[str]:
    """The built documentation served on 127.0.0.1 (skips without HANOI_DOCS_HTML)."""
    built = os.environ.get("HANOI_DOCS_HTML")
    if not built:
        _missing("HANOI_DOCS_HTML is not set (the built HTML docs; .ci/run sets it)")
    root = Path(built)
    if not (root / "index.html").is_file():
        pytest.fail(f"HANOI_DOCS_HTML={built} holds no index.html")
    handler = functools.partial(_QuietFiles, directory=str(root))
    with http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler) as server:
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        yield f"http://127.0.0.1:{server.server_address[1]}"
        server.shutdown()
