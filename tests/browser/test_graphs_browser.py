"""State-graph pictures in Chromium: the labels measured by the browser itself.

tests/test_graph_pictures.py checks the labels with boxes estimated from font size and
character count; here Chromium lays the same text out, and its boxes must lie inside those
estimates (so the estimate is safe for the fonts a reader has) and must themselves keep clear
of each other, of the nodes and of the red path.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from hanoi_magnet.draw import graph_svg
from tests.browser.conftest import Watched, shoot
from tests.graph_geometry import Box, overlaps, read_graph
from tests.test_graph_pictures import DOCS_PICTURES

_BOXES = """() => [...document.querySelectorAll("svg text")].map((text) => {
  const box = text.getBBox();
  return [text.textContent, box.x, box.y, box.x + box.width, box.y + box.height];
})"""

PICTURES = [*DOCS_PICTURES, ("RBB", 2, 420), ("classic", 4, 420), ("classic", 4, 900)]


@pytest.mark.parametrize(("label", "n", "width"), PICTURES)
def test_labels_as_the_browser_draws_them(
    watched: Watched, tmp_path: Path, screenshots: Path, label: str, n: int, width: int
):
    svg = graph_svg(label, n, width=width)
    target = tmp_path / "graph.svg"
    target.write_text(svg, encoding="utf-8")
    page = watched.page
    page.goto(target.as_uri())
    measured = page.evaluate(_BOXES)
    estimated = read_graph(svg)
    assert len(measured) == len(estimated.texts)
    real = []
    for (text, left, top, right, bottom), guess in zip(measured, estimated.texts, strict=True):
        assert text == guess.text
        box = Box(left, top, right, bottom, text, guess.kind)
        # slack: Chromium puts a run of text on whole pixels, shifting it by up to half a pixel
        assert guess.contains(box, slack=0.5), f"{text!r}: Chromium {box}, estimated {guess}"
        real.append(box)
    assert overlaps(dataclasses.replace(estimated, texts=real)) == []
    name = f"graph-{label.replace(':', '')}-{n}-{width}"
    shoot(page.locator("svg"), screenshots, name)
    assert watched.errors == []
