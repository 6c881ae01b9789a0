"""A tiny Sphinx extension: ``.. hanoi-exec::`` runs Python at build time and inserts what it
prints as reStructuredText.

Used for every table and picture the library computes itself (variant counts, recurrences, the
Markov matrix, rendered positions), so the docs can never disagree with the code. Code may write
files (pictures) into ``docs/_generated`` and print an ``.. image::`` directive for them.
"""

from __future__ import annotations

import contextlib
import io
import textwrap
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

GENERATED = Path(__file__).resolve().parent.parent / "_generated"


class HanoiExec(SphinxDirective):
    """Run the directive's content as Python; parse its standard output as reST."""

    has_content = True

    def run(self) -> list[nodes.Node]:
        GENERATED.mkdir(exist_ok=True)
        code = textwrap.dedent("\n".join(self.content))
        output = io.StringIO()
        namespace: dict[str, Any] = {"__name__": "hanoi_exec", "GENERATED": GENERATED}
        try:
            with contextlib.redirect_stdout(output):
                exec(compile(code, f"<{self.env.docname}>", "exec"), namespace)
        except Exception as error:  # a failing block must fail the build, visibly
            raise self.error(f"hanoi-exec failed: {type(error).__name__}: {error}") from error
        lines = output.getvalue().splitlines()
        container = nodes.section()
        container.document = self.state.document
        # with titles: a block may print subsections (the Performance page does)
        nested_parse_with_titles(self.state, StringList(lines, source=self.env.docname), container)
        return list(container.children)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("hanoi-exec", HanoiExec)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
