"""Scoring an answer.

What was read and how, the one outcome, the first broken rule, whether and how well the answer
does the task, and named rewards. What the scorer credits, and what it cannot be talked into,
is the documentation's "What a score credits" section of the evaluation page.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Mapping
from types import MappingProxyType
from typing import Any

import attrs

from hanoi_magnet.errors import (
    AmbiguousNotationError,
    IllegalMoveError,
    InvalidArgumentError,
    NotationError,
    Rule,
)
from hanoi_magnet.evaluation._budget import (
    Tokenizer,
    answer_region,
    check_tokenizer,
    count_tokens,
    unclosed_reasoning,
)
from hanoi_magnet.evaluation._detail import Names, ordinal, plural
from hanoi_magnet.evaluation._echo import only_echo, without_echo
from hanoi_magnet.evaluation._gym import clean_line, clean_lines
from hanoi_magnet.evaluation._instance import Instance, Task
from hanoi_magnet.evaluation._outcome import Outcome, abstains, abstention_lines, takes_back
from hanoi_magnet.evaluation._rg_reward import (
    clean_extraction,
    clean_read,
    reasoning_gym_reward,
    reward_from_verdict,
)
from hanoi_magnet.evaluation._tasks import task_done, task_optimum
from hanoi_magnet.evaluation._verdict import Verdict, format_error, judge, replayed
from hanoi_magnet.model import Move, State, _integer
from hanoi_magnet.notation import Extraction, PegNames, Reading, extract_moves, get_notation
from hanoi_magnet.search import DEFAULT_MAX_STATES
from hanoi_magnet.validate import validate

__all__ = ["REWARDS", "MoveError", "Score", "clean_extraction", "clean_read", "score"]

#: The names of the rewards in :attr:`Score.rewards`.
REWARDS = ("reasoning_gym", "prefix", "solved", "optimal", "graded", "strict")

#: Whether answers made only of exact reasoning-gym lines take the short path (the tests turn
#: it off to check that the general path gives the very same scores).
_FAST = True
_replayed = replayed  # the tests compare it with the validator


@attrs.frozen
class MoveError:
    """The first move of an answer that breaks a rule (or cannot be read as a move).

    Attributes:
        index: its 0-based position in the answer.
        rule: the :class:`~hanoi_magnet.Rule` it breaks (``MALFORMED``: not a move).
        move: the move (``None`` when it names no disk or could not be read).
        item: the move as written, or as read.
        detail: why, in words.
        position: the position before it.

    ``item`` and ``detail`` name the move and the posts as the answer wrote them.

    Example:
        >>> from hanoi_magnet.evaluation import generate, score
        >>> instance = generate(seed=4, count=1, families=["classic"], tasks=["solve"])[0]
        >>> error = score("moves = [[2, 0, 1]]", instance).first_error
        >>> error.index, error.rule.name, error.item, error.detail
        (0, 'NOT_ON_TOP', '[2, 0, 1]', 'disk 2 is not the top disk of peg 0 (disk 1 is)')
    """

    index: int
    rule: Rule
    move: Move | None
    item: str
    detail: str
    position: State | None


def _read_only(rewards: Mapping[str, float]) -> Mapping[str, float]:
    """The rewards, read-only, in the order of :data:`REWARDS` (others after them)."""
    if isinstance(rewards, _Rewards):
        return rewards
    ordered = {name: rewards[name] for name in REWARDS if name in rewards}
    ordered.update(rewards)
    return MappingProxyType(ordered)


class _Rewards(Mapping[str, float]):
    """:attr:`Score.rewards` of a verdict: read-only, in the order of :data:`REWARDS`.

    The rewards that may be costly (``prefix``: a search on four posts or more) are computed
    when first read, once. Equal to, and printed as, the dict of its values.
    """

    __slots__ = ("_order", "_pending", "_values")
    _order: tuple[str, ...]
    _values: dict[str, float]
    _pending: dict[str, Callable[[], float]]

    @classmethod
    def of_verdict(cls, gym: float, verdict: Verdict) -> _Rewards:
        """A verdict's rewards, with reasoning-gym's score ``gym`` (built from its own dict)."""
        rewards = cls.__new__(cls)
        rewards._values = {"reasoning_gym": gym, **verdict.rewards}
        rewards._pending = {"prefix": verdict.progress}
        known = rewards._values.keys() == _SETTLED  # every reward but the pending one
        rewards._order = REWARDS if known else _order(frozenset(rewards._values) | {"prefix"})
        return rewards

    def __getitem__(self, name: str) -> float:
        value = self._values.get(name)
        if value is None:
            compute = self._pending.pop(name, None)
            if compute is None:
                raise KeyError(name)
            value = self._values[name] = compute()
        return value

    def __iter__(self) -> Iterator[str]:
        return iter(self._order)

    def __len__(self) -> int:
        return len(self._order)

    def __repr__(self) -> str:
        return repr(dict(self))


_SETTLED = frozenset(REWARDS) - {"prefix"}


@functools.lru_cache(maxsize=64)
def _order(names: frozenset[str]) -> tuple[str, ...]:
    """Reward names in the order of :data:`REWARDS`, others after them (sorted)."""
    return (*(n for n in REWARDS if n in names), *sorted(names - set(REWARDS)))


@attrs.frozen
class Score:
    """The verdict on one answer to one :class:`Instance` (see :func:`score`).

    Attributes:
        id: the instance's id.
        task: the instance's task.
        parsed: how many moves were read from the answer.
        parse_error: why no moves could be read (``None``: they could).
        valid_prefix: how many moves, from the first, are legal.
        first_error: the first illegal or unreadable move (:class:`MoveError`), or ``None``.
        goal_reached: the moves are legal and end in the instance's goal position.
        goal_index: after how many moves the goal was first reached (``None``: never).
        solved: the task is done: for ``solve``, legal moves that end in the goal; for
            ``continue``, exactly the number of moves asked, legal, each on a shortest path to
            the goal; for ``next-move``, one legal move that begins a shortest path; for an
            instance with no solution, the abstention.
        optimal: solved, in the optimal number of moves (or fewer: see :attr:`excess`).
        optimum: the optimal number of moves (``continue``: the number asked; ``None``: the
            instance has no solution).
        proven: whether :attr:`optimum` is proven optimal; ``False`` for Frame–Stewart's
            count on five or more pegs, which is only conjectured.
        excess: when solved, the number of moves beyond the optimum (negative only against a
            conjectured optimum: an answer that would disprove it).
        excess_ratio: when solved, the number of moves divided by the optimum.
        unverified: a ``continue`` answer left the library's solution and the search that
            would decide whether it is still optimal exceeded its limit; it is counted as
            not solved.
        rewards: named scalar rewards in [0, 1], see :func:`score`; read-only. ``prefix`` is
            computed when first read (on four posts or more it may take a search).
        outcome: the one :class:`Outcome` of the answer.
        detail: the outcome in words (which move broke which rule, what could not be read...).
        reading: how the answer was read (the reader's whole report: notation and pegs and
            why, the spans read and skipped, the other readings); ``None`` when nothing was
            read (no answer, over budget, an abstention).

    Example:
        >>> from hanoi_magnet.evaluation import generate, score
        >>> instance = generate(seed=4, count=1, families=["classic"], tasks=["solve"])[0]
        >>> instance.n, instance.optimum
        (4, 15)
        >>> result = score("<think>hmm</think> moves = [[1, 0, 1]]", instance)
        >>> result.outcome, result.parsed, result.valid_prefix, result.solved
        (<Outcome.UNSOLVED: 'unsolved'>, 1, 1, False)
        >>> dict(result.rewards)
        {'reasoning_gym': 0.0, 'prefix': 0.06666666666666667, 'solved': 0.0, 'optimal': 0.0, 'graded': 0.05, 'strict': 0.0}
    """  # noqa: E501 (a doctest's output is one line)

    id: str
    task: Task
    parsed: int
    parse_error: str | None
    valid_prefix: int
    first_error: MoveError | None
    goal_reached: bool
    goal_index: int | None
    solved: bool
    optimal: bool
    optimum: int | None
    proven: bool | None
    excess: int | None
    excess_ratio: float | None
    unverified: bool
    rewards: Mapping[str, float] = attrs.field(converter=_read_only, hash=False)
    outcome: Outcome = Outcome.UNSOLVED
    detail: str = ""
    reading: Extraction | None = attrs.field(default=None, eq=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        """The score as JSON-ready values (positions in the library's text form).

        Integers stay Python integers at any size; ``eval score`` writes ``optimum`` as a
        string of decimal digits, small or large, as instance files do.

        Example:
            >>> from hanoi_magnet.evaluation import generate, score
            >>> instance = generate(seed=4, count=1, families=["classic"])[0]
            >>> record = score("", instance).to_dict()
            >>> record["outcome"], record["reading"]
            ('no-answer', None)
        """
        error = self.first_error
        found = self.reading
        return {
            "id": self.id,
            "task": self.task.value,
            "outcome": self.outcome.value,
            "detail": self.detail,
            "parsed": self.parsed,
            "parse_error": self.parse_error,
            "valid_prefix": self.valid_prefix,
            "first_error": None
            if error is None
            else {
                "index": error.index,
                "rule": error.rule.value,
                "move": None if error.move is None else str(error.move),
                "item": error.item,
                "detail": error.detail,
                "position": None if error.position is None else str(error.position),
            },
            "goal_reached": self.goal_reached,
            "goal_index": self.goal_index,
            "solved": self.solved,
            "optimal": self.optimal,
            "optimum": self.optimum,
            "proven": self.proven,
            "excess": self.excess,
            "excess_ratio": self.excess_ratio,
            "unverified": self.unverified,
            "rewards": dict(self.rewards),
            "notation": None if found is None else found.notation,
            "pegs": None if found is None or found.pegs is None else found.pegs.name,
            "truncated": False if found is None else found.truncated,
            "reading": None if found is None else _reading_dict(found),
        }


def _reading_dict(found: Extraction) -> dict[str, Any]:
    """The reader's report, without the moves (the answer's own; the report says how)."""
    report = found.to_dict()
    del report["moves"]
    return report


def score(
    answer: str | None,
    instance: Instance,
    *,
    pegs: PegNames | None = None,
    detect_pegs: bool = False,
    thinking: bool = False,
    max_states: int = DEFAULT_MAX_STATES,
    tokenizer: Tokenizer | None = None,
    credit_drafts: bool = False,
) -> Score:
    r"""Score a solver's whole ``answer`` to ``instance``.

    The moves are found with :func:`~hanoi_magnet.notation.extract_moves`: one reading,
    whatever notation the instance asked for (every form is read; the pegs' numbers in the
    prompt's naming), reasoning skipped, lines that only repeat the prompt left out. They are
    replayed by :func:`~hanoi_magnet.validate` from the instance's start. The answer gets
    exactly one :class:`Outcome`, decided in this order: no answer (also: nothing but the
    prompt repeated); over the instance's budget (every character the model produced, and
    every token when ``tokenizer`` is given); moves together with a claim that there is no
    solution, or moves offered as alternatives (ambiguous: a hedge earns nothing); an
    abstention, when the answer's final statement claims that the goal cannot be reached
    (:data:`ABSTENTION`); no moves found, a peg naming that does not fit the prompt, or an item
    that is not a move (format error); a move list for an instance with no solution; moves
    read inside reasoning that is never closed (truncated, not credited unless
    ``credit_drafts``); an illegal move; solved (optimally or not); then unverified,
    truncated, abandoned or unsolved. When the reader reports plausible readings whose
    outcomes differ, the outcome is ambiguous and nothing is credited.

    Rewards (each in [0, 1]; an ambiguous answer earns 0 in every one but ``reasoning_gym``):

    * ``reasoning_gym``: exactly reasoning-gym's own score (``score_answer`` of its
      ``tower_of_hanoi`` dataset, reproduced, reading included: only lines that are exactly
      ``Move disk X from Peg Y to Peg Z``, pegs from 1): 1.0 for a solution no longer than the
      optimum, optimum / length for a longer one, 0.05 for legal moves that do not do the task.
      Only for instances whose prompt numbers pegs from 1 (reasoning-gym's convention); 0.0 on
      others. It knows nothing of abstentions.
    * ``graded``: the same formula on the kit's reading and outcome (1.0 solved optimally or a
      right abstention, optimum / length when solved longer, 0.05 for legal moves that do not do
      the task, else 0.0). A wrong abstention earns 0.0, below any honest attempt.
    * ``strict``: ``graded`` when the answer keeps to the notation the instance asked for
      (nothing but its moves, each written as the notation writes it), else 0.0.
    * ``prefix``: progress toward the goal: how much nearer the goal the legal moves leave the
      puzzle, as a share of the optimum (moves that go nowhere earn nothing).
    * ``solved`` and ``optimal``: 1.0 or 0.0.

    Args:
        answer: the solver's output (``None`` or ``""``: no answer).
        instance: the instance.
        pegs: read the pegs' numbers with this naming instead of the instance's.
        detect_pegs: detect the naming from the answer instead (see
            :meth:`~hanoi_magnet.notation.PegNames.detect`).
        thinking: also read moves inside ``<think>`` blocks.
        max_states: the most positions a search may visit when the instance's answers were
            withheld, a ``continue`` answer departs from the library's solution, or the
            progress of moves on four or more posts is measured.
        tokenizer: counts the tokens of a text (any ``str -> int``), for instances with a
            token budget (without it, only the character budget is checked).
        credit_drafts: score moves read inside a reasoning block that is never closed as an
            answer (by default they are reported, and the outcome is truncated).

    Example:
        >>> from hanoi_magnet.evaluation import generate, score
        >>> instance = generate(seed=11, count=1, families=["classic"], disks=(2, 2),
        ...                     tasks=["solve"], templates=["reasoning-gym"])[0]
        >>> answer = "Move disk 1 from Peg 1 to Peg 2\nMove disk 2 from Peg 1 to Peg 3\n"
        >>> result = score(answer + "Move disk 1 from Peg 2 to Peg 3", instance)
        >>> result.outcome, result.rewards["reasoning_gym"], result.rewards["strict"]
        (<Outcome.SOLVED_OPTIMALLY: 'solved-optimally'>, 1.0, 1.0)
        >>> score(answer, instance).rewards["reasoning_gym"]  # legal, not solved
        0.05
        >>> result = score("First, move disk 1 from A to B, then disk 2 from A to C, "
        ...                "and finally disk 1 from B to C.", instance)
        >>> result.outcome, result.rewards["graded"], result.rewards["strict"]
        (<Outcome.SOLVED_OPTIMALLY: 'solved-optimally'>, 1.0, 0.0)
        >>> score("Move disk 1 from Peg 1 to Peg 3 or Move disk 1 from Peg 1 to Peg 2",
        ...       instance).outcome
        <Outcome.AMBIGUOUS: 'ambiguous'>
    """
    max_states, counter = _checked(instance, max_states, detect_pegs, thinking, tokenizer)
    if not isinstance(credit_drafts, bool):
        raise InvalidArgumentError(f"credit_drafts must be True or False, got {credit_drafts!r}")
    best, proven, unsolvable = task_optimum(instance, max_states)
    fast = _FAST and not detect_pegs and pegs in (None, PegNames.ONE)
    clean, early = _clean(answer, instance, best, max_states) if fast else (None, None)
    gym = None if early is None else reward_from_verdict(early[1], instance, best)
    if gym is None:
        gym = reasoning_gym_reward(answer, instance, best, max_states, _numbers(answer, clean))
    base = _Base(instance, best, proven, gym)
    if not isinstance(answer, str) or not answer.strip():
        return base.unread(Outcome.NO_ANSWER, "no answer", parse_error="no answer")
    over = _over_budget(answer.strip(), instance, counter)
    if over is not None:
        return base.unread(Outcome.OVER_BUDGET, over)
    if clean is not None:  # exact reasoning-gym lines and nothing else: read once, as is
        if unsolvable is not None:
            read = clean_extraction(answer, clean, instance.posts)
            return _moves_for_unsolvable(base, read, unsolvable)
        assert early is not None  # (a verdict whenever there is a solution)
        return verdict_score(early[1], base, early[0])
    return _read_and_judged(
        answer, instance, base, unsolvable, pegs, detect_pegs, thinking, max_states, credit_drafts
    )


#: The detail of an answer that gives moves and also a line that abstains (a hedge).
_MOVES_AND_ABSTENTION = (
    "the answer gives moves and also says there is no solution: nothing is credited"
)

#: The detail of an answer whose final statement takes its moves back ("Just kidding.").
_TAKEN_BACK = "the answer takes its moves back in its final statement: nothing is credited"


def _read_and_judged(
    answer: str,
    instance: Instance,
    base: _Base,
    unsolvable: str | None,
    pegs: PegNames | None,
    detect_pegs: bool,
    thinking: bool,
    max_states: int,
    credit_drafts: bool,
) -> Score:
    """The score of an answer read in full (the general path of :func:`score`)."""
    best = base.best
    text, echoed = without_echo(answer, instance.prompt)
    copied = only_echo(answer, instance.prompt) if not text.strip() or echoed else 0
    if copied or not text.strip():
        shown = plural(copied or echoed, "line")
        return base.unread(Outcome.NO_ANSWER, f"the answer only repeats the prompt ({shown})")
    region = answer_region(text, thinking)
    naming = None if detect_pegs else (pegs or get_notation(instance.notation).pegs)
    why: str  # set where nothing could be read (found is None)
    try:
        found: Extraction | None = _extract(text, instance, naming, thinking)
    except AmbiguousNotationError as error:
        if abstention_lines(region):  # moves (numbered from 0 or from 1), and an abstention
            return base.unread(Outcome.AMBIGUOUS, _MOVES_AND_ABSTENTION)
        if takes_back(region) is not None:  # moves, then "Just kidding."
            return base.unread(Outcome.AMBIGUOUS, _TAKEN_BACK)
        # numbers from 0 or from 1: score both readings
        return _either_naming(text, instance, thinking, max_states, base, unsolvable, str(error))
    except NotationError as error:
        found, why = None, str(error)
    has_moves = found is not None and bool(found.moves)
    if has_moves and abstention_lines(region):
        return base.unread(Outcome.AMBIGUOUS, _MOVES_AND_ABSTENTION, reading=found)
    if has_moves and takes_back(region) is not None:
        return base.unread(Outcome.AMBIGUOUS, _TAKEN_BACK, reading=found)
    if not has_moves and abstains(region):
        if unsolvable is not None:
            return base.abstained(unsolvable, region.strip() == "UNSOLVABLE")
        return base.unread(
            Outcome.WRONG_ABSTENTION, "the answer says there is no solution, but there is one"
        )
    if found is None:
        copied = only_echo(answer, instance.prompt)
        if copied:
            shown = plural(copied, "line")
            return base.unread(Outcome.NO_ANSWER, f"the answer only repeats the prompt ({shown})")
        if not thinking and unclosed_reasoning(answer):
            cut = "the text ends inside its reasoning (<think> never closed), with no answer"
            return base.unread(Outcome.TRUNCATED, cut, parse_error=why)
        return base.unread(Outcome.FORMAT_ERROR, why, parse_error=why)
    if found.hedged is not None:
        return base.unread(Outcome.AMBIGUOUS, f"{found.hedged}: nothing is credited", reading=found)
    if unsolvable is not None:
        return _moves_for_unsolvable(base, found, unsolvable)
    if found.unfinished and not credit_drafts:
        return base.unread(
            Outcome.TRUNCATED,
            f"the answer never leaves its reasoning (a <think> never closed): "
            f"{plural(len(found.moves), 'move')} read there "
            f"{'is' if len(found.moves) == 1 else 'are'} not credited",
            reading=found,
        )
    assert best is not None
    verdict = _judge(found.moves, found, instance, best, max_states)
    result = verdict_score(verdict, base, found)
    if found.paragraphs and not (verdict.solved and verdict.moves <= best):
        two = _two_answers(found, verdict, instance, max_states)
        if two is not None:
            return _nothing(result, f"{two}: two answers, nothing is credited")
    if found.ambiguous:
        result = _ambiguity(result, verdict, found, instance, best, max_states)
    return result


_PARTS_TRIED = 8  # parts after a blank line checked as answers of their own, at most


def _two_answers(
    found: Extraction, verdict: Verdict, instance: Instance, max_states: int
) -> str | None:
    """Whether the moves hold a whole answer and other moves: two answers one after the other.

    With only a blank line (or prose) between: a solution, then more moves; or other moves,
    then a solution from the start.
    """
    moves = found.moves
    reached = verdict.report.goal_index
    if instance.task is Task.SOLVE and reached is not None and reached in found.paragraphs:
        return f"a complete answer in the first {plural(reached, 'move')}, then more moves"
    if instance.task is not Task.SOLVE:
        for end in found.paragraphs[:_PARTS_TRIED]:
            if end <= verdict.report.length:
                part = moves[:end]
                report = validate(part, instance.rules, start=instance.start, goal=instance.goal)
                if task_done(instance, part, report, report.error is None, max_states)[0]:
                    return f"a complete answer in the first {plural(end, 'move')}, then more moves"
    tried = 0
    for start in found.paragraphs:
        if not _starts(instance, moves[start]):
            continue
        tried += 1
        if tried > _PARTS_TRIED:
            break
        part = moves[start:]  # (copied for the few parts tried: a copy a paragraph is quadratic)
        report = validate(part, instance.rules, start=instance.start, goal=instance.goal)
        if report.error is None and task_done(instance, part, report, True, max_states)[0]:
            at = ordinal(start + 1)
            return f"other moves, then a complete answer from the start at the {at} move"
    return None


def _starts(instance: Instance, first: Any) -> bool:
    """Whether a move can be the first of an answer: legal at the instance's start."""
    if isinstance(first, Move):
        return instance.rules.check(instance.start, first) is None
    return _legal_pair(instance, first)


def _legal_pair(instance: Instance, pair: Any) -> bool:
    """Whether a (source, target) pair moves the top disk legally at the instance's start."""
    source, target = pair
    stack = instance.start.posts[source] if source < instance.posts else ()
    if not stack:
        return False
    return instance.rules.check(instance.start, Move(stack[-1], source, target)) is None


def _numbers(
    answer: object, clean: tuple[Move, ...] | None
) -> list[tuple[int, int, int, int]] | None:
    """The numbers reasoning-gym reads from a clean answer (``None``: it reads them itself)."""
    if clean is None or not isinstance(answer, str):
        return None
    lines = clean_lines(answer)
    return None if lines is None else [clean_line(line) for line in lines]


def _moves_for_unsolvable(base: _Base, found: Extraction, why: str) -> Score:
    """Moves for an instance with no solution: a format error first, as for any instance."""
    wrong = format_error(found.moves, found, base.instance, _move_error)
    if wrong is not None:
        detail, report, first_error = wrong
        unread = base.unread(Outcome.FORMAT_ERROR, detail, reading=found)
        return attrs.evolve(unread, valid_prefix=report.length, first_error=first_error)
    return base.unread(
        Outcome.MOVES_FOR_UNSOLVABLE,
        f"{plural(len(found.moves), 'move')} given, but the instance has no solution: {why}",
        reading=found,
    )


def _checked(
    instance: object,
    max_states: object,
    detect_pegs: object,
    thinking: object,
    tokenizer: Tokenizer | None,
) -> tuple[int, Tokenizer | None]:
    """The checked arguments of :func:`score`: its limit and its token counter."""
    if not isinstance(instance, Instance):
        raise InvalidArgumentError(f"instance must be an Instance, got {type(instance).__name__}")
    limit = _integer(max_states, "max_states", minimum=1)
    for name, flag in (("detect_pegs", detect_pegs), ("thinking", thinking)):
        if not isinstance(flag, bool):
            raise InvalidArgumentError(f"{name} must be True or False, got {flag!r}")
    if tokenizer is None:
        return limit, None
    check_tokenizer(tokenizer)
    return limit, functools.partial(count_tokens, tokenizer)


def _clean(
    answer: object, instance: Instance, best: int | None, max_states: int
) -> tuple[tuple[Move, ...] | None, tuple[Extraction, Verdict] | None]:
    """An answer made only of exact reasoning-gym lines: its moves, its reading and verdict."""
    if not isinstance(answer, str) or get_notation(instance.notation).pegs is not PegNames.ONE:
        return None, None
    clean = clean_read(answer, instance.posts)
    if clean is None:
        return None, None
    if best is None:
        return clean, None
    read = clean_extraction(answer, clean, instance.posts)
    return clean, (read, _judge(clean, read, instance, best, max_states))


def _judge(
    moves: tuple[Any, ...], found: Any, instance: Instance, best: int, max_states: int
) -> Verdict:
    return judge(moves, found, instance, best, max_states, _move_error)


def _ambiguity(
    result: Score,
    chosen: Verdict,
    found: Extraction,
    instance: Instance,
    best: int,
    max_states: int,
) -> Score:
    """The score when the reader found plausible rival readings: ambiguous if they disagree."""
    others = [
        _judge(reading.moves, reading, instance, best, max_states)
        for reading in found.alternatives
        if reading.plausible and not _recalls_moves_made(reading, found, instance)
    ]
    if all(other.outcome is chosen.outcome for other in others):
        return result
    shown = ", ".join(sorted({v.outcome.value for v in [chosen, *others]}))
    return _nothing(result, f"plausible readings disagree ({shown}): nothing is credited")


def _recalls_moves_made(reading: Reading, found: Extraction, instance: Instance) -> bool:
    """Whether ``reading`` is the chosen moves after others, in a task after moves made.

    The task (``continue``, ``next-move``) asks only for the moves after those already made.
    "Moves so far:", moves, "Next moves:", moves: the reader chooses the later run, and both
    runs as one answer stay plausible (in a ``solve`` answer they may be its two parts). Here
    the task says which moves are made: the earlier run recalls them, and is no rival answer.
    """
    chosen = len(found.spans)
    return (
        instance.task is not Task.SOLVE
        and 0 < chosen < len(reading.spans)
        and reading.spans[-chosen:] == found.spans
    )


def _nothing(result: Score, detail: str) -> Score:
    """``result`` made ambiguous: every reward but reasoning-gym's own is 0."""
    rewards = dict.fromkeys(REWARDS, 0.0)
    rewards["reasoning_gym"] = result.rewards["reasoning_gym"]
    return attrs.evolve(
        result,
        outcome=Outcome.AMBIGUOUS,
        detail=detail,
        solved=False,
        optimal=False,
        excess=None,
        excess_ratio=None,
        rewards=rewards,
    )


def _either_naming(
    answer: str,
    instance: Instance,
    thinking: bool,
    max_states: int,
    base: _Base,
    unsolvable: str | None,
    why: str,
) -> Score:
    """The score when the pegs may be numbered from 0 or from 1 and the answer cannot tell.

    ``unsolvable``: why the instance has no solution (as :func:`task_optimum` found it).
    """
    results = []
    for naming in (PegNames.ZERO, PegNames.ONE):
        try:
            found = _extract(answer, instance, naming, thinking)
        except NotationError:  # pragma: no cover - the reader found moves under both
            continue
        if found.hedged is not None:
            return base.unread(
                Outcome.AMBIGUOUS, f"{found.hedged}: nothing is credited", reading=found
            )
        if unsolvable is not None:
            return _moves_for_unsolvable(base, found, unsolvable)
        assert base.best is not None  # (an optimum whenever there is a solution)
        verdict = _judge(found.moves, found, instance, base.best, max_states)
        results.append(verdict_score(verdict, base, found))
    first = results[0]
    if all(result.outcome is first.outcome for result in results):
        return first
    shown = ", ".join(result.outcome.value for result in results)
    return _nothing(first, f"{why}; the readings from 0 and from 1 disagree ({shown})")


@attrs.frozen
class _Base:
    """What every score of one answer to one instance shares."""

    instance: Instance
    best: int | None
    proven: bool | None
    gym: float

    def unread(
        self,
        outcome: Outcome,
        detail: str,
        *,
        parse_error: str | None = None,
        reading: Extraction | None = None,
    ) -> Score:
        rewards = dict.fromkeys(REWARDS, 0.0)
        rewards["reasoning_gym"] = self.gym
        return Score(
            id=self.instance.id,
            task=self.instance.task,
            parsed=0 if reading is None else len(reading.moves),
            parse_error=parse_error,
            valid_prefix=0,
            first_error=None,
            goal_reached=False,
            goal_index=None,
            solved=False,
            optimal=False,
            optimum=self.best,
            proven=self.proven,
            excess=None,
            excess_ratio=None,
            unverified=False,
            rewards=rewards,
            outcome=outcome,
            detail=detail,
            reading=reading,
        )

    def abstained(self, why: str, exact: bool) -> Score:
        """A right abstention; ``exact``: written as asked, the word alone."""
        result = self.unread(Outcome.ABSTAINED, f"rightly says there is no solution: {why}")
        rewards = dict.fromkeys(REWARDS, 1.0)
        rewards["reasoning_gym"] = self.gym
        rewards["strict"] = 1.0 if exact else 0.0
        return attrs.evolve(result, solved=True, optimal=True, rewards=rewards)


def verdict_score(verdict: Verdict, base: _Base, found: Extraction) -> Score:
    """The score of one reading's verdict."""
    instance, best = base.instance, base.best
    assert best is not None
    solved, length = verdict.solved, verdict.moves
    return Score(
        id=instance.id,
        task=instance.task,
        parsed=length,
        parse_error=None,
        valid_prefix=verdict.report.length,
        first_error=verdict.error,
        goal_reached=verdict.error is None and verdict.report.solved,
        goal_index=verdict.report.goal_index,
        solved=solved,
        optimal=solved and length <= best,
        optimum=best,
        proven=base.proven,
        excess=length - best if solved else None,
        excess_ratio=(length / best if best else 1.0) if solved else None,
        unverified=verdict.unverified,
        rewards=_Rewards.of_verdict(base.gym, verdict),
        outcome=verdict.outcome,
        detail=verdict.detail,
        reading=found,
    )


def _over_budget(region: str, instance: Instance, tokenizer: Tokenizer | None) -> str | None:
    limit = instance.max_answer_chars
    if limit is not None and len(region) > limit:
        return f"the answer has {plural(len(region), 'character')}; the budget is {limit}"
    limit = instance.max_answer_tokens
    if limit is not None and tokenizer is not None:
        tokens = tokenizer(region)
        if tokens > limit:
            return f"the answer has {plural(tokens, 'token')}; the budget is {limit}"
    return None


#: Whether a value read is a move with its disk (not a (source, target) pair): C-level.
_IS_MOVE: Callable[[object], bool] = Move.__instancecheck__


def _extract(
    answer: str, instance: Instance, naming: PegNames | None, thinking: bool
) -> Extraction:
    """The moves of ``answer`` (not only spaces), read whatever notation the instance asked for.

    ``naming`` ``None``: the pegs' naming is detected from the answer (the report still says
    how the answer departs from the instance's notation).
    """
    asked = get_notation(instance.notation)
    if naming is not None:
        found = extract_moves(
            answer, notation=asked, pegs=naming, posts=instance.posts, thinking=thinking
        )
        if found.deviation is None or all(map(_IS_MOVE, found.moves)):
            return found
        # labels read as step numbers: the moves' own disks may be exactly what was written
        deviation = _deviation(asked, answer_region(answer, thinking), found.moves, instance)
        return attrs.evolve(found, deviation=deviation)
    found = extract_moves(answer, posts=instance.posts, thinking=thinking)
    region = answer_region(answer, thinking)
    deviation = _deviation(asked, region, found.moves, instance)
    return attrs.evolve(found, asked=asked.name, deviation=deviation)


def _deviation(
    asked: Any, region: str, moves: tuple[Move | tuple[int, int], ...], instance: Instance
) -> str | None:
    """How the answer departs from the notation asked for, its moves as the answer makes them.

    Moves read as pairs (``1: 0 -> 3``, ``2: 1 -> 0``, ``3: 1 -> 2`` counting up are read as
    step numbers) are given the disks they move first: when the text is exactly what the asked
    notation writes for those moves, the answer kept to it, however its labels were read.
    """
    pairs = [move for move in moves if not isinstance(move, Move)]
    if pairs and asked.has_disk:
        resolved = _with_disks(moves, instance.start)
        if resolved is None:
            return f"its moves do not name their disks, as notation {asked.name!r} does"
        moves = resolved
    try:
        return asked.deviation(region.strip(), moves, instance.posts)  # type: ignore[no-any-return]
    except InvalidArgumentError:  # pairs where the notation writes disks
        return f"its moves do not name their disks, as notation {asked.name!r} does"


def _with_disks(moves: tuple[Move | tuple[int, int], ...], start: State) -> tuple[Move, ...] | None:
    """``moves`` with each pair given the disk on top of its source (``None``: an empty one)."""
    stacks = [list(peg) for peg in start.posts]
    resolved: list[Move] = []
    for move in moves:
        source, target = (move.source, move.target) if isinstance(move, Move) else move
        if not (0 <= source < len(stacks) and 0 <= target < len(stacks)) or not stacks[source]:
            return None
        disk = stacks[source].pop()
        stacks[target].append(disk)
        resolved.append(move if isinstance(move, Move) else Move(disk, source, target))
    return tuple(resolved)


def _move_error(
    error: IllegalMoveError | None,
    names: Names,
    *,
    index: int = 0,
    item: str = "",
    state: State | None = None,
) -> MoveError:
    """The first broken rule, with the move and the posts as the answer wrote them."""
    if error is None:
        return MoveError(index, Rule.MALFORMED, None, item, "not a move", state)
    move: Any = error.move if error.move is not None else error.item
    readable = isinstance(move, Move) or (
        isinstance(move, tuple) and len(move) == 2 and all(type(post) is int for post in move)
    )
    shown = names.move(move) if readable else str(error.item)
    return MoveError(
        index=error.index if error.index is not None else 0,
        rule=error.rule,
        move=error.move,
        item=shown,
        detail=names.text(error.detail),
        position=error.state,
    )
