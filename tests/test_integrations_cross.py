"""Every adapter, one generator and one scorer: the same seed gives the same instances, and the
same answers the same outcomes, in every harness (over 200 answers, correct and corrupted)."""

from __future__ import annotations

import functools
import importlib.util
import random

import pytest

from hanoi_magnet import Move
from hanoi_magnet.episode import Episode, reference_answer
from hanoi_magnet.evaluation import Task, generate, score
from hanoi_magnet.notation import extract_moves

SEED, COUNT = 424242, 70
OPTIONS = {"positions": "mixed", "disks": (2, 5), "pegs": (4, 4)}


def needs(*modules):
    missing = [m for m in modules if importlib.util.find_spec(m) is None]
    return pytest.mark.skipif(bool(missing), reason=f"not installed: {', '.join(missing)}")


@functools.cache
def instances():
    return tuple(generate(SEED, COUNT, **OPTIONS))


def _corruptions(answer: str, rng: random.Random) -> list[str]:
    lines = answer.splitlines()
    found = [
        answer,
        "",
        "I believe it cannot be done.",
        answer.replace("1", "2", 1),
        answer[: max(1, len(answer) // 2)],
    ]
    if len(lines) > 1:
        swapped = lines[:]
        i = rng.randrange(len(lines) - 1)
        swapped[i], swapped[i + 1] = swapped[i + 1], swapped[i]
        found += ["\n".join(swapped), "\n".join(lines[:-1]), answer + "\n" + lines[0]]
    return found


@functools.cache
def answers():
    """(instance, answer) pairs: each instance's optimal answer and corruptions of it."""
    rng = random.Random(SEED)
    return tuple(
        (instance, text)
        for instance in instances()
        for text in _corruptions(reference_answer(instance), rng)
    )


@functools.cache
def verdicts():
    return {(instance.id, text): score(text, instance) for instance, text in answers()}


def test_there_are_enough_answers_of_every_kind():
    assert len(answers()) >= 200
    outcomes = {result.outcome.value for result in verdicts().values()}
    assert {"solved-optimally", "illegal-move", "unsolved", "no-answer"} <= outcomes
    assert len(outcomes) >= 5, outcomes


@needs("reasoning_gym")
def test_reasoning_gym_same_instances_same_rewards():
    import reasoning_gym

    from hanoi_magnet.integrations import reasoning_gym as adapter

    data = reasoning_gym.create_dataset(
        "hanoi_magnet", seed=SEED, size=COUNT, positions="mixed", min_disks=2, max_disks=5,
        min_pegs=4, max_pegs=4,
    )  # fmt: skip
    entries = {entry["metadata"]["instance"]["id"]: entry for entry in data}
    assert [adapter.instance_of(e) for e in entries.values()] == list(instances())
    for instance, text in answers():
        entry = entries[instance.id]
        assert entry["answer"] == reference_answer(instance)
        expected = verdicts()[instance.id, text].rewards["graded"]
        assert data.score_answer(text, entry) == expected


@needs("pyarrow", "datasets")
def test_hf_export_same_instances_same_outcomes(tmp_path):
    import datasets

    from hanoi_magnet.integrations import hf_datasets

    hf_datasets.write(instances(), tmp_path / "d", "hf")
    loaded = datasets.load_dataset(str(tmp_path / "d"), split="train", cache_dir=str(tmp_path))
    read = {row["id"]: hf_datasets.instance_of(row) for row in loaded}
    assert list(read.values()) == list(instances())
    for instance, text in answers():
        assert score(text, read[instance.id]) == verdicts()[instance.id, text]


@needs("inspect_ai")
@pytest.mark.filterwarnings("ignore:The 'initial' parameter is deprecated")
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
@pytest.mark.filterwarnings("ignore::ResourceWarning")
def test_inspect_same_instances_same_outcomes(tmp_path):
    import gc
    import warnings

    import inspect_ai
    from inspect_ai import Task as InspectTask
    from inspect_ai.dataset import MemoryDataset
    from inspect_ai.model import ModelOutput, ModelUsage, get_model
    from inspect_ai.solver import generate as inspect_generate

    from hanoi_magnet.integrations import inspect_ai as adapter

    samples = adapter.samples(SEED, COUNT, **OPTIONS)
    assert [adapter.instance_of(s.metadata) for s in samples] == list(instances())
    by_id = {s.id: s for s in samples}
    runs, outputs = [], []
    for k, (instance, text) in enumerate(answers()):
        sample = by_id[instance.id].model_copy(update={"id": f"{instance.id}#{k}"})
        runs.append(sample)
        output = ModelOutput.from_content("mockllm/model", text)
        output.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
        outputs.append(output)
    task = InspectTask(
        dataset=MemoryDataset(runs), solver=inspect_generate(), scorer=adapter.hanoi_scorer()
    )
    model = get_model("mockllm/model", custom_outputs=outputs)
    [log] = inspect_ai.eval(task, model=model, log_dir=str(tmp_path), display="none")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ResourceWarning)
        gc.collect()
    assert log.status == "success", log.error
    assert len(log.samples) == len(answers())
    instance_of = {i.id: i for i in instances()}
    for sample in log.samples:
        ident = str(sample.id).split("#")[0]
        expected = verdicts()[ident, sample.output.completion]
        result = sample.scores["hanoi_scorer"]
        assert result.metadata["outcome"] == expected.outcome.value
        assert result.value == dict(expected.rewards)
        assert instance_of[ident] == adapter.instance_of(sample.metadata)


@needs("gymnasium", "numpy")
def test_gymnasium_replays_agree_with_the_scorer():
    """The environment, fed the moves the scorer read, stops at the same first illegal move
    (same rule) and reaches the goal exactly when the scorer says so."""
    from hanoi_magnet.integrations.gymnasium import HanoiEnv

    checked = 0
    for instance, text in answers():
        result = verdicts()[instance.id, text]
        if instance.task is not Task.SOLVE or result.reading is None:
            continue
        moves = extract_moves(text, posts=instance.posts, pegs=result.reading.pegs).moves
        env = HanoiEnv(instance.rules, instance.n, instance.start, instance.goal)
        _, info = env.reset(seed=0)
        rule = index = reached = None
        for k, move in enumerate(moves):
            if env.episode.solved:
                reached = k
                break
            if isinstance(move, Move):
                stack = (
                    env.episode.position.posts[move.source] if move.source < instance.posts else ()
                )
                if not stack or stack[-1] != move.disk:  # not an action: the rules' verdict
                    rule, index = instance.rules.check(env.episode.position, move).value, k
                    break
                move = (move.source, move.target)
            if move not in env.pairs:
                rule, index = ("same post" if move[0] == move[1] else "no such post"), k
                break
            _, _, _, _, info = env.step(env.pairs.index(move))
            if info["rule"] is not None:
                rule, index = info["rule"], k
                break
        else:
            reached = len(moves) if env.episode.solved else None
        # the environment stops at the goal; the scorer reads on past it
        assert reached == result.goal_index or (reached is None and result.goal_index == 0)
        error = result.first_error
        unread = error is not None and error.rule.value == "malformed"  # not a move to play
        if error is not None and not unread and (reached is None or error.index < reached):
            assert (index, rule) == (error.index, error.rule.value), (instance.id, text)
        checked += 1
    assert checked >= 50


def _has_verifiers_v1() -> bool:
    try:
        return importlib.util.find_spec("verifiers.v1") is not None
    except ImportError:  # verifiers missing, or a release without verifiers.v1
        return False


@pytest.mark.skipif(not _has_verifiers_v1(), reason="verifiers 0.4 (verifiers.v1) not installed")
def test_verifiers_same_instances_same_rewards():
    from hanoi_magnet.integrations import verifiers as adapter

    config = adapter.HanoiMagnetConfig(seed=SEED, count=COUNT, min_disks=2, max_disks=5,
                                       min_pegs=4, max_pegs=4, positions="mixed")  # fmt: skip
    tasks = {task.data.puzzle().id: task for task in adapter.HanoiMagnetTaskset(config)}
    assert [task.data.puzzle() for task in tasks.values()] == list(instances())
    for instance, text in answers():
        expected = verdicts()[instance.id, text].rewards
        assert tasks[instance.id].rewards_of([text]) == dict(expected)


def test_the_episode_agrees_with_the_scorer_on_solve_answers():
    for instance, text in answers():
        result = verdicts()[instance.id, text]
        if instance.task is not Task.SOLVE or result.reading is None:
            continue
        episode = Episode.from_instance(instance, mode="batch", pegs=result.reading.pegs)
        if episode.solved:
            assert result.goal_index == 0
            continue
        turn = episode.turn(text)
        if result.first_error is None:
            assert all(f.legal for f in turn.feedback)
        # the episode ends at the goal, the scorer reads on past it
        assert episode.solved == (result.goal_index is not None)
        assert episode.steps == (result.goal_index or result.valid_prefix)
