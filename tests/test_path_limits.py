"""A shortest path whose route would remember too many exact lengths is refused at once, and
every path the check lets through is built within the route tables' own memo limit."""

from __future__ import annotations

import pytest

from hanoi_magnet import ClassicRules, MagneticRules, Rules, State, clear_caches
from hanoi_magnet._engine import table
from hanoi_magnet.errors import TooLargeError
from hanoi_magnet.search import distance, shortest_path

CASES = [
    (ClassicRules(3), State.tower(300, 0), State.tower(300, 2)),
    (MagneticRules("NNN"), State.tower(200, 0, face="R"), State.tower(200, 2, face="B")),
    (
        MagneticRules("NNN", allowed=[(0, 1), (1, 0), (1, 2), (2, 1)]),
        State.tower(150, 0, face="R"),
        State.tower(150, 2, face="R"),
    ),
]


@pytest.mark.parametrize(("rules", "start", "goal"), CASES)
def test_both_sides_of_the_memo_limit(
    rules: Rules, start: State, goal: State, monkeypatch: pytest.MonkeyPatch
) -> None:
    length = distance(rules, start, goal)
    need = start.n * length.bit_length()
    clear_caches()
    monkeypatch.setattr(table, "MEMO_BITS", need)
    path = shortest_path(rules, start, goal)  # the route tables' own guard must not fire
    assert path.length == length and path.unrank(path.length) == goal
    assert path.unrank(length // 3) == rules.apply(
        path.unrank(length // 3 - 1), path[length // 3 - 1]
    )
    clear_caches()
    monkeypatch.setattr(table, "MEMO_BITS", need - 1)
    with pytest.raises(TooLargeError, match=r"too large to build.*distance\(\) answers"):
        shortest_path(rules, start, goal)


def test_positions_near_each_other_are_not_refused_at_any_size() -> None:
    # 70,000 disks: from tower to tower the route would need 70,000**2 bits (584 MiB) and is
    # refused, but ten small disks away from the tower the path has 1,023 moves.
    rules, n = ClassicRules(3), 70_000
    start, goal = State.parse("S" * n), State.parse("S" * (n - 10) + "I" * 10)
    path = shortest_path(rules, start, goal)
    assert path.length == 2**10 - 1 and path.unrank(path.length) == goal
    with pytest.raises(TooLargeError, match="584 MiB"):
        shortest_path(rules, start, State.tower(n, 2))
