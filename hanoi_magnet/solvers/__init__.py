"""The built-in solvers: plan tables, each registered under its label on import."""

from hanoi_magnet.solvers import classic, magnetic

__all__ = ["classic", "magnetic"]
