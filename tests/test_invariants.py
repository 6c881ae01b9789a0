"""Whole-graph invariants (search.invariants) against the tests' own all-pairs BFS.

Every engine (pure Python, numpy, compiled), with and without the symmetry of the posts, must
give exactly what tests/graph_reference.py finds by a breadth-first search from every position
over the rules objects' own moves: for every set of directions on three posts (all 64, so the
one-way ones too), every colouring (with every direction, and with a sample of direction
sets), and four posts. The classic Wiener index is checked against Hinz's closed form.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

import hanoi_magnet as hm
from hanoi_magnet import ClassicRules, MagneticRules, State, search
from hanoi_magnet.errors import InvalidArgumentError, SearchLimitError
from hanoi_magnet.search import GraphInvariants, invariants
from hanoi_magnet.search._exhaustive import engines
from hanoi_magnet.search._exhaustive.invariants import default_start
from hanoi_magnet.variants import SID_LABELS
from tests.graph_reference import plain_invariants
from tests.rulesets import ARC_SETS, CONNECTED

ENGINES = ["python"]
if engines.numpy_available():
    ENGINES.append("numpy")
if engines.numba_available():
    ENGINES.append("compiled")

FIELDS = (
    "positions",
    "moves",
    "diameter",
    "radius",
    "start_eccentricity",
    "centre_size",
    "wiener_index",
    "pairs",
    "mean_distance",
    "distribution",
    "antipodal_pairs",
    "several_shortest_paths",
    "eccentricities",
)


def _check(rules, n, start=None, engines_=ENGINES):
    start = default_start(rules, n) if start is None else start
    expected = plain_invariants(rules, n, start)
    first = None
    for engine in engines_:
        for symmetry in (True, False):
            found = invariants(rules, n, start=start, engine=engine, symmetry=symmetry)
            got = {field: getattr(found, field) for field in FIELDS}
            want = {field: expected[field] for field in FIELDS}
            assert got == want, (rules, n, engine, symmetry)
            assert found.inconsistency() is None
            assert found.directed is not expected["undirected"]
            first = found if first is None else first
            assert found == first
    return first


@pytest.mark.parametrize("arcs", ARC_SETS, ids=lambda arcs: ",".join(map(str, sorted(arcs))))
def test_classic_three_posts_every_direction_set(arcs):
    for n in (1, 2, 3):
        _check(ClassicRules(3, arcs), n)


@pytest.mark.parametrize("label", SID_LABELS)
def test_magnetic_three_posts_every_colouring(label):
    for n in (1, 2, 3):
        _check(MagneticRules(label), n)


@pytest.mark.parametrize("label", SID_LABELS)
def test_magnetic_three_posts_with_directions(label):
    rng = random.Random(label)
    for arcs in rng.sample(ARC_SETS, 3):
        for n in (1, 2):
            _check(MagneticRules(label, allowed=arcs), n)


@pytest.mark.parametrize(
    ("rules", "n"),
    [
        (ClassicRules(4), 3),
        (ClassicRules(4, [(0, 1), (1, 2), (2, 3), (3, 0)]), 3),
        (ClassicRules(4, [(0, 1), (1, 0), (0, 2), (2, 0), (0, 3), (3, 0)]), 3),
        (ClassicRules(5), 2),
        (MagneticRules("NNNN"), 2),
        (MagneticRules("RBNN"), 2),
        (MagneticRules("NNNN", allowed=[(0, 1), (1, 2), (2, 3), (3, 0), (1, 0)]), 2),
    ],
)
def test_four_and_five_posts(rules, n):
    _check(rules, n)


def test_from_any_start_in_the_graph():
    rules = MagneticRules("NNN")
    start = State([[3], [2, 1], []], faces="BBR")
    _check(rules, 3, start)
    rules = ClassicRules(3, [(0, 1), (1, 2), (2, 0)])
    _check(rules, 3, State([[3, 1], [], [2]]))


def test_the_symmetry_is_used_and_left_when_it_would_leave_the_graph():
    found = invariants(ClassicRules(), 4)
    assert found.symmetry == 6 and found.searches < found.positions / 5
    assert invariants(hm.default_registry.variant("linear").rules, 4).symmetry == 2
    cyclic = invariants(ClassicRules(3, [(0, 1), (1, 2), (2, 0)]), 3)
    assert cyclic.symmetry == 1 and cyclic.searches == cyclic.positions == 27
    assert invariants(MagneticRules("NNN"), 3).symmetry == 6
    # RRR: no move at all; swapping two red posts maps the tower outside its one-position graph
    stuck = invariants(MagneticRules("RRR"), 3)
    assert (stuck.symmetry, stuck.positions, stuck.pairs, stuck.diameter) == (1, 1, 0, 0)
    assert stuck.mean_distance == 0 and stuck.antipodal_pairs == 0


def hinz_ordered_sum(n: int) -> Fraction:
    """The sum of d(s, t) over ordered pairs of the classic graph with n disks.

    Hinz (Inform. Sci. 63, 1992; *The Tower of Hanoi -- Myths and Maths*, 2nd ed., Thm. 2.31):
    the mean over the 9**n ordered pairs is 466/885 2**n - 1/3 - 3/5 (1/3)**n
    + (12/59 + 18/1003 sqrt 17) ((5 + sqrt 17)/18)**n + (12/59 - 18/1003 sqrt 17)
    ((5 - sqrt 17)/18)**n. Times 9**n, with L_n = a**n + b**n and F_n = (a**n - b**n)/sqrt 17
    for a, b = (5 +- sqrt 17)/2 (L = 2, 5, ... and F = 0, 1, ..., both x_n = 5 x_(n-1) - 2
    x_(n-2)), and 18/1003 * 17 = 18/59, the irrational parts cancel: typed in from the
    theorem, not from the library.
    """
    lucas, fib = [2, 5], [0, 1]
    while len(lucas) <= n:
        lucas.append(5 * lucas[-1] - 2 * lucas[-2])
        fib.append(5 * fib[-1] - 2 * fib[-2])
    return (
        Fraction(466, 885) * 18**n
        - Fraction(1, 3) * 9**n
        - Fraction(3, 5) * 3**n
        + Fraction(12, 59) * lucas[n]
        + Fraction(18, 59) * fib[n]
    )


@pytest.mark.parametrize("n", range(1, 9))
def test_classic_wiener_index_is_hinz_closed_form(n):
    found = invariants(ClassicRules(), n)
    assert 2 * found.wiener_index == hinz_ordered_sum(n)
    assert found.positions == 3**n and found.moves == 3 * (3**n - 1) // 2
    assert found.diameter == found.start_eccentricity == 2**n - 1


def test_hinz_formula_as_typed_starts_right():
    # one position (n = 0) and the triangle K3 (n = 1: six ordered pairs at distance 1)
    assert hinz_ordered_sum(0) == 0 and hinz_ordered_sum(1) == 6


def test_auto_chooses_compiled_from_the_threshold_both_sides():
    if not engines.numba_available():
        pytest.skip("numba is not installed")
    # 3**7 = 2,187 positions: 4.8 million pairs; 3**6: 0.5 million (COMPILED_FROM = 2**22)
    assert 2187**2 >= engines.COMPILED_FROM > 729**2
    assert invariants(ClassicRules(), 7).engine == "compiled"
    assert invariants(ClassicRules(), 6).engine == "recursive"
    assert invariants(ClassicRules(4), 5).engine == "numpy"  # 1,024**2 pairs


def test_refused_at_once_with_the_estimate():
    estimate = r"about 683 positions .* about 11,190,272 pairs, more than the 1,000,000 allowed"
    with pytest.raises(SearchLimitError, match=estimate):  # 4**7 * ceil(4**7 / 24)
        invariants(ClassicRules(4), 7, max_pairs=1_000_000)
    with pytest.raises(SearchLimitError, match="max_memory"):
        invariants(ClassicRules(4), 9, max_memory=1 << 20)
    with pytest.raises(SearchLimitError, match="pairs"):
        invariants(ClassicRules(4), 40)  # refused before any search or allocation


def test_arguments_are_checked():
    with pytest.raises(InvalidArgumentError, match="4 disks, but n is 3"):
        invariants(ClassicRules(), 3, start=State.tower(4))
    with pytest.raises(InvalidArgumentError, match="not a legal position"):
        invariants(MagneticRules("RRB"), 2, start=State.tower(2, face="B"))
    with pytest.raises(InvalidArgumentError, match="n must be"):
        invariants(ClassicRules(), 0)
    with pytest.raises(InvalidArgumentError, match="engine"):
        invariants(ClassicRules(), 2, engine="fast")  # type: ignore[arg-type]


def test_progress_reports_the_searches():
    events = []
    found = invariants(ClassicRules(4), 3, progress=events.append, engine="python")
    assert events[-1].done and events[-1].searches == events[-1].sources == found.searches
    assert events[-1].depth == found.diameter
    assert events[-1].reached == found.positions + 2 * found.pairs  # ordered, with themselves
    assert [event.searches for event in events[:-1]] == list(range(1, found.searches + 1))
    assert "search 1 of" in events[0].describe()


def test_json_round_trip_and_inconsistency():
    found = invariants(MagneticRules("NNN"), 3)
    data = found.to_json()
    assert GraphInvariants.from_json(data) == found
    assert data["mean_distance"] == str(found.mean_distance)
    broken = dict(data, wiener_index=data["wiener_index"] + 1)
    with pytest.raises(InvalidArgumentError, match="Wiener"):
        GraphInvariants.from_json(broken)
    with pytest.raises(InvalidArgumentError, match="format"):
        GraphInvariants.from_json(dict(data, format="something else"))


def test_estimate_memory_knows_the_query():
    assert search.estimate_memory(ClassicRules(), 6, query="invariants") > 0


@pytest.mark.parametrize("arcs", CONNECTED[:3])
def test_strongly_connected_directions_reach_every_position(arcs):
    found = invariants(ClassicRules(3, arcs), 3)
    assert found.positions == 27 and found.pairs == 27 * 26 // (1 if found.directed else 2)
