"""The plan engine's machinery (private): tables, move generation, positions, counts.

The public face is :mod:`hanoi_magnet.plans` (the step classes and :class:`PlanSolver`) and
:class:`hanoi_magnet.Solution`; everything here is an implementation detail.
"""
