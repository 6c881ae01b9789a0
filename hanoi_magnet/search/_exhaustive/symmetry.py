"""The symmetry of the posts: which permutations a search may use, and dense canonical numbers.

A permutation of the posts that maps the rules onto themselves (the same allowed directions
between the renamed posts, and under magnetic rules the same colours) maps every distance onto
the same distance. If it also fixes the start (the posts holding a disk there keep their names)
it maps the layers of a search from the start onto themselves, and if it fixes a goal too, the
distance to it. So a search may keep one position of each orbit, its *canonical* form, and add
each orbit's size to the layer counts, which stay exact.

The group used here is the full symmetric group on a set of *permutable* posts: posts empty in
the start (and the goal), any two of which may be swapped without changing the rules. Swaps
that preserve the rules form an equivalence relation on the posts (if ``(a b)`` and ``(b c)``
do, so does ``(a c) = (a b)(b c)(a b)``), and the largest class of the empty posts is taken:
for four pegs and a tower, the three other pegs (6 permutations); from a tower on peg 0 to one
on peg 3, pegs 1 and 2 (2); under ``NNNN``, the three other neutral posts; under ``RBNN`` from a
tower on the red post, the two neutral posts (the blue one has no partner).

A canonical position names its permutable posts in the order they first appear, reading the
disks from the largest down (the posts that appear are renamed to the first permutable posts,
in increasing order); the face bits of neutral posts follow their posts. The canonical codes
are numbered densely by :class:`SymmetricCodes`, so the two-bit table shrinks by about the
group's order. numpy is imported only when the numbers are built.
"""

from __future__ import annotations

import functools
import itertools
import math
from typing import Any

from hanoi_magnet.search._exhaustive.layout import CodeLayout

#: the most prefix values :class:`SymmetricCodes` indexes (a longer prefix wastes fewer numbers)
PREFIX_ENTRIES = 1 << 22
#: the digits a canonical number keeps as they stand: their disks' moves are additions
SUFFIX_DIGITS = 8
#: the digits of a prefix at least: most prefixes then use every permutable post, and their
#: positions' moves stay on the fast paths
PREFIX_DIGITS = 10


def _posts_used(layout: CodeLayout, code: int) -> int:
    """A bit mask of the posts holding a disk in ``code``."""
    placement, used = code // layout.face_count, 0
    for _ in range(layout.n):
        placement, post = divmod(placement, layout.posts)
        used |= 1 << post
    return used


def swap_preserves_rules(layout: CodeLayout, a: int, b: int) -> bool:
    """Whether exchanging the names of posts ``a`` and ``b`` maps the rules onto themselves."""
    if layout.colors[a] != layout.colors[b]:
        return False
    swap = {a: b, b: a}
    return all(
        layout.allowed(source, target)
        == layout.allowed(swap.get(source, source), swap.get(target, target))
        for source in range(layout.posts)
        for target in range(layout.posts)
        if source != target
    )


def permutable_posts(layout: CodeLayout, start: int, goal: int | None = None) -> tuple[int, ...]:
    """The posts a search from ``start`` (to ``goal``) may permute; fewer than two: none.

    The largest class of posts empty in ``start`` (and ``goal``) that may be swapped with each
    other (see the module docstring); of classes of equal size the one with the lowest post.
    """
    used = _posts_used(layout, start) | (0 if goal is None else _posts_used(layout, goal))
    return _largest_class(layout, [q for q in range(layout.posts) if not used >> q & 1])


def rule_symmetric_posts(layout: CodeLayout) -> tuple[int, ...]:
    """The largest class of posts, empty or not, any two of which may be swapped (fewer: none).

    Their permutations map the whole state graph onto itself: the group a question about every
    position (:mod:`.invariants`) may use, where a search from one position may only permute
    the posts empty there (:func:`permutable_posts`).
    """
    return _largest_class(layout, list(range(layout.posts)))


def _largest_class(layout: CodeLayout, candidates: list[int]) -> tuple[int, ...]:
    """The largest class of ``candidates`` under "may be swapped", the lowest post's on ties."""
    classes: list[list[int]] = []
    for post in candidates:
        for group in classes:
            if swap_preserves_rules(layout, group[0], post):
                group.append(post)
                break
        else:
            classes.append([post])
    best = max(classes, key=len, default=[])
    return tuple(best) if len(best) >= 2 else ()


def symmetric_applies(layout: CodeLayout, start: int, goal: int | None = None) -> bool:
    """Whether a search from ``start`` (to ``goal``) has posts to permute (see the module)."""
    return layout.n >= 2 and layout.size < 1 << 62 and bool(permutable_posts(layout, start, goal))


class SymmetricCodes:
    """Dense numbers for the canonical codes of a search from ``start`` (to ``goal``).

    ``permutable`` names the permutable posts instead (a question about every position uses
    :func:`rule_symmetric_posts`, ``start`` then ``None``).

    A canonical code's placement splits into the ``high`` digits of the largest disks (a
    *prefix*, itself canonical) and the ``low`` ones (at least :data:`SUFFIX_DIGITS` of them).
    ``number = (index(prefix) * p**low + suffix) * face_count + faces``: the prefixes are
    numbered in increasing order of their base-``p`` value, the suffix is the base-``p`` value
    of the low digits as they stand, the face bits too. So a move of a disk of the suffix adds
    to the number what it adds to the code, as without symmetry. A suffix that uses a new
    permutable post out of order is not canonical, and its number stays unused (there are few
    once the prefix is long: a prefix misses a post with probability about
    ``k * (1 - 1/k)**high``).

    Attributes:
        layout: the layout of the positions.
        permutable: the permutable posts, increasing; ``fixed``: the others.
        high, low: the digits of the prefix and of the suffix.
        prefixes: the base-``p`` value of each canonical prefix, increasing.
        labels_used: per prefix, how many permutable posts it uses.
        index: per prefix value, its index in ``prefixes`` (-1: not canonical).
        size: the numbers there are, ``len(prefixes) * p**low * face_count``.
        order: the number of permutations, ``k!``.
        orbit: per number ``m`` of permutable posts used, the orbit's size ``k! / (k - m)!``.
    """

    def __init__(
        self,
        layout: CodeLayout,
        start: int | None,
        goal: int | None = None,
        *,
        permutable: tuple[int, ...] | None = None,
    ) -> None:
        import numpy as np  # noqa: PLC0415 (the group itself needs no numpy: explore asks first)

        self.layout = layout
        posts, n = layout.posts, layout.n
        if permutable is None:  # the posts a search from start (to goal) may permute
            assert start is not None
            permutable = permutable_posts(layout, start, goal)
        self.permutable = permutable
        self.fixed = tuple(q for q in range(posts) if q not in self.permutable)
        k = len(self.permutable)
        self.order = math.factorial(k)
        self.high = 0
        wanted = max(n - SUFFIX_DIGITS, PREFIX_DIGITS)
        while self.high < min(n, wanted) and posts ** (self.high + 1) <= PREFIX_ENTRIES:
            self.high += 1
        self.low: int = n - self.high
        self.prefixes, self.labels_used = _prefix_arrays(self.high, posts, self.permutable)
        self.index = np.full(posts**self.high, -1, dtype=np.int32)
        self.index[self.prefixes] = np.arange(self.prefixes.size, dtype=np.int32)
        self.size = int(self.prefixes.size) * posts**self.low * layout.face_count
        # the kernel's tables: a post's name before renaming (-1: permutable), its face bit
        self.first = np.array(
            [-1 if q in self.permutable else q for q in range(posts)], dtype=np.int64
        )
        self.permutable_array = np.array(self.permutable or (0,), dtype=np.int64)
        bit_of = {post: bit for bit, post in enumerate(layout.neutral)}
        self.face_of = np.array([bit_of.get(q, -1) for q in range(posts)], dtype=np.int64)
        self.orbit = np.array(
            [math.factorial(k) // math.factorial(k - m) for m in range(k + 1)], dtype=np.int64
        )

    def canonical(self, code: int) -> tuple[int, int]:
        """The canonical form of a layout code, and how many permutable posts it uses."""
        layout = self.layout
        posts, n = layout.posts, layout.n
        placement, faces = divmod(code, layout.face_count)
        digits = [(placement // posts**d) % posts for d in range(n)]
        rename = {q: q for q in self.fixed}
        for d in reversed(range(n)):
            if digits[d] not in rename:
                rename[digits[d]] = self.permutable[len(rename) - len(self.fixed)]
        return self._renamed(digits, faces, rename), len(rename) - len(self.fixed)

    def _renamed(self, digits: list[int], faces: int, rename: dict[int, int]) -> int:
        layout = self.layout
        value = 0
        for d in reversed(range(layout.n)):
            value = value * layout.posts + rename.get(digits[d], digits[d])
        renamed = 0
        for bit, post in enumerate(layout.neutral):
            if faces >> bit & 1:
                renamed |= 1 << layout.neutral.index(rename.get(post, post))
        return value * layout.face_count + renamed

    def number(self, code: int) -> int:
        """The number of the canonical form of a layout code."""
        canonical, _ = self.canonical(code)
        placement, faces = divmod(canonical, self.layout.face_count)
        scale: int = self.layout.posts**self.low
        which = int(self.index[placement // scale])
        return (which * scale + placement % scale) * self.layout.face_count + faces

    def code(self, number: int) -> int:
        """The layout code of the canonical position with this number."""
        placement, faces = divmod(number, self.layout.face_count)
        scale: int = self.layout.posts**self.low
        prefix = int(self.prefixes[placement // scale])
        return (prefix * scale + placement % scale) * self.layout.face_count + faces

    def orbit_codes(self, number: int) -> list[int]:
        """The layout codes of every position of the orbit with this number, increasing."""
        layout = self.layout
        placement, faces = divmod(self.code(number), layout.face_count)
        digits = [(placement // layout.posts**d) % layout.posts for d in range(layout.n)]
        found = set()
        for image in itertools.permutations(self.permutable):
            rename = dict(zip(self.permutable, image, strict=True))
            found.add(self._renamed(digits, faces, rename))
        return sorted(found)

    def table_bytes(self) -> int:
        """The bytes of the prefix tables and the kernel's small tables."""
        return int(self.index.nbytes + self.prefixes.nbytes + self.labels_used.nbytes)


@functools.lru_cache(maxsize=8)
def _prefix_arrays(high: int, posts: int, permutable: tuple[int, ...]) -> tuple[Any, Any]:
    """:func:`_canonical_prefixes` as numpy arrays, built a digit at a time for all at once.

    Kept (read-only) for the next search of the same shape: the memory estimate and the
    search build the same tables, and a table of ten digits on four posts has 175,000 rows.
    """
    import numpy as np  # noqa: PLC0415 (only the symmetric searches need it)

    rank = [permutable.index(post) if post in permutable else -1 for post in range(posts)]
    values = np.zeros(1, dtype=np.int64)
    used = np.zeros(1, dtype=np.int64)
    for _ in range(high):
        grown_values, grown_used = [], []
        for post in range(posts):
            # a post that keeps its name: always; a permutable one: used already, or the next
            keep = np.ones(values.size, dtype=np.bool_) if rank[post] < 0 else used >= rank[post]
            grown_values.append(values[keep] * posts + post)
            grown_used.append(np.maximum(used[keep], rank[post] + 1))
        values, used = np.concatenate(grown_values), np.concatenate(grown_used)
    order = np.argsort(values, kind="stable")
    values, used = values[order], used[order]
    values.flags.writeable = False
    used.flags.writeable = False
    return values, used


def _canonical_prefixes(
    high: int, posts: int, permutable: tuple[int, ...]
) -> tuple[list[int], list[int]]:
    """The canonical prefixes of ``high`` digits, increasing, and the permutable posts each uses."""
    rank = {post: i for i, post in enumerate(permutable)}
    prefixes: list[tuple[int, int]] = [(0, 0)]
    for _ in range(high):
        longer: list[tuple[int, int]] = []
        for value, used in prefixes:
            for post in range(posts):
                r = rank.get(post, -1)
                if r <= used - 1 or r == -1:
                    longer.append((value * posts + post, used))
                elif r == used:
                    longer.append((value * posts + post, used + 1))
        prefixes = longer
    prefixes.sort()
    return [value for value, _ in prefixes], [used for _, used in prefixes]


def renamed_code(layout: CodeLayout, code: int, rename: dict[int, int]) -> int:
    """The code of the position ``code`` with its posts renamed (``rename``: post -> post).

    Posts missing from ``rename`` keep their names; face bits of neutral posts follow them.
    """
    posts = layout.posts
    placement, faces = divmod(code, layout.face_count)
    value = 0
    for d in reversed(range(layout.n)):
        digit = placement // posts**d % posts
        value = value * posts + rename.get(digit, digit)
    moved = 0
    for bit, post in enumerate(layout.neutral):
        if faces >> bit & 1:
            moved |= 1 << layout.neutral.index(rename.get(post, post))
    return value * layout.face_count + moved


def orbit_representatives(
    layout: CodeLayout, permutable: tuple[int, ...]
) -> tuple[list[int], list[int]]:
    """One code per orbit of the permutations of ``permutable``, and each orbit's size.

    A representative names its permutable posts in the order they first appear from the
    largest disk down (the canonical form of :class:`SymmetricCodes`), with any face bits:
    a permutation fixing a canonical placement fixes every post it uses, so the faces of a
    representative are those of exactly one position of its orbit, and the orbit of a
    placement using ``m`` of the ``k`` permutable posts has ``k! / (k - m)!`` positions.
    Codes that are no position (a face bit for an empty neutral post) are left out.
    """
    k = len(permutable)
    if permutable:
        placements, labels = _canonical_prefixes(layout.n, layout.posts, permutable)
    else:
        placements, labels = list(range(layout.placements)), [0] * layout.placements
    codes: list[int] = []
    sizes: list[int] = []
    for placement, used in zip(placements, labels, strict=True):
        size = math.factorial(k) // math.factorial(k - used) if permutable else 1
        for faces in range(layout.face_count):
            code = placement * layout.face_count + faces
            if not faces or layout.is_position(code):
                codes.append(code)
                sizes.append(size)
    return codes, sizes
