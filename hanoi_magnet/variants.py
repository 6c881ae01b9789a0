"""Variants: a set of rules plus where the tower starts and where it must end.

Built-in labels (case-insensitive, surrounding spaces ignored):

* the 27 magnetic **SID labels** such as ``NNN``, ``RBB``, ``NNR``: the colours (R, B, N for
  neutral) of the source, intermediate and destination posts. The tower starts on S showing the
  colour of S (red if S is neutral) and ends on D showing the colour of D (if D is neutral: the
  colour opposite to the start).
* ``classic`` (3 pegs) and ``classic:P`` for P >= 3 pegs: from peg 0 to peg P - 1.
* ``linear``: 3 pegs, moves only between adjacent pegs (0-1, 1-2), from peg 0 to peg 2.
* ``cyclic``: 3 pegs, moves only clockwise 0 -> 1 -> 2 -> 0, from peg 0 to peg 1; and
  ``cyclic:ccw``, moves only counter-clockwise 0 -> 2 -> 1 -> 0, also from peg 0 to peg 1.
* ``cyclic+1``: the clockwise moves S -> I -> D -> S and also I -> S, from S to D;
  ``cyclic+2``: every move except S -> D, from S to D.
* ``arcs:SI,IS,ID,DS``: 3 pegs, only the listed moves (source and target letters), from S to
  D; any strongly connected set of moves (Sapir 2004), listed in any order. The canonical
  spelling lists them in the order SI, SD, IS, ID, DS, DI, and a set with a name is called by
  it (``arcs:SI,IS,ID,DI`` is ``linear``, all six are ``classic``).
"""

from __future__ import annotations

import itertools
import re

import attrs

from hanoi_magnet import _arcs
from hanoi_magnet._text import integer_text, shown
from hanoi_magnet.errors import InvalidArgumentError, UnknownVariantError
from hanoi_magnet.model import Color, State, _integer
from hanoi_magnet.rules import ClassicRules, MagneticRules, Rules

__all__ = ["SID_LABELS", "Variant", "normalize_label"]

#: The 27 magnetic SID labels, in the order R, B, N for each post.
SID_LABELS: tuple[str, ...] = tuple("".join(p) for p in itertools.product("RBN", repeat=3))

_CLASSIC_FAMILIES = ("classic", "linear", "cyclic", "cyclic:ccw", "cyclic+1", "cyclic+2")
_CLASSIC_PEGS = re.compile(r"classic:(\d+)")
_PEG_DIGITS = 18  # longer peg counts are refused before being read as numbers
_COLOR_WORDS = {"R": "red", "B": "blue", "N": "neutral"}

_LINEAR = frozenset({(0, 1), (1, 0), (1, 2), (2, 1)})
_CLOCKWISE = frozenset({(0, 1), (1, 2), (2, 0)})
_COUNTER_CLOCKWISE = frozenset({(0, 2), (2, 1), (1, 0)})
#: The arc sets with a name of their own, tower from S to D (``arcs:`` labels normalize to it).
_NAMED_ARCS = {
    frozenset(_arcs.ARCS): "classic",
    _LINEAR: "linear",
    _CLOCKWISE | {(1, 0)}: "cyclic+1",
    _CLOCKWISE | {(1, 0), (2, 1)}: "cyclic+2",
}
_ARCS_BY_NAME = {name: arcs for arcs, name in _NAMED_ARCS.items()}
_ARCS_SYNTAX = (
    "write the allowed moves after 'arcs:' as pairs of post letters S, I, D, separated by "
    "commas, e.g. 'arcs:SI,IS,ID,DS' (S->I, I->S, I->D, D->S)"
)


def normalize_label(label: object) -> str:
    """The canonical spelling of a label: SID labels upper-case, classic families lower-case.

    Only the spelling is normalized; the label need not be known.

    Example:
        >>> from hanoi_magnet.variants import normalize_label
        >>> normalize_label(" rbn "), normalize_label("Classic:3"), normalize_label("CLASSIC:4")
        ('RBN', 'classic', 'classic:4')
        >>> normalize_label("arcs: ds, si, id"), normalize_label("arcs:S->I,I->S,I->D,D->I")
        ('arcs:SI,ID,DS', 'linear')
    """
    if not isinstance(label, str):
        raise InvalidArgumentError(
            f"a variant label must be a string such as 'NNN' or 'classic', "
            f"got {type(label).__name__} {shown(label)}"
        )
    text = label.strip()
    if len(text) == 3 and all(ch in "RBNrbn" for ch in text):
        return text.upper()
    text = re.sub(r"\s+", "", text.lower())
    if text in ("classic:3", "hanoi"):
        return "classic"
    if text == "cyclic:cw":
        return "cyclic"
    if text.startswith("arcs:"):
        arcs = _arcs.parse(text[len("arcs:") :])
        if arcs is not None:
            return _NAMED_ARCS.get(arcs) or f"arcs:{_arcs.spell(arcs)}"
    return text


def _post(value: object) -> int:
    return _integer(value, "a post")


def _is_variant_face(
    instance: Variant, attribute: attrs.Attribute[Color | None], value: Color | None
) -> None:
    if instance.rules.magnetic and not isinstance(value, Color):
        raise InvalidArgumentError(
            f"a magnetic variant needs a {attribute.name}, got {shown(value)}"
        )
    if not instance.rules.magnetic and value is not None:
        raise InvalidArgumentError(f"a classic variant has no {attribute.name}, got {shown(value)}")


def _is_label(instance: Variant, attribute: attrs.Attribute[str], value: str) -> None:
    if not isinstance(value, str):
        raise InvalidArgumentError(
            f"a variant's label must be a string, got {type(value).__name__} {shown(value)}"
        )


def _is_rules(instance: Variant, attribute: attrs.Attribute[Rules], value: Rules) -> None:
    if not isinstance(value, Rules):
        raise InvalidArgumentError(
            "a variant's rules must be a ClassicRules or MagneticRules object, "
            f"got {type(value).__name__} {shown(value)}"
        )


def _is_post(instance: Variant, attribute: attrs.Attribute[int], value: int) -> None:
    if not 0 <= value < instance.rules.posts:
        raise InvalidArgumentError(
            f"{attribute.name} must be a post in 0..{instance.rules.posts - 1}, "
            f"got {integer_text(value)}"
        )


@attrs.frozen(slots=True)
class Variant:
    """A puzzle: rules, plus the post and face where the tower starts and where it must end.

    Attributes:
        label: the variant's name, e.g. ``'NNN'`` or ``'classic:4'``.
        rules: a :class:`~hanoi_magnet.ClassicRules` or :class:`~hanoi_magnet.MagneticRules`.
        source: the post the tower starts on.
        target: the post the tower must end on.
        start_face: the up colour at the start (``None`` under classic rules).
        goal_face: the up colour required at the end (``None`` under classic rules).
        description: one line for people.

    Example:
        >>> from hanoi_magnet import Variant
        >>> nnr = Variant.from_label("nnr")
        >>> print(nnr.start(2), "=>", nnr.goal(2))
        S: 2r 1r | I: - | D: - => S: - | I: - | D: 2r 1r
    """

    label: str = attrs.field(validator=_is_label)
    rules: Rules = attrs.field(validator=_is_rules)
    source: int = attrs.field(converter=_post, validator=_is_post)
    target: int = attrs.field(converter=_post, validator=_is_post)
    start_face: Color | None = attrs.field(default=None, validator=_is_variant_face)
    goal_face: Color | None = attrs.field(default=None, validator=_is_variant_face)
    description: str = attrs.field(default="", eq=False)

    @classmethod
    def from_label(cls, label: str) -> Variant:
        """The built-in variant named ``label`` (see the module documentation for the labels).

        Raises:
            UnknownVariantError: for any other label, with the close matches.
            InvalidArgumentError: ``classic:P`` with more pegs than a position can hold.

        Example:
            >>> from hanoi_magnet import Variant
            >>> Variant.from_label("classic:4").rules
            ClassicRules(pegs=4)
        """
        key = normalize_label(label)
        if key in SID_LABELS:
            return _magnetic_variant(key)
        if key == "classic":
            return cls(key, ClassicRules(3), 0, 2, description="classic Tower of Hanoi, 3 pegs")
        match = _CLASSIC_PEGS.fullmatch(key)
        if match and len(match.group(1)) > _PEG_DIGITS:
            raise InvalidArgumentError(
                f"{shown(label)} asks for a number of pegs with {len(match.group(1)):,} digits; "
                "positions with so many posts cannot be stored"
            )
        if match and int(match.group(1)) >= 3:
            pegs = int(match.group(1))
            return cls(key, ClassicRules(pegs), 0, pegs - 1, description=f"classic, {pegs} pegs")
        if key == "linear":
            return cls(
                key,
                ClassicRules(3, _LINEAR),
                0,
                2,
                description="classic, moves only between adjacent pegs (0-1, 1-2)",
            )
        if key == "cyclic":
            return cls(
                key,
                ClassicRules(3, _CLOCKWISE),
                0,
                1,
                description="classic, moves only clockwise 0->1->2->0, tower from 0 to 1",
            )
        if key == "cyclic:ccw":
            return cls(
                key,
                ClassicRules(3, _COUNTER_CLOCKWISE),
                0,
                1,
                description="classic, moves only counter-clockwise 0->2->1->0, tower from 0 to 1",
            )
        if key in _ARCS_BY_NAME or key.startswith("arcs:"):
            return _arcs_variant(label, key)
        raise UnknownVariantError(label, _builtin_labels())

    @property
    def posts(self) -> int:
        """The number of posts."""
        return self.rules.posts

    @property
    def magnetic(self) -> bool:
        """Whether the variant follows magnetic rules."""
        return self.rules.magnetic

    def start(self, n: int) -> State:
        """The start position with ``n`` disks: a tower on :attr:`source`.

        Example:
            >>> from hanoi_magnet import Variant
            >>> print(Variant.from_label("BNN").start(2))
            S: 2b 1b | I: - | D: -
        """
        return State.tower(n, self.source, posts=self.posts, face=self.start_face)

    def goal(self, n: int) -> State:
        """The goal position with ``n`` disks: a tower on :attr:`target`.

        Example:
            >>> from hanoi_magnet import Variant
            >>> print(Variant.from_label("NNN").goal(2))
            S: - | I: - | D: 2b 1b
        """
        return State.tower(n, self.target, posts=self.posts, face=self.goal_face)


def _builtin_labels() -> tuple[str, ...]:
    """Every built-in label (``classic:P`` is listed for P = 4 and 5; any P >= 3 works)."""
    return (*SID_LABELS, *_CLASSIC_FAMILIES, "classic:4", "classic:5", "arcs:SI,ID,DS")


def _arcs_variant(label: str, key: str) -> Variant:
    """The classic puzzle on the arcs a named or ``arcs:`` label lists, tower from S to D."""
    arcs = _ARCS_BY_NAME.get(key) or _arcs.parse(key[len("arcs:") :])
    if arcs is None:
        raise UnknownVariantError(label, _builtin_labels(), reason=_ARCS_SYNTAX)
    why = _arcs.cut_off(arcs)
    if why is not None:
        raise UnknownVariantError(
            label,
            (),
            reason=(
                f"the moves {_arcs.describe(arcs)} are not strongly connected ({why}), so "
                "no tower of 3 or more disks can go from S to D; an arcs: label needs every "
                "post reachable from every other (Sapir 2004). For positions under these "
                f"rules, search with ClassicRules(allowed={sorted(arcs)})"
            ),
        )
    return Variant(
        key,
        ClassicRules(3, arcs),
        0,
        2,
        description=f"classic, moves only {_arcs.describe(arcs)}; tower from S to D",
    )


def _magnetic_variant(label: str) -> Variant:
    colors = [None if ch == "N" else Color(ch) for ch in label]
    start = colors[0] or Color.RED
    goal = colors[2] or start.flipped
    words = ", ".join(f"{post} {_COLOR_WORDS[ch]}" for post, ch in zip("SID", label, strict=True))
    return Variant(
        label,
        MagneticRules(label),
        0,
        2,
        start,
        goal,
        description=f"magnetic, posts {words}; {start.name.lower()} up to {goal.name.lower()} up",
    )
