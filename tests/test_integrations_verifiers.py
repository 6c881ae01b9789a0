"""The verifiers adapter, against verifiers' classic public interfaces.

verifiers 0.4 replaced its classic environments (SingleTurnEnv, MultiTurnEnv, Rubric, vf.stop)
with a new stack. With verifiers 0.2 or 0.3 installed, the last test builds both environments
for real; whole rollouts need a model client, so they are played here against a small stand-in
with the classic interfaces: constructors taking ``dataset``, ``rubric`` and
``max_turns``, reward functions called with keyword arguments, ``env_response`` answering the
conversation, ``@vf.stop`` conditions.
"""

from __future__ import annotations

import asyncio
import importlib
import sys
import types

import pytest

pytest.importorskip("datasets")

from hanoi_magnet.evaluation import generate, score


def _stand_in() -> types.ModuleType:
    vf = types.ModuleType("verifiers")

    class Rubric:
        def __init__(self, funcs=None, weights=None, parser=None):
            self.funcs, self.weights = funcs or [], weights or []

        def score(self, **kwargs):
            return sum(w * f(**kwargs) for f, w in zip(self.funcs, self.weights, strict=True))

    class Environment:
        def __init__(self, dataset=None, rubric=None, max_turns=-1, **kwargs):
            self.dataset, self.rubric, self.max_turns = dataset, rubric, max_turns

    class SingleTurnEnv(Environment):
        pass

    class MultiTurnEnv(Environment):
        async def rollout(self, replies, row):
            """Play canned assistant replies until a stop condition holds."""
            state = {"info": row["info"], "answer": row["answer"]}
            messages = [{"role": "user", "content": row["question"]}]
            for reply in replies:
                messages.append({"role": "assistant", "content": reply})
                if len(messages) // 2 >= self.max_turns:
                    break
                messages += await self.env_response(messages, state)
                if any([await stop(self, state) for stop in stops]):
                    break
            return messages, state

    stops = []

    def stop(function):
        stops.append(function)
        return function

    vf.Rubric, vf.SingleTurnEnv, vf.MultiTurnEnv, vf.stop = (
        Rubric,
        SingleTurnEnv,
        MultiTurnEnv,
        stop,
    )
    return vf


@pytest.fixture
def adapter(monkeypatch):
    monkeypatch.setitem(sys.modules, "verifiers", _stand_in())
    monkeypatch.delitem(sys.modules, "hanoi_magnet.integrations.verifiers", raising=False)
    module = importlib.import_module("hanoi_magnet.integrations.verifiers")
    yield module
    sys.modules.pop("hanoi_magnet.integrations.verifiers", None)


def test_the_single_turn_environment_scores_with_the_kit(adapter):
    env = adapter.load_environment(seed=4, count=10, positions="mixed")
    instances = generate(4, 10, positions="mixed")
    assert [row["question"] for row in env.dataset] == [i.prompt for i in instances]
    for row, instance in zip(env.dataset, instances, strict=True):
        for reply in (row["answer"], "no idea", row["answer"][:-3]):
            completion = [{"role": "assistant", "content": reply}]
            value = env.rubric.score(completion=completion, info=row["info"], answer=row["answer"])
            assert value == score(reply, instance).rewards["graded"]
        assert env.rubric.score(completion=row["answer"], info=row["info"]) == 1.0


def test_the_multi_turn_environment_plays_the_episode(adapter):
    options = {"families": ["classic"], "disks": (3, 3), "notations": ["letter-arrows"]}
    env = adapter.load_environment(seed=1, count=2, multi_turn=True, reward="solved", **options)
    assert isinstance(env, adapter.HanoiMovesEnv) and env.max_turns == 50
    row = env.dataset[0]
    instance = generate(1, 2, tasks=["solve"], **options)[0]
    lines = row["answer"].strip().splitlines()
    replies = ["\n".join(lines[:3]), "I think... nothing", "\n".join(lines[3:])]
    messages, state = asyncio.run(env.rollout(replies, row))
    feedback = [m["content"] for m in messages if m["role"] == "user"][1:]
    assert "distance to the goal" in feedback[0]
    assert feedback[1].startswith("no move could be read")
    assert feedback[-1].endswith("the goal is reached")
    assert state["hanoi_magnet_episode"].solved
    value = env.rubric.score(completion=messages, info=row["info"], state=state)
    assert value == 1.0 == score(row["answer"], instance).rewards["solved"]


def test_an_illegal_move_ends_the_turn_with_the_broken_rule(adapter):
    env = adapter.load_environment(seed=1, count=1, multi_turn=True, families=["classic"],
                                   disks=(3, 3), max_turns=2)  # fmt: skip
    row = env.dataset[0]
    messages, state = asyncio.run(env.rollout(["moves = [[3, 0, 2]]", "moves = []"], row))
    assert "not on top" in messages[2]["content"]
    assert env.rubric.score(completion=messages, info=row["info"], state=state) == 0.0


def test_verifiers_without_the_classic_environments_is_refused_by_name(monkeypatch):
    newer = types.ModuleType("verifiers")
    newer.__version__ = "0.4.0"
    monkeypatch.setitem(sys.modules, "verifiers", newer)
    monkeypatch.delitem(sys.modules, "hanoi_magnet.integrations.verifiers", raising=False)
    with pytest.raises(ImportError, match=r"found verifiers 0\.4\.0: pip install"):
        importlib.import_module("hanoi_magnet.integrations.verifiers")
    sys.modules.pop("hanoi_magnet.integrations.verifiers", None)


def _classic_verifiers():
    try:
        import verifiers
    except ImportError:
        return None
    return verifiers if hasattr(verifiers, "MultiTurnEnv") else None


@pytest.mark.skipif(_classic_verifiers() is None, reason="verifiers 0.2 or 0.3 not installed")
@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_with_the_real_verifiers():
    vf = _classic_verifiers()
    sys.modules.pop("hanoi_magnet.integrations.verifiers", None)
    adapter = importlib.import_module("hanoi_magnet.integrations.verifiers")
    single = adapter.load_environment(seed=1, count=3)
    assert isinstance(single, vf.SingleTurnEnv)
    env = adapter.load_environment(seed=1, count=3, multi_turn=True, notations=["letter-arrows"])
    assert isinstance(env, vf.MultiTurnEnv) and env.max_turns == 50
    row = env.dataset[0]
    instance = adapter._instance(row["info"])
    state = {"info": row["info"]}
    lines = row["answer"].strip().splitlines()
    reply = asyncio.run(env.env_response([{"role": "assistant", "content": lines[0]}], state))
    assert "distance to the goal" in reply[0]["content"]
    assert not asyncio.run(env.episode_over(state))
    rest = [{"role": "assistant", "content": "\n".join(lines[1:])}]
    assert asyncio.run(env.env_response(rest, state))[0]["content"].endswith("goal is reached")
    assert asyncio.run(env.episode_over(state))
    reward = adapter.reward_function("solved")
    assert reward(completion=rest, info=row["info"], state=state) == 1.0
    assert (
        reward(completion=rest, info=row["info"])
        == score(rest[0]["content"], instance).rewards["solved"]
    )
