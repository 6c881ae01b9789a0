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
    """How ``region`` (the answer's text) departs from ``notation``; ``None``: it keeps to it."""
    try:
        expected = notation.format(moves, posts)
    except NotationError as error:
        return f"its moves cannot be written in notation {notation.name!r}: {error}"
    except InvalidArgumentError:  # a pair where the notation writes disks
        return f"its moves do not name their disks, as notation {notation.name!r} does"
    if notation.is_list:
        if "".join(region.split()) == "".join(expected.split()):
            return None
        return f"not written as one list in notation {notation.name!r}: {_first_words(region)}"
    written = [line.strip() for line in region.replace("\r", "\n").split("\n") if line.strip()]
    wanted = [line.strip() for line in expected.split("\n") if line.strip()]
    for number, (line, want) in enumerate(zip(written, wanted, strict=False), 1):
        if line != want:
            return f"line {number} is {_shown(line)}, notation {notation.name!r} writes {_shown(want)}"
    if len(written) > len(wanted):
        return f"text after the moves: {_shown(written[len(wanted)])}"
    if len(written) < len(wanted):
        return "fewer lines than moves"
    return None


def _shown(text: str) -> str:
    return repr(text if len(text) <= _SHOWN else text[: _SHOWN - 3] + "...")


def _first_words(region: str) -> str:
    return _shown(region.strip())
