"""One move as models write it: every form the answer grammar uses, with its peg names.

A *form* writes one move (a :class:`~hanoi_magnet.Move` or a ``(source, target)`` pair) in one
peg naming; it returns ``None`` when it cannot write that move (a form that names the disk,
given a pair; two-letter forms with names longer than a letter). Each form also says whether
the move it writes names its disk, which decides what a careful reader reads back: a
:class:`~hanoi_magnet.Move`, or the pair whose disk is whichever lies on top.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import NamedTuple

from hanoi_magnet.model import Move
from hanoi_magnet.notation import PegNames
from hanoi_magnet.testing._choices import Chooser


class Names(NamedTuple):
    """How the pegs of one answer are written."""

    naming: PegNames
    posts: int
    word: str  # "Peg ", "rod ", "" ...
    lower: bool  # letters written in lower case

    def peg(self, post: int) -> str:
        name = self.naming.name_of(post, self.posts)
        return name.lower() if self.lower else name

    def called(self, post: int) -> str:
        """The peg with its word: ``Peg A``, ``rod 2``, ``C``."""
        return f"{self.word}{self.peg(post)}"

    @property
    def letters(self) -> bool:
        return not self.naming.numeric and not (self.naming is PegNames.SID and self.posts != 3)


#: A form: (move, names, chooser) -> its text, or None when the form cannot write it.
Form = Callable[[Move | tuple[int, int], Names, Chooser], str | None]

_PEG_WORDS = ("Peg ", "peg ", "rod ", "Rod ", "tower ", "Tower ", "post ", "Post ", "pole ")
_DISK_WORDS = ("disk", "disk", "disc", "Disk")
_ARROWS = ("->", " -> ", " → ", "→", " => ", " --> ", " ⟶ ")


def peg_words() -> tuple[str, ...]:
    """The words written before peg names (besides none)."""
    return _PEG_WORDS


def _ends(move: Move | tuple[int, int]) -> tuple[int, int]:
    return (move.source, move.target) if isinstance(move, Move) else move


def _sentence(move: Move | tuple[int, int], names: Names, chooser: Chooser) -> str | None:
    """``Move disk 1 from Peg A to Peg C`` (the disk), ``move the top disk from A to C``."""
    source, target = _ends(move)
    verb = chooser.choice(("Move", "move", "Move", "MOVE"))
    if isinstance(move, Move):
        disk = chooser.choice(_DISK_WORDS)
        what = f"{disk} {move.disk}"
        if chooser.chance(10):
            what = f"the {disk} {move.disk}"
        elif chooser.chance(5):
            what = f"{disk} #{move.disk}"
    else:
        what = chooser.choice(("the top disk", "the top disc", "the disk on top", "top disk"))
    return f"{verb} {what} from {names.called(source)} to {names.called(target)}"


def _disk_first(move: Move | tuple[int, int], names: Names, chooser: Chooser) -> str | None:
    """``Disk 1: A -> C``, ``disk 1 from A to C``, ``1: S -> D`` (the library's), ``1: A to C``."""
    if not isinstance(move, Move):
        return None
    source, target = names.called(move.source), names.called(move.target)
    arrow = chooser.choice(_ARROWS)
    return chooser.choice(
        (
            f"{move.disk}: {source}{arrow}{target}",
            f"{move.disk}: {source} to {target}",
            f"Disk {move.disk}: {source}{arrow}{target}",
            f"disk {move.disk} from {source} to {target}",
            f"Disk {move.disk} from {source} to {target}",
        )
    )


def _arrow(move: Move | tuple[int, int], names: Names, chooser: Chooser) -> str | None:
    """``A -> C``, ``Peg 1 → Peg 3``, ``S->D``: the top disk moves."""
    source, target = _ends(move)
    return f"{names.called(source)}{chooser.choice(_ARROWS)}{names.called(target)}"


def _to(move: Move | tuple[int, int], names: Names, chooser: Chooser) -> str | None:
    """``A to C``, ``from peg 0 to peg 2``."""
    source, target = _ends(move)
    lead = chooser.choice(("", "", "from "))
    return f"{lead}{names.called(source)} to {names.called(target)}"


def _compact(move: Move | tuple[int, int], names: Names, chooser: Chooser) -> str | None:
    """``SD``, ``AC``: two letters; ``02``, ``13``: two digits (pegs numbered 0 to 9)."""
    del chooser
    source, target = _ends(move)
    if not can_write("compact", move, names):
        return None
    return f"{names.peg(source)}{names.peg(target)}"


def _bracketed(move: Move | tuple[int, int], names: Names, chooser: Chooser) -> str | None:
    """``[1, 0, 2]``, ``(0, 2)``, ``[A C]``, ``["A", "C"]``, ``[1, "A", "C"]``."""
    source, target = _ends(move)
    quote = "" if names.naming.numeric else chooser.choice(('"', "'", ""))
    if quote == "" and names.letters and chooser.chance(30) and not isinstance(move, Move):
        return f"[{names.peg(source)} {names.peg(target)}]"  # TextArena's
    pegs = f"{quote}{names.peg(source)}{quote}, {quote}{names.peg(target)}{quote}"
    opening, closing = chooser.choice((("[", "]"), ("(", ")")))
    if isinstance(move, Move):
        return f"{opening}{move.disk}, {pegs}{closing}"
    return f"{opening}{pegs}{closing}"


def _json_object(move: Move | tuple[int, int], names: Names, chooser: Chooser) -> str | None:
    """``{"disk": 1, "from": 0, "to": 2}`` (numbers) or with quoted letters."""
    source, target = _ends(move)
    keys = chooser.choice((("source", "target"), ("from", "to")))
    value: Callable[[int], object] = (
        (lambda post: int(names.peg(post))) if names.naming.numeric else names.peg
    )
    fields: dict[str, object] = {}
    if isinstance(move, Move):
        fields["disk"] = move.disk
    fields[keys[0]] = value(source)
    fields[keys[1]] = value(target)
    return json.dumps(fields, ensure_ascii=False)


def _spaced(move: Move | tuple[int, int], names: Names, chooser: Chooser) -> str | None:
    """``A C``, ``0 2``; with the disk first, numbers only: ``1 0 2``."""
    del chooser
    source, target = _ends(move)
    if names.word:
        return None
    pegs = f"{names.peg(source)} {names.peg(target)}"
    if isinstance(move, Move) and names.naming.numeric:
        return f"{move.disk} {pegs}"
    return pegs


#: Forms a move line (or an inline list) may take, by name. Those that name the disk write a
#: Move; the others a pair.
LINE_FORMS: dict[str, Form] = {
    "sentence": _sentence,
    "disk-first": _disk_first,
    "arrow": _arrow,
    "to": _to,
    "compact": _compact,
    "bracketed": _bracketed,
    "json": _json_object,
    "spaced": _spaced,
}

#: Forms that can stand side by side on one line, joined by commas or words (a sentence needs
#: its own words; two-letter and spaced forms only by spaces or commas).
INLINE_FORMS = ("sentence", "disk-first", "arrow", "to", "bracketed")

#: Forms whose moves name their disk, when given a Move.
NAMES_DISK = frozenset({"sentence", "disk-first", "bracketed", "json", "spaced"})


def can_write(form: str, move: Move | tuple[int, int], names: Names) -> bool:
    """Whether ``form`` can write ``move`` in these names (whatever else it chooses)."""
    if form == "disk-first":
        return isinstance(move, Move)
    if form == "compact":
        if names.naming.numeric:
            return not names.word and names.posts + (names.naming is PegNames.ONE) <= 10
        return names.letters and not names.word and not names.lower
    if form == "spaced":
        return not names.word
    return True


def names_disk(form: str, names: Names) -> bool:
    """Whether ``form`` writes the disk of a :class:`~hanoi_magnet.Move` in these names."""
    if form == "spaced":
        return names.naming.numeric
    return form in NAMES_DISK
