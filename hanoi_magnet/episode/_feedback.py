"""What an episode answers: one :class:`Feedback` per move, one :class:`Turn` per reply."""

from __future__ import annotations

import enum

import attrs

from hanoi_magnet._text import integer_text
from hanoi_magnet.errors import Rule
from hanoi_magnet.model import Move, State


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
            before the episode's start position (its ``offset``) and illegal attempts.
        item: the move as it was given (text, or the move's own text).
        move: the move read (``None``: it could not be read, or names no disk on that post).
        rule: the rule the move broke (``None``: legal).
        detail: why it is illegal, in words (``None``: legal).
        position: the position after the move (unchanged by an illegal move).
        steps: the legal moves made so far in the episode (including this one).
        distance: the exact distance from :attr:`position` to the goal (``None``: the goal can
            no longer be reached).
        optimal: the move is legal and brought the goal exactly one move nearer.
        solved: :attr:`position` is the goal.

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

    @property
    def legal(self) -> bool:
        """Whether the move was legal (and made)."""
        return self.rule is None

    def text(self) -> str:
        """The feedback in one or two lines, as a harness shows it to a model.

        Example:
            >>> from hanoi_magnet.episode import Episode
            >>> print(Episode.from_variant("classic", 2).play("S -> D").text())
            move 0 (1: S -> D) is legal. After 1 moves: S: 2 | I: - | D: 1
            distance to the goal: 3 moves
        """
        if self.rule is not None:
            head = (
                f"move {self.index} ({self.item}) is illegal, it breaks the rule "
                f"'{self.rule.value}': {self.detail}. The position is unchanged: {self.position}"
            )
        else:
            head = f"move {self.index} ({self.item}) is legal. After {self.steps} moves: "
            head += str(self.position)
        if self.solved:
            return head + "\nthe goal is reached"
        if self.distance is None:
            return head + "\nthe goal can no longer be reached"
        return head + f"\ndistance to the goal: {integer_text(self.distance)} moves"


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
            lines.append(f"{self.unplayed} more moves read were not played")
        return "\n".join(lines)
