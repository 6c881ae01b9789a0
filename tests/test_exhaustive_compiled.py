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
from hanoi_magnet.search import estimate_memory, explore  # noqa: E402
from hanoi_magnet.search._exhaustive import compiled, engines, layered  # noqa: E402
from hanoi_magnet.search._exhaustive.layout import CodeLayout  # noqa: E402
from hanoi_magnet.search._exhaustive.pure import run_pure_layers  # noqa: E402
from tests.oracle import all_states, bfs_layers, random_legal_position  # noqa: E402

CYCLIC_4 = ClassicRules(4, [(0, 1), (1, 2), (2, 3), (3, 0)])
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
    [(4, 0), (16, 3), (256, 0), (compiled.PREFIX_ENTRIES, 0), (compiled.PREFIX_ENTRIES, 4)],
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
    monkeypatch.setattr(compiled, "PREFIX_ENTRIES", prefix_entries)
    monkeypatch.setattr(compiled, "SUFFIX_DIGITS", suffix_digits)
    monkeypatch.setattr(compiled, "PREFIX_DIGITS", 0)
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
    monkeypatch.setattr(compiled, "SUFFIX_DIGITS", 0)
    for n in range(1, 9):
        layout = CodeLayout(ClassicRules(4), n)
        assert compiled.SymmetricCodes(layout, 0).size == _orbit_count(4, 1, n)


def test_symmetry_does_not_apply_where_it_would_be_wrong():
    four = CodeLayout(ClassicRules(4), 5)
    assert compiled.symmetric_applies(four, 0)
    assert not compiled.symmetric_applies(CodeLayout(CYCLIC_4, 5), 0)  # directions break it
    assert not compiled.symmetric_applies(CodeLayout(MagneticRules("NNNN"), 5), 0)
    spread = four.encode(State([[5], [4], [3], [2, 1]]))
    assert not compiled.symmetric_applies(four, spread)  # no post empty: nothing to permute
    one_free = four.encode(State([[5], [4], [3, 2, 1], []]))
    assert not compiled.symmetric_applies(four, one_free)


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
def test_all_pairs_equals_a_search_from_every_position(posts, n):
    rules = ClassicRules(posts)
    found = compiled.all_pairs(CodeLayout(rules, n))
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
    assert found.eccentricities == dict(sorted(eccentricities.items()))
    assert found.sources < posts**n or n == 1


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
