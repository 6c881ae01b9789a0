"""A shortest path's choices read from the compiled macro graphs (what ``shortest_path`` runs).

Below the largest disk where the positions differ (and above ``_SHARED_LEVELS``), a path's
chains search the compiled graphs and keep, per level, only which edge reached each node and
which finish won each tower; a choice is walked back from them when the path reads it. The
paths are checked against breadth-first search, replayed around random indices at hundreds
of disks (every part's length against the plans' sums), across changes of context part-way
down, with random directions, and the general search (``compiled=False``) gives the same
distances.
"""

from __future__ import annotations

import random

import pytest

from hanoi_magnet import ClassicRules, MagneticRules, Rules, State
from hanoi_magnet._engine import chains
from hanoi_magnet._engine.chains import Chains
from hanoi_magnet.search import shortest_path
from hanoi_magnet.variants import SID_LABELS
from tests.oracle import bfs_distance, random_legal_position
from tests.rulesets import ARC_SETS, CONNECTED
from tests.test_distance_compiled import banded
from tests.test_path_memory import check_route


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """One entry per compiled choice a path reads (True: disk m moves at that level)."""
    found: list[bool] = []
    original = chains._TrailChoices.__getitem__

    def spy(self: chains._TrailChoices, tau: chains.Place) -> chains.Choice:
        choice = original(self, tau)
        found.append(not choice.stays)
        return choice

    monkeypatch.setattr(chains._TrailChoices, "__getitem__", spy)
    return found


def same_distance(rules: Rules, start: State, goal: State) -> int | None:
    general = Chains(rules, start, goal, record=True, counting=False, compiled=False)
    compiled = Chains(rules, start, goal, record=True, counting=False)
    assert compiled.distance == general.distance
    return compiled.distance


@pytest.mark.parametrize("label", SID_LABELS)
def test_every_colouring_against_breadth_first_search(label: str, reads: list[bool]) -> None:
    rng = random.Random(f"path-{label}")
    for allowed in (None, rng.choice(ARC_SETS), rng.choice(ARC_SETS)):
        rules = MagneticRules(label) if allowed is None else MagneticRules(label, allowed=allowed)
        for n in (5, 7):
            for _ in range(3):
                start, goal = (
                    random_legal_position(rules, n, rng),
                    random_legal_position(rules, n, rng),
                )
                want = bfs_distance(rules, start, goal)
                assert same_distance(rules, start, goal) == want
                if want:
                    path = shortest_path(rules, start, goal)
                    assert path.length == want
                    position = start
                    for k, move in enumerate(path):
                        position = rules.apply(position, move)  # raises if a move is illegal
                        assert path.unrank(k + 1) == position
                    assert position == goal
    if label in ("NNN", "RBB", "NRB"):
        assert any(reads), "no path read a compiled choice where disk m moves"


@pytest.mark.parametrize("label", SID_LABELS)
def test_hundreds_of_disks_across_changes_of_context(label: str, reads: list[bool]) -> None:
    rng = random.Random(f"path-bands-{label}")
    layouts = [[(0,), (0, 1), (0, 1, 2)], [(2,), (1, 2), (0, 2), (0, 1, 2)], [(1,), (0, 1, 2)]]
    checked = 0
    for _ in range(60):  # random pairs until four are reachable (a dead end or none: again)
        allowed = rng.choice([None, rng.choice(ARC_SETS)])
        rules = MagneticRules(label) if allowed is None else MagneticRules(label, allowed=allowed)
        n = rng.choice((40, 200))
        start, goal = (banded(rules, n, rng.choice(layouts), rng) for _ in range(2))
        if not (rules.is_legal_state(start) and rules.is_legal_state(goal)):
            continue
        if not same_distance(rules, start, goal):
            continue
        check_route(rules, start, goal, rng)
        checked += 1
        if checked == 4:
            break
    if label in ("RRR", "BBB"):  # every post one colour: no pair drawn here is connected
        assert checked == 0
        return
    assert checked == 4
    assert any(reads), "no path read a compiled choice where disk m moves"


def test_classic_rules_with_any_directions(reads: list[bool]) -> None:
    # Classic rules have one face (-1) per post: the compiled graphs have 12 nodes, not 48.
    rng = random.Random("path-classic")
    for allowed in rng.sample(CONNECTED, 6):
        rules = ClassicRules(3, allowed)
        for n in (6, 7):
            start, goal = random_legal_position(rules, n, rng), random_legal_position(rules, n, rng)
            want = bfs_distance(rules, start, goal)
            assert same_distance(rules, start, goal) == want
            if want:
                assert shortest_path(rules, start, goal).length == want
                check_route(rules, start, goal, rng)
        start, goal = random_legal_position(rules, 200, rng), random_legal_position(rules, 200, rng)
        if same_distance(rules, start, goal):
            check_route(rules, start, goal, rng)
    assert any(reads), "no path read a compiled choice where disk m moves"


def test_a_level_of_compiled_choices_holds_the_towers_the_general_search_reaches() -> None:
    # Each compiled level's choices are a mapping made when read: its keys are the towers a
    # chain reaches (as the general search's choices), an unreached tower is a KeyError, and
    # disk m staying is the shared "stays" choice.
    rng = random.Random("path-keys")
    compared = 0
    for label in ("NNN", "RBB", "NRB", "BNN"):
        rules = MagneticRules(label)
        for _ in range(6):
            start, goal = (
                random_legal_position(rules, 30, rng),
                random_legal_position(rules, 30, rng),
            )
            compiled = Chains(rules, start, goal, record=True, counting=False)
            general = Chains(rules, start, goal, record=True, counting=False, compiled=False)
            assert compiled.distance == general.distance
            for ours, theirs in zip(compiled.choices, general.choices, strict=True):
                for side in (0, 1):
                    if not isinstance(ours[side], chains._TrailChoices):
                        continue
                    compared += 1
                    assert set(ours[side]) == set(theirs[side])
                    assert len(ours[side]) == len(theirs[side])
                    for tau in compiled.query.towers:
                        if tau not in theirs[side]:
                            with pytest.raises(KeyError):
                                ours[side][tau]
                        elif theirs[side][tau].stays:
                            assert ours[side][tau] is chains._STAYS
    assert compared > 100
