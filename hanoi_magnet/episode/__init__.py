"""An interactive episode: a puzzle played move by move, each move answered exactly.

:class:`Episode` is the one state machine every harness adapter shares
(``hanoi_magnet.integrations``, see :doc:`/integrations/index`): any
:class:`~hanoi_magnet.Rules` with three posts or more, any start and goal; moves as
:class:`~hanoi_magnet.Move` objects, ``(source, target)`` pairs or text in any notation
:func:`~hanoi_magnet.notation.extract_moves` reads; each answered with a :class:`Feedback`
(the new position or the broken rule, the moves made, the exact distance to the goal). A
whole reply is read and played as a :class:`Turn`. Three :class:`Mode` s: one move per turn,
batches, and the step-k task (:meth:`Episode.at_step`), in which every move must bring the
goal one move nearer. :func:`reference_answer` writes an optimal answer to an
:class:`~hanoi_magnet.evaluation.Instance` (what a dataset shows as the answer).

Example:
    >>> from hanoi_magnet.episode import Episode
    >>> episode = Episode.at_step("NNN", 14, 1_449_875)
    >>> episode.distance, episode.play(episode.hint()).solved
    (1, True)
"""

from __future__ import annotations

from hanoi_magnet.episode._episode import Episode
from hanoi_magnet.episode._feedback import Feedback, Mode, Turn
from hanoi_magnet.episode._reference import (
    MAX_ANSWER_MOVES,
    WrittenAnswer,
    reference_answer,
    reference_moves,
    written_answer,
)
from hanoi_magnet.episode._speech import Speech

__all__ = [
    "MAX_ANSWER_MOVES",
    "Episode",
    "Feedback",
    "Mode",
    "Speech",
    "Turn",
    "WrittenAnswer",
    "reference_answer",
    "reference_moves",
    "written_answer",
]
