"""A score's words for people: moves and pegs as the answer wrote them, moves counted from 1.

The API keeps 0-based indexes (:attr:`MoveError.index`); the details a person reads say "the
4th move, A->C" with the answer's own peg names and form (``Move disk 2 from Peg 1 to Peg 3``,
``A->C``, ``[1, 0, 2]``), and get their plurals right ("1 move", "3 moves").
"""

from __future__ import annotations

import re

from hanoi_magnet.errors import NotationError
from hanoi_magnet.model import Move
from hanoi_magnet.notation import NOTATIONS, PegNames, ReadMove


def plural(count: int, word: str) -> str:
    """``"1 move"``, ``"3 moves"``, ``"0 moves"``.

    Example:
        >>> plural(1, "move"), plural(2, "legal move")
        ('1 move', '2 legal moves')
    """
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def ordinal(number: int) -> str:
    """``"1st"``, ``"2nd"``, ``"11th"``, ``"23rd"``.

    Example:
        >>> [ordinal(k) for k in (1, 2, 3, 4, 11, 12, 13, 21, 102)]
        ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '102nd']
    """
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"


class Names:
    """How to show posts and moves as the answer wrote them."""

    def __init__(self, naming: PegNames | None, notation: str | None, posts: int) -> None:
        self.naming = naming if naming is not None and naming.fits(posts) else None
        self.notation = NOTATIONS.get(notation or "")
        self.posts = posts

    def post(self, post: int) -> str:
        """A post in the answer's names (``A``, ``Peg 1``... ``post 7`` when it has none).

        A post beyond the last has the name the answer gave it (``E`` on three posts).
        """
        if self.naming is None:
            return f"post {post}"
        try:
            return self.naming.name_of(post, max(self.posts, post + 1))
        except NotationError:  # S, I, D beyond three posts, letters beyond Z
            return f"post {post}"

    def move(self, move: ReadMove) -> str:
        """One move in the answer's own form, else as ``disk 2 from A to C`` / ``A->C``."""
        source, target = (move.source, move.target) if isinstance(move, Move) else move
        notation = self.notation
        fits = source < self.posts and target < self.posts
        if notation is not None and self.naming is notation.pegs and fits:
            key = (notation.template, notation.pegs, self.posts, move)
            shown = _WRITTEN.get(key)
            if shown is not None:
                return shown
            try:
                shown = notation.format_move(move, self.posts).strip()
            except NotationError:
                pass
            else:
                if len(_WRITTEN) >= _WRITTEN_KEPT:
                    _WRITTEN.clear()
                _WRITTEN[key] = shown
                return shown
        shown = f"{self.post(source)}->{self.post(target)}"
        return (
            f"disk {move.disk} from {self.post(source)} to {self.post(target)}"
            if isinstance(move, Move)
            else shown
        )

    def _peg(self, written: str) -> str:
        name = self.post(_post_index(written, self.posts))
        return name if name.startswith("post ") else f"peg {name}"

    def text(self, detail: str) -> str:
        """A validator's detail with its post names (``post S``, ``S->I``) in these names."""
        if self.naming is None or _PLACES.search(detail) is None:
            return detail
        last = self.post(self.posts - 1)
        detail = _RANGE.sub(f"(pegs are {self.post(0)} to {last})", detail)
        peg = self._peg
        detail = _POST.sub(lambda m: peg(m.group(1)), detail)
        detail = _BOTH.sub(lambda m: f"are both {peg(m.group(1))}", detail)
        detail = _FROM_TO.sub(
            lambda m: f"moves from {peg(m.group(1))} to {peg(m.group(2))}", detail
        )
        return _ARC.sub(
            lambda m: (
                f"{self.post(_post_index(m.group(1), self.posts))}->"
                f"{self.post(_post_index(m.group(2), self.posts))}"
            ),
            detail,
        )


_POST = re.compile(r"\bpost ([SID]|\d{1,30})\b")
#: The validator's range of posts: "(posts are 0..2)".
_RANGE = re.compile(r"\(posts are 0\.\.\d{1,30}\)")
#: The validator's other places for a bare post name: "are both D", "moves from S to D".
_BOTH = re.compile(r"\bare both ([SID]|\d{1,30})\b")
_FROM_TO = re.compile(r"\bmoves from ([SID]|\d{1,30}) to ([SID]|\d{1,30})\b")
_ARC = re.compile(r"(?<![\w>-])([SID]|\d{1,30})->([SID]|\d{1,30})(?![\w-])")
#: What one of the four needs (most details name no post: "disk 2 cannot be placed on disk 1").
_PLACES = re.compile(r"post |are both |moves from |->")


#: Moves as a notation writes them, by (its template, its pegs, posts, move): what
#: :meth:`~hanoi_magnet.notation.Notation.format_move` depends on (an illegal move is shown in
#: each score's detail, and answers share a few moves).
_WRITTEN: dict[tuple[str, PegNames, int, ReadMove], str] = {}
_WRITTEN_KEPT = 4096


def _post_index(name: str, posts: int) -> int:
    return "SID".index(name) if name in "SID" and posts == 3 else int(name)
