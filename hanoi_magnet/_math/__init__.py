"""Exact arithmetic on integer polynomials and small matrices (for the engine and the theory)."""
