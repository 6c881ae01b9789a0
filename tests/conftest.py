"""Shared test configuration: Hypothesis profiles.

``HYPOTHESIS_PROFILE=dev`` runs fewer examples while editing; ``ci`` (the default under CI)
derandomizes so a red build is reproducible.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

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
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
