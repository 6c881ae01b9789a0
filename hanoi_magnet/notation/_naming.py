"""Which peg naming a reading is in, and its moves in the library's post numbers.

Letters need no naming from the prompt: ``A``, ``B``, ``C``... or ``S``, ``I``, ``D``, told apart
by the letters the answer writes. Numbers do: when the prompt numbers its pegs (from 0 or from
1), its numbering reads them, and an answer that shows the other one (a peg 0 where pegs count
from 1, a peg numbered like the count of pegs where they count from 0) is reported as a
mismatch; when the prompt names pegs otherwise, the answer's own numbers must show their base
(a 0, or the last peg's number), else the reading is ambiguous.
"""

from __future__ import annotations

import operator

from hanoi_magnet.errors import NotationError
from hanoi_magnet.notation._builtin import NOTATIONS
from hanoi_magnet.notation._pegs import PegNames
from hanoi_magnet.notation._report import Chosen
from hanoi_magnet.notation._scan import Raw, ReadMove, to_move


def naming(
    raws: list[Raw],
    pegs: PegNames | None,
    default: PegNames | None,
    posts: int,
    tokens: frozenset[str],
) -> tuple[PegNames | None, Chosen, str]:
    """The naming to read ``raws`` with, how it was chosen, and why.

    ``pegs``: the naming the caller (the prompt) uses; ``default``: the naming of the notation
    the caller asked for, when it names one but not ``pegs``; ``tokens``: the peg names of
    ``raws`` (:func:`peg_names`).
    """
    given = pegs or default
    how: Chosen = "named" if pegs is not None else "defaulted"
    if not raws:
        if given is None:
            return None, "defaulted", "no peg is written"
        return given, how, _given_why(given, how)
    decimal = set(map(str.isdecimal, tokens))
    numbers, letters = True in decimal, False in decimal
    if numbers and given is not None and given.numeric:
        return given, how, _given_why(given, how)  # (letters among them cannot be read)
    if numbers and not letters and given is PegNames.SID and posts != 3:
        return given, how, f"{_given_why(given, how)} (numbers from 0 beyond three posts)"
    if letters and given is not None and not given.numeric:
        if numbers:
            return given, how, _given_why(given, how)  # (numbers among them cannot be read)
        try:
            found = PegNames.detect(tokens, posts)
        except NotationError:
            found = None
        # letters that are all names of ``given`` are detected as it or as nothing (ambiguous)
        if found is None or found is given:
            return given, how, _given_why(given, how)
    detected, why = detect(raws, posts, tokens)
    return detected, "detected", why


def _given_why(given: PegNames, how: Chosen) -> str:
    return f"the caller named {given.describe}" if how == "named" else f"{given.describe}"


def peg_names(raws: list[Raw], distinct: set[Raw] | None = None) -> frozenset[str]:
    """The peg names the moves write (``distinct``: ``set(raws)``, when the caller has it)."""
    if distinct is None:
        distinct = set(raws)  # few: hashing each move once beats reading its names
    return frozenset(map(_SOURCE, distinct)).union(map(_TARGET, distinct))


_SOURCE, _TARGET = operator.itemgetter(1), operator.itemgetter(2)  # a Raw's peg names


def detect(
    raws: list[Raw], posts: int, tokens: frozenset[str] | None = None
) -> tuple[PegNames, str]:
    """The naming the peg names of ``raws`` show, and why (NotationError: they cannot tell).

    ``tokens``: their peg names, when the caller has them.
    """
    if tokens is None:
        tokens = peg_names(raws)
    known = _DETECTED.get((tokens, posts))
    if known is None:
        found = PegNames.detect(tokens, posts)  # raises when it cannot tell: not remembered
        if len(_DETECTED) >= 1024:
            _DETECTED.clear()
        known = _DETECTED[tokens, posts] = (found, _detected_why(found, tokens, posts))
    return known


#: The naming detected for each set of peg names (an answer writes a few, answers share them).
_DETECTED: dict[tuple[frozenset[str], int], tuple[PegNames, str]] = {}


def _detected_why(found: PegNames, tokens: frozenset[str], posts: int) -> str:
    if found is PegNames.ZERO:
        return "the answer writes peg 0"
    if found is PegNames.ONE:
        return f"the answer writes peg {posts} of {posts} pegs and never peg 0"
    shown = ", ".join(sorted({t.upper() for t in tokens}))
    return f"the answer writes pegs {shown}"


def own_naming(
    raws: list[Raw], posts: int, tokens: frozenset[str] | None = None
) -> PegNames | None:
    """The naming the answer's own peg names show (``None``: they cannot tell).

    ``tokens``: their peg names, when the caller has them.
    """
    try:
        return detect(raws, posts, tokens)[0]
    except NotationError:
        return None


def mismatch(
    raws: list[Raw],
    used: PegNames | None,
    how: Chosen,
    posts: int,
    distinct: set[Raw] | None = None,
    tokens: frozenset[str] | None = None,
) -> tuple[str | None, PegNames | None]:
    """What the answer's own numbers show, when they count from another base than ``used``.

    ``distinct``: ``set(raws)``, and ``tokens``: their peg names, when the caller has them.
    """
    if how == "detected" or used is None or not used.numeric or not raws:
        return None, None
    if distinct is None:
        distinct = set(raws)
    own = own_naming(raws, posts, tokens or peg_names(raws, distinct))
    if own is None or own is used or not own.numeric:
        return None, None
    written = {name.upper() for raw in distinct for name in raw[1:]}
    shown = ", ".join(sorted(written, key=lambda t: (len(t), t))[:12])
    return f"the answer writes pegs {shown} ({own.describe}), read as {used.describe}", own


def convert(
    raws: list[Raw],
    unreadable: str | None,
    used: PegNames | None,
    posts: int,
    distinct: set[Raw] | None = None,
) -> tuple[list[ReadMove], str | None]:
    """The moves of ``raws`` under ``used``; the first that cannot be read stops them.

    ``distinct``: ``set(raws)``, when the caller has it.
    """
    moves: list[ReadMove] = []
    if used is None:
        return moves, unreadable
    known = _KNOWN.get((used, posts))
    if known is None:
        if len(_KNOWN) >= 64:
            _KNOWN.clear()
        known = _KNOWN[used, posts] = {}
    if distinct is None:
        distinct = set(raws)
    if len(distinct) <= _KNOWN_SIZE // 2:  # the common case: a few distinct moves
        if len(known) + len(distinct) > _KNOWN_SIZE:
            known.clear()
        try:
            for raw in distinct.difference(known):
                known[raw] = to_move(raw, used, posts)
        except NotationError:
            pass  # found again, at its place, by the loop below
        else:
            return list(map(known.__getitem__, raws)), unreadable
    for raw in raws:
        move = known.get(raw)
        if move is None:
            try:
                move = to_move(raw, used, posts)
            except NotationError as error:
                return moves, f"{_show(raw)} ({error})"
            if len(known) >= _KNOWN_SIZE:
                known.clear()
            known[raw] = move
        moves.append(move)
    return moves, unreadable


_KNOWN_SIZE = 4096
#: The move each raw move stands for, by naming and posts: answers repeat the same few moves.
_KNOWN: dict[tuple[PegNames, int], dict[Raw, ReadMove]] = {}


def _show(raw: Raw) -> str:
    disk = "" if raw.disk is None else f"disk {_short(raw.disk)}: "
    return f"{disk}{_short(raw.source)} -> {_short(raw.target)}"


def _short(token: str) -> str:
    return token if len(token) <= 20 else f"{token[:8]}...({len(token)} digits)"


def named(name: str | None, used: PegNames | None, posts: int = 3) -> str | None:
    """The built-in notation with the template of ``name`` and the pegs ``used``."""
    key = (name, used, posts != 3)
    if key not in _NAMED:
        _NAMED[key] = _find_named(name, used, posts)
    return _NAMED[key]


_NAMED: dict[tuple[str | None, PegNames | None, bool], str | None] = {}


def _find_named(name: str | None, used: PegNames | None, posts: int) -> str | None:
    if name is None or used is None or name not in NOTATIONS:
        return name if name is None or name in NOTATIONS else None
    template = NOTATIONS[name].template
    same = [n.name for n in NOTATIONS.values() if n.template == template and n.pegs is used]
    if not same and used is PegNames.ZERO and posts != 3:
        # S, I, D name three posts only: from four posts on, those notations number them from 0
        same = [
            n.name for n in NOTATIONS.values() if n.template == template and n.pegs is PegNames.SID
        ]
    return same[0] if same else None
