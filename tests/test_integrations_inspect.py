"""The inspect_ai tasks, run for real with inspect's mock model (no network)."""

from __future__ import annotations

import gc
import warnings

import pytest

inspect_ai = pytest.importorskip("inspect_ai")

from inspect_ai.model import ModelOutput, ModelUsage, get_model  # noqa: E402 (after the skip)

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
    outputs = [ModelOutput.for_tool_call(MODEL, "move", {"move": call}) for call in calls] + [
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

    bad = get_notation(instance.notation).format_move(Move(1, 1, 0), 3)  # I is empty
    outputs = [ModelOutput.for_tool_call(MODEL, "move", {"move": bad})]
    log = run(task, [*outputs, ModelOutput.from_content(MODEL, "I give up.")], tmp_path)
    [sample] = log.samples
    [reply] = [m.text for m in sample.messages if m.role == "tool"]
    assert "is illegal" in reply and "empty source" in reply
    assert reply.startswith(f"move 1 ({bad}) is illegal")
    assert sample.scores["hanoi_scorer"].metadata["illegal_attempts"] == 1


def _usage(output):
    output.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
    return output


def prompt_follower_model(instances):
    """inspect's mock model, answering as a model that follows the prompt literally would:
    each turn it calls the tool the prompt names with the next optimal move, written in the
    form the prompt gives, until every move is made; then it says it is done."""
    from hanoi_magnet.episode import reference_moves
    from tests.prompt_follower import PromptFollower

    plans = {instance.prompt: list(reference_moves(instance)) for instance in instances}

    def reply(messages, tools, tool_choice, config):
        prompt = next(m.text for m in messages if m.role == "user")
        [moves] = [moves for text, moves in plans.items() if prompt.startswith(text)]
        follower = PromptFollower(prompt)
        made = sum(m.role == "tool" for m in messages)
        if made == len(moves):
            return _usage(ModelOutput.from_content(MODEL, "Done."))
        move = moves[made]
        text = follower.write(move.disk, move.source, move.target, index=made)
        return _usage(ModelOutput.for_tool_call(MODEL, follower.tool, {"move": text}))

    return get_model(MODEL, custom_outputs=reply, memoize=False)


class TestFollowingTheMovesPromptLiterally:
    """A model that does exactly what the moves task's prompt says (the tool it names, moves
    in the form it gives) solves every instance, in every notation, classic and magnetic."""

    @pytest.mark.parametrize("family", ["classic", "magnetic"])
    def test_the_moves_task_is_passed(self, family, tmp_path):
        from hanoi_magnet.notation import NOTATIONS

        tasks = [
            adapter.hanoi_magnet_moves_task(
                seed=5, count=1, families=[family], disks=(2, 3), notations=[name]
            )
            for name in NOTATIONS
        ]
        instances = [adapter.instance_of(t.dataset[0].metadata) for t in tasks]
        assert [i.notation for i in instances] == list(NOTATIONS)
        model = prompt_follower_model(instances)
        logs = inspect_ai.eval(tasks, model=model, log_dir=str(tmp_path), display="none")
        assert [log.status for log in logs] == ["success"] * len(NOTATIONS)
        for sample in (sample for log in logs for sample in log.samples):
            result = sample.scores["hanoi_scorer"]
            replies = [m.text for m in sample.messages if m.role == "tool"]
            assert all("is legal" in r for r in replies), replies
            assert result.metadata["outcome"] == "solved-optimally", result.explanation
            assert result.metadata["illegal_attempts"] == 0

    def test_the_tool_is_registered_under_the_name_the_prompt_gives(self):
        from inspect_ai.tool import ToolDef

        from tests.prompt_follower import PromptFollower

        task = adapter.hanoi_magnet_moves_task(seed=1, count=1)
        instance = adapter.instance_of(task.dataset[0].metadata)
        prompt = (
            instance.prompt
            + "\n\n"
            + adapter.Episode.from_instance(instance).speech.tool_instructions(adapter.TOOL_NAME)
        )
        assert ToolDef(adapter.move_tool()).name == PromptFollower(prompt).tool == "move"


def test_a_text_answer_to_the_moves_task_says_the_tool_was_expected(tmp_path):
    task = adapter.hanoi_magnet_moves_task(seed=2, count=1, families=["classic"], disks=(3, 3))
    answer = task.dataset[0].target
    log = run(task, [ModelOutput.from_content(MODEL, answer)], tmp_path)
    [sample] = log.samples
    result = sample.scores["hanoi_scorer"]
    assert result.metadata["rewards"]["solved"] == 0.0  # not credited: no move was made
    said = result.metadata["tool_expected"]
    assert "no move was made with the `move` tool" in said and "solved-optimally" in said
    assert said in result.explanation


class TestTheCommandLine:
    """`inspect eval-set hanoi_magnet/<task>` from the command line, offline: the tasks are
    found through the inspect_ai entry point, the offline mock model needs no token tables,
    and a failed run exits non-zero."""

    def _inspect(self, tmp_path, *args):
        import os
        import subprocess
        import sys
        from pathlib import Path

        command = Path(sys.executable).parent / "inspect"
        env = {**os.environ, "INSPECT_LOG_DIR": str(tmp_path / "logs"), "NO_COLOR": "1"}
        return subprocess.run(
            [str(command), *args, "--log-dir", str(tmp_path / "logs"), "--display", "none"],
            capture_output=True, text=True, env=env, timeout=600, cwd=tmp_path, check=False,
        )  # fmt: skip

    def test_both_tasks_run_by_name_on_a_classic_and_a_magnetic_instance(self, tmp_path):
        from inspect_ai.log import list_eval_logs, read_eval_log

        done = self._inspect(
            tmp_path, "eval-set", "hanoi_magnet/hanoi_magnet_task",
            "hanoi_magnet/hanoi_magnet_moves_task", "--model", "hanoi_magnet_mock/model",
            "-T", "count=3", "-T", "families=[classic, magnetic]", "-T", "seed=3",
        )  # fmt: skip
        assert done.returncode == 0, done.stdout + done.stderr
        logs = [read_eval_log(info) for info in list_eval_logs(str(tmp_path / "logs"))]
        assert sorted(log.eval.task for log in logs) == [
            "hanoi_magnet/hanoi_magnet_moves_task",
            "hanoi_magnet/hanoi_magnet_task",
        ]
        for log in logs:
            assert log.status == "success"
            families = {s.metadata["family"] for s in log.samples}
            assert families == {"classic", "magnetic"}
            assert all(s.scores["hanoi_scorer"].metadata["outcome"] for s in log.samples)

    def test_a_failed_run_exits_non_zero(self, tmp_path):
        failed = self._inspect(
            tmp_path, "eval-set", "hanoi_magnet/hanoi_magnet_task", "--model",
            "hanoi_magnet_mock/model", "-T", "families=[hexagonal]",
        )  # fmt: skip
        assert failed.returncode != 0
        assert "hexagonal" in failed.stdout + failed.stderr
