"""Length budgets: how long an instance's optimal answer is, and how long an answer may be."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import attrs

from hanoi_magnet.errors import InvalidArgumentError
from hanoi_magnet.evaluation._detail import plural
from hanoi_magnet.evaluation._outcome import ABSTENTION
from hanoi_magnet.model import Move, _integer
from hanoi_magnet.notation import get_notation

if TYPE_CHECKING:
    from hanoi_magnet.evaluation._instance import Instance

#: Counts the tokens of a text (any ``str -> int``, e.g. a wrapper around a tokenizer's
#: ``encode`` that returns ``len(...)``).
Tokenizer = Callable[[str], int]

#: Optimal answers of up to this many moves are written out to measure them; longer ones are
#: only measured when a budget asks (and are never shorter than one character per move).
MEASURED_MOVES = 1 << 16

_THINK_CLOSE = re.compile(r"</(?:think|thinking|reasoning)>", re.IGNORECASE)
_THINK_OPEN = re.compile(r"<(?:think|thinking|reasoning)>", re.IGNORECASE)


def check_tokenizer(tokenizer: object) -> None:
    """Refuse a tokenizer that is not a callable."""
    if not callable(tokenizer):
        raise InvalidArgumentError(
            f"tokenizer must be a callable str -> int, got {type(tokenizer).__name__}"
        )


def count_tokens(tokenizer: Tokenizer, text: str) -> int:
    """``tokenizer(text)``, checked to be a count."""
    tokens: object = tokenizer(text)
    if isinstance(tokens, bool) or not isinstance(tokens, int) or tokens < 0:
        raise InvalidArgumentError(
            f"tokenizer must return a count of tokens (an int >= 0), got {tokens!r}"
        )
    return tokens


def unclosed_reasoning(answer: str) -> bool:
    """Whether the answer ends inside a reasoning block (opened after the last one closed)."""
    opening = None
    for opening in _THINK_OPEN.finditer(answer):  # noqa: B007 (the last one is wanted)
        pass
    if opening is None:
        return False
    return _THINK_CLOSE.search(answer, opening.end()) is None


def answer_region(answer: str, thinking: bool) -> str:
    """The part of an answer a budget counts.

    The text after the last closing reasoning tag (all of it with ``thinking``, or when there
    is none); an unclosed reasoning block at the end is reasoning too. The scorer strips
    whitespace from both ends before counting.
    """
    if thinking or "<" not in answer:  # (every reasoning tag starts so)
        return answer
    closing = None
    for closing in _THINK_CLOSE.finditer(answer):  # noqa: B007 (the last one is wanted)
        pass
    region = answer if closing is None else answer[closing.end() :]
    opening = _THINK_OPEN.search(region)
    return region if opening is None else region[: opening.start()]


@attrs.frozen
class Budget:
    """The generator's budgets, and the measuring of each instance's optimal answer."""

    chars: int | None
    tokens: int | None
    tokenizer: Tokenizer | None

    @classmethod
    def checked(cls, chars: int | None, tokens: int | None, tokenizer: Tokenizer | None) -> Budget:
        chars = None if chars is None else _integer(chars, "max_answer_chars", minimum=1)
        tokens = None if tokens is None else _integer(tokens, "max_answer_tokens", minimum=1)
        if tokenizer is not None:
            check_tokenizer(tokenizer)
        elif tokens is not None:
            raise InvalidArgumentError("max_answer_tokens needs a tokenizer to count tokens")
        return cls(chars, tokens, tokenizer)

    def describe(self) -> str:
        """The budgets in words: ``"600 characters and 1 token"``, ``"none"``."""
        parts = [plural(self.chars, "character")] if self.chars is not None else []
        parts += [plural(self.tokens, "token")] if self.tokens is not None else []
        return " and ".join(parts) or "none"

    def apply(
        self, instance: Instance, moves: Callable[[], Iterable[Move]] | None
    ) -> Instance | None:
        """``instance`` with its answer's lengths and budgets; ``None``: it does not fit.

        ``moves`` gives the optimal answer's moves (``None``: the instance has no solution,
        whose right answer is the abstention).
        """
        if moves is None:
            text = ABSTENTION
            length = None
        else:
            length = instance.optimum
            assert length is not None
            if self.chars is not None and length > self.chars:  # a move is at least 1 char
                return None
            if length > MEASURED_MOVES and self.chars is None:
                if self.tokens is not None:
                    return None  # not tokenized: taken not to fit
                return attrs.evolve(instance, answer_moves=length)
            text = get_notation(instance.notation).format(moves(), instance.posts)
        chars = len(text)
        if self.chars is not None and chars > self.chars:
            return None
        tokens = None
        if self.tokenizer is not None and (length is None or length <= MEASURED_MOVES):
            tokens = count_tokens(self.tokenizer, text)
            if self.tokens is not None and tokens > self.tokens:
                return None
        elif self.tokens is not None:
            return None
        return attrs.evolve(
            instance,
            answer_moves=length,
            answer_chars=chars,
            answer_tokens=tokens,
            max_answer_chars=self.chars,
            max_answer_tokens=self.tokens,
        )
