"""The dense integer code of a position, shared by every exhaustive search and file format.

A position of ``n`` disks on ``p`` posts is first where each disk lies: the base-``p`` number
whose digit at place ``d - 1`` is the post of disk ``d``, the **placement** (disk 1, the
smallest, is the lowest digit). Under magnetic rules every stack of a legal position shows one
colour, and a coloured post's stack shows the post's colour, so the faces are told by one bit
for each *neutral* post: the colour its stack shows (0 red, 1 blue), and 0 when it is empty. With
``k`` neutral posts the code is ``placement * 2**k + face_bits`` (bit ``j`` for the ``j``-th
neutral post from the left); classic rules have ``k = 0`` and the code is the placement.

So the codes of ``n`` disks fill ``range(p**n * 2**k)``, and every legal position has exactly one
code. The codes that are not positions are those with a face bit set for an empty neutral post
(:meth:`CodeLayout.is_position`); there are few: the code space is at most ``2**k`` times the
number of positions, and tends to it as ``n`` grows (almost every placement uses every post).
"""

from __future__ import annotations

import attrs

from hanoi_magnet.errors import InvalidArgumentError
from hanoi_magnet.model import Color, Move, State, _disk_count
from hanoi_magnet.rules import ClassicRules, MagneticRules, Rules

_COLORS = (Color.RED, Color.BLUE)


class CodeLayout:
    """The codes of the positions of ``n`` disks under ``rules`` (see the module docstring).

    Attributes:
        rules: the rules.
        n: the number of disks.
        posts: the number of posts.
        magnetic: whether the rules are magnetic.
        neutral: the neutral posts, in order (empty under classic rules).
        colors: per post, -1 for neutral (or classic), else the colour's bit (0 red, 1 blue).
        face_count: ``2 ** len(neutral)``, the face patterns per placement.
        size: the number of codes, ``posts ** n * face_count``.
        directed: whether some allowed move cannot be undone by an allowed move.
    """

    __slots__ = (
        "_powers",
        "colors",
        "directed",
        "face_count",
        "magnetic",
        "n",
        "neutral",
        "placements",
        "posts",
        "rules",
        "size",
    )

    def __init__(self, rules: Rules, n: int) -> None:
        if not isinstance(rules, (ClassicRules, MagneticRules)):
            raise InvalidArgumentError(
                f"searching needs ClassicRules or MagneticRules, got {type(rules).__name__}"
            )
        self.rules: Rules = rules
        self.n: int = _disk_count(n)
        self.posts: int = rules.posts
        self.magnetic: bool = isinstance(rules, MagneticRules)
        if isinstance(rules, MagneticRules):
            self.colors: tuple[int, ...] = tuple(
                -1 if c is None else c.bit for c in rules.post_colors
            )
        else:
            self.colors = (-1,) * self.posts
        allowed = rules.allowed  # classic or magnetic: a one-way move makes the graph directed
        self.directed: bool = allowed is not None and any((b, a) not in allowed for a, b in allowed)
        self.neutral: tuple[int, ...] = (
            tuple(q for q, c in enumerate(self.colors) if c < 0) if self.magnetic else ()
        )
        self.face_count: int = 1 << len(self.neutral)
        #: the number of placements, ``posts ** n``
        self.placements: int = self.posts**self.n
        self.size: int = self.placements * self.face_count
        self._powers: tuple[int, ...] | None = None  # built on first use: O(n**2) digits

    @property
    def powers(self) -> tuple[int, ...]:
        """``posts ** d`` for ``d`` in ``0..n`` (the place value of disk ``d + 1``)."""
        if self._powers is None:
            self._powers = tuple(self.posts**d for d in range(self.n + 1))
        return self._powers

    def allowed(self, source: int, target: int) -> bool:
        """Whether the rules allow moves from ``source`` to ``target`` at all."""
        allowed = self.rules.allowed
        return source != target and (allowed is None or (source, target) in allowed)

    def reversed_rules(self) -> Rules:
        """The rules whose moves undo the moves of :attr:`rules`.

        The rules themselves if no move is one-way; otherwise the same rules with every
        allowed direction turned around (a legal magnetic move is legal backwards, the disk
        flipping back, so only the directions change).
        """
        rules = self.rules
        assert isinstance(rules, (ClassicRules, MagneticRules))
        if rules.allowed is not None and self.directed:
            return attrs.evolve(rules, allowed=[(b, a) for a, b in rules.allowed])
        return rules

    # -- States <-> codes -----------------------------------------------------------------------

    def encode(self, state: State) -> int:
        """The code of ``state`` (assumed a legal position of these rules with ``n`` disks)."""
        placement = 0
        faces = 0
        for post, stack in enumerate(state.posts):
            for disk in stack:
                placement += post * self.powers[disk - 1]
        if state.faces is not None:
            for bit, post in enumerate(self.neutral):
                stack = state.posts[post]
                if stack and state.faces[stack[0] - 1] is Color.BLUE:
                    faces |= 1 << bit
        return placement * self.face_count + faces

    def decode(self, code: int) -> State:
        """The :class:`State` with this code (``code`` in ``range(size)``)."""
        placement, faces = divmod(code, self.face_count)
        stacks: list[list[int]] = [[] for _ in range(self.posts)]
        where = []
        for disk in range(1, self.n + 1):
            placement, post = divmod(placement, self.posts)
            stacks[post].append(disk)
            where.append(post)
        posts = tuple(tuple(reversed(stack)) for stack in stacks)
        if not self.magnetic:
            return State._trusted(posts, None)
        shown = list(self.colors)
        for bit, post in enumerate(self.neutral):
            shown[post] = (faces >> bit) & 1
        return State._trusted(posts, tuple(_COLORS[shown[post]] for post in where))

    def move_between(self, before: int, after: int) -> Move:
        """The move from the position ``before`` to ``after`` (codes one legal move apart)."""
        first, second = before // self.face_count, after // self.face_count
        for disk in range(1, self.n + 1):
            first, source = divmod(first, self.posts)
            second, target = divmod(second, self.posts)
            if source != target:
                return Move(disk, source, target)
        raise AssertionError(f"codes {before} and {after} have the same placement")

    def is_position(self, code: int) -> bool:
        """Whether ``code`` is the code of a position (no face bit for an empty neutral post)."""
        if not 0 <= code < self.size:
            return False
        placement, faces = divmod(code, self.face_count)
        if not faces:
            return True
        used = 0
        for _ in range(self.n):
            placement, post = divmod(placement, self.posts)
            used |= 1 << post
        return all(used >> post & 1 for bit, post in enumerate(self.neutral) if faces >> bit & 1)

    def __repr__(self) -> str:
        return f"CodeLayout({self.rules!r}, n={self.n})"
