"""The one outcome of every scored answer, and the abstention an unsolvable instance asks for."""

from __future__ import annotations

import enum
import re

#: The phrase an answer gives to say that an instance has no solution (any case; a line that
#: holds only this word, or an answer with no moves that uses it, abstains).
ABSTENTION = "UNSOLVABLE"

_PHRASE = re.compile(r"\bunsolvable\b", re.IGNORECASE)
_ALONE = re.compile(
    r"^[\s>*_`#\"'(\[{]*(?:(?:final\s+)?answer\s*[:=]\s*)?[*_`\"'(\[{]*"
    r"(?:\\boxed\{\s*(?:\\text\{\s*)?)?unsolvable\b[\s.!}*_`\"')\]]*$",
    re.IGNORECASE | re.MULTILINE,
)


class Outcome(enum.Enum):
    """What became of one answer: exactly one per scored item (see :func:`score`).

    The names are stable (``eval score`` writes their values); rewards follow from them.

    Example:
        >>> from hanoi_magnet.evaluation import Outcome, generate, score
        >>> instance = generate(seed=4, count=1, families=["classic"], tasks=["solve"])[0]
        >>> score("moves = [[2, 0, 1]]", instance).outcome
        <Outcome.ILLEGAL_MOVE: 'illegal-move'>
        >>> Outcome("no-answer").credited
        False
    """

    #: The task is done in the optimal number of moves (or fewer, against a conjecture).
    SOLVED_OPTIMALLY = "solved-optimally"
    #: The task is done, in more moves than the optimum.
    SOLVED = "solved"
    #: Every move read is legal, but the task is not done (the goal not reached; the wrong
    #: number of moves for ``continue``; a move off every shortest path).
    UNSOLVED = "unsolved"
    #: A move breaks a rule of the puzzle; :attr:`Score.first_error` says which move (its
    #: index), the rule, and the position before it.
    ILLEGAL_MOVE = "illegal-move"
    #: The answer cannot be read as moves in a way that fits the puzzle (no moves found, an
    #: item that is not a move, or pegs named otherwise than the notation asks, a notation or
    #: peg mismatch that is never scored as a broken rule).
    FORMAT_ERROR = "format-error"
    #: No answer (``None``, empty or only whitespace).
    NO_ANSWER = "no-answer"
    #: The text ends inside the answer (output cut off), and the moves before the cut do not
    #: do the task.
    TRUNCATED = "truncated"
    #: The answer stops listing moves and says the rest follows a pattern ("and so on").
    ABANDONED = "abandoned"
    #: The answer is longer than the instance's budget (characters or tokens).
    OVER_BUDGET = "over-budget"
    #: Two plausible readings of the answer give different verdicts (no confident score).
    AMBIGUOUS = "ambiguous"
    #: The instance has no solution and the answer says so (:data:`ABSTENTION`).
    ABSTAINED = "abstained"
    #: The answer says there is no solution, but the instance has one.
    WRONG_ABSTENTION = "wrong-abstention"
    #: The instance has no solution, yet the answer gives moves.
    MOVES_FOR_UNSOLVABLE = "moves-for-unsolvable"
    #: For ``continue`` tasks, the answer left the library's solution, and the search that would
    #: decide whether it is still optimal exceeded its limit; counted as not solved.
    UNVERIFIED = "unverified"

    @property
    def credited(self) -> bool:
        """Whether the answer does what was asked (solved, or a right abstention)."""
        return self in _CREDITED


_CREDITED = frozenset({Outcome.SOLVED_OPTIMALLY, Outcome.SOLVED, Outcome.ABSTAINED})


def abstains(region: str, has_moves: bool) -> bool:
    """Whether the answer (reasoning removed) abstains.

    It does with a line holding only the phrase, or the phrase where no moves were read.
    """
    if "unsolvable" not in region.lower() or _PHRASE.search(region) is None:
        return False
    return not has_moves or _ALONE.search(region) is not None
