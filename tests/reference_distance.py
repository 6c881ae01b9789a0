"""An exact, independent reference for the distance between any two positions on three posts.

For any three-post rules — classic with any set of allowed directions, magnetic with any post
colours and optionally restricted directions — and any two legal positions s and t with the
same n disks, :func:`reference_distance` is the least number of moves from s to t (``None``
if t cannot be reached), and :func:`reference_geodesics` the number of distinct shortest move
sequences. It knows nothing of plan tables or of the library's searches: it reads the post
colours and the allowed directions off the rules object and applies the puzzle's rules itself.

The argument
------------
Level m concerns the m smallest disks while every larger disk lies still: move disks 1..m from
one configuration to another. The larger disks matter only through the colour each post shows
the small ones (magnetic rules): the up face of the smallest larger disk on it, or the post's
own colour when no larger disk is there. Call that the *environment*. Under classic rules every
post takes every disk, so the environment constrains nothing.

Disk m is the largest disk of the problem. Either

(A) disk m never moves. It is then at the same post, with the same face, at both ends, and the
    problem is the same problem at level m - 1, in an environment where disk m's post shows
    disk m's up face (magnetic); or

(B) disk m moves at least once. Whenever it moves from post X to post Y, no smaller disk is on
    Y, nor on X above it, so all m - 1 smaller disks lie on the third post, as one tower, and
    (magnetic) a stack shows one colour. So the moves of disk m cut the path into legs of the
    m - 1 smaller disks, each with disk m lying still: a first leg from the start's smaller
    disks to a tower, legs from tower to tower, and a last leg from a tower to the goal's
    smaller disks. A shortest path of kind (B) is therefore a shortest path through the
    **macro graph**. Its nodes are the positions just after a move of disk m: (disk m's post
    and face, the tower's post and face), at most 24. An edge is a leg of the tower (or none,
    if it stays) followed by the next move of disk m, which must go to the third post, in an
    allowed direction, showing a face that post takes; its length is the leg's distance at
    level m - 1 plus one. The first leg and the first move lead in from the start, the last
    leg out to the goal.

The distance is the shorter of (A) and (B), and unreachability falls out of the same pass (a
problem with no path of either kind has none). Every leg is a problem of the same kind at
level m - 1 with ends that are the start's or the goal's smaller disks, or a tower, in one of
at most 27 environments, so a memo holds a bounded number of problems per level. The middle of
the macro graph — everything between the first and the last leg — depends only on m and the
environment, so it is searched once per (level, environment, first node) and shared by every
problem that enters it.

Counting shortest paths: the kinds (A) and (B) share no path. The moves of disk m cut a path of
kind (B) in exactly one way, which fixes its legs and the tower's place between them; an
edge of the macro graph is one leg (maybe empty: the tower stays) and one move of disk m, so
each path is exactly one macro path, and the number of shortest paths is the sum, over shortest
macro paths, of the product of their legs' counts. Two different moves from one position lead
to different positions, so this counts shortest move sequences, which the tests compare with a
breadth-first search that counts shortest paths.

Use: ``reference_distance(rules, start, goal)`` (an int, or None) and
``reference_geodesics(rules, start, goal)`` (an int, 0 if unreachable), for any three-post
``ClassicRules`` or ``MagneticRules`` and legal positions. Distances are cheap to hundreds of
disks (the memo is shared by all colourings of one kind of rules); counts have a number of
digits that itself grows exponentially with n for magnetic rules (533 bits for the free puzzle's
15 disks), so keep counting to a few dozen disks.
"""

from __future__ import annotations

import heapq
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from typing import NamedTuple, TypeAlias

from hanoi_magnet import Rules, State

EVERY_ARC = frozenset((a, b) for a in range(3) for b in range(3) if a != b)
RED, BLUE = 0, 1

#: What a post shows the disks above: RED, BLUE, or None (it takes either face).
Colour: TypeAlias = "int | None"
Environment: TypeAlias = "tuple[Colour, Colour, Colour]"


class Tower(NamedTuple):
    """The disks of a problem stacked on one post, all showing one face."""

    post: int
    face: int


#: The disks 1..m: the (post, face) of disk d at index d - 1, or a Tower when they form one.
End: TypeAlias = "tuple[tuple[int, int], ...] | Tower"


class Node(NamedTuple):
    """A node of a macro graph: right after a move of disk m, disk m on ``post`` showing
    ``face``, the smaller tower on ``tower_post`` showing ``tower_face`` (both None at level
    1: there are no smaller disks)."""

    post: int
    face: int
    tower_post: int | None
    tower_face: int | None


#: Where the smaller tower stands: (post, face), or (None, None) when there is none.
Spot: TypeAlias = "tuple[int | None, int | None]"


class Answer(NamedTuple):
    """A distance (None: unreachable) and the number of shortest paths (0 if unreachable)."""

    distance: int | None
    paths: int


UNREACHABLE = Answer(None, 0)
ALREADY_THERE = Answer(0, 1)
ONE_MOVE = Answer(1, 1)


def best_of(one: Answer, other: Answer) -> Answer:
    """The shorter of two disjoint sets of paths; on a tie their counts add up."""
    if one.distance is None:
        return other
    if other.distance is None or one.distance < other.distance:
        return one
    if other.distance < one.distance:
        return other
    return Answer(one.distance, one.paths + other.paths)


def chain(*parts: Answer) -> Answer:
    """Paths made of one part after another: lengths add up, counts multiply."""
    distance, paths = 0, 1
    for length, ways in parts:
        if length is None:
            return UNREACHABLE
        distance += length
        paths *= ways
    return Answer(distance, paths)


def largest(end: End, m: int) -> tuple[int, int]:
    """Disk m's post and face at this end."""
    return (end.post, end.face) if isinstance(end, Tower) else end[m - 1]


def smaller(end: End, m: int) -> End:
    """The end without disk m (a tower stays a tower)."""
    return end if isinstance(end, Tower) else normalised(end[: m - 1])


def normalised(config: tuple[tuple[int, int], ...]) -> End:
    """A configuration that forms one tower, as a Tower (so that equal problems share a memo)."""
    if config and all(disk == config[0] for disk in config):
        return Tower(*config[0])
    return config


class Problem(NamedTuple):
    """Move disks 1..m from ``source`` to ``target`` while the posts show ``env``."""

    m: int
    env: Environment
    source: End
    target: End


class Reference:
    """Distances and shortest-path counts on three posts, for magnetic or classic disks and one
    set of allowed directions. The posts' own colours are just the environment of the whole
    problem, so one Reference (and its memo) serves every colouring."""

    def __init__(self, *, magnetic: bool, allowed: frozenset[tuple[int, int]], counting: bool):
        self.magnetic = magnetic
        self.allowed = allowed
        self.faces = (RED, BLUE) if magnetic else (RED,)  # classic disks: one "face"
        # Counts can have exponentially many digits (a level's count is a product of the
        # level below's): without counting, a count only says whether a path exists (0 or 1).
        self.counting = counting
        self.memo: dict[Problem, Answer] = {}
        self.middles: dict[tuple[int, Environment, Node], dict[Node, Answer]] = {}

    # -- the puzzle's rules, as far as the argument needs them ----------------------------------

    def accepts(self, shown: Colour, face: int) -> bool:
        """Whether a disk may rest showing ``face`` up where the post shows ``shown``."""
        return not self.magnetic or shown is None or shown == face

    def covered(self, env: Environment, post: int, face: int) -> Environment:
        """The environment once a disk showing ``face`` lies still on ``post``."""
        if not self.magnetic:
            return env
        return tuple(face if p == post else shown for p, shown in enumerate(env))  # type: ignore[return-value]

    def flipped(self, face: int) -> int:
        """The face a moved disk shows (magnetic disks turn over)."""
        return face ^ 1 if self.magnetic else face

    # -- the recursion --------------------------------------------------------------------------

    def solve(self, m: int, env: Environment, source: End, target: End) -> Answer:
        """Shortest paths moving disks 1..m from ``source`` to ``target`` in ``env``."""
        if m == 0:
            return ALREADY_THERE
        key = Problem(m, env, source, target)
        if key not in self.memo:
            still = UNREACHABLE
            here = largest(source, m)
            if here == largest(target, m):  # (A) disk m never moves
                rest = self.covered(env, *here)
                still = self.solve(m - 1, rest, smaller(source, m), smaller(target, m))
            found = best_of(still, self.moving(m, env, source, target))
            self.memo[key] = found if self.counting else Answer(found.distance, min(found.paths, 1))
        return self.memo[key]

    def moving(self, m: int, env: Environment, source: End, target: End) -> Answer:
        """(B): the shortest paths in which disk m moves, through the macro graph.

        A node is a position right after a move of disk m: (disk m's post and face, the
        smaller tower's post and face). The first leg and disk m's first move lead from the
        start to a node; an edge is a leg of the tower (or none, if it stays) and the next
        move of disk m; the last leg leads from a node where disk m is as in the goal to it.
        """
        best = UNREACHABLE
        exits = list(self.last_legs(m, env, target))
        for first, entry in self.first_moves(m, env, source):
            middle = self.middle(m, env, entry)
            for last, exit_ in exits:
                best = best_of(best, chain(first, middle.get(exit_, UNREACHABLE), last))
        return best

    def spots(self, m: int, env: Environment, post: int) -> Iterator[Spot]:
        """Where the smaller tower may stand while disk m is on ``post``: another post, showing
        a face that post takes; at level 1 there is no smaller tower: (None, None)."""
        if m == 1:
            yield None, None
            return
        for tower_post in range(3):
            for face in self.faces:
                if tower_post != post and self.accepts(env[tower_post], face):
                    yield tower_post, face

    def tower(self, m: int, spot: Spot) -> End:
        """The m - 1 smaller disks as a tower on ``spot`` (nothing at level 1)."""
        return () if m == 1 else Tower(*spot)  # type: ignore[arg-type]

    def moves(self, env: Environment, post: int, face: int, spot: Spot) -> Iterator[Node]:
        """Where disk m can go from ``post`` while the smaller tower stands on ``spot``: to the
        third post (to any other at level 1), if the direction is allowed and that post takes
        the face disk m lands with."""
        landed = self.flipped(face)
        for to in range(3):
            if to in (post, spot[0]) or (post, to) not in self.allowed:
                continue
            if self.accepts(env[to], landed):
                yield Node(to, landed, *spot)

    def first_moves(self, m: int, env: Environment, source: End) -> Iterator[tuple[Answer, Node]]:
        """The first leg (the start's smaller disks to a tower) and disk m's first move."""
        post, face = largest(source, m)
        rest = self.covered(env, post, face)
        for spot in self.spots(m, env, post):
            leg = self.solve(m - 1, rest, smaller(source, m), self.tower(m, spot))
            if leg.distance is not None:
                for after in self.moves(env, post, face, spot):
                    yield chain(leg, ONE_MOVE), after

    def last_legs(self, m: int, env: Environment, target: End) -> Iterator[tuple[Answer, Node]]:
        """The last leg: from a tower to the goal's smaller disks, disk m where the goal has it."""
        post, face = largest(target, m)
        rest = self.covered(env, post, face)
        for spot in self.spots(m, env, post):
            leg = self.solve(m - 1, rest, self.tower(m, spot), smaller(target, m))
            if leg.distance is not None:
                yield leg, Node(post, face, *spot)

    def middle_edges(self, m: int, env: Environment, node: Node) -> Iterator[tuple[Answer, Node]]:
        """From a node: a leg of the smaller tower to another spot (or none: it stays), then
        the next move of disk m."""
        here = (node.tower_post, node.tower_face)
        rest = self.covered(env, node.post, node.face)
        for spot in self.spots(m, env, node.post):
            if spot == here:
                leg = ALREADY_THERE
            else:
                leg = self.solve(m - 1, rest, self.tower(m, here), self.tower(m, spot))
            if leg.distance is not None:
                for after in self.moves(env, node.post, node.face, spot):
                    yield chain(leg, ONE_MOVE), after

    def middle(self, m: int, env: Environment, entry: Node) -> dict[Node, Answer]:
        """Shortest paths from ``entry`` to every node reachable from it (memoised: the middle
        of the macro graph depends only on the level and the environment, so one search from
        each entry serves every problem that enters there)."""
        key = (m, env, entry)
        if key not in self.middles:
            self.middles[key] = shortest_paths(entry, lambda node: self.middle_edges(m, env, node))
        return self.middles[key]


def shortest_paths(
    source: Node, edges: Callable[[Node], Iterator[tuple[Answer, Node]]]
) -> dict[Node, Answer]:
    """Dijkstra from ``source``: every reachable node's distance and number of shortest paths.

    Each edge has a length (at least 1) and a number of ways; along a path the ways multiply.
    A node's count is the sum over its shortest in-edges, all from nodes settled before it.
    """
    distance = {source: 0}
    tight: dict[Node, list[tuple[Node, int]]] = {source: []}  # shortest in-edges: (from, ways)
    queue = [(0, source)]
    settled: dict[Node, None] = {}  # in order of distance
    while queue:
        reached, node = heapq.heappop(queue)
        if node in settled:
            continue
        settled[node] = None
        for (length, ways), after in edges(node):
            total = reached + length  # type: ignore[operator]
            if after not in distance or total < distance[after]:
                distance[after] = total
                tight[after] = [(node, ways)]
                heapq.heappush(queue, (total, after))
            elif total == distance[after]:
                tight[after].append((node, ways))
    paths = {source: 1}
    for node in settled:
        if node != source:
            paths[node] = sum(paths[before] * ways for before, ways in tight[node])
    return {node: Answer(distance[node], paths[node]) for node in settled}


# -- the entry points the tests call ------------------------------------------------------------


def reference(rules: Rules, *, counting: bool = False) -> Reference:
    """The Reference for the rules' kind of disks and allowed directions (one memo each)."""
    if rules.posts != 3:
        raise ValueError(f"the reference is for three posts, not {rules!r}")
    allowed = EVERY_ARC if rules.allowed is None else frozenset(rules.allowed)
    return _reference(rules.magnetic, allowed, counting)


@cache
def _reference(magnetic: bool, allowed: frozenset[tuple[int, int]], counting: bool) -> Reference:
    return Reference(magnetic=magnetic, allowed=allowed, counting=counting)


def environment(rules: Rules) -> Environment:
    """What the posts show the disks when no disk lies still: their own colours."""
    colours = getattr(rules, "post_colors", (None, None, None))
    return tuple(None if colour is None else colour.bit for colour in colours)  # type: ignore[return-value]


def ends(state: State) -> End:
    """A position as the (post, face) of each disk by size (face 0 under classic rules)."""
    where = {disk: post for post, stack in enumerate(state.posts) for disk in stack}
    faces = [0] * state.n if state.faces is None else [face.bit for face in state.faces]
    return normalised(tuple((where[d], faces[d - 1]) for d in range(1, state.n + 1)))


@contextmanager
def deep_recursion(levels: int) -> Iterator[None]:
    """The recursion goes a few frames deeper per disk: allow that for hundreds of disks."""
    before = sys.getrecursionlimit()
    sys.setrecursionlimit(max(before, 10 * levels + 1000))
    try:
        yield
    finally:
        sys.setrecursionlimit(before)


def reference_answer(rules: Rules, start: State, goal: State, *, counting: bool = True) -> Answer:
    """The distance from start to goal and the number of shortest move sequences (without
    counting: 1 if the goal can be reached, else 0)."""
    assert start.n == goal.n and len(start.posts) == len(goal.posts) == 3
    solver = reference(rules, counting=counting)
    with deep_recursion(start.n):
        return solver.solve(start.n, environment(rules), ends(start), ends(goal))


def reference_distance(rules: Rules, start: State, goal: State) -> int | None:
    """The least number of moves from start to goal under rules, or None if unreachable."""
    return reference_answer(rules, start, goal, counting=False).distance


def reference_geodesics(rules: Rules, start: State, goal: State) -> int:
    """The number of distinct shortest move sequences from start to goal (0: unreachable).

    The count can have exponentially many digits in n: meant for tens of disks, not hundreds.
    """
    return reference_answer(rules, start, goal).paths
