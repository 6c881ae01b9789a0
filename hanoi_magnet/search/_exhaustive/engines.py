"""Which engine runs a search: compiled (numba) or numpy when installed, pure Python otherwise.

numpy and numba are optional dependencies (``pip install 'hanoi-magnet[search]'``,
``'hanoi-magnet[compiled]'``): this module finds out whether they can be imported without
importing them, and nothing imports them before a search that uses them starts.
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

Engine: TypeAlias = Literal["auto", "compiled", "numpy", "python"]
ENGINES = ("auto", "compiled", "numpy", "python")
#: The kernels of the one breadth-first machinery (what :func:`choose_kernel` answers).
Kernel: TypeAlias = Literal["compiled", "recursive", "numpy", "python"]


def _importable(name: str) -> bool:
    if name in sys.modules:
        return sys.modules[name] is not None  # None: imports of it are blocked
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


@functools.cache
def numpy_available() -> bool:
    """Whether numpy can be imported (without importing it)."""
    return _importable("numpy")


def numba_available() -> bool:
    """Whether numba (and numpy) can be imported (without importing them)."""
    return numpy_available() and _numba_importable()


@functools.cache
def _numba_importable() -> bool:
    return _importable("numba")


#: ``"auto"`` runs the compiled kernel from this many codes on. Loading its kernels costs about
#: half a second per process (from numba's disk cache; about a second when first compiled),
#: which numpy's 4-6 M positions/s repay only from a few million codes (4^11 is 4,194,304).
COMPILED_FROM = 1 << 22


def wants_compiled(engine: object, size: int) -> bool:
    """Whether a search of ``size`` codes that has a compiled kernel runs it.

    ``"auto"``: if numba is installed and the search has at least :data:`COMPILED_FROM` codes.
    Searches without a compiled kernel run numpy for ``"compiled"`` (see
    :func:`choose_engine`).
    """
    if engine == "compiled":
        choose_engine(engine)  # refused with the install line when numba is missing
        return True
    return engine == "auto" and size >= COMPILED_FROM and numba_available()


def choose_kernel(
    engine: object,
    layout: CodeLayout,
    *,
    recursive: bool = True,
    work: int | None = None,
    compiled_posts: int = 4,
) -> Kernel:
    """The kernel a whole-space query runs: the one choice for every one of them.

    :func:`~hanoi_magnet.search.explore`, :func:`~hanoi_magnet.search.remoteness`,
    :func:`~hanoi_magnet.search.diameter`, :func:`~hanoi_magnet.search.invariants` and
    :func:`~hanoi_magnet.search.estimate_memory` all ask it: ``"compiled"`` on
    ``compiled_posts`` or more posts (four: on three, a search's layers are too thin for it,
    but not many searches') where :func:`wants_compiled` for ``work`` (default: the codes);
    on three posts with numpy, the recursion over the thirds of the space (``"recursive"``,
    where the query has one: ``recursive``); otherwise numpy's array layers, or pure Python
    without numpy.

    Example:
        >>> from hanoi_magnet import ClassicRules
        >>> choose_kernel("python", CodeLayout(ClassicRules(4), 5))
        'python'
        >>> choose_kernel("numpy", CodeLayout(ClassicRules(3), 5))
        'recursive'
    """
    chosen = choose_engine(engine)
    size = layout.size if work is None else work
    if layout.posts >= compiled_posts and wants_compiled(engine, size):
        return "compiled"
    if chosen == "numpy":
        return "recursive" if recursive and layout.posts == 3 else "numpy"
    return "python"


def choose_engine(engine: object) -> Literal["numpy", "python"]:
    """The array engine to run: ``"numpy"`` or ``"python"`` (``"auto"``: numpy if installed).

    ``"compiled"`` needs numba; the searches without a compiled kernel run numpy for it.
    """
    if engine == "python":
        return "python"
    if engine == "compiled":
        if not numba_available():
            raise InvalidArgumentError(
                "engine='compiled' needs numba, which is not installed: "
                "pip install 'hanoi-magnet[compiled]'"
            )
        return "numpy"
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
