"""The compiled (numba) kernel and its symmetry reduction against the object BFS and each other.

Every kernel (pure Python, numpy, compiled, compiled over canonical positions) must give the same
layer counts and the same farthest positions; the object BFS of tests/oracle.py decides where it
is fast enough. The thresholds that switch code paths are pushed to both sides: one compiled
chunk table or several, canonical numbers with or without a suffix (a prefix table covering all
disks or only the largest), prefixes that use every permutable post or not.
"""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from hanoi_magnet import ClassicRules, InvalidArgumentError, MagneticRules, State  # noqa: E402
from hanoi_magnet.search import (  # noqa: E402
    diameter,
    estimate_memory,
    explore,
    invariants,
    remoteness,
)
from hanoi_magnet.search._exhaustive import compiled, engines, layered, symmetry  # noqa: E402
from hanoi_magnet.search._exhaustive.layout import CodeLayout  # noqa: E402
from hanoi_magnet.search._exhaustive.pure import run_pure_layers  # noqa: E402
from tests.oracle import (  # noqa: E402
    PositionGraph,
    all_states,
    bfs_distance,
    bfs_layers,
    random_legal_position,
)

CYCLIC_4 = ClassicRules(4, [(0, 1), (1, 2), (2, 3), (3, 0)])
STAR_4 = ClassicRules(4, [(0, 1), (1, 0), (0, 2), (2, 0), (0, 3), (3, 0)])  # 0 is the hub
ONE_WAY_5 = ClassicRules(5, [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (0, 2)])


def _tower(rules, n, post=0):
    face = ("R" if post == 0 else "B") if rules.magnetic else None
    return State.tower(n, post, posts=rules.posts, face=face)


def _quiet(*_):
    return None


ORACLE_CASES = [
    (ClassicRules(4), 5),
    (ClassicRules(5), 4),
    (ClassicRules(6), 3),
    (CYCLIC_4, 5),
    (ONE_WAY_5, 4),
    (MagneticRules("NNNN"), 4),
    (MagneticRules("RBNN"), 4),
    (MagneticRules("NRBNB"), 3),
    (MagneticRules("NNN"), 5),
]


@pytest.mark.parametrize(("rules", "n"), ORACLE_CASES)
def test_compiled_layers_equal_the_object_bfs(rules, n):
    rng = random.Random(n * 31 + rules.posts)
    layout = CodeLayout(rules, n)
    for start in [_tower(rules, n), random_legal_position(rules, n, rng)]:
        expected = [len(layer) for layer in bfs_layers(rules, start)]
        counts, last = compiled.run_compiled(layout, [layout.encode(start)], _quiet)
        assert counts == expected
        farthest = sorted(layout.encode(state) for state in bfs_layers(rules, start)[-1])
        assert last == farthest
        if compiled.symmetric_applies(layout, layout.encode(start)):
            counts, last, _ = compiled.run_symmetric(layout, layout.encode(start), _quiet)
            assert counts == expected and last == farthest


@pytest.mark.parametrize("entries", [16, 64, compiled.COMPILED_ENTRIES])
@pytest.mark.parametrize(
    ("rules", "n"),
    [
        (ClassicRules(4), 8),
        (CYCLIC_4, 7),
        (ClassicRules(5), 6),
        (MagneticRules("NNNN"), 6),
        (MagneticRules("RNBN"), 6),
    ],
)
def test_compiled_equals_numpy_and_python_with_one_chunk_table_or_several(
    monkeypatch, rules, n, entries
):
    monkeypatch.setattr(compiled, "COMPILED_ENTRIES", entries)
    layout = CodeLayout(rules, n)
    assert (len(compiled.MoveTables(layout).places) > 1) == (rules.posts**n > entries)
    start = layout.encode(_tower(rules, n))
    numpy_counts, numpy_last = layered.run_layers(layout, [start], _quiet)
    python_counts, python_last = run_pure_layers(layout, [start], _quiet)
    counts, last = compiled.run_compiled(layout, [start], _quiet)
    assert counts == numpy_counts == python_counts
    assert last == numpy_last.tolist() == python_last


@pytest.mark.parametrize(
    ("prefix_entries", "suffix_digits"),
    [(4, 0), (16, 3), (256, 0), (symmetry.PREFIX_ENTRIES, 0), (symmetry.PREFIX_ENTRIES, 4)],
)
@pytest.mark.parametrize(
    ("posts", "n", "start"),
    [
        (4, 7, [[7, 6, 5, 4, 3, 2, 1], [], [], []]),
        (4, 7, [[], [], [7, 6, 5, 4, 3, 2, 1], []]),
        (4, 7, [[7, 2], [6, 5, 4, 3, 1], [], []]),  # two fixed posts, two permutable
        (5, 5, [[5, 4, 3, 2, 1], [], [], [], []]),  # four permutable posts: 24 permutations
        (5, 5, [[5], [], [4, 3, 2, 1], [], []]),
        (6, 4, [[], [], [], [4, 3], [], [2, 1]]),
    ],
)
def test_symmetric_search_equals_the_unreduced_one(
    monkeypatch, posts, n, start, prefix_entries, suffix_digits
):
    monkeypatch.setattr(symmetry, "PREFIX_ENTRIES", prefix_entries)
    monkeypatch.setattr(symmetry, "SUFFIX_DIGITS", suffix_digits)
    monkeypatch.setattr(symmetry, "PREFIX_DIGITS", 0)
    rules = ClassicRules(posts)
    layout = CodeLayout(rules, n)
    code = layout.encode(State(start))
    assert compiled.symmetric_applies(layout, code)
    codes = compiled.SymmetricCodes(layout, code)
    assert (codes.low > 0) == (posts**n > prefix_entries or suffix_digits > 0)
    counts, last, table_bytes = compiled.run_symmetric(layout, code, _quiet)
    expected, expected_last = compiled.run_compiled(layout, [code], _quiet)
    assert counts == expected and last == expected_last
    assert sum(counts) == posts**n  # classic rules with every move: all positions reachable
    # two bits per canonical number: one per orbit exactly without a suffix
    orbits = _orbit_count(posts, len(codes.fixed), n)
    assert table_bytes == 8 * -(-codes.size // 32) and codes.size >= orbits
    if codes.low == 0:
        assert codes.size == orbits


def _orbit_count(posts, fixed, n):
    """The canonical strings: count by the labels they use (a brute-force Burnside check)."""
    free = posts - fixed
    ways = [0] * (free + 1)  # strings of length i using exactly m permutable labels, canonical
    ways[0] = 1
    for _ in range(n):
        longer = [0] * (free + 1)
        for m, count in enumerate(ways):
            longer[m] += count * (fixed + m)
            if m < free:
                longer[m + 1] += count
        ways = longer
    return sum(ways)


def test_the_orbit_count_is_burnside(monkeypatch):
    # four pegs, a tower: (4**n + 3 * 2**n + 2) / 6 orbits under the six permutations
    for n in range(1, 9):
        assert _orbit_count(4, 1, n) == (4**n + 3 * 2**n + 2) // 6
    monkeypatch.setattr(symmetry, "SUFFIX_DIGITS", 0)
    for n in range(1, 9):
        layout = CodeLayout(ClassicRules(4), n)
        assert compiled.SymmetricCodes(layout, 0).size == _orbit_count(4, 1, n)


def test_symmetry_does_not_apply_where_it_would_be_wrong():
    four = CodeLayout(ClassicRules(4), 5)
    assert compiled.symmetric_applies(four, 0)
    assert not compiled.symmetric_applies(CodeLayout(CYCLIC_4, 5), 0)  # directions break it
    spread = four.encode(State([[5], [4], [3], [2, 1]]))
    assert not compiled.symmetric_applies(four, spread)  # no post empty: nothing to permute
    one_free = four.encode(State([[5], [4], [3, 2, 1], []]))
    assert not compiled.symmetric_applies(four, one_free)
    # the goal's posts are fixed too: from peg 0 to peg 3 only pegs 1 and 2 may be swapped
    goal = four.encode(State.tower(5, 3, posts=4))
    assert symmetry.permutable_posts(four, 0, goal) == (1, 2)
    assert not compiled.symmetric_applies(four, 0, four.encode(State([[5, 4], [3], [2], [1]])))
    # magnetic rules: only posts of the same colour (and the same directions) are swapped
    nnnn = CodeLayout(MagneticRules("NNNN"), 5)
    assert symmetry.permutable_posts(nnnn, nnnn.encode(_tower(nnnn.rules, 5))) == (1, 2, 3)
    rnbn = CodeLayout(MagneticRules("RNBN"), 5)
    assert symmetry.permutable_posts(rnbn, rnbn.encode(_tower(rnbn.rules, 5))) == (1, 3)
    rbnn = CodeLayout(MagneticRules("RBNN"), 5)
    assert symmetry.permutable_posts(rbnn, 0) == (2, 3)  # the blue post has no partner
    rbnr = CodeLayout(MagneticRules("RBNR"), 5)
    assert symmetry.permutable_posts(rbnr, rbnr.encode(_tower(rbnr.rules, 5, 2))) == (0, 3)
    assert not compiled.symmetric_applies(rbnr, 0)  # from the red post: B, N, R are all apart
    on_a_line = MagneticRules("NNNN", allowed=[(0, 1), (1, 0), (1, 2), (2, 1), (2, 3), (3, 2)])
    line = CodeLayout(on_a_line, 4)
    assert not compiled.symmetric_applies(line, 0)  # a line: only its mirror, no swap of two
    assert not any(symmetry.swap_preserves_rules(line, a, b) for a in range(4) for b in range(a))


SYMMETRY_CASES = [
    (ClassicRules(4), [[6, 5, 4, 3, 2, 1], [], [], []], [[], [], [], [6, 5, 4, 3, 2, 1]]),
    (ClassicRules(4), [[6, 5, 4, 3, 2, 1], [], [], []], [[6, 5, 2, 1], [], [], [4, 3]]),
    (ClassicRules(5), [[], [5, 4, 3, 2, 1], [], [], []], [[], [], [], [], [5, 4, 3, 2, 1]]),
    (STAR_4, [[5, 4, 3, 2, 1], [], [], []], None),
    (MagneticRules("NNNN"), "tower", None),
    (MagneticRules("NNNN"), "tower", "tower 3"),
    (MagneticRules("NNNNN"), "tower", "tower 4"),
    (MagneticRules("RNBN"), "tower", None),
    (MagneticRules("RBNN"), "tower", None),
    (MagneticRules("RBNR"), "tower 2", None),
    (MagneticRules("NNRR"), "tower", "tower 1"),
    # no neutral post: magnetic rules through the kernel compiled without face bits
    (MagneticRules("RRBB"), "tower", None),
    (MagneticRules("RBRB"), "tower", None),
]


def _position(rules, n, given):
    if isinstance(given, str):
        post = int(given.split()[1]) if " " in given else 0
        return _tower(rules, n, post)
    return State(given)


@pytest.mark.parametrize(("rules", "start", "goal"), SYMMETRY_CASES)
def test_symmetric_search_equals_the_object_bfs_and_the_full_search(rules, start, goal):
    """Every rule set whose posts may be swapped: magnetic ones (face bits follow their posts)
    and searches to a goal (its posts fixed too) count the same layers as the full search and
    the object BFS, from orbit sizes; to a goal, they stop at its distance."""
    n = State(start).n if isinstance(start, list) else (4 if rules.posts == 4 else 3)
    start_state = _position(rules, n, start)
    layout = CodeLayout(rules, n)
    code = layout.encode(start_state)
    layers = bfs_layers(rules, start_state)
    expected = [len(layer) for layer in layers]
    farthest = sorted(layout.encode(state) for state in layers[-1])
    goal_code = None
    if goal is not None:
        goal_state = _position(rules, n, goal)
        goal_code = layout.encode(goal_state)
        distance = bfs_distance(rules, start_state, goal_state)
        expected_to_goal = expected[: distance + 1]
    assert compiled.symmetric_applies(layout, code, goal_code)
    # both kernels: with face bits (a neutral post in magnetic rules) and without
    assert (layout.face_count > 1) == (rules.magnetic and None in rules.post_colors)
    for entries, suffix in [(4, 0), (symmetry.PREFIX_ENTRIES, 2)]:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(symmetry, "PREFIX_ENTRIES", entries)
            patch.setattr(symmetry, "SUFFIX_DIGITS", suffix)
            patch.setattr(symmetry, "PREFIX_DIGITS", 0)
            counts, last, _ = compiled.run_symmetric(layout, code, _quiet)
            assert counts == expected and last == farthest
            if goal_code is not None:
                to_goal, none, _ = compiled.run_symmetric(layout, code, _quiet, goal=goal_code)
                assert to_goal == expected_to_goal and none is None
    assert compiled.run_compiled(layout, [code], _quiet)[0] == expected


def test_canonical_numbers_name_each_orbit_once():
    """Every position's number is its orbit's: the orbits partition the positions, and their
    sizes are the recorded ones (NNNN from a tower: three neutral posts, faces permuted)."""
    rules = MagneticRules("NNNN")
    layout = CodeLayout(rules, 3)
    codes = symmetry.SymmetricCodes(layout, layout.encode(_tower(rules, 3)))
    seen: dict[int, set[int]] = {}
    for state in all_states(rules, 3):
        code = layout.encode(state)
        seen.setdefault(codes.number(code), set()).add(code)
    for number, orbit in seen.items():
        assert sorted(orbit) == codes.orbit_codes(number)
        assert codes.number(codes.code(number)) == number
        _, used = codes.canonical(codes.code(number))
        assert len(orbit) == codes.orbit[used]
    assert sum(len(orbit) for orbit in seen.values()) == len(list(all_states(rules, 3)))


def test_explore_runs_the_compiled_kernel_by_default_and_says_so(monkeypatch):
    monkeypatch.setattr(engines, "COMPILED_FROM", 1)  # by default, at any size
    start = State.tower(6, posts=4)
    found = explore(ClassicRules(4), start)
    assert found.engine == "compiled"
    for engine in ("numpy", "python"):
        other = explore(ClassicRules(4), start, engine=engine)
        assert other.counts == found.counts
        assert other.farthest_positions() == found.farthest_positions()
    plain = explore(ClassicRules(4), start, symmetry=False, engine="compiled")
    assert plain.counts == found.counts and plain.engine == "compiled"
    # three posts: the recursion stays faster, and runs
    assert explore(ClassicRules(), State.tower(5)).engine == "recursive"
    assert estimate_memory(ClassicRules(4), 10, engine="compiled") == compiled.plain_bytes(
        CodeLayout(ClassicRules(4), 10)
    )


def test_compiled_without_numba_says_how_to_install(monkeypatch):
    monkeypatch.setattr(engines, "numba_available", lambda: False)
    with pytest.raises(InvalidArgumentError, match=r"hanoi-magnet\[compiled\]"):
        explore(ClassicRules(4), State.tower(3, posts=4), engine="compiled")
    # "auto" falls back to numpy
    assert explore(ClassicRules(4), State.tower(3, posts=4)).engine == "numpy"


@pytest.mark.parametrize(("posts", "n"), [(3, 1), (3, 3), (4, 1), (4, 2), (4, 3), (5, 2)])
def test_invariants_equal_a_search_from_every_position(posts, n):
    """The compiled all-pairs searches (one per orbit of the permutations of the pegs) against
    the object BFS from every position: the histogram of eccentricities, the antipodal pairs."""
    rules = ClassicRules(posts)
    found = invariants(rules, n, engine="compiled")
    eccentricities: dict[int, int] = {}
    pairs: dict[int, int] = {}
    for state in all_states(rules, n):
        layers = bfs_layers(rules, state)
        eccentricity = len(layers) - 1
        eccentricities[eccentricity] = eccentricities.get(eccentricity, 0) + 1
        pairs[eccentricity] = pairs.get(eccentricity, 0) + len(layers[-1])
    diameter = max(eccentricities)
    assert found.diameter == diameter
    assert found.antipodal_pairs == pairs[diameter] // 2
    assert {e: c for e, c in enumerate(found.eccentricities) if c} == eccentricities
    assert found.searches < posts**n or n == 1


def test_auto_runs_the_compiled_kernel_from_compiled_from_codes_on(monkeypatch):
    """Both sides of engines.COMPILED_FROM (moved down to a small space here): "auto" runs
    numpy below it and the compiled kernel from it on, with the same counts."""
    rules, start = ClassicRules(4), State.tower(5, posts=4)
    size = CodeLayout(rules, 5).size
    monkeypatch.setattr(engines, "COMPILED_FROM", size + 1)
    below = explore(rules, start)
    monkeypatch.setattr(engines, "COMPILED_FROM", size)
    at = explore(rules, start)
    assert (below.engine, at.engine) == ("numpy", "compiled")
    assert below.counts == at.counts and sum(at.counts) == 4**5


def test_auto_stays_with_numpy_for_small_spaces():
    """The real threshold: a four-peg search of 10 disks (4**10 codes) is below it."""
    assert CodeLayout(ClassicRules(4), 10).size < engines.COMPILED_FROM <= 4**11
    assert explore(ClassicRules(4), State.tower(10, posts=4)).engine == "numpy"


def test_auto_runs_the_compiled_kernel_at_the_real_threshold():
    """4**11 codes is exactly COMPILED_FROM: the first size "auto" hands to numba, with the
    same layers as numpy's search, summing to the whole space."""
    assert CodeLayout(ClassicRules(4), 11).size == engines.COMPILED_FROM
    start = State.tower(11, posts=4)
    found = explore(ClassicRules(4), start)
    assert found.engine == "compiled"
    assert sum(found.counts) == 4**11
    assert found.counts == explore(ClassicRules(4), start, engine="numpy").counts


# -- distance tables and diameters --------------------------------------------------------------

REMOTENESS_CASES = [
    (ClassicRules(4), 5),
    (ClassicRules(5), 4),
    (STAR_4, 5),
    (CYCLIC_4, 4),
    (ONE_WAY_5, 3),
    (MagneticRules("NNNN"), 3),
    (MagneticRules("RBNN"), 3),
    (MagneticRules("NNRN"), 3),
]


@pytest.mark.parametrize(("rules", "n"), REMOTENESS_CASES)
def test_compiled_remoteness_equals_numpy_python_and_the_object_bfs(rules, n):
    rng = random.Random(7 * n + rules.posts)
    layout = CodeLayout(rules, n)
    for goal in [_tower(rules, n, rules.posts - 1), random_legal_position(rules, n, rng)]:
        table = remoteness(rules, goal, engine="compiled")
        assert table.engine == "compiled"
        table.verify()
        others = [remoteness(rules, goal, engine=engine) for engine in ("numpy", "python")]
        others.append(remoteness(rules, goal, engine="compiled", symmetry=True))
        for other in others:
            assert list(other.values) == table.values.tolist()
            assert other.counts == table.counts
        for state in rng.sample(all_states(rules, n), 25):
            expected = bfs_distance(rules, state, goal)
            found = table.values[layout.encode(state)]
            assert found == (table.unreached if expected is None else expected)


@pytest.mark.parametrize(
    ("rules", "n", "goal"),
    [
        (ClassicRules(4), 6, [[], [], [], [6, 5, 4, 3, 2, 1]]),
        (ClassicRules(5), 4, [[], [4, 3], [], [2, 1], []]),
        (STAR_4, 5, [[5, 4, 3, 2, 1], [], [], []]),
        (MagneticRules("NNNN"), 4, "tower 3"),
        (MagneticRules("NNRR"), 3, "tower 1"),
        (MagneticRules("RNBN"), 3, "tower"),
    ],
)
def test_symmetric_distance_tables_equal_the_full_ones(monkeypatch, rules, n, goal):
    """The values of the canonical positions, spread over their orbits (faces following their
    posts, non-positions left unreached), are the full table's; both sides of the prefix
    threshold (a prefix of every disk, or a short one and a suffix)."""
    layout = CodeLayout(rules, n)
    code = layout.encode(_position(rules, n, goal))
    assert compiled.symmetric_applies(CodeLayout(layout.reversed_rules(), n), code)
    full, full_counts = compiled.distances_compiled(layout, code, _quiet)
    for entries, suffix in [(symmetry.PREFIX_ENTRIES, 0), (4, 2)]:
        monkeypatch.setattr(symmetry, "PREFIX_ENTRIES", entries)
        monkeypatch.setattr(symmetry, "SUFFIX_DIGITS", suffix)
        monkeypatch.setattr(symmetry, "PREFIX_DIGITS", 0)
        values, counts = compiled.symmetric_distances(layout, code, _quiet)
        assert counts == full_counts
        assert values.dtype == full.dtype and np.array_equal(values, full)


def test_compiled_remoteness_widens_its_values_past_255_as_numpy_does():
    """Both sides of the one-byte limit: cyclic moves on four pegs reach distance 233 with 7
    disks (one byte a code) and 400 with 8 (two bytes)."""
    for n, dtype in [(7, "uint8"), (8, "uint16")]:
        goal = State.tower(n, 2, posts=4)
        table = remoteness(CYCLIC_4, goal, engine="compiled")
        numpy_table = remoteness(CYCLIC_4, goal, engine="numpy")
        assert table.values.dtype == numpy_table.values.dtype == np.dtype(dtype)
        assert np.array_equal(table.values, numpy_table.values)
        assert table.max_distance == numpy_table.max_distance
    assert table.max_distance > 255


def test_auto_runs_the_compiled_distance_table_from_compiled_from_codes_on(monkeypatch):
    rules, goal = MagneticRules("NNNN"), _tower(MagneticRules("NNNN"), 3)
    size = CodeLayout(rules, 3).size
    monkeypatch.setattr(engines, "COMPILED_FROM", size + 1)
    below = remoteness(rules, goal)
    monkeypatch.setattr(engines, "COMPILED_FROM", size)
    at = remoteness(rules, goal)
    assert (below.engine, at.engine) == ("numpy", "compiled")
    assert np.array_equal(below.values, at.values)
    assert estimate_memory(rules, 3, query="remoteness") == compiled.distances_bytes(
        CodeLayout(rules, 3)
    )
    # three posts keep numpy's recursion, whatever the size
    assert remoteness(ClassicRules(), State.tower(3), engine="compiled").engine == "recursive"


def _all_pairs_diameter(rules, n):
    return max(len(bfs_layers(rules, state)) - 1 for state in all_states(rules, n))


@pytest.mark.parametrize(
    ("rules", "n"),
    [
        (ClassicRules(4), 3),
        (ClassicRules(5), 2),
        (CYCLIC_4, 2),
        (MagneticRules("NNNN"), 2),
        (MagneticRules("RBNN"), 3),
    ],
)
def test_compiled_diameter_equals_numpy_and_the_all_pairs_bfs(monkeypatch, rules, n):
    calls = []
    real = compiled.distances_compiled

    def counted(*args):
        calls.append(args[1])
        return real(*args)

    monkeypatch.setattr(compiled, "distances_compiled", counted)
    found = diameter(rules, n, engine="compiled")
    assert calls  # every search of the bounding algorithm ran the compiled kernel
    assert found == diameter(rules, n, engine="numpy") == _all_pairs_diameter(rules, n)


def test_auto_runs_the_compiled_diameter_from_compiled_from_codes_on(monkeypatch):
    calls = []
    real = compiled.distances_compiled
    monkeypatch.setattr(compiled, "distances_compiled", lambda *a: calls.append(1) or real(*a))
    rules = ClassicRules(4)
    size = CodeLayout(rules, 4).size
    monkeypatch.setattr(engines, "COMPILED_FROM", size + 1)
    below = diameter(rules, 4)
    assert not calls
    monkeypatch.setattr(engines, "COMPILED_FROM", size)
    assert diameter(rules, 4) == below == _all_pairs_diameter(rules, 4)
    assert calls


STAR_MAGNETIC = MagneticRules("RRBB")


@pytest.mark.parametrize(
    ("rules", "n"),
    [(ClassicRules(4), n) for n in range(1, 6)]
    + [(ClassicRules(5), 3), (STAR_4, 4), (STAR_MAGNETIC, 3), (MagneticRules("NNNN"), 3)],
)
def test_diameter_bounds_kept_per_orbit_equal_the_all_pairs_bfs(monkeypatch, rules, n):
    """Connected graphs with swappable posts keep their bounds per orbit of the permutations
    (one search bounds the orbits through all its images); the others (NNNN: positions no move
    leaves) per position. Both sides, against a search from every position."""
    from hanoi_magnet.search._exhaustive import diameter_numpy

    taken, events = [], []
    real = diameter_numpy._orbit_bound
    monkeypatch.setattr(diameter_numpy, "_orbit_bound", lambda *a: taken.append(1) or real(*a))
    layout = CodeLayout(rules, n)
    found = diameter_numpy.undirected(layout, compiled=True, report=lambda *a: events.append(a))
    connected = sum(map(len, bfs_layers(rules, _tower(rules, n)))) == len(all_states(rules, n))
    assert bool(taken) == (connected and bool(symmetry.rule_symmetric_posts(layout)))
    graph = PositionGraph(rules, n)
    expected = max(
        max(found[0] for found in graph.geodesics(node) if found is not None)
        for node in range(len(graph.states))
    )
    assert found == expected
    assert events[-1][1] == found and events[-1][2] == 0  # nothing left open
    assert [event[0] for event in events] == sorted(event[0] for event in events)
    plain = []
    monkeypatch.setattr(diameter_numpy, "rule_symmetric_posts", lambda _: ())
    assert (
        diameter_numpy.undirected(layout, compiled=True, report=lambda *a: plain.append(a)) == found
    )
    if taken and n >= 4:
        assert events[-1][0] < plain[-1][0]  # fewer searches with the orbits
