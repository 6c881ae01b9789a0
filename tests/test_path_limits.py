"""A shortest path whose recorded choices would pass routes.PATH_MEMORY is refused at once
(before the chains run), and every path the check lets through is built and correct.

The limit is n times routes.BYTES_PER_LEVEL (the route's exact lengths take O(n) bits); the old
one, n times the distance's bits (O(n^2)), no longer applies (tests/test_path_memory.py)."""

from __future__ import annotations

import pytest

import hanoi_magnet as hm
from hanoi_magnet import ClassicRules, MagneticRules, Rules, State, clear_caches
from hanoi_magnet._engine import routes
from hanoi_magnet.errors import TooLargeError
from hanoi_magnet.search import distance, shortest_path


def _off_tower(rules: Rules, tower: State) -> State:
    """A tower with its smallest disk moved: not a tower, so the path takes the chains."""
    return rules.apply(tower, rules.legal_moves(tower)[0])


_LINEAR_NNN = MagneticRules("NNN", allowed=[(0, 1), (1, 0), (1, 2), (2, 1)])
CASES = [
    (ClassicRules(3), _off_tower(ClassicRules(3), State.tower(300, 0)), State.tower(300, 2)),
    (
        MagneticRules("NNN"),
        _off_tower(MagneticRules("NNN"), State.tower(200, 0, face="R")),
        State.tower(200, 2, face="B"),
    ),
    (
        _LINEAR_NNN,
        _off_tower(_LINEAR_NNN, State.tower(150, 0, face="R")),
        State.tower(150, 2, face="R"),
    ),
]


@pytest.mark.parametrize(("rules", "start", "goal"), CASES)
def test_both_sides_of_the_memory_limit(
    rules: Rules, start: State, goal: State, monkeypatch: pytest.MonkeyPatch
) -> None:
    length = distance(rules, start, goal)
    need = start.n * 2560  # bytes per level, the documented estimate
    assert need == start.n * routes.BYTES_PER_LEVEL
    clear_caches()
    monkeypatch.setattr(routes, "PATH_MEMORY", need)
    path = shortest_path(rules, start, goal)  # the route tables' own guard must not fire
    assert path.length == length and path.unrank(path.length) == goal
    assert path.unrank(length // 3) == rules.apply(
        path.unrank(length // 3 - 1), path[length // 3 - 1]
    )
    clear_caches()
    monkeypatch.setattr(routes, "PATH_MEMORY", need - 1)
    with pytest.raises(TooLargeError, match=r"too large to build.*distance\(\) answers"):
        shortest_path(rules, start, goal)


def test_the_real_limit_lies_far_above_the_old_one() -> None:
    # The old rule refused 70,000 classic disks from tower to tower (70,000**2 bits, 584 MiB);
    # the new one lets every size up to 209,715 disks through and refuses one disk more, at
    # once (building a path of 200,000 disks takes far too long for a test: the estimate alone).
    limit = routes.PATH_MEMORY // routes.BYTES_PER_LEVEL
    assert limit == 209_715 and 70_000 * 70_000 > 2**32
    rules = ClassicRules(3)
    start, goal = State.parse("S" * limit + "I"), State.tower(limit + 1, 2)
    with pytest.raises(TooLargeError, match=r"512 MiB.*at most 209,715 disks"):
        shortest_path(rules, start, goal)


def test_between_towers_no_limit_applies() -> None:
    """A path between two towers is the tower problem's plan table, as solve runs it: O(n)
    memory, so even past the chains' limit (209,715 disks) it is built at once and streams."""
    n = routes.PATH_MEMORY // routes.BYTES_PER_LEVEL + 1
    path = shortest_path(ClassicRules(3), State.tower(n, 0), State.tower(n, 2))
    assert path.length == 2**n - 1
    assert list(path[:20]) == list(hm.solve("classic", n)[:20])


def test_positions_near_each_other_at_many_disks() -> None:
    # 70,000 disks, ten small disks away from the tower: 1,023 moves.
    rules, n = ClassicRules(3), 70_000
    start, goal = State.parse("S" * n), State.parse("S" * (n - 10) + "I" * 10)
    path = shortest_path(rules, start, goal)
    assert path.length == 2**10 - 1 and path.unrank(path.length) == goal
