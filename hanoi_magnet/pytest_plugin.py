"""pytest plugin: run :func:`hanoi_magnet.testing.check_solver` from a fixture or a marker.

pytest loads this module (entry point ``pytest11``, plugin name ``hanoi_magnet``) in every
project where hanoi_magnet is installed, so it imports nothing at load time beyond pytest and
defers the toolkit (and Hypothesis) to the first check. Disable it with ``-p no:hanoi_magnet``.

* Fixture ``hanoi_check_solver``: call it like :func:`~hanoi_magnet.testing.check_solver`; it
  returns the :class:`~hanoi_magnet.testing.ConformanceReport`, and a failure fails the test
  with the (smallest, shrunk) counter-example rather than a long traceback.
* Marker ``@pytest.mark.hanoi_solver(solver, **options)``: the same check runs before the
  test's body.

Example:
    >>> from hanoi_magnet import pytest_plugin
    >>> pytest_plugin.MARKER
    'hanoi_solver'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from hanoi_magnet.testing import ConformanceReport

__all__ = ["MARKER", "hanoi_check_solver", "pytest_configure", "pytest_runtest_call"]

#: The marker's name.
MARKER = "hanoi_solver"


def pytest_configure(config: pytest.Config) -> None:
    """Declare the marker (so ``--strict-markers`` accepts it).

    Example:
        >>> from hanoi_magnet.pytest_plugin import pytest_configure
        >>> callable(pytest_configure)
        True
    """
    config.addinivalue_line(
        "markers",
        f"{MARKER}(solver, **options): check a hanoi_magnet solver (a class, an instance or a "
        "label) with hanoi_magnet.testing.check_solver before the test runs",
    )


def _check(solver: object, **options: Any) -> ConformanceReport | tuple[ConformanceReport, ...]:
    """Run check_solver; report a failure as a test failure with its counter-example."""
    try:
        from hanoi_magnet.testing import ConformanceError, check_solver  # noqa: PLC0415 (lazy)
    except ImportError as error:
        message = str(error)
    else:
        try:
            return check_solver(solver, **options)
        except ConformanceError as error:
            notes = "\n".join(getattr(error, "__notes__", ()))
            message = f"{error}\n{notes}".rstrip()
    # Failing outside the except clauses keeps the report free of chained tracebacks.
    pytest.fail(message, pytrace=False)


@pytest.fixture
def hanoi_check_solver() -> Callable[..., ConformanceReport | tuple[ConformanceReport, ...]]:
    """A function like :func:`~hanoi_magnet.testing.check_solver` whose failures fail the test.

    Example:
        >>> from hanoi_magnet.pytest_plugin import hanoi_check_solver
        >>> hanoi_check_solver.__name__
        'hanoi_check_solver'
    """
    return _check


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_call(item: pytest.Item) -> None:
    """Before a test marked ``hanoi_solver`` runs, check the solvers its markers name.

    Example:
        >>> from hanoi_magnet.pytest_plugin import pytest_runtest_call
        >>> callable(pytest_runtest_call)
        True
    """
    for marker in item.iter_markers(name=MARKER):
        if len(marker.args) != 1:
            pytest.fail(
                f"@pytest.mark.{MARKER} takes one solver (a class, an instance or a label), "
                f"got {len(marker.args)} arguments",
                pytrace=False,
            )
        _check(marker.args[0], **marker.kwargs)
