"""The command line: ``hanoi-magnet`` (or ``python -m hanoi_magnet``), one module per command.

Example:
    >>> from hanoi_magnet.cli import main
    >>> main(["count", "NNN", "5"])
    moves: 83
    0
"""

from hanoi_magnet.cli._main import PROG, build_parser, main

__all__ = ["PROG", "build_parser", "main"]
