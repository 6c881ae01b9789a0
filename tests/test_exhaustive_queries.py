"""The public whole-space queries: arguments, errors, memory refusal, files, progress, engines."""

from __future__ import annotations

import functools
import io
import itertools
import json
import subprocess
import sys
from itertools import permutations

import pytest

import hanoi_magnet as hm
from hanoi_magnet import search
from hanoi_magnet.search._exhaustive import budget, engines, fileformat, progress
from hanoi_magnet.search._exhaustive.layout import CodeLayout
from tests.oracle import all_states, bfs_distance, bfs_layers

CLASSIC_4 = hm.ClassicRules(4)
CYCLIC = hm.ClassicRules(3, [(0, 1), (1, 2), (2, 0)])
NNN = hm.MagneticRules("NNN")


@pytest.fixture(params=["python", "numpy"])
def engine(request):
    if request.param == "numpy":
        pytest.importorskip("numpy")
    return request.param


# -- arguments and errors -----------------------------------------------------------------------


def test_illegal_starts_and_bad_arguments_are_refused(engine):
    with pytest.raises(hm.InvalidArgumentError, match="not a legal position"):
        search.explore(NNN, hm.State([[2, 1], [], []], faces="RB"), engine=engine)
    with pytest.raises(hm.InvalidArgumentError, match="Rules object"):
        search.explore("NNN", hm.State.tower(2))  # type: ignore[arg-type]
    with pytest.raises(hm.InvalidArgumentError, match="engine must be one of"):
        search.explore(NNN, hm.State.tower(2, face="R"), engine="fast")  # type: ignore[arg-type]
    with pytest.raises(hm.InvalidArgumentError, match="progress must be"):
        search.explore(NNN, hm.State.tower(2, face="R"), progress=3)  # type: ignore[arg-type]
    with pytest.raises(hm.InvalidArgumentError, match="max_memory"):
        search.explore(NNN, hm.State.tower(2, face="R"), max_memory=-1)
    with pytest.raises(hm.InvalidArgumentError, match="query must be"):
        search.estimate_memory(NNN, 3, query="everything")  # type: ignore[arg-type]


def test_a_search_that_would_not_fit_is_refused_at_once_with_its_estimate(engine):
    for query, run in [
        (
            "explore",
            lambda limit: search.explore(
                CLASSIC_4, hm.State.tower(9, posts=4), engine=engine, max_memory=limit
            ),
        ),
        (
            "remoteness",
            lambda limit: search.remoteness(
                CLASSIC_4, hm.State.tower(9, posts=4), engine=engine, max_memory=limit
            ),
        ),
        ("diameter", lambda limit: search.diameter(CLASSIC_4, 9, engine=engine, max_memory=limit)),
    ]:
        needed = search.estimate_memory(CLASSIC_4, 9, query=query, engine=engine)
        with pytest.raises(hm.SearchLimitError, match="was not started") as caught:
            run(needed - 1)
        assert budget.human_bytes(needed) in str(caught.value)
    # the default limit is a share of the memory available; 4**40 positions never fit
    with pytest.raises(hm.SearchLimitError, match="needs about"):
        search.explore(CLASSIC_4, hm.State.tower(40, posts=4), engine=engine)


def test_without_numpy_auto_runs_python_and_numpy_is_refused(monkeypatch):
    monkeypatch.setattr(engines, "numpy_available", lambda: False)
    found = search.explore(CLASSIC_4, hm.State.tower(3, posts=4))
    assert found.engine == "python"
    with pytest.raises(hm.InvalidArgumentError, match=r"pip install 'hanoi-magnet\[search\]'"):
        search.explore(CLASSIC_4, hm.State.tower(3, posts=4), engine="numpy")
    with pytest.raises(hm.InvalidArgumentError, match=r"pip install 'hanoi-magnet\[search\]'"):
        search.explore(CLASSIC_4, hm.State.tower(3, posts=4), client=object())


def test_importing_the_package_imports_neither_numpy_nor_dask():
    code = (
        "import sys, hanoi_magnet, hanoi_magnet.search, hanoi_magnet.cli\n"
        "print(sorted({'numpy', 'numba', 'dask', 'distributed'} & set(sys.modules)))"
    )
    output = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert output.stdout.strip() == "[]"


def test_without_numpy_installed_the_answers_are_the_same():
    pytest.importorskip("numpy")
    code = (
        "import sys; sys.modules['numpy'] = None\n"
        "import hanoi_magnet as hm\n"
        "from hanoi_magnet import search\n"
        "found = search.explore(hm.MagneticRules('NNNN'), hm.State.tower(4, posts=4, face='R'))\n"
        "table = search.remoteness(hm.MagneticRules('NRB'), hm.State.tower(5, 2, face='B'))\n"
        "print(found.engine, found.counts, table.values.typecode, list(table.values))"
    )
    output = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    engine, rest = output.stdout.split(" ", 1)
    assert engine == "python"
    found = search.explore(
        hm.MagneticRules("NNNN"), hm.State.tower(4, posts=4, face="R"), engine="numpy"
    )
    table = search.remoteness(
        hm.MagneticRules("NRB"), hm.State.tower(5, 2, face="B"), engine="numpy"
    )
    assert rest.strip() == f"{found.counts} B {list(map(int, table.values))}"


# -- the convenience functions ------------------------------------------------------------------


def test_layer_counts_eccentricity_and_farthest_positions(engine):
    start = hm.State([[3], [2, 1], []], faces="BBR")
    layers = bfs_layers(NNN, start)
    assert search.layer_counts(NNN, start, engine=engine) == tuple(map(len, layers))
    assert search.eccentricity(NNN, start, engine=engine) == len(layers) - 1
    layout = CodeLayout(NNN, 3)
    assert search.farthest_positions(NNN, start, engine=engine) == sorted(
        layers[-1], key=layout.encode
    )


def test_eccentricity_of_perfect_towers_is_frame_stewart_for_small_n():
    # Frame-Stewart 1, 3, 5, 9, 13, 17, 25, 33 for four pegs; a perfect tower's farthest
    # positions are the other perfect towers (and others) for these n
    for n, expected in enumerate([0, 1, 3, 5, 9, 13, 17, 25], start=0):
        assert search.eccentricity(CLASSIC_4, hm.State.tower(n, posts=4)) == expected


# -- Exploration files --------------------------------------------------------------------------


def test_explorations_are_saved_and_read_back(tmp_path, engine):
    found = search.explore(CYCLIC, hm.State.tower(4), engine=engine)
    path = tmp_path / "counts.json"
    found.save(path)
    document = json.loads(path.read_text())
    assert document["format"] == "hanoi-magnet layer counts" and document["counts"] == list(
        found.counts
    )
    again = search.Exploration.load(path)
    assert again == found and hash(again) == hash(found)
    assert again.farthest_positions() == found.farthest_positions()
    assert "eccentricity=" in repr(again) and again.rate >= 0


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="something else"), "is not a hanoi-magnet layer counts file"),
        (lambda d: d.update(version=99), "version 99"),
        (lambda d: d.update(reachable=1), "disagree"),
        (lambda d: d.pop("counts"), "lacks a field"),
        (lambda d: d.update(rules={"kind": "other"}), "not a description of rules"),
        (lambda d: d.update(start=[1, 2]), "not a description of a position"),
    ],
)
def test_damaged_exploration_files_are_refused(tmp_path, change, message):
    path = tmp_path / "counts.json"
    search.explore(CYCLIC, hm.State.tower(3)).save(path)
    document = json.loads(path.read_text())
    change(document)
    path.write_text(json.dumps(document))
    with pytest.raises(hm.InvalidArgumentError, match=message):
        search.Exploration.load(path)
    path.write_text("{not json")
    with pytest.raises(hm.InvalidArgumentError, match="not a JSON document"):
        search.Exploration.load(path)
    path.write_bytes(b'{"format": "\xff\xfe"}')  # not UTF-8: was a raw UnicodeDecodeError
    with pytest.raises(hm.InvalidArgumentError, match="not UTF-8 text"):
        search.Exploration.load(path)


def test_farthest_positions_not_kept_say_so():
    found = search.Exploration(CLASSIC_4, hm.State.tower(2, posts=4), [1, 3, 6, 6], None)
    with pytest.raises(hm.SearchLimitError, match="6 farthest positions were not kept"):
        found.farthest_positions()
    assert found != 3 and found == search.explore(CLASSIC_4, hm.State.tower(2, posts=4))


# -- distance tables ----------------------------------------------------------------------------


def test_a_table_answers_distances_and_optimal_paths(engine):
    goal = hm.State.tower(4, 1)
    table = search.remoteness(CYCLIC, goal, engine=engine)
    for state in all_states(CYCLIC, 4):
        expected = bfs_distance(CYCLIC, state, goal)
        assert table.distance(state) == expected
        moves = table.path_to_goal(state)
        assert len(moves) == expected
        for move in moves:
            state = CYCLIC.apply(state, move)
        assert state == goal
    assert table.positions_at(0) == [goal]
    assert table.farthest_positions() == table.positions_at(table.max_distance)
    assert table.reachable == 81 and "max_distance=" in repr(table)
    with pytest.raises(hm.InvalidArgumentError, match="it has 3 disks"):
        table.distance(hm.State.tower(3))


def test_unreachable_positions_and_non_positions_have_no_distance(engine):
    goal = hm.State.tower(3, 2, face=hm.Color.BLUE)
    table = search.remoteness(NNN, goal, engine=engine)
    isolated = hm.State([[3], [2], [1]], faces="RRR")  # every move would repel
    with pytest.raises(hm.UnreachableError):
        table.distance(isolated)
    with pytest.raises(hm.InvalidArgumentError, match="not one of this table"):
        table.distance(hm.State([[2, 1], [3], []], faces="RBR"))


def test_tables_are_saved_read_back_and_checked(tmp_path, engine, monkeypatch):
    table = search.remoteness(
        hm.MagneticRules("NRNN"), hm.State.tower(3, 3, posts=4, face="B"), engine=engine
    )
    path = tmp_path / "table.bin"
    table.save(path)
    assert path.read_bytes()[:8] == b"HMDIST01"
    for numpy_there in (True, False):
        if not numpy_there:
            monkeypatch.setattr(engines, "numpy_available", lambda: False)
        again = search.RemotenessTable.load(path)
        assert list(again.values) == list(table.values) and again.counts == table.counts
        again.verify()
        assert (type(again.values).__module__ == "numpy") == (
            numpy_there and engines.numpy_available()
        )


def test_damaged_tables_are_refused(tmp_path):
    table = search.remoteness(CYCLIC, hm.State.tower(3, 1))
    path = tmp_path / "table.bin"
    table.save(path)
    data = path.read_bytes()
    path.write_bytes(b"XXXXXXXX" + data[8:])
    with pytest.raises(hm.InvalidArgumentError, match="wrong magic"):
        search.RemotenessTable.load(path)
    path.write_bytes(data[:-1])
    with pytest.raises(hm.InvalidArgumentError, match="should hold 27 values"):
        search.RemotenessTable.load(path)
    path.write_bytes(data[:-1] + bytes([data[-1] ^ 1]))
    with pytest.raises(hm.InvalidArgumentError, match="disagree with the counts"):
        search.RemotenessTable.load(path)
    for cut in (8, 10, 12, 20):  # shorter than the header: was a raw struct.error
        path.write_bytes(data[:cut])
        with pytest.raises(hm.InvalidArgumentError, match="cut short"):
            search.RemotenessTable.load(path)


def test_verify_finds_any_single_wrong_value(engine):
    table = search.remoteness(
        hm.MagneticRules("RBNN"), hm.State.tower(3, 3, posts=4, face="R"), engine=engine
    )
    table.verify()
    for code in range(0, len(table.values), 7):
        old = int(table.values[code])
        for new in {(old + 1) % 256, (old - 1) % 256, table.unreached}:
            if new == old:
                continue
            table.values[code] = new
            with pytest.raises(hm.InvalidArgumentError, match=f"code {code}|code {code - 1}|code"):
                table.verify()
        table.values[code] = old
    table.verify()


def test_file_helpers_round_trip_rules_and_positions():
    for rules in (CLASSIC_4, CYCLIC, hm.MagneticRules("RBNN")):
        assert fileformat.rules_from_json(fileformat.rules_to_json(rules)) == rules
    for state in (hm.State.tower(3), hm.State([[2], [1], []], faces="BR")):
        assert fileformat.state_from_json(fileformat.state_to_json(state)) == state
    with pytest.raises(hm.InvalidArgumentError, match="cannot write rules"):
        fileformat.rules_to_json(hm.Rules())


# -- diameter -----------------------------------------------------------------------------------


def brute_diameter(rules, n):
    return max(len(bfs_layers(rules, state)) - 1 for state in all_states(rules, n))


@pytest.mark.parametrize(
    ("rules", "n"),
    [
        (hm.ClassicRules(), 4),
        (CLASSIC_4, 3),
        (hm.ClassicRules(5), 2),
        (CYCLIC, 3),
        (hm.ClassicRules(3, [(0, 1), (1, 2), (0, 2)]), 3),
        (NNN, 3),
        (hm.MagneticRules("RRR"), 3),
        (hm.MagneticRules("NRB"), 3),
        (hm.MagneticRules("NNNN"), 2),
        (hm.MagneticRules("RBNN"), 3),
    ],
    ids=repr,
)
def test_diameter_equals_the_largest_eccentricity(rules, n, engine):
    assert search.diameter(rules, n, engine=engine) == brute_diameter(rules, n)


def test_diameters_of_one_way_graphs_are_only_computed_when_small(engine):
    with pytest.raises(hm.SearchLimitError, match="search from every position"):
        search.diameter(CYCLIC, 9, engine=engine)


# -- progress -----------------------------------------------------------------------------------


def test_progress_events_add_up(engine):
    events: list[search.SearchProgress] = []
    found = search.explore(
        CLASSIC_4, hm.State.tower(5, posts=4), engine=engine, progress=events.append
    )
    layers = [event for event in events if not event.done]
    assert [event.layer for event in layers] == list(found.counts)
    assert [event.depth for event in layers] == list(range(len(found.counts)))
    assert [event.reached for event in layers][-1] == found.reachable == events[-1].reached
    assert events[-1].done and all(event.memory > 0 for event in events)
    assert all(a.elapsed <= b.elapsed for a, b in itertools.pairwise(events))


def test_progress_on_a_terminal_and_in_a_log(monkeypatch):
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    terminal, log = Terminal(), io.StringIO()
    for stream in (terminal, log):
        show = progress.TerminalProgress(stream)
        show(search.SearchProgress(0, 1, 1, 0.0, 100))
        show(search.SearchProgress(1, 3, 4, 0.0, 100))  # too soon after the first: not shown
        show(search.SearchProgress(2, 6, 10, 1.0, 2048, workers=3, done=True))
    assert terminal.getvalue() == (
        "\r\x1b[2Klayer 0: 1 positions, 1 in all, 0 per second, 100 bytes"
        "\r\x1b[2Klayer 2: 6 positions, 10 in all, 10 per second, 2 KiB on 3 workers (done)\n"
    )
    assert log.getvalue().splitlines() == [
        "layer 0: 1 positions, 1 in all, 0 per second, 100 bytes",
        "layer 2: 6 positions, 10 in all, 10 per second, 2 KiB on 3 workers (done)",
    ]
    errors = io.StringIO()
    monkeypatch.setattr(sys, "stderr", errors)
    search.explore(CLASSIC_4, hm.State.tower(2, posts=4), progress=True)
    assert errors.getvalue().endswith("(done)\n")


def test_memory_helpers():
    assert budget.available_memory() > 0
    assert budget.memory_limit(None) > 0 and budget.memory_limit(10) == 10
    assert [budget.human_bytes(b) for b in (5, 2048, 3 << 30)] == ["5 bytes", "2 KiB", "3 GiB"]


def test_engines_agree_on_every_start_of_a_small_puzzle():
    pytest.importorskip("numpy")
    rules = hm.MagneticRules("NBN")
    for state in all_states(rules, 3):
        assert search.layer_counts(rules, state, engine="numpy") == search.layer_counts(
            rules, state, engine="python"
        )
    for faces in permutations("RBR"):
        state = hm.State([[3], [2], [1]], faces="".join(faces))
        if rules.is_legal_state(state):
            assert search.eccentricity(rules, state) == len(bfs_layers(rules, state)) - 1


def test_huge_puzzles_are_refused_at_once_with_a_readable_estimate(engine):
    # (before: formatting 4**20000 with "," raised Python's ValueError for over 4,300 digits)
    for run in (
        lambda: search.explore(CLASSIC_4, hm.State.tower(20_000, posts=4), engine=engine),
        lambda: search.remoteness(NNN, hm.State.tower(20_000, face="R"), engine=engine),
        lambda: search.diameter(CLASSIC_4, 20_000, engine=engine),
    ):
        with pytest.raises(
            hm.SearchLimitError, match=r"about \d\.\d\de\+\d+ codes .* 2\*\*\d+ bytes"
        ):
            run()
    expected = {  # numpy: codes beyond 2**62 need visited bits, refused; python: a dict, limit
        "numpy": r"bidirectional search needs about 2\*\*\d+ bytes",
        "python": r"3000 disks have about 1\.51e\+1806 legal",
    }[engine]
    tower = hm.State.tower(3000, 3, posts=4)  # its smallest disk moved: towers need no search
    goal = CLASSIC_4.apply(tower, next(iter(CLASSIC_4.legal_moves(tower))))
    with pytest.raises(hm.SearchLimitError, match=expected):
        search.distance(
            CLASSIC_4, hm.State.tower(3000, posts=4), goal, max_states=50, engine=engine
        )
    assert budget.human_count(10**18 - 1) == "999,999,999,999,999,999"
    assert budget.human_count(10**18) == "about 1.00e+18"


def test_a_distance_table_written_by_the_documented_format_still_loads(tmp_path):
    """A version-1 file made here byte by byte from docs/exhaustive-search.rst (not by the
    library): the code of each position and the distances, from the tests' own BFS, must read
    back through RemotenessTable.load, so the one position code cannot drift from the files."""
    rules, n = hm.MagneticRules("NRB"), 2  # one neutral post: the face bits matter
    goal = hm.State.tower(n, 2, face=hm.Color.BLUE)
    posts, neutral = 3, [0]

    def documented_code(state):  # placement * face_count + face_bits, as the format says
        placement = sum(p * posts ** (d - 1) for p, stack in enumerate(state.posts) for d in stack)
        bits = 0
        for bit, post in enumerate(neutral):
            stack = state.posts[post]
            if stack and state.faces[stack[0] - 1] is hm.Color.BLUE:
                bits |= 1 << bit
        return placement * 2 ** len(neutral) + bits

    size = posts**n * 2 ** len(neutral)
    unreached = 255
    values = [unreached] * size
    expected = {}
    for state in all_states(rules, n):
        found = bfs_distance(rules, state, goal)
        values[documented_code(state)] = unreached if found is None else found
        expected[state] = found
    counts = [values.count(d) for d in range(max(v for v in values if v != unreached) + 1)]
    header = {
        "format": "hanoi-magnet distance table",
        "version": 1,
        "rules": {"kind": "magnetic", "post_colors": "NRB", "allowed": None},
        "disks": n,
        "goal": {"posts": [[], [], [2, 1]], "faces": "BB"},
        "layout": {"posts": 3, "neutral_posts": neutral, "face_count": 2, "codes": size},
        "value_bytes": 1,
        "byte_order": "little",
        "unreached": unreached,
        "counts": counts,
        "engine": "python",
    }
    encoded = json.dumps(header).encode("utf-8")
    path = tmp_path / "old.hmdist"
    path.write_bytes(b"HMDIST01" + len(encoded).to_bytes(4, "little") + encoded + bytes(values))
    table = search.RemotenessTable.load(path)
    assert table.goal == goal and table.counts == tuple(counts)
    for state, found in expected.items():
        if found is None:
            with pytest.raises(hm.UnreachableError):
                table.distance(state)
        else:
            assert table.distance(state) == found
    table.verify()


@pytest.mark.parametrize("engine", ["auto", "numpy", "python", "compiled"])
@pytest.mark.parametrize(
    ("rules", "n"),
    [(CLASSIC_4, 4), (hm.MagneticRules("NNNN"), 3), (NNN, 4), (hm.ClassicRules(), 5)],
)
def test_every_whole_space_query_runs_the_one_kernel_choice(rules, n, engine, monkeypatch):
    """explore, remoteness and the diameter run the kernel engines.choose_kernel names (one
    choice, not one per query), and all kernels give the same answers as the tests' own BFS."""
    if engine == "compiled":
        pytest.importorskip("numba")
    # a small switch to the compiled kernel, so that "auto" takes it here too
    monkeypatch.setattr(engines, "COMPILED_FROM", 4**n if rules.posts > 3 else 4**30)
    layout = CodeLayout(rules, n)
    kernel = engines.choose_kernel(engine, layout)
    start = hm.State.tower(n, posts=rules.posts, face="R" if rules.magnetic else None)
    found = search.explore(rules, start, engine=engine)
    table = search.remoteness(rules, start, engine=engine)
    assert found.engine == table.engine == kernel
    assert list(found.counts) == [len(layer) for layer in bfs_layers(rules, start)]
    assert table.max_distance == found.eccentricity
    assert search.diameter(rules, n, engine=engine) == search.diameter(rules, n, engine="python")
    array = "recursive" if rules.posts == 3 else "numpy"
    compiled = "compiled" if rules.posts > 3 else array
    expected = {
        "python": "python",
        "numpy": array,
        "compiled": compiled,
        "auto": compiled if engines.numba_available() else array,
    }
    assert kernel == expected[engine]


@pytest.mark.parametrize(("n", "published"), [(18, 225), (19, 257)])
def test_the_largest_searches_kept_in_the_docs_reproduce_oeis_a382111(n, published):
    """The files the documentation's tables read (written by benchmarks/big_search.py): every
    one of the 4**n positions counted once, and the tower's eccentricity as OEIS A382111 gives
    it (values typed in from the OEIS entry, not from the library)."""
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "docs" / "tables"
    found = search.Exploration.load(path / f"classic4-complete-{n}.json")
    assert found.n == n and found.rules == CLASSIC_4
    assert sum(found.counts) == found.reachable == 4**n
    assert found.eccentricity == published
    # the first layers move only the smallest three disks: as the tests' own BFS on six disks
    six = [len(layer) for layer in bfs_layers(CLASSIC_4, hm.State.tower(6, posts=4))]
    assert list(found.counts[:6]) == six[:6]
    assert found.counts[-1] == 6  # the three other towers and the largest disk alone moved


@pytest.mark.parametrize("n", range(10, 16))
def test_the_five_peg_searches_kept_in_the_docs_reach_frame_stewart(n):
    """The five-peg files the documentation's table reads (benchmarks/big_search.py N 5): every
    one of the 5**n positions counted once, the farthest from the tower the Frame-Stewart number
    of moves away (computed by the theory, not read from the file), eight positions there."""
    from pathlib import Path

    from hanoi_magnet.theory import count

    path = Path(__file__).resolve().parent.parent / "docs" / "tables"
    found = search.Exploration.load(path / f"classic5-complete-{n}.json")
    rules = hm.ClassicRules(5)
    assert found.n == n and found.rules == rules and found.start == hm.State.tower(n, posts=5)
    assert sum(found.counts) == found.reachable == 5**n
    assert found.eccentricity == count("classic:5", n)
    assert found.counts[-1] == 8
    assert list(found.counts[:5]) == _five_peg_layers()[:5]  # only the four smallest disks move


@functools.cache
def _five_peg_layers() -> list[int]:
    return [len(layer) for layer in bfs_layers(hm.ClassicRules(5), hm.State.tower(5, posts=5))]
