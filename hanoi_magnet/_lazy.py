"""Regular expressions compiled when first used, so that importing the reader stays cheap.

The reader's largest expressions take milliseconds each to compile; a program that imports
:mod:`hanoi_magnet` and never reads a free-form answer (the command line's ``solve``, a score
of reasoning-gym lines, which take their own short path) should not pay for them.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator


class LazyPattern:
    r"""``re.compile(pattern, flags)``, done on first use; the methods the reader calls.

    Example:
        >>> from hanoi_magnet._lazy import LazyPattern
        >>> words = LazyPattern(r"\w+")
        >>> [m.group() for m in words.finditer("one two")], words.fullmatch("x") is not None
        (['one', 'two'], True)
    """

    __slots__ = ("_compiled", "flags", "pattern")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags
        self._compiled: re.Pattern[str] | None = None

    @property
    def compiled(self) -> re.Pattern[str]:
        """The compiled expression (compiled now if it was not yet)."""
        compiled = self._compiled
        if compiled is None:
            compiled = self._compiled = re.compile(self.pattern, self.flags)
        return compiled

    def finditer(
        self, text: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> Iterator[re.Match[str]]:
        return self.compiled.finditer(text, pos, endpos)

    def search(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled.search(text, pos, endpos)

    def match(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled.match(text, pos, endpos)

    def fullmatch(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled.fullmatch(text, pos, endpos)

    def sub(self, replacement: str, text: str, count: int = 0) -> str:
        return self.compiled.sub(replacement, text, count)

    def split(self, text: str, maxsplit: int = 0) -> list[str]:
        return self.compiled.split(text, maxsplit)
