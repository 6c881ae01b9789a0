"""The reasoning-gym dataset: registered, the generator's instances, the kit's scores."""

from __future__ import annotations

import dataclasses

import pytest

reasoning_gym = pytest.importorskip("reasoning_gym")

from hanoi_magnet.evaluation import generate, score  # noqa: E402 (after the skip)
from hanoi_magnet.integrations import reasoning_gym as adapter  # noqa: E402


def test_create_dataset_gives_the_generators_instances_in_order():
    data = reasoning_gym.create_dataset("hanoi_magnet", seed=2026, size=12)
    assert len(data) == 12
    expected = generate(seed=2026, count=12)
    assert [adapter.instance_of(entry) for entry in data] == expected
    assert [entry["question"] for entry in data] == [i.prompt for i in expected]
    again = reasoning_gym.create_dataset("hanoi_magnet", seed=2026, size=12)
    assert [e["metadata"] for e in again] == [e["metadata"] for e in data]
    other = reasoning_gym.create_dataset("hanoi_magnet", seed=2027, size=12)
    assert [e["question"] for e in other] != [e["question"] for e in data]


def test_entries_can_be_read_in_any_order():
    data = reasoning_gym.create_dataset("hanoi_magnet", seed=5, size=6)
    backwards = [data[i]["question"] for i in reversed(range(6))]
    assert backwards[::-1] == [i.prompt for i in generate(seed=5, count=6)]
    with pytest.raises(IndexError):
        data[6]


def test_the_answers_score_one_and_score_answer_is_the_kits_reward():
    data = reasoning_gym.create_dataset(
        "hanoi_magnet", seed=3, size=40, positions="mixed", max_disks=6
    )
    for entry in data:
        instance = adapter.instance_of(entry)
        assert data.score_answer(entry["answer"], entry) == 1.0
        assert score(entry["answer"], instance).optimal
        broken = entry["answer"].replace("1", "2", 1)
        assert data.score_answer(broken, entry) == score(broken, instance).rewards["graded"]
        assert data.score_answer(None, entry) == 0.0


def test_the_reward_is_configurable():
    data = reasoning_gym.create_dataset(
        "hanoi_magnet", seed=1, size=3, reward="solved", tasks=("solve",)
    )
    for entry in data:
        instance = adapter.instance_of(entry)
        half = entry["answer"][: len(entry["answer"]) // 2]
        assert data.score_answer(half, entry) == score(half, instance).rewards["solved"] == 0.0
        assert data.score_answer(entry["answer"], entry) == 1.0


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"families": ("hexagonal",)}, "unknown family"),
        ({"min_disks": 5, "max_disks": 4}, "disks"),
        ({"positions": "anywhere"}, "positions"),
        ({"reward": "happiness"}, "reward must be"),
    ],
)
def test_bad_configurations_are_refused(options, message):
    with pytest.raises(ValueError, match=message):
        reasoning_gym.create_dataset("hanoi_magnet", seed=1, size=2, **options)


def test_the_curriculum_varies_four_attributes_and_every_level_generates():
    from reasoning_gym.factory import create_curriculum

    curriculum = create_curriculum("hanoi_magnet")
    assert set(curriculum.attributes) == {"disks", "family", "positions", "task"}
    seen = set()
    for name, attribute in curriculum.attributes.items():
        for _ in range(len(attribute.levels) - 1):
            assert curriculum.increment_attr_level(name)
            config = curriculum.generate_configuration({"seed": 9, "size": 4})
            seen.add(tuple(sorted(dataclasses.asdict(config).items(), key=str)))
            data = adapter.HanoiMagnetDataset(config)
            for entry in data:
                assert data.score_answer(entry["answer"], entry) == 1.0
        assert not curriculum.increment_attr_level(name)
    config = curriculum.generate_configuration()
    assert (config.min_disks, config.max_disks) == (3, 11)
    assert config.positions == "random" and "magnetic" in config.families
    assert len(seen) == sum(len(a.levels) - 1 for a in curriculum.attributes.values())


def test_importing_twice_registers_once():
    import importlib

    importlib.reload(adapter)
    assert "hanoi_magnet" in reasoning_gym.factory.DATASETS


@pytest.mark.parametrize("family", ["classic", "magnetic"])
def test_create_dataset_on_a_classic_and_a_magnetic_puzzle(family):
    data = reasoning_gym.create_dataset(
        "hanoi_magnet", seed=11, size=4, families=(family,), min_disks=3, max_disks=5
    )
    for entry in data:
        instance = adapter.instance_of(entry)
        assert instance.family == family and entry["metadata"]["difficulty"]["family"] == family
        assert data.score_answer(entry["answer"], entry) == 1.0
