"""A shortest path between two positions, as a lazy sequence (public home: hanoi_magnet.search).

On three posts the path comes from the chains and runs as plan tables
(:mod:`~hanoi_magnet._engine.routes`): everything a :class:`~hanoi_magnet.Solution` offers —
length, moves, indexing and slices, ``unrank`` and ``rank``, per-disk counts — in O(n) steps,
with nothing materialised.

Between two towers no chains are needed: the tower problem's own optimal plan table
(:mod:`~hanoi_magnet._engine.towers`, the one :func:`~hanoi_magnet.search.distance` reads its
length from), placed on the towers' posts, is the path, and it streams as ``solve`` does. The
chains' route would give the same moves, but it reads every level's exact length (up to n
bits, n levels: quadratic) before the first move.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from hanoi_magnet._backends import PlanBackend
from hanoi_magnet._engine import routes
from hanoi_magnet._engine.chains import Chains
from hanoi_magnet._engine.routes import Route
from hanoi_magnet._engine.table import Table, table_of
from hanoi_magnet._engine.towers import Problem, rules_key, solves, tower_table
from hanoi_magnet._errors import _shorten
from hanoi_magnet._steps import PlanTable, SubStep, plan_class, register_plan
from hanoi_magnet.errors import InvalidArgumentError, TooLargeError, UnreachableError
from hanoi_magnet.model import Color, State, post_name
from hanoi_magnet.rules import ClassicRules, MagneticRules, Rules
from hanoi_magnet.solution import Solution
from hanoi_magnet.variants import Variant

__all__ = ["Path", "three_post_path", "tower_of"]


class Path(Solution):
    """A shortest path from one legal position to another: a :class:`~hanoi_magnet.Solution`.

    Its :attr:`start` and :attr:`goal` are the positions it joins; :attr:`rules` the rules it
    follows. Everything else is a Solution's: exact :attr:`~hanoi_magnet.Solution.length`,
    iteration, indexing and slices, :meth:`~hanoi_magnet.Solution.unrank`,
    :meth:`~hanoi_magnet.Solution.rank` and :attr:`~hanoi_magnet.Solution.per_disk`, in O(n)
    steps.

    Example:
        >>> from hanoi_magnet import MagneticRules, State
        >>> from hanoi_magnet.search import shortest_path
        >>> start = State([[3], [2, 1], []], faces="BBR")
        >>> goal = State([[], [], [3, 2, 1]], faces="BBB")
        >>> path = shortest_path(MagneticRules("NNN"), start, goal)
        >>> path.length, path.unrank(path.length) == path.goal, path.rank(start)
        (7, True, 0)
    """

    __slots__ = ("_goal_state", "_rules", "_start_state")

    def __init__(
        self, rules: Rules, start: State, goal: State, variant: Variant, plan: Table
    ) -> None:
        """Use :func:`~hanoi_magnet.search.shortest_path`; this is internal."""
        super().__init__(variant, start.n, PlanBackend(plan, start.n), (rules, start, goal))
        self._rules = rules
        self._start_state = start
        self._goal_state = goal

    @property
    def rules(self) -> Rules:
        """The rules every move follows."""
        return self._rules

    @property
    def start(self) -> State:
        """The position before the first move."""
        return self._start_state

    @property
    def goal(self) -> State:
        """The position after the last move."""
        return self._goal_state

    def states(self) -> Iterator[State]:
        """The positions along the path, :attr:`start` first and :attr:`goal` last, replayed.

        Example:
            >>> from hanoi_magnet import ClassicRules, State
            >>> from hanoi_magnet.search import shortest_path
            >>> path = shortest_path(ClassicRules(), State.tower(1), State.tower(1, 2))
            >>> [str(state) for state in path.states()]
            ['S: 1 | I: - | D: -', 'S: - | I: - | D: 1']
        """
        state = self._start_state
        yield state
        for move in self:
            state = self._rules._unchecked_apply(state, move)
            yield state

    def __repr__(self) -> str:
        length = self.length
        shown = str(length) if length < 10**40 else f"<{length.bit_length():,} bits>"
        return f"<Path {self._rules!r}, {self.n} disks: {shown} moves>"


def three_post_path(
    rules: Rules,
    start: State,
    goal: State,
    *,
    variant: Variant | None = None,
    plan: Table | None = None,
) -> Path:
    """The shortest path on three posts (the positions are checked by the caller).

    ``plan``: an optimal plan table from ``start`` to ``goal`` (a built-in variant's own, for
    its own towers), used as it stands.
    """
    variant = variant or _describe(rules, start, goal)
    placed = plan or _between_towers(rules, start, goal)
    if placed is not None:
        return Path(rules, start, goal, variant, placed)
    _refuse_too_large(start.n)  # before the chains record anything
    chains = Chains(rules, start, goal, record=True, counting=False)
    if chains.distance is None:
        raise UnreachableError(unreachable(rules, start, goal, chains))
    route = Route(rules, start, goal, chains)
    return Path(rules, start, goal, variant, table_of(route.tables["between"]))


def tower_of(state: State) -> tuple[int, int] | None:
    """The post and face bit (-1 without faces) of a tower of n >= 1 disks; else None."""
    posts = [post for post, stack in enumerate(state.posts) if stack]
    if len(posts) != 1:
        return None
    faces = state.faces
    if faces is None:
        return posts[0], -1
    bit = faces[0].bit
    if any(face.bit != bit for face in faces):
        return None
    return posts[0], bit


def _between_towers(rules: Rules, start: State, goal: State) -> Table | None:
    """The plan table of the path between two different towers, or None (not two towers)."""
    if not isinstance(rules, (ClassicRules, MagneticRules)):
        return None
    a, b = tower_of(start), tower_of(goal)
    if a is None or b is None or a[0] == b[0]:
        return None  # the same post (at most a change of face): the chains decide
    colours, arcs = rules_key(rules)
    found = tower_table(Problem(colours, arcs, a[0], a[1], b[0], b[1]))
    if found is None or not solves(found[0], start.n):
        return None  # unsolvable at this size: the chains say why
    table, placement = found
    ends = _describe(rules, start, goal)  # the towers' posts and faces: the table's start, goal
    return table_of(_placed(table.label, placement.posts, placement.swap, ends))


@functools.lru_cache(maxsize=256)
def _placed(label: str, posts: tuple[int, ...], swap: bool, variant: Variant) -> type[PlanTable]:
    """A plan table of one step: the tower table ``label`` on all n disks, placed on ``posts``.

    ``variant`` says where its towers are (the engine checks the step starts there). One per
    tower problem and placement (kept: the engine memoises per table).
    """
    plan_class(label)  # the table placed must exist
    placed = f"~placed({label}; {''.join('SID'[p] for p in posts)}{'; swapped' if swap else ''})"
    table = type(
        "PlacedTower",
        (PlanTable,),
        {
            "label": placed,
            "variant": variant,
            "plan": (SubStep(label, posts, disks=0, swap=swap),),
            "__module__": __name__,
            "__doc__": f"The tower plan {label} placed on posts {posts}.",
        },
    )
    register_plan(placed, table)
    return table


def _refuse_too_large(n: int) -> None:
    """Refuse at once a path whose recorded choices would pass :data:`routes.PATH_MEMORY`.

    A route keeps its parts' exact lengths in O(n) bits (:mod:`~hanoi_magnet._engine.routes`),
    but the chains record the choices of every level (a few small tuples per tower, about
    :data:`routes.BYTES_PER_LEVEL` bytes) before the route reads the ones it follows. The
    distance itself takes O(n) memory and is not limited.
    """
    need = n * routes.BYTES_PER_LEVEL
    if need > routes.PATH_MEMORY:
        raise TooLargeError(
            f"a shortest path of {n:,} disks between these positions is too large to build: "
            f"its choices would take about {need // 2**20:,} MiB ({n:,} levels of about "
            f"{routes.BYTES_PER_LEVEL:,} bytes), more than {routes.PATH_MEMORY // 2**20:,} MiB "
            f"(at most {routes.PATH_MEMORY // routes.BYTES_PER_LEVEL:,} disks); distance() "
            "answers at this size, in O(n) memory"
        )


def unreachable(rules: Rules, start: State, goal: State, chains: Chains) -> str:
    """Why no path exists, in one sentence (positions abbreviated when long)."""
    apart = chains.query.apart
    before = f"from {_shorten(str(start))} to {_shorten(str(goal))} under {rules!r}"
    if not rules.legal_moves(start):
        why = "the start is a dead end: no disk on top of a post may move anywhere"
    elif _reversible(rules) and not rules.legal_moves(goal):
        why = "the goal is a dead end: no move leaves it, so (moves being reversible) none enters"
    else:
        disk = start.post_of(apart), goal.post_of(apart)
        why = (
            f"the larger disks agree, but disk {apart} must go from {post_name(disk[0])} to "
            f"{post_name(disk[1])} and no sequence of legal moves takes it there with disks 1 to "
            f"{apart - 1} from where the start has them to where the goal has them (decided "
            "level by level, from the smallest disk up)"
            if apart > 1
            else "the larger disks agree, but disk 1 cannot get from where the start has it "
            "to where the goal has it"
        )
    return f"no sequence of legal moves leads {before}: {why}"


def _reversible(rules: Rules) -> bool:
    """Whether every move can be undone (then a position no move leaves, no move enters)."""
    allowed = getattr(rules, "allowed", None)
    return allowed is None or all((b, a) in allowed for a, b in allowed)


def _describe(rules: Rules, start: State, goal: State) -> Variant:
    """A variant naming the rules (the path's start and goal are its own)."""
    if start.n == 0:
        source = target = 0
    else:
        source, target = start.post_of(start.n), goal.post_of(goal.n)
    faces: tuple[Color | None, Color | None] = (None, None)
    if rules.magnetic:
        faces = (
            start.face_up(start.n) if start.n else Color.RED,
            goal.face_up(goal.n) if goal.n else Color.RED,
        )
    if not isinstance(rules, Rules):
        raise InvalidArgumentError(f"rules must be a Rules object, got {type(rules).__name__}")
    return Variant("path", rules, source, target, *faces, description="a shortest path")
