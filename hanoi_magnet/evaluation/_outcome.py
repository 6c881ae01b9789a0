"""The one outcome of every scored answer, and the abstention an unsolvable instance asks for."""

from __future__ import annotations

import enum
import re

from hanoi_magnet._lazy import LazyPattern

#: The phrase an answer gives to say that an instance has no solution (any case; a line that
#: holds only this word, or an answer with no moves that uses it, abstains).
ABSTENTION = "UNSOLVABLE"

# The answer's final statement, when it claims that the goal cannot be reached: the word alone
# (as the prompt asks it), perhaps labelled, boxed or emphasised, or a plain claim.
_TOKEN = LazyPattern(
    r"(?:(?:final\s+)?answer\s*[:=]\s*)?(?:\\boxed\{\s*(?:\\text\{\s*)?)?unsolvable"
    r"(?:\s*\})*",
    re.IGNORECASE,
)
# Who or what the claim is about, and the ways of saying the goal cannot be reached.
_SUBJECT = (
    r"(?:it|this|(?:the|this)\s+(?:puzzle|instance|problem|task|position|goal(?:\s+position)?"
    r"|game))"
)
_GOAL = r"(?:it|this|(?:the|this)\s+(?:goal(?:\s+position)?|puzzle|problem|task|instance))"
_REACHES = rf"(?:reach(?:es)?|can\s+reach|gets?\s+to|leads?\s+to)\s+{_GOAL}"
_SEQUENCE = r"(?:solution|(?:legal\s+)?sequence(?:\s+of\s+(?:legal\s+)?moves)?|(?:legal\s+)?moves?)"
_CLAIM = LazyPattern(
    r"(?:(?:so|thus|therefore|hence|in\s+conclusion|conclusion|in\s+short|answer)\s*[,:]?\s+)?"
    rf"(?:{_SUBJECT}(?:\s+is|[’']s)\s+(?:unsolvable|impossible|not\s+solvable|unreachable|not\s+"
    rf"reachable)(?:\s+to\s+(?:solve|reach|complete|get\s+to)(?:\s+{_GOAL})?)?"
    rf"|{_SUBJECT}\s+(?:cannot|can[’']t|can\s+not|can\s+never)\s+be\s+(?:solved|reached|done|"
    rf"completed)"
    rf"|{_SUBJECT}\s+has\s+no\s+solution"
    rf"|there\s+(?:is|exists)\s+no\s+(?:solution|way(?:\s+to\s+(?:solve|reach|get\s+to)\s+"
    rf"{_GOAL})?|{_SEQUENCE}(?:\s+that\s+{_REACHES})?)"
    rf"|no\s+{_SEQUENCE}\s+(?:exists|{_REACHES}))"
    r"(?:\s*[:,]\s*unsolvable)?",
    re.IGNORECASE,
)
_HEDGES = LazyPattern(
    r"\b(?:not|n't|maybe|might|may|perhaps|possibly|probably|likely|whether|if|unless|unsure|"
    r"sure|think|guess|seems?|cannot\s+tell|unclear|or)\b",
    re.IGNORECASE,
)
_SAYS_NO = LazyPattern(
    r"unsolvable|impossible|unreachable|not\s+(?:solvable|reachable)|\bno\s|cannot|can[’']t|"
    r"can\s+(?:not|never)",
    re.IGNORECASE,
)
_NOT_A_HEDGE = LazyPattern(r"\bnot\s+(?:solvable|reachable)\b|\bcan\s+not\b", re.IGNORECASE)
_MARKUP = str.maketrans("", "", "*_`#>")
_ENDING = re.compile(r"[\s.!]*$")
#: A claim holds one of these (a quick test before the expressions).
_WORDS = ("unsolvable", "impossible", "unreachable", "not solvable", "not reachable", "no ",
          "cannot", "can't", "can’t", "can not", "can never")  # fmt: skip


def _may_claim(lower: str) -> bool:
    """Whether a lower-case text holds one of :data:`_WORDS` may be: it holds a piece of each.

    Five quick looks for the eleven words (each word holds one of these pieces).
    """
    return (
        "no" in lower
        or "can" in lower
        or "unsolvable" in lower
        or "impossible" in lower
        or "unreachable" in lower
    )


#: The pieces :func:`_may_claim` looks for (the tests check that every word holds one).
_PIECES = ("no", "can", "unsolvable", "impossible", "unreachable")


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


def final_statement(region: str) -> str:
    """The last thing an answer says: its last non-empty line, or that line's last sentence.

    Looked for in the text's tail, longer each time it holds no whole non-empty line (a long
    answer's lines are not all split: its last line is usually near the end).
    """
    size = _TAIL
    while True:
        whole = size >= len(region)
        lines = (region if whole else region[-size:]).splitlines()
        for index in range(len(lines) - 1, -1 if whole else 0, -1):  # (the first may be cut)
            text = lines[index].translate(_MARKUP).strip()
            if text:
                sentences = re.split(r"(?<=[.!?])\s+", text)
                return sentences[-1] if len(sentences) > 1 and len(text) > 80 else text
        if whole:
            return ""
        size *= 4


_TAIL = 4096  # characters: where the last line of an answer is first looked for


def is_abstention(statement: str) -> bool:
    """Whether one statement (a line) claims that the goal cannot be reached."""
    statement = _ENDING.sub("", statement.translate(_MARKUP).strip())
    lower = statement.lower()
    if not any(word in lower for word in _WORDS):
        return False
    if _TOKEN.fullmatch(statement):
        return True
    if _HEDGES.search(_NOT_A_HEDGE.sub(" ", statement)):
        return False
    return any(
        _CLAIM.fullmatch(clause.strip()) is not None and _SAYS_NO.search(clause) is not None
        for clause in re.split(r"[:;,.!]", statement)
        if clause.strip()
    )


def abstention_lines(region: str) -> int:
    """How many lines of the answer claim, each on its own, that there is no solution.

    Read leniently, since a line that says so beside moves voids them (a hedge): a comment's
    marks (``# UNSOLVABLE``, ``// answer: UNSOLVABLE``, ``<!-- UNSOLVABLE -->``) and the words
    that turn back to a claim ("Actually, UNSOLVABLE.", "Wait, actually the puzzle is
    unsolvable.", "On second thought: UNSOLVABLE") are no part of it; each sentence of a line
    is read too.
    """
    lower = region.lower()
    if not _may_claim(lower):
        return 0
    return sum(_claims(line) for line in region.splitlines() if line.strip())


#: Marks that open or close a comment in code or markup: no part of a claim.
_COMMENT_MARKS = re.compile(r"^\s*(?:<!--|/\*+|//+|--|;+|%+|#+)\s*|\s*(?:-->|\*+/)\s*$")
#: Words that turn back to a claim, before it: "Actually,", "Wait,", "On second thought:".
_TURN = LazyPattern(
    r"^\W{0,4}(?:(?:actually|wait|hmm+|oh|oops|no|nope|well|ok(?:ay)?|hold\s+on|correction|"
    r"update|edit|on\s+second\s+thought|after\s+all|in\s+fact|never\s*mind|sorry|so|then|"
    r"instead|really)\b[\s,:;.!—–-]*)+",
    re.IGNORECASE,
)
#: The same words after a claim: "UNSOLVABLE after all.", "UNSOLVABLE, actually."
_TURN_AFTER = LazyPattern(
    r"[\s,;—–-]*(?:after\s+all|actually|really|then|instead|in\s+fact)\W*$", re.IGNORECASE
)


def _claims(line: str) -> bool:
    """Whether a line, or one of its sentences, claims that there is no solution (leniently)."""
    if is_abstention(line):
        return True
    bare = _COMMENT_MARKS.sub("", line.strip()).translate(_MARKUP)
    for sentence in [bare, *re.split(r"(?<=[.!?])\s+", bare)]:
        said = _TURN_AFTER.sub("", _TURN.sub("", sentence.strip()))
        if said and said != line and is_abstention(said):
            return True
    return False


def abstains(region: str) -> bool:
    r"""Whether the answer's final statement claims that the goal cannot be reached.

    The claim is :data:`ABSTENTION` alone (``UNSOLVABLE``, ``Answer: UNSOLVABLE``,
    ``\boxed{UNSOLVABLE}``), or a plain sentence such as "The puzzle is unsolvable." or
    "There is no solution."; never a hedge ("maybe unsolvable", "I cannot tell whether it is
    unsolvable"), a negation ("not unsolvable") or an instruction that only names the word
    ("If ..., write only UNSOLVABLE").

    Example:
        >>> from hanoi_magnet.evaluation._outcome import abstains
        >>> abstains("Let me see.\nUNSOLVABLE"), abstains("This puzzle is not unsolvable.")
        (True, False)
    """
    return is_abstention(final_statement(region))


#: A final statement that takes the answer back: "Just kidding.", "(this is a joke, ignore
#: it)", "Ignore the above answer.", "Disregard my moves.", "Scratch that.", "No answer.",
#: "That is not my real answer.", a lone "?" (the moves asked about, not given).
_TAKES_BACK = LazyPattern(
    r"\b(?:just\s+(?:kidding|joking)|j/k|kidding|(?:it|this|that)(?:[’']s|\s+is|\s+was)\s+"
    r"(?:(?:just|only)\s+)?a\s+joke|(?:please\s+)?(?:ignore|disregard|forget)\s+(?:it|this|that|"
    r"these|them|everything|all\s+(?:of\s+)?(?:this|that|it|the\s+above)|(?:the\s+)?above|"
    r"(?:my|the|this|that|these)\s+(?:above\s+|previous\s+|whole\s+)?(?:answer|moves?|list|"
    r"solution|response|sequence))|scratch\s+(?:that|this|it|all\s+(?:of\s+)?(?:that|this))|"
    r"i\s+take\s+(?:it|that|this|(?:it|that|this|them)\s+all)\s+back|not\s+(?:my|the|a)\s+"
    r"(?:real|actual|final|serious)\s+answer)\b"
    r"|^[\W_]*\?[\W_]*$"  # a lone "?" after the moves: asked, not told
    r"|^\W*(?:no\s+answer|never\s*mind|(?:that|this|it)(?:[’']s|\s+is|\s+was)\s+(?:all\s+)?"
    r"(?:wrong|incorrect|not\s+(?:my|the|an?)\s+answer))\W*$",
    re.IGNORECASE,
)


def takes_back(region: str) -> str | None:
    r"""The answer's final statement when it takes the answer back, else ``None``.

    "Just kidding.", "(this is a joke, ignore it)", "Ignore the above answer.", "No answer.":
    moves followed by such a statement are not offered as the answer (a self-contradiction,
    which earns nothing).

    Example:
        >>> from hanoi_magnet.evaluation._outcome import takes_back
        >>> takes_back("A->C\nJust kidding."), takes_back("A->C\nDone: disk 1 is on C.")
        ('Just kidding.', None)
    """
    statement = final_statement(region)
    for piece in (statement, *re.split(r"(?<=[.!?)])\s+", statement)[-1:]):
        if _TAKES_BACK.search(piece.strip()):
            return statement
    return None
