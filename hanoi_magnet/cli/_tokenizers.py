"""``--tokenizer SPEC`` of ``eval generate`` and ``eval score``: a token counter from a name.

A spec is a built-in counter (``chars``, ``whitespace``, ``words``) or ``MODULE:CALLABLE``, an
import path (``mypackage.tokens:count``, attributes dotted: ``module:Class.method``; the
module may also be a file, ``path/to/tokens.py:count``) to a callable that takes a text and
returns the number of its tokens, or its tokens (a list, a tuple, or a mapping with
``input_ids`` as Hugging Face tokenizers return): their number is counted.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import os
import re
import sys
from collections.abc import Callable, Sized
from pathlib import Path

from hanoi_magnet.cli._util import CommandError, Status

_WORDS = re.compile(r"\w+|[^\w\s]", re.UNICODE)

#: The built-in counters, by name (with what each counts, for ``--help`` and errors).
BUILT_IN: dict[str, tuple[Callable[[str], int], str]] = {
    "chars": (len, "characters"),
    "whitespace": (lambda text: len(text.split()), "runs of non-space characters"),
    "words": (lambda text: len(_WORDS.findall(text)), "words and punctuation marks"),
}

#: A short text every tokenizer is tried on before it is used (an answer in two notations).
_PROBE = "Move disk 1 from Peg 1 to Peg 3\n1: S -> D"

HELP = (
    "count tokens with SPEC: chars, whitespace (runs of non-space characters), words (words "
    "and punctuation marks), or MODULE:CALLABLE, a function str -> number of tokens (or -> "
    "its tokens) imported from a module or a .py file"
)


class TokenCounter:
    """A named token counter: the callable, checked to give counts, its failures one line."""

    def __init__(self, spec: str, function: Callable[[str], object]) -> None:
        self.spec = spec
        self.function = function

    def __call__(self, text: str) -> int:
        try:
            tokens = self.function(text)
        except Exception as error:  # the user's code: reported in one line
            raise CommandError(
                f"tokenizer {self.spec!r} failed on a text of {len(text)} "
                f"character{'' if len(text) == 1 else 's'}: "
                f"{type(error).__name__}: {error}",
                Status.FAILED,
            ) from None
        return _count(self.spec, tokens)


def _count(spec: str, tokens: object) -> int:
    """The number of tokens a tokenizer returned (a count, its tokens, or input_ids)."""
    if isinstance(tokens, int) and not isinstance(tokens, bool) and tokens >= 0:
        return tokens
    ids = _input_ids(tokens)
    if ids is not None:
        return len(ids)
    if isinstance(tokens, Sized) and not isinstance(tokens, (str, bytes, dict)):
        return len(tokens)
    shown = repr(tokens)
    shown = shown if len(shown) <= 40 else shown[:37] + "..."
    raise CommandError(
        f"tokenizer {spec!r} returned {shown}; expected a number of tokens (an int >= 0) or "
        "a list of tokens",
        Status.USAGE,
    )


def _input_ids(tokens: object) -> Sized | None:
    """``tokens["input_ids"]`` of a mapping such as a Hugging Face ``BatchEncoding``."""
    getter = getattr(tokens, "get", None)
    if getter is None or isinstance(tokens, (str, bytes)):
        return None
    try:
        ids = getter("input_ids")
    except Exception:  # not a mapping after all
        return None
    return ids if isinstance(ids, Sized) and not isinstance(ids, (str, bytes)) else None


def tokenizer(spec: str) -> TokenCounter:
    """The counter ``spec`` names, tried on a short text; for argparse (one-line errors).

    Raises:
        argparse.ArgumentTypeError: an unknown name, a module that cannot be imported, an
            attribute it does not have, something not callable, or a callable that does not
            count tokens.
    """
    name = spec.strip()
    if name in BUILT_IN:
        return TokenCounter(name, BUILT_IN[name][0])
    module_name, colon, path = name.rpartition(":")
    if not colon or not module_name or not path:
        known = ", ".join(BUILT_IN)
        raise argparse.ArgumentTypeError(
            f"unknown tokenizer {spec!r}: expected {known} or MODULE:CALLABLE "
            "(e.g. mypackage.tokens:count)"
        )
    module = _module(spec, module_name)
    value: object = module
    for part in path.split("."):
        if not part.isidentifier() or not hasattr(value, part):
            raise argparse.ArgumentTypeError(
                f"tokenizer {spec!r}: {module_name} has no attribute {path!r}"
            )
        value = getattr(value, part)
    if not callable(value):
        raise argparse.ArgumentTypeError(
            f"tokenizer {spec!r}: {module_name}:{path} is {_a(type(value).__name__)}, not a "
            "callable str -> number of tokens"
        )
    counter = TokenCounter(name, value)
    try:
        counter(_PROBE)
    except CommandError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return counter


def _module(spec: str, module_name: str) -> object:
    """The module of ``spec``: a file path ending in .py, or a module importable from here."""
    if module_name.endswith(".py"):
        file = Path(module_name)
        if not file.is_file():
            raise argparse.ArgumentTypeError(f"tokenizer {spec!r}: no file {module_name}")
        loader = importlib.util.spec_from_file_location(f"_hanoi_tokenizer_{file.stem}", file)
        if loader is None or loader.loader is None:  # pragma: no cover - a .py file loads
            raise argparse.ArgumentTypeError(f"tokenizer {spec!r}: cannot load {module_name}")
        module = importlib.util.module_from_spec(loader)
        try:
            loader.loader.exec_module(module)
        except Exception as error:  # the user's code: reported in one line
            raise argparse.ArgumentTypeError(
                f"tokenizer {spec!r}: loading {module_name} failed: {type(error).__name__}: {error}"
            ) from None
        return module
    added = os.getcwd() not in sys.path  # a module in the current folder, as python -m finds
    if added:
        sys.path.append(os.getcwd())
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        raise argparse.ArgumentTypeError(
            f"tokenizer {spec!r}: no module named {error.name or module_name!r}"
        ) from None
    except Exception as error:  # the user's code: reported in one line
        raise argparse.ArgumentTypeError(
            f"tokenizer {spec!r}: importing {module_name} failed: {type(error).__name__}: {error}"
        ) from None
    finally:
        if added:
            sys.path.remove(os.getcwd())


def _a(noun: str) -> str:
    return f"an {noun}" if noun[:1] in "aeiou" else f"a {noun}"
