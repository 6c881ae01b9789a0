"""Pictures in Chromium: no caption runs past the picture's edges, however long the numbers."""

from __future__ import annotations

from pathlib import Path

import pytest

from hanoi_magnet import solve
from hanoi_magnet.draw import render_strip, render_svg
from tests.browser.conftest import Watched, shoot

_OVERFLOW = """() => {
  const svg = document.querySelector("svg");
  const width = svg.viewBox.baseVal.width;
  return [...svg.querySelectorAll("text.caption")].map((text) => {
    const box = text.getBBox();
    return [text.textContent, box.x, box.x + box.width, width];
  });
}"""


@pytest.mark.parametrize(("label", "n"), [("NNN", 60), ("classic", 64), ("NNN", 1000)])
def test_long_titles_stay_inside_the_picture(
    watched: Watched, tmp_path: Path, screenshots: Path, label: str, n: int
):
    solution = solve(label, n)
    k = solution.length * 2 // 3
    title = f"{label}, {n} disks: the position after {k} of {solution.length} moves"
    target = tmp_path / "picture.svg"
    target.write_text(render_svg(solution.unrank(k), title=title), encoding="utf-8")
    page = watched.page
    page.goto(target.as_uri())
    lines = page.evaluate(_OVERFLOW)
    assert "".join(text for text, *_ in lines).replace(" ", "") == title.replace(" ", "")
    for text, left, right, width in lines:
        assert left >= 0 and right <= width, (
            f"{text!r} runs from {left:.0f} to {right:.0f} of {width}"
        )
    if n == 60:
        shoot(page, screenshots, "picture-long-title")
    assert watched.errors == []


def test_strip_captions_stay_inside_their_panels(watched: Watched, tmp_path: Path):
    solution = solve("NNN", 70)
    ks = [0, solution.length // 2, solution.length]
    captions = [f"after {k} of {solution.length} moves" for k in ks]
    target = tmp_path / "strip.svg"
    target.write_text(render_strip([solution.unrank(k) for k in ks], captions=captions))
    page = watched.page
    page.goto(target.as_uri())
    panel_width = page.evaluate("() => document.querySelector('svg').viewBox.baseVal.width") / 3
    for text, left, right, _ in page.evaluate(_OVERFLOW):  # boxes in their panel's coordinates
        assert left >= 0 and right <= panel_width, f"{text!r} crosses out of its panel"
