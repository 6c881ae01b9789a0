"""Where the answer is: reasoning blocks to skip, and the last ``<answer>...</answer>``."""

from __future__ import annotations

import re

_TAG = re.compile(r"<(/?)(?:think|thinking|reasoning)>", re.IGNORECASE)
_ANSWER_TAG = re.compile(r"<(/?)answer>", re.IGNORECASE)

#: Fills the lines of skipped reasoning (the same length: offsets do not move).
MASK = "\x01"

Region = tuple[int, int, str]


def reasoning(text: str) -> tuple[list[Region], int | None]:
    """The stretches of reasoning (``<think>...</think>`` and the like).

    Also where a ``<think>`` that is never closed opens (``None``: none).
    """
    regions: list[Region] = []
    opened: int | None = None
    done = 0  # the end of the last region
    for tag in _TAG.finditer(text):
        if not tag.group(1):
            if opened is None:
                opened = tag.start()
        elif opened is not None:
            regions.append((opened, tag.end(), "reasoning inside <think>...</think>"))
            opened, done = None, tag.end()
        else:  # a closing tag without its opening: the reasoning came before it
            regions.append((done, tag.end(), "reasoning before a lone </think>"))
            done = tag.end()
    if opened is not None:
        regions.append((opened, len(text), "reasoning inside a <think> never closed"))
    return _merged(text, regions), opened


def opening_tag_end(text: str, at: int) -> int:
    """The end of the reasoning tag that opens at ``at`` (``at`` itself if there is none)."""
    tag = _TAG.match(text, at)
    return tag.end() if tag else at


def _merged(text: str, regions: list[Region]) -> list[Region]:
    """Regions with only spaces between them, and the same reason, made one."""
    merged: list[Region] = []
    for a, b, why in regions:
        if merged and merged[-1][2] == why and not text[merged[-1][1] : a].strip():
            merged[-1] = (merged[-1][0], b, why)
        else:
            merged.append((a, b, why))
    return merged


def masked(text: str, regions: list[Region]) -> str:
    """``text`` with each region's characters replaced (new lines kept): offsets do not move."""
    pieces: list[str] = []
    position = 0
    for a, b, _ in regions:
        pieces.append(text[position:a])
        for line in text[a:b].split("\n"):
            pieces.append(MASK * len(line))
            pieces.append("\n")
        pieces.pop()
        position = b
    pieces.append(text[position:])
    return "".join(pieces)


def tags_apart(body: str) -> str:
    """``body`` with each answer tag that shares its line with other text on a line of its own.

    The same length, so that offsets do not move: an opening tag gives up its ``>`` for the
    line end after it, a closing tag its ``>`` for the line end before it (``<answer>A->C``:
    ``<answer`` then ``A->C``). So one-line blocks (``<answer>A->C</answer>``) are read as the
    blocks written over several lines are: each block's moves apart, the tags between them.
    Each line is looked at once.
    """
    if "answer>" not in body.lower():
        return body
    return _TAG_LINE.sub(_line_apart, body)


def _line_apart(line: re.Match[str]) -> str:
    text = line.group(0)
    if _ANSWER_TAG.fullmatch(text.strip()):
        return text  # a tag alone on its line
    return _ANSWER_TAG.sub(_apart, text)


def _apart(tag: re.Match[str]) -> str:
    word = tag.group(0)[:-1]  # "<answer" or "</answer"
    return f"\n{word}" if tag.group(1) else f"{word}\n"


#: A line that holds an answer tag.
_TAG_LINE = re.compile(r"[^\n]*<(/?)answer>[^\n]*", re.IGNORECASE)


def answer_region(text: str) -> tuple[int, int]:
    """From the first ``<answer>`` to the last ``</answer>`` (or the end), else everything.

    Several answer blocks are read together: the reading rules then decide between them (two
    different answers are a hedge, the same one twice a restatement).
    """
    first: int | None = None
    close: int | None = None
    for tag in _ANSWER_TAG.finditer(text):
        if not tag.group(1):
            if first is None:
                first = tag.end()
            close = None
        elif first is not None:
            close = tag.start()
    if first is None:
        return 0, len(text)
    return first, len(text) if close is None else close
