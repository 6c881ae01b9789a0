"""The notations people and models use, by name."""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from types import MappingProxyType

from hanoi_magnet.errors import InvalidArgumentError
from hanoi_magnet.notation._notations import Notation
from hanoi_magnet.notation._pegs import PegNames

_ALL = (
    Notation(
        "library",
        "{disk}: {source} -> {target}",
        PegNames.SID,
        "what hanoi-magnet solve prints and str(Move) shows: disk, then S, I, D",
    ),
    Notation("arrows", "{source}->{target}", PegNames.SID, "S->D, the top disk moves"),
    Notation("compact", "{source}{target}", PegNames.SID, "SD: two letters, the top disk moves"),
    Notation("numbers", "{source} {target}", PegNames.ZERO, "0 2: post numbers from 0"),
    Notation(
        "moves-list",
        "[{disk}, {source}, {target}]",
        PegNames.ZERO,
        "moves = [[disk, from, to], ...], pegs from 0 (the prompts of 'The Illusion of "
        "Thinking', Shojaee et al. 2025)",
        opening="moves = [",
        separator=", ",
        closing="]\n",
    ),
    Notation(
        "reasoning-gym",
        "Move disk {disk} from Peg {source} to Peg {target}",
        PegNames.ONE,
        "Move disk X from Peg Y to Peg Z, pegs from 1 (reasoning-gym's Tower of Hanoi)",
    ),
    Notation("letters", "{source} {target}", PegNames.LETTERS, "A C: pegs as letters from A"),
    Notation("brackets", "[{source} {target}]", PegNames.LETTERS, "[A C] (TextArena)"),
    Notation("bracket-pairs", "[{source}, {target}]", PegNames.LETTERS, "[A, C]"),
    Notation("letters-to", "{source} to {target}", PegNames.LETTERS, "A to C"),
    Notation("letter-arrows", "{source}->{target}", PegNames.LETTERS, "A->C"),
    Notation(
        "json",
        '{{"disk": {disk}, "source": {source}, "target": {target}}}',
        PegNames.ZERO,
        "one JSON array of objects with disk, source and target, posts from 0",
        opening="[",
        separator=", ",
        closing="]\n",
        json=True,
    ),
    Notation(
        "jsonl",
        '{{"index": {index}, "disk": {disk}, "source": {source}, "target": {target}}}',
        PegNames.ZERO,
        "JSON Lines, one object per move (as hanoi-magnet solve --format json writes them)",
        json=True,
    ),
)

#: Every built-in notation by name (a read-only mapping), in the order the documentation
#: lists them.
NOTATIONS: Mapping[str, Notation] = MappingProxyType({notation.name: notation for notation in _ALL})


#: The notations by their own names (what the generator writes into instances).
_BY_NAME: dict[str, Notation] = dict(NOTATIONS)


def get_notation(name: str | Notation) -> Notation:
    """The built-in notation called ``name`` (a :class:`Notation` is returned as it is).

    Raises:
        InvalidArgumentError: no notation has that name; the message lists the close ones.

    Example:
        >>> from hanoi_magnet.notation import get_notation
        >>> get_notation("reasoning-gym").pegs
        <PegNames.ONE: 'numbers from 1'>
        >>> get_notation("reasoning_gym").name
        'reasoning-gym'
    """
    found = _BY_NAME.get(name) if type(name) is str else None  # the common call: a known name
    if found is not None:
        return found
    if isinstance(name, Notation):
        return name
    if not isinstance(name, str):
        raise InvalidArgumentError(
            f"a notation is a name or a Notation, got {type(name).__name__} {name!r}"
        )
    key = name.strip().lower().replace("_", "-")
    found = NOTATIONS.get(key)
    if found is None:
        close = difflib.get_close_matches(key, list(NOTATIONS), n=3, cutoff=0.5)
        hint = f"did you mean {', '.join(map(repr, close))}? " if close else ""
        raise InvalidArgumentError(
            f"unknown notation {name!r}; {hint}known: {', '.join(NOTATIONS)}"
        )
    return found
