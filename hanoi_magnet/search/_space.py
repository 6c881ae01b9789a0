"""The compact integer encoding of positions that the search and the graphs work on.

A position of ``n`` disks on ``p`` posts is first of all *where* each disk lies: the digit
``post(d)`` at place ``d - 1`` of a base-``p`` number, the **placement** ``c`` (the same number as
:attr:`State.code <hanoi_magnet.State.code>` under classic rules). Under magnetic rules every
stack of a legal position shows one colour (touching faces must differ, so a disk lands showing
the colour of the disk below it), hence the faces are fully described by one bit per post: the
colour its stack shows, 0 for red and 1 for blue, and 0 for an empty post so that each position
has exactly one code. The magnetic code is ``c * 2**p + face_bits``.

So the codes of ``n`` disks fill ``range(p**n)`` (classic) or ``range(p**n * 2**p)``
(magnetic): small enough to index a ``bytearray`` for every n a search can finish, and the
neighbours of a code are found by arithmetic, never by building :class:`State` objects.

The top disk of each post is read from a table: for a chunk of ``k`` base-``p`` digits the table
holds, for every value, the smallest disk of the chunk on each post (0 for none). One lookup per
chunk of ``k`` disks; for the usual sizes (n <= 9 on 3 posts) one lookup per position.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from hanoi_magnet.errors import InvalidArgumentError
from hanoi_magnet.model import Color, Move, State
from hanoi_magnet.rules import ClassicRules, MagneticRules, Rules

_TABLE_ENTRIES = 1 << 15  # one tops table holds at most this many chunk values
_COLORS = (Color.RED, Color.BLUE)
_NEUTRAL = -1

Tops = tuple[int, ...]


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


class Space:
    """The codes of the positions of ``n`` disks under ``rules`` and their moves."""

    __slots__ = (
        "_chunk",
        "_chunk_size",
        "_last_table",
        "_table",
        "colors",
        "face_count",
        "magnetic",
        "moves",
        "n",
        "pairs",
        "posts",
        "powers",
        "rules",
        "size",
    )

    rules: Rules
    n: int
    posts: int
    magnetic: bool
    face_count: int
    size: int
    powers: list[int]
    colors: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]
    moves: list[list[Move]]
    _chunk: int
    _chunk_size: int
    _table: list[Tops]
    _last_table: list[Tops]

    def __init__(self, rules: Rules, n: int) -> None:
        if not isinstance(rules, (ClassicRules, MagneticRules)):
            raise InvalidArgumentError(
                f"searching needs ClassicRules or MagneticRules, got {type(rules).__name__}"
            )
        self.rules = rules
        self.n = n
        self.posts = p = rules.posts
        self.magnetic = isinstance(rules, MagneticRules)
        #: the number of face-bit patterns (1 for classic rules)
        self.face_count = 1 << p if self.magnetic else 1
        self.size = p**n * self.face_count
        self.powers = [p**d for d in range(n + 1)]
        if isinstance(rules, MagneticRules):
            self.colors = tuple(_NEUTRAL if c is None else c.bit for c in rules.post_colors)
        else:
            self.colors = (_NEUTRAL,) * p
        allowed = rules.allowed
        #: the (source, target) directions a move may take, in Rules.legal_moves order
        self.pairs = tuple(
            (a, b)
            for a in range(p)
            for b in range(p)
            if a != b and (allowed is None or (a, b) in allowed)
        )
        # the Move objects, interned: moves[d][a * p + b] is Move(d, a, b)
        self.moves = [
            [Move(max(d, 1), a, b) for a in range(p) for b in range(p)] for d in range(n + 1)
        ]
        self._chunk = max(1, int(math.log(_TABLE_ENTRIES) / math.log(p)))
        self._chunk_size = p**self._chunk
        self._table = _tops_table(p, min(n, self._chunk))  # phantom disks would be wrong
        last = n % self._chunk
        self._last_table = self._table if last == 0 else _tops_table(p, last)

    # -- placements -----------------------------------------------------------------------------

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

    # -- States <-> codes -----------------------------------------------------------------------

    def encode(self, state: State) -> int:
        """The code of ``state`` (assumed legal under the rules, with ``n`` disks)."""
        placement = 0
        faces = 0
        for post, stack in enumerate(state.posts):
            for disk in stack:
                placement += post * self.powers[disk - 1]
            if stack and state.faces is not None:
                faces |= state.faces[stack[0] - 1].bit << post
        return placement * self.face_count + faces

    def decode(self, code: int) -> State:
        """The :class:`State` with this code."""
        placement, faces = divmod(code, self.face_count)
        stacks: list[list[int]] = [[] for _ in range(self.posts)]
        for disk in range(1, self.n + 1):
            placement, post = divmod(placement, self.posts)
            stacks[post].append(disk)
        posts = tuple(tuple(reversed(stack)) for stack in stacks)
        if not self.magnetic:
            return State._trusted(posts, None)
        by_disk = [Color.RED] * self.n
        for post, stack in enumerate(stacks):
            for disk in stack:
                by_disk[disk - 1] = _COLORS[(faces >> post) & 1]
        return State._trusted(posts, tuple(by_disk))

    def state_code(self, code: int) -> int:
        """:attr:`State.code <hanoi_magnet.State.code>` of the position with this code."""
        if not self.magnetic:
            return code
        placement, faces = divmod(code, self.face_count)
        p = self.posts
        digits = []
        for _ in range(self.n):
            placement, post = divmod(placement, p)
            digits.append(post + p * ((faces >> post) & 1))
        result = 0
        for digit in reversed(digits):
            result = result * 2 * p + digit
        return result

    # -- moves ----------------------------------------------------------------------------------

    def neighbours(
        self, code: int, pairs: tuple[tuple[int, int], ...]
    ) -> Iterator[tuple[int, int]]:
        """``(code after the move, index into pairs)`` for every legal move along ``pairs``.

        With the reversed pairs this gives the predecessors of ``code`` (see :mod:`search`):
        a move a -> b undone is a move b -> a, and the physics of a legal magnetic move is
        always legal backwards (the disk flips back to the colour of the stack it left, or to
        the colour of its empty post, which a legal position shows). Only the direction may
        be one-way, which is why the pairs are passed in, not read from the rules.
        """
        placement, faces = divmod(code, self.face_count)
        tops = self.tops(placement)
        for index, (a, b) in enumerate(pairs):
            disk = tops[a]
            if not disk:
                continue
            below = tops[b]
            if below and below < disk:
                continue
            if self.magnetic:
                face = ((faces >> a) & 1) ^ 1  # the disk turns over
                if below:
                    if (faces >> b) & 1 != face:
                        continue  # repulsion: it must show the colour of the stack below
                elif self.colors[b] not in (_NEUTRAL, face):
                    continue  # an empty coloured post takes only its own colour
            yield self.shift(code, a, b, disk), index

    def shift(self, code: int, source: int, target: int, disk: int) -> int:
        """The code after ``disk`` (the top of ``source``) goes to ``target``, unchecked."""
        placement, faces = divmod(code, self.face_count)
        placement += (target - source) * self.powers[disk - 1]
        if not self.magnetic:
            return placement
        face = ((faces >> source) & 1) ^ 1
        faces = (faces & ~(1 << target)) | (face << target)
        if not self.tops(placement)[source]:
            faces &= ~(1 << source)  # an empty post has face bit 0
        return placement * self.face_count + faces
