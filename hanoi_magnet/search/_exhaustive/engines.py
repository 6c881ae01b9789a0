"""Which engine runs a search: numpy when it is installed, pure Python otherwise.

numpy is an optional dependency (``pip install 'hanoi-magnet[search]'``): this module finds
out whether it can be imported without importing it, and nothing imports it before a search
that uses it starts.
"""

from __future__ import annotations

import functools
import importlib.util
import sys
from typing import Literal, TypeAlias

from hanoi_magnet.errors import InvalidArgumentError
from hanoi_magnet.model import State
from hanoi_magnet.rules import Rules
from hanoi_magnet.search._exhaustive.layout import CodeLayout

Engine: TypeAlias = Literal["auto", "numpy", "python"]
ENGINES = ("auto", "numpy", "python")


@functools.cache
def numpy_available() -> bool:
    """Whether numpy can be imported (without importing it)."""
    if "numpy" in sys.modules:
        return sys.modules["numpy"] is not None  # None: imports of it are blocked
    try:
        return importlib.util.find_spec("numpy") is not None
    except (ImportError, ValueError):
        return False


def choose_engine(engine: object) -> Literal["numpy", "python"]:
    """The engine to run: ``"numpy"`` or ``"python"`` (``"auto"``: numpy if installed)."""
    if engine == "python":
        return "python"
    if engine == "numpy":
        if not numpy_available():
            raise InvalidArgumentError(
                "engine='numpy' needs numpy, which is not installed: "
                "pip install 'hanoi-magnet[search]'"
            )
        return "numpy"
    if engine == "auto":
        return "numpy" if numpy_available() else "python"
    raise InvalidArgumentError(f"engine must be one of {', '.join(ENGINES)}; got {engine!r}")


def checked_position(rules: object, state: object, what: str) -> tuple[CodeLayout, State]:
    """The layout of ``state``'s puzzle under ``rules``, after checking that it is legal."""
    if not isinstance(rules, Rules):
        raise InvalidArgumentError(f"rules must be a Rules object, got {type(rules).__name__}")
    reason = rules.check_state(state)  # type: ignore[arg-type]  # refuses non-States itself
    if reason is not None:
        raise InvalidArgumentError(f"the {what} is not a legal position under {rules!r}: {reason}")
    assert isinstance(state, State)
    return CodeLayout(rules, state.n), state
