"""Whether an answer keeps to the notation it was asked to use: a fact reported apart.

The moves read from an answer never depend on the notation asked for. Whether the answer
*keeps* to it is a separate question, which strict scores (reasoning-gym's, the ``strict``
reward) ask: nothing but the moves, each written exactly as the notation writes it (spaces at
the ends of lines and blank lines aside; for lists, spaces anywhere).
"""

from __future__ import annotations

from hanoi_magnet.errors import InvalidArgumentError, NotationError
from hanoi_magnet.notation._notations import Notation
from hanoi_magnet.notation._scan import ReadMove

_SHOWN = 60


def deviation(region: str, moves: list[ReadMove], notation: Notation, posts: int) -> str | None:
    """How ``region`` (the answer's text) departs from ``notation``; ``None``: it keeps to it.

    Lines are compared one by one and the first difference is the answer, so an answer that
    departs early costs little however long it is.
    """
    try:
        if notation.is_list:
            expected = notation.format(moves, posts)
            if "".join(region.split()) == "".join(expected.split()):
                return None
            return f"not written as one list in notation {notation.name!r}: {_first_words(region)}"
        wanted = (piece.strip() for piece in notation.iter_format(moves, posts))
        written = (line.strip() for line in region.replace("\r", "\n").split("\n"))
        number = 0
        for line in written:
            if not line:
                continue
            number += 1
            want = next(wanted, None)
            if want is None:
                return f"text after the moves: {_shown(line)}"
            if line != want:
                return (
                    f"line {number} is {_shown(line)}, notation {notation.name!r} writes "
                    f"{_shown(want)}"
                )
        if next(wanted, None) is not None:
            return "fewer lines than moves"
        return None
    except NotationError as error:
        return f"its moves cannot be written in notation {notation.name!r}: {error}"
    except InvalidArgumentError:  # a pair where the notation writes disks
        return f"its moves do not name their disks, as notation {notation.name!r} does"


def _shown(text: str) -> str:
    return repr(text if len(text) <= _SHOWN else text[: _SHOWN - 3] + "...")


def _first_words(region: str) -> str:
    return _shown(region.strip())
