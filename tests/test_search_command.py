"""``hanoi-magnet search``: distances, layer counts, eccentricity, diameter, tables, errors."""

from __future__ import annotations

import argparse
import json

import pytest

import hanoi_magnet as hm
from hanoi_magnet import search
from hanoi_magnet.cli._positions import position, puzzle, towers
from hanoi_magnet.cli._search import memory_size
from tests.test_cli import run


def test_distance_from_start_to_goal():
    status, out, err = run("search", "classic:4", "6", "--no-progress")
    assert status == 0 and err == ""
    assert out.splitlines()[-1] == "distance: 17"
    start = hm.State([[5, 4, 3], [2, 1], []], faces="BBRRR")
    expected = search.distance(hm.MagneticRules("NNN"), start, hm.State.tower(5, 2, face="B"))
    assert run("search", "NNN", "5", "--from", "SSSII/rrrbb")[1].endswith(f"distance: {expected}\n")


def test_layers_and_eccentricity_of_a_four_post_magnetic_puzzle(tmp_path):
    path = tmp_path / "layers.json"
    status, out, _ = run("search", "NNNN", "3", "--layers", "--save", str(path))
    found = search.explore(hm.MagneticRules("NNNN"), hm.State.tower(3, posts=4, face="R"))
    lines = out.splitlines()
    start = lines.index("distance positions") + 1
    assert status == 0
    assert [
        tuple(map(int, line.split())) for line in lines[start : start + len(found.counts)]
    ] == list(enumerate(found.counts))
    assert f"eccentricity: {found.eccentricity}" in lines and f"wrote {path}" in lines
    assert search.Exploration.load(path) == found
    status, out, _ = run("search", "classic:4", "5", "--eccentricity")
    assert (
        "eccentricity: 13" in out.splitlines() and "farthest positions: 6" in out and "  ..." in out
    )


@pytest.mark.parametrize("engine", ["python", "numpy", "compiled"])
def test_no_symmetry_searches_every_position_and_counts_the_same(engine):
    """--no-symmetry is the search without orbits of the posts: the same layers (the object
    BFS's: 4 pegs, 5 disks has eccentricity 13), only the timing line differs."""
    if engine == "compiled":
        pytest.importorskip("numba")
    outs = []
    for flags in ((), ("--no-symmetry",)):
        status, out, _ = run("search", "classic:4", "5", "--layers", "--engine", engine, *flags)
        assert status == 0
        outs.append([line for line in out.splitlines() if not line.startswith("engine:")])
    assert outs[0] == outs[1]
    assert "eccentricity: 13" in outs[0]
    assert sum(int(line.split()[1]) for line in outs[0] if line[:1].isdigit()) == 4**5


def test_diameter_and_distance_tables(tmp_path):
    assert run("search", "classic", "5", "--diameter")[1] == "diameter: 31\n"
    path = tmp_path / "table.bin"
    status, out, _ = run("search", "cyclic", "3", "--table", str(path), "--engine", "python")
    table = search.RemotenessTable.load(path)
    assert status == 0 and f"max distance: {table.max_distance}" in out
    assert table.goal == hm.State.tower(3, 1) and table.reachable == 27


def test_progress_goes_to_standard_error():
    status, out, err = run("search", "classic:4", "5", "--layers", "--progress")
    assert status == 0 and "(done)" not in out
    assert err.splitlines()[-1].startswith("layer 13: 6 positions, 1,024 in all")
    assert run("search", "classic:4", "5", "--layers")[2] == ""  # not a terminal: none


@pytest.mark.parametrize(
    ("args", "status", "message"),
    [
        (["search", "XYZ", "3"], 2, "post colours such as NNNN"),
        (
            ["search", "classic:4", "3", "--from", "SSS"],
            2,
            "write a position on 4 posts as digits",
        ),
        (["search", "NNN", "3", "--from", "SSS"], 2, "magnetic rules need the up face"),
        (["search", "NNN", "3", "--from", "SS/rr"], 2, "has 2 disks, but N is 3"),
        (["search", "NNN", "2", "--from", "SS/rb"], 2, "is not a legal position"),
        (["search", "classic:4", "3", "--layers", "--max-memory", "1K"], 6, "was not started"),
        (["search", "classic:4", "9", "--to", "4:333333332", "--max-states", "50"], 6, "=50"),
        (["search", "classic:5", "9", "--max-states", "50"], 6, "--max-states 50"),
        (["search", "classic:4", "3", "--max-memory", "lots"], 2, "a size such as 8G"),
        (["search", "classic:4", "3", "--layers", "--diameter"], 2, "not allowed with"),
        (["search", "classic:4", "7", "--invariants", "--max-pairs", "1000"], 6, "max_pairs"),
        (["search", "classic:4", "3", "--invariants", "--layers"], 2, "not allowed with"),
    ],
)
def test_errors_are_one_line(args, status, message):
    got, out, err = run(*args)
    assert got == status and message in err and err.count("\n") == 1 and out == ""


def test_argument_helpers():
    assert [memory_size(text) for text in ("512", "4K", "1.5M", "8G", "2GiB")] == [
        512,
        4096,
        3 << 19,
        8 << 30,
        2 << 30,
    ]
    rules, variant = puzzle("rbnn")
    assert rules == hm.MagneticRules("RBNN") and variant is None
    assert towers(rules, None, 2) == (
        hm.State.tower(2, posts=4, face="R"),
        hm.State.tower(2, 3, posts=4, face="B"),
    )
    assert towers(hm.ClassicRules(5), None, 1)[1] == hm.State.tower(1, 4, posts=5)
    assert puzzle("linear")[1] == hm.Variant.from_label("linear")
    with pytest.raises(argparse.ArgumentTypeError):
        puzzle("nope")
    assert position("start", rules, 2, {"start": hm.State.tower(2)}) == hm.State.tower(2)
    assert position("31/rb", rules, 2, {}) == hm.State([[], [1], [], [2]], faces="BR")
    assert position("4:31/rb", rules, 2, {}) == hm.State([[], [1], [], [2]], faces="BR")
    with pytest.raises(hm.InvalidArgumentError, match="has 1 disks, but N is 2"):
        position("3/r", rules, 2, {})
    assert puzzle("NNN/linear")[0] == hm.MagneticRules("NNN", allowed=["SI", "IS", "ID", "DI"])
    for bad in ("NN/linear", "NNN/classic:4", "NNN/nope"):
        with pytest.raises(argparse.ArgumentTypeError):
            puzzle(bad)


def test_the_saved_counts_are_json_a_reader_can_check(tmp_path):
    path = tmp_path / "c.json"
    run("search", "classic", "4", "--layers", "--save", str(path))
    document = json.loads(path.read_text())
    assert sum(document["counts"]) == document["reachable"] == 81
    assert document["layout"]["codes"] == 81 and document["start"] == {
        "posts": [[4, 3, 2, 1], [], []],
        "faces": None,
    }


def test_invariants_print_what_the_function_finds(tmp_path):
    path = tmp_path / "invariants.json"
    status, out, err = run("search", "classic", "3", "--invariants", "--save", str(path))
    found = search.invariants(hm.ClassicRules(), 3)
    lines = out.splitlines()
    assert status == 0 and err == ""
    assert "graph: 27 positions reachable from it, 39 moves (edges); unordered pairs" in lines
    assert f"Wiener index: {found.wiener_index:,} over 351 pairs" in lines
    assert f"mean distance: {found.mean_distance} = 4.04274" in lines
    assert f"radius: {found.radius} (centre: {found.centre_size} positions)" in lines
    first = lines.index("distance pairs") + 1
    rows = [tuple(map(int, line.split())) for line in lines[first : first + found.diameter]]
    assert rows == list(enumerate(found.distribution))[1:]
    assert "one per orbit of 6 permutations of the posts" in lines[-2]
    assert search.GraphInvariants.from_json(json.loads(path.read_text())) == found
    status, out, _ = run("search", "cyclic", "2", "--invariants", "--no-symmetry")
    assert "12 one-way moves (arcs); ordered pairs, distances along the moves" in out
    assert "(no symmetry of the posts)" in out and "Wiener index: 243 over 72 pairs" in out
    status, out, _ = run("search", "RRR", "2", "--invariants")  # no move at all
    assert "graph: 1 position reachable from it" in out and "1 search (" in out
