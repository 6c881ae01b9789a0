"""The distance and path commands, and solve --from/--to: answers checked against
breadth-first search over the real state graph and against a replay of the printed moves."""

from __future__ import annotations

import contextlib
import io
import json
import random

import pytest

from hanoi_magnet import ClassicRules, MagneticRules, Move, Rules, State
from hanoi_magnet.cli import main
from hanoi_magnet.search import shortest_path
from tests.oracle import bfs_distance, bfs_geodesics
from tests.rulesets import walk


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(args))
    return status, out.getvalue(), err.getvalue()


def replay(rules: Rules, start: State, lines: list[str]) -> State:
    """Apply the printed moves ('3: S -> D') one by one, each checked by the rules."""
    state = start
    for line in lines:
        disk, posts = line.split(": ")
        source, target = posts.split(" -> ")
        move = Move(int(disk), "SID".index(source), "SID".index(target))
        assert rules.is_legal(state, move), (line, state)
        state = rules.apply(state, move)
    return state


# rules spelled on the command line, the same rules built in Python
LINE = [(0, 1), (1, 0), (1, 2), (2, 1)]
CYCLE = [(0, 1), (1, 2), (2, 0)]
SPELLINGS = [
    ("NNN", MagneticRules("NNN")),
    ("RBB", MagneticRules("RBB")),
    ("NNN/linear", MagneticRules("NNN", allowed=LINE)),
    ("RBN/cyclic", MagneticRules("RBN", allowed=CYCLE)),
    ("classic", ClassicRules(3)),
    ("linear", ClassicRules(3, allowed=LINE)),
]


def random_position(rules: Rules, n: int, rng: random.Random) -> State:
    start = State.tower(n, 0, face="R" if isinstance(rules, MagneticRules) else None)
    return walk(rules, start, rng, 60)


@pytest.mark.parametrize(("spelling", "rules"), SPELLINGS)
def test_distance_and_path_agree_with_breadth_first_search(spelling: str, rules: Rules) -> None:
    rng = random.Random(spelling)
    for _ in range(12):
        n = rng.randint(1, 5)
        start, goal = random_position(rules, n, rng), random_position(rules, n, rng)
        expected = bfs_distance(rules, start, goal)
        source, target = start.format(compact=True), goal.format(compact=True)
        status, out, err = run("distance", spelling, "--from", source, "--to", target)
        if expected is None:
            assert status == 6 and out == "" and "no sequence of legal moves" in err
            continue
        assert (status, out, err) == (0, f"distance: {expected}\n", "")
        status, out, err = run("path", spelling, "--from", source, "--to", target)
        lines = out.splitlines()
        assert status == 0 and err == "" and len(lines) == expected
        assert replay(rules, start, lines) == goal


def test_count_is_the_number_of_shortest_move_sequences() -> None:
    rules = MagneticRules("NNN")
    rng = random.Random(5)
    start = random_position(rules, 4, rng)
    table = bfs_geodesics(rules, start)
    for _ in range(10):
        goal = random_position(rules, 4, rng)
        if goal.code not in table:
            continue
        args = ["distance", "NNN", "--from", start.format(compact=True)]
        status, out, _ = run(*args, "--to", goal.format(compact=True), "--count")
        assert (status, out) == (0, f"shortest paths: {table[goal.code][1]}\n")


def test_the_number_of_disks_comes_from_the_positions_or_the_argument() -> None:
    rules = MagneticRules("NNN")
    for n in range(1, 5):
        start = State.tower(n, 0, face="R")
        goal = State.tower(n, 2, face="B")
        expected = bfs_distance(rules, start, goal)
        assert run("distance", "NNN", str(n)) == (0, f"distance: {expected}\n", "")
    assert run("distance", "NNN", "3", "--from", "SSS/rrr")[0] == 0
    status, _, err = run("distance", "NNN", "4", "--from", "SSS/rrr")
    assert status == 2 and "3" in err and "4" in err
    status, _, err = run("distance", "NNN")
    assert status == 2 and "number of disks" in err


def test_path_formats_and_slices() -> None:
    args = ["path", "NNN/linear", "--from", "SSI/bbr", "--to", "IDD/rbb"]
    status, text, _ = run(*args)
    lines = text.splitlines()
    assert status == 0 and len(lines) == 8
    status, out, _ = run(*args, "--start", "2", "--stop", "-1")
    assert out.splitlines() == lines[2:-1]
    status, out, _ = run(*args, "--format", "jsonl")
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["index"] for r in records] == list(range(8))
    assert [f"{r['disk']}: {'SID'[r['source']]} -> {'SID'[r['target']]}" for r in records] == lines
    status, out, _ = run(*args, "--format", "json")
    document = json.loads(out)
    assert document["length"] == 8 and len(document["moves"]) == 8
    status, out, _ = run(*args, "--format", "csv")
    assert out.splitlines()[0] == "index,disk,source,target" and len(out.splitlines()) == 9


def test_solve_from_and_to() -> None:
    rules = MagneticRules("NNN")
    start = State.parse("SIS/brb")
    status, out, _ = run("solve", "NNN", "3", "--from", "SIS/brb")
    goal = State.parse("DDD/bbb")
    assert status == 0 and len(out.splitlines()) == bfs_distance(rules, start, goal)
    assert replay(rules, start, out.splitlines()) == goal
    status, out, _ = run("solve", "classic", "4", "--from", "SSSS", "--to", "IDDI")
    classic = ClassicRules(3)
    start, goal = State.parse("SSSS"), State.parse("IDDI")
    assert len(out.splitlines()) == bfs_distance(classic, start, goal)
    assert replay(classic, start, out.splitlines()) == goal


def from_tower(tower: int, target: str) -> int:
    """Classic three pegs: the distance from a tower on peg ``tower`` to the regular position
    ``target`` (compact, largest disk first), by Hinz's rule: disk k moves (2**(k-1) moves with
    the smaller ones) exactly when it is not on the peg the recursion asks of it."""
    total, peg = 0, tower
    for k, letter in zip(range(len(target), 0, -1), target, strict=True):
        wanted = "SID".index(letter)
        if wanted != peg:
            total += 2 ** (k - 1)
            peg = 3 - peg - wanted
    return total


def test_a_thousand_disks_stream_at_once() -> None:
    target = "D" * 999 + "I"
    status, out, _ = run("distance", "classic", "--from", "S" * 1000, "--to", target)
    found = int(out.removeprefix("distance: "))
    assert (status, found) == (0, from_tower(0, target)) and found == 2**1000 - 2
    args = ["path", "classic", "--from", "S" * 1000, "--to", target]
    status, head, _ = run(*args, "--stop", "5")
    status, tail, _ = run(*args, "--start", "-5")
    assert status == 0 and len(head.splitlines()) == len(tail.splitlines()) == 5
    # the last five moves are legal and end on the goal, replayed from the position the
    # library computes (in O(n) steps) five moves before the end
    rules, start, goal = ClassicRules(3), State.parse("S" * 1000), State.parse(target)
    before = shortest_path(rules, start, goal).unrank(-6)
    assert replay(rules, before, tail.splitlines()) == goal
    status, out, _ = run(*args, "--start", "-5", "--format", "jsonl")
    assert json.loads(out.splitlines()[0])["index"] == 2**1000 - 2 - 5
    assert replay(rules, start, head.splitlines()) == shortest_path(rules, start, goal).unrank(5)


def test_four_posts_are_searched() -> None:
    rules = ClassicRules(4)
    start, goal = State.parse("4:000000"), State.parse("4:333333")
    expected = bfs_distance(rules, start, goal)
    assert run("distance", "classic:4", "--from", "4:000000", "--to", "4:333333") == (
        0,
        f"distance: {expected}\n",
        "",
    )
    status, _, err = run(
        "distance", "classic:4", "--from", "4:000000", "--to", "4:333330", "--max-states", "10"
    )
    assert status == 6 and "10" in err


@pytest.mark.parametrize(
    ("args", "status", "words"),
    [
        (["distance", "RRR", "3"], 6, "dead end"),
        (["distance", "NNN", "--from", "SID/rrr"], 6, "dead end"),
        (["distance", "NNN", "--from", "SSS/rrb"], 2, "two colours"),
        (["distance", "NNN", "--from", "SSS"], 2, "faces"),
        (["distance", "NNX", "3"], 2, "NNN"),
        (["distance", "NNN/sideways", "3"], 2, "directions"),
        (["path", "NNN", "--from", "SSI/rrb", "--to", "DD/bb"], 2, "disks"),
        (["distance", "classic", "--from", "SSS", "--count", "--to", "4:0000"], 2, "posts"),
    ],
)
def test_errors_say_what_was_wrong_in_one_line(args: list[str], status: int, words: str) -> None:
    code, out, err = run(*args)
    assert code == status and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err and words in err
