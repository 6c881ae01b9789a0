"""Rules and positions in plain words, with the pegs named as the answer's notation names them."""

from __future__ import annotations

from hanoi_magnet.errors import InvalidArgumentError
from hanoi_magnet.model import Color, State, _integer
from hanoi_magnet.notation import PegNames
from hanoi_magnet.rules import MagneticRules, Rules

_COLOR = {Color.RED: "red", Color.BLUE: "blue"}


def peg(post: int, posts: int, pegs: PegNames) -> str:
    """``'Peg 1'``, ``'Peg A'``, ``'Peg S'``: a post as the prompt names it."""
    return f"Peg {pegs.name_of(post, posts)}"


def describe_rules(rules: Rules, n: int, pegs: PegNames) -> str:
    """The rules of the puzzle in numbered plain sentences.

    Example:
        >>> from hanoi_magnet import MagneticRules
        >>> from hanoi_magnet.evaluation import describe_rules
        >>> from hanoi_magnet.notation import PegNames
        >>> print(describe_rules(MagneticRules("RNB"), 2, PegNames.ONE))
        There are 3 pegs (Peg 1, Peg 2, Peg 3) and 2 disks of different sizes, numbered by size: disk 1 is the smallest, disk 2 the largest. Each disk has a red face and a blue face.
        Rules:
        1. Only one disk moves at a time: the top disk of one peg goes onto another peg.
        2. A disk may never be placed on a smaller disk.
        3. A moved disk is turned over, so the colour it shows on top changes with every move.
        4. Touching faces must have different colours: a disk may be placed on another disk only if, once turned over, it shows the same colour on top as the disk below it.
        5. Peg 1 is red, Peg 2 is neutral, Peg 3 is blue. A disk placed on an empty red peg must show red on top once turned over, and on an empty blue peg blue; a neutral peg accepts either colour.
    """  # noqa: E501 (a doctest's output is one line)
    if not isinstance(rules, Rules):
        raise InvalidArgumentError(f"rules must be a Rules object, got {type(rules).__name__}")
    n = _integer(n, "n")
    _check_pegs(pegs)
    posts = rules.posts
    names = ", ".join(peg(post, posts, pegs) for post in range(posts))
    disks = "1 disk" if n == 1 else f"{n} disks of different sizes"
    opening = (
        f"There are {posts} pegs ({names}) and {disks}, numbered by size: disk 1 is the "
        f"smallest, disk {n} the largest."
        if n > 1
        else f"There are {posts} pegs ({names}) and {disks} (disk 1)."
    )
    if isinstance(rules, MagneticRules):
        opening += " Each disk has a red face and a blue face."
    lines = [
        opening,
        "Rules:",
        "Only one disk moves at a time: the top disk of one peg goes onto another peg.",
        "A disk may never be placed on a smaller disk.",
    ]
    if rules.allowed is not None:
        arcs = ", ".join(
            f"from {peg(a, posts, pegs)} to {peg(b, posts, pegs)}" for a, b in sorted(rules.allowed)
        )
        lines.append(f"Disks may move only in these directions: {arcs}.")
    if isinstance(rules, MagneticRules):
        lines += [
            "A moved disk is turned over, so the colour it shows on top changes with every move.",
            (
                "Touching faces must have different colours: a disk may be placed on another "
                "disk only if, once turned over, it shows the same colour on top as the disk "
                "below it."
            ),
            _post_colors(rules, pegs),
        ]
    return "\n".join(lines[:2] + [f"{i}. {text}" for i, text in enumerate(lines[2:], 1)])


def _post_colors(rules: MagneticRules, pegs: PegNames) -> str:
    posts = rules.posts
    colors = ", ".join(
        f"{peg(post, posts, pegs)} is {'neutral' if color is None else _COLOR[color]}"
        for post, color in enumerate(rules.post_colors)
    )
    return (
        f"{colors[0].upper()}{colors[1:]}. A disk placed on an empty red peg must show red on top "
        "once turned over, and on an empty blue peg blue; a neutral peg accepts either colour."
    )


def describe_position(state: State, pegs: PegNames) -> str:
    """A position in words, one peg per line.

    Disks are listed from the bottom up; under magnetic rules the colour the stack shows on top
    follows.

    Example:
        >>> from hanoi_magnet import State
        >>> from hanoi_magnet.evaluation import describe_position
        >>> from hanoi_magnet.notation import PegNames
        >>> print(describe_position(State([[3, 1], [2], []], faces="RBR"), PegNames.LETTERS))
        Peg A: 3, 1 (bottom to top), red faces up
        Peg B: 2, blue face up
        Peg C: empty
    """
    if not isinstance(state, State):
        raise InvalidArgumentError(f"expected a State, got {type(state).__name__}")
    _check_pegs(pegs)
    posts = len(state.posts)
    lines = []
    for post, stack in enumerate(state.posts):
        name = peg(post, posts, pegs)
        if not stack:
            lines.append(f"{name}: empty")
            continue
        disks = ", ".join(map(str, stack)) + (" (bottom to top)" if len(stack) > 1 else "")
        if state.faces is not None:
            color = _COLOR[state.faces[stack[0] - 1]]
            disks += f", {color} face{'s' if len(stack) > 1 else ''} up"
        lines.append(f"{name}: {disks}")
    return "\n".join(lines)


def _check_pegs(pegs: object) -> None:
    if not isinstance(pegs, PegNames):
        raise InvalidArgumentError(f"pegs must be a PegNames, got {type(pegs).__name__} {pegs!r}")
