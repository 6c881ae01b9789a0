"""The verifiers task set, against verifiers 0.4 itself (``verifiers.v1``).

Its own entry points run for real: ``vf-validate`` (the gold and no-op checks) and ``vf-eval``
(whole rollouts through the ``null`` harness in the subprocess runtime, against a stand-in
chat endpoint on loopback that answers as a model following the prompt literally), each on
a classic and a magnetic instance, single- and multi-turn.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

vf = pytest.importorskip("verifiers.v1", reason="verifiers 0.4 (verifiers.v1) is not installed")

from hanoi_magnet.episode import reference_moves  # noqa: E402 (after the skip)
from hanoi_magnet.evaluation import REWARDS, generate, score  # noqa: E402
from hanoi_magnet.integrations import verifiers as adapter  # noqa: E402
from tests.openai_stub import OpenAIStub  # noqa: E402
from tests.prompt_follower import PromptFollower  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ENVIRONMENT = ROOT / "environments" / "hanoi_magnet_env"
BIN = Path(sys.executable).parent


@pytest.fixture(autouse=True)
def _environment_on_path(monkeypatch):
    """The environment package of the repository, importable as verifiers imports it."""
    monkeypatch.syspath_prepend(str(ENVIRONMENT))


def _taskset(**options):
    return adapter.HanoiMagnetTaskset(adapter.HanoiMagnetConfig(id="hanoi-magnet-env", **options))


def test_the_tasks_are_the_generators_instances_in_order():
    config = adapter.HanoiMagnetConfig(seed=4, count=12, positions="mixed")
    tasks = list(_taskset(seed=4, count=12, positions="mixed"))
    assert [t.data.puzzle() for t in tasks] == generate(4, 12, **config.options())
    assert [t.data.prompt for t in tasks] == [i.prompt for i in generate(4, 12, **config.options())]
    assert [t.key for t in tasks] == [f"4-{i}" for i in range(12)]
    assert [t.data.idx for t in tasks] == list(range(12))


def test_the_environment_package_loads_by_its_id():
    config = adapter.HanoiMagnetConfig(id="hanoi-magnet-env", count=2)
    assert type(vf.load_taskset(config)) is adapter.HanoiMagnetTaskset
    assert vf.environment_class("hanoi-magnet-env") is adapter.HanoiMagnetEnv
    text = (ENVIRONMENT / "pyproject.toml").read_text()
    assert 'name = "hanoi-magnet-env"' in text and "hanoi-magnet[verifiers]" in text


def test_rewards_are_the_kits_for_right_and_wrong_replies():
    for task in _taskset(seed=2, count=15, positions="mixed", max_disks=5):
        instance = task.data.puzzle()
        for reply in (task.data.answer, "no idea", task.data.answer[: len(task.data.answer) // 2]):
            assert task.rewards_of([reply]) == dict(score(reply, instance).rewards)
        assert set(task.rewards_of([])) == set(REWARDS)


def test_multi_turn_replies_are_played_and_their_legal_moves_scored():
    [task] = _taskset(seed=1, count=1, multi_turn=True, families=["classic"], max_disks=3,
                      notations=["letter-arrows"])  # fmt: skip
    assert task.data.multi_turn and "Play one turn at a time" in task.data.prompt
    lines = task.data.answer.strip().splitlines()
    replies = ["\n".join(lines[:3]), "I think... nothing", "\n".join(lines[3:])]
    assert task.rewards_of(replies)["solved"] == 1.0
    assert task.rewards_of(replies[:2])["solved"] == 0.0


def test_large_answers_are_withheld_and_the_gold_check_unchecked():
    import asyncio

    [task] = _taskset(seed=1, count=1, families=["classic"], tasks=["solve"], min_disks=17,
                      max_disks=17)  # fmt: skip
    assert task.data.answer is None and "131,071 moves" in task.data.answer_withheld
    assert asyncio.run(task.validate(None)) is None


def _run(command: list[str], tmp_path: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",  # uv, for the null harness
        "PYTHONPATH": os.pathsep.join([str(ENVIRONMENT), str(ROOT)]),
        "NO_COLOR": "1",
        **extra,
    }
    return subprocess.run(
        [str(BIN / command[0]), *command[1:]],
        capture_output=True, text=True, env=env, cwd=tmp_path, timeout=900, check=False,
    )  # fmt: skip


@pytest.mark.parametrize("multi_turn", [False, True], ids=["single-turn", "multi-turn"])
def test_vf_validate_gold_and_noop_checks_pass(multi_turn, tmp_path):
    done = _run(
        ["vf-validate", "hanoi-magnet-env", "-n", "6", "--runtime.type", "subprocess",
         "--taskset.count", "6", "--taskset.families", '["classic", "magnetic"]',
         "--taskset.multi-turn", str(multi_turn).lower(), "-o", str(tmp_path / "out")],
        tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    [summary] = (tmp_path / "out").glob("*/summary.json")
    found = json.loads(summary.read_text())
    assert found["total"] == 6 and found["outcomes"]["valid"] == 6, found
    assert found["checks"]["gold"]["valid"] == found["checks"]["noop"]["valid"] == 6


def _follower(tasks):
    """A model that answers as the prompt says: the reference answer in one turn, or, in
    a multi-turn task, the next optimal move each turn, written as the turn instructions say."""
    plans = {task.data.prompt: task for task in tasks}

    def answer(messages):
        prompt = next(m["content"] for m in messages if m["role"] == "user")
        task = plans[prompt]
        if not task.data.multi_turn:
            return task.data.answer
        moves = list(reference_moves(task.data.puzzle()))
        made = sum(m["role"] == "assistant" for m in messages)
        move = moves[made]
        return PromptFollower(prompt).write(move.disk, move.source, move.target, index=made)

    return answer


@pytest.mark.parametrize("multi_turn", [False, True], ids=["single-turn", "multi-turn"])
def test_vf_eval_rollouts_of_a_model_following_the_prompt_score_one(multi_turn, tmp_path):
    # each turn relaunches the harness's chat program (about 3 s): few moves in all
    disks = 2 if multi_turn else 4
    options = {"seed": 3, "count": 3, "families": ["classic", "magnetic"], "min_disks": 2,
               "max_disks": disks, "multi_turn": multi_turn, "tasks": ["solve"]}  # fmt: skip
    tasks = list(_taskset(**options))
    assert {t.data.puzzle().family for t in tasks} == {"classic", "magnetic"}
    with OpenAIStub(_follower(tasks)) as stub:
        done = _run(
            ["vf-eval", "hanoi-magnet-env", "-n", "3", "-m", "stub", "--no-push",
             "--client.base-url", stub.base_url, "--client.api-key-var", "HANOI_STUB_KEY",
             "--env.agent.harness.id", "null", "--env.agent.runtime.type", "subprocess",
             "--env.taskset.seed", "3", "--env.taskset.count", "3",
             "--env.taskset.families", '["classic", "magnetic"]', "--env.taskset.min-disks", "2",
             "--env.taskset.max-disks", str(disks),
             "--env.taskset.tasks", '["solve"]',
             "--env.taskset.multi-turn", str(multi_turn).lower(), "-o", str(tmp_path / "out")],
            tmp_path, HANOI_STUB_KEY="unused",
        )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    [traces] = (tmp_path / "out").glob("*/traces.jsonl")
    episodes = [json.loads(line) for line in traces.read_text().splitlines()]
    assert len(episodes) == 3 and all(e["ok"] for e in episodes), episodes
    for episode in episodes:
        [trace] = episode["traces"]
        assert trace["rewards"]["hanoi_magnet"]["score"] == 1.0, trace["rewards"]
        assert trace["metrics"]["optimal"] == 1.0
        if multi_turn:
            assert trace["info"]["hanoi_magnet"]["solved"]
    if multi_turn:  # the episode's feedback went back to the model, in the prompt's words
        assert stub.requests == sum(len(list(reference_moves(t.data.puzzle()))) for t in tasks)
