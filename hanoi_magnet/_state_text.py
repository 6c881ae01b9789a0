"""Positions as text, both ways: the long form ``str(State)`` prints, and a compact one-line form.

This module works on plain values (stacks of disk sizes and face letters); :mod:`model` wraps
it in :meth:`State.parse <hanoi_magnet.State.parse>` and :meth:`State.format
<hanoi_magnet.State.format>`.

Long form: one part per post, ``NAME: disks`` joined by ``|``; posts are named ``S``, ``I``,
``D`` when there are three, else ``0``, ``1``, ...; the disks of a post bottom to top, each its
size followed by ``r`` or ``b`` for its up face under magnetic rules; ``-`` for an empty post.

Compact form: the post of every disk, **largest disk first**, as a letter ``S``/``I``/``D``
(three posts) or, after a ``P:`` prefix giving the number of posts, as digits (numbers with
commas in between when P > 10); then, under magnetic rules, ``/`` and the up face of every disk
in the same order (``r`` or ``b``). ``-`` stands for no disks. Largest first, because that is
how the literature writes a position (Hinz et al. write s = s_n ... s_1) and because the
letters then read like the long form, bottom disks first.
"""

from __future__ import annotations

import re
import reprlib
from collections import Counter

from hanoi_magnet._errors import InvalidArgumentError

_LETTERS = "SID"
_DISK = re.compile(r"(\d+)([rb]?)", re.IGNORECASE)
_DIGITS = str.maketrans("SID", "012")
_PREFIX = re.compile(r"(\d+):(.*)", re.DOTALL)
_COMPACT_EXAMPLES = "e.g. 'SSI' (disk 3 and 2 on S, 1 on I), 'SSI/rrb' with faces, '4:3310'"

Stacks = list[list[int]]


#: Longer numbers in a position are refused before int() (which raises a plain ValueError past
#: 4,300 digits); no position can hold a disk, a post or a post count of 19 digits.
_MAX_DIGITS = 18


def _small_int(digits: str, what: str, text: str) -> int:
    """``int(digits)``, or InvalidArgumentError when it has more digits than any position."""
    if len(digits) > _MAX_DIGITS:
        raise InvalidArgumentError(
            f"in {_excerpt(text)}: {what} with {len(digits):,} digits; no position is that large"
        )
    return int(digits)


def post_label(post: int, posts: int) -> str:
    """``S``, ``I``, ``D`` for the posts of a three-post puzzle, else the post's number."""
    return _LETTERS[post] if posts == 3 and 0 <= post < 3 else str(post)


def format_long(posts: tuple[tuple[int, ...], ...], faces: str | None) -> str:
    """The long form, e.g. ``S: 3r 2r | I: 1b | D: -``."""
    count = len(posts)
    parts = []
    for index, stack in enumerate(posts):
        disks = " ".join(f"{d}{'' if faces is None else faces[d - 1].lower()}" for d in stack)
        parts.append(f"{post_label(index, count)}: {disks or '-'}")
    return " | ".join(parts)


def format_compact(posts: tuple[tuple[int, ...], ...], faces: str | None) -> str:
    """The compact form, e.g. ``SSI/rrb`` or ``4:3310``."""
    count = len(posts)
    where = {disk: post for post, stack in enumerate(posts) for disk in stack}
    order = range(len(where), 0, -1)  # largest disk first
    if count == 3:
        text = "".join(_LETTERS[where[d]] for d in order)
    else:
        text = ("," if count > 10 else "").join(str(where[d]) for d in order)
        text = f"{count}:{text or '-'}"
    text = text or "-"
    if faces is not None:
        text += "/" + ("".join(faces[d - 1].lower() for d in order) or "-")
    return text


def parse(text: object, *, posts: int | None, magnetic: bool | None) -> tuple[Stacks, str | None]:
    """The stacks (bottom to top) and face letters (by size, or None) that ``text`` describes.

    Text with a ``|`` or a space is read in the long form, anything else in the compact form.
    ``posts`` and ``magnetic``, when given, are what the caller expects; the text must agree.
    """
    if not isinstance(text, str):
        raise InvalidArgumentError(
            f"a position as text must be a str, got {type(text).__name__} {reprlib.repr(text)}"
        )
    body = text.strip()
    if not body:
        raise InvalidArgumentError(
            "a position as text must not be empty: write 'S: 2 1 | I: - | D: -' or the "
            f"compact form ({_COMPACT_EXAMPLES}); '-' means no disks"
        )
    if "|" in body or re.search(r"\s", body):
        stacks, faces = _parse_long(body)
    else:
        stacks, faces = _parse_compact(body, posts)
    if posts is not None and len(stacks) != posts:
        raise InvalidArgumentError(
            f"expected a position on {posts} posts, {_excerpt(text)} has {len(stacks)}"
        )
    if magnetic is True and faces is None:
        if any(stacks):
            raise InvalidArgumentError(
                f"{_excerpt(text)} gives no faces, but magnetic rules need the up face of "
                "every disk (r or b after each size, or '/' and one letter per disk in the "
                "compact form)"
            )
        faces = ""
    if magnetic is False and faces is not None:
        raise InvalidArgumentError(f"{_excerpt(text)} gives faces, but classic positions have none")
    return stacks, faces


def _parse_long(body: str) -> tuple[Stacks, str | None]:
    parts = body.split("|")
    count = len(parts)
    stacks: Stacks = []
    faces: dict[int, str] = {}
    bare: list[int] = []  # disks written without a face
    for index, part in enumerate(parts):
        name, colon, disks = part.partition(":")
        name = name.strip()
        expected = post_label(index, count)
        if not colon or name.upper() not in (expected, str(index)):
            raise InvalidArgumentError(
                f"part {index + 1} of {count}, {_excerpt(part)}, must start with the name of "
                f"post {index}: {expected!r} then ':' (posts in order, e.g. "
                f"{format_long(((2, 1), (), ()), None)!r})"
            )
        stack: list[int] = []
        tokens = disks.split()
        if tokens != ["-"]:
            for token in tokens:
                match = _DISK.fullmatch(token)
                if match is None:
                    raise InvalidArgumentError(
                        f"in {_excerpt(part)}: {_excerpt(token)} is not a disk; write its "
                        "size, then r or b for its up face under magnetic rules (e.g. '3r'), "
                        "or '-' alone for an empty post"
                    )
                size = _small_int(match.group(1), "a disk size", part)
                if stack and size >= stack[-1]:
                    raise InvalidArgumentError(
                        f"in {_excerpt(part)}: disk {size} cannot lie on disk {stack[-1]}; list "
                        "each post's disks bottom to top, largest first"
                    )
                stack.append(size)
                if match.group(2):
                    faces[size] = match.group(2).upper()
                else:
                    bare.append(size)
        stacks.append(stack)
    _check_sizes(stacks, body)
    if faces and bare:
        raise InvalidArgumentError(
            f"in {_excerpt(body)}: disk {bare[0]} has no face (r or b) but disk "
            f"{min(faces)} has one; give every disk a face (magnetic) or none (classic)"
        )
    return stacks, "".join(faces[d] for d in sorted(faces)) if faces else None


def _parse_compact(body: str, posts: int | None) -> tuple[Stacks, str | None]:
    placement, slash, shown = body.partition("/")
    prefix = _PREFIX.fullmatch(placement)
    count = posts
    if prefix is not None:
        count = _small_int(prefix.group(1), "a number of posts", body)
        placement = prefix.group(2)
        if count < 1:
            raise InvalidArgumentError(
                f"in {_excerpt(body)}: a position needs at least 1 post, got 0"
            )
        if posts is not None and count != posts:
            raise InvalidArgumentError(
                f"expected a position on {posts} posts, {_excerpt(body)} says {count}"
            )
    if placement == "-":
        where: list[int] = []
    elif re.fullmatch(r"[SIDsid]+", placement):
        if count not in (None, 3):
            digits = placement[:20].upper().translate(_DIGITS)
            raise InvalidArgumentError(
                f"in {_excerpt(body)}: the letters S, I, D name the posts of a three-post "
                f"puzzle; write a position on {count} posts as digits, e.g. '{count}:{digits}'"
            )
        count = 3
        where = ["SID".index(ch) for ch in placement.upper()]
    elif re.fullmatch(r"\d+(,\d+)*", placement):
        if count is None:
            raise InvalidArgumentError(
                f"in {_excerpt(body)}: posts written as digits need the number of posts "
                f"first, e.g. '4:{placement[:20]}' on four posts (three posts: letters S, I, D)"
            )
        # beyond ten posts, posts are numbers separated by commas (one number: one disk)
        numbers = placement.split(",") if "," in placement or count > 10 else list(placement)
        where = [_small_int(number, "a post", body) for number in numbers]
    else:
        raise InvalidArgumentError(
            f"{_excerpt(body)} is not a position: use the long form "
            f"('S: 2 1 | I: - | D: -') or the compact form, the post of each disk largest "
            f"first ({_COMPACT_EXAMPLES}); '-' for no disks"
        )
    count = 3 if count is None else count
    n = len(where)
    for rank, post in enumerate(where):
        if post >= count:
            raise InvalidArgumentError(
                f"in {_excerpt(body)}: disk {n - rank} is on post {post}, but posts are "
                f"0..{count - 1}"
            )
    stacks: Stacks = [[] for _ in range(count)]
    for rank, post in enumerate(where):
        stacks[post].append(n - rank)  # largest first: bottom to top
    if not slash:
        return stacks, None
    letters = "" if shown == "-" else shown
    if not re.fullmatch(r"[RBrb]*", letters) or len(letters) != n:
        raise InvalidArgumentError(
            f"in {_excerpt(body)}: after '/' give one face per disk, r or b, largest disk first "
            f"({n} letter{'' if n == 1 else 's'}{'' if n else ', or -'}), got {_excerpt(shown)}"
        )
    return stacks, "".join(reversed(letters.upper()))


def _check_sizes(stacks: Stacks, body: str) -> None:
    sizes = Counter(d for stack in stacks for d in stack)
    n = sum(sizes.values())
    if len(sizes) != n or not all(1 <= d <= n for d in sizes):
        repeated = sorted(d for d, times in sizes.items() if times > 1)
        missing = sorted(set(range(1, n + 1)) - set(sizes))
        problems = []
        if repeated:
            problems.append(f"disk {_some(repeated)} appears more than once")
        if missing:
            problems.append(f"disk {_some(missing)} is missing")
        raise InvalidArgumentError(
            f"in {_excerpt(body)}: {' and '.join(problems)}; {n} disks must be the sizes 1 to {n}, "
            "each once"
        )


def _excerpt(text: str, limit: int = 60) -> str:
    """``text`` quoted for a message, shortened in the middle when long."""
    text = text.strip()
    if len(text) > limit:
        text = f"{text[: limit - 20]} ... {text[-12:]}"
    return repr(text)


def _some(numbers: list[int], limit: int = 5) -> str:
    """The first few numbers of a list, for a message."""
    shown = ", ".join(map(str, numbers[:limit]))
    return shown + (f" (and {len(numbers) - limit:,} more)" if len(numbers) > limit else "")
