"""The Theory page's tables fit the page: no table scrolls sideways at the usual width.

The classic families' table put each family's whole recurrence in a cell, and MathJax does not
wrap a formula, so the table ran off the page's column and scrolled sideways.
"""

from __future__ import annotations

from tests.browser.conftest import Watched, shoot

# Each table's own width against the width its wrapper gives it (Furo wraps every table in a
# div.table-wrapper that scrolls sideways when the table is wider).
_TABLES = """() => [...document.querySelectorAll("article table")].map((table) => {
  const box = table.parentElement;
  return [table.querySelector("caption")?.textContent ?? table.rows[0].textContent.slice(0, 40),
          table.scrollWidth, box.clientWidth];
})"""


def test_the_theory_tables_fit_the_page(watched: Watched, docs_site: str, screenshots):
    page = watched.page
    page.goto(f"{docs_site}/theory.html", wait_until="load")
    page.wait_for_selector("mjx-container", timeout=20_000)
    page.wait_for_function("() => !document.querySelector('.math:not(:has(mjx-container))')")
    tables = page.evaluate(_TABLES)
    assert len(tables) >= 3
    wide = [(name, width, room) for name, width, room in tables if width > room + 1]
    for index, table in enumerate(page.query_selector_all("article table")):
        shoot(table, screenshots, f"theory-table-{index}")
    assert wide == [], f"tables wider than the page's column: {wide}"
    assert watched.errors == []
