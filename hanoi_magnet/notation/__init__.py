r"""Moves as text: the notations people and models write, read back and found in free text.

* :class:`Notation`: one way of writing moves (a template for one move, the names of the pegs,
  one per line or one list), with :meth:`~Notation.format` and :meth:`~Notation.read`, which
  round-trip. :data:`NOTATIONS` holds the built-in ones by name; :func:`get_notation` finds one.
* :class:`PegNames`: S, I, D; letters from A; numbers from 0; numbers from 1.
* :func:`extract_moves`: the answer inside a model's whole output (reasoning, prose, code
  fences and all), as an :class:`Extraction` that carries the report of the reading: the
  notation and pegs used and why, the spans read and skipped (:class:`Span`), the rival
  readings and why they lost (:class:`Reading`), and whether the reading is ambiguous,
  truncated or abandoned.

Reading rules, in short: reasoning in ``<think>`` is skipped; move lines (with remarks after
them, numbering, labels) and lists (lists, tuples, JSON, quoted moves) are candidates, moves
mentioned in prose only when there is nothing else; runs with prose between them are one answer
unless the prose corrects or restates them; otherwise the last answer wins, and a restatement of
its first moves never replaces it; a reading that could as well be another is marked ambiguous,
never silently chosen. The documentation page "Reading answers" states every rule.

Example:
    >>> from hanoi_magnet import solve
    >>> from hanoi_magnet.notation import NOTATIONS, extract_moves
    >>> text = NOTATIONS["reasoning-gym"].format(solve("classic", 2))
    >>> reply = "<think>maybe A to C?</think>Sure! Here you go:\n" + text + "Done."
    >>> extract_moves(reply).moves
    (Move(disk=1, source=0, target=1), Move(disk=2, source=0, target=2), Move(disk=1, source=1, target=2))
"""  # noqa: E501 (a doctest's output is one line)

from __future__ import annotations

from hanoi_magnet.notation._builtin import NOTATIONS, get_notation
from hanoi_magnet.notation._extract import extract_moves
from hanoi_magnet.notation._notations import Notation
from hanoi_magnet.notation._pegs import PegNames
from hanoi_magnet.notation._report import Extraction, Reading, Span
from hanoi_magnet.notation._scan import ReadMove

__all__ = [
    "NOTATIONS",
    "Extraction",
    "Notation",
    "PegNames",
    "ReadMove",
    "Reading",
    "Span",
    "extract_moves",
    "get_notation",
]
