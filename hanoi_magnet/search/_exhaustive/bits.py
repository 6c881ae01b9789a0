"""The visited set of a layered search: two bits per code, 32 codes to a 64-bit word.

The two bits of a code say: 0 not reached yet; 1 or 2 reached, in the layer with that label
(labels alternate from one layer to the next, so the layer being expanded and the one being
found never share a label); 3 reached and expanded. This is the "two-bit breadth-first search"
of Cooperman and Finkelstein, and of Korf ("Minimizing disk I/O in two-bit breadth-first
search", AAAI 2008): the table is the whole memory a search needs besides small buffers, so it
can be sized before the search starts, and a layer too large to keep as a list of codes is read
back from the table by scanning for its label.

A table may cover a range of codes ``[low, low + size)``; it takes and returns codes in that
range (the distributed search gives each worker one range).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

Int64s = npt.NDArray[np.int64]

UNSEEN, DONE = 0, 3
CODES_PER_WORD = 32
_EVEN_BITS = np.int64(0x5555_5555_5555_5555)


def table_bytes(size: int) -> int:
    """The bytes a table of ``size`` codes takes."""
    return -(-size // CODES_PER_WORD) * 8


def sorted_unique(codes: Int64s) -> Int64s:
    """The distinct values of ``codes``, increasing (``np.unique`` without its overheads)."""
    if codes.size <= 1:
        return codes
    codes = np.sort(codes)
    keep = np.empty(codes.size, dtype=np.bool_)
    keep[0] = True
    np.not_equal(codes[1:], codes[:-1], out=keep[1:])
    return np.compress(keep, codes)


class StateTable:
    """Two bits for every code of ``[low, low + size)`` (see the module docstring)."""

    __slots__ = ("low", "size", "words")

    def __init__(self, size: int, low: int = 0) -> None:
        self.low = low
        self.size = size
        self.words: Int64s = np.zeros(-(-size // CODES_PER_WORD), dtype=np.int64)

    @property
    def nbytes(self) -> int:
        """The memory the table holds."""
        return int(self.words.nbytes)

    def values(self, codes: Int64s) -> Int64s:
        """The two-bit value of each code."""
        offset = codes - self.low if self.low else codes
        return (np.take(self.words, offset >> 5) >> ((offset & 31) << 1)) & 3

    def value(self, code: int) -> int:
        """The two-bit value of one code."""
        offset = code - self.low
        return int(self.words[offset >> 5] >> ((offset & 31) << 1)) & 3

    def mark(self, codes: Int64s, value: int) -> None:
        """Set the value of unseen ``codes`` (or of any codes, to :data:`DONE`) to ``value``.

        Several codes may share a word, so the bits are or-ed in with ``np.bitwise_or.at``
        (fast when the codes are sorted).
        """
        if codes.size == 0:
            return
        offset = codes - self.low if self.low else codes
        np.bitwise_or.at(self.words, offset >> 5, np.int64(value) << ((offset & 31) << 1))

    def count(self, value: int) -> int:
        """How many codes have ``value`` (1, 2 or 3)."""
        total = 0
        step = 1 << 20
        for start in range(0, self.words.size, step):
            found = self._matching(self.words[start : start + step], value)
            total += int(np.bitwise_count(found.view(np.uint64)).sum())
        return total

    @staticmethod
    def _matching(words: Int64s, value: int) -> Int64s:
        """Per word, the low bit of each two-bit field that holds ``value``."""
        low: Int64s = words & _EVEN_BITS
        high: Int64s = (words >> 1) & _EVEN_BITS
        if value == 1:
            low &= ~high
            return low
        if value == 2:
            high &= ~low
            return high
        low &= high
        return low

    def scan(self, value: int, start: int, stop: int) -> Int64s:
        """The codes with ``value`` among the words ``start:stop``, increasing."""
        found = self._matching(self.words[start:stop], value)
        nonzero = np.flatnonzero(found)
        if nonzero.size == 0:
            return np.empty(0, dtype=np.int64)
        fields = _even_bits_packed(found[nonzero]).astype(np.uint32)
        bits = np.unpackbits(fields.view(np.uint8), bitorder="little").view(np.bool_)
        index = np.flatnonzero(bits)
        codes: Int64s = (nonzero[index >> 5] + start) * CODES_PER_WORD + (index & 31) + self.low
        return codes

    def close(self, value: int, start: int, stop: int) -> None:
        """Set every code with ``value`` among the words ``start:stop`` to :data:`DONE`."""
        words = self.words[start:stop]
        found = self._matching(words, value)
        words |= found | (found << 1)


_PACK_MASKS = tuple(
    np.int64(mask)
    for mask in (
        0x3333_3333_3333_3333,
        0x0F0F_0F0F_0F0F_0F0F,
        0x00FF_00FF_00FF_00FF,
        0x0000_FFFF_0000_FFFF,
        0x0000_0000_FFFF_FFFF,
    )
)


def _even_bits_packed(words: Int64s) -> Int64s:
    """Bit ``2 i`` of each word moved to bit ``i`` (the odd bits must be 0): 32 fields, 32 bits."""
    for shift, mask in zip((1, 2, 4, 8, 16), _PACK_MASKS, strict=True):
        words = (words | (words >> shift)) & mask
    return words
