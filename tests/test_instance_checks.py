"""Instances refuse fields that do not fit together, naming the instance (issue 36 item 4: the
checks now write their messages only when they fail), and ``from_reasoning_gym`` builds the
same instances as before while sharing what entries of one size have in common."""

from __future__ import annotations

import attrs
import pytest

from hanoi_magnet import ClassicRules, MagneticRules, Move, State, solve
from hanoi_magnet.errors import InvalidArgumentError
from hanoi_magnet.evaluation import Instance, Task, from_reasoning_gym, optimum
from hanoi_magnet.search import distance


def _good(**changes: object) -> Instance:
    fields = {
        "id": "x-1",
        "task": Task.SOLVE,
        "family": "classic",
        "variant": "classic",
        "rules": ClassicRules(),
        "n": 3,
        "start": State.tower(3),
        "goal": State.tower(3, 2),
        "notation": "numbers",
        "template": "plain",
        "prompt": "Solve it.",
        "optimum": 7,
        "proven": True,
    }
    fields.update(changes)
    return Instance(**fields)  # type: ignore[arg-type]


BAD = [
    ({"id": 7}, "id must be a string"),
    ({"family": None}, "family must be a string"),
    ({"template": b"plain"}, "template must be a string"),
    ({"prompt": 1.5}, "prompt must be a string"),
    ({"task": "solve"}, "task must be a Task"),
    ({"rules": "classic"}, "rules must be a Rules object"),
    ({"n": -1}, "n must be an integer >= 0"),
    ({"n": True}, "n must be an integer, got the bool"),
    ({"n": 3.0}, "n must be an integer, got float"),
    ({"n": 4}, "the start has 3 disks, not n = 4"),
    ({"start": State.tower(3, posts=4)}, "the start is not a legal position"),
    ({"goal": "tower"}, "the goal is not a legal position"),
    ({"start": State.tower(3, face="R")}, "the start is not a legal position"),
    ({"variant": 3}, "variant must be a label or None"),
    ({"notation": "nope"}, "unknown notation 'nope'"),
    ({"optimum": -7}, "optimum must be an integer >= 0"),
    ({"done": "3"}, "done must be an integer, got str"),
    ({"max_answer_chars": False}, "max_answer_chars must be an integer, got the bool"),
    ({"answer_tokens": -1}, "answer_tokens must be an integer >= 0"),
    ({"unsolvable": 5, "optimum": None}, "unsolvable must be a string or None"),
    ({"unsolvable": "no"}, "an unsolvable instance is a solve task without an optimum"),
    ({"proven": 1}, "proven must be True, False or None"),
    ({"expected": [Move(1, 0, 2)]}, "expected must be a tuple of Move objects or None"),
    ({"task": Task.CONTINUE}, "a continue task needs its variant, done and count"),
]


@pytest.mark.parametrize(("changes", "message"), BAD)
def test_every_check_names_the_instance_and_the_field(changes, message):
    with pytest.raises(InvalidArgumentError) as caught:
        _good(**changes)
    named = f"instance {changes.get('id', 'x-1')!r}: "
    assert str(caught.value).startswith(named), str(caught.value)
    assert message in str(caught.value)


def test_good_instances_pass_with_every_optional_field_set():
    instance = _good(answer_moves=7, answer_chars=70, answer_tokens=30, max_answer_chars=100,
                     max_answer_tokens=50, expected=(Move(1, 0, 2),))  # fmt: skip
    assert instance.answer_tokens == 30
    assert _good(rules=MagneticRules("NNN"), variant="NNN", start=State.tower(3, face="R"),
                 goal=State.tower(3, 2, face="B"), optimum=11).optimum == 11  # fmt: skip


def _entry(n: int, pegs: int, start: int, target: int, index: int = 0) -> dict[str, object]:
    return {
        "question": f"{n} disks, {pegs} pegs, from {start} to {target}",
        "metadata": {"source_index": index, "num_disks": n, "num_pegs": pegs,
                     "start_peg": start, "target_peg": target},
    }  # fmt: skip


@pytest.mark.parametrize("pegs", [3, 4, 5, 6])
def test_from_reasoning_gym_over_every_pair_of_pegs_and_small_sizes(pegs):
    """Every (n, start, target) up to 8 disks: the instance equals one built from new objects,
    its optimum is the solution's length (the distance where start and target are one peg),
    and entries of one size share their rules and towers."""
    for n in range(9):
        for start in range(1, pegs + 1):
            for target in range(1, pegs + 1):
                instance = from_reasoning_gym(_entry(n, pegs, start, target, n))
                rules = ClassicRules(pegs)
                begin = State.tower(n, start - 1, posts=pegs)
                end = State.tower(n, target - 1, posts=pegs)
                assert instance.rules == rules
                assert (instance.start, instance.goal) == (begin, end)
                label = "classic" if pegs == 3 else f"classic:{pegs}"
                if start != target and n:
                    assert instance.optimum == solve(label, n).length
                else:
                    assert instance.optimum == distance(rules, begin, end) == 0
                assert instance.optimum == optimum(rules, begin, end).length
                assert instance.proven == optimum(rules, begin, end).proven
                assert instance.id == f"reasoning-gym-{n}"
                assert instance.prompt == _entry(n, pegs, start, target)["question"]
                again = from_reasoning_gym(_entry(n, pegs, start, target, n))
                assert again == instance
                assert again.rules is instance.rules and again.start is instance.start
                built = attrs.evolve(instance, rules=rules, start=begin, goal=end)
                assert built == instance


def test_towers_are_shared_up_to_the_kept_size_only():
    from hanoi_magnet.evaluation import _compat

    kept = _compat._KEPT_DISKS
    for n in (kept - 1, kept, kept + 1, kept + 2):
        first, second = (from_reasoning_gym(_entry(n, 4, 2, 3)) for _ in range(2))
        assert first == second
        assert first.start == State.tower(n, 1, posts=4) and first.goal == State.tower(
            n, 2, posts=4
        )
        assert first.optimum == solve("classic:4", n).length
        assert (first.start is second.start) == (n <= kept), n


@pytest.mark.parametrize(
    ("metadata", "message"),
    [
        ({}, "num_disks"),
        ({"num_disks": 3, "num_pegs": 3, "start_peg": 1}, "target_peg"),
        ({"num_disks": 3, "num_pegs": 2, "start_peg": 1, "target_peg": 2}, "num_pegs"),
        ({"num_disks": "3", "num_pegs": 3, "start_peg": 1, "target_peg": 3}, "num_disks"),
        ({"num_disks": 3, "num_pegs": 3, "start_peg": 0, "target_peg": 3}, "start_peg"),
    ],
)
def test_from_reasoning_gym_refuses_entries_it_cannot_read(metadata, message):
    with pytest.raises(InvalidArgumentError, match=message):
        from_reasoning_gym({"question": "q", "metadata": metadata})
    with pytest.raises(InvalidArgumentError, match="not a reasoning-gym tower_of_hanoi entry"):
        from_reasoning_gym({"question": "q"})
