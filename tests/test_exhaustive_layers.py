"""Layer counts, farthest positions and distance tables: every engine equals the object BFS of
tests/oracle.py, and the engines equal each other where the oracle is too slow.

Engines: pure Python (the fallback), the numpy layered search (any rules; on three posts only
when asked for directly), the three-post recursion (what numpy runs on three posts). The
thresholds that switch code paths are pushed to both sides: layers kept as arrays or read back
from the table, one chunk of codes or many, the recursion's table of smallest disks covering
all disks or only some.
"""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")

from hanoi_magnet import (  # noqa: E402
    ClassicRules,
    Color,
    MagneticRules,
    SearchLimitError,
    State,
)
from hanoi_magnet.search import explore, remoteness  # noqa: E402
from hanoi_magnet.search._exhaustive import layered, recursive, three_posts  # noqa: E402
from hanoi_magnet.search._exhaustive.layout import CodeLayout  # noqa: E402
from hanoi_magnet.search._exhaustive.macro import INF  # noqa: E402
from hanoi_magnet.variants import SID_LABELS  # noqa: E402
from tests.oracle import (  # noqa: E402
    all_states,
    bfs_distance,
    bfs_layers,
    random_legal_position,
)

LINEAR = ClassicRules(3, [(0, 1), (1, 0), (1, 2), (2, 1)])
CYCLIC = ClassicRules(3, [(0, 1), (1, 2), (2, 0)])
RIGHTWARDS = ClassicRules(3, [(0, 1), (1, 2), (0, 2)])  # dead ends: not strongly connected
CYCLIC_4 = ClassicRules(4, [(0, 1), (1, 2), (2, 3), (3, 0)])
# (rules, n) small enough for the object BFS
ORACLE_CASES = [
    (ClassicRules(3), 5),
    (ClassicRules(4), 4),
    (ClassicRules(5), 3),
    (LINEAR, 4),
    (CYCLIC, 4),
    (RIGHTWARDS, 4),
    (CYCLIC_4, 3),
    (MagneticRules("NNN"), 4),
    (MagneticRules("RBB"), 4),
    (MagneticRules("NNR"), 4),
    (MagneticRules("RBN"), 4),
    (MagneticRules("RRR"), 3),
    (MagneticRules("NNNN"), 3),
    (MagneticRules("RBNN"), 3),
]


def legal_start(rules, n, rng):
    return rng.choice(all_states(rules, n))


def numpy_layered(rules, start):
    """The layered numpy search, also on three posts (where explore() runs the recursion)."""
    layout = CodeLayout(rules, start.n)
    counts, last = layered.run_layers(layout, [layout.encode(start)], lambda *_: None)
    return counts, None if last is None else [layout.decode(c) for c in last.tolist()]


@pytest.mark.parametrize(("rules", "n"), ORACLE_CASES, ids=repr)
def test_every_engine_equals_the_object_bfs(rules, n):
    rng = random.Random(f"{rules!r}{n}")
    for _ in range(3):
        start = legal_start(rules, n, rng)
        layers = bfs_layers(rules, start)
        counts = tuple(len(layer) for layer in layers)
        farthest = sorted(layers[-1], key=CodeLayout(rules, n).encode)
        for engine in ("python", "numpy"):
            found = explore(rules, start, engine=engine)
            assert found.counts == counts
            assert found.farthest_positions() == farthest
        assert numpy_layered(rules, start) == (list(counts), farthest)


@pytest.mark.parametrize(("rules", "n"), ORACLE_CASES, ids=repr)
def test_distance_tables_equal_the_object_bfs(rules, n):
    goal = legal_start(rules, n, random.Random(f"goal {rules!r}"))
    layout = CodeLayout(rules, n)
    tables = [remoteness(rules, goal, engine=engine) for engine in ("python", "numpy")]
    for state in all_states(rules, n):
        expected = bfs_distance(rules, state, goal)
        for table in tables:
            value = int(table.values[layout.encode(state)])
            assert value == (table.unreached if expected is None else expected)
    assert list(tables[0].values) == list(tables[1].values)
    assert tables[0].values.itemsize == tables[1].values.itemsize
    not_positions = [c for c in range(layout.size) if not layout.is_position(c)]
    assert all(int(tables[1].values[c]) == tables[1].unreached for c in not_positions)


@pytest.mark.parametrize("scratch", [0, 1 << 30])
def test_finds_deduplicated_by_sorting_or_by_scratch_array(monkeypatch, scratch):
    """Both sides of SCRATCH_CODES (0: every space sorts; 2**30: every space scatters), with
    chunks of 7 codes so that one chunk's successors repeat codes often; the object BFS
    decides."""
    monkeypatch.setattr(layered, "SCRATCH_CODES", scratch)
    monkeypatch.setattr(layered, "CHUNK", 7)
    for rules, n in [(ClassicRules(4), 5), (MagneticRules("NNNN"), 4), (CYCLIC_4, 5)]:
        start = State.tower(n, posts=rules.posts, face="R" if rules.magnetic else None)
        search = layered.LayeredSearch(CodeLayout(rules, n), [0])
        assert (search._scratch is None) == (scratch == 0)
        layers = bfs_layers(rules, start)
        assert numpy_layered(rules, start)[0] == [len(layer) for layer in layers]


def test_layers_kept_as_arrays_or_read_back_from_the_table(monkeypatch):
    """Both sides of the explicit-layer limit, and chunks smaller than a layer."""
    cases = [
        (ClassicRules(4), 6),
        (MagneticRules("NNNN"), 4),
        (CYCLIC_4, 5),
        (MagneticRules("NNN"), 6),
    ]
    expected = [
        numpy_layered(
            rules, State.tower(n, posts=rules.posts, face="R" if rules.magnetic else None)
        )
        for rules, n in cases
    ]
    monkeypatch.setattr(layered, "EXPLICIT_LIMIT", 3)
    monkeypatch.setattr(layered, "explicit_limit", lambda size: 3)
    monkeypatch.setattr(layered, "CHUNK", 7)
    monkeypatch.setattr(layered, "SCAN_WORDS", 5)
    for (rules, n), before in zip(cases, expected, strict=True):
        start = State.tower(n, posts=rules.posts, face="R" if rules.magnetic else None)
        assert numpy_layered(rules, start) == before
        # a last layer read back from the table is kept if it has at most ``keep`` codes
        layout = CodeLayout(rules, n)
        last = sorted(layout.encode(state) for state in before[1])
        if len(last) <= 3:  # at most the explicit limit: kept as an array anyway
            assert rules != ClassicRules(4)  # (its last layer has 6 positions)
            continue
        for keep, expected in ((len(last), last), (len(last) - 1, None)):
            search = layered.LayeredSearch(layout, [layout.encode(start)], keep=keep)
            for _ in search.layers():
                pass
            kept = search.expanded
            assert (None if kept is None else kept.tolist()) == expected


@pytest.mark.parametrize("leaf", [0, 1, 3, recursive.LEAF_DISKS])
def test_the_recursion_equals_the_layered_search(monkeypatch, leaf):
    """Every colouring and direction set on three posts, forwards and backwards."""
    monkeypatch.setattr(recursive, "LEAF_DISKS", leaf)
    monkeypatch.setattr(recursive, "ROWS", 2)
    rng = random.Random(leaf)
    every = [MagneticRules(label) for label in SID_LABELS] + [
        ClassicRules(),
        LINEAR,
        CYCLIC,
        RIGHTWARDS,
    ]
    for rules in rng.sample(every, 8) + [MagneticRules("NNN"), CYCLIC]:
        for n in (0, 1, 4, 6):
            layout = CodeLayout(rules, n)
            source = layout.encode(legal_start(rules, n, rng))
            for backward in (False, True):
                expected = np.full(layout.size, INF, dtype=np.int64)

                def visit(depth, codes, expected=expected):
                    expected[codes] = depth

                layered.run_layers(
                    layout, [source], lambda *_: None, backward=backward, visit=visit
                )
                got = np.full(layout.size, -1, dtype=np.int64)
                for first, values in recursive.layout_distances(layout, source, backward=backward):
                    got[first : first + values.size] = values
                assert (got == expected).all(), (rules, n, backward)


def test_three_posts_tables_report_progress_and_narrow_their_type(monkeypatch):
    monkeypatch.setattr(three_posts, "REPORT_EVERY", 1000)
    monkeypatch.setattr(recursive, "LEAF_DISKS", 3)  # many blocks of codes, many reports
    events = []
    rules = MagneticRules("NNN")
    table = remoteness(rules, State.tower(8, 2, face=Color.BLUE), progress=events.append)
    assert table.engine == "recursive"
    assert table.values.dtype == np.uint16  # distances up to 4,000-odd
    assert len(events) > 2 and events[-1].done and events[-1].reached == table.reachable
    table.verify()
    found = explore(rules, State.tower(8, face=Color.RED), progress=events.append)
    assert found.engine == "recursive" and found.eccentricity == 4030


def test_farthest_positions_of_the_recursion_are_kept_only_when_few(monkeypatch):
    rules, start = MagneticRules("NNN"), State.tower(5, face=Color.RED)
    found = explore(rules, start)
    monkeypatch.setattr(three_posts, "KEEP", len(found.farthest_positions()) - 1)
    with pytest.raises(SearchLimitError, match="were not kept"):
        explore(rules, start).farthest_positions()


def test_distance_arrays_widen_beyond_255():
    """The numpy layered search (four posts) and pure Python start with one byte per code."""
    goal = State.tower(8, 3, posts=4)
    numpy_table = remoteness(CYCLIC_4, goal, engine="numpy")
    python_table = remoteness(CYCLIC_4, goal, engine="python")
    assert numpy_table.max_distance > 255
    assert numpy_table.values.dtype == np.uint16 and python_table.values.itemsize == 2
    assert list(numpy_table.values) == list(python_table.values)
    numpy_table.verify()


@pytest.mark.parametrize("entries", [4, 16, 1 << 12])
@pytest.mark.parametrize(
    ("rules", "n"),
    [(ClassicRules(4), 5), (CYCLIC_4, 5), (ClassicRules(5), 4), (RIGHTWARDS, 5), (LINEAR, 5)],
)
def test_pure_classic_layers_equal_the_object_bfs_with_any_table_size(
    monkeypatch, rules, n, entries
):
    # the pure-Python kernel reads the smallest disks from a table and the larger ones through a
    # cache: a table of 4 entries (one digit) sends almost every code through the cache
    from hanoi_magnet.search._exhaustive import pure

    monkeypatch.setattr(pure, "LOW_ENTRIES", entries)
    layout = CodeLayout(rules, n)
    rng = random.Random(entries + n)
    for start in [State.tower(n, posts=rules.posts), random_legal_position(rules, n, rng)]:
        expected = bfs_layers(rules, start)
        layers = [sorted(layer) for layer in pure.classic_layers(layout, [layout.encode(start)])]
        assert layers == [sorted(layout.encode(s) for s in layer) for layer in expected]
        found = explore(rules, start, engine="python")
        assert found.counts == tuple(len(layer) for layer in expected)


@pytest.mark.parametrize("entries", [4, 16, 1 << 15])
@pytest.mark.parametrize(
    ("rules", "n"),
    [
        (MagneticRules("NNN"), 5),
        (MagneticRules("RBN"), 5),
        (MagneticRules("NNNN"), 4),
        (MagneticRules("RBNN"), 4),
        (MagneticRules("NNN", allowed=[(0, 1), (1, 2), (2, 0)]), 5),
    ],
    ids=repr,
)
def test_pure_magnetic_layers_equal_the_object_bfs_with_any_tops_table(
    monkeypatch, rules, n, entries
):
    # the pure-Python kernel reads the top disk of each post from a table per chunk of digits
    # (neighbours.py); a table of 4 entries (one digit) sends every code through every chunk
    from hanoi_magnet.search._exhaustive import neighbours, pure

    monkeypatch.setattr(neighbours, "_TABLE_ENTRIES", entries)
    layout = CodeLayout(rules, n)
    rng = random.Random(entries + n)
    for start in [State.tower(n, posts=rules.posts, face=Color.RED), None]:
        start = start if start is not None else random_legal_position(rules, n, rng)
        if rules.check_state(start) is not None:
            continue  # a red tower on a blue post
        expected = bfs_layers(rules, start)
        layers = list(pure.pure_layers(layout, [layout.encode(start)]))
        assert layers == [sorted(layout.encode(s) for s in layer) for layer in expected]
