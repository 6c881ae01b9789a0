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
from hanoi_magnet.classic_paths import classic_distance, classic_path_to_tower
from hanoi_magnet.counting import count, per_disk
from hanoi_magnet.draw import PostColors, render_strip, render_svg, render_text
from hanoi_magnet.errors import (
    AmbiguousNotationError,
    HanoiError,
    IllegalMoveError,
    InvalidArgumentError,
    MoveIndexError,
    NoRationalLimitError,
    NoRecurrenceError,
    NotationError,
    NotOnPathError,
    NotSolvedError,
    PlanError,
    Rule,
    SearchLimitError,
    SolverError,
    TooLargeError,
    UnknownVariantError,
    UnreachableError,
    UnsolvableError,
)
from hanoi_magnet.graph import DEFAULT_MAX_NODES, StateGraph, state_graph
from hanoi_magnet.graph_export import graph_dot, graph_svg
from hanoi_magnet.model import MAX_DISKS, Color, Move, State, post_name
from hanoi_magnet.paths import ShortestPath
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
from hanoi_magnet.search import DEFAULT_MAX_STATES, distance, legal_state_count, shortest_path
from hanoi_magnet.solution import Solution, clear_caches
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
    "DEFAULT_MAX_NODES",
    "DEFAULT_MAX_STATES",
    "ENTRY_POINT_GROUP",
    "MAX_DISKS",
    "SID_LABELS",
    "AmbiguousNotationError",
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
    "NotationError",
    "PlanError",
    "PlanSolver",
    "PluginWarning",
    "Polynomial",
    "PostColors",
    "Recurrence",
    "Registry",
    "Rule",
    "Rules",
    "SearchLimitError",
    "ShortestPath",
    "Solution",
    "Solver",
    "SolverError",
    "State",
    "StateGraph",
    "Step",
    "SubStep",
    "Term",
    "TooLargeError",
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
    "classic_distance",
    "classic_path_to_tower",
    "clear_caches",
    "closed_form",
    "count",
    "default_registry",
    "distance",
    "dominant_eigenvalue",
    "graph_dot",
    "graph_svg",
    "labels",
    "legal_state_count",
    "normalize_label",
    "parse_moves",
    "per_disk",
    "post_name",
    "recurrence",
    "register",
    "render_strip",
    "render_svg",
    "render_text",
    "shortest_path",
    "solve",
    "state_graph",
    "transition_matrix",
    "validate",
]
