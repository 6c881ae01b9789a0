"""Collect the harness adapters' doctests only where their harness is installed.

Each module of ``hanoi_magnet/integrations`` imports its harness when imported, so collecting
its doctests without the harness would fail; the tests of each adapter skip on their own.
"""

from __future__ import annotations

import importlib.util


def _missing(*modules: str) -> bool:
    for module in modules:
        try:
            if importlib.util.find_spec(module) is None:
                return True
        except ImportError:  # a submodule of a missing package (verifiers.v1 without verifiers)
            return True
    return False


_NEEDS = {
    "reasoning_gym.py": ("reasoning_gym",),
    "inspect_ai.py": ("inspect_ai",),
    "gymnasium.py": ("gymnasium", "numpy"),
    "hf_datasets.py": ("pyarrow", "datasets"),
    "verifiers.py": ("verifiers.v1",),  # verifiers 0.4 and later
    "openenv.py": ("openenv.core",),
}

collect_ignore = [
    f"hanoi_magnet/integrations/{name}" for name, needs in _NEEDS.items() if _missing(*needs)
]
