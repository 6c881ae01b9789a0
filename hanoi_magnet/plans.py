"""The plan engine: a solver is a table of steps, and everything else is derived from it.

A plan solves a variant with n disks as a short list of steps, each either

* a :class:`MoveStep`: one move of one of the largest disks, or
* a :class:`SubStep`: a solve of some variant on a range of the disks (usually the n - 1
  smallest), its posts mapped onto ours, optionally run backwards in time (``reverse``) and
  optionally with red and blue swapped (``swap``).

From the table alone the engine computes exact lengths and per-disk counts, generates the moves
lazily (an explicit stack, no recursion limit), finds the move or the position at any index in
O(n) steps (:meth:`~hanoi_magnet.Solution.unrank`), and the index of a position
(:meth:`~hanoi_magnet.Solution.rank`). Tables are checked as they are used: every sub-solve must
start where the previous step left its disks, and the last step must leave the goal.

Sizes in a table are relative to n: ``MoveStep(..., disk=0)`` moves disk n, ``disk=-1`` disk
n - 1; ``SubStep(..., disks=-1)`` solves n - 1 disks and ``disks=0`` all n (a whole-puzzle
mirror or relaxation of another table).
"""

from __future__ import annotations

import bisect
import functools
import heapq
import itertools
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, ClassVar, NamedTuple, TypeAlias

import attrs

from hanoi_magnet.errors import InvalidArgumentError, NotOnPathError, PlanError, UnsolvableError
from hanoi_magnet.model import Color, Move, State, _integer, post_name
from hanoi_magnet.variants import Variant

if TYPE_CHECKING:
    from hanoi_magnet.solution import Solution

__all__ = ["MoveStep", "PlanSolver", "Step", "SubStep", "UnsolvablePlan"]

#: Sub-solves of at most this many moves are expanded once into a cached tuple of moves.
BLOCK_MOVES = 4096


def _post_number(value: object) -> int:
    if isinstance(value, str) and len(value) == 1 and value.upper() in "SID":
        return "SID".index(value.upper())
    return _integer(value, "a post")


def _post_map(value: object) -> tuple[int, ...]:
    if isinstance(value, str):
        if not all(ch in "SIDsid" for ch in value):
            raise InvalidArgumentError(f"posts as letters must use S, I and D, got {value!r}")
        return tuple("SID".index(ch) for ch in value.upper())
    if isinstance(value, (tuple, list)):
        return tuple(_post_number(p) for p in value)
    raise InvalidArgumentError(f"posts must be letters such as 'SDI' or a tuple, got {value!r}")


def _relative_size(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgumentError(f"a size relative to n must be an int <= 0, got {value!r}")
    if value > 0:
        raise InvalidArgumentError(f"a size relative to n must be <= 0 (n + value), got {value}")
    return value


@attrs.frozen(slots=True)
class MoveStep:
    """A plan step: one move of one of the largest disks.

    Args:
        source: the post it leaves (an int, or ``"S"``, ``"I"``, ``"D"``).
        target: the post it goes to.
        disk: which disk, relative to n: 0 for disk n (the default), -1 for disk n - 1.

    Example:
        >>> from hanoi_magnet import MoveStep
        >>> MoveStep("S", "D")
        MoveStep(source=0, target=2, disk=0)
    """

    source: int = attrs.field(converter=_post_number)
    target: int = attrs.field(converter=_post_number)
    disk: int = attrs.field(default=0, converter=_relative_size)

    def __str__(self) -> str:
        disk = "n" if self.disk == 0 else f"n{self.disk:+d}"
        return f"move disk {disk}: {post_name(self.source)} -> {post_name(self.target)}"


@attrs.frozen(slots=True)
class SubStep:
    """A plan step: solve the variant ``label`` on some of the disks.

    Args:
        label: the variant whose plan table solves this step.
        posts: where its posts go: ``posts[i]`` is our post for its post ``i``; letters
            ``"SDI"`` mean its S is our S, its I our D, its D our I.
        disks: how many disks, relative to n (``-1``: n - 1, ``0``: all n).
        largest: take the largest disks instead of the smallest (Frame–Stewart's middle step).
        reverse: run its solution backwards in time (it then goes from its goal to its start).
        swap: exchange red and blue (its start and goal colours included).

    Example:
        >>> from hanoi_magnet import SubStep
        >>> print(SubStep("RNN", posts="SDI"))
        RNN(n-1): S->S I->D D->I
    """

    label: str
    posts: tuple[int, ...] = attrs.field(default=(0, 1, 2), converter=_post_map)
    disks: int = attrs.field(default=-1, converter=_relative_size)
    largest: bool = False
    reverse: bool = False
    swap: bool = False

    def __attrs_post_init__(self) -> None:
        if len(set(self.posts)) != len(self.posts):
            raise InvalidArgumentError(f"posts must map to distinct posts, got {self.posts}")

    def __str__(self) -> str:
        size = "n" if self.disks == 0 else f"n{self.disks:+d}"
        count = len(self.posts)
        width = max(count, 3)
        mapping = " ".join(
            f"{post_name(i, count)}->{post_name(p, width)}" for i, p in enumerate(self.posts)
        )
        flags = "".join(
            [
                ", largest disks" if self.largest else "",
                ", reversed" if self.reverse else "",
                ", colours swapped" if self.swap else "",
            ]
        )
        return f"{self.label}({size}): {mapping}{flags}"


#: One step of a plan table.
Step: TypeAlias = MoveStep | SubStep


class PlanSolver:
    """Base class of solvers written as plan tables.

    A subclass sets :attr:`plan` (the same table for every n >= 1) or overrides
    :meth:`steps` (a table that depends on n, such as Frame–Stewart's best split). Register it
    with :func:`~hanoi_magnet.register`; sub-steps name other tables by label.

    Example:
        >>> from hanoi_magnet import MoveStep, PlanSolver, Registry, SubStep
        >>> registry = Registry()
        >>> @registry.register("classic")
        ... class Classic(PlanSolver):
        ...     '''The classic recursion: n-1 aside, the largest across, n-1 on top.'''
        ...     plan = (SubStep("classic", "SDI"), MoveStep("S", "D"), SubStep("classic", "ISD"))
        >>> registry.solve("classic", 10).length
        1023
    """

    #: The label the solver is registered under (set by :func:`~hanoi_magnet.register`).
    label: ClassVar[str]
    #: The puzzle it solves (parsed from the label unless the class sets it).
    variant: ClassVar[Variant]
    #: The plan table, used for every n >= 1 unless :meth:`steps` is overridden.
    plan: ClassVar[tuple[Step, ...]] = ()
    #: False for variants without any solution (see :class:`UnsolvablePlan`).
    solvable: ClassVar[bool] = True

    @classmethod
    def steps(cls, n: int) -> Sequence[Step]:
        """The plan for ``n`` >= 1 disks (by default :attr:`PlanSolver.plan`).

        Example:
            >>> from hanoi_magnet import default_registry
            >>> [str(s) for s in default_registry.get("classic").steps(3)]
            ['classic(n-1): S->S I->D D->I', 'move disk n: S -> D', 'classic(n-1): S->I I->S D->D']
        """
        return cls.plan

    @classmethod
    def _bind(cls, label: str) -> None:
        """Called on registration: remember the label and parse the variant."""
        if "label" not in cls.__dict__:
            cls.label = label
        if "variant" not in cls.__dict__:
            cls.variant = Variant.from_label(cls.label)
        _PLAN_INDEX.setdefault(cls.label, cls)

    def solve(self, n: int) -> Solution:
        """The optimal solution for ``n`` disks, as a lazy sequence of moves.

        Example:
            >>> from hanoi_magnet import default_registry
            >>> default_registry.solver("NNN").solve(3).length
            11
        """
        from hanoi_magnet.solution import Solution  # noqa: PLC0415 (solution imports plans)

        return Solution._from_plan(type(self), n)

    @classmethod
    def describe(cls) -> str:
        """The plan table as text, one step per line.

        Example:
            >>> from hanoi_magnet import default_registry
            >>> print(default_registry.get("NNN").describe())
            NNN(n) =
              RNN(n-1): S->S I->D D->I
              move disk n: S -> D
              NNR(n-1): S->I I->S D->D, colours swapped
        """
        lines = [f"{cls.label}(n) ="]
        try:
            lines.extend(f"  {step}" for step in cls.plan or cls.steps(4))
        except UnsolvableError as error:
            lines.append(f"  no solution: {error}")
        return "\n".join(lines)


class UnsolvablePlan(PlanSolver):
    """Base class for variants with no solution for any n >= 1.

    It has no plan; :meth:`steps` raises instead.

    :meth:`solve` returns the empty solution for n = 0 and otherwise raises
    :class:`~hanoi_magnet.UnsolvableError` naming why: in the start position only the top disk
    can move, and every move it has breaks a rule.

    Example:
        >>> from hanoi_magnet import solve
        >>> print(solve("NRR", 0).length)
        0
    """

    solvable: ClassVar[bool] = False

    @classmethod
    def steps(cls, n: int) -> Sequence[Step]:  # noqa: D102 (documented on PlanSolver)
        raise UnsolvableError(cls.reason(n))

    @classmethod
    def reason(cls, n: int) -> str:
        """Why there is no solution with ``n`` disks (computed from the rules).

        Example:
            >>> from hanoi_magnet import default_registry
            >>> print(default_registry.get("RRR").reason(1))  # doctest: +NORMALIZE_WHITESPACE
            variant RRR has no solution for 1 disk: no legal first move (disk 1: S -> I breaks
            the post color rule; disk 1: S -> D breaks the post color rule)
        """
        start = cls.variant.start(max(n, 1))
        rules = cls.variant.rules
        if rules.legal_moves(start):
            raise PlanError(f"{cls.label} is marked unsolvable but has a legal first move")
        tries = []
        for target in range(rules.posts):
            if target != cls.variant.source:
                move = Move(1, cls.variant.source, target)
                found = rules._violation(start, move)
                assert found is not None
                path = move.format(rules.posts).split(": ", 1)[1]
                tries.append(f"{path} breaks the {found[0].value} rule")
        return (
            f"variant {cls.label} has no solution for {n} disk{'' if n == 1 else 's'}: "
            "no legal first move "
            f"(disk 1: {'; disk 1: '.join(tries)})"
        )


# --------------------------------------------------------------------------------------------
# Tables: label resolution and the per-class computations.

_PLAN_INDEX: dict[str, type[PlanSolver]] = {}
#: Callables that build a plan class for a family label (e.g. ``classic:7``), or return None.
_PLAN_FAMILIES: list[Callable[[str], type[PlanSolver] | None]] = []


def _plan_class(label: str) -> type[PlanSolver]:
    cls = _PLAN_INDEX.get(label)
    if cls is None:
        for family in _PLAN_FAMILIES:
            made = family(label)
            if made is not None:
                made._bind(label)
                return made
        raise PlanError(f"a plan step names {label!r}, but no plan table has that label")
    return cls


class _Resolved(NamedTuple):
    """A step at a given size: absolute disk numbers, local to the node (1 = its smallest)."""

    table: _Table | None  # None for a move
    disks: int  # sub-solve size (1 for a move)
    low: int  # the sub-solve's disks are low+1 .. low+disks; a move's disk is low+1
    posts: tuple[int, ...]  # sub: its post -> our post; move: (source, target)
    reverse: bool
    swap: bool


# A configuration: segments (first disk, last disk, post, face bit or -1 for classic) covering
# disks 1..m of a node, sorted by disk.
_Segment: TypeAlias = tuple[int, int, int, int]
_Config: TypeAlias = tuple[_Segment, ...]


class _Table:
    """The engine's view of one plan class: resolved steps, lengths and boundary positions."""

    __slots__ = ("__weakref__", "_block_level", "boundaries", "cls", "lengths", "magnetic", "posts")

    def __init__(self, cls: type[PlanSolver]) -> None:
        self.cls = cls
        self.lengths: dict[int, int] = {0: 0}
        self.magnetic = cls.variant.magnetic
        self.posts = cls.variant.posts
        self.boundaries = functools.lru_cache(maxsize=4096)(self._boundaries)
        self._block_level = -1

    @property
    def block_level(self) -> int:
        """The largest size whose solution fits one cached block (lengths grow with size)."""
        if self._block_level < 0:
            size = 0
            while self.length(size + 1) <= BLOCK_MOVES:
                size += 1
            self._block_level = size
        return self._block_level

    def __repr__(self) -> str:
        return f"<plan table {self.cls.label}>"

    @property
    def start_face(self) -> int:
        face = self.cls.variant.start_face
        return -1 if face is None else face.bit

    @property
    def goal_face(self) -> int:
        face = self.cls.variant.goal_face
        return -1 if face is None else face.bit

    def resolve(self, m: int) -> tuple[_Resolved, ...]:
        """The steps for m >= 1 disks, with empty sub-solves dropped."""
        out = []
        for step in self.cls.steps(m):
            if isinstance(step, MoveStep):
                disk = m + step.disk
                if not 1 <= disk <= m:
                    raise PlanError(f"{self.cls.label}({m}): {step} names a disk that is not there")
                self._check_posts((step.source, step.target), step)
                out.append(_Resolved(None, 1, disk - 1, (step.source, step.target), False, False))
            else:
                size = m + step.disks
                if size < 0:
                    raise PlanError(f"{self.cls.label}({m}): {step} needs {size} disks")
                if size == 0:
                    continue
                table = _table(_plan_class(step.label))
                if len(step.posts) != table.posts:
                    raise PlanError(
                        f"{self.cls.label}: {step} maps {len(step.posts)} posts, but "
                        f"{step.label} has {table.posts}"
                    )
                self._check_posts(step.posts, step)
                low = m - size if step.largest else 0
                out.append(_Resolved(table, size, low, step.posts, step.reverse, step.swap))
        return tuple(out)

    def _check_posts(self, posts: tuple[int, ...], step: Step) -> None:
        if max(posts) >= self.posts:
            raise PlanError(f"{self.cls.label}: {step} names a post beyond 0..{self.posts - 1}")

    # -- lengths -------------------------------------------------------------------------------

    def length(self, m: int) -> int:
        """The exact number of moves for m disks (memoised, computed without recursion)."""
        known = self.lengths.get(m)
        if known is not None:
            return known
        pending: list[tuple[_Table, int]] = [(self, m)]
        active: set[tuple[_Table, int]] = set()
        while pending:
            table, size = pending[-1]
            if size in table.lengths:
                pending.pop()
                continue
            steps = table.resolve(size)
            missing = [
                (s.table, s.disks)
                for s in steps
                if s.table is not None and s.disks not in s.table.lengths
            ]
            if missing:
                if (table, size) in active:
                    raise PlanError(f"plan {table.cls.label}({size}) depends on itself")
                active.add((table, size))
                pending.extend(missing)
                continue
            active.discard((table, size))
            table.lengths[size] = sum(
                1 if s.table is None else s.table.lengths[s.disks] for s in steps
            )
            pending.pop()
        return self.lengths[m]

    def prefix(self, m: int, steps: tuple[_Resolved, ...]) -> list[int]:
        sums = [0]
        for s in steps:
            sums.append(sums[-1] + (1 if s.table is None else s.table.length(s.disks)))
        return sums

    # -- boundary positions ---------------------------------------------------------------------

    def _boundaries(self, m: int) -> tuple[tuple[_Resolved, ...], tuple[_Config, ...]]:
        """The steps, and the position before each step and after the last."""
        steps = self.resolve(m)
        config: list[_Segment] = [(1, m, self.cls.variant.source, self.start_face)]
        configs = [tuple(config)]
        for index, step in enumerate(steps):
            if step.table is None:
                disk = step.low + 1
                post, face = _where(config, disk)
                if post != step.posts[0]:
                    raise PlanError(
                        f"{self.cls.label}({m}) step {index}: disk {disk} should leave "
                        f"{post_name(step.posts[0], self.posts)} but lies on "
                        f"{post_name(post, self.posts)}"
                    )
                config = _assign(config, disk, disk, step.posts[1], face ^ 1 if face >= 0 else -1)
            else:
                table = step.table
                start_post, start_face = table.cls.variant.source, table.start_face
                end_post, end_face = table.cls.variant.target, table.goal_face
                if step.reverse:
                    start_post, start_face, end_post, end_face = (
                        end_post,
                        end_face,
                        start_post,
                        start_face,
                    )
                if step.swap and start_face >= 0:
                    start_face, end_face = start_face ^ 1, end_face ^ 1
                first, last = step.low + 1, step.low + step.disks
                want = (step.posts[start_post], start_face)
                for lo, hi, post, face in config:
                    if hi >= first and lo <= last and (post, face) != want:
                        raise PlanError(
                            f"{self.cls.label}({m}) step {index} ({table.cls.label}, disks "
                            f"{first}..{last}) should start with them on "
                            f"{post_name(want[0], self.posts)}{_face_text(want[1])}, but disks "
                            f"{max(lo, first)}..{min(hi, last)} lie on "
                            f"{post_name(post, self.posts)}{_face_text(face)}"
                        )
                config = _assign(config, first, last, step.posts[end_post], end_face)
            configs.append(tuple(config))
        goal = ((1, m, self.cls.variant.target, self.goal_face),)
        if configs[-1] != goal:
            raise PlanError(
                f"{self.cls.label}({m}) does not end in its goal: {configs[-1]} != {goal}"
            )
        return steps, tuple(configs)


def _face_text(face: int) -> str:
    return "" if face < 0 else (" red up" if face == 0 else " blue up")


def _where(config: list[_Segment], disk: int) -> tuple[int, int]:
    for lo, hi, post, face in config:
        if lo <= disk <= hi:
            return post, face
    raise AssertionError(f"disk {disk} missing from {config}")


def _assign(config: list[_Segment], first: int, last: int, post: int, face: int) -> list[_Segment]:
    """Put disks first..last on (post, face); keep segments sorted and merged."""
    out: list[_Segment] = []
    for lo, hi, p, f in config:
        if hi < first or lo > last:
            out.append((lo, hi, p, f))
            continue
        if lo < first:
            out.append((lo, first - 1, p, f))
        if hi > last:
            out.append((last + 1, hi, p, f))
    out.append((first, last, post, face))
    out.sort()
    merged: list[_Segment] = []
    for seg in out:
        if merged and merged[-1][1] + 1 == seg[0] and merged[-1][2:] == seg[2:]:
            merged[-1] = (merged[-1][0], seg[1], seg[2], seg[3])
        else:
            merged.append(seg)
    return merged


_TABLES: dict[type[PlanSolver], _Table] = {}
_CHECKED: set[tuple[_Table, int]] = set()
#: Tables are checked at every size up to this one, and at the size asked for.
_CHECK_SIZES = 4


def check_tables(table: _Table, n: int) -> None:
    """Check a table at size n, and every table it reaches at sizes up to a few disks.

    Deeper levels are checked when :func:`unrank` or :func:`rank` first visit them; the built-in
    tables are also replayed against the rules in the test suite.
    """
    pending = [(table, n), *((table, m) for m in range(1, min(n, _CHECK_SIZES) + 1))]
    while pending:
        node, size = pending.pop()
        if size == 0 or (node, size) in _CHECKED:
            continue
        node.boundaries(size)
        _CHECKED.add((node, size))
        if size <= _CHECK_SIZES:
            pending.extend((s.table, s.disks) for s in node.resolve(size) if s.table is not None)


def _table(cls: type[PlanSolver]) -> _Table:
    table = _TABLES.get(cls)
    if table is None:
        table = _TABLES[cls] = _Table(cls)
    return table


# --------------------------------------------------------------------------------------------
# Derived quantities.


def per_disk(table: _Table, n: int) -> tuple[int, ...]:
    """How often each disk moves (index size - 1), by propagating multiplicities down the plan.

    Each node (table, size, lowest disk) is visited once, largest size first, so the cost is
    O(number of distinct nodes x steps), not O(length). Within one size, a node is visited
    after every node that calls it at that size (whole-puzzle mirrors, relaxations).
    """
    if n == 0:
        return ()
    table.length(n)
    counts = [0] * (n + 1)
    by_size: dict[int, dict[tuple[_Table, int], int]] = {n: {(table, 0): 1}}
    sizes = [-n]
    while sizes:
        size = -heapq.heappop(sizes)
        weights = by_size.pop(size)
        for node, low in _callers_first(list(weights), size):
            mult = weights.pop((node, low))
            for step in node.resolve(size):
                if step.table is None:
                    counts[low + step.low + 1] += mult
                    continue
                key = (step.table, low + step.low)
                if step.disks == size:
                    weights[key] = weights.get(key, 0) + mult
                    continue
                bucket = by_size.get(step.disks)
                if bucket is None:
                    bucket = by_size[step.disks] = {}
                    heapq.heappush(sizes, -step.disks)
                bucket[key] = bucket.get(key, 0) + mult
    return tuple(counts[1:])


def _callers_first(nodes: list[tuple[_Table, int]], size: int) -> list[tuple[_Table, int]]:
    """The nodes of one size and those they call at that size, each after all its callers."""
    order: list[tuple[_Table, int]] = []
    state: dict[tuple[_Table, int], bool] = {}  # False: in progress, True: done

    def visit(node: tuple[_Table, int]) -> None:
        work = [(node, False)]
        while work:
            item, finished = work.pop()
            if finished:
                state[item] = True
                order.append(item)
                continue
            if item in state:
                if not state[item]:
                    raise PlanError(f"plan {item[0].cls.label} calls itself at size {size}")
                continue
            state[item] = False
            work.append((item, True))
            table, low = item
            work.extend(
                ((step.table, low + step.low), False)
                for step in table.resolve(size)
                if step.table is not None and step.disks == size
            )

    for node in nodes:
        visit(node)
    return order[::-1]


# --------------------------------------------------------------------------------------------
# Move generation: an explicit stack of frames; small sub-solves come from cached blocks.

_MOVES: dict[tuple[int, int, int], Move] = {}


def _move(disk: int, source: int, target: int) -> Move:
    """The interned Move (one object per distinct move)."""
    key = (disk, source, target)
    move = _MOVES.get(key)
    if move is None:
        move = _MOVES[key] = Move(disk, source, target)
    return move


@functools.lru_cache(maxsize=2048)
def _block(
    table: _Table, m: int, low: int, posts: tuple[int, ...], backwards: bool, flip: bool
) -> tuple[Move, ...]:
    """All moves of a small node, as one tuple (``flip``: moves run target -> source)."""
    out: list[Move] = []
    for block in _frames(table, m, low, posts, backwards, flip):
        out.extend(block)
    return tuple(out)


def _frames(
    table: _Table,
    m: int,
    low: int,
    posts: tuple[int, ...],
    backwards: bool,
    flip: bool,
    *,
    start: list[tuple[_Table, int, int, tuple[int, ...], bool, bool, int]] | None = None,
) -> Iterator[tuple[Move, ...]]:
    """Yield the moves of a node as tuples (blocks), walking the plan with an explicit stack.

    ``backwards`` walks the steps in reverse order; ``flip`` reverses each move's direction.
    A time-reversed sub-solve toggles both; reversing a sequence toggles only ``backwards``.
    """
    stack = start if start is not None else [(table, m, low, posts, backwards, flip, 0)]
    while stack:
        node, size, base, mapping, back, flp, index = stack.pop()
        steps = node.resolve(size)
        if index >= len(steps):
            continue
        step = steps[len(steps) - 1 - index if back else index]
        stack.append((node, size, base, mapping, back, flp, index + 1))
        if step.table is None:
            source, target = mapping[step.posts[0]], mapping[step.posts[1]]
            if flp:
                source, target = target, source
            yield (_move(base + step.low + 1, source, target),)
            continue
        sub_posts = tuple(mapping[p] for p in step.posts)
        sub_back, sub_flip = back ^ step.reverse, flp ^ step.reverse
        if step.disks <= step.table.block_level:
            yield _block(step.table, step.disks, base + step.low, sub_posts, sub_back, sub_flip)
        else:
            low = base + step.low
            stack.append((step.table, step.disks, low, sub_posts, sub_back, sub_flip, 0))


def iterate(
    table: _Table, n: int, start: int | None = None, *, backwards: bool = False
) -> Iterator[Move]:
    """The moves from index ``start`` on (``backwards``: from index ``start`` down to 0).

    Without ``start``, all of them (no length is computed). With it, the walk to ``start``
    descends the plan like :func:`move_at` (O(n) steps), building the stack of frames that
    generation then continues from, so no prefix is replayed.
    """
    identity = tuple(range(table.posts))
    if n == 0:
        return iter(())
    if start is None:
        return itertools.chain.from_iterable(_frames(table, n, 0, identity, backwards, False))
    if not 0 <= start < table.length(n):
        return iter(())
    stack: list[tuple[_Table, int, int, tuple[int, ...], bool, bool, int]] = []
    node, size, base, mapping, back, flp = table, n, 0, identity, backwards, False
    k = start  # forward index, within the current node, of the first move to yield
    head: tuple[Move, ...] = ()
    while True:
        steps = node.resolve(size)
        prefix = node.prefix(size, steps)
        i = bisect.bisect_right(prefix, k) - 1
        step = steps[i]
        # Index, in walk order, of the step after this one within the node.
        stack.append((node, size, base, mapping, back, flp, (len(steps) - i) if back else i + 1))
        offset = k - prefix[i]
        if step.table is None:
            source, target = mapping[step.posts[0]], mapping[step.posts[1]]
            if flp:
                source, target = target, source
            head = (_move(base + step.low + 1, source, target),)
            break
        sub_length = step.table.length(step.disks)
        sub_posts = tuple(mapping[p] for p in step.posts)
        sub_back, sub_flip = back ^ step.reverse, flp ^ step.reverse
        if step.reverse:
            offset = sub_length - 1 - offset
        if step.disks <= step.table.block_level:
            block = _block(step.table, step.disks, base + step.low, sub_posts, sub_back, sub_flip)
            # Position of forward index `offset` within the block, which is in walk order.
            at = sub_length - 1 - offset if sub_back else offset
            head = block[at:]
            break
        node, size, base, mapping, back, flp = (
            step.table,
            step.disks,
            base + step.low,
            sub_posts,
            sub_back,
            sub_flip,
        )
        k = offset
    rest = _frames(table, n, 0, identity, backwards, False, start=stack)
    return itertools.chain(head, itertools.chain.from_iterable(rest))


def move_at(table: _Table, n: int, k: int) -> Move:
    """The move at index k (0 <= k < length), by descending the plan: O(n) steps."""
    node, size, base, mapping, flp = table, n, 0, tuple(range(table.posts)), False
    while True:
        steps = node.resolve(size)
        prefix = node.prefix(size, steps)
        i = bisect.bisect_right(prefix, k) - 1
        step = steps[i]
        if step.table is None:
            source, target = mapping[step.posts[0]], mapping[step.posts[1]]
            if flp:
                source, target = target, source
            return _move(base + step.low + 1, source, target)
        offset = k - prefix[i]
        if step.reverse:
            offset = step.table.length(step.disks) - 1 - offset
        node, size, base = step.table, step.disks, base + step.low
        mapping = tuple(mapping[p] for p in step.posts)
        flp ^= step.reverse
        k = offset


# --------------------------------------------------------------------------------------------
# Unrank and rank.


def unrank(table: _Table, n: int, k: int) -> State:
    """The position after k moves (0 <= k <= length): O(n) steps of big-integer arithmetic.

    Descend: find the step that contains k; the disks that step does not touch are where the
    position before the step has them; continue inside the step with its offset.
    """
    where = [0] * (n + 1)
    faces = [0] * (n + 1)
    node, size, base, mapping, swap = table, n, 0, tuple(range(table.posts)), 0
    while size:
        steps, configs = node.boundaries(size)
        prefix = node.prefix(size, steps)
        i = bisect.bisect_right(prefix, k) - 1
        if prefix[i] == k:  # exactly at a step boundary: every disk is known
            _fill(configs[i], 1, size, base, mapping, swap, where, faces)
            break
        step = steps[i]
        assert step.table is not None  # a move step has length 1, so k is at its start
        first, last = step.low + 1, step.low + step.disks
        if first > 1:
            _fill(configs[i], 1, first - 1, base, mapping, swap, where, faces)
        if last < size:
            _fill(configs[i], last + 1, size, base, mapping, swap, where, faces)
        offset = k - prefix[i]
        if step.reverse:
            offset = step.table.length(step.disks) - offset
        node, size, base = step.table, step.disks, base + step.low
        mapping = tuple(mapping[p] for p in step.posts)
        swap ^= step.swap
        k = offset
    return _state(table, n, where, faces)


def _fill(
    config: _Config,
    first: int,
    last: int,
    base: int,
    mapping: tuple[int, ...],
    swap: int,
    where: list[int],
    faces: list[int],
) -> None:
    for lo, hi, post, face in config:
        lo, hi = max(lo, first), min(hi, last)
        if lo > hi:
            continue
        p, f = mapping[post], face ^ swap if face >= 0 else 0
        for disk in range(base + lo, base + hi + 1):
            where[disk] = p
            faces[disk] = f


def _state(table: _Table, n: int, where: list[int], faces: list[int]) -> State:
    stacks: list[list[int]] = [[] for _ in range(table.posts)]
    for disk in range(n, 0, -1):
        stacks[where[disk]].append(disk)
    colors = None
    if table.magnetic:
        colors = tuple(Color.BLUE if f else Color.RED for f in faces[1:])
    return State._trusted(tuple(tuple(s) for s in stacks), colors)


def rank(table: _Table, n: int, state: State) -> int:
    """The index at which the solution passes through ``state``; inverse of :func:`unrank`.

    Descend like unrank: a step can contain the state only if the disks it does not touch are
    where the position before it has them. Where two steps qualify (for instance two sub-solves
    in a row that leave the largest disk alone) both are tried; a wrong branch fails within a
    few levels because the two sub-paths meet only at their common end.
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
    # from the node's index to the root's: root = offset + sign * local.
    branches = [(table, n, 0, tuple(range(table.posts)), 0, 0, 1)]
    while branches:
        node, size, base, mapping, swap, offset, sign = branches.pop()
        if size == 0:
            return offset
        steps, configs = node.boundaries(size)
        prefix = node.prefix(size, steps)
        covered = [False] * len(configs)
        options = []
        for i, step in enumerate(steps):
            if step.table is None:
                continue
            covered[i] = covered[i + 1] = True
            first, last = step.low + 1, step.low + step.disks
            if _matches(configs[i], last + 1, size, base, mapping, swap, where, faces) and (
                first == 1 or _matches(configs[i], 1, first - 1, base, mapping, swap, where, faces)
            ):
                length = step.table.length(step.disks)
                if step.reverse:
                    child = (offset + sign * (prefix[i] + length), -sign)
                else:
                    child = (offset + sign * prefix[i], sign)
                options.append(
                    (
                        step.table,
                        step.disks,
                        base + step.low,
                        tuple(mapping[p] for p in step.posts),
                        swap ^ step.swap,
                        *child,
                    )
                )
        for j, config in enumerate(configs):
            if not covered[j] and _matches(config, 1, size, base, mapping, swap, where, faces):
                return offset + sign * prefix[j]
        branches.extend(reversed(options))
    raise NotOnPathError("the solution never passes through this state")


def _matches(
    config: _Config,
    first: int,
    last: int,
    base: int,
    mapping: tuple[int, ...],
    swap: int,
    where: list[int],
    faces: list[int],
) -> bool:
    """Whether disks first..last are where ``config`` puts them (largest disks checked first)."""
    for lo, hi, post, face in reversed(config):
        lo, hi = max(lo, first), min(hi, last)
        if lo > hi:
            continue
        p = mapping[post]
        f = face ^ swap if face >= 0 else -1
        for disk in range(base + hi, base + lo - 1, -1):
            if where[disk] != p or (f >= 0 and faces[disk] != f):
                return False
    return True
