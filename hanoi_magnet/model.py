"""Immutable values of the puzzle: disk colours, moves and positions.

Disks are named by size: 1 is the smallest, n the largest. Posts are numbered from 0; for three
posts, 0, 1 and 2 are the source S, the intermediate I and the destination D.
"""

from __future__ import annotations

import enum
import itertools
import operator
from collections.abc import Callable, Iterable
from typing import Any

import attrs
from typing_extensions import Self

from hanoi_magnet import _state_text
from hanoi_magnet._errors import InvalidArgumentError

# the package's modules import these two from here (explicit re-exports, hence the aliases)
from hanoi_magnet._numbers import _integer as _integer  # noqa: PLC0414
from hanoi_magnet._numbers import _is_index as _is_index  # noqa: PLC0414
from hanoi_magnet._text import integer_text, shown

__all__ = ["MAX_DISKS", "Color", "Move", "State", "post_name"]


#: The largest number of disks a position may hold (solution lengths are exact beyond it,
#: but a position with more disks than this is refused as a likely mistake).
MAX_DISKS = 1_000_000

# The most posts a position may have: a State stores one tuple per post.
_MAX_POSTS = 1_000_000

_LETTERS = "SID"


def post_name(post: int, posts: int = 3) -> str:
    """The display name of a post: ``S``, ``I``, ``D`` for three posts, else its number.

    Any integer is named (a post a puzzle lacks included, for messages about it).

    Raises:
        InvalidArgumentError: ``post`` is not an integer, or ``posts`` not an integer >= 1.

    Example:
        >>> from hanoi_magnet.model import post_name
        >>> post_name(2), post_name(2, posts=4)
        ('D', '2')
    """
    if isinstance(post, bool) or not _is_index(post):
        raise InvalidArgumentError(
            f"post must be an integer (0 is S), got {type(post).__name__} {shown(post)}"
        )
    return _post_text(operator.index(post), _integer(posts, "posts", minimum=1))


def _post_text(post: int, posts: int) -> str:
    """:func:`post_name` of a checked ``post`` and ``posts``."""
    return _LETTERS[post] if posts == 3 and 0 <= post < 3 else integer_text(post)


def _disk_count(n: object) -> int:
    """``n`` checked as a number of disks: an int from 0 to :data:`MAX_DISKS`."""
    if isinstance(n, bool) or not _is_index(n):
        raise InvalidArgumentError(
            f"n must be an integer >= 0 (the number of disks), got {type(n).__name__} {shown(n)}"
        )
    number = operator.index(n)  # type: ignore[arg-type]
    if number < 0:
        raise InvalidArgumentError(
            f"n must be an integer >= 0 (the number of disks), got {integer_text(number)}"
        )
    if number > MAX_DISKS:
        raise InvalidArgumentError(
            f"n must be at most {MAX_DISKS:,} disks (the number of moves alone would have "
            f"hundreds of thousands of digits), got {_grouped(number)}"
        )
    return number


def _grouped(number: int) -> str:
    """``f"{number:,}"``, safe for any size."""
    text = integer_text(number)
    return f"{number:,}" if text.lstrip("-").isdigit() else text


def _post_count(value: object) -> int:
    """``value`` checked as a number of posts: an int from 1 to 1,000,000."""
    count = _integer(value, "posts", minimum=1)
    if count > _MAX_POSTS:
        raise InvalidArgumentError(
            f"posts must be at most {_MAX_POSTS:,} (a position stores every post), "
            f"got {_grouped(count)}"
        )
    return count


def _disk_number(value: object) -> int:
    return _integer(value, "a disk", minimum=1)


def _post_number(value: object) -> int:
    return _integer(value, "a post")


class Color(enum.Enum):
    """The colour of a disk face (magnetic rules).

    Example:
        >>> from hanoi_magnet import Color
        >>> Color.RED.flipped
        Color.BLUE
        >>> Color("R") is Color.RED
        True
    """

    RED = "R"
    BLUE = "B"

    @property
    def flipped(self) -> Color:
        """The other colour (the face a disk shows after it is turned over)."""
        return Color.BLUE if self is Color.RED else Color.RED

    @property
    def bit(self) -> int:
        """The colour as a bit, 0 for red and 1 for blue (used in compact state codes)."""
        return 0 if self is Color.RED else 1

    @classmethod
    def parse(cls, value: object) -> Color:
        """A colour from a :class:`Color` or a letter/word such as ``"r"``, ``"Blue"``.

        Example:
            >>> from hanoi_magnet import Color
            >>> Color.parse("blue")
            Color.BLUE
        """
        if isinstance(value, Color):
            return value
        if isinstance(value, str):
            text = value.strip().upper()
            for color in cls:
                if text in (color.value, color.name):
                    return color
        raise InvalidArgumentError(f"a colour must be 'R' (red) or 'B' (blue), got {shown(value)}")

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Color.{self.name}"


_COLORS = (Color.RED, Color.BLUE)

#: Renderers the drawing layer installs (``hanoi_magnet.draw``): how values show themselves in
#: Jupyter. The model knows nothing of pictures; without them the plain repr is shown.
_DISPLAY: dict[str, Callable[[Any], str]] = {}

#: The viewer's Jupyter widget, installed by the package's facade, which imports
#: ``hanoi_magnet.view`` only when a widget is asked for.
_WIDGET: dict[str, Callable[..., Any]] = {}


def _widget(subject: object, **options: Any) -> Any:
    make = _WIDGET.get("widget")
    if make is None:  # only when hanoi_magnet's facade was never imported, which cannot happen
        raise NotImplementedError("the viewer is not installed")
    return make(subject, **options)


@attrs.frozen(slots=True, cache_hash=True)
class Move:
    """One move: the top disk ``disk`` goes from post ``source`` to post ``target``.

    ``disk`` is a size (1 is the smallest). A move may name posts the puzzle lacks or the same
    post twice; the rules, not the move, decide whether it is legal.

    Example:
        >>> from hanoi_magnet import Move
        >>> move = Move(1, 0, 2)
        >>> print(move)
        1: S -> D
        >>> move.reversed()
        Move(disk=1, source=2, target=0)
    """

    disk: int = attrs.field(converter=_disk_number)
    source: int = attrs.field(converter=_post_number)
    target: int = attrs.field(converter=_post_number)

    def reversed(self) -> Move:
        """The move that undoes this one (same disk, posts swapped)."""
        return Move(self.disk, self.target, self.source)

    def format(self, posts: int = 3) -> str:
        """The move as text, posts named as in a puzzle with ``posts`` posts.

        Example:
            >>> from hanoi_magnet import Move
            >>> Move(2, 0, 3).format(posts=4)
            '2: 0 -> 3'
        """
        posts = _integer(posts, "posts", minimum=1)  # (the posts of a Move are ints already)
        source, target = _post_text(self.source, posts), _post_text(self.target, posts)
        return f"{integer_text(self.disk)}: {source} -> {target}"

    def __str__(self) -> str:
        posts = 3 if max(self.source, self.target) < 3 else max(self.source, self.target) + 1
        return self.format(posts)


def _convert_posts(value: object) -> tuple[tuple[int, ...], ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise InvalidArgumentError(
            f"State.posts must be a sequence of posts, each a sequence of disk sizes, "
            f"got {type(value).__name__} {shown(value)}"
        )
    posts = []
    for index, post in enumerate(value):
        if isinstance(post, (str, bytes)) or not isinstance(post, Iterable):
            raise InvalidArgumentError(
                f"post {index} must be a sequence of disk sizes (bottom to top), got {shown(post)}"
            )
        posts.append(tuple(_integer(d, f"a disk on post {index}", minimum=1) for d in post))
    return tuple(posts)


def _convert_faces(value: object) -> tuple[Color, ...] | None:
    if value is None:
        return None
    if isinstance(value, str):
        return tuple(Color.parse(ch) for ch in value)
    if not isinstance(value, Iterable):
        raise InvalidArgumentError(
            f"State.faces must be None or a sequence of colours, got {type(value).__name__}"
        )
    return tuple(Color.parse(face) for face in value)


@attrs.frozen(slots=True, repr=False)
class State:
    """A position: which disks lie on which post, and (magnetic rules) which face is up.

    Attributes:
        posts: one tuple per post, the sizes of its disks from bottom to top.
        faces: ``None`` under classic rules; else the up colour of each disk, indexed by
            ``size - 1``.

    Example:
        >>> from hanoi_magnet import Color, State
        >>> state = State.tower(3, face=Color.RED)
        >>> print(state)
        S: 3r 2r 1r | I: - | D: -
        >>> state.face_up(1)
        Color.RED
        >>> State.from_code(state.code, disks=3, magnetic=True) == state
        True
    """

    posts: tuple[tuple[int, ...], ...] = attrs.field(converter=_convert_posts)
    faces: tuple[Color, ...] | None = attrs.field(default=None, converter=_convert_faces)

    def __attrs_post_init__(self) -> None:
        if not self.posts:
            raise InvalidArgumentError("a state needs at least one post, got none")
        seen: list[int] = []
        for index, post in enumerate(self.posts):
            for below, above in itertools.pairwise(post):
                if above >= below:
                    raise InvalidArgumentError(
                        f"post {index} has disk {integer_text(above)} on disk "
                        f"{integer_text(below)}; "
                        "disks are listed bottom to top and each must be smaller than the one "
                        "below it"
                    )
            seen.extend(post)
        n = len(seen)
        if n > MAX_DISKS:
            raise InvalidArgumentError(f"a state may hold at most {MAX_DISKS:,} disks, got {n:,}")
        if sorted(seen) != list(range(1, n + 1)):
            raise InvalidArgumentError(
                f"a state with {n} disks must hold each size 1..{n} exactly once, "
                f"got sizes {shown(sorted(seen))}"
            )
        if self.faces is not None and len(self.faces) != n:
            raise InvalidArgumentError(
                f"faces must give one colour per disk ({n}), got {len(self.faces)}"
            )

    @classmethod
    def _trusted(cls, posts: tuple[tuple[int, ...], ...], faces: tuple[Color, ...] | None) -> Self:
        """Build without checks, for values the library itself constructed correctly."""
        state = object.__new__(cls)
        object.__setattr__(state, "posts", posts)
        object.__setattr__(state, "faces", faces)
        return state

    @classmethod
    def tower(cls, n: int, post: int = 0, *, posts: int = 3, face: Color | None = None) -> Self:
        """All ``n`` disks stacked on ``post``; ``face`` is their up colour (``None``: classic).

        Example:
            >>> from hanoi_magnet import State
            >>> State.tower(2, post=2).posts
            ((), (), (2, 1))
        """
        n = _disk_count(n)
        count = _post_count(posts)
        where = _integer(post, "post")
        if where >= count:
            raise InvalidArgumentError(f"post must be in 0..{count - 1}, got {integer_text(where)}")
        stack = tuple(range(n, 0, -1))
        faces = None if face is None else (Color.parse(face),) * n
        return cls._trusted(tuple(stack if p == where else () for p in range(count)), faces)

    @property
    def n(self) -> int:
        """The number of disks."""
        return sum(len(post) for post in self.posts)

    @property
    def magnetic(self) -> bool:
        """Whether the state records faces (magnetic rules)."""
        return self.faces is not None

    def face_up(self, disk: int) -> Color | None:
        """The up colour of ``disk`` (``None`` under classic rules).

        Example:
            >>> from hanoi_magnet import Color, State
            >>> State.tower(2, face=Color.BLUE).face_up(2)
            Color.BLUE
        """
        disk = _integer(disk, "disk", minimum=1)
        if disk > self.n:
            raise InvalidArgumentError(f"disk must be in 1..{self.n}, got {integer_text(disk)}")
        return None if self.faces is None else self.faces[disk - 1]

    def post_of(self, disk: int) -> int:
        """The post that holds ``disk``.

        Example:
            >>> from hanoi_magnet import State
            >>> State(((2,), (), (1,))).post_of(1)
            2
        """
        disk = _integer(disk, "disk", minimum=1)
        for index, post in enumerate(self.posts):
            if disk in post:
                return index
        raise InvalidArgumentError(f"disk must be in 1..{self.n}, got {integer_text(disk)}")

    def top(self, post: int) -> int | None:
        """The size of the top disk of ``post``, or ``None`` if it is empty.

        Example:
            >>> from hanoi_magnet import State
            >>> State.tower(3).top(0), State.tower(3).top(1)
            (1, None)
        """
        post = _integer(post, "post")
        if post >= len(self.posts):
            raise InvalidArgumentError(
                f"post must be in 0..{len(self.posts) - 1}, got {integer_text(post)}"
            )
        stack = self.posts[post]
        return stack[-1] if stack else None

    @property
    def code(self) -> int:
        """A compact integer for this state (a key for searches), see :meth:`from_code`.

        Disk ``d`` contributes the digit ``post`` (classic) or ``post + posts * face`` with
        face 0 for red and 1 for blue (magnetic) at place ``d - 1``, in base ``posts`` or
        ``2 * posts``.

        Example:
            >>> from hanoi_magnet import State
            >>> State(((2,), (), (1,))).code  # disk 1 on post 2, disk 2 on post 0
            2
        """
        count = len(self.posts)
        where = [0] * self.n
        for index, post in enumerate(self.posts):
            for disk in post:
                where[disk - 1] = index
        if self.faces is not None:
            where = [p + count * f.bit for p, f in zip(where, self.faces, strict=True)]
            count *= 2
        code = 0
        for digit in reversed(where):
            code = code * count + digit
        return code

    @classmethod
    def from_code(cls, code: int, *, disks: int, posts: int = 3, magnetic: bool = False) -> Self:
        """The state with the given :attr:`code`.

        Example:
            >>> from hanoi_magnet import State
            >>> print(State.from_code(2, disks=2))
            S: 2 | I: - | D: 1
        """
        code = _integer(code, "code")
        n = _disk_count(disks)
        count = _post_count(posts)
        base = 2 * count if magnetic else count
        if code >= base**n:
            raise InvalidArgumentError(
                f"code must be below {base}**{n} for {n} disks on {count} posts, "
                f"got {integer_text(code)}"
            )
        stacks: list[list[int]] = [[] for _ in range(count)]
        faces: list[Color] = []
        for _ in range(n):
            code, digit = divmod(code, base)
            stacks[digit % count].append(len(faces) + 1)
            faces.append(_COLORS[digit // count])
        return cls._trusted(
            tuple(tuple(reversed(s)) for s in stacks), tuple(faces) if magnetic else None
        )

    @classmethod
    def parse(cls, text: str, *, posts: int | None = None, magnetic: bool | None = None) -> Self:
        """The position written in ``text``: what ``str(state)`` prints, or the compact form.

        The compact form (:meth:`format` writes it) gives each disk's post, **largest disk
        first** as the literature writes positions: letters ``S``/``I``/``D`` for three posts,
        else ``P:`` (the number of posts) and digits (with commas when P > 10); then for magnetic
        positions ``/`` and each disk's up face, ``r`` or ``b``, in the same order. ``-`` means
        no disks.

        Args:
            text: the position, in either form (letters in any case).
            posts: the number of posts expected; compact digits then need no ``P:``.
            magnetic: ``True`` to require faces, ``False`` to refuse them (``None``: as given).

        Raises:
            InvalidArgumentError: not a position; the message quotes the offending part.

        Example:
            >>> from hanoi_magnet import State
            >>> state = State.parse("S: 3r 2r | I: 1b | D: -")
            >>> state == State.parse("SSI/rrb") == State([[3, 2], [1], []], faces="BRR")
            True
            >>> print(State.parse("4:3310"))
            0: 1 | 1: 2 | 2: - | 3: 4 3
        """
        count = None if posts is None else _integer(posts, "posts", minimum=1)
        if magnetic is not None and not isinstance(magnetic, bool):
            raise InvalidArgumentError(f"magnetic must be True, False or None, got {magnetic!r}")
        return cls(*_state_text.parse(text, posts=count, magnetic=magnetic))

    def format(self, *, compact: bool = False) -> str:
        """The position as text, long (as ``str()``) or compact; :meth:`parse` reads both.

        Example:
            >>> from hanoi_magnet import State
            >>> state = State([[3, 2], [1], []], faces="BRR")
            >>> state.format(), state.format(compact=True)
            ('S: 3r 2r | I: 1b | D: -', 'SSI/rrb')
        """
        write = _state_text.format_compact if compact else _state_text.format_long
        return write(self.posts, self._face_letters())

    def _face_letters(self) -> str | None:
        return None if self.faces is None else "".join(f.value for f in self.faces)

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        faces = self._face_letters()
        return f"State({self.posts!r}{'' if faces is None else f', faces={faces!r}'})"

    def _repr_svg_(self) -> str | None:
        """The position as an SVG picture (Jupyter shows it)."""
        render = _DISPLAY.get("state_svg")
        return None if render is None else render(self)

    def widget(self, label: str | None = None) -> Any:
        """The viewer in play mode from this position, as a Jupyter widget (needs anywidget).

        The same as :func:`hanoi_magnet.view.widget` (``label`` names the rules; by default
        ``NNN`` for magnetic positions and the classic rules for the others): the widget's
        ``position`` follows the moves played in the notebook.

        Example:
            >>> from hanoi_magnet import State
            >>> board = State.parse("SSI/rrb").widget()  # in a notebook, this shows the viewer
            >>> board.rules, board.n, board.position
            ('NNN', 3, 'SSI/rrb')
        """
        return _widget(self, label=label)
