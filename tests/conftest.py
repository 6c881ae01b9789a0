"""Shared test configuration: Hypothesis profiles.

``HYPOTHESIS_PROFILE=dev`` runs fewer examples while editing; ``ci`` (the default under CI)
derandomizes so a red build is reproducible; ``mutation`` (``nox -s mutation``) also stops at the
first failing example instead of shrinking it, so that a mutant which makes a property fail is
reported as killed at once, not cut off by mutmut's time limit while Hypothesis shrinks.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, settings

from tests.scale import MUTATION

# The plugin fixtures are imported through fake entry points; one fails on import on purpose.
# The loopback package is put on sys.path by tests/test_loopback.py (a temporary distribution)
# and imported by its own name, never collected from here.
collect_ignore_glob = ["plugins/*", "loopback/*", "data/*"]

# pytester runs the pytest plugin (and the tutorial's test file) in a fresh pytest session.
pytest_plugins = ["pytester"]

settings.register_profile("default", max_examples=100, deadline=None)
settings.register_profile("dev", max_examples=20, deadline=None)
settings.register_profile(
    "ci",
    max_examples=100,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "mutation",
    max_examples=100,
    deadline=None,
    derandomize=True,
    database=None,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


#: How long each test took in the mutation run's clean run (mutmut's stats, read once).
_DURATIONS: dict[str, float] = {}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """In a mutation run (``nox -s mutation``), the fastest tests first.

    mutmut stops a mutant's tests at the first failure, and sorts them by the time they took
    in its clean run itself only when it forks from the process that ran them, which keeps that
    run's caches (the reader's remembered lines); the fork server it is configured with forks
    from a process that only collected the tests, so the order is restored here.
    """
    stats = Path("mutmut-stats.json")  # mutmut runs the tests from its mutants/ folder
    if not MUTATION or not (_DURATIONS or stats.exists()):
        return
    if not _DURATIONS:
        _DURATIONS.update(json.loads(stats.read_text(encoding="utf-8"))["duration_by_test"])
    items.sort(key=lambda item: _DURATIONS.get(item.nodeid, 0.0))


@pytest.fixture(autouse=True)
def _readings_forgotten() -> None:
    """In a mutation run, every test reads afresh: nothing read by a test before it is remembered.

    The reader remembers lines, mentions, namings and notation names across calls; mutmut maps
    each function to the tests that call it in its clean run, so a function whose result an
    earlier test left in a memo was mapped to that test alone, and its mutants met no other.
    """
    if MUTATION:
        from tests.memos import forget_readings  # (imports the library: only then)

        forget_readings()
