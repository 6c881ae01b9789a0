"""The inspect_ai tasks, run for real with inspect's mock model (no network)."""

from __future__ import annotations

import gc
import warnings

import pytest

inspect_ai = pytest.importorskip("inspect_ai")

from inspect_ai.model import ModelOutput, get_model  # noqa: E402 (after the skip)

from hanoi_magnet import solve  # noqa: E402
from hanoi_magnet.evaluation import generate, score  # noqa: E402
from hanoi_magnet.integrations import inspect_ai as adapter  # noqa: E402

MODEL = "mockllm/model"

# inspect_ai's own retry setup warns under newer tenacity releases, and its event loop leaves
# anyio streams for the garbage collector: nothing of ours
pytestmark = [
    pytest.mark.filterwarnings("ignore:The 'initial' parameter is deprecated"),
    pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning"),
    pytest.mark.filterwarnings("ignore::ResourceWarning"),
]


def run(task, outputs, tmp_path):
    from inspect_ai.model import ModelUsage

    for output in outputs:  # else the mock model counts tokens with tiktoken, which downloads
        output.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
    model = get_model(MODEL, custom_outputs=outputs)
    [log] = inspect_ai.eval(task, model=model, log_dir=str(tmp_path), display="none", max_samples=1)
    with warnings.catch_warnings():  # inspect's leftover anyio streams, collected here
        warnings.simplefilter("ignore", ResourceWarning)
        gc.collect()
    assert log.status == "success", log.error
    return log


def test_samples_are_the_generators_instances():
    samples = adapter.samples(7, 10, positions="mixed")
    assert [adapter.instance_of(s.metadata) for s in samples] == generate(7, 10, positions="mixed")
    assert [s.id for s in samples] == [f"7-{i}" for i in range(10)]


def test_the_scorer_returns_the_kits_outcome_rewards_and_reading(tmp_path):
    task = adapter.hanoi_magnet_task(seed=3, count=4, disks=(2, 4))
    instances = {i.id: i for i in generate(3, 4, disks=(2, 4))}
    answers = [
        task.dataset[0].target,  # an optimal answer
        "I cannot do this.",
        task.dataset[2].target + "\n" + task.dataset[2].target,  # past the goal, or illegal
        "moves = [[1, 0, 1], [1, 0, 1]]",
    ]
    log = run(task, [ModelOutput.from_content(MODEL, a) for a in answers], tmp_path)
    assert len(log.samples) == 4
    seen = set()
    for sample in log.samples:
        result = sample.scores["hanoi_scorer"]
        answer = sample.output.completion
        seen.add(answer)
        expected = score(answer, instances[sample.id])
        assert result.metadata["outcome"] == expected.outcome.value
        assert result.metadata["rewards"] == dict(expected.rewards)
        assert result.value == dict(expected.rewards)
        # the counts as decimal strings, as eval score writes them (issue 22)
        assert result.metadata["score"] == {**expected.to_dict(), "optimum": str(expected.optimum)}
        if expected.reading is not None:
            assert result.metadata["score"]["reading"]["notation"] is not None
    assert seen == set(answers)
    names = {result.name for result in log.results.scores}
    assert names >= {"solved", "optimal", "graded"}, names


def test_the_move_tool_task_plays_the_episode(tmp_path):
    task = adapter.hanoi_magnet_moves_task(seed=1, count=1, families=["magnetic"], disks=(2, 2))
    instance = adapter.instance_of(task.dataset[0].metadata)
    label, n = instance.variant, instance.n
    moves = list(solve(label, n))
    notation = instance.notation
    from hanoi_magnet.notation import get_notation

    def text(move):
        return get_notation(notation).format([move], 3).strip()

    calls = [text(moves[0]), text(moves[0].reversed()), "banana", *(text(m) for m in moves)]
    outputs = [ModelOutput.for_tool_call(MODEL, "move_tool", {"move": call}) for call in calls] + [
        ModelOutput.from_content(MODEL, "Done.")
    ]
    log = run(task, outputs, tmp_path)
    [sample] = log.samples
    result = sample.scores["hanoi_scorer"]
    feedback = result.metadata["feedback"]
    tool_replies = [m.text for m in sample.messages if m.role == "tool"]
    assert len(tool_replies) == len(calls)
    assert "is legal" in tool_replies[0] and "distance to the goal" in tool_replies[0]
    assert "not a move" in tool_replies[2]
    # moves[0] then its reverse are legal but leave the position where it began; then the
    # whole solution: the legal moves made are scored as the answer
    assert result.metadata["outcome"] in ("solved", "solved-optimally")
    assert result.metadata["rewards"]["solved"] == 1.0
    assert feedback[-1].endswith("the goal is reached")
    assert result.metadata["illegal_attempts"] == result.metadata["attempts"] - len(moves) - 2


def test_an_illegal_move_through_the_tool_is_answered_with_the_rule(tmp_path):
    task = adapter.hanoi_magnet_moves_task(seed=2, count=1, families=["classic"], disks=(3, 3))
    instance = adapter.instance_of(task.dataset[0].metadata)
    from hanoi_magnet import Move
    from hanoi_magnet.notation import get_notation

    bad = get_notation(instance.notation).format([Move(1, 1, 0)], 3).strip()  # I is empty
    outputs = [ModelOutput.for_tool_call(MODEL, "move_tool", {"move": bad})]
    log = run(task, [*outputs, ModelOutput.from_content(MODEL, "I give up.")], tmp_path)
    [sample] = log.samples
    [reply] = [m.text for m in sample.messages if m.role == "tool"]
    assert "is illegal" in reply and "empty source" in reply
    assert sample.scores["hanoi_scorer"].metadata["illegal_attempts"] == 1
