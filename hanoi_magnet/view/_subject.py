"""What the widget is given to show: a Solution, a path or a State, as the viewer's route.

The viewer names its puzzles by registry label (the page asks the library by label). Any rules
the registry has a label for are shown under that label: a shortest path from
:func:`hanoi_magnet.search.shortest_path` carries the variant ``path``, but its rules are, say,
``MagneticRules('NNN')``, so it is shown as ``NNN`` between its own ends. A given Solution is
scrubbed as it is (its own moves, optimal or not), not replaced by the library's route.
"""

from __future__ import annotations

import attrs

from hanoi_magnet import _arcs
from hanoi_magnet.errors import HanoiError, InvalidArgumentError
from hanoi_magnet.model import State
from hanoi_magnet.registry import default_registry
from hanoi_magnet.rules import ClassicRules, MagneticRules, Rules
from hanoi_magnet.search import ShortestPath
from hanoi_magnet.solution import Solution
from hanoi_magnet.view._scene import Route, checked_variant, route


def _candidates(rules: Rules) -> list[str]:
    if isinstance(rules, MagneticRules):
        return [rules.label]
    if isinstance(rules, ClassicRules):
        if rules.allowed is None:
            return ["classic" if rules.posts == 3 else f"classic:{rules.posts}"]
        if rules.posts == 3:
            return [f"arcs:{_arcs.spell(rules.allowed)}"]
    return []


def label_for(rules: Rules) -> str:
    """The registry label whose rules are ``rules`` (the canonical one).

    Raises:
        InvalidArgumentError: no label of the registry has these rules.

    Example:
        >>> from hanoi_magnet import ClassicRules, MagneticRules
        >>> from hanoi_magnet.view._subject import label_for
        >>> label_for(MagneticRules("rbn")), label_for(ClassicRules(4))
        ('RBN', 'classic:4')
        >>> label_for(ClassicRules(allowed=[(0, 1), (1, 0), (1, 2), (2, 1)]))
        'linear'
    """
    for label in _candidates(rules):
        try:
            variant = default_registry.variant(label)
        except HanoiError:
            continue
        if variant.rules == rules:
            return variant.label
    raise InvalidArgumentError(
        f"the viewer shows the puzzles it has a label for; no label has the rules {rules!r}"
    )


def subject_route(subject: Solution | ShortestPath) -> Route:
    """The route the widget scrubs for ``subject``: its own moves between its own ends.

    Raises:
        InvalidArgumentError: no label has the subject's rules, or it is beyond the viewer's
            limits (disks, posts).
    """
    rules = subject.rules if isinstance(subject, ShortestPath) else subject.variant.rules
    label = label_for(rules)
    n = subject.start.n if isinstance(subject, ShortestPath) else subject.n
    variant = checked_variant(label, n)
    found = Route(variant, n, subject.start, subject.goal, subject.length, None, subject)
    return attrs.evolve(found, optimal=_shortest(found))


def _shortest(found: Route) -> bool:
    """Whether a route given to the viewer is as short as the viewer's own between its ends."""
    try:
        own = route(found.variant.label, found.n, *found.ends)
    except HanoiError:  # beyond the viewer's search: not known to be shortest
        return False
    return own.length == found.length


def guess_label(state: State) -> str:
    """The rules a position is played under when none are named: NNN, or the classic ones."""
    posts = len(state.posts)
    if state.magnetic:
        return "N" * posts
    return "classic" if posts == 3 else f"classic:{posts}"
