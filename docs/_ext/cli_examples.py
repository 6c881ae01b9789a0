"""Real ``hanoi-magnet`` sessions for the docs: run the command in-process, print reST.

Used from ``.. hanoi-exec::`` blocks in ``cli.rst``, so every output shown there is what the
installed command prints.
"""

from __future__ import annotations

import contextlib
import io
import shlex
import sys

from hanoi_magnet.cli import main


def _run(command: str, stdin: str | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.StringIO(stdin or "")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(shlex.split(command))
    finally:
        sys.stdin = saved
    return status, out.getvalue(), err.getvalue()


def console(
    *commands: str, stdin: str | None = None, pipe_from: str | None = None, status: bool = False
) -> None:
    """Print a ``console`` code block: each command, then what it wrote (stdout and stderr).

    ``pipe_from`` runs that command first and feeds its output to the first command;
    ``stdin`` shows as a ``printf`` in front of it. ``status`` adds an ``echo $?`` line.
    """
    print(".. code-block:: console")
    print()
    for index, command in enumerate(commands):
        feed, shown = None, f"hanoi-magnet {command}"
        if index == 0 and pipe_from is not None:
            _, feed, _ = _run(pipe_from)
            shown = f"hanoi-magnet {pipe_from} | {shown}"
        elif index == 0 and stdin is not None:
            feed = stdin
            shown = f"printf {shlex.quote(stdin.replace(chr(10), chr(92) + 'n'))} | {shown}"
        code, out, err = _run(command, feed)
        print(f"   $ {shown}")
        for line in (out + err).splitlines():
            print(f"   {line}" if line.strip() else "")
        if status:
            print("   $ echo $?")
            print(f"   {code}")
    print()
