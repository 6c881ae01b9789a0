"""Final statements that claim a puzzle has no solution, and the near misses that do not.

An abstention is a claim: the answer's last statement says that the goal cannot be reached.
:func:`sample_statements` writes such claims the ways models word them ("It is impossible to
reach the goal.", "No sequence of legal moves reaches the goal.", "The puzzle has no
solution.") and, from the same words, statements that are no claim: negated ("It is not
impossible ..."), hedged ("I think ...", "I cannot tell whether ..."), asked ("Is it ...?"),
conditional or echoed instructions ("If ..., write only UNSOLVABLE."), or about something
else than the goal ("... in fewer than 7 moves", "This move is impossible.").
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from hanoi_magnet.model import _integer
from hanoi_magnet.testing._choices import Chooser, RandomChooser

_SUBJECTS = ("it", "this", "the puzzle", "this puzzle", "the problem", "the task",
             "the instance", "this instance")  # fmt: skip
_GOALS = ("the goal", "the goal position", "it", "this puzzle", "the puzzle")
_SEQUENCES = ("sequence of legal moves", "sequence of moves", "legal sequence", "solution",
              "legal sequence of moves")  # fmt: skip
_PREFIXES = ("", "", "", "So ", "Therefore, ", "Thus ", "Hence, ", "In conclusion, ",
             "Conclusion: ", "Answer: ")  # fmt: skip


def _claim(chooser: Chooser) -> tuple[str, str]:
    """A claim, and its kind (which words it uses)."""
    subject = chooser.choice(_SUBJECTS)
    goal = chooser.choice(_GOALS)
    kind = chooser.choice(("is", "to", "cannot", "has-no", "there-is-no", "no-reaches"))
    if kind == "is":
        word = chooser.choice(("impossible", "unsolvable", "not solvable", "unreachable"))
        be = "'s" if subject == "it" and chooser.chance(30) else " is"
        return f"{subject}{be} {word}", kind
    if kind == "to":
        verb = chooser.choice(("reach", "solve", "get to"))
        return f"it is impossible to {verb} {goal}", kind
    if kind == "cannot":
        never = chooser.choice(("cannot", "can't", "can never", "can not"))
        done = chooser.choice(("reached", "solved")) if "goal" not in goal else "reached"
        return f"{goal if chooser.chance(50) else subject} {never} be {done}", kind
    if kind == "has-no":
        return f"{subject} has no solution", kind
    if kind == "there-is-no":
        sequence = chooser.choice(_SEQUENCES)
        reaching = f"{chooser.choice(_SEQUENCES)} that reaches {goal}"
        what = chooser.choice(("solution", f"way to reach {goal}", reaching, sequence))
        return f"there is no {what}", kind
    verb = chooser.choice(("reaches", "can reach", "leads to"))
    return f"no {chooser.choice(_SEQUENCES)} {verb} {goal}", kind


def _negated(claim: str, kind: str) -> str | None:
    """The claim said not to hold ("It is not impossible ...")."""
    if kind in ("is", "to"):
        return claim.replace(" is ", " is not ", 1).replace("'s ", " is not ", 1)
    if kind == "cannot":
        for never in ("cannot", "can't", "can never", "can not"):
            if f" {never} " in claim:
                return claim.replace(f" {never} ", " can ", 1)
    if kind == "there-is-no":
        return claim.replace("there is no ", "there is a ", 1)
    return None


_HEDGES = ("I think {}", "Maybe {}", "Perhaps {}", "It seems {}", "I cannot tell whether {}",
           "I am not sure whether {}", "Probably {}", "It might be that {}",
           "I guess {}")  # fmt: skip
_QUALIFIERS = (" in fewer than 7 moves", " in one move", " directly", " without moving disk 3",
               " from here in two moves", " this way")  # fmt: skip
_OTHERS = ("This move is impossible.", "Step 3 is impossible.", "There is no need to move disk 1.",
           "It is impossible to move disk 3 first.", "No disk can go onto a smaller one.",
           "That is impossible.", "It is impossible to say.")  # fmt: skip


def _sentence(text: str, chooser: Chooser, end: str = ".") -> str:
    text = text[0].upper() + text[1:]
    if chooser.chance(10):
        return f"**{text}{end}**"
    return text + (end if end != "." or chooser.chance(85) else "")


def _statement(chooser: Chooser) -> tuple[str, bool, str]:
    claim, kind = _claim(chooser)
    way = chooser.choice(("claim", "claim", "claim", "negated", "hedged", "question",
                          "condition", "qualified", "other"))  # fmt: skip
    if way == "claim":
        prefix = chooser.choice(_PREFIXES)
        said = _sentence(prefix + claim, chooser)
        return said, True, f"claim/{kind}"
    if way == "negated":
        negated = _negated(claim, kind)
        if negated is not None:
            return _sentence(negated, chooser), False, f"negated/{kind}"
        way = "hedged"
    if way == "hedged":
        return _sentence(chooser.choice(_HEDGES).format(claim), chooser), False, f"hedged/{kind}"
    if way == "question":
        return _sentence(claim, chooser, "?"), False, f"question/{kind}"
    if way == "condition":
        then = chooser.choice(("write only UNSOLVABLE", "answer UNSOLVABLE", "say so"))
        return _sentence(f"if {claim}, {then}", chooser), False, f"condition/{kind}"
    if way == "qualified" and kind in ("to", "cannot", "no-reaches"):
        return _sentence(claim + chooser.choice(_QUALIFIERS), chooser), False, f"qualified/{kind}"
    return chooser.choice(_OTHERS), False, "other"


def sample_statements(*, seed: int, count: int) -> Iterator[tuple[str, bool, str]]:
    """``count`` final statements: (the text, whether it claims there is no solution, its kind).

    Example:
        >>> from hanoi_magnet.testing._claims import sample_statements
        >>> [claim for _, claim, _ in sample_statements(seed=2, count=4)]
        [False, False, False, False]
    """
    chooser = RandomChooser(random.Random(_integer(seed, "seed")))
    for _ in range(_integer(count, "count")):
        yield _statement(chooser)
