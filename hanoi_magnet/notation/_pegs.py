"""How a notation names posts: letters S, I, D or A, B, C, ..., or numbers from 0 or from 1."""

from __future__ import annotations

import enum
import string
from collections.abc import Collection

from hanoi_magnet.errors import AmbiguousNotationError, InvalidArgumentError, NotationError
from hanoi_magnet.model import _integer

_SID = "SID"
_MAX_DIGITS = 30  # longer numbers name no peg (and int() refuses over 4,300 digits)
_ALPHABET = string.ascii_uppercase


class PegNames(enum.Enum):
    """The names a notation gives the posts (pegs), and the index base it implies.

    Post numbers inside the library always start at 0 (S, I, D = 0, 1, 2); a notation may write
    them otherwise.

    Example:
        >>> from hanoi_magnet.notation import PegNames
        >>> PegNames.ONE.name_of(0, posts=3), PegNames.LETTERS.name_of(2, posts=4)
        ('1', 'C')
        >>> PegNames.SID.read("d", posts=3)
        2
    """

    #: ``S``, ``I``, ``D`` for posts 0, 1, 2 of three; numbers from 0 for any other count of
    #: posts (the library's own names, as :func:`~hanoi_magnet.model.post_name` gives them). Read
    #: back, numbers from 0 are accepted for three posts too, as the validator accepts them.
    SID = "S, I, D"
    #: ``A``, ``B``, ``C``, ... for posts 0, 1, 2, ... (up to 26 posts).
    LETTERS = "letters from A"
    #: ``0``, ``1``, ``2``, ...: numbers from 0 (the library's post numbers).
    ZERO = "numbers from 0"
    #: ``1``, ``2``, ``3``, ...: numbers from 1.
    ONE = "numbers from 1"

    @property
    def describe(self) -> str:
        """The naming in words, e.g. ``'pegs numbered from 1'``.

        Example:
            >>> from hanoi_magnet.notation import PegNames
            >>> PegNames.ZERO.describe
            'pegs numbered from 0'
        """
        return _WORDS[self]

    @property
    def numeric(self) -> bool:
        """Whether posts are written as numbers."""
        return self in (PegNames.ZERO, PegNames.ONE)

    def fits(self, posts: int) -> bool:
        """Whether this naming can name every post of a puzzle with ``posts`` posts.

        Example:
            >>> from hanoi_magnet.notation import PegNames
            >>> PegNames.LETTERS.fits(26), PegNames.LETTERS.fits(27)
            (True, False)
        """
        if self is PegNames.LETTERS:
            return posts <= len(_ALPHABET)
        return True

    def name_of(self, post: int, posts: int = 3) -> str:
        """The name of post ``post`` (0-based) in a puzzle with ``posts`` posts.

        Example:
            >>> from hanoi_magnet.notation import PegNames
            >>> PegNames.SID.name_of(1), PegNames.SID.name_of(3, posts=5)
            ('I', '3')
        """
        post, posts = _integer(post, "post"), _integer(posts, "posts", minimum=1)
        if not self.fits(posts) or not 0 <= post < posts:
            raise NotationError(f"post {post} of {posts} cannot be written with {self.describe}")
        if self is PegNames.SID and posts == 3:
            return _SID[post]
        if self is PegNames.LETTERS:
            return _ALPHABET[post]
        return str(post + (self is PegNames.ONE))

    def read(self, token: str, posts: int = 3) -> int:
        """The 0-based post that the name ``token`` stands for.

        Numbers beyond the last post are returned as they are: the rules, not the notation,
        say that a post does not exist.

        Raises:
            NotationError: ``token`` is not a name of this kind, or is ``0`` with numbers
                from 1.

        Example:
            >>> from hanoi_magnet.notation import PegNames
            >>> PegNames.ONE.read("3"), PegNames.LETTERS.read("b")
            (2, 1)
        """
        if not isinstance(token, str):
            raise InvalidArgumentError(f"a peg name is a string, got {type(token).__name__}")
        text = token.strip().upper()
        # The library numbers posts from 0 wherever it does not name them S, I, D.
        if self.numeric or (self is PegNames.SID and (posts != 3 or text.isdecimal())):
            if not text.isdecimal() or not text.isascii():
                raise NotationError(f"expected a peg number ({self.describe}), got {token!r}")
            if len(text) > _MAX_DIGITS:
                raise NotationError(
                    f"peg number with {len(text)} digits: far beyond the last peg ({self.describe})"
                )
            number = int(text) - (self is PegNames.ONE)
            if number < 0:
                raise NotationError(f"peg {token.strip()} does not exist: {self.describe}")
            return number
        letters = _SID if self is PegNames.SID else _ALPHABET
        if len(text) != 1 or text not in letters:
            raise NotationError(f"expected a peg letter ({self.describe}), got {token!r}")
        return letters.index(text)

    @classmethod
    def detect(cls, tokens: Collection[str], posts: int = 3) -> PegNames:
        """The naming that ``tokens`` (the peg names of a whole answer) are written in.

        Letters decide between ``S, I, D`` and ``A, B, C...`` by which letters occur. For
        numbers, a ``0`` means numbers from 0 and the number ``posts`` means numbers from 1;
        when neither occurs (or both do) the text cannot tell.

        Raises:
            AmbiguousNotationError: the tokens fit several namings equally well.
            NotationError: the tokens mix letters and numbers, or fit no naming.

        Example:
            >>> from hanoi_magnet.notation import PegNames
            >>> PegNames.detect(["0", "2", "1"]), PegNames.detect(["A", "C"])
            (<PegNames.ZERO: 'numbers from 0'>, <PegNames.LETTERS: 'letters from A'>)
        """
        if isinstance(tokens, str) or not all(isinstance(t, str) for t in _iterable(tokens)):
            raise InvalidArgumentError(f"expected a collection of peg names, got {tokens!r}")
        posts = _integer(posts, "posts", minimum=1)
        names = {token.strip().upper() for token in tokens}
        numbers = {name for name in names if name.isdecimal() and name.isascii()}
        if numbers and numbers != names:
            raise NotationError(
                f"the pegs are named both by letters and by numbers: {', '.join(sorted(names))}"
            )
        if numbers:
            values = {int(name) if len(name) <= _MAX_DIGITS else -1 for name in numbers}
            has_zero, has_top = 0 in values, posts in values
            if has_zero != has_top:
                return cls.ZERO if has_zero else cls.ONE
            verb = (
                "do not show whether they count"
                if len(values) > 1
                else "does not show whether it counts"
            )
            raise AmbiguousNotationError(
                f"{_numbers_shown(values)} with {posts} peg{'s' if posts > 1 else ''} {verb} "
                "from 0 or from 1",
                [cls.ZERO.describe, cls.ONE.describe],
            )
        candidates = [
            naming
            for naming in (cls.SID, cls.LETTERS)
            if naming.fits(posts) and all(_fits_letter(naming, name, posts) for name in names)
        ]
        if len(candidates) == 1:
            return candidates[0]
        if not candidates:
            raise NotationError(
                f"the peg letters {', '.join(sorted(names))} fit neither S, I, D nor A, B, C... "
                f"for {posts} pegs"
            )
        raise AmbiguousNotationError(
            f"the peg letters {', '.join(sorted(names))} fit several namings",
            [naming.describe for naming in candidates],
        )


def _numbers_shown(values: set[int]) -> str:
    """Peg numbers in words, ``-1`` standing for a number too long to read."""
    digits = [str(value) for value in sorted(values) if value >= 0]
    if not digits:
        return f"a peg number of more than {_MAX_DIGITS} digits"
    also = f" and one of more than {_MAX_DIGITS} digits" if -1 in values else ""
    return f"peg number{'s' if len(values) > 1 else ''} {', '.join(digits)}{also}"


def _iterable(tokens: object) -> Collection[object]:
    if not isinstance(tokens, Collection):
        raise InvalidArgumentError(
            f"expected a collection of peg names, got {type(tokens).__name__} {tokens!r}"
        )
    return tokens


def _fits_letter(naming: PegNames, name: str, posts: int) -> bool:
    if naming is PegNames.SID and posts != 3:
        return False
    letters = _SID if naming is PegNames.SID else _ALPHABET[:posts]
    return len(name) == 1 and name in letters


_WORDS = {
    PegNames.SID: "pegs named S, I, D",
    PegNames.LETTERS: "pegs named by letters from A",
    PegNames.ZERO: "pegs numbered from 0",
    PegNames.ONE: "pegs numbered from 1",
}
