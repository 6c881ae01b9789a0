"""How an episode talks to a model: moves, pegs and positions in the words of its prompt.

One place decides it for every adapter: :class:`Speech` writes a move in the instance's
notation (one item of a list notation: ``[1, 0, 2]``), names the pegs as the prompt does
(``Peg A``, ``Peg 1``, ``Peg S``), shows positions as the prompt shows them
(:func:`~hanoi_magnet.evaluation.describe_position`), counts moves from 1 and gets plurals
right. The API keeps 0-based indexes; only the text is for people.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from hanoi_magnet._text import integer_text
from hanoi_magnet.errors import Rule
from hanoi_magnet.evaluation import Instance, describe_position
from hanoi_magnet.model import Move, State, post_name
from hanoi_magnet.notation import NOTATIONS, Notation, PegNames, get_notation
from hanoi_magnet.rules import Rules

#: The placeholders a move form is written with (``X: Y -> Z``), as the prompts write them.
DISK, SOURCE, TARGET, INDEX = "X", "Y", "Z", "N"


def plural(count: int, word: str) -> str:
    """``'1 move'``, ``'2 moves'``, ``'0 moves'`` (large counts abbreviated).

    Example:
        >>> from hanoi_magnet.episode._speech import plural
        >>> plural(1, "move"), plural(1_449_876, "move")
        ('1 move', '1,449,876 moves')
    """
    number = f"{count:,}" if abs(count).bit_length() < 64 else integer_text(count)
    return f"{number} {word}{'' if count == 1 else 's'}"


@attrs.frozen
class Speech:
    """The words of one puzzle's prompt: its notation, its peg names, its number of posts.

    Attributes:
        notation: the notation moves are written in (``None``: the library's, ``1: S -> D``).
        pegs: how the pegs are named (``None``: the notation's naming).
        posts: the number of posts.

    Example:
        >>> from hanoi_magnet import Move
        >>> from hanoi_magnet.episode import Speech
        >>> from hanoi_magnet.notation import get_notation
        >>> speech = Speech(get_notation("moves-list"), None, 3)
        >>> speech.move(Move(1, 0, 2)), speech.peg(2), speech.form()
        ('[1, 0, 2]', 'Peg 2', '[X, Y, Z]')
    """

    notation: Notation | None
    pegs: PegNames | None
    posts: int
    #: The moves said so far, by move (and index, for templates that show it): an episode says
    #: every move it plays, and a game repeats a few moves many times.
    _said: dict[object, str] = attrs.field(init=False, factory=dict, repr=False, eq=False)

    @classmethod
    def of(cls, instance: Instance) -> Speech:
        """The words of an instance's prompt (its notation and number of posts).

        Example:
            >>> from hanoi_magnet.episode import Speech
            >>> from hanoi_magnet.evaluation import generate
            >>> instance = generate(seed=1, count=1, notations=["reasoning-gym"])[0]
            >>> Speech.of(instance).form()
            'Move disk X from Peg Y to Peg Z'
        """
        return cls(get_notation(instance.notation), None, instance.posts)

    @property
    def naming(self) -> PegNames:
        """The peg names used (the explicit ones, else the notation's, else S, I, D)."""
        if self.pegs is not None:
            naming = self.pegs
        else:
            naming = self.notation.pegs if self.notation is not None else PegNames.SID
        # S, I, D name three posts; any other number of posts is numbered from 0
        return PegNames.ZERO if naming is PegNames.SID and self.posts != 3 else naming

    @property
    def written(self) -> Notation:
        """The notation moves are written in, with the peg names used."""
        notation = self.notation if self.notation is not None else NOTATIONS["library"]
        if notation.pegs is self.naming:
            return notation
        return attrs.evolve(notation, pegs=self.naming)

    def peg(self, post: int) -> str:
        """A post as the prompt names it (``'Peg A'``); a post that does not exist by number."""
        if 0 <= post < self.posts and self.naming.fits(self.posts):
            return f"Peg {self.naming.name_of(post, self.posts)}"
        return f"post number {integer_text(post)}"

    def move(self, move: Move | tuple[int, int], index: int = 0) -> str:
        """One move as the notation writes it (a list notation: one item of the list)."""
        said = self._said
        key = (move, index) if self._indexed else move
        found = said.get(key)
        if found is None:
            found = self._move(move, index)
            if len(said) >= _SAID_KEPT:
                said.clear()
            said[key] = found
        return found

    @property
    def _indexed(self) -> bool:
        return self.notation is not None and "{index}" in self.notation.template

    def _move(self, move: Move | tuple[int, int], index: int) -> str:
        written = self.written
        inside = all(0 <= post < self.posts for post in _posts(move))
        if inside and (isinstance(move, Move) or not written.has_disk):
            return written.format_move(move, self.posts, index=index)
        source, target = _posts(move)
        return f"{self.peg(source)} -> {self.peg(target)}"

    def moves(self, moves: Iterable[Move]) -> str:
        """A whole answer in the notation (what a text reply with these moves would say)."""
        return self.written.format(moves, self.posts)

    def form(self) -> str:
        """One move written with placeholders: ``X`` the disk, ``Y`` its peg, ``Z`` the target.

        Example:
            >>> from hanoi_magnet.episode._speech import Speech
            >>> from hanoi_magnet.notation import get_notation
            >>> Speech(get_notation("reasoning-gym"), None, 3).form()
            'Move disk X from Peg Y to Peg Z'
        """
        return self.written.template.format(disk=DISK, source=SOURCE, target=TARGET, index=INDEX)

    def instructions(self) -> str:
        """How to write one move, in words, with :meth:`form` quoted.

        Example:
            >>> from hanoi_magnet.episode._speech import Speech
            >>> from hanoi_magnet.notation import get_notation
            >>> print(Speech(get_notation("letter-arrows"), None, 3).instructions())
            in the form 'Y->Z', where Y is the peg the top disk leaves and Z the peg it goes to (pegs named by letters from A)
        """  # noqa: E501 (a doctest's output is one line)
        written = self.written
        if written.has_disk:
            roles = (
                f"where {DISK} is the disk (1 is the smallest), {SOURCE} the peg it leaves and "
                f"{TARGET} the peg it goes to"
            )
        else:
            roles = f"where {SOURCE} is the peg the top disk leaves and {TARGET} the peg it goes to"
        if "{index}" in written.template:
            roles += f", {INDEX} the move's number (the first is 0)"
        return f"in the form '{self.form()}', {roles} ({self.naming.describe})"

    def tool_instructions(self, tool: str) -> str:
        """What a multi-turn prompt adds when moves are made with a tool named ``tool``.

        Example:
            >>> from hanoi_magnet.episode._speech import Speech
            >>> from hanoi_magnet.notation import get_notation
            >>> print(Speech(get_notation("moves-list"), None, 3).tool_instructions("move"))
            Make your moves one at a time with the `move` tool: give it one move in the form '[X, Y, Z]', where X is the disk (1 is the smallest), Y the peg it leaves and Z the peg it goes to (pegs numbered from 0). It answers with the new position and the distance to the goal, or with the rule the move broke (the position then stays as it was). Only the moves made with the tool count: moves written in a reply are not played. Stop when the goal is reached.
        """  # noqa: E501 (a doctest's output is one line)
        return (
            f"Make your moves one at a time with the `{tool}` tool: give it one move "
            f"{self.instructions()}. It answers with the new position and the distance to the "
            "goal, or with the rule the move broke (the position then stays as it was). Only "
            "the moves made with the tool count: moves written in a reply are not played. "
            "Stop when the goal is reached."
        )

    def turn_instructions(self) -> str:
        """What a multi-turn prompt adds when each reply's moves are played (a batch a turn).

        Example:
            >>> from hanoi_magnet.episode._speech import Speech
            >>> from hanoi_magnet.notation import get_notation
            >>> print(Speech(get_notation("letter-arrows"), None, 3).turn_instructions())
            Play one turn at a time: reply with your next moves (one or more), each in the form 'Y->Z', where Y is the peg the top disk leaves and Z the peg it goes to (pegs named by letters from A). They are played in order until the first illegal one, and answered with the new position and the distance to the goal, or with the rule the move broke (the position then stays as it was).
        """  # noqa: E501 (a doctest's output is one line)
        return (
            "Play one turn at a time: reply with your next moves (one or more), each "
            f"{self.instructions()}. They are played in order until the first illegal one, and "
            "answered with the new position and the distance to the goal, or with the rule the "
            "move broke (the position then stays as it was)."
        )

    def position(self, state: State) -> str:
        """A position as the prompt shows it, one peg per line."""
        if not self.naming.fits(self.posts):
            return state.format()
        return describe_position(state, self.naming)

    def reason(self, rule: Rule, detail: str, move: Move | tuple[int, int], rules: Rules) -> str:
        """Why a move is illegal, with the pegs named as the prompt names them.

        The rules' own ``detail`` where it names no peg; the same sentence with the prompt's
        peg names where it does.
        """
        source, target = _posts(move)
        disk = move.disk if isinstance(move, Move) else None
        if rule is Rule.NO_SUCH_POST:
            bad = source if not 0 <= source < self.posts else target
            last = self.peg(self.posts - 1)
            return f"{self.peg(bad)} does not exist (the pegs are {self.peg(0)} to {last})"
        if rule is Rule.SAME_POST:
            return f"the source and the target are both {self.peg(source)}"
        if rule is Rule.EMPTY_SOURCE:
            return f"{self.peg(source)} is empty"
        if rule is Rule.NOT_ON_TOP:
            return f"disk {disk} is not the top disk of {self.peg(source)}"
        if rule is Rule.DIRECTION:
            allowed = ", ".join(
                f"{self.peg(s)} to {self.peg(t)}" for s, t in sorted(rules.allowed or ())
            )
            return (
                f"moves from {self.peg(source)} to {self.peg(target)} are not allowed "
                f"(allowed: {allowed or 'none'})"
            )
        if rule is Rule.POST_COLOR:  # "... on the empty blue post D, ...": the one peg named
            return detail.replace(f"post {post_name(target, self.posts)}", self.peg(target))
        return detail


#: The most moves a :class:`Speech` remembers having said.
_SAID_KEPT = 4096


def _posts(move: Move | tuple[int, int]) -> tuple[int, int]:
    return (move.source, move.target) if isinstance(move, Move) else move
