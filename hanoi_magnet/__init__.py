"""hanoi_magnet: the Tower of Hanoi and its Magnetic variants, solved optimally.

The top level holds what most code types: :func:`solve`, :func:`validate`, the values
(:class:`State`, :class:`Move`, :class:`Color`), the rules, :class:`Variant`,
:class:`Solution`, the registry and the errors. Everything else lives in the package that owns
it: :mod:`hanoi_magnet.plans` (writing solvers), :mod:`hanoi_magnet.theory` (counts,
recurrences, matrices), :mod:`hanoi_magnet.search` (distances, paths, state graphs),
:mod:`hanoi_magnet.draw` (pictures), :mod:`hanoi_magnet.notation` (moves as text),
:mod:`hanoi_magnet.evaluation` (puzzles for models, and scores), :mod:`hanoi_magnet.cli`,
:mod:`hanoi_magnet.view`, :mod:`hanoi_magnet.testing`. Each is also an attribute, imported on
first use (``hm.theory.count``): ``import hanoi_magnet`` imports no optional dependency.

Example:
    >>> import hanoi_magnet as hm
    >>> solution = hm.solve("NNN", 3)
    >>> solution.length
    11
    >>> print(solution.unrank(5))
    S: - | I: 2b 1b | D: 3b
    >>> hm.validate(solution, "NNN", 3).solved
    True
    >>> hm.theory.count("NNN", 3)
    11
"""

from __future__ import annotations

import importlib
import warnings
from typing import TYPE_CHECKING, Any

from hanoi_magnet import draw as _draw  # teaches positions and solutions to show themselves
from hanoi_magnet import model as _model
from hanoi_magnet import solvers as _solvers  # registers the built-in solvers
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
from hanoi_magnet.model import Color, Move, State
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
from hanoi_magnet.solution import Solution, clear_caches
from hanoi_magnet.validate import ValidationReport, check, validate
from hanoi_magnet.variants import Variant

if TYPE_CHECKING:  # for type checkers; at run time __getattr__ imports them on first use
    from hanoi_magnet import (  # noqa: F401
        cli,
        draw,
        errors,
        evaluation,
        model,
        notation,
        plans,
        search,
        testing,
        theory,
        variants,
        view,
    )

del _draw, _solvers

#: The version of this release (the one place it is written: the build reads it from here).
__version__ = "0.2.0"

__all__ = [
    "ENTRY_POINT_GROUP",
    "AmbiguousNotationError",
    "ClassicRules",
    "Color",
    "HanoiError",
    "IllegalMoveError",
    "InvalidArgumentError",
    "MagneticRules",
    "Move",
    "MoveIndexError",
    "NoRationalLimitError",
    "NoRecurrenceError",
    "NotOnPathError",
    "NotSolvedError",
    "NotationError",
    "PlanError",
    "PluginWarning",
    "Registry",
    "Rule",
    "Rules",
    "SearchLimitError",
    "Solution",
    "Solver",
    "SolverError",
    "State",
    "TooLargeError",
    "UnknownVariantError",
    "UnreachableError",
    "UnsolvableError",
    "ValidationReport",
    "Variant",
    "check",
    "clear_caches",
    "default_registry",
    "labels",
    "register",
    "solve",
    "validate",
]

#: Names that 0.1.0 exported here and that now live in the package that owns them. They still
#: work, with a DeprecationWarning naming the new home; they go in 0.3.
_MOVED = {
    **dict.fromkeys(("MAX_DISKS", "post_name"), "hanoi_magnet.model"),
    **dict.fromkeys(("SID_LABELS", "normalize_label"), "hanoi_magnet.variants"),
    **dict.fromkeys(
        ("MoveStep", "PlanSolver", "Step", "SubStep", "UnsolvablePlan"), "hanoi_magnet.plans"
    ),
    **dict.fromkeys(("MoveLike", "parse_moves"), "hanoi_magnet.validate"),
    **dict.fromkeys(
        (
            "Eigenvalue",
            "Equation",
            "Factorization",
            "Polynomial",
            "Recurrence",
            "Term",
            "TransitionMatrix",
            "asymptotic_factors",
            "characteristic_polynomial",
            "closed_form",
            "count",
            "dominant_eigenvalue",
            "per_disk",
            "recurrence",
            "transition_matrix",
        ),
        "hanoi_magnet.theory",
    ),
    **dict.fromkeys(
        (
            "DEFAULT_MAX_NODES",
            "DEFAULT_MAX_STATES",
            "ShortestPath",
            "StateGraph",
            "classic_distance",
            "classic_path_to_tower",
            "distance",
            "legal_state_count",
            "shortest_path",
            "state_graph",
        ),
        "hanoi_magnet.search",
    ),
    **dict.fromkeys(
        ("PostColors", "graph_dot", "graph_svg", "render_strip", "render_svg", "render_text"),
        "hanoi_magnet.draw",
    ),
}


#: The packages reachable as attributes (``hm.theory.count``), each imported on first use, so
#: that ``import hanoi_magnet`` imports no optional dependency (numpy, Hypothesis, SymPy) and
#: none of the applications. (``from hanoi_magnet import *`` imports none of them either.)
_SUBPACKAGES = frozenset(
    {
        "cli",
        "draw",
        "errors",
        "evaluation",
        "model",
        "notation",
        "plans",
        "search",
        "testing",
        "theory",
        "variants",
        "view",
    }
)


def _viewer_widget(subject: object, **options: Any) -> Any:
    """State.widget() and Solution.widget(): the viewer's widget, imported on first use."""
    from hanoi_magnet.view import widget  # noqa: PLC0415 (anywidget only when a widget is made)

    return widget(subject, **options)  # type: ignore[arg-type]


_model._WIDGET["widget"] = _viewer_widget


def __getattr__(name: str) -> Any:
    """The packages, imported on first use; the 0.1.0 top-level names that moved, with a warning."""
    if name in _SUBPACKAGES:
        # the import binds the package as an attribute here: later lookups do not come back
        return importlib.import_module(f"{__name__}.{name}")
    home = _MOVED.get(name)
    if home is None:
        raise AttributeError(f"module 'hanoi_magnet' has no attribute {name!r}")
    warnings.warn(
        f"hanoi_magnet.{name} moved to {home}.{name} in 0.2; the top-level name goes in 0.3",
        DeprecationWarning,
        stacklevel=2,
    )
    return getattr(importlib.import_module(home), name)


def __dir__() -> list[str]:
    return sorted({*__all__, *_MOVED, *_SUBPACKAGES, "__version__"})
