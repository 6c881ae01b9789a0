"""The rules of the classic and the magnetic puzzle: which moves are legal, and their effect.

A rules object is immutable and knows nothing of a particular puzzle's start or goal (that is a
:class:`~hanoi_magnet.Variant`); it answers "is this move legal here?" and "where does it lead?".
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, TypeAlias

import attrs

from hanoi_magnet._text import integer_text, shown
from hanoi_magnet.errors import IllegalMoveError, InvalidArgumentError, Rule
from hanoi_magnet.model import Color, Move, State, _integer, _post_count, post_name

__all__ = ["ClassicRules", "MagneticRules", "Rules"]

_Violation: TypeAlias = "tuple[Rule, str] | None"


class Rules:
    """What the two kinds of rules have in common.

    See :class:`ClassicRules` and :class:`MagneticRules`.

    Example:
        >>> from hanoi_magnet import ClassicRules, Move, Rules, State
        >>> rules: Rules = ClassicRules()
        >>> rules.is_legal(State.tower(2), Move(1, 0, 1))
        True
    """

    __slots__ = ()

    #: Whether moves flip disks and states carry faces.
    magnetic: ClassVar[bool] = False

    @property
    def posts(self) -> int:
        """The number of posts."""
        raise NotImplementedError

    @property
    def allowed(self) -> frozenset[tuple[int, int]] | None:
        """The allowed ``(source, target)`` directions, or ``None`` when every one is allowed."""
        return None

    def _violation(self, state: State, move: Move) -> _Violation:
        raise NotImplementedError

    def _check_state_shape(self, state: State) -> None:
        if not isinstance(state, State):
            raise InvalidArgumentError(
                f"expected a State, got {type(state).__name__} {shown(state)}"
            )
        if len(state.posts) != self.posts:
            raise InvalidArgumentError(
                f"{self!r} has {self.posts} posts, but the state has {len(state.posts)}"
            )
        if state.magnetic != self.magnetic:
            kind = "with faces" if self.magnetic else "without faces"
            raise InvalidArgumentError(f"{self!r} takes states {kind}, got {shown(state)}")

    def check(self, state: State, move: Move) -> Rule | None:
        """The rule that ``move`` breaks in ``state``, or ``None`` if it is legal.

        Example:
            >>> from hanoi_magnet import MagneticRules, Move, State, Color
            >>> rules = MagneticRules("RRR")
            >>> rules.check(State.tower(2, face=Color.RED), Move(1, 0, 1))
            <Rule.POST_COLOR: 'post color'>
        """
        self._check_state_shape(state)
        found = self._violation(state, _as_move(move))
        return None if found is None else found[0]

    def is_legal(self, state: State, move: Move) -> bool:
        """Whether ``move`` is legal in ``state``.

        Example:
            >>> from hanoi_magnet import ClassicRules, Move, State
            >>> ClassicRules().is_legal(State.tower(2), Move(2, 0, 1))
            False
        """
        return self.check(state, move) is None

    def apply(self, state: State, move: Move) -> State:
        """The state after ``move``.

        Raises :class:`~hanoi_magnet.IllegalMoveError` (and changes nothing) if the move is
        illegal.

        Example:
            >>> from hanoi_magnet import ClassicRules, Move, State
            >>> print(ClassicRules().apply(State.tower(2), Move(1, 0, 1)))
            S: 2 | I: 1 | D: -
        """
        self._check_state_shape(state)
        move = _as_move(move)
        found = self._violation(state, move)
        if found is not None:
            raise IllegalMoveError(found[0], found[1], move=move, state=state)
        return self._unchecked_apply(state, move)

    def _unchecked_apply(self, state: State, move: Move) -> State:
        posts = list(state.posts)
        posts[move.source] = posts[move.source][:-1]
        posts[move.target] = (*posts[move.target], move.disk)
        faces = state.faces
        if faces is not None:
            index = move.disk - 1
            faces = (*faces[:index], faces[index].flipped, *faces[index + 1 :])
        return State._trusted(tuple(posts), faces)

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        """Every legal move in ``state``, ordered by source post then target post.

        Example:
            >>> from hanoi_magnet import ClassicRules, State
            >>> [str(m) for m in ClassicRules().legal_moves(State.tower(2))]
            ['1: S -> I', '1: S -> D']
        """
        self._check_state_shape(state)
        moves = []
        for source, stack in enumerate(state.posts):
            if not stack:
                continue
            for target in range(self.posts):
                if target != source:
                    move = Move(stack[-1], source, target)
                    if self._violation(state, move) is None:
                        moves.append(move)
        return tuple(moves)

    def check_state(self, state: State) -> str | None:
        """Why ``state`` cannot occur under these rules, or ``None`` if it can.

        Classic rules accept every well-formed state; magnetic rules also need each stack to
        show one colour and each disk on an empty coloured post to show that post's colour.

        Example:
            >>> from hanoi_magnet import MagneticRules, State
            >>> MagneticRules("NNN").check_state(State([[2, 1], [], []], faces="RB"))
            'post S shows two colours: touching faces would repel'
        """
        self._check_state_shape(state)
        return None

    def is_legal_state(self, state: State) -> bool:
        """Whether ``state`` satisfies these rules (see :meth:`check_state`).

        Example:
            >>> from hanoi_magnet import MagneticRules, State
            >>> MagneticRules("RNN").is_legal_state(State([[1], [], []], faces="B"))
            False
        """
        return self.check_state(state) is None

    def _common_violation(self, state: State, move: Move) -> _Violation:
        posts = self.posts
        source, target = move.source, move.target
        if source >= posts or target >= posts:
            bad = source if source >= posts else target
            return (
                Rule.NO_SUCH_POST,
                f"post {integer_text(bad)} does not exist (posts are 0..{posts - 1})",
            )
        if source == target:
            return Rule.SAME_POST, f"source and target are both {post_name(source, posts)}"
        n = state.n
        if move.disk > n:
            disk = integer_text(move.disk)
            return Rule.NO_SUCH_DISK, f"disk {disk} does not exist (disks are 1..{n})"
        stack = state.posts[source]
        if not stack:
            return Rule.EMPTY_SOURCE, f"post {post_name(source, posts)} is empty"
        if stack[-1] != move.disk:
            return (
                Rule.NOT_ON_TOP,
                (
                    f"disk {move.disk} is not the top disk of post {post_name(source, posts)} "
                    f"(disk {stack[-1]} is)"
                ),
            )
        below = state.posts[target]
        if below and below[-1] < move.disk:
            return Rule.SIZE, f"disk {move.disk} cannot be placed on disk {below[-1]}"
        return self._direction_violation(move)

    def _direction_violation(self, move: Move) -> _Violation:
        allowed = self.allowed
        if allowed is None or (move.source, move.target) in allowed:
            return None
        posts = self.posts
        names = ", ".join(
            f"{post_name(s, posts)}->{post_name(t, posts)}" for s, t in sorted(allowed)
        )
        return (
            Rule.DIRECTION,
            (
                f"moves from {post_name(move.source, posts)} to "
                f"{post_name(move.target, posts)} are not allowed (allowed: {names or 'none'})"
            ),
        )


def _as_move(move: object) -> Move:
    if isinstance(move, Move):
        return move
    raise InvalidArgumentError(f"expected a Move, got {type(move).__name__} {shown(move)}")


def _convert_allowed(value: object) -> frozenset[tuple[int, int]] | None:
    if value is None:
        return None
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise InvalidArgumentError(
            f"allowed must be None or an iterable of (source, target) pairs, got {shown(value)}"
        )
    pairs = set()
    for pair in value:
        if isinstance(pair, str) and len(pair) == 2 and all(ch in "SIDsid" for ch in pair):
            pair = tuple("SID".index(ch) for ch in pair.upper())
        if isinstance(pair, (str, bytes)) or not isinstance(pair, Iterable):
            raise InvalidArgumentError(
                f"an allowed move is a (source, target) pair, got {shown(pair)}"
            )
        items = tuple(pair)
        if len(items) != 2:
            raise InvalidArgumentError(
                f"an allowed move is a (source, target) pair, got {shown(pair)}"
            )
        source, target = (_integer(p, "an allowed post") for p in items)
        if source == target:
            raise InvalidArgumentError(
                f"an allowed move needs two different posts, got {shown(pair)}"
            )
        pairs.add((source, target))
    return frozenset(pairs)


def _check_allowed(allowed: frozenset[tuple[int, int]] | None, posts: int) -> None:
    """Refuse allowed directions that name a post the rules do not have."""
    for source, target in sorted(allowed or ()):
        if max(source, target) >= posts:
            raise InvalidArgumentError(
                f"allowed move {shown((source, target))} names a post beyond 0..{posts - 1}"
            )


def _allowed_repr(allowed: frozenset[tuple[int, int]] | None) -> str:
    """``, allowed=[...]`` for a repr that evaluates back, or nothing when all are allowed."""
    return "" if allowed is None else f", allowed={sorted(allowed)!r}"


def _peg_count(value: object) -> int:
    pegs = _integer(value, "pegs", minimum=3)
    _post_count(pegs)  # positions on them must be possible
    return pegs


@attrs.frozen(slots=True, repr=False)
class ClassicRules(Rules):
    """The classic rules on ``pegs`` posts (3 or more), optionally only some directions.

    Args:
        pegs: the number of posts.
        allowed: ``None`` for every move, or the set of ``(source, target)`` directions that
            are allowed (restricted families such as moves between adjacent posts only).

    Example:
        >>> from hanoi_magnet import ClassicRules, Move, State
        >>> linear = ClassicRules(allowed=[(0, 1), (1, 0), (1, 2), (2, 1)])
        >>> linear.check(State.tower(1), Move(1, 0, 2))
        <Rule.DIRECTION: 'direction'>
    """

    pegs: int = attrs.field(default=3, converter=_peg_count)
    allowed: frozenset[tuple[int, int]] | None = attrs.field(
        default=None, converter=_convert_allowed
    )

    def __attrs_post_init__(self) -> None:
        _check_allowed(self.allowed, self.pegs)

    @property
    def posts(self) -> int:
        """The number of posts (the same as ``pegs``)."""
        return self.pegs

    def _violation(self, state: State, move: Move) -> _Violation:
        return self._common_violation(state, move)

    def __repr__(self) -> str:
        return f"ClassicRules(pegs={self.pegs}{_allowed_repr(self.allowed)})"


def _convert_colors(value: object) -> tuple[Color | None, ...]:
    if isinstance(value, str):
        value = value.strip()
    if not isinstance(value, Iterable):
        raise InvalidArgumentError(
            f"post_colors must be a string such as 'RBN' or a sequence of Color/None, "
            f"got {type(value).__name__} {shown(value)}"
        )
    colors: list[Color | None] = []
    for item in value:
        if item is None or (isinstance(item, str) and item.strip().upper() in ("N", "NEUTRAL")):
            colors.append(None)
        else:
            colors.append(Color.parse(item))
    if len(colors) < 3:
        raise InvalidArgumentError(f"magnetic rules need at least 3 posts, got {len(colors)}")
    return tuple(colors)


@attrs.frozen(slots=True, repr=False)
class MagneticRules(Rules):
    """The magnetic rules: moved disks flip, like faces repel, coloured posts choose the face.

    Every moved disk turns over; touching faces of the same colour repel (so a disk must land
    showing the same colour as the disk below it); and a disk placed on an empty coloured post
    must show the post's colour.

    Args:
        post_colors: one colour per post, ``R``/``B``/``N`` letters or :class:`Color`/``None``.
        allowed: ``None`` for every direction, or the set of ``(source, target)`` directions
            that are allowed, as for :class:`ClassicRules` (a magnetic puzzle on a line, or
            around a cycle).

    Example:
        >>> from hanoi_magnet import Color, MagneticRules, Move, State
        >>> rules = MagneticRules("NNN")
        >>> after = rules.apply(State.tower(2, face=Color.RED), Move(1, 0, 1))
        >>> print(after)
        S: 2r | I: 1b | D: -
        >>> rules.check(State([[], [1], [2]], faces="BB"), Move(1, 1, 2))
        <Rule.REPULSION: 'repulsion'>
        >>> line = MagneticRules("NNN", allowed=["SI", "IS", "ID", "DI"])
        >>> line
        MagneticRules('NNN', allowed=[(0, 1), (1, 0), (1, 2), (2, 1)])
        >>> line.check(State.tower(1, face=Color.RED), Move(1, 0, 2))
        <Rule.DIRECTION: 'direction'>
    """

    magnetic: ClassVar[bool] = True

    post_colors: tuple[Color | None, ...] = attrs.field(default="NNN", converter=_convert_colors)
    allowed: frozenset[tuple[int, int]] | None = attrs.field(
        default=None, converter=_convert_allowed
    )

    def __attrs_post_init__(self) -> None:
        _check_allowed(self.allowed, len(self.post_colors))

    @property
    def posts(self) -> int:
        """The number of posts."""
        return len(self.post_colors)

    @property
    def label(self) -> str:
        """The post colours as letters, e.g. ``'RBN'`` (the SID label for three posts).

        Example:
            >>> from hanoi_magnet import MagneticRules
            >>> MagneticRules("rbn").label
            'RBN'
        """
        return "".join("N" if c is None else c.value for c in self.post_colors)

    def _violation(self, state: State, move: Move) -> _Violation:
        found = self._common_violation(state, move)
        if found is not None:
            return found
        assert state.faces is not None
        face = state.faces[move.disk - 1].flipped
        below = state.posts[move.target]
        target = post_name(move.target, self.posts)
        if below:
            under = state.faces[below[-1] - 1]
            if under is not face:
                return (
                    Rule.REPULSION,
                    (
                        f"disk {move.disk} would land {_word(face)} side up on disk {below[-1]}, "
                        f"which shows {_word(under)}: touching {_word(face.flipped)} faces repel"
                    ),
                )
            return None
        color = self.post_colors[move.target]
        if color is not None and color is not face:
            return (
                Rule.POST_COLOR,
                (
                    f"disk {move.disk} would land {_word(face)} side up on the empty "
                    f"{_word(color)} post {target}, which accepts only {_word(color)} up"
                ),
            )
        return None

    def check_state(self, state: State) -> str | None:  # noqa: D102 (documented on Rules)
        self._check_state_shape(state)
        assert state.faces is not None
        for index, stack in enumerate(state.posts):
            name = post_name(index, self.posts)
            shown = {state.faces[d - 1] for d in stack}
            if len(shown) > 1:
                return f"post {name} shows two colours: touching faces would repel"
            color = self.post_colors[index]
            if stack and color is not None and state.faces[stack[0] - 1] is not color:
                return (
                    f"disk {stack[0]} lies {_word(color.flipped)} side up on the "
                    f"{_word(color)} post {name}"
                )
        return None

    def __repr__(self) -> str:
        return f"MagneticRules({self.label!r}{_allowed_repr(self.allowed)})"


def _word(color: Color) -> str:
    return "red" if color is Color.RED else "blue"
