"""hanoi-magnet-env: the hanoi_magnet puzzles as a verifiers environment (verifiers 0.4).

The task set and the environment live in ``hanoi_magnet.integrations.verifiers``; this package
exports them under the environment's own name, as verifiers loads environments
(``vf-eval hanoi-magnet-env``, ``vf-validate hanoi-magnet-env``).
"""

from hanoi_magnet.integrations.verifiers import HanoiMagnetEnv, HanoiMagnetTaskset

__all__ = ["HanoiMagnetEnv", "HanoiMagnetTaskset"]
