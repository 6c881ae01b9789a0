"""Positions: unrank (the position after k moves) and rank (its inverse), in O(n) steps.

Both descend the plan: at each level, find the step that contains k; the disks that step does
not touch are where the position before the step has them; continue inside the step with the
offset — reversed for a time-reversed sub-solve, with its post map and colour swap composed
onto ours. Above :data:`~hanoi_magnet._engine.table.MEMO_SIZES` disks the descent is the
:class:`~hanoi_magnet._engine.descent.Walker` (nothing kept per size); below, compact records
kept per size and spanning several plan levels take over.
"""

from __future__ import annotations

import bisect

from hanoi_magnet._engine import table as tables
from hanoi_magnet._engine.binary import binary
from hanoi_magnet._engine.descent import Accumulator, Walker, _compose
from hanoi_magnet._engine.records import Config, Level, Template, decode, entries, level, template
from hanoi_magnet._engine.table import (
    COMPOSED,
    PERMUTATIONS,
    Table,
    compose_ids,
    permutation_id,
)
from hanoi_magnet.errors import NotOnPathError
from hanoi_magnet.model import Color, State


def unrank(table: Table, n: int, k: int) -> State:
    """The position after k moves (0 <= k <= length)."""
    fast = binary(table)
    if fast is not None:
        return fast.unrank(n, k)
    where = [0] * (n + 1)
    faces = [0] * (n + 1)
    walker = Walker(table, n, k, moves=False, stop=tables.MEMO_SIZES)
    while True:
        i = walker.choose()
        if i < 0:
            break
        base, mapping, swap = walker.base, walker.mapping, walker.swap
        if i == walker.count() or walker.is_move(i):
            # the goal of this level, or a move at its offset 0: the position is complete
            _fill(walker.config(i), base, mapping, swap, where, faces)
            return _state(table, n, where, faces)
        _fill(walker.outside(i), base, mapping, swap, where, faces)
        walker.enter(i)
    node, size, base, swap = walker.node, walker.size, walker.base, walker.swap
    k = walker.exact_k()
    perms, composed = PERMUTATIONS, COMPOSED
    mapping_id = permutation_id(walker.mapping)
    # Compact records spanning several plan levels. Each level places the disks its chosen
    # step does not touch, so a position exactly at a step boundary needs no special case (a
    # sub-solve at offset 0 is its own start); only k = length, the goal, is answered at once.
    while size:
        starts, records = node.memo.entries.get(size) or entries(node, size)
        i = bisect.bisect_right(starts, k) - 1
        if i == len(records):
            break  # the goal: answered below
        child, disks, low, posts_id, reverse, swapped, few, segments = records[i]
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
        _fill(node.goal_config(size), base, perms[mapping_id], swap, where, faces)
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


# --------------------------------------------------------------------------------------------
# rank


class _Target:
    """The position being ranked, as arrays by disk."""

    __slots__ = ("faces", "where")

    def __init__(self, state: State, n: int) -> None:
        self.where = [0] * (n + 1)
        self.faces = [0] * (n + 1)
        for post, stack in enumerate(state.posts):
            for disk in stack:
                self.where[disk] = post
        if state.faces is not None:
            for disk, face in enumerate(state.faces, 1):
                self.faces[disk] = face.bit

    def matches(self, config: Config, base: int, mapping: tuple[int, ...], swap: int) -> bool:
        """Whether the disks of ``config`` are where it puts them (largest disks first)."""
        where, faces = self.where, self.faces
        for lo, hi, post, face in reversed(config):
            where_to = mapping[post]
            face_up = face ^ swap if face >= 0 else -1
            for disk in range(base + hi, base + lo - 1, -1):
                if where[disk] != where_to or (face_up >= 0 and faces[disk] != face_up):
                    return False
        return True


# One level of a rank descent: the record (a level record, or a template), its size, the step
# taken (or the boundary where the position lies), and whether that step runs backwards.
_Visit = tuple["Level | Template", int, int, bool]


def rank(table: Table, n: int, state: State) -> int:
    """The index at which the solution passes through ``state``; inverse of :func:`unrank`.

    A step can contain the state only if the disks it does not touch are where the position
    before it has them. Where two steps qualify (two sub-solves in a row that leave the largest
    disk alone) both are tried; a wrong branch fails within a few levels, because the two
    sub-paths meet only at their common end. Boundaries that no sub-solve starts or ends at
    (between two moves) are compared whole.

    Above :data:`~hanoi_magnet._engine.table.MEMO_SIZES` disks the branch is found first (by
    positions alone, O(1) per level with templates) and its prefix sums added afterwards
    (:func:`_add_up`).
    """
    target = _Target(state, n)
    identity = tuple(range(table.posts))
    # Pending branches: node, size, lowest disk, post map, colour swap, path length, visit.
    branches: list[tuple[Table, int, int, tuple[int, ...], int, int, _Visit | None]] = [
        (table, n, 0, identity, 0, 0, None)
    ]
    path: list[_Visit] = []
    stop = tables.MEMO_SIZES
    where, faces = target.where, target.faces
    while branches:
        node, size, base, mapping, swap, depth, visit = branches.pop()
        del path[depth:]
        if visit is not None:
            path.append(visit)
        if size <= stop:
            local = _rank_small(node, size, base, mapping, swap, target)
            if local is not None:
                return _add_up(table, n, path, local)
            continue
        tpl = template(node) if node.fixed else None
        options: list[tuple[Table, int, int, tuple[int, ...], int, int, _Visit]] = []
        if tpl is not None and size >= tpl.start:
            for i, step in enumerate(tpl.steps):
                if step.table is None:
                    continue
                fits = True
                for lo_a, lo_b, hi_a, hi_b, post, face in tpl.outside[i]:
                    where_to = mapping[post]
                    face_up = face ^ swap if face >= 0 else -1
                    for disk in range(base + hi_a + hi_b * size, base + lo_a + lo_b * size - 1, -1):
                        if where[disk] != where_to or (face_up >= 0 and faces[disk] != face_up):
                            fits = False
                            break
                    if not fits:
                        break
                if fits:
                    options.append(
                        (step.table, size + step.offset, base + step.low_a + step.low_b * size,
                         _compose(mapping, step.posts), swap ^ step.swap, len(path),
                         (tpl, size, i, step.reverse))
                    )  # fmt: skip
            for j, covered in enumerate(tpl.covered):
                if not covered and target.matches(
                    decode(tpl.configs[j], size), base, mapping, swap
                ):
                    return _add_up(table, n, [*path, (tpl, size, j, False)], 0)
            branches.extend(reversed(options))
            continue
        record = level(node, size)
        for i, (child, disks, low, posts, reverse, swapped) in enumerate(record.steps):
            if child is None or not target.matches(record.outside[i], base, mapping, swap):
                continue
            options.append(
                (child, disks, base + low, _compose(mapping, posts), swap ^ swapped, len(path),
                 (record, size, i, reverse))
            )  # fmt: skip
        for j, config in enumerate(record.configs):
            if not record.covered[j] and target.matches(config, base, mapping, swap):
                return _add_up(table, n, [*path, (record, size, j, False)], 0)
        branches.extend(reversed(options))
    raise NotOnPathError("the solution never passes through this state")


def _rank_small(
    table: Table, n: int, base0: int, mapping0: tuple[int, ...], swap0: int, target: _Target
) -> int | None:
    """The local index of the target inside one small node (memoised records), or None."""
    # A pending branch: node, size, lowest disk, post map, colour swap, and the affine map
    # from the node's index to the local root's: index = offset + sign * local index.
    branches = [(table, n, base0, mapping0, swap0, 0, 1)]
    while branches:
        node, size, base, mapping, swap, offset, sign = branches.pop()
        if size == 0:
            return offset
        record = level(node, size)
        prefix = record.prefix
        options = []
        for i, (child, disks, low, posts, reverse, swapped) in enumerate(record.steps):
            if child is None or not target.matches(record.outside[i], base, mapping, swap):
                continue
            if reverse:
                child_offset, child_sign = offset + sign * prefix[i + 1], -sign
            else:
                child_offset, child_sign = offset + sign * prefix[i], sign
            options.append(
                (child, disks, base + low, _compose(mapping, posts), swap ^ swapped,
                 child_offset, child_sign)
            )  # fmt: skip
        for j, config in enumerate(record.configs):
            if not record.covered[j] and target.matches(config, base, mapping, swap):
                return offset + sign * prefix[j]
        branches.extend(reversed(options))
    return None


def _add_up(table: Table, n: int, path: list[_Visit], local: int) -> int:
    """The root index of a branch: the prefix sums along it, signed by the reversals above.

    Top down, index = sum over the levels of sign * prefix + sign * local, where a time-reversed
    step contributes the prefix after it and flips the sign below. Through templated levels the
    sum is kept lazily on the length system's basis, as a descent keeps its offset
    (:class:`~hanoi_magnet._engine.descent.Accumulator`).
    """
    total = Accumulator(table, n)
    sign = 1
    for record, m, i, reverse in path:
        if reverse:
            total.add(record, m, i + 1, sign)
            sign = -sign
        else:
            total.add(record, m, i, sign)
    return total.result() + sign * local
