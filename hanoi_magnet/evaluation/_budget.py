"""Length budgets: how long an instance's optimal answer is, and how long an answer may be."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from hanoi_magnet.errors import InvalidArgumentError
from hanoi_magnet.model import Move
from hanoi_magnet.notation import get_notation

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


def answer_region(answer: str, thinking: bool) -> str:
    """The part of an answer a budget counts.

    The text after the last closing reasoning tag (all of it with ``thinking``, or when there
    is none); an unclosed reasoning block at the end is reasoning too.
    """
    if thinking:
        return answer
    closing = None
    for closing in _THINK_CLOSE.finditer(answer):  # noqa: B007 (the last one is wanted)
        pass
    region = answer if closing is None else answer[closing.end() :]
    opening = _THINK_OPEN.search(region)
    return region if opening is None else region[: opening.start()]


def measure(
    moves: Iterable[Move], count: int, notation: str, posts: int, tokenizer: Tokenizer | None
) -> tuple[int, int | None]:
    """(characters, tokens) of ``moves`` written in ``notation``.

    Tokens are ``None`` without a tokenizer.
    """
    text = get_notation(notation).format(moves, posts)
    del count
    return len(text), None if tokenizer is None else count_tokens(tokenizer, text)
