"""Answers written the way models write them, each with the reading a careful human gives.

:func:`answers` (a Hypothesis strategy) and :func:`sample_answers` (a seeded plain generator,
for millions of answers) write an answer from a grammar: the moves of a real puzzle (an optimal
solution, part of one, or a walk of legal moves) in every form and peg naming a model uses,
laid out as lines, one line, a list, a table or a paragraph, wrapped in prose, reasoning, tags
and fences, sometimes corrupted (a move dropped, swapped, illegal, repeated; the text cut off;
an attempt started over; a broken move; a move left unfinished mid-answer; the answer stated
again, the same or not), decorated (each step said twice in two forms, the position after each
move, a plan of steps of several disks before the moves), hedged (two candidate answers, moves
of a warm-up puzzle of another size) or re-encoded
(byte-order marks, zero-width characters, full-width digits...). Each
:class:`WrittenAnswer` says what a careful reader reads from it: the moves, or that the
answer is cut off, broken, ambiguous, or gives no moves at all. :meth:`WrittenAnswer.judge`
compares a reader's result with it.
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Iterator, Sequence
from typing import Literal, TypeVar

import attrs
from hypothesis import strategies as st

from hanoi_magnet.errors import InvalidArgumentError
from hanoi_magnet.model import Move, _integer
from hanoi_magnet.notation import PegNames
from hanoi_magnet.registry import solve
from hanoi_magnet.testing import _wrappers as wrap
from hanoi_magnet.testing._choices import Chooser, RandomChooser
from hanoi_magnet.testing._forms import LINE_FORMS, Names, peg_words
from hanoi_magnet.testing._layouts import LAYOUTS, Body, ReadMove, counted, inline

T = TypeVar("T")

#: What a careful reader concludes from an answer.
Expected = Literal["moves", "truncated", "unreadable", "ambiguous", "none"]
#: How a reader's result compares with it.
Verdict = Literal["right", "hesitant", "misread"]


@attrs.frozen
class Judgement:
    """A reader's result against a :class:`WrittenAnswer`: right, hesitant or a misread.

    Attributes:
        verdict: ``"right"`` (the intended reading), ``"hesitant"`` (the reader said it is
            ambiguous, or read nothing, where a careful human reads the answer: allowed, but
            a reader should rarely need it) or ``"misread"`` (a confident reading other than
            the intended one: the defect every scorer must avoid).
        why: what differs, in words.

    Example:
        >>> from hanoi_magnet.notation import PegNames
        >>> from hanoi_magnet.testing import WrittenAnswer
        >>> WrittenAnswer("A->C", "moves", ((0, 2),), PegNames.LETTERS, 3).judge(((0, 1),))
        Judgement(verdict='misread', why='move 1: expected (0, 2), read (0, 1)')
    """

    verdict: Verdict
    why: str = ""


@attrs.frozen
class WrittenAnswer:
    r"""An answer as a model writes it, and the reading a careful human gives it.

    Attributes:
        text: the answer.
        expected: what a careful reader concludes: ``"moves"`` (exactly :attr:`moves`),
            ``"truncated"`` (the text is cut off inside a move; :attr:`moves` come before the
            cut), ``"unreadable"`` (a move after :attr:`moves` cannot be read),
            ``"ambiguous"`` (several candidate answers, a hedge: a careful reader does not
            choose) or ``"none"`` (the text gives no moves to make).
        moves: the moves read, posts numbered from 0: a :class:`~hanoi_magnet.Move` where
            the text names the disk, else a ``(source, target)`` pair.
        pegs: the peg naming of the puzzle's prompt (give it to the reader): the answer is
            written in it, or in letters, which need no naming.
        posts: the number of posts.
        recipe: the grammar's choices, for messages.

    Example:
        >>> from hanoi_magnet.testing import sample_answers
        >>> answer = next(sample_answers(seed=3, count=1))
        >>> answer.expected in ("moves", "truncated", "unreadable", "ambiguous", "none")
        True
        >>> judged = answer.judge(answer.moves, truncated=answer.expected == "truncated",
        ...                       unreadable=answer.expected == "unreadable",
        ...                       ambiguous=answer.expected == "ambiguous")
        >>> judged.verdict
        'right'
    """

    text: str
    expected: Expected
    moves: tuple[ReadMove, ...]
    pegs: PegNames
    posts: int
    recipe: tuple[str, ...] = ()

    def judge(
        self,
        moves: tuple[ReadMove, ...] | None,
        *,
        ambiguous: bool = False,
        truncated: bool = False,
        unreadable: bool = False,
    ) -> Judgement:
        """How a reader's result compares with the intended reading.

        Args:
            moves: the moves the reader read (``None``: it read none, or refused).
            ambiguous: the reader said the answer could be read in several ways.
            truncated: the reader said the text is cut off inside the answer.
            unreadable: the reader said a move after ``moves`` cannot be read.

        Example:
            >>> from hanoi_magnet.notation import PegNames
            >>> from hanoi_magnet.testing import WrittenAnswer
            >>> answer = WrittenAnswer("A->C, A->B", "moves", ((0, 2), (0, 1)), PegNames.LETTERS, 3)
            >>> answer.judge(((0, 2),)).verdict, answer.judge(None).verdict
            ('misread', 'hesitant')
        """
        expected = self.expected
        if expected in ("ambiguous", "none"):
            if moves and not ambiguous:
                return Judgement(
                    "misread", f"read {len(moves)} moves from an answer that is {expected}"
                )
            return Judgement("right")
        if ambiguous or moves is None:
            return Judgement("hesitant", "ambiguous" if ambiguous else "no moves read")
        if tuple(moves) != self.moves:
            return Judgement("misread", _difference(self.moves, tuple(moves)))
        if truncated != (expected == "truncated"):
            said = "said" if truncated else "did not say"
            return Judgement("misread", f"the right moves, but {said} the text is cut off")
        if unreadable != (expected == "unreadable"):
            said = "said" if unreadable else "did not say"
            return Judgement("misread", f"the right moves, but {said} a move cannot be read")
        return Judgement("right")


def _difference(expected: tuple[ReadMove, ...], read: tuple[ReadMove, ...]) -> str:
    for index, (want, got) in enumerate(zip(expected, read, strict=False)):
        if want != got:
            return f"move {index + 1}: expected {want!r}, read {got!r}"
    return f"expected {len(expected)} moves, read {len(read)}"


# -- the moves of real puzzles --------------------------------------------------------------


@functools.lru_cache(maxsize=64)
def _solution(posts: int, n: int) -> tuple[Move, ...]:
    return tuple(solve("classic" if posts == 3 else f"classic:{posts}", n))


def _walk(chooser: Chooser, posts: int, n: int, length: int) -> tuple[Move, ...]:
    """A walk of legal moves from the tower on post 0 (never undoing the last move)."""
    stacks: list[list[int]] = [list(range(n, 0, -1))] + [[] for _ in range(posts - 1)]
    walk: list[Move] = []
    for _ in range(length):
        options = [
            Move(stacks[s][-1], s, t)
            for s in range(posts)
            for t in range(posts)
            if s != t
            and stacks[s]
            and (not stacks[t] or stacks[t][-1] > stacks[s][-1])
            and not (walk and walk[-1] == Move(stacks[s][-1], t, s))
        ]
        if not options:
            break
        move = chooser.choice(options)
        stacks[move.target].append(stacks[move.source].pop())
        walk.append(move)
    return tuple(walk)


def _moves(chooser: Chooser, posts: int, longest: int) -> tuple[Move, ...]:
    n = chooser.integer(1, 6 if posts == 3 else 5)
    kind = chooser.choice(("solution", "prefix", "walk"))
    if kind == "walk":
        return _walk(chooser, posts, n, chooser.integer(1, longest))
    whole = _solution(posts, n)[:longest]
    if kind == "prefix" and len(whole) > 1:
        return whole[: chooser.integer(1, len(whole) - 1)]
    return whole


def _corrupted(
    chooser: Chooser, moves: tuple[Move, ...], posts: int
) -> tuple[tuple[Move, ...], str]:
    kind = chooser.choice(("none", "none", "none", "dropped", "swapped", "illegal", "repeated"))
    if kind == "none" or len(moves) < 2:
        return moves, "as solved"
    at = chooser.integer(0, len(moves) - 2)
    changed = list(moves)
    if kind == "dropped":
        del changed[at]
    elif kind == "swapped":
        changed[at], changed[at + 1] = changed[at + 1], changed[at]
    elif kind == "illegal":
        move = changed[at]
        others = [p for p in range(posts) if p not in (move.source, move.target)]
        changed[at] = Move(move.disk, move.source, chooser.choice(others))
    else:
        changed.insert(at, changed[at])
    return tuple(changed), kind


# -- writing one answer -----------------------------------------------------------------------


def _names(chooser: Chooser, posts: int, pegs: PegNames) -> Names:
    """The names the answer writes: the prompt's, or letters (which need no naming)."""
    naming = pegs
    if pegs.numeric and posts <= 26 and chooser.chance(15):
        naming = PegNames.SID if posts == 3 and chooser.chance(50) else PegNames.LETTERS
    word = chooser.choice(("", "", *peg_words()))
    lower = not naming.numeric and chooser.chance(10) and word != ""
    return Names(naming, posts, word, lower)


def write_answer(
    chooser: Chooser, *, posts: int, pegs: PegNames, longest: int = 40
) -> WrittenAnswer:
    """One answer, every choice taken from ``chooser``."""
    names = _names(chooser, posts, pegs)
    moves, corruption = _corrupted(chooser, _moves(chooser, posts, longest), posts)
    layout = chooser.choice(tuple(LAYOUTS))
    body = LAYOUTS[layout](moves, names, chooser)
    recipe = [f"pegs={pegs.name}", f"names={names.naming.name}", f"word={names.word!r}"]
    recipe += [corruption, *body.recipe]
    twist = chooser.choice(
        ("none",) * 12 + ("cut", "cut", "broken", "unfinished", "restart", "draft", "recap",
                          "options", "either", "negation", "two-answer-blocks", "restated",
                          "restated", "interlude", "plan", "warm-up", "said-twice",
                          "pictures", "marked", "marked", "so-far")
    )  # fmt: skip
    twisted = _twisted(twist, chooser, body, names, moves, posts)
    applied = twisted is not None
    text, read, expected, ending = twisted or (body.text, body.moves, "moves", True)
    read = counted(read, body.labels_of(tuple(read)))  # (a move cut off counts no label)
    if applied:
        recipe.append(f"twist={twist}")
    text = _wrapped(
        chooser, text, len(read), ending, names, moves, posts, recipe, expected == "moves"
    )
    if recipe[-1].startswith("unclosed-"):
        expected = "truncated" if expected == "moves" else expected
    if chooser.chance(10):
        text, kind = wrap.encode(text, chooser)
        recipe.append(f"encoding={kind}")
    return WrittenAnswer(
        text, expected, read if expected != "none" else (), pegs, posts, tuple(recipe)
    )


_Twisted = tuple[str, tuple[ReadMove, ...], Expected, bool]  # text, reading, expected, ending


def _twisted(
    twist: str, chooser: Chooser, body: Body, names: Names, moves: tuple[Move, ...], posts: int
) -> _Twisted | None:
    """The body with one twist (``None``: the twist cannot be applied to it).

    The text, the moves a careful reader reads, what the reader concludes, and whether prose
    may follow (not after a cut).
    """
    text, read = body.text, body.moves
    if twist == "cut":
        cut = _cut(body, chooser)
        return None if cut is None else (cut[0], body.moves[: cut[1]], "truncated", False)
    if twist == "broken":
        broken = _broken(body, chooser, names)
        return None if broken is None else (*broken, True)
    if twist == "unfinished":
        unfinished = _unfinished(body, chooser, names)
        return None if unfinished is None else (*unfinished, True)
    if twist == "restart":
        attempt = _other(chooser, names, moves, posts)
        return (
            f"{attempt.text.rstrip()}\n{chooser.choice(wrap.RESTARTS)}\n{text}",
            read,
            "moves",
            True,
        )
    if twist == "draft":
        draft = _other(chooser, names, moves, posts)
        text = (
            f"{chooser.choice(wrap.DRAFTS)}\n{draft.text.rstrip()}\n\n"
            f"{chooser.choice(wrap.FINALS)}\n{text}"
        )
        return text, read, "moves", True
    if twist == "recap" and len(moves) >= 3:
        first = inline(moves[: chooser.integer(2, len(moves) - 1)], names, chooser, lead=False)
        text = f"{text.rstrip()}\n\n{chooser.choice(wrap.RECAPS)}{first.text.strip()}\n"
        return text, read, "moves", True
    if twist == "restated":
        return _restated(chooser, body, names, moves, posts)
    if twist == "interlude":
        return _interlude(body, chooser)
    if twist == "plan":
        return f"{_plan(chooser, names, moves)}{text}", read, "moves", True
    if twist == "warm-up":
        return _warm_up(chooser, body, names, moves, posts)
    if twist == "said-twice":
        return _said_twice(chooser, body, names, moves)
    if twist == "pictures":
        return _pictures(chooser, body, names, moves, posts)
    if twist == "marked":
        return _marked(chooser, body, names, moves)
    if twist == "so-far" and len(moves) >= 2:
        return _so_far(chooser, names, moves)
    if twist == "options":
        other = _other(chooser, names, moves, posts)
        if _pairs(other.moves) == _pairs(read):
            return None
        one, two = chooser.choice(wrap.OPTIONS)
        return f"{one}\n{text.rstrip()}\n\n{two}\n{other.text}", read, "ambiguous", True
    if twist == "either":
        return (*_either(chooser, names, moves), True)
    if twist == "negation":
        sentence = LINE_FORMS["sentence"](moves[0], names, chooser)
        assert sentence is not None
        said = chooser.choice(wrap.NEGATIONS).format(move=sentence[0].lower() + sentence[1:])
        return said + "\n", (), "none", True
    if twist == "two-answer-blocks":
        other = _other(chooser, names, moves, posts) if chooser.chance(50) else body
        if _pairs(other.moves) == _pairs(read):
            other = body
        shown, last = other.text.strip(), text.strip()
        if "\n" not in shown + last and chooser.chance(50):  # one-line blocks
            blocks = f"<answer>{shown}</answer>\n<answer>{last}</answer>\n"
        else:
            blocks = f"<answer>\n{shown}\n</answer>\n<answer>\n{last}\n</answer>\n"
        same = _pairs(other.moves) == _pairs(read)
        return blocks, read, "moves" if same else "ambiguous", False
    return None


#: Numbered line styles: "1.", "1)", "Step 1:", "Step 1 -", "**Step 1:**", "Move 1:".
_NUMBERED_STYLES = (
    "dot", "paren", "step", "step-dash", "bold-step", "move-n", "action", "step-of", "step-slash",
    "parens", "move-hash",
)  # fmt: skip
_BULLETS = ("dash", "star", "bullet")
#: Prose between two parts of one numbered list (whatever it says, the list goes on).
_INTERLUDES = (
    "This is correct: the smaller disk sits on the larger one.",
    "✔ Valid so far (no illegal move).",
    "Now for the final moves:",
    "Check: every disk is on a larger one.",
    "Now the middle peg is empty again.",
    "That frees the largest disk.",
)


def _interlude(body: Body, chooser: Chooser) -> _Twisted | None:
    """A line of prose between two numbered moves of a list that goes on after it."""
    if body.recipe[0] != "lines" or body.recipe[2] not in _NUMBERED_STYLES:
        return None
    if len(body.places) < 2:
        return None
    index = chooser.integer(1, len(body.places) - 1)
    at = body.text.rfind("\n", 0, body.places[index].start) + 1
    newline = "\r\n" if "\r\n" in body.text else "\n"
    text = body.text[:at] + chooser.choice(_INTERLUDES) + newline + body.text[at:]
    return text, body.moves, "moves", True


#: Steps of a plan that move several disks at once: (first, back), {k} the disks they move.
_TOWERS = (
    ("Move the top {k} disks from {a} to {b}", "Move the {k} disks from {b} to {c}"),
    ("Transfer the {k} smaller disks from {a} to {b}", "Transfer them from {b} to {c}"),
    ("First, move the tower of {k} disks from {a} to {b}", "Finally, move the {k} disks onto {c}"),
    ("Move disks 1 to {k} from {a} to {b}", "Move disks 1 to {k} from {b} to {c}"),
)
_PLAN_HEADS = ("Plan:\n", "The idea:\n", "Strategy (recursive):\n", "")
_PLAN_MARKS = ("{k}. ", "{k}) ", "Step {k}: ", "- ", "* ")
_MOVES_HEADS = ("Moves:\n", "Now the moves:\n", "So the sequence is:\n", "\n", "Here they are:\n")


def _plan(chooser: Chooser, names: Names, moves: tuple[Move, ...]) -> str:
    """The recursive plan before the moves: steps of several disks beside the largest disk's.

    Its one move of a single disk ("Move the largest disk from A to C") is a step of the plan,
    not a move of the answer.
    """
    n = max((move.disk for move in moves), default=2)
    k = "n-1" if chooser.chance(20) else str(max(n - 1, 2))
    a, b, c = (names.called(post) for post in (0, 1, names.posts - 1))
    first, back = (step.format(k=k, a=a, b=b, c=c) for step in chooser.choice(_TOWERS))
    largest = chooser.choice(
        (f"Move the largest disk from {a} to {c}", f"Move disk {max(n, 3)} from {a} to {c}")
    )
    mark = chooser.choice(_PLAN_MARKS)
    stop = chooser.choice((".", ""))
    steps = [mark.format(k=k) + step + stop for k, step in enumerate((first, largest, back), 1)]
    return chooser.choice(_PLAN_HEADS) + "\n".join(steps) + "\n\n" + chooser.choice(_MOVES_HEADS)


#: Words announcing the moves of a smaller (or larger) puzzle, then the puzzle asked.
_WARM_UPS = (
    "Warm-up with {m} disks:",
    "For {m} disks it would be:",
    "If we had {m} disks instead:",
    "For example, with only {m} disks:",
    "The {m}-disk case:",
)
_OURS = ("Now for our puzzle:", "For the actual puzzle:", "Now for {n} disks:", "With {n} disks:")


def _warm_up(
    chooser: Chooser, body: Body, names: Names, moves: tuple[Move, ...], posts: int
) -> _Twisted | None:
    """Moves of a puzzle of another size before the answer, each announced by its size.

    Which size the puzzle asks for, a reader cannot know from the text alone: ambiguous.
    """
    n = max((move.disk for move in moves), default=1)
    m = n - 1 if n > 2 and chooser.chance(70) else n + 1
    other = LAYOUTS[chooser.choice(("lines", "inline", "list"))](
        _walk(chooser, posts, m, chooser.integer(2, 4)), names, chooser
    )
    if _pairs(other.moves) == _pairs(body.moves):
        return None
    warm = chooser.choice(_WARM_UPS).format(m=m)
    ours = chooser.choice(_OURS).format(n=n)
    text = f"{warm}\n{other.text.rstrip()}\n\n{ours}\n{body.text}"
    return text, body.moves, "ambiguous", True


def _line_ends(body: Body) -> list[int] | None:
    """Where the line of each move of a body of lines ends (``None``: not one move a line)."""
    if body.recipe[0] != "lines" or not body.places:
        return None
    ends = []
    for place in body.places:
        end = body.text.find("\n", place.start)
        ends.append(len(body.text) if end < 0 else end)
    if len(set(ends)) != len(ends):
        return None
    return [end - 1 if body.text[end - 1 : end] == "\r" else end for end in ends]


def _inserted(text: str, ends: list[int], pieces: list[str]) -> str:
    """``text`` with each piece put at its offset (offsets in order)."""
    parts, last = [], 0
    for end, piece in zip(ends, pieces, strict=True):
        parts += [text[last:end], piece]
        last = end
    return "".join([*parts, text[last:]])


def _said_twice(
    chooser: Chooser, body: Body, names: Names, moves: tuple[Move, ...]
) -> _Twisted | None:
    """Each numbered step's move said again under it, or after it, in another form.

    Under a bulleted step, in a bullet nested under it.

    ``**Step 1: A -> C**`` then "Move disk 1 from A to C.": one step (the same move twice in a
    row is never legal), so the reading is the moves.
    """
    ends = _line_ends(body)
    if ends is None or len(moves) != len(ends):
        return None
    bulleted = body.recipe[2] in _BULLETS
    if not (bulleted or body.recipe[2] in _NUMBERED_STYLES):
        return None
    form = "arrow" if body.recipe[1] in ("sentence", "disk-first") else "sentence"
    again = [LINE_FORMS[form](move, names, chooser) for move in moves]
    if any(said is None for said in again):
        return None
    newline = "\r\n" if "\r\n" in body.text else "\n"
    # under a bullet, a bullet nested under it ("- A -> C", "  - Move disk 1 from A to C.")
    unders = ("  - ", "   * ", "    • ") if bulleted else ("   ", "- ", "", "  * ")
    under = newline + chooser.choice(unders)
    pieces = [f"{under}{said}" for said in again]
    return _inserted(body.text, ends, pieces), body.moves, "moves", True


def _pictures(
    chooser: Chooser, body: Body, names: Names, moves: tuple[Move, ...], posts: int
) -> _Twisted | None:
    """The position after each move beside it: ``A -> C  [3, 2] [] [1]``.

    Written only where the position has a peg empty or of one disk (the reader's mark of a
    picture: a move never is either); ``None`` elsewhere, or where the moves are not legal.
    """
    ends = _line_ends(body)
    if ends is None or len(moves) != len(ends):
        return None
    n = max(move.disk for move in moves)
    pegs: list[list[int]] = [list(range(n, 0, -1))] + [[] for _ in range(posts - 1)]
    shown = []
    picture = chooser.choice(_PICTURES)
    # a picture named by pegs after an arrow would read as one more move ("A -> C -> A: 3 2")
    places = ("  {}", " -> {}") if "{name}" not in picture[0] else ("  {}",)
    place = chooser.choice((*places, " (pegs: {})", "\n   State: {}"))
    for move in moves:
        if not pegs[move.source] or pegs[move.source][-1] != move.disk:
            return None
        if pegs[move.target] and pegs[move.target][-1] < move.disk:
            return None
        pegs[move.target].append(pegs[move.source].pop())
        if all(len(peg) > 1 for peg in pegs):
            return None
        shown.append(place.format(_picture(picture, pegs, names)))
    return _inserted(body.text, ends, shown), body.moves, "moves", True


#: How a picture shows a peg with disks (bottom first), an empty peg, and what is between pegs.
_PICTURES = (
    ("[{disks}]", "[]", " "),  # [3, 2] [] [1]
    ("({disks})", "()", " "),  # (3, 2) () (1)
    ("{name}: [{disks}]", "{name}: []", ", "),  # A: [3, 2], B: [], C: [1]
    ("{name}: ({disks})", "{name}: ()", ", "),  # 1: (3, 2), 2: (), 3: (1)
    ("{name}: {spaced}", "{name}: empty", " | "),  # A: 3 2 | B: empty | C: 1
    ("{name}: {disks}", "{name}: -", "; "),  # A: 3, 2; B: -; C: 1
)


def _picture(picture: tuple[str, str, str], pegs: list[list[int]], names: Names) -> str:
    """The pegs' disks in one of the :data:`_PICTURES`."""
    full, empty, between = picture
    return between.join(
        (full if peg else empty).format(
            name=names.peg(post),
            disks=", ".join(map(str, peg)),
            spaced=" ".join(map(str, peg)),
        )
        for post, peg in enumerate(pegs)
    )


def _restated(
    chooser: Chooser, body: Body, names: Names, moves: tuple[Move, ...], posts: int
) -> _Twisted | None:
    """The moves, then a line that states the whole answer again: ``So the moves are: ...``.

    The same moves are a recap (the moves are read once); fewer or other moves contradict them
    (ambiguous); after "Final answer:" the later moves are the answer.
    """
    kind = chooser.choice(("same", "same", "fewer", "other", "final"))
    if kind == "same":
        again = inline(moves, names, chooser, lead=False)
    elif kind == "fewer" and len(moves) >= 2:
        again = inline(moves[: chooser.integer(1, len(moves) - 1)], names, chooser, lead=False)
    else:
        again = inline(_other(chooser, names, moves, posts).moves, names, chooser, lead=False)
        if _pairs(again.moves) == _pairs(body.moves):
            return None
    if again.labels or "\n" in again.text.strip():
        return None  # "1: S -> D, 2: ...": its numbers are read by their own rule
    label = chooser.choice(wrap.FINAL_LABELS if kind == "final" else wrap.RESTATEMENTS)
    gap = chooser.choice(("\n", "\n\n"))
    text = f"{body.text.rstrip()}{gap}{label}{again.text.strip()}\n"
    if kind == "final":
        return text, again.moves, "moves", True
    if kind == "same":
        return text, body.moves, "moves", True
    return text, body.moves, "ambiguous", True


def _marked(chooser: Chooser, body: Body, names: Names, moves: tuple[Move, ...]) -> _Twisted | None:
    """The moves judged by marks or by a sentence after them.

    A cross on one move (``A->B ❌``, ``A->B❌``, ``❌ A->B``) or a sentence taking the moves
    back ("Wait, that is wrong: it should be B->A.") leaves a careful reader in doubt; check
    marks on every move, or a sentence that takes nothing back, leave the moves.
    """
    kind = chooser.choice(("cross", "check", "retracted", "kept"))
    text = body.text
    if kind == "retracted":
        last = moves[-1]
        said = LINE_FORMS["arrow"](Move(last.disk, last.target, last.source), names, chooser)
        sentence = chooser.choice(wrap.RETRACTIONS).format(move=said)
        return f"{text.rstrip()}\n{sentence}\n", body.moves, "ambiguous", True
    if kind == "kept":
        return f"{text.rstrip()}\n{chooser.choice(wrap.KEPT)}\n", body.moves, "moves", True
    ends = _line_ends(body)
    if ends is None:
        return None
    if kind == "check":
        mark = chooser.choice(wrap.CHECKS)
        return _inserted(text, ends, [f" {mark}"] * len(ends)), body.moves, "moves", True
    mark = chooser.choice(wrap.CROSSES)
    at = chooser.integer(0, len(ends) - 1)
    where = chooser.choice(("after", "close", "before"))
    if where == "before":
        start = body.places[at].start
        text = f"{text[:start]}{mark} {text[start:]}"
    else:
        text = _inserted(text, [ends[at]], [f" {mark}" if where == "after" else mark])
    return text, body.moves, "ambiguous", True


def _so_far(chooser: Chooser, names: Names, moves: tuple[Move, ...]) -> _Twisted:
    """Moves under "Moves so far:", then the rest under "Next moves:".

    The later moves are the ones to make from the position the first ones lead to (a
    ``continue`` answer recalling the given moves), and the two together the whole answer in
    two parts: which is meant depends on the task, so a careful reader hesitates.
    """
    split = chooser.integer(1, len(moves) - 1)
    made = LAYOUTS["lines"](moves[:split], names, chooser)
    further = LAYOUTS["lines"](moves[split:], names, chooser)
    gap = chooser.choice(("\n", "\n\n"))
    text = (
        f"{chooser.choice(wrap.SO_FAR)}\n{made.text.rstrip()}{gap}"
        f"{chooser.choice(wrap.FROM_HERE)}\n{further.text.rstrip()}\n"
    )
    return text, further.moves, "ambiguous", True


def _pairs(moves: tuple[ReadMove, ...]) -> tuple[tuple[int, int], ...]:
    return tuple((m.source, m.target) if isinstance(m, Move) else m for m in moves)


def _other(chooser: Chooser, names: Names, moves: tuple[Move, ...], posts: int) -> Body:
    """Another answer (other moves) in any layout: a draft, an abandoned attempt, an option."""
    others = _walk(
        chooser, posts, max(2, max((m.disk for m in moves), default=2)), chooser.integer(1, 4)
    )
    return LAYOUTS[chooser.choice(("lines", "inline", "list"))](others, names, chooser)


def _cut(body: Body, chooser: Chooser) -> tuple[str, int] | None:
    """The body's text cut inside one of its moves, and that move's index (``None``: no place)."""
    usable = [i for i, p in enumerate(body.places) if body.text[p.cut_from : p.cut_to].strip()]
    if not usable or body.recipe[1] in ("compact", "spaced") or body.recipe[2:3] == ("colon",):
        return None
    index = chooser.choice(usable)
    place = body.places[index]
    end = chooser.integer(place.cut_from + 1, place.cut_to)
    while end > place.cut_from and body.text[end - 1].isspace():
        end -= 1
    if end <= place.cut_from:
        return None
    return body.text[:end], index


def _broken(
    body: Body, chooser: Chooser, names: Names
) -> tuple[str, tuple[ReadMove, ...], Expected] | None:
    """A move that cannot be read.

    A sentence whose disk is a word, an arrow to ``?`` or from it, a pair among the triples of a
    list (or a triple among pairs), a table's row with a placeholder or an arrow to no peg.
    """
    if body.recipe[0] == "table":
        return _broken_row(body, chooser, names)
    if body.recipe[2:3] == ("colon",):
        return None  # a step number before the broken move: see _cut
    if body.recipe[:2] in (("lines", "arrow"), ("lines", "to")) and body.places:
        index = chooser.integer(0, len(body.places) - 1)
        place = body.places[index]
        if body.recipe[1] == "to":  # "A to ?" is prose; "A -> ?" is a move begun
            return None
        name = body.text[place.cut_to : place.cut_to + len(names.peg(0))]
        if not name.strip():
            return None
        if chooser.chance(40):  # from a placeholder: "? -> C"
            source = names.peg(_source(body.moves[index]))
            at = place.cut_from - len(source)
            if body.text[at : place.cut_from] == source:
                unknown = chooser.choice(("?", "??"))
                text = body.text[:at] + unknown + body.text[place.cut_from :]
                return text, body.moves[:index], "unreadable"
        unknown = chooser.choice(("?", "??", "X9"))
        text = body.text[: place.cut_to] + unknown + body.text[place.cut_to + len(name) :]
        return text, body.moves[:index], "unreadable"
    if body.recipe[:3] == ("list", "bracketed", "bracketed") and len(body.places) >= 2:
        return _odd_item(body, chooser)
    if body.recipe[:2] != ("lines", "sentence") or not body.places:
        return None
    index = chooser.integer(0, len(body.places) - 1)
    start = body.places[index].start
    end = body.text.find("\n", start)
    line = body.text[start:end]
    words = line.split(" ")
    for position, word in enumerate(words[:-1]):
        if word.lower() in ("disk", "disc") and words[position + 1].isdigit():
            words[position + 1] = "twelve"
            text = body.text[:start] + " ".join(words) + body.text[end:]
            return text, body.moves[:index], "unreadable"
    return None


def _broken_row(
    body: Body, chooser: Chooser, names: Names
) -> tuple[str, tuple[ReadMove, ...], Expected]:
    """A table's row that tries to be a move and is none, at any row.

    ``| 3 | 1 | ? | C |``, ``| 3 | ?? | A | C |``, ``| 3 | 2? | A | C |``, ``| 3 | A -> |``,
    ``| 3 | ? |``: the reading stops there (the rows after it are not read as if it were not
    there).
    """
    lines = body.text.split("\n")  # the header, the rule, a row per move, ""
    index = chooser.integer(0, len(body.moves) - 1)
    bare = "bare" in body.recipe
    cells = [cell.strip() for cell in lines[2 + index].strip().strip("|").split("|")]
    source, target = _source(body.moves[index]), _target(body.moves[index])
    if body.recipe[1] == "columns":
        spots = (
            ("source", "target", "disk") if body.recipe[2] == "disk=True" else ("source", "target")
        )
        spot = chooser.choice(spots)
        if spot == "disk":
            disk = "".join(char for char in cells[1] if char.isdigit())  # "" for "top"
            others = (f"{disk}?", f"{disk} or {int(disk) + 1}") if disk else ()
            cells[1] = chooser.choice(("?", "??", *others))
        else:
            cells[-2 if spot == "source" else -1] = chooser.choice(("?", "??", "X9"))
    elif bare and index == len(body.moves) - 1:  # "20 | A ->" may end the text: a cut
        cells[1] = chooser.choice(("?", "??", f"? -> {names.called(target)}"))
    else:
        cells[1] = chooser.choice(
            ("?", "??", f"{names.called(source)} ->", f"{names.called(source)} -> ?",
             f"? -> {names.called(target)}")
        )  # fmt: skip
    row = " | ".join(cells)
    lines[2 + index] = row if bare else f"| {row} |"
    return "\n".join(lines), body.moves[:index], "unreadable"


def _unfinished(
    body: Body, chooser: Chooser, names: Names
) -> tuple[str, tuple[ReadMove, ...], Expected] | None:
    """A move after the first left without its target, and the answer going on after it.

    ``A->C, then A-> , then C->B``, ``A->C, then move disk 2 from A to. Then C->B.``, a line
    ``Move disk 2 from Peg 1 to Peg``: a move begun and never finished, in the middle of the
    answer (the end of the text would make it a cut). Arrows and sentences only: "A to" is
    prose, and a cut inside a peg's word leaves words no reader can take for a move.
    """
    layout, form = body.recipe[0], body.recipe[1] if len(body.recipe) > 1 else ""
    if not (layout == "paragraph" or (layout in ("lines", "inline") and form in _BEGUNS)):
        return None
    if body.recipe[2:3] == ("colon",) or len(body.places) < 2:
        return None  # a step number before the move: see _cut
    index = chooser.integer(1, len(body.places) - 1)
    place = body.places[index]
    target = _target(body.moves[index])
    end = place.cut_to + len(names.peg(target))
    if body.text[place.cut_to : end] != names.peg(target):
        return None
    rest = body.text[end:]
    if index < len(body.places) - 1 and layout == "inline" and chooser.chance(50):
        # the moves after it in a sentence of their own: "..., then A->. Then C->B."
        joint = body.places[index + 1].start - end
        rest = chooser.choice((". Then ", ".\n", ". Next, ")) + rest[joint:]
    elif index == len(body.places) - 1 and not any(char.isalnum() for char in rest):
        # (the end of the text would make it a cut)
        rest = rest.rstrip() + chooser.choice((". Hmm, I am not sure.\n", "\nThat is all.\n"))
    text = body.text[: place.cut_to].rstrip(" ") + rest
    return text, body.moves[:index], "unreadable"


_BEGUNS = ("arrow", "sentence")


def _odd_item(body: Body, chooser: Chooser) -> tuple[str, tuple[ReadMove, ...], Expected] | None:
    """A list of triples with one pair among them, or of pairs with one triple: not a move.

    The odd item is one of fewer than half the items (else which shape is odd?).
    """
    count = len(body.places)
    index = chooser.integer(1 if count == 2 else 0, count - 1)
    start = body.places[index].start
    item = re.match(r"([\[(])(\d+, )?", body.text[start:])
    if item is None:
        return None
    cut = start + item.end()
    text = (
        body.text[: start + 1] + body.text[cut:]  # "[1, 0, 2]" -> "[0, 2]"
        if item.group(2)
        else body.text[:cut] + "9, " + body.text[cut:]  # "[0, 2]" -> "[9, 0, 2]"
    )
    return text, body.moves[:index], "unreadable"


def _either(
    chooser: Chooser, names: Names, moves: tuple[Move, ...]
) -> tuple[str, tuple[ReadMove, ...], Expected]:
    """Two candidate moves offered as one answer: ``A->C or A->B``, ``A->C / A->B``."""
    first = moves[0]
    second = Move(
        first.disk,
        first.source,
        next(p for p in range(names.posts) if p not in (first.source, first.target)),
    )
    form = chooser.choice(("arrow", "sentence", "to"))
    one = LINE_FORMS[form](first, names, chooser)
    two = LINE_FORMS[form](second, names, chooser)
    pattern = chooser.choice(("Either {} or {}.", "{} or {}", "{} / {}", "{} (or {})"))
    return pattern.format(one, two) + "\n", (), "ambiguous"


def _wrapped(
    chooser: Chooser,
    text: str,
    count: int,
    ending: bool,
    names: Names,
    moves: tuple[Move, ...],
    posts: int,
    recipe: list[str],
    expected_moves: bool,
) -> str:
    """Prose, reasoning, tags and fences around the answer."""
    if recipe[4] == "lines" and ending and chooser.chance(10):
        text = f"```\n{text.rstrip()}\n```\n"
        recipe.append("fenced")
    one_line = "\n" not in text.strip()
    if (
        recipe[4] == "inline"
        and one_line
        and "sentence" not in recipe
        and ending
        and chooser.chance(10)
    ):
        text = f"\\boxed{{{text.strip().rstrip('.')}}}\n"
        recipe.append("boxed")
    capitals = posts <= wrap.CAPITALS_POSTS
    if chooser.chance(30):
        before = wrap.BEFORE + wrap.CAPITALS_BEFORE if capitals else wrap.BEFORE
        text = chooser.choice(before).format(count=count) + "\n" + text
    if ending and chooser.chance(25):
        after = wrap.AFTER + wrap.CAPITALS_AFTER if capitals else wrap.AFTER
        text = text.rstrip("\n") + "\n\n" + chooser.choice(after).format(count=count) + "\n"
    if ending and chooser.chance(8):
        inline = "\n" not in text.strip() and chooser.chance(40)
        text = (
            f"<answer>{text.strip()}</answer>\n"
            if inline
            else f"<answer>\n{text.strip()}\n</answer>\n"
        )
        recipe.append("answer-tags")
        if chooser.chance(30):  # moves outside the tags are not the answer
            text = _other(chooser, names, moves, posts).text + "\n" + text
    if chooser.chance(20):
        thought = chooser.choice(wrap.THINKING).format(count=count)
        tag = chooser.choice(("think", "think", "thinking", "reasoning"))
        if expected_moves and chooser.chance(15):  # never leaves its thinking: unfinished
            text = f"<{tag}>\n{thought}\n{text}"
            recipe.append(f"unclosed-{tag}")
            return text
        if chooser.chance(50):
            thought += "\n" + _other(chooser, names, moves, posts).text
        text = f"<{tag}>\n{thought}\n</{tag}>\n{text}"
        recipe.append(f"{tag}-block")
    return text


# -- the public generators --------------------------------------------------------------------


def _checked(
    posts: object, pegs: object, longest: object
) -> tuple[tuple[int, ...], tuple[PegNames, ...], int]:
    if posts is None:
        counts: tuple[int, ...] = (3, 3, 3, 4, 5)
    else:
        counts = (_integer(posts, "posts", minimum=3),)
    if pegs is None:
        namings = tuple(PegNames)
    elif isinstance(pegs, PegNames):
        namings = (pegs,)
    else:
        raise InvalidArgumentError(f"pegs must be a PegNames or None, got {pegs!r}")
    return counts, namings, _integer(longest, "longest", minimum=1)


def _fitting(namings: tuple[PegNames, ...], posts: int) -> tuple[PegNames, ...]:
    fit = tuple(n for n in namings if n.fits(posts) and not (n is PegNames.SID and posts != 3))
    if not fit:
        raise InvalidArgumentError(f"none of the namings {namings} names {posts} posts")
    return fit


def sample_answers(
    *,
    seed: int,
    count: int,
    posts: int | None = None,
    pegs: PegNames | None = None,
    longest: int = 40,
) -> Iterator[WrittenAnswer]:
    """``count`` written answers from a seeded random source (the same seed, the same answers).

    Args:
        seed: the seed.
        count: how many answers.
        posts: the number of posts (default: 3, 4 or 5, mostly 3).
        pegs: the peg naming of the prompts (default: every naming that fits).
        longest: the most moves an answer writes.

    Example:
        >>> from hanoi_magnet.testing import sample_answers
        >>> answers = list(sample_answers(seed=1, count=3))
        >>> len(answers), {a.expected for a in answers} <= {
        ...     "moves", "truncated", "unreadable", "ambiguous", "none"}
        (3, True)
        >>> answers == list(sample_answers(seed=1, count=3))  # the same seed, the same answers
        True
    """
    counts, namings, longest = _checked(posts, pegs, longest)
    chooser = RandomChooser(random.Random(_integer(seed, "seed")))
    for _ in range(_integer(count, "count")):
        count_of_posts = chooser.choice(counts)
        naming = chooser.choice(_fitting(namings, count_of_posts))
        yield write_answer(chooser, posts=count_of_posts, pegs=naming, longest=longest)


class _DrawChooser:
    """Choices drawn by Hypothesis (each choice shrinks towards its first option)."""

    def __init__(self, draw: st.DrawFn) -> None:
        self._draw = draw

    def choice(self, options: Sequence[T]) -> T:
        return options[self._draw(st.integers(0, len(options) - 1))]

    def integer(self, low: int, high: int) -> int:
        return self._draw(st.integers(low, high))

    def chance(self, percent: int) -> bool:
        return self._draw(st.integers(0, 99)) < percent


def answers(
    *, posts: int | None = None, pegs: PegNames | None = None, longest: int = 40
) -> st.SearchStrategy[WrittenAnswer]:
    """Answers written the way models write them, each with its careful reading.

    Shrinks towards plain move lines of few moves, without wrappers, corruption or hedges.

    Args:
        posts: the number of posts (default: 3, 4 or 5).
        pegs: the peg naming of the prompts (default: any that fits).
        longest: the most moves an answer writes.

    Example:
        >>> from hypothesis import given, settings
        >>> from hanoi_magnet.notation import extract_moves
        >>> from hanoi_magnet.testing import answers
        >>> @settings(max_examples=20, derandomize=True)
        ... @given(answers(posts=3))
        ... def test_reader(answer):
        ...     assert answer.text and answer.posts == 3
        >>> test_reader()
    """
    counts, namings, longest = _checked(posts, pegs, longest)

    @st.composite
    def written(draw: st.DrawFn) -> WrittenAnswer:
        chooser = _DrawChooser(draw)
        count_of_posts = chooser.choice(counts)
        naming = chooser.choice(_fitting(namings, count_of_posts))
        return write_answer(chooser, posts=count_of_posts, pegs=naming, longest=longest)

    return written()


def _source(move: ReadMove) -> int:
    """The source post of a move or a (source, target) pair."""
    return move.source if isinstance(move, Move) else move[0]


def _target(move: ReadMove) -> int:
    """The target post of a move or a (source, target) pair."""
    return move.target if isinstance(move, Move) else move[1]
