"""Collect the harness adapters' doctests only where their harness is installed.

Each module of ``hanoi_magnet/integrations`` imports its harness when imported, so collecting
its doctests without the harness would fail; the tests of each adapter skip on their own.
"""

from __future__ import annotations

import importlib.util


def _missing(*modules: str) -> bool:
    return any(importlib.util.find_spec(module) is None for module in modules)


def _classic_verifiers() -> bool:
    """Whether verifiers has its classic environments (0.2, 0.3; 0.4 replaced them)."""
    if _missing("verifiers"):
        return False
    import verifiers  # noqa: PLC0415 (only when installed)

    return hasattr(verifiers, "MultiTurnEnv")


_NEEDS = {
    "reasoning_gym.py": ("reasoning_gym",),
    "inspect_ai.py": ("inspect_ai",),
    "gymnasium.py": ("gymnasium", "numpy"),
    "hf_datasets.py": ("pyarrow", "datasets"),
}

collect_ignore = [
    f"hanoi_magnet/integrations/{name}" for name, needs in _NEEDS.items() if _missing(*needs)
]
if not _classic_verifiers():
    collect_ignore.append("hanoi_magnet/integrations/verifiers.py")
