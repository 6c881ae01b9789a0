"""hanoi_magnet: the Tower of Hanoi and its Magnetic variants, solved optimally.

Example:
    >>> import hanoi_magnet as hm
    >>> solution = hm.solve("NNN", 3)
    >>> solution.length
    11
    >>> print(solution.unrank(5))
    S: - | I: 2b 1b | D: 3b
    >>> hm.validate(solution, "NNN", 3).solved
    True
"""

from hanoi_magnet import solvers as _solvers  # registers the built-in solvers
from hanoi_magnet.counting import count, per_disk
from hanoi_magnet.errors import (
    HanoiError,
    IllegalMoveError,
    InvalidArgumentError,
    MoveIndexError,
    NoRationalLimitError,
    NoRecurrenceError,
    NotOnPathError,
    NotSolvedError,
    PlanError,
    Rule,
    SearchLimitError,
    UnknownVariantError,
    UnreachableError,
    UnsolvableError,
)
from hanoi_magnet.model import MAX_DISKS, Color, Move, State, post_name
from hanoi_magnet.plans import MoveStep, PlanSolver, Step, SubStep, UnsolvablePlan
from hanoi_magnet.polynomial import Factorization, Polynomial
from hanoi_magnet.recurrences import Equation, Recurrence, Term, recurrence
from hanoi_magnet.registry import (
    ENTRY_POINT_GROUP,
    PluginWarning,
    Registry,
    Solver,
    default_registry,
    labels,
    register,
    solve,
)
from hanoi_magnet.rules import ClassicRules, MagneticRules, Rules
from hanoi_magnet.solution import Solution
from hanoi_magnet.theory import (
    Eigenvalue,
    TransitionMatrix,
    asymptotic_factors,
    characteristic_polynomial,
    closed_form,
    dominant_eigenvalue,
    transition_matrix,
)
from hanoi_magnet.validate import MoveLike, ValidationReport, check, parse_moves, validate
from hanoi_magnet.variants import SID_LABELS, Variant, normalize_label

del _solvers

__all__ = [
    "ENTRY_POINT_GROUP",
    "MAX_DISKS",
    "SID_LABELS",
    "ClassicRules",
    "Color",
    "Eigenvalue",
    "Equation",
    "Factorization",
    "HanoiError",
    "IllegalMoveError",
    "InvalidArgumentError",
    "MagneticRules",
    "Move",
    "MoveIndexError",
    "MoveLike",
    "MoveStep",
    "NoRationalLimitError",
    "NoRecurrenceError",
    "NotOnPathError",
    "NotSolvedError",
    "PlanError",
    "PlanSolver",
    "PluginWarning",
    "Polynomial",
    "Recurrence",
    "Registry",
    "Rule",
    "Rules",
    "SearchLimitError",
    "Solution",
    "Solver",
    "State",
    "Step",
    "SubStep",
    "Term",
    "TransitionMatrix",
    "UnknownVariantError",
    "UnreachableError",
    "UnsolvableError",
    "UnsolvablePlan",
    "ValidationReport",
    "Variant",
    "asymptotic_factors",
    "characteristic_polynomial",
    "check",
    "closed_form",
    "count",
    "default_registry",
    "dominant_eigenvalue",
    "labels",
    "normalize_label",
    "parse_moves",
    "per_disk",
    "post_name",
    "recurrence",
    "register",
    "solve",
    "transition_matrix",
    "validate",
]
