"""The moves of one code at a time, in pure Python: the scalar side of :mod:`.layout`'s codes.

Every search of the package describes a position by its :class:`~.layout.CodeLayout` code (the
placement, then one face bit per *neutral* post); this module finds the neighbours of one such
code by arithmetic, without building :class:`~hanoi_magnet.State` objects. The pure-Python
layered search (:mod:`.pure`), the pure-Python bidirectional search (:mod:`.bidirectional`), the
state graph and the checks of distance tables all walk the codes through it; the numpy
(:mod:`.moves`) and compiled (:mod:`.compiled`) kernels do the same for many codes at once, and
the tests hold all three to the rules objects.

The top disk of each post is read from a table: for a chunk of ``k`` base-``p`` digits the table
holds, for every value, the smallest disk of the chunk on each post (0 for none). One lookup per
chunk of ``k`` disks; for the usual sizes (n <= 9 on 3 posts) one lookup per position.

Under magnetic rules every stack shows one colour: a coloured post's stack shows the post's
colour, a neutral post's stack the colour of its face bit. A moving disk turns over, so it shows
the other colour than the stack it leaves; it may land on a stack showing that colour (touching
faces differ), or on an empty post that is neutral or of that colour. The moves can always be
undone physically (the disk flips back); only a one-way direction makes a move irreversible,
which is why :meth:`CodeMoves.neighbours` takes the directions to follow.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from hanoi_magnet.model import Move
from hanoi_magnet.search._exhaustive.layout import CodeLayout

_TABLE_ENTRIES = 1 << 15  # one tops table holds at most this many chunk values

Tops = tuple[int, ...]
Pairs = tuple[tuple[int, int], ...]


def _tops_table(posts: int, digits: int) -> list[Tops]:
    """For every base-``posts`` number of ``digits`` digits, the smallest disk on each post.

    Disk ``d`` (1-based within the chunk) lies on the post named by digit ``d - 1``; an entry is
    0 where no disk of the chunk lies. Built digit by digit: the lowest digit is disk 1, and the
    other digits are the table of one digit fewer with every disk one larger.
    """
    table: list[Tops] = [(0,) * posts]
    for _ in range(digits):
        shorter = table
        table = []
        for value in range(len(shorter) * posts):
            rest, post = divmod(value, posts)
            table.append(
                tuple(
                    1 if p == post else (top + 1 if top else 0)
                    for p, top in enumerate(shorter[rest])
                )
            )
    return table


class CodeMoves:
    """The legal moves of the :class:`~.layout.CodeLayout` codes of ``layout``, one code at a time.

    Attributes:
        layout: the codes.
        pairs: the (source, target) directions the rules allow, in ``Rules.legal_moves`` order.
        backward: the same directions turned around (the moves undone).
        moves: the :class:`~hanoi_magnet.Move` objects, interned: ``moves[d][a * p + b]`` is
            ``Move(d, a, b)``.
    """

    __slots__ = (
        "_bit",
        "_chunk",
        "_chunk_size",
        "_last_table",
        "_table",
        "backward",
        "colors",
        "face_count",
        "layout",
        "magnetic",
        "moves",
        "n",
        "pairs",
        "posts",
        "powers",
    )

    def __init__(self, layout: CodeLayout) -> None:
        self.layout = layout
        self.n = n = layout.n
        self.posts = p = layout.posts
        self.magnetic = layout.magnetic
        self.face_count = layout.face_count
        self.colors = layout.colors
        self.powers = layout.powers
        #: the face bit of each post (0 for a coloured post, which has none)
        self._bit = [0] * p
        for bit, post in enumerate(layout.neutral):
            self._bit[post] = 1 << bit
        self.pairs: Pairs = tuple(
            (a, b) for a in range(p) for b in range(p) if layout.allowed(a, b)
        )
        self.backward: Pairs = tuple((b, a) for a, b in self.pairs)
        self.moves = [
            [Move(max(d, 1), a, b) for a in range(p) for b in range(p)] for d in range(n + 1)
        ]
        self._chunk = max(1, int(math.log(_TABLE_ENTRIES) / math.log(p)))
        self._chunk_size = p**self._chunk
        self._table = _tops_table(p, min(n, self._chunk))  # phantom disks would be wrong
        last = n % self._chunk
        self._last_table = self._table if last == 0 else _tops_table(p, last)

    def tops(self, placement: int) -> Tops:
        """The top (smallest) disk on each post, 0 for an empty post."""
        if self.n <= self._chunk:
            return self._table[placement]
        size, chunk = self._chunk_size, self._chunk
        found = list(self._table[placement % size])
        placement //= size
        offset = chunk
        while True:
            last = offset + chunk >= self.n
            table = self._last_table if last else self._table
            value = placement if last else placement % size
            for post, top in enumerate(table[value]):
                if top and not found[post]:
                    found[post] = top + offset
            if last or all(found):
                return tuple(found)
            placement //= size
            offset += chunk

    def _shown(self, faces: int, post: int) -> int:
        """The colour bit the (non-empty) stack of ``post`` shows."""
        bit = self._bit[post]
        return (1 if faces & bit else 0) if bit else self.colors[post]

    def neighbours(self, code: int, pairs: Pairs | None = None) -> Iterator[tuple[int, int]]:
        """``(code after the move, index into pairs)`` for every legal move along ``pairs``.

        ``pairs`` defaults to :attr:`pairs`; with :attr:`backward` this gives the predecessors
        of ``code`` (a move a -> b undone is a move b -> a, and a legal magnetic move is always
        legal backwards physically).
        """
        placement, faces = divmod(code, self.face_count)
        tops = self.tops(placement)
        for index, (a, b) in enumerate(self.pairs if pairs is None else pairs):
            disk = tops[a]
            if not disk:
                continue
            below = tops[b]
            if below and below < disk:
                continue
            if self.magnetic:
                face = self._shown(faces, a) ^ 1  # the disk turns over
                if below:
                    if self._shown(faces, b) != face:
                        continue  # repulsion: it must show the colour of the stack below
                elif self.colors[b] not in (-1, face):
                    continue  # an empty coloured post takes only its own colour
            yield self.shift(code, a, b, disk), index

    def successors(self, code: int) -> list[int]:
        """The codes one legal move away from ``code``."""
        return [after for after, _ in self.neighbours(code)]

    def shift(self, code: int, source: int, target: int, disk: int) -> int:
        """The code after ``disk`` (the top of ``source``) goes to ``target``, unchecked."""
        placement, faces = divmod(code, self.face_count)
        placement += (target - source) * self.powers[disk - 1]
        if self.face_count == 1:
            return placement
        face = self._shown(faces, source) ^ 1
        bit = self._bit[target]
        if bit:
            faces = (faces | bit) if face else (faces & ~bit)
        bit = self._bit[source]
        if bit and not self.tops(placement)[source]:
            faces &= ~bit  # an empty neutral post has face bit 0
        return placement * self.face_count + faces

    def move(self, code: int, source: int, target: int) -> Move:
        """The :class:`~hanoi_magnet.Move` of the top disk of ``source`` to ``target``."""
        disk = self.tops(code // self.face_count)[source]
        return self.moves[disk][source * self.posts + target]
