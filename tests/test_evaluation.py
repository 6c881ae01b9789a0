"""Instances: the seeded generator, optima against breadth-first search, prompts, JSON Lines."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import attr
import attrs
import pytest
import typing_extensions

from hanoi_magnet import (
    ClassicRules,
    InvalidArgumentError,
    MagneticRules,
    SearchLimitError,
    State,
    solve,
    validate,
)
from hanoi_magnet.evaluation import (
    FAMILIES,
    TEMPLATES,
    Instance,
    PromptTemplate,
    Task,
    describe_rules,
    generate,
    iter_instances,
    optimal_moves,
    optimum,
    read_jsonl,
    write_jsonl,
)
from hanoi_magnet.notation import get_notation
from hanoi_magnet.search import shortest_path
from tests.oracle import bfs_distance

ROOT = Path(__file__).parent.parent
FIXTURE = Path(__file__).parent / "data" / "instances-seed-2026.jsonl"
#: The arguments of the pinned fixture: every family, task, template and notation, both kinds
#: of position. Regenerate with: python tests/test_evaluation.py > tests/data/instances-...
PINNED = {
    "seed": 2026,
    "count": 60,
    "disks": (1, 5),
    "positions": "mixed",
    "templates": list(TEMPLATES),
    "notations": ["reasoning-gym", "letter-arrows", "moves-list", "library", "json", "brackets"],
}


def _pinned_jsonl() -> str:
    buffer = io.StringIO()
    write_jsonl(generate(**PINNED), buffer)  # type: ignore[arg-type]
    return buffer.getvalue()


def test_a_pinned_seed_gives_the_checked_in_file_byte_for_byte():
    assert _pinned_jsonl() == FIXTURE.read_text(encoding="ascii")


def _interpreters() -> list[str]:
    """The Pythons 3.10 to 3.13 that run here (pyenv shims without a version do not)."""
    found = []
    for minor in (10, 11, 12, 13):
        path = shutil.which(f"python3.{minor}")
        if path is not None:
            probe = subprocess.run([path, "-c", "pass"], capture_output=True, check=False)
            if probe.returncode == 0:
                found.append(path)
    return found


@pytest.mark.parametrize("python", _interpreters())
def test_the_pinned_seed_gives_the_same_bytes_on_every_python(python, tmp_path):
    """Python 3.10 to 3.13 (whichever are installed; CI has all four through pyenv).

    Each interpreter imports this checkout with only the two run-time dependencies, which are
    pure Python, linked into a private folder; two string-hash seeds make sure no set order
    leaks into the output.
    """
    for module in (attrs, attr):
        (tmp_path / module.__name__).symlink_to(Path(module.__file__).parent)
    (tmp_path / "typing_extensions.py").symlink_to(typing_extensions.__file__)
    script = (
        "import io, sys\n"
        "from hanoi_magnet.evaluation import generate, write_jsonl\n"
        f"buffer = io.StringIO(); write_jsonl(generate(**{PINNED!r}), buffer)\n"
        "sys.stdout.write(buffer.getvalue())\n"
    )
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{tmp_path}"}
        env["PYTHONHASHSEED"] = hash_seed
        done = subprocess.run(
            [python, "-s", "-c", script], capture_output=True, env=env, check=False, cwd=tmp_path
        )
        assert done.returncode == 0, done.stderr.decode()
        assert done.stdout.decode("ascii") == FIXTURE.read_text(encoding="ascii")


def test_the_fixture_covers_every_family_task_and_template():
    with FIXTURE.open(encoding="ascii") as lines:
        instances = list(read_jsonl(lines))
    assert {i.family for i in instances} == set(FAMILIES)
    assert {i.task for i in instances} == set(Task)
    assert {i.template for i in instances} == set(TEMPLATES)
    assert len({i.notation for i in instances}) >= 5


def test_same_seed_same_instances_other_seed_others():
    assert generate(5, 20) == generate(5, 20)
    assert generate(5, 20) != generate(6, 20)
    assert generate(5, 20)[:7] == generate(5, 7) == list(iter_instances(5, 7))


def test_instances_read_back_exactly_with_or_without_answers():
    instances = generate(11, 40, positions="mixed", disks=(1, 4), notations=["json", "compact"])
    buffer = io.StringIO()
    assert write_jsonl(instances, buffer) == 40
    assert list(read_jsonl(io.StringIO(buffer.getvalue()))) == instances
    hidden = io.StringIO()
    write_jsonl(instances, hidden, withhold=True)
    back = list(read_jsonl(io.StringIO(hidden.getvalue())))
    assert back == [instance.withheld() for instance in instances]
    assert all(i.optimum is None and i.expected is None for i in back)
    assert '"optimum": null' in hidden.getvalue()


def test_huge_numbers_survive_json():
    instance = generate(1, 1, families=["classic"], tasks=["continue"], disks=(20000, 20000))[0]
    assert instance.done is not None
    assert instance.done > 10**5000
    assert Instance.from_json(instance.to_json()) == instance


def test_instances_of_magnetic_rules_with_directions_keep_and_state_them():
    instance = generate(4, 1, families=["magnetic"], tasks=["solve"], disks=(3, 3))[0]
    assert isinstance(instance.rules, MagneticRules) and instance.rules.allowed is None
    line = [(0, 1), (1, 0), (1, 2), (2, 1)]
    one_way = attrs.evolve(instance, rules=MagneticRules(instance.rules.label, allowed=line))
    assert Instance.from_json(one_way.to_json()).rules == one_way.rules
    assert '"allowed"' not in instance.to_json()  # files without directions stay as they were
    description = describe_rules(one_way.rules, 3, get_notation(one_way.notation).pegs)
    assert "only in these directions" in description


# -- every instance is right, checked independently -----------------------------------------


def _check(instance: Instance) -> None:
    rules = instance.rules
    assert rules.check_state(instance.start) is None
    assert rules.check_state(instance.goal) is None
    assert instance.n == instance.start.n
    if instance.task is Task.SOLVE:
        assert instance.optimum == bfs_distance(rules, instance.start, instance.goal)
    elif instance.task is Task.NEXT_MOVE:
        assert instance.expected is not None
        assert instance.start != instance.goal
        best = bfs_distance(rules, instance.start, instance.goal)
        assert best is not None
        optimal = {
            move
            for move in rules.legal_moves(instance.start)
            if bfs_distance(rules, rules.apply(instance.start, move), instance.goal) == best - 1
        }
        assert set(instance.expected) == optimal
        assert optimal  # a position that can reach the goal has an optimal move
    else:
        assert instance.expected is not None
        assert instance.done is not None
        assert instance.count == instance.optimum == len(instance.expected)
        solution = solve(instance.variant, instance.n)
        assert instance.start == solution.unrank(instance.done)
        report = validate(instance.expected, rules, start=instance.start)
        assert report.ok
        assert report.state == solution.unrank(instance.done + instance.count)
    assert instance.prompt
    assert get_notation(instance.notation).pegs.fits(rules.posts)


@pytest.mark.parametrize("family", FAMILIES)
@pytest.mark.parametrize("positions", ["towers", "random"])
def test_instances_agree_with_breadth_first_search(family, positions):
    for instance in generate(3, 12, families=[family], disks=(1, 4), positions=positions):
        _check(instance)


def test_continue_tasks_reach_far_into_long_solutions():
    instances = generate(
        8, 30, families=["classic", "magnetic"], tasks=["continue"], disks=(20, 30)
    )
    for instance in instances:
        solution = solve(instance.variant, instance.n)
        assert instance.done is not None
        assert instance.expected == tuple(solution[instance.done : instance.done + instance.count])
    # positions spread over the whole solution, not only near its start
    assert max(i.done / solve(i.variant, i.n).length for i in instances) > 0.5


def test_digraphs_are_the_five_strongly_connected_ones_relabelled():
    seen = set()
    for instance in generate(4, 60, families=["digraph"], tasks=["solve"], disks=(2, 2)):
        assert isinstance(instance.rules, ClassicRules)
        assert instance.variant is None
        seen.add(len(instance.rules.allowed or ()))
        assert instance.optimum == bfs_distance(instance.rules, instance.start, instance.goal)
    assert seen == {3, 4, 5, 6}  # the cycle; plus one arc; the line and plus two arcs; all six


def test_random_positions_beyond_the_search_limit_are_refused_at_once():
    with pytest.raises(SearchLimitError, match=r"instance 1-0 \(classic:[45], 9 disks, solve\)"):
        generate(
            1, 1, families=["frame-stewart"], tasks=["solve"], disks=(9, 9), positions="random",
            max_states=500,
        )  # fmt: skip
    # three posts have exact O(n) distances under every rule set: no limit applies
    for family in ("classic", "magnetic", "linear", "cyclic", "digraph"):
        big = generate(1, 3, families=[family], tasks=["solve"], disks=(60, 60), positions="random")
        assert all(i.optimum is not None and i.optimum > 0 for i in big), family


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"families": ["nope"]}, "unknown family"),
        ({"families": ["digraph"], "tasks": ["continue"]}, "digraphs cannot"),
        ({"disks": (5, 3)}, "least <= most"),
        ({"disks": (0, 3)}, "disks"),
        ({"positions": "anywhere"}, "positions"),
        ({"templates": ["fancy"]}, "unknown prompt template"),
        ({"notations": ["fancy"]}, "unknown notation"),
        ({"tasks": []}, "at least one"),
    ],
)
def test_bad_generator_arguments(arguments, message):
    with pytest.raises(InvalidArgumentError, match=message):
        generate(1, 1, **arguments)


# -- optima and their proof status ------------------------------------------------------------


@pytest.mark.parametrize(("pegs", "n"), [(4, 6), (5, 5), (5, 4), (6, 6)])
def test_frame_stewart_optima_state_what_is_proven(pegs, n):
    rules = ClassicRules(pegs)
    start, goal = State.tower(n, posts=pegs), State.tower(n, 1, posts=pegs)
    best = optimum(rules, start, goal)
    # the library's search on compact codes (checked against tests/oracle.py elsewhere)
    assert best.length == len(shortest_path(rules, start, goal))
    assert best.proven == (pegs == 4 or n < pegs)
    assert ("conjectured" in best.basis) == (not best.proven)


def test_optimum_of_positions_and_towers():
    rules = MagneticRules("NNN")
    start, goal = State([[3], [2, 1], []], "BBR"), State([[], [], [3, 2, 1]], "BBB")
    assert optimum(rules, start, goal).length == bfs_distance(rules, start, goal)
    registered = optimum(
        rules, State.tower(3, face="R"), State.tower(3, 2, face="B"), variant="NNN"
    )
    assert (registered.length, registered.proven) == (11, True)
    assert optimum(ClassicRules(), State.tower(5, 1), State.tower(5, 1)).length == 0


def test_optimal_moves_of_a_position_with_two():
    # classic:4 with 3 disks from a tower: the smallest disk may go to either spare peg
    start, goal = State.tower(3, posts=4), State.tower(3, 3, posts=4)
    moves = optimal_moves(ClassicRules(4), start, goal)
    assert {(m.source, m.target) for m in moves} == {(0, 1), (0, 2)}


# -- prompts -----------------------------------------------------------------------------------


def test_prompts_state_the_rules_of_their_variant():
    for instance in generate(21, 80, disks=(2, 3), templates=list(TEMPLATES)):
        prompt = instance.prompt
        assert ("red face and a blue face" in prompt) == (instance.family == "magnetic")
        restricted = isinstance(instance.rules, ClassicRules) and instance.rules.allowed
        assert ("only in these directions" in prompt) == bool(restricted)
        names = get_notation(instance.notation).pegs
        for post in range(instance.posts):
            assert f"Peg {names.name_of(post, instance.posts)}" in prompt
        if instance.task is Task.CONTINUE:
            assert f"{instance.done} move" in prompt
        if instance.template == "illusion":
            assert "moves = [[X, Y, Z]" in prompt


def test_templates_are_checked_and_their_fields_documented():
    with pytest.raises(InvalidArgumentError, match="may use"):
        PromptTemplate("bad", "{rules} {answer}")
    with pytest.raises(InvalidArgumentError, match=r"str\.format"):
        PromptTemplate("bad", "{rules")
    custom = PromptTemplate("mine", "{n} disks, {posts} pegs.\n{task}\n{format}", "numbers")
    instance = generate(2, 1, families=["classic"], disks=(3, 3), templates=[custom])[0]
    assert instance.prompt.startswith("3 disks, 3 pegs.")
    assert instance.template == "mine"
    assert instance.notation == "numbers"


def test_instance_records_are_checked():
    record = generate(1, 1)[0].to_dict()
    del record["rules"]
    with pytest.raises(InvalidArgumentError, match="rules"):
        Instance.from_dict(record)
    with pytest.raises(InvalidArgumentError, match="line 2"):
        list(read_jsonl(["", "[1, 2]"]))
    with pytest.raises(InvalidArgumentError, match="JSON"):
        Instance.from_json("{")


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("optimum", "zz", "optimum"),
        ("optimum", -1, "optimum"),
        ("done", 1.5, "done"),
        ("count", True, "count"),
        ("proven", "yes", "proven"),
        ("variant", 3, "variant"),
        ("n", 4, "disks"),
        ("goal", {"posts": [[1, 2], [], [3]], "faces": None}, "goal"),
        ("goal", {"posts": [[], [], [2, 1]], "faces": None}, "goal"),
        ("expected", [[1, 2]], "expected"),
        ("task", "guess", "(?i)task"),
    ],
)
def test_instance_records_with_wrong_values_are_refused(field, value, message):
    """A hand-edited record never reaches score() to fail there with a raw TypeError."""
    record = generate(1, 1, families=["classic"], disks=(3, 3))[0].to_dict()
    record[field] = value
    with pytest.raises(InvalidArgumentError, match=message):
        Instance.from_dict(record)


def test_instances_are_checked_when_built():
    instance = generate(1, 1, families=["classic"], disks=(3, 3))[0]
    with pytest.raises(InvalidArgumentError, match="rules"):
        attrs.evolve(instance, rules="classic")
    with pytest.raises(InvalidArgumentError, match="start"):
        attrs.evolve(instance, start=State.tower(3, posts=4))
    with pytest.raises(InvalidArgumentError, match="notation"):
        attrs.evolve(instance, notation="fancy")


@pytest.mark.parametrize(
    "call",
    [
        lambda: optimum("classic", State.tower(2), State.tower(2, 2)),
        lambda: optimum(ClassicRules(), None, State.tower(2, 2)),
        lambda: optimum(ClassicRules(), State.tower(2), State.tower(3, 2)),
        lambda: optimum(ClassicRules(), State.tower(2), State.tower(2, 2), max_states="x"),
        lambda: optimal_moves(ClassicRules(), State.tower(2), "goal"),
    ],
)
def test_optimum_arguments_are_checked(call):
    with pytest.raises(InvalidArgumentError):
        call()


def test_descriptions_check_their_arguments():
    from hanoi_magnet.evaluation import describe_position, describe_rules
    from hanoi_magnet.notation import PegNames

    with pytest.raises(InvalidArgumentError, match="rules"):
        describe_rules("classic", 3, PegNames.ONE)
    with pytest.raises(InvalidArgumentError, match="PegNames"):
        describe_rules(ClassicRules(), 3, "one")
    with pytest.raises(InvalidArgumentError):
        describe_rules(ClassicRules(), "3", PegNames.ONE)
    with pytest.raises(InvalidArgumentError, match="State"):
        describe_position("position", PegNames.ONE)
    with pytest.raises(InvalidArgumentError, match="PegNames"):
        describe_position(State.tower(2), "one")


def test_withheld_is_only_the_answers():
    instance = generate(3, 1)[0]
    assert attrs.evolve(instance.withheld(), optimum=instance.optimum,
                        proven=instance.proven, expected=instance.expected,
                        answer_moves=instance.answer_moves,
                        answer_chars=instance.answer_chars) == instance  # fmt: skip


if __name__ == "__main__":  # regenerate the fixture
    sys.stdout.write(_pinned_jsonl())
