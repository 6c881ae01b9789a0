"""Hypothesis strategies used by the library's own tests (until hanoi_magnet.testing exists)."""

from __future__ import annotations

from hypothesis import strategies as st

from hanoi_magnet import SID_LABELS, ClassicRules, MagneticRules, Rules, State, default_registry

SOLVABLE_SID = tuple(label for label in SID_LABELS if default_registry.get(label).solvable)


def rules_objects() -> st.SearchStrategy[Rules]:
    classic = st.builds(ClassicRules, st.integers(3, 5))
    restricted = st.sampled_from(
        [
            ClassicRules(3, [(0, 1), (1, 0), (1, 2), (2, 1)]),
            ClassicRules(3, [(0, 1), (1, 2), (2, 0)]),
        ]
    )
    magnetic = st.builds(MagneticRules, st.sampled_from(SID_LABELS))
    return st.one_of(classic, restricted, magnetic)


@st.composite
def walks(draw: st.DrawFn, *, max_disks: int = 5, max_steps: int = 40):
    """(rules, states along a random legal walk from a start tower, the moves taken)."""
    rules = draw(rules_objects())
    n = draw(st.integers(0, max_disks))
    face = None
    if isinstance(rules, MagneticRules):
        from hanoi_magnet import Color

        face = rules.post_colors[0] or Color.RED
    state = State.tower(n, 0, posts=rules.posts, face=face)
    states, moves = [state], []
    for _ in range(draw(st.integers(0, max_steps))):
        options = rules.legal_moves(state)
        if not options:
            break
        move = draw(st.sampled_from(options))
        state = rules.apply(state, move)
        states.append(state)
        moves.append(move)
    return rules, states, moves
