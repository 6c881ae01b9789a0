"""The OpenEnv environment, served by OpenEnv's own FastAPI app in a subprocess on loopback and
played through OpenEnv's own client, whole episodes on a classic and a magnetic instance."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request

import pytest

pytest.importorskip("openenv.core", reason="openenv-core is not installed")

from hanoi_magnet.episode import reference_moves
from hanoi_magnet.evaluation import Instance, generate
from hanoi_magnet.integrations import openenv as adapter
from tests.prompt_follower import PromptFollower

SEED = 7
OPTIONS = {"families": ["classic", "magnetic"], "disks": (2, 4), "tasks": ["solve"]}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """``python -m hanoi_magnet.integrations.openenv`` on a free loopback port, until the
    module's tests end (its log in a file, so a full pipe never blocks it)."""
    port = _free_port()
    log = tmp_path_factory.mktemp("openenv") / "server.log"
    url = f"http://127.0.0.1:{port}"
    with log.open("w") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "hanoi_magnet.integrations.openenv", "--port", str(port),
             "--seed", str(SEED), "--families", "classic,magnetic", "--disks", "2,4"],
            stdout=output, stderr=subprocess.STDOUT,
        )  # fmt: skip
        try:
            deadline = time.monotonic() + 120
            while True:
                try:
                    with urllib.request.urlopen(f"{url}/health", timeout=2) as reply:
                        if reply.status == 200:
                            break
                except OSError:
                    if process.poll() is not None or time.monotonic() > deadline:
                        raise AssertionError(f"no server:\n{log.read_text()}") from None
                    time.sleep(0.3)
            yield url
        finally:
            process.terminate()
            process.wait(timeout=30)


def _index_of(family: str) -> int:
    return next(i for i, x in enumerate(generate(SEED, 20, **OPTIONS)) if x.family == family)


@pytest.mark.parametrize("family", ["classic", "magnetic"])
def test_a_whole_episode_through_openenvs_client(server, family):
    """A model that writes each optimal move as the reset prompt says, one reply a turn."""
    index = _index_of(family)
    instance = generate(SEED, index + 1, **OPTIONS)[index]
    moves = list(reference_moves(instance))
    with adapter.HanoiMagnetClient(base_url=server).sync() as client:
        result = client.reset(seed=SEED, index=index)
        observation = result.observation
        assert observation.instance_id == instance.id and not result.done
        assert observation.text.startswith(instance.prompt)
        assert observation.distance == str(len(moves))
        follower = PromptFollower(observation.text)
        for k, move in enumerate(moves):
            assert not result.done
            reply = follower.write(move.disk, move.source, move.target, index=k)
            result = client.step(adapter.HanoiAction(moves=reply))
            observation = result.observation
            assert f"move {k + 1} (" in observation.text and "is legal" in observation.text
            assert observation.distance == str(len(moves) - k - 1)
        assert result.done and result.reward == 1.0 and observation.solved
        assert observation.rewards["optimal"] == 1.0 and observation.rewards["solved"] == 1.0
        state = client.state()
        assert isinstance(state, adapter.HanoiState)
        assert (state.instance_id, state.steps, state.solved) == (instance.id, len(moves), True)
        assert Instance.from_json(state.instance) == instance


def test_illegal_moves_and_unreadable_replies_are_answered(server):
    with adapter.HanoiMagnetClient(base_url=server).sync() as client:
        result = client.reset(seed=SEED, index=_index_of("classic"))
        result = client.step(adapter.HanoiAction(moves="no moves here"))
        assert result.observation.text.startswith("no move could be read")
        assert result.reward == 0.0 and not result.done and result.observation.attempts == 0


def test_the_schema_names_the_typed_models(server):
    import json

    with urllib.request.urlopen(f"{server}/schema", timeout=10) as reply:
        schema = json.loads(reply.read())
    assert "moves" in json.dumps(schema["action"])
    assert "distance" in json.dumps(schema["observation"])


def test_the_environment_without_a_server():
    env = adapter.HanoiMagnetEnvironment(seed=SEED, **{k: v for k, v in OPTIONS.items()
                                                       if k != "tasks"})  # fmt: skip
    first = env.reset()
    second = env.reset()
    assert [first.instance_id, second.instance_id] == [f"{SEED}-0", f"{SEED}-1"]
    for _ in range(60):
        observation = env.step(adapter.HanoiAction(moves="nonsense"))
        if observation.done:
            break
    assert observation.done and not observation.solved and observation.rewards["solved"] == 0.0
    assert env.step(adapter.HanoiAction(moves="A->B")).text.startswith("the episode is over")
    with pytest.raises(ValueError, match="index"):
        env.reset(index=-1)
