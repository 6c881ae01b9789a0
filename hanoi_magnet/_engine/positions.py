"""Positions: unrank (the position after k moves) and rank (its inverse), in O(n) steps.

Both descend the level records: at each level, find the step that contains k (prefix sums);
the disks that step does not touch are where the position before the step has them; continue
inside the step with the offset — reversed for a time-reversed sub-solve, with its post map and
colour swap composed onto ours.
"""

from __future__ import annotations

import bisect

from hanoi_magnet._engine.moves import compose
from hanoi_magnet._engine.table import (
    COMPOSED,
    DEEP_SIZES,
    PERMUTATIONS,
    Config,
    Table,
    compose_ids,
    permutation_id,
)
from hanoi_magnet.errors import NotOnPathError
from hanoi_magnet.model import Color, State


def unrank(table: Table, n: int, k: int) -> State:
    """The position after k moves (0 <= k <= length).

    Large sizes descend one plan level at a time through the level records (big-integer
    arithmetic dominates there); from :data:`DEEP_SIZES` down, compact records spanning several
    plan levels take over. Both loops run to the bottom of the plan: each level places the
    disks its chosen step does not touch, so a position exactly at a step boundary needs no
    special case (a sub-solve at offset 0 is its own start); only k = length, the goal, is
    answered at once.
    """
    where = [0] * (n + 1)
    faces = [0] * (n + 1)
    perms, composed = PERMUTATIONS, COMPOSED
    node, size, base, swap = table, n, 0, 0
    mapping_id = permutation_id(tuple(range(table.posts)))
    while size > DEEP_SIZES:
        steps, prefix, configs = node._shallow.get(size) or node.shallow(size)
        i = bisect.bisect_right(prefix, k) - 1
        if i == len(steps):
            break  # the goal: answered below
        child, disks, low, posts, reverse, swapped = steps[i]
        mapping = perms[mapping_id]
        if child is None:  # a move, at its offset 0: the position before it is complete
            _fill(configs[i], base, mapping, swap, where, faces)
            return _state(table, n, where, faces)
        first, last = low + 1, low + disks
        for lo, hi, post, face in configs[i]:  # the disks this sub-solve does not touch
            for disk in (*range(lo, min(hi, first - 1) + 1), *range(max(lo, last + 1), hi + 1)):
                where[base + disk] = mapping[post]
                faces[base + disk] = face ^ swap
        k -= prefix[i]
        if reverse:
            k = prefix[i + 1] - prefix[i] - k
        node, size, base, swap = child, disks, base + low, swap ^ swapped
        mapping_id = compose_ids(mapping_id, permutation_id(posts))
    while size:
        starts, entries = node._entries.get(size) or node.entries(size)
        i = bisect.bisect_right(starts, k) - 1
        if i == len(entries):
            break  # the goal: answered below
        child, disks, low, posts_id, reverse, swapped, few, segments = entries[i]
        mapping = perms[mapping_id]
        for disk, post, face in few:
            where[base + disk] = mapping[post]
            faces[base + disk] = face ^ swap
        if segments:
            _fill(segments, base, mapping, swap, where, faces)
        if child is None:  # a move, at its offset 0: the position before it is complete
            return _state(table, n, where, faces)
        k -= starts[i]
        if reverse:
            k = starts[i + 1] - starts[i] - k
        node, size, base, swap = child, disks, base + low, swap ^ swapped
        key = mapping_id << 32 | posts_id
        mapping_id = composed.get(key) or compose_ids(mapping_id, posts_id)
    if size:  # k is the length of this node: its goal
        goal = ((1, size, node.cls.variant.target, node.goal_face),)
        _fill(goal, base, perms[mapping_id], swap, where, faces)
    return _state(table, n, where, faces)


def _fill(
    config: Config,
    base: int,
    mapping: tuple[int, ...],
    swap: int,
    where: list[int],
    faces: list[int],
) -> None:
    for lo, hi, post, face in config:
        where_to, face_up = mapping[post], face ^ swap
        for disk in range(base + lo, base + hi + 1):
            where[disk] = where_to
            faces[disk] = face_up


def _state(table: Table, n: int, where: list[int], faces: list[int]) -> State:
    stacks: list[list[int]] = [[] for _ in range(table.posts)]
    for disk in range(n, 0, -1):
        stacks[where[disk]].append(disk)
    colors = None
    if table.magnetic:
        colors = tuple(Color.BLUE if f else Color.RED for f in faces[1:])
    return State._trusted(tuple(map(tuple, stacks)), colors)


def rank(table: Table, n: int, state: State) -> int:
    """The index at which the solution passes through ``state``; inverse of :func:`unrank`.

    A step can contain the state only if the disks it does not touch are where the position
    before it has them. Where two steps qualify (two sub-solves in a row that leave the largest
    disk alone) both are tried; a wrong branch fails within a few levels, because the two
    sub-paths meet only at their common end. Boundaries that no sub-solve starts or ends at
    (between two moves) are compared whole.
    """
    where = [0] * (n + 1)
    faces = [0] * (n + 1)
    for post, stack in enumerate(state.posts):
        for disk in stack:
            where[disk] = post
    if state.faces is not None:
        for disk, face in enumerate(state.faces, 1):
            faces[disk] = face.bit
    # A pending branch: node, size, lowest disk, post map, colour swap, and the affine map
    # from the node's index to the root's: root index = offset + sign * local index.
    branches = [(table, n, 0, tuple(range(table.posts)), 0, 0, 1)]
    while branches:
        node, size, base, mapping, swap, offset, sign = branches.pop()
        if size == 0:
            return offset
        level = node.level(size)
        prefix = level.prefix
        options = []
        for i, (child, disks, low, posts, reverse, swapped) in enumerate(level.steps):
            if child is None or not _matches(level.outside[i], base, mapping, swap, where, faces):
                continue
            if reverse:
                child_offset, child_sign = offset + sign * prefix[i + 1], -sign
            else:
                child_offset, child_sign = offset + sign * prefix[i], sign
            options.append(
                (
                    child,
                    disks,
                    base + low,
                    compose(mapping, posts),
                    swap ^ swapped,
                    child_offset,
                    child_sign,
                )
            )
        for j, config in enumerate(level.configs):
            if not level.covered[j] and _matches(config, base, mapping, swap, where, faces):
                return offset + sign * prefix[j]
        branches.extend(reversed(options))
    raise NotOnPathError("the solution never passes through this state")


def _matches(
    config: Config,
    base: int,
    mapping: tuple[int, ...],
    swap: int,
    where: list[int],
    faces: list[int],
) -> bool:
    """Whether the disks of ``config`` are where it puts them (largest disks first)."""
    for lo, hi, post, face in reversed(config):
        where_to = mapping[post]
        face_up = face ^ swap if face >= 0 else -1
        for disk in range(base + hi, base + lo - 1, -1):
            if where[disk] != where_to or (face_up >= 0 and faces[disk] != face_up):
                return False
    return True
