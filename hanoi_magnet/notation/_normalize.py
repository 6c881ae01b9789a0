"""The answer as a reader sees it: invisible and look-alike characters made plain.

Models and the pipelines around them leave characters in answers that change nothing for a
human reader: a byte-order mark, NUL and other control characters, zero-width spaces and
joiners, no-break and thin spaces, full-width forms (``Ａ``, ``１``), digits of other scripts
(Arabic-Indic ``٣``), Cyrillic or Greek letters drawn as Latin ones (``А->С``), curly quotes,
CRLF line ends. :func:`normalize` removes or replaces them, and keeps the way back: offsets in
the plain text map to offsets in the text as given, so the reading report points at the answer
the model wrote.
"""

from __future__ import annotations

import bisect
import re
import unicodedata

from hanoi_magnet._lookalikes import LOOKALIKES, in_latin

# Characters with no width or meaning in an answer: removed.
_INVISIBLE = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e"
    "\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]|\r(?=\n)"
)
_SPACES = (
    "\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u202f\u205f\u3000"
)
_QUOTES = {"\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"',
           "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'",
           "\u00ab": '"', "\u00bb": '"'}  # fmt: skip
_FIXED: dict[int, str] = {ord(space): " " for space in _SPACES}
_FIXED.update({ord(quote): plain for quote, plain in _QUOTES.items()})
_FIXED[ord("\r")] = "\n"  # a lone CR ends a line (CRLF loses its CR above)
# Full-width ASCII (U+FF01 to U+FF5E) is ASCII shifted by 0xFEE0.
_FIXED.update({code: chr(code - 0xFEE0) for code in range(0xFF01, 0xFF5F)})


class Plain:
    """The plain text of an answer, and the way back to offsets in the text as given.

    Attributes:
        text: the plain text (same characters, in the same places, but for those removed).
    """

    __slots__ = ("_removed", "text")

    def __init__(self, text: str, removed: list[int]) -> None:
        self.text = text
        self._removed = removed  # offsets in the given text of the characters removed

    def lowered(self, spans: list[tuple[int, int]]) -> Plain:
        """This text with each of ``spans`` (in order, apart) in lower case: the same offsets."""
        pieces = []
        position = 0
        for start, end in spans:
            pieces.append(self.text[position:start] + self.text[start:end].lower())
            position = end
        pieces.append(self.text[position:])
        return Plain("".join(pieces), self._removed)

    def given(self, position: int) -> int:
        """The offset in the text as given of ``position`` in the plain text."""
        removed = self._removed
        if not removed:
            return position
        # the k-th kept character sits after every removed one before it: shift until stable
        shift = bisect.bisect_right(removed, position)
        while True:
            later = bisect.bisect_right(removed, position + shift)
            if later == shift:
                return position + shift
            shift = later


def normalize(text: str) -> Plain:
    r"""``text`` with the characters that change nothing for a reader made plain.

    Removed: control characters (but tab and new line), zero-width spaces and joiners, the
    byte-order mark, direction marks, soft hyphens, the CR of CRLF. Replaced, one for one:
    no-break and other spaces by a space, curly quotes by straight ones, full-width forms by
    ASCII, decimal digits of every script by ASCII digits, a lone CR by a new line, and in a
    word whose every letter looks Latin, Cyrillic and Greek look-alikes by the Latin letters
    they are drawn as ("А->С" is "A->C"; a Russian or Greek word stays as it is).

    Example:
        >>> plain = normalize("\ufeffA\u200b->Ｃ\r\n٢")
        >>> plain.text, plain.given(2)
        ('A->C\n2', 4)
    """
    if text.isascii():
        if "\r" not in text and not _has_controls(text):
            return Plain(text, [])
        removed = [match.start() for match in _INVISIBLE.finditer(text)]
        kept = _INVISIBLE.sub("", text) if removed else text
        return Plain(kept.translate(_FIXED), removed)
    removed = [match.start() for match in _INVISIBLE.finditer(text)]
    kept = _INVISIBLE.sub("", text) if removed else text
    table = dict(_FIXED)
    chars = set(kept)
    for char in chars:
        if ord(char) > 127 and ord(char) not in table:
            digit = unicodedata.decimal(char, None)
            if digit is not None:
                table[ord(char)] = str(digit)
    plain = kept.translate(table)
    if not chars.isdisjoint(LOOKALIKES):
        plain = in_latin(plain)
    return Plain(plain, removed)


#: The ASCII characters a plain text may hold: the printable ones, tab and the line ends.
_ALLOWED = bytes(range(32, 127)) + b"\t\n\r"


def _has_controls(text: str) -> bool:
    """Whether ASCII ``text`` holds a control character other than tab and the line ends.

    The allowed characters deleted, whatever is left (C-level: a regular expression's search
    takes several times as long).
    """
    return bool(text.encode("ascii").translate(None, _ALLOWED))
