"""The plan engine: lengths, per-disk counts, the literature's claims, table checking."""

from __future__ import annotations

import itertools

import pytest

from hanoi_magnet import PlanError, Registry, Variant, default_registry, solve
from hanoi_magnet.plans import MoveStep, PlanSolver, SubStep
from hanoi_magnet.variants import SID_LABELS
from tests.rulesets import FAMILIES

SOLVABLE = [label for label in SID_LABELS if default_registry.get(label).solvable]


def S(label, n):
    return solve(label, n).length


@pytest.mark.parametrize("label", SOLVABLE + FAMILIES)
def test_length_and_per_disk_equal_replay_counts(label):
    for n in range(7):
        solution = solve(label, n)
        moves = list(solution)
        assert solution.length == len(moves) == len(solution)
        counts = [0] * n
        for move in moves:
            counts[move.disk - 1] += 1
        assert solution.per_disk == tuple(counts)


def test_free_puzzle_counts_from_the_literature():
    assert [S("NNN", n) for n in (1, 2, 3)] == [1, 4, 11]
    assert S("NNN", 5) == 83  # Levy's first published algorithm took 85


@pytest.mark.parametrize("label", ["RRB", "RBB"])
def test_levy_pair_closed_forms(label):
    for n in range(12):
        assert S(label, n) == (3**n - 1) // 2
    n = 9
    per_disk = solve(label, n).per_disk
    # the disk of rank k from the largest (size n - k + 1) moves 3^(k-1) times
    assert [per_disk[n - k] for k in range(1, n + 1)] == [3 ** (k - 1) for k in range(1, n + 1)]


def test_lunnons_recurrences_hold():
    lunnon_s1 = {"NNN": 1, "RNN": 1, "NNR": 2, "NBR": 2, "RNB": 1, "RBN": 1, "RRB": 1}
    assert {label: S(label, 1) for label in lunnon_s1} == lunnon_s1
    for n in range(2, 60):
        assert S("NNN", n) == S("RNN", n - 1) + 1 + S("NNR", n - 1)
        assert S("RNN", n) == S("RNN", n - 1) + 1 + S("NBR", n - 1)
        assert S("NNR", n) == 2 * S("RRB", n - 1) + 1 + S("RBN", n - 1) + 1 + S("RNN", n - 1)
        assert S("NBR", n) == 2 * S("RRB", n - 1) + 1 + S("RBN", n - 1) + 1 + S("RBN", n - 1)
        assert S("RNB", n) == S("RBN", n - 1) + 1 + S("NBR", n - 1)
        assert S("RBN", n) == S("RNB", n - 1) + 2 * S("RRB", n - 1) + 1
        assert S("RRB", n) == 2 * S("RRB", n - 1) + 1 + S("RRB", n - 1)


@pytest.mark.parametrize(
    ("a", "b"), [("RBB", "RRB"), ("RBN", "NRB"), ("RNB", "BNR"), ("RNN", "NNB")]
)
def test_symmetry_pairs_have_equal_counts(a, b):
    for n in range(10):
        assert S(a, n) == S(b, n)
        assert solve(a, n).per_disk == solve(b, n).per_disk


@pytest.mark.parametrize("label", [lab for lab in SOLVABLE if lab[0] == "B"])
def test_blue_sources_mirror_the_red_ones(label):
    red = label.translate(str.maketrans("RB", "BR"))
    for n in range(8):
        assert list(solve(label, n)) == list(solve(red, n))  # same moves, colours swapped


def test_classic_counts():
    assert [S("classic", n) for n in range(12)] == [2**n - 1 for n in range(12)]
    assert [S("linear", n) for n in range(10)] == [3**n - 1 for n in range(10)]
    per_disk = solve("classic", 10).per_disk
    assert per_disk == tuple(2 ** (10 - size) for size in range(1, 11))


def test_cyclic_counts_match_the_closed_form():
    # Atkinson (1981): Q(n) + 1 = a(n), a(0) = 1, a(1) = 2, a(n) = 2 a(n-1) + 2 a(n-2);
    # and R(n) = Q(n) + Q(n-1) + 1.
    a = [1, 2]
    for _ in range(20):
        a.append(2 * a[-1] + 2 * a[-2])
    q = [x - 1 for x in a]
    assert [S("cyclic", n) for n in range(20)] == q[:20]
    assert [S("cyclic:ccw", n) for n in range(1, 20)] == [q[n] + q[n - 1] + 1 for n in range(1, 20)]


def test_frame_stewart_four_and_five_pegs():
    assert [S("classic:4", n) for n in range(1, 9)] == [1, 3, 5, 9, 13, 17, 25, 33]
    assert [S("classic:5", n) for n in range(1, 9)] == [1, 3, 5, 7, 11, 15, 19, 23]
    # the increments of Frame-Stewart on 4 pegs are powers of two, 2^t repeated t + 1 times
    increments = [S("classic:4", n + 1) - S("classic:4", n) for n in range(40)]
    expected = [2**t for t in range(10) for _ in range(t + 1)][:40]
    assert increments == expected


def test_frame_stewart_on_many_pegs():
    assert S("classic:10", 20) > 0
    assert solve("classic:6", 12).variant.posts == 6


def test_huge_n_lengths_are_exact():
    assert S("classic", 10_000) == 2**10_000 - 1
    assert S("RRB", 10_000) == (3**10_000 - 1) // 2
    assert S("linear", 10_000) == 3**10_000 - 1
    n = 10_000
    assert S("NNN", n) == S("RNN", n - 1) + 1 + S("NNR", n - 1)


@pytest.mark.parametrize("label", [*SOLVABLE, "classic", "linear", "cyclic", "cyclic:ccw"])
def test_the_closed_form_length_agrees_with_the_engine(label):
    # Beyond a few thousand disks Solution.length comes from the recurrence's closed form
    # (hanoi_magnet.counting), not the engine's memo: the two must agree.
    from hanoi_magnet._engine.table import table_of

    n = 2500
    fast = solve(label, n).length
    assert fast == table_of(default_registry.get(label)).length(n)


def test_first_move_of_a_huge_solution_is_immediate():
    assert str(next(iter(solve("NNN", 10_000)))) == "1: S -> I"


def test_per_disk_for_large_n_uses_no_replay():
    per_disk = solve("NNN", 300).per_disk
    assert sum(per_disk) == S("NNN", 300)
    assert per_disk[-1] == 1


def test_describe_shows_the_table():
    text = default_registry.get("NNN").describe()
    assert text.splitlines()[0] == "NNN(n) ="
    assert "RNN(n-1): S->S I->D D->I" in text
    assert "no solution" in default_registry.get("RRR").describe()


# -- tables are checked as they are used ----------------------------------------------------------


def _registry_with(label, plan, variant="classic"):
    registry = Registry()
    cls = type(
        f"Table_{label.replace(':', '_')}",
        (PlanSolver,),
        {"plan": plan, "label": label, "variant": Variant.from_label(variant)},
    )
    return registry, registry.register(label, cls)


def test_a_step_that_starts_in_the_wrong_place_is_a_plan_error():
    registry, _ = _registry_with(
        "bad-start",
        (SubStep("classic", "SDI"), MoveStep("S", "D"), SubStep("classic", "SID")),
    )
    with pytest.raises(PlanError, match="should start with them on S"):
        registry.solve("bad-start", 3)


def test_a_move_of_a_disk_that_is_elsewhere_is_a_plan_error():
    registry, _ = _registry_with("bad-move", (MoveStep("I", "D"),))
    with pytest.raises(PlanError, match="should leave I"):
        registry.solve("bad-move", 1)


def test_a_plan_that_misses_its_goal_is_a_plan_error():
    registry, _ = _registry_with("short", (SubStep("classic", "SDI"), MoveStep("S", "D")))
    with pytest.raises(PlanError, match="does not end in its goal"):
        registry.solve("short", 2)


def test_a_table_that_calls_itself_at_the_same_size_is_a_plan_error():
    registry, _ = _registry_with("loop", (SubStep("loop", "SID", disks=0),))
    with pytest.raises(PlanError, match="depends on itself"):
        registry.solve("loop", 2).length


def test_unknown_sub_labels_and_bad_posts_are_plan_errors():
    registry, _ = _registry_with("ghost", (SubStep("no-such-table", "SID", disks=0),))
    with pytest.raises(PlanError, match="no plan table has that label"):
        registry.solve("ghost", 2)
    registry, _ = _registry_with("wide", (MoveStep(0, 5),))
    with pytest.raises(PlanError, match="names a post beyond"):
        registry.solve("wide", 1)


def test_step_constructors_validate():
    from hanoi_magnet import InvalidArgumentError

    with pytest.raises(InvalidArgumentError, match="relative to n"):
        SubStep("NNN", disks=1)
    with pytest.raises(InvalidArgumentError, match="distinct posts"):
        SubStep("NNN", posts="SSD")
    with pytest.raises(InvalidArgumentError, match="letters"):
        SubStep("NNN", posts="SXD")
    assert MoveStep("s", "d") == MoveStep(0, 2)


def test_every_table_is_consistent_for_small_n():
    for label in SOLVABLE + FAMILIES:
        for n, k in itertools.product(range(1, 6), range(1)):
            solve(label, n).unrank(k)
