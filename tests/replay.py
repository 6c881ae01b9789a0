"""A plain replay of moves, independent of the engine: stacks and face bits, nothing else.

The tests compare the engine's positions, moves and streams with what replaying the moves
one by one gives. Legality is checked here too (top disk, size, repulsion, post colour,
direction), so a wrong move anywhere fails loudly at its index.
"""

from __future__ import annotations

from collections.abc import Iterable

from hanoi_magnet import ClassicRules, Color, MagneticRules, Move, State
from hanoi_magnet.variants import Variant


def replay(
    variant: Variant, n: int, moves: Iterable[Move], wanted: Iterable[int] = ()
) -> tuple[int, dict[int, State]]:
    """Replay legally; return the number of moves and the positions after k moves, k wanted."""
    wanted = set(wanted)
    start = variant.start(n)
    stacks = [list(stack) for stack in start.posts]
    faces = [0] * (n + 1)
    if start.faces is not None:
        for disk, face in enumerate(start.faces, 1):
            faces[disk] = face.bit
    rules = variant.rules
    allowed = rules.allowed if isinstance(rules, ClassicRules) else None
    colors = (
        [None if c is None else c.bit for c in rules.post_colors]
        if isinstance(rules, MagneticRules)
        else None
    )

    def state() -> State:
        colours = None
        if colors is not None:
            colours = tuple(Color.BLUE if f else Color.RED for f in faces[1:])
        return State(tuple(tuple(s) for s in stacks), colours)

    found = {0: state()} if 0 in wanted else {}
    count = 0
    for index, move in enumerate(moves):
        source, target = stacks[move.source], stacks[move.target]
        disk = move.disk
        assert source and source[-1] == disk, f"move {index} {move}: not the top disk"
        assert not target or target[-1] > disk, f"move {index} {move}: size"
        if allowed is not None:
            assert (move.source, move.target) in allowed, f"move {index} {move}: direction"
        if colors is not None:
            face = faces[disk] ^ 1
            if target:
                assert faces[target[-1]] == face, f"move {index} {move}: repulsion"
            else:
                assert colors[move.target] in (None, face), f"move {index} {move}: post colour"
            faces[disk] = face
        target.append(source.pop())
        count = index + 1
        if count in wanted:
            found[count] = state()
    return count, found
