"""A scripted model that follows a multi-turn prompt literally.

It knows the optimal moves (it is told them, as an oracle), and nothing else about the
library: it reads the prompt's own instructions (which tool to call, the form of one move and
how pegs are named) and writes each move exactly as they say. Its code shares nothing with
the library's notations, so a prompt that names a tool that does not exist, or asks for a form
the tool or the episode cannot read, fails the tests that use it.
"""

from __future__ import annotations

import re

_TOOL = re.compile(r"with the `([^`]+)` tool")
_FORM = re.compile(r"in the form '([^']+)'")
_NAMING = re.compile(
    r"\(pegs (named S, I, D|named by letters from A|numbered from 0|numbered from 1)"
)


class PromptFollower:
    """Writes moves as the last instructions in ``prompt`` ask."""

    def __init__(self, prompt: str) -> None:
        forms = _FORM.findall(prompt)
        namings = _NAMING.findall(prompt)
        assert forms and namings, f"the prompt says nowhere how to write a move:\n{prompt}"
        self.form, self.naming = forms[-1], namings[-1]
        tools = _TOOL.findall(prompt)
        self.tool = tools[-1] if tools else None

    def peg(self, post: int) -> str:
        """A post (0-based) as the prompt names pegs."""
        if self.naming == "named S, I, D":
            return "SID"[post]
        if self.naming == "named by letters from A":
            return chr(ord("A") + post)
        return str(post + (1 if self.naming == "numbered from 1" else 0))

    def write(self, disk: int, source: int, target: int, index: int = 0) -> str:
        """One move in the prompt's form: X the disk, Y the peg left, Z the target, N the
        move's number from 0 (the forms' only capital X, Y, Z and N are placeholders)."""
        values = {"X": str(disk), "Y": self.peg(source), "Z": self.peg(target), "N": str(index)}
        return re.sub("[XYZN]", lambda found: values[found.group()], self.form)
