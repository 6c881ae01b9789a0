"""What an episode answers: one :class:`Feedback` per move, one :class:`Turn` per reply."""

from __future__ import annotations

import enum

import attrs

from hanoi_magnet.episode._speech import Speech, plural
from hanoi_magnet.errors import Rule
from hanoi_magnet.model import Move, State

#: What a feedback says without an episode's notation: the library's notation, pegs S, I, D.
LIBRARY = Speech(None, None, 3)


class Mode(enum.Enum):
    """How many moves an episode takes per turn, and what ends it.

    Example:
        >>> from hanoi_magnet.episode import Mode
        >>> Mode("step")
        <Mode.STEP: 'step'>
    """

    #: One move per turn; an illegal move is refused and the position stays.
    MOVE = "move"
    #: Any number of moves per turn, played until the first illegal one.
    BATCH = "batch"
    #: One move per turn, and every move must bring the goal one move nearer; the first
    #: illegal or non-optimal move ends the episode (the step-k execution task).
    STEP = "step"


@attrs.frozen
class Feedback:
    """The answer to one move: the new position, or the rule it broke.

    Attributes:
        index: the move's 0-based number in the episode (``move k``), counting the moves made
            before the episode's start position (its ``offset``) and illegal attempts; the
            text counts from 1.
        item: the move as the episode's notation writes it (as it was written, when it could
            not be read as a move).
        move: the move read (``None``: it could not be read, or names no disk on that post).
        rule: the rule the move broke (``None``: legal).
        detail: why it is illegal, in the library's words (posts S, I, D or numbers from 0;
            ``None``: legal).
        position: the position after the move (unchanged by an illegal move).
        steps: the legal moves made so far in the episode (including this one).
        distance: the exact distance from :attr:`position` to the goal (``None``: the goal can
            no longer be reached).
        optimal: the move is legal and brought the goal exactly one move nearer.
        solved: :attr:`position` is the goal.
        reason: why it is illegal, with the pegs named as the episode's prompt names them.
        speech: the notation and peg names :meth:`text` uses (the episode's).

    Example:
        >>> from hanoi_magnet.episode import Episode
        >>> episode = Episode.from_variant("NNN", 3)
        >>> feedback = episode.play("S -> D")
        >>> feedback.legal, feedback.steps, feedback.distance, feedback.optimal
        (True, 1, 10, True)
        >>> episode.play("S -> D").rule
        <Rule.SIZE: 'size'>
    """

    index: int
    item: str
    move: Move | None
    rule: Rule | None
    detail: str | None
    position: State
    steps: int
    distance: int | None
    optimal: bool
    solved: bool
    reason: str | None = attrs.field(default=None, eq=False)
    speech: Speech = attrs.field(default=LIBRARY, eq=False, repr=False)

    @property
    def legal(self) -> bool:
        """Whether the move was legal (and made)."""
        return self.rule is None

    def text(self) -> str:
        """The feedback as a harness shows it to a model, in the words of its prompt.

        The move (numbered from 1, written in the episode's notation), whether it was legal
        (or the rule it broke), the position as the prompt shows positions, and the exact
        distance to the goal.

        Example:
            >>> from hanoi_magnet.episode import Episode
            >>> print(Episode.from_variant("classic", 2, notation="letter-arrows").play("A->C").text())
            move 1 (A->C) is legal. After 1 move:
            Peg A: 2
            Peg B: empty
            Peg C: 1
            distance to the goal: 3 moves
        """  # noqa: E501 (a doctest's output is one line)
        position = self.speech.position(self.position)
        if self.rule is not None:
            head = (
                f"move {self.index + 1} ({self.item}) is illegal, it breaks the rule "
                f"'{self.rule.value}': {self.reason or self.detail}. The position is "
                f"unchanged:\n{position}"
            )
        else:
            head = (
                f"move {self.index + 1} ({self.item}) is legal. After "
                f"{plural(self.steps, 'move')}:\n{position}"
            )
        if self.solved:
            return head + "\nthe goal is reached"
        if self.distance is None:
            return head + "\nthe goal can no longer be reached"
        return head + f"\ndistance to the goal: {plural(self.distance, 'move')}"


@attrs.frozen
class Turn:
    r"""What one reply did: the moves read from it and the answer to each move played.

    Attributes:
        feedback: the answer to each move played, in order (played until the first illegal
            or, in :attr:`Mode.STEP`, non-optimal move).
        read: how many moves were read from the reply.
        unplayed: how many moves read were not played (after an illegal move, or beyond the
            mode's one move per turn).
        error: why no move could be read (``None``: at least one was).
        speech: the notation and peg names the text uses (the episode's).

    Example:
        >>> from hanoi_magnet.episode import Episode, Mode
        >>> episode = Episode.from_variant("classic", 2, mode=Mode.BATCH)
        >>> turn = episode.turn("A -> B\nA -> C\nB -> C")
        >>> turn.read, len(turn.feedback), episode.solved
        (3, 3, True)
    """

    feedback: tuple[Feedback, ...]
    read: int
    unplayed: int
    error: str | None = None
    speech: Speech = attrs.field(default=LIBRARY, eq=False, repr=False)

    def text(self) -> str:
        """The answer to the whole reply, as a harness shows it to a model.

        Example:
            >>> from hanoi_magnet.episode import Episode
            >>> print(Episode.from_variant("classic", 2).turn("nothing here").text())
            no move could be read: no moves found in the answer
        """
        if self.error is not None:
            return f"no move could be read: {self.error}"
        lines = [feedback.text() for feedback in self.feedback]
        if self.unplayed:
            were = "was" if self.unplayed == 1 else "were"
            lines.append(f"{plural(self.unplayed, 'more move')} read {were} not played")
        return "\n".join(lines)
