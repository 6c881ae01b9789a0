"""Scoring an answer.

What was read and how, the one outcome, the first broken rule, whether and how well the answer
does the task, and named rewards.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
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
from hanoi_magnet.evaluation._gym import clean_line, clean_lines, gym_reward
from hanoi_magnet.evaluation._instance import Instance, Task
from hanoi_magnet.evaluation._outcome import Outcome, abstains
from hanoi_magnet.evaluation._tasks import task_done, task_optimum
from hanoi_magnet.model import Move, State, _integer
from hanoi_magnet.notation import (
    Extraction,
    PegNames,
    ReadMove,
    Span,
    extract_moves,
    get_notation,
)
from hanoi_magnet.rules import ClassicRules
from hanoi_magnet.search import DEFAULT_MAX_STATES
from hanoi_magnet.validate import ValidationReport, validate

#: The names of the rewards in :attr:`Score.rewards`.
REWARDS = ("reasoning_gym", "prefix", "solved", "optimal", "graded")


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

    Example:
        >>> from hanoi_magnet.evaluation import generate, score
        >>> instance = generate(seed=4, count=1, families=["classic"], tasks=["solve"])[0]
        >>> error = score("moves = [[2, 0, 1]]", instance).first_error
        >>> error.index, error.rule.name, error.detail
        (0, 'NOT_ON_TOP', 'disk 2 is not the top disk of post S (disk 1 is)')
    """

    index: int
    rule: Rule
    move: Move | None
    item: str
    detail: str
    position: State | None


def _read_only(rewards: Mapping[str, float]) -> Mapping[str, float]:
    """The rewards, read-only, in the order of :data:`REWARDS` (others after them)."""
    ordered = {name: rewards[name] for name in REWARDS if name in rewards}
    ordered.update(rewards)
    return MappingProxyType(ordered)


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
        rewards: named scalar rewards in [0, 1], see :func:`score`.
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
        {'reasoning_gym': 0.0, 'prefix': 0.06666666666666667, 'solved': 0.0, 'optimal': 0.0, 'graded': 0.05}
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
    """The reader's report (its own ``to_dict`` where it has one)."""
    to_dict = getattr(found, "to_dict", None)
    if to_dict is not None:
        report: dict[str, Any] = to_dict()
        report.pop("moves", None)  # the moves are the answer's own; the report says how
        return report
    return {  # pragma: no cover - readers before the reading report
        "pegs": None if found.pegs is None else found.pegs.name,
        "notation": found.notation,
        "line": found.line,
        "truncated": found.truncated,
        "unreadable": found.unreadable,
    }


def score(
    answer: str | None,
    instance: Instance,
    *,
    pegs: PegNames | None = None,
    detect_pegs: bool = False,
    thinking: bool = False,
    max_states: int = DEFAULT_MAX_STATES,
    tokenizer: Tokenizer | None = None,
) -> Score:
    r"""Score a solver's whole ``answer`` to ``instance``.

    The moves are found with :func:`~hanoi_magnet.notation.extract_moves` (any notation,
    reasoning skipped, the pegs read as the instance's notation names them) and replayed by
    :func:`~hanoi_magnet.validate` from the instance's start. The answer gets exactly one
    :class:`Outcome`, decided in this order: no answer; over the instance's budget (its text
    outside reasoning blocks, in characters, and in tokens when ``tokenizer`` is given);
    an abstention (:data:`ABSTENTION`); no moves found, a peg naming that does not fit the
    notation, or an item that is not a move (format error); a move list for an instance
    with no solution; an illegal move; solved (optimally or not); then unverified,
    truncated, abandoned or unsolved. When the reader reports two plausible readings whose
    outcomes differ, the outcome is ambiguous and each reward is the mean over the readings.

    Rewards:

    * ``reasoning_gym``: exactly reasoning-gym's own score (``score_answer`` of its
      ``tower_of_hanoi`` dataset, reproduced, reading included): only lines that are exactly
      ``Move disk X from Peg Y to Peg Z`` (pegs from 1) are read, anything else scores 0.0;
      1.0 for a solution no longer than the optimum, optimum / length for a longer one, 0.05
      for legal moves that do not do the task. It knows nothing of abstentions.
    * ``graded``: the same formula on the kit's tolerant reading and outcome (1.0 solved
      optimally or a right abstention, optimum / length when solved longer, 0.05 for legal
      moves that do not do the task, else 0.0).
    * ``prefix``: the legal prefix as a share of the optimum, ``min(valid_prefix, optimum) /
      optimum`` (for an optimum of 0: 1.0 when every move read is legal); 0.0 for a format
      error of the pegs, no answer and over budget.
    * ``solved`` and ``optimal``: 1.0 or 0.0.

    Args:
        answer: the solver's output (``None`` or ``""``: no answer).
        instance: the instance.
        pegs: read the pegs with this naming instead of the instance's notation's.
        detect_pegs: detect the naming from the answer instead (see
            :meth:`~hanoi_magnet.notation.PegNames.detect`).
        thinking: also read moves inside ``<think>`` blocks.
        max_states: the most positions a search may visit when the instance's answers were
            withheld, or a ``continue`` answer departs from the library's solution.
        tokenizer: counts the tokens of a text (any ``str -> int``), for instances with a
            token budget (without it, only the character budget is checked).

    Example:
        >>> from hanoi_magnet.evaluation import generate, score
        >>> instance = generate(seed=11, count=1, families=["classic"], disks=(2, 2),
        ...                     tasks=["solve"], templates=["reasoning-gym"])[0]
        >>> answer = "Move disk 1 from Peg 1 to Peg 2\nMove disk 2 from Peg 1 to Peg 3\n"
        >>> result = score(answer + "Move disk 1 from Peg 2 to Peg 3", instance)
        >>> result.outcome, result.rewards["reasoning_gym"]
        (<Outcome.SOLVED_OPTIMALLY: 'solved-optimally'>, 1.0)
        >>> score(answer, instance).rewards["reasoning_gym"]  # legal, not solved
        0.05
        >>> result = score(answer + "Move disk 1 from Peg 2 to Peg 3.", instance)
        >>> result.outcome, result.rewards["graded"], result.rewards["reasoning_gym"]
        (<Outcome.SOLVED_OPTIMALLY: 'solved-optimally'>, 1.0, 0.0)
    """
    max_states, counter = _checked(instance, max_states, detect_pegs, thinking, tokenizer)
    best, proven, unsolvable = task_optimum(instance, max_states)
    fast = (
        _FAST
        and instance.notation == "reasoning-gym"
        and not detect_pegs
        and pegs in (None, PegNames.ONE)
    )
    clean, early = _clean(answer, instance, best, max_states) if fast else (None, None)
    gym = _gym_of(early[1], instance, best) if early is not None else None
    if gym is None:
        gym = _gym(answer, instance, best, max_states, None if clean is None else _lines(clean))
    base = _Base(instance, best, proven, gym)
    if not isinstance(answer, str) or not answer.strip():
        return base.unread(Outcome.NO_ANSWER, "no answer", parse_error="no answer")
    region = answer_region(answer, thinking).strip()
    over = _over_budget(region, instance, counter)
    if over is not None:
        return base.unread(Outcome.OVER_BUDGET, over)
    try:
        found: Extraction | None
        if early is not None:
            found = early[0]
        elif clean is not None:
            found = clean_extraction(answer, clean, instance.posts)
        else:
            naming = None if detect_pegs else (pegs or get_notation(instance.notation).pegs)
            found = _extract(answer, instance, naming, thinking)
        why = ""
    except AmbiguousNotationError as error:
        if abstains(region, False):
            found, why = None, str(error)
        else:  # numbers from 0 or from 1: score both readings
            return _either_naming(answer, instance, thinking, max_states, base, str(error))
    except NotationError as error:
        found, why = None, str(error)
    except ValueError as error:  # a number beyond int()'s digits, from an older reader
        found, why = None, f"a number in the answer cannot be read: {error}"
    if abstains(region, found is not None and bool(found.moves)):
        if unsolvable is not None:
            return base.abstained(found, unsolvable)
        return base.unread(
            Outcome.WRONG_ABSTENTION, "the answer says there is no solution, but there is one"
        )
    if found is None:
        if not thinking and unclosed_reasoning(answer):
            cut = "the text ends inside its reasoning (<think> never closed), with no answer"
            return base.unread(Outcome.TRUNCATED, cut, parse_error=why)
        return base.unread(Outcome.FORMAT_ERROR, why, parse_error=why)
    if unsolvable is not None:
        return base.unread(
            Outcome.MOVES_FOR_UNSOLVABLE,
            f"{len(found.moves)} moves given, but the instance has no solution: {unsolvable}",
            reading=found,
        )
    assert best is not None
    chosen = (
        early[1] if early is not None else _verdict(found.moves, found, instance, best, max_states)
    )
    result = chosen.score(base, found)
    if getattr(found, "ambiguous", False):
        result = _ambiguity(result, chosen, found, instance, best, max_states)
    return result


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


#: Whether answers made only of exact reasoning-gym lines take the short path (the tests turn
#: it off to check that the general path gives the very same scores).
_FAST = True


def _clean(
    answer: object, instance: Instance, best: int | None, max_states: int
) -> tuple[tuple[Move, ...] | None, tuple[Extraction, _Verdict] | None]:
    """An answer made only of exact reasoning-gym lines: its moves, its reading and verdict."""
    if not isinstance(answer, str):
        return None, None
    clean = clean_read(answer, instance.posts)
    if clean is None:
        return None, None
    if best is None:
        return clean, None
    read = clean_extraction(answer, clean, instance.posts)
    return clean, (read, _verdict(clean, read, instance, best, max_states))


def _lines(moves: tuple[Move, ...]) -> list[tuple[int, int, int, int]]:
    """The numbers of a clean answer's lines, as reasoning-gym's reading gives them."""
    return [(m.disk, m.source + 1, m.target + 1, m.target + 1) for m in moves]


def _replayed(moves: tuple[ReadMove, ...], instance: Instance) -> ValidationReport | None:
    """:func:`validate`'s report on legal moves under classic rules toward one tower.

    ``None`` for anything else (other rules or goals, an illegal move, a post the rules do not
    have, a move without its disk): :func:`validate` decides then, and names the broken rule.
    The tests check that the two reports agree.
    """
    rules, start, goal = instance.rules, instance.start, instance.goal
    if type(rules) is not ClassicRules or rules.allowed is not None or goal.faces is not None:
        return None
    n = instance.n
    stacks = [list(stack) for stack in start.posts]
    towers = [post for post, stack in enumerate(goal.posts) if len(stack) == n]
    if start.faces is not None or not towers or len(stacks) != len(goal.posts):
        return None
    tower = stacks[towers[0]]
    reached = 0 if len(tower) == n else None
    try:
        for index, move in enumerate(moves, 1):
            if type(move) is not Move:
                return None
            disk, source, target = move.disk, move.source, move.target
            stack, below = stacks[source], stacks[target]
            if source == target or not stack or stack[-1] != disk or (below and below[-1] < disk):
                return None
            stack.pop()
            below.append(disk)
            if below is tower and reached is None and len(tower) == n:
                reached = index
    except IndexError:  # a post beyond the rules'
        return None
    state = State._trusted(tuple(tuple(stack) for stack in stacks), None)
    return ValidationReport(
        ok=True,
        solved=len(tower) == n,
        length=len(moves),
        error=None,
        state=state,
        goal_index=reached,
    )


def _ambiguity(
    result: Score,
    chosen: _Verdict,
    found: Extraction,
    instance: Instance,
    best: int,
    max_states: int,
) -> Score:
    """The score when the reader found plausible rival readings: ambiguous if they disagree."""
    others = [
        _verdict(reading.moves, reading, instance, best, max_states)
        for reading in getattr(found, "alternatives", ())
        if getattr(reading, "plausible", False)
    ]
    if all(other.outcome is chosen.outcome for other in others):
        return result
    verdicts = [chosen, *others]
    rewards = {
        name: sum(v.rewards[name] for v in verdicts) / len(verdicts)
        for name in REWARDS
        if name != "reasoning_gym"
    }
    shown = ", ".join(sorted({v.outcome.value for v in verdicts}))
    return attrs.evolve(
        result,
        outcome=Outcome.AMBIGUOUS,
        detail=f"plausible readings disagree ({shown}); rewards are their mean",
        rewards={"reasoning_gym": result.rewards["reasoning_gym"], **rewards},
    )


def _either_naming(
    answer: str, instance: Instance, thinking: bool, max_states: int, base: _Base, why: str
) -> Score:
    """The score when the pegs may be numbered from 0 or from 1 and the answer cannot tell."""
    assert base.best is not None or instance.unsolvable is None
    results = []
    for naming in (PegNames.ZERO, PegNames.ONE):
        try:
            found = _extract(answer, instance, naming, thinking)
        except NotationError:  # pragma: no cover - the reader found moves under both
            continue
        if base.best is None:
            return base.unread(
                Outcome.MOVES_FOR_UNSOLVABLE,
                f"{len(found.moves)} moves given, but the instance has no solution",
                reading=found,
            )
        verdict = _verdict(found.moves, found, instance, base.best, max_states)
        results.append(verdict.score(base, found))
    first = results[0]
    if all(result.outcome is first.outcome for result in results):
        return first
    rewards = {
        name: sum(result.rewards[name] for result in results) / len(results) for name in REWARDS
    }
    shown = ", ".join(result.outcome.value for result in results)
    return attrs.evolve(
        first,
        outcome=Outcome.AMBIGUOUS,
        detail=f"{why}; the readings from 0 and from 1 disagree ({shown}): rewards are their mean",
        rewards={**rewards, "reasoning_gym": base.gym},
    )


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

    def abstained(self, found: Extraction | None, why: str) -> Score:
        result = self.unread(Outcome.ABSTAINED, f"rightly says there is no solution: {why}")
        rewards = dict.fromkeys(REWARDS, 1.0)
        rewards["reasoning_gym"] = self.gym
        del found  # an abstention reads no moves
        return attrs.evolve(result, solved=True, optimal=True, rewards=rewards)


@attrs.frozen
class _Verdict:
    """The verdict on one reading of an answer."""

    outcome: Outcome
    detail: str
    moves: int
    report: ValidationReport
    first_error: MoveError | None
    solved: bool
    unverified: bool
    rewards: dict[str, float]

    def score(self, base: _Base, found: Extraction) -> Score:
        instance, best = base.instance, base.best
        assert best is not None
        solved, length = self.solved, self.moves
        return Score(
            id=instance.id,
            task=instance.task,
            parsed=length,
            parse_error=None,
            valid_prefix=self.report.length,
            first_error=self.first_error,
            goal_reached=self.first_error is None and self.report.solved,
            goal_index=self.report.goal_index,
            solved=solved,
            optimal=solved and length <= best,
            optimum=best,
            proven=base.proven,
            excess=length - best if solved else None,
            excess_ratio=(length / best if best else 1.0) if solved else None,
            unverified=self.unverified,
            rewards={"reasoning_gym": base.gym, **self.rewards},
            outcome=self.outcome,
            detail=self.detail,
            reading=found,
        )


def _verdict(
    moves: tuple[ReadMove, ...],
    found: Any,
    instance: Instance,
    best: int,
    max_states: int,
) -> _Verdict:
    """The outcome and rewards of one reading (``found``: an Extraction or a Reading)."""
    report = _replayed(moves, instance)  # legal moves of classic rules: a plain loop
    if report is None:
        report = validate(moves, instance.rules, start=instance.start, goal=instance.goal)
    first_error = None
    if report.error is not None:
        first_error = _move_error(report.error)
    elif found.unreadable is not None:
        first_error = MoveError(
            len(moves), Rule.MALFORMED, None, found.unreadable, "not a move", report.state
        )
    legal = first_error is None
    solved, unverified = task_done(instance, moves, report, legal, max_states)
    length = len(moves)
    mismatch = getattr(found, "pegs_mismatch", None)
    naming_error = mismatch is not None or (
        first_error is not None and first_error.rule is Rule.NO_SUCH_POST
    )
    valid = 0 if naming_error else report.length
    prefix = min(valid, best) / best if best else float(legal and not naming_error)
    graded = 0.0
    if naming_error:
        described = getattr(found.pegs, "describe", "the pegs read")
        what = mismatch or (first_error.detail if first_error is not None else "")
        outcome = Outcome.FORMAT_ERROR
        detail = f"the pegs do not fit the notation ({described}): {what}"
        solved = False
    elif first_error is not None and first_error.rule is Rule.MALFORMED:
        outcome = Outcome.FORMAT_ERROR
        detail = f"move {first_error.index} cannot be read: {first_error.item}"
    elif first_error is not None:
        outcome = Outcome.ILLEGAL_MOVE
        detail = (
            f"move {first_error.index} ({first_error.item}) breaks the rule "
            f"{first_error.rule.value!r}: {first_error.detail}"
        )
    elif solved:
        optimal = length <= best
        outcome = Outcome.SOLVED_OPTIMALLY if optimal else Outcome.SOLVED
        graded = 1.0 if optimal else best / length
        detail = f"done in {length} moves (optimum {best})"
    else:
        graded = 0.05 if length else 0.0
        outcome, detail = _unfinished(found, unverified, length)
    optimal = solved and length <= best
    rewards = {
        "graded": graded,
        "prefix": prefix,
        "solved": float(solved),
        "optimal": float(optimal),
    }
    return _Verdict(
        outcome, detail, length, report, first_error, solved, unverified and legal, rewards
    )


def _unfinished(found: Any, unverified: bool, length: int) -> tuple[Outcome, str]:
    if unverified:
        return (
            Outcome.UNVERIFIED,
            "off the library's solution; the search to check it hit its limit",
        )
    if found.truncated:
        return Outcome.TRUNCATED, f"the text ends inside the answer after {length} legal moves"
    abandoned = getattr(found, "abandoned", None)
    if abandoned:
        return Outcome.ABANDONED, f"after {length} legal moves the answer gives up: {abandoned!r}"
    return Outcome.UNSOLVED, f"{length} legal moves that do not do the task"


def _over_budget(region: str, instance: Instance, tokenizer: Tokenizer | None) -> str | None:
    limit = instance.max_answer_chars
    if limit is not None and len(region) > limit:
        return f"the answer has {len(region)} characters; the budget is {limit}"
    limit = instance.max_answer_tokens
    if limit is not None and tokenizer is not None:
        tokens = tokenizer(region)
        if tokens > limit:
            return f"the answer has {tokens} tokens; the budget is {limit}"
    return None


def _gym_of(verdict: _Verdict, instance: Instance, best: int | None) -> float | None:
    """reasoning-gym's score of a clean answer, from the verdict on the same moves.

    On classic rules (every direction) reasoning-gym and the validator check the same things
    in the same order, but for a move from a peg to itself (legal for reasoning-gym): ``None``
    then, and whenever the rules or the task are others, so that its own simulation decides.
    """
    rules = instance.rules
    if type(rules) is not ClassicRules or rules.allowed is not None or best is None:
        return None
    if instance.task is not Task.SOLVE:
        return None
    error = verdict.report.error
    if error is not None:
        return None if error.rule is Rule.SAME_POST else 0.0
    if not verdict.report.solved:
        return 0.05
    return 1.0 if verdict.moves <= best else best / verdict.moves


def _gym(
    answer: object,
    instance: Instance,
    best: int | None,
    max_states: int,
    read: list[tuple[int, int, int, int]] | None,
) -> float:
    """reasoning-gym's own score of the answer (see :mod:`._gym`)."""

    def done(
        moves: Callable[[], list[Move]],
        pegs: list[list[int]] | None,
        report: ValidationReport | None,
    ) -> bool:
        if best is None:
            return False
        if instance.task is Task.SOLVE:
            if pegs is not None:
                goal = instance.goal.posts
                return all(list(goal[i]) == pegs[i] for i in range(len(goal)))
            assert report is not None
            return report.state == instance.goal
        read = tuple(moves())
        checked = validate(read, instance.rules, start=instance.start, goal=instance.goal)
        if checked.error is not None:
            return False
        return task_done(instance, read, checked, True, max_states)[0]

    return gym_reward(answer, instance.rules, instance.start, done, best or 0, read)


def clean_read(answer: str, posts: int) -> tuple[Move, ...] | None:
    """The moves of an answer made only of exact reasoning-gym lines on at most ``posts`` pegs.

    ``None``: it is something else (the reader reads it, and reports a peg beyond ``posts``).
    Each distinct line is read once and its move kept (answers repeat a few lines many times,
    and moves are immutable).
    """
    lines = clean_lines(answer)
    if lines is None:
        return None
    distinct = set(lines)
    try:
        return _looked_up(lines, distinct, posts, _LINE_MOVES, _LINE_TOPS)
    except KeyError:  # another thread emptied the shared tables meanwhile: tables of its own
        return _looked_up(lines, distinct, posts, {}, {})


def _looked_up(
    lines: list[str],
    distinct: set[str],
    posts: int,
    moves: dict[str, Move],
    tops: dict[str, int],
) -> tuple[Move, ...] | None:
    """:func:`clean_read` with the tables ``moves`` and ``tops``, learning the lines new to them."""
    new = distinct.difference(moves)
    if new:
        if len(moves) + len(new) > _LINES_KEPT:
            moves.clear()
            tops.clear()
            if len(distinct) > _LINES_KEPT:
                moves, tops = {}, {}  # this answer's own, not kept
            new = distinct
        for line in new:
            disk, source, target, _ = clean_line(line)
            moves[line] = Move(disk, source - 1, target - 1)
            tops[line] = max(source, target)
    if max(map(tops.__getitem__, distinct)) > posts:
        return None
    return tuple(map(moves.__getitem__, lines))


#: The move of each clean line read so far, and its larger peg (at most _LINES_KEPT lines).
_LINE_MOVES: dict[str, Move] = {}
_LINE_TOPS: dict[str, int] = {}
_LINES_KEPT = 1 << 14


@functools.lru_cache(maxsize=64)
def _template(posts: int) -> tuple[dict[str, Any], str]:
    """The model of every clean answer: the reader's report on one clean line.

    Its fields, and the form its one span was read as.
    """
    model = extract_moves(
        "Move disk 1 from Peg 1 to Peg 2", notation="reasoning-gym", pegs=PegNames.ONE, posts=posts
    )
    (span,) = model.spans
    return attrs.asdict(model, recurse=False), span.why


def clean_extraction(answer: str, moves: tuple[Move, ...], posts: int) -> Extraction:
    """What :func:`extract_moves` reports on an answer made only of exact reasoning-gym lines.

    Built from the reader's report on one such line (``moves``: the answer's, from
    :func:`clean_read`), without reading the answer again (the tests check that the two agree).
    """
    fields, why = _template(posts)
    end = len(answer) - 1 if answer.endswith("\n") else len(answer)
    span = Span(0, end, 1, len(moves), why)
    return Extraction(**{**fields, "moves": moves, "spans": (span,), "line": 1})


def _extract(
    answer: object, instance: Instance, naming: PegNames | None, thinking: bool
) -> Extraction:
    """The moves of ``answer`` in the instance's notation; failing that, in any notation.

    Detecting the pegs (``naming`` None) reads any notation at once.
    """
    if not isinstance(answer, str) or not answer.strip():
        raise NotationError("no answer")
    posts = instance.posts
    if naming is None:
        return extract_moves(answer, posts=posts, thinking=thinking)
    try:
        return extract_moves(
            answer, notation=instance.notation, pegs=naming, posts=posts, thinking=thinking
        )
    except AmbiguousNotationError:
        raise
    except NotationError:
        return extract_moves(answer, pegs=naming, posts=posts, thinking=thinking)


def _move_error(error: IllegalMoveError) -> MoveError:
    item = error.item
    shown = str(error.move) if isinstance(item, Move) else str(item)
    if isinstance(item, tuple):
        shown = f"{item[0]} -> {item[1]}"
    return MoveError(
        index=error.index if error.index is not None else 0,
        rule=error.rule,
        move=error.move,
        item=shown,
        detail=error.detail,
        position=error.state,
    )
