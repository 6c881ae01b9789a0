"""Every page of the built documentation, opened in Chromium as a reader opens it.

Fails on what the ``-W`` build cannot see: the theme's red error box (Furo draws one around a
``.. contents::`` table), console errors, resources that fail to load or that would come from
the network (the docs must work offline: MathJax is served locally), broken images, formulas
MathJax did not typeset, and pictures whose captions and post names would be too small to read
at the page's width.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.browser.conftest import Watched, shoot
from tests.graph_geometry import overlaps, read_graph

#: The smallest readable size, in CSS pixels, of a picture's captions and post names as shown,
#: and of any other text in it (graph labels).
MIN_CAPTION_PX = 11.0
MIN_TEXT_PX = 9.0

# Elements whose ::before or ::after says ERROR (Furo's box around a table of contents).
_THEME_ERRORS = """() => [...document.querySelectorAll("body *")].flatMap((element) =>
  ["::before", "::after"].map((pseudo) => getComputedStyle(element, pseudo).content)
    .filter((content) => content.includes("ERROR"))
    .map((content) => `${element.className}: ${content.slice(0, 80)}`))"""

_BROKEN_IMAGES = """() => [...document.images]
  .filter((image) => !image.complete || image.naturalWidth === 0).map((image) => image.src)"""

_PICTURES = """() => [...document.images].filter((image) => /\\.svg$/.test(image.src))
  .map((image) => [image.src, image.getBoundingClientRect().width])"""


def _pages() -> list[str]:
    built = os.environ.get("HANOI_DOCS_HTML")
    if not built:
        return ["(docs not built)"]
    root = Path(built)
    return sorted(str(path.relative_to(root)) for path in root.rglob("*.html")) or ["(none)"]


def _text_sizes(svg: str) -> list[tuple[str, float]]:
    """(class, font size) of each text of a picture outside its disks (disk numbers may shrink)."""
    svg = re.sub(r'<g class="disk".*?</g>', "", svg, flags=re.S)
    sizes = []
    for match in re.finditer(r"<text\b([^>]*)>", svg):
        attributes = match[1]
        size = re.search(r'font-size="([\d.]+)"', attributes)
        kind = re.search(r'class="([^"]+)"', attributes)
        if size:
            sizes.append((kind[1] if kind else "", float(size[1])))
    return sizes


def _width(svg: str) -> float:
    box = re.search(r'viewBox="[\d.]+ [\d.]+ ([\d.]+) [\d.]+"', svg)
    if box:
        return float(box[1])
    return float(re.search(r'<svg[^>]*\bwidth="([\d.]+)"', svg)[1])


@pytest.mark.parametrize("page_path", _pages())
def test_page_opens_cleanly(watched: Watched, docs_site: str, page_path: str):
    page = watched.page
    response = page.goto(f"{docs_site}/{page_path}", wait_until="load")
    assert response is not None and response.status == 200
    if page.query_selector(".math"):  # wait for MathJax, then every formula must be typeset
        page.wait_for_selector("mjx-container", timeout=20_000)
        untypeset = page.evaluate(
            "() => [...document.querySelectorAll('.math')]"
            ".filter((m) => !m.querySelector('mjx-container')).map((m) => m.textContent)"
        )
        assert untypeset == [], f"formulas MathJax did not render: {untypeset[:3]}"
    assert page.evaluate(_THEME_ERRORS) == []
    assert page.evaluate(_BROKEN_IMAGES) == []
    for source, shown_width in page.evaluate(_PICTURES):
        svg = page.request.get(source).text()
        scale = shown_width / _width(svg)
        for kind, size in _text_sizes(svg):
            least = MIN_CAPTION_PX if kind in ("caption", "post") else MIN_TEXT_PX
            assert size * scale >= least - 0.05, (
                f"{source}: {kind or 'text'} shown at {size * scale:.1f}px, less than {least}px"
            )
    assert watched.errors == []
    assert watched.outside == [], "the page reached for the network"


CHANGED_PAGES = [
    "index",
    "tutorial",
    "cli",
    "theory",
    "performance",
    "variants",
    "search-and-graphs",
    "distances",
    "atlas",
    "exhaustive-tables",
]


@pytest.mark.parametrize("name", CHANGED_PAGES)
def test_screenshots_of_the_pages(watched: Watched, docs_site: str, screenshots: Path, name: str):
    page = watched.page
    page.goto(f"{docs_site}/{name}.html", wait_until="load")
    if page.query_selector(".math"):
        page.wait_for_selector("mjx-container", timeout=20_000)
    page.wait_for_timeout(300)
    shoot(page, screenshots, f"docs-{name}")  # what a reader sees first
    shoot(page, screenshots, f"docs-{name}-full", full_page=True)


def test_the_embedded_viewer_works(watched: Watched, docs_site: str, screenshots: Path):
    page = watched.page
    page.goto(f"{docs_site}/tutorial.html", wait_until="load")
    frame_element = page.wait_for_selector("iframe.hanoi-viewer")
    frame_element.scroll_into_view_if_needed()
    viewer = frame_element.content_frame()
    viewer.wait_for_selector("#viewer[data-shown]")
    start = int(viewer.get_attribute("#viewer", "data-shown"))
    viewer.click("#forward")
    viewer.wait_for_selector(f"#viewer[data-shown='{start + 1}']")
    shoot(frame_element, screenshots, "docs-embedded-viewer")
    assert watched.errors == [] and watched.outside == []


#: The pages that show state graphs, and how many each shows.
GRAPH_PAGES = {"search-and-graphs": 4, "cli": 1}


@pytest.mark.parametrize("name", sorted(GRAPH_PAGES))
def test_graph_figures(watched: Watched, docs_site: str, screenshots: Path, name: str):
    """Each state graph the docs show: labels clear of each other, the nodes and the path."""
    page = watched.page
    page.goto(f"{docs_site}/{name}.html", wait_until="load")
    pictures = {source: page.request.get(source).text() for source, _ in page.evaluate(_PICTURES)}
    graphs = {source: svg for source, svg in pictures.items() if "<circle" in svg}  # nodes
    assert len(graphs) == GRAPH_PAGES[name], sorted(graphs)
    for source, svg in graphs.items():
        picture = read_graph(svg)
        assert picture.labels, f"{source} shows no labels"
        assert overlaps(picture) == [], source
        image = page.locator(f'img[src$="{source.rsplit("/", 1)[-1]}"]')
        image.scroll_into_view_if_needed()
        shoot(image, screenshots, f"docs-{name}-{Path(source).stem}")
    assert watched.errors == []
