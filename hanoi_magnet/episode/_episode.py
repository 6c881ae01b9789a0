"""The interactive episode: one position, moves in any notation, the exact distance after each."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import TYPE_CHECKING

from hanoi_magnet._text import integer_text, shown
from hanoi_magnet.episode._distances import Distances
from hanoi_magnet.episode._feedback import Feedback, Mode, Turn
from hanoi_magnet.episode._speech import Speech
from hanoi_magnet.errors import IllegalMoveError, InvalidArgumentError, NotationError, Rule
from hanoi_magnet.evaluation import describe_position, describe_rules
from hanoi_magnet.model import Move, State, _integer
from hanoi_magnet.notation import Extraction, Notation, PegNames, extract_moves, get_notation
from hanoi_magnet.registry import default_registry, solve
from hanoi_magnet.rules import Rules
from hanoi_magnet.search import DEFAULT_MAX_STATES

if TYPE_CHECKING:
    from hanoi_magnet.evaluation import Instance

#: What :meth:`Episode.play` takes: a move, a ``(source, target)`` pair, or one move as text.
MoveInput = Move | tuple[int, int] | str


class Episode:
    """A puzzle played one move (or one batch) at a time, answered with exact feedback.

    Any :class:`~hanoi_magnet.Rules` (three posts or more), any legal start and goal. Each
    move is answered with the new position or the rule it broke (the position then stays), the
    number of moves made, and the exact distance to the goal: in O(n) steps on three posts at
    any size; on four or more posts from one search backwards from the goal, refused at once
    (:class:`~hanoi_magnet.SearchLimitError`) when the space has more than ``max_states``
    positions.

    Args:
        rules: the rules.
        start: the position the episode starts from.
        goal: the position to reach.
        mode: one move per turn, batches, or the step-k task (:class:`Mode`).
        notation: the notation moves given as text are read in first (a name or a
            :class:`~hanoi_magnet.notation.Notation`); its peg names are the default.
        pegs: read the pegs of moves given as text with this naming (default: the notation's,
            else detected from the text).
        max_steps: the most moves (legal or not) the episode takes before it is truncated.
        max_states: the most positions the search on four or more posts may visit.
        offset: how many moves were made before ``start`` (moves are numbered from it).

    Raises:
        InvalidArgumentError: a bad argument, or a position illegal under ``rules``.
        SearchLimitError: four or more posts and more than ``max_states`` positions.

    Example:
        >>> from hanoi_magnet.episode import Episode
        >>> episode = Episode.from_variant("RBB", 2)
        >>> episode.distance, episode.hint()
        (4, Move(disk=1, source=0, target=1))
        >>> print(episode.play("1: S -> I").text())
        move 1 (1: S -> I) is legal. After 1 move:
        Peg S: 2, red face up
        Peg I: 1, blue face up
        Peg D: empty
        distance to the goal: 3 moves
    """

    __slots__ = (
        "_distances",
        "_history",
        "_optimal",
        "distance",
        "failed",
        "goal",
        "initial_distance",
        "max_steps",
        "mode",
        "notation",
        "offset",
        "pegs",
        "position",
        "rules",
        "speech",
        "start",
        "steps",
    )

    def __init__(
        self,
        rules: Rules,
        start: State,
        goal: State,
        *,
        mode: Mode | str = Mode.MOVE,
        notation: str | Notation | None = None,
        pegs: PegNames | None = None,
        max_steps: int | None = None,
        max_states: int = DEFAULT_MAX_STATES,
        offset: int = 0,
    ) -> None:
        if not isinstance(rules, Rules):
            raise InvalidArgumentError(f"rules must be a Rules object, got {shown(rules)}")
        for name, state in (("start", start), ("goal", goal)):
            reason = rules.check_state(state)
            if reason is not None:
                raise InvalidArgumentError(f"the {name} is not a legal position: {reason}")
        if start.n != goal.n:
            raise InvalidArgumentError(
                f"the start has {start.n} disks but the goal has {goal.n}; moves keep every disk"
            )
        try:
            self.mode = Mode(mode)
        except ValueError:
            known = ", ".join(repr(m.value) for m in Mode)
            raise InvalidArgumentError(f"mode must be one of {known}, got {mode!r}") from None
        self.notation = None if notation is None else get_notation(notation)
        if pegs is not None and not isinstance(pegs, PegNames):
            raise InvalidArgumentError(f"pegs must be a PegNames or None, got {pegs!r}")
        self.pegs = pegs
        #: The words of the feedback (the notation's moves and the prompt's peg names).
        self.speech = Speech(self.notation, pegs, rules.posts)
        self.max_steps = None if max_steps is None else _integer(max_steps, "max_steps", minimum=1)
        self.offset = _integer(offset, "offset")
        self.rules, self.start, self.goal = rules, start, goal
        self._distances = Distances(rules, goal, _integer(max_states, "max_states", minimum=1))
        self.initial_distance = self._distances.to_goal(start)
        self.reset()

    # -- named constructors -----------------------------------------------------------------

    @classmethod
    def from_variant(cls, label: str, n: int, **options: object) -> Episode:
        """The episode of a registered puzzle, from its start tower to its goal tower.

        Example:
            >>> from hanoi_magnet.episode import Episode
            >>> Episode.from_variant("NNN", 14).distance
            1449876
        """
        variant = default_registry.variant(label)
        return cls(variant.rules, variant.start(n), variant.goal(n), **options)  # type: ignore[arg-type]

    @classmethod
    def at_step(cls, label: str, n: int, k: int, **options: object) -> Episode:
        """The step-k task: the position after ``k`` optimal moves, asked for move ``k``.

        The episode starts from ``solve(label, n).unrank(k)`` in :attr:`Mode.STEP` (unless
        ``mode`` says otherwise), its moves numbered from ``k``.

        Example:
            >>> from hanoi_magnet import solve
            >>> from hanoi_magnet.episode import Episode
            >>> episode = Episode.at_step("NNN", 14, 1_000_000)
            >>> episode.distance, episode.hint() == solve("NNN", 14)[1_000_000]
            (449876, True)
        """
        solution = solve(label, n)
        k = _integer(k, "k")
        if k > solution.length:
            raise InvalidArgumentError(
                f"k must be at most the solution's {solution.length} moves, got {k}"
            )
        variant = default_registry.variant(label)
        options.setdefault("mode", Mode.STEP)
        options.setdefault("offset", k)
        return cls(variant.rules, solution.unrank(k), variant.goal(n), **options)  # type: ignore[arg-type]

    @classmethod
    def from_instance(cls, instance: Instance, **options: object) -> Episode:
        """The episode of an :class:`~hanoi_magnet.evaluation.Instance`.

        Its rules, positions and notation; moves numbered after its ``done`` moves.

        Example:
            >>> from hanoi_magnet.episode import Episode
            >>> from hanoi_magnet.evaluation import generate
            >>> instance = generate(seed=3, count=1, tasks=["solve"])[0]
            >>> Episode.from_instance(instance).distance == instance.optimum
            True
        """
        options.setdefault("notation", instance.notation)
        options.setdefault("offset", instance.done or 0)
        return cls(instance.rules, instance.start, instance.goal, **options)  # type: ignore[arg-type]

    # -- the state ----------------------------------------------------------------------------

    def restart(self, start: State) -> None:
        """Start again from another position (the same rules, goal and distances).

        Raises:
            InvalidArgumentError: ``start`` is not a legal position with the goal's disks.

        Example:
            >>> from hanoi_magnet import State
            >>> from hanoi_magnet.episode import Episode
            >>> episode = Episode.from_variant("classic", 2)
            >>> episode.restart(State([[], [1], [2]])); episode.distance
            1
        """
        given: object = start  # a caller may pass anything
        reason = self.rules.check_state(start) if isinstance(given, State) else "not a State"
        if reason is None and start.n != self.goal.n:
            reason = f"it has {start.n} disks, the goal {self.goal.n}"
        if reason is not None:
            raise InvalidArgumentError(f"the start is not a legal position: {reason}")
        self.start = start
        self.initial_distance = self._distances.to_goal(start)
        self.reset()

    def distance_from(self, state: State) -> int | None:
        """The exact distance from ``state`` (a legal position) to the goal (``None``: none).

        Example:
            >>> from hanoi_magnet import State
            >>> from hanoi_magnet.episode import Episode
            >>> Episode.from_variant("classic", 3).distance_from(State([[], [], [3, 2, 1]]))
            0
        """
        return self._distances.to_goal(state)

    def reset(self) -> None:
        """Back to the start position, with no moves made.

        Example:
            >>> from hanoi_magnet.episode import Episode
            >>> episode = Episode.from_variant("classic", 3)
            >>> _ = episode.play("S -> D"); episode.reset(); episode.steps
            0
        """
        self.position = self.start
        self.distance = self.initial_distance
        self.steps = 0
        self.failed = False
        self._history: list[Feedback] = []
        self._optimal: tuple[Move, ...] | None = None

    @property
    def history(self) -> tuple[Feedback, ...]:
        """The answer to every move tried so far."""
        return tuple(self._history)

    @property
    def attempts(self) -> int:
        """How many moves were tried (legal or not)."""
        return len(self._history)

    @property
    def solved(self) -> bool:
        """Whether the position is the goal."""
        return self.distance == 0

    @property
    def truncated(self) -> bool:
        """Whether the episode took its ``max_steps`` moves without reaching the goal."""
        return self.max_steps is not None and self.attempts >= self.max_steps and not self.solved

    @property
    def done(self) -> bool:
        """Whether the episode is over (solved, failed in step mode, or truncated)."""
        return self.solved or self.failed or self.truncated

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move in the current position."""
        return self.rules.legal_moves(self.position)

    def optimal_moves(self) -> tuple[Move, ...]:
        """Every legal move that brings the goal exactly one move nearer.

        Example:
            >>> from hanoi_magnet.episode import Episode
            >>> Episode.from_variant("classic", 3).optimal_moves()
            (Move(disk=1, source=0, target=2),)
        """
        if self._optimal is None:
            self._optimal = self._distances.optimal_moves(self.position, self.distance)
        return self._optimal

    def hint(self) -> Move | None:
        """An optimal next move (the first of :meth:`optimal_moves`; ``None``: none exists).

        Example:
            >>> from hanoi_magnet.episode import Episode
            >>> Episode.from_variant("NNN", 64).hint()
            Move(disk=1, source=0, target=1)
        """
        if self._optimal is not None:
            found = self._optimal
        else:
            found = self._distances.optimal_moves(self.position, self.distance, first=True)
        return found[0] if found else None

    def describe(self, pegs: PegNames | None = None) -> str:
        """The rules, the current position and the goal in words (for a first prompt).

        Example:
            >>> from hanoi_magnet.episode import Episode
            >>> print(Episode.from_variant("classic", 1).describe().splitlines()[-2])
            Peg I: empty
        """
        naming = pegs or self.pegs or (self.notation.pegs if self.notation else PegNames.SID)
        return "\n".join(
            [
                describe_rules(self.rules, self.start.n, naming),
                "The position now:",
                describe_position(self.position, naming),
                "The goal:",
                describe_position(self.goal, naming),
            ]
        )

    # -- moves ------------------------------------------------------------------------------

    def play(self, move: MoveInput) -> Feedback:
        """Make one move: a move, a ``(source, target)`` pair, or text naming one move.

        Text is read in any notation the kit reads (:func:`~hanoi_magnet.notation.extract_moves`).

        An illegal move is answered with the rule it broke and leaves the position as it was.

        Raises:
            InvalidArgumentError: the episode is over, or the text holds other than one move.

        Example:
            >>> from hanoi_magnet.episode import Episode
            >>> episode = Episode.from_variant("classic", 3)
            >>> episode.play((0, 1)).move, episode.play("A -> B").rule.name
            (Move(disk=1, source=0, target=1), 'SIZE')
        """
        self._check_open()
        if isinstance(move, str):
            read = self._read(move)
            if len(read) != 1:
                raise InvalidArgumentError(
                    f"play takes one move, {shown(move)} holds {len(read)}: use turn()"
                )
            return self._play(read[0], move.strip())
        return self._play(_move_input(move, self.rules.posts), None)

    def turn(self, reply: str) -> Turn:
        """Read the moves in a model's whole ``reply`` and play them.

        In :attr:`Mode.MOVE` and :attr:`Mode.STEP` only the first move read is played; in
        :attr:`Mode.BATCH` every move, until the first illegal one.

        Example:
            >>> from hanoi_magnet.episode import Episode, Mode
            >>> episode = Episode.from_variant("classic", 3, mode=Mode.BATCH)
            >>> turn = episode.turn("<think>...</think>moves = [[1, 0, 2], [2, 0, 2], [1, 2, 1]]")
            >>> turn.read, [f.legal for f in turn.feedback], turn.unplayed
            (3, [True, False], 1)
        """
        self._check_open()
        if not isinstance(reply, str):
            raise InvalidArgumentError(f"a reply must be a string, got {shown(reply)}")
        try:
            found = self.read(reply)
        except NotationError as error:
            return Turn(feedback=(), read=0, unplayed=0, error=str(error), speech=self.speech)
        items: list[Move | tuple[int, int] | None] = list(found.moves)
        if found.unreadable is not None:
            items.append(None)
        limit = len(items) if self.mode is Mode.BATCH else 1
        played: list[Feedback] = []
        for item in items[:limit]:
            if item is None:
                feedback = self._refuse(Rule.MALFORMED, found.unreadable or "", "not a move")
            else:
                feedback = self._play(item, None)
            played.append(feedback)
            if not feedback.legal or self.done:
                break
        return Turn(
            feedback=tuple(played),
            read=len(found.moves),
            unplayed=len(items) - len(played),
            speech=self.speech,
        )

    def read(self, text: str) -> Extraction:
        """The moves in ``text``, read as every text this episode is given is read.

        The one reading of the episode (and so of every adapter's tool and turn):
        :func:`~hanoi_magnet.notation.extract_moves` with the episode's notation (the format
        the prompt asked for) and peg names. One move of a list notation may be given alone,
        as one item of the list (``[1, 0, 2]`` for ``moves = [[1, 0, 2], ...]``); moves in
        another notation are read with the prompt's peg names.

        Raises:
            NotationError: no move could be read.

        Example:
            >>> from hanoi_magnet.episode import Episode
            >>> episode = Episode.from_variant("classic", 3, notation="moves-list")
            >>> episode.read("[1, 0, 2]").moves
            (Move(disk=1, source=0, target=2),)
        """
        posts, notation = self.rules.posts, self.notation
        try:
            return extract_moves(text, notation=notation, pegs=self.pegs, posts=posts)
        except NotationError:
            if notation is None:
                raise
        if notation.is_list and notation.opening not in text:  # one item of the list, alone
            alone = notation.opening + text.strip() + notation.closing
            with contextlib.suppress(NotationError):
                return extract_moves(alone, notation=notation, pegs=self.pegs, posts=posts)
        # another notation, its pegs named as the prompt names them
        return extract_moves(text, pegs=self.pegs or notation.pegs, posts=posts)

    def answer(self) -> str:
        r"""The legal moves made so far, written in the episode's notation (its answer).

        Example:
            >>> from hanoi_magnet.episode import Episode
            >>> episode = Episode.from_variant("classic", 2, notation="letter-arrows")
            >>> _ = episode.play("A->B"), episode.play("A->A"), episode.play("A->C")
            >>> episode.answer()
            'A->B\nA->C\n'
        """
        made = [f.move for f in self._history if f.legal and f.move is not None]
        return self.speech.moves(made)

    def play_all(self, moves: Sequence[MoveInput]) -> tuple[Feedback, ...]:
        """Play ``moves`` one after another until the first illegal one or the episode's end.

        Example:
            >>> from hanoi_magnet import solve
            >>> from hanoi_magnet.episode import Episode
            >>> episode = Episode.from_variant("RBB", 3)
            >>> [f.distance for f in episode.play_all(solve("RBB", 3))][-3:], episode.solved
            ([2, 1, 0], True)
        """
        played: list[Feedback] = []
        for move in moves:
            if self.done:
                break
            feedback = self.play(move)
            played.append(feedback)
            if not feedback.legal:
                break
        return tuple(played)

    # -- the machinery ----------------------------------------------------------------------

    def _check_open(self) -> None:
        if self.done:
            why = "solved" if self.solved else "failed" if self.failed else "truncated"
            raise InvalidArgumentError(f"the episode is over ({why}); reset() it to play again")

    def _read(self, text: str) -> tuple[Move | tuple[int, int], ...]:
        try:
            return self.read(text).moves
        except NotationError as error:
            raise InvalidArgumentError(f"cannot read a move in {shown(text)}: {error}") from None

    def _play(self, item: Move | tuple[int, int], written: str | None) -> Feedback:
        position, posts, speech = self.position, self.rules.posts, self.speech
        if isinstance(item, Move):
            move = item
        else:
            source, target = item
            if not 0 <= source < posts:
                return self._refuse(
                    Rule.NO_SUCH_POST,
                    written or speech.move(item),
                    f"post {integer_text(source)} does not exist (posts are 0..{posts - 1})",
                    item,
                )
            stack = position.posts[source]
            if not stack:
                detail = f"post {source} is empty"
                return self._refuse(Rule.EMPTY_SOURCE, speech.move(item), detail, item)
            move = Move(stack[-1], source, target)
        try:
            after = self.rules.apply(position, move)
        except IllegalMoveError as error:
            shown_as = written if error.rule is Rule.NO_SUCH_POST and written else None
            return self._refuse(error.rule, shown_as or speech.move(move), error.detail, move)
        before = self.distance
        self.position, self.distance = after, self._distances.to_goal(after)
        self.steps += 1
        self._optimal = None
        optimal = before is not None and self.distance == before - 1
        if self.mode is Mode.STEP and not optimal:
            self.failed = True
        return self._record(speech.move(move, len(self._history)), move, None, None, optimal)

    def _refuse(
        self,
        rule: Rule,
        item: str,
        detail: str,
        tried: Move | tuple[int, int] | None = None,
    ) -> Feedback:
        if self.mode is Mode.STEP:
            self.failed = True
        reason = detail if tried is None else self.speech.reason(rule, detail, tried, self.rules)
        move = tried if isinstance(tried, Move) else None
        return self._record(item, move, rule, detail, False, reason)

    def _record(
        self,
        item: str,
        move: Move | None,
        rule: Rule | None,
        detail: str | None,
        optimal: bool,
        reason: str | None = None,
    ) -> Feedback:
        feedback = Feedback(
            index=self.offset + len(self._history),
            item=item,
            move=move,
            rule=rule,
            detail=detail,
            position=self.position,
            steps=self.steps,
            distance=self.distance,
            optimal=optimal,
            solved=self.distance == 0,
            reason=reason,
            speech=self.speech,
        )
        self._history.append(feedback)
        return feedback

    def __repr__(self) -> str:
        distance = None if self.distance is None else integer_text(self.distance)
        return (
            f"Episode({self.rules!r}, n={self.start.n}, steps={integer_text(self.steps)}, "
            f"distance={distance}, mode={self.mode.value!r})"
        )


def _move_input(move: object, posts: int) -> Move | tuple[int, int]:
    """A move given to :meth:`Episode.play` as it is (a Move, or a pair of post numbers)."""
    if isinstance(move, Move):
        return move
    if isinstance(move, tuple) and len(move) == 2:
        source, target = move
        for value in (source, target):
            if isinstance(value, bool) or not isinstance(value, int):
                break
        else:
            return (source, target)
    raise InvalidArgumentError(
        f"a move is a Move, a (source, target) pair of post numbers (0..{posts - 1}) or text "
        f"naming one move, got {shown(move)}"
    )
