"""The README's quick start: the commands a newcomer copies, and the one CI runs."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.rst").read_text(encoding="utf-8")
QUICK_START = README[README.index(".. quick-start-begin") : README.index(".. quick-start-end")]
COMMANDS = [line.strip() for line in QUICK_START.splitlines() if line.startswith("    ")]


def the_test_command():
    """The line .ci/run takes: the one in the quick start that runs pytest."""
    (command,) = (line for line in COMMANDS if re.search(r" -m pytest\b", line))
    return command


def test_the_test_command_uses_an_environment_of_its_own_for_each_run():
    command = the_test_command()
    # no fixed path shared by two checkouts or two runs: a fresh temporary folder per run ...
    assert "mktemp -d" in command
    assert not re.search(r"(?<![\w$])/tmp/", command), command
    # ... holding the virtual environment that pip installs into and pytest runs from ...
    assert '-m venv "$env"' in command
    assert '"$env/bin/python" -m pip install' in command
    assert '"$env/bin/python" -m pytest' in command
    # ... removed afterwards, with the test run's exit status kept
    assert command.endswith('rm -rf "$env"; exit $status)')
    shlex.split(command)  # balanced quotes


def test_the_test_command_runs_on_every_core():
    assert "-n auto" in the_test_command()


def test_the_first_command_makes_a_virtual_environment_before_pip():
    first = COMMANDS[0]
    assert first.index("-m venv") < first.index("pip install")
    assert ". .venv/bin/activate" in first


def test_ci_reads_the_same_line():
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    pattern = re.search(r"grep -E '([^']+)'", script)
    assert pattern is not None
    grep = re.compile(pattern.group(1))
    chosen = [line for line in QUICK_START.splitlines() if grep.search(line)]
    assert [line.strip() for line in chosen] == [the_test_command()]
