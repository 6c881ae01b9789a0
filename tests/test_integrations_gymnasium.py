"""The Gymnasium environment: Gymnasium's own checker, exact info, masks, rewards, pictures."""

from __future__ import annotations

import random
import sys

import pytest

gym = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from hypothesis import given, settings  # noqa: E402 (after the skip)
from hypothesis import strategies as st  # noqa: E402

from hanoi_magnet import (  # noqa: E402
    ClassicRules,
    Color,
    MagneticRules,
    Move,
    State,
    UnsolvableError,
    solve,
)
from hanoi_magnet.integrations.gymnasium import HanoiEnv  # noqa: E402
from hanoi_magnet.search import distance as exact_distance  # noqa: E402
from tests.oracle import bfs_distance, random_legal_position  # noqa: E402

ENVIRONMENTS = [("classic", 3), ("RNB", 3), ("NNN", 4), ("classic:4", 4)]


@pytest.mark.parametrize(("label", "n"), ENVIRONMENTS)
@pytest.mark.parametrize("render_mode", [None, "ansi", "rgb_array"])
def test_gymnasiums_checker_passes(label, n, render_mode):
    from gymnasium.utils.env_checker import check_env

    env_id = f"HanoiMagnet/{label.replace(':', '-')}-v0"
    env = gym.make(env_id, n=n, render_mode=render_mode, reward="shaped").unwrapped
    check_env(env, skip_render_check=False)


def test_a_four_post_rule_set_with_bare_rules_passes_the_checker():
    from gymnasium.utils.env_checker import check_env

    rules = MagneticRules("RNNB")
    start, goal = (
        State.tower(3, posts=4, face=Color.RED),
        State.tower(3, 3, posts=4, face=Color.BLUE),
    )
    env = gym.make("HanoiMagnet/classic-v0", rules_or_label=rules, n=3, start=start, goal=goal)
    check_env(env.unwrapped)
    env = env.unwrapped
    assert env.episode.distance == bfs_distance(rules, start, goal)


@pytest.mark.parametrize(("label", "n"), ENVIRONMENTS)
def test_masks_info_and_illegal_actions_follow_the_rules(label, n):
    env = HanoiEnv(label, n)
    rules = env.episode.rules
    goal = env.episode.goal
    rng = random.Random(label)
    _, info = env.reset(seed=1)
    for _ in range(60):
        position = env.episode.position
        legal = {(m.source, m.target) for m in rules.legal_moves(position)}
        assert [env.pairs[a] in legal for a in range(len(env.pairs))] == list(
            info["action_mask"].astype(bool)
        )
        assert info["distance"] == bfs_distance(rules, position, goal)
        hint = info["optimal_move"]
        if hint is not None:
            assert bfs_distance(rules, rules.apply(position, hint), goal) == info["distance"] - 1
            assert env.pairs[info["optimal_action"]] == (hint.source, hint.target)
        action = rng.randrange(len(env.pairs))
        observation, _, terminated, truncated, info = env.step(action)
        if env.pairs[action] in legal:
            assert info["rule"] is None
        else:
            source, target = env.pairs[action]
            top = position.posts[source][-1] if position.posts[source] else None
            expected = None if top is None else rules.check(position, Move(top, source, target))
            assert info["rule"] == (expected.value if expected else "empty source")
            assert env.episode.position == position
        assert observation in env.observation_space
        assert list(observation["posts"]) == [
            env.episode.position.post_of(d) for d in range(1, n + 1)
        ]
        if terminated or truncated:
            break


def test_shaped_returns_telescope():
    """The discounted shaped return is the sparse return plus gamma**T phi(s_T) - phi(s_0)."""
    for gamma in (1.0, 0.9):
        for seed in range(5):
            shaped = HanoiEnv("RBB", 3, reward="shaped", gamma=gamma, max_steps=40)
            sparse = HanoiEnv("RBB", 3, max_steps=40)
            shaped.reset(seed=seed)
            sparse.reset(seed=seed)
            rng = random.Random(seed)
            total_shaped = total_sparse = 0.0
            t = 0
            done = False
            while not done:
                action = rng.choice(np.flatnonzero(shaped.action_masks()).tolist())
                if seed % 2 and t < 10:  # odd seeds also try illegal actions early on
                    action = rng.randrange(6)
                _, r1, terminated, truncated, _ = shaped.step(action)
                _, r2, *_ = sparse.step(action)
                total_shaped += gamma**t * float(r1)
                total_sparse += gamma**t * float(r2)
                t += 1
                done = terminated or truncated
            d0, dt = shaped.episode.initial_distance, shaped.episode.distance
            expected = total_sparse + gamma**t * (-dt / d0) - (-1.0)
            assert total_shaped == pytest.approx(expected, abs=1e-9)


def test_the_sparse_reward_is_one_only_at_the_goal():
    env = HanoiEnv("classic", 3)
    env.reset()
    rewards = [env.step(env.action_of(m))[1] for m in solve("classic", 3)]
    assert rewards == [0.0] * 6 + [1.0]
    assert env.episode.solved


def test_an_unreachable_goal_terminates_the_episode():
    rules = ClassicRules(3, [(0, 1), (0, 2), (1, 2)])  # one way: nothing comes back from D
    env = HanoiEnv(rules, 1, State.tower(1), State.tower(1, 1), reward="shaped")
    _, info = env.reset()
    assert info["distance"] == 1
    _, _, terminated, _, info = env.step(env.pairs.index((1, 0)))
    assert info["rule"] == "empty source" and not terminated
    _, reward, terminated, truncated, info = env.step(env.pairs.index((0, 2)))
    assert info["distance"] is None and terminated and not truncated
    assert reward == pytest.approx(-2.0 - (-1.0))  # the documented potential of a dead end


def test_illegal_reward_and_truncation():
    env = HanoiEnv("classic", 3, illegal_reward=-0.5, max_steps=2)
    env.reset()
    _, reward, terminated, truncated, info = env.step(env.pairs.index((1, 0)))
    assert (reward, terminated, truncated, info["rule"]) == (-0.5, False, False, "empty source")
    _, _, terminated, truncated, _ = env.step(env.pairs.index((1, 0)))
    assert truncated and not terminated


def test_registered_ids_make_the_environments():
    env = gym.make("HanoiMagnet/NNN-v0", n=14)
    _, info = env.reset(seed=0)
    assert info["distance"] == 1_449_876
    four = gym.make("HanoiMagnet/classic-4-v0", n=5)
    assert four.reset()[1]["distance"] == solve("classic:4", 5).length
    env = gym.make("hanoi_magnet.integrations.gymnasium:HanoiMagnet/RBB-v0")
    assert env.unwrapped.episode.rules == MagneticRules("RBB")


def test_render_modes():
    text = HanoiEnv("RNB", 2, render_mode="ansi").render()
    assert "distance to the goal: " in text and "S" in text
    picture = HanoiEnv("RNB", 2, render_mode="rgb_array").render()
    assert picture.dtype == np.uint8 and picture.ndim == 3 and picture.shape[2] == 3
    assert len(np.unique(picture.reshape(-1, 3), axis=0)) > 2  # not a blank canvas
    assert "<svg" in HanoiEnv("RNB", 2, render_mode="svg").render()
    assert HanoiEnv("RNB", 2).render() is None


def test_rgb_array_without_cairosvg_says_what_to_install(monkeypatch):
    from gymnasium.error import DependencyNotInstalled

    monkeypatch.setitem(sys.modules, "cairosvg", None)
    with pytest.raises(DependencyNotInstalled, match="cairosvg"):
        HanoiEnv("classic", 2, render_mode="rgb_array").render()


@pytest.mark.parametrize(
    ("arguments", "options", "message"),
    [
        ((ClassicRules(), 3), {}, "give the start and the goal"),
        (("classic", 3), {"reward": "dense"}, "reward must be"),
        (("classic", 3), {"render_mode": "human"}, "render_mode must be"),
        (("classic", 0), {}, "at least 1 disk"),
    ],
)
def test_bad_arguments(arguments, options, message):
    from hanoi_magnet import InvalidArgumentError

    with pytest.raises(InvalidArgumentError, match=message):
        HanoiEnv(*arguments, **options)
    env = HanoiEnv("classic", 2)
    env.reset()
    with pytest.raises(InvalidArgumentError, match=r"an action is an integer in 0\.\.5, got 6"):
        env.step(6)


@settings(max_examples=50, deadline=None)
@given(
    st.sampled_from(["classic", "NNN", "RBB", "NRB"]),
    st.integers(1, 64),
    st.integers(0, 2**32 - 1),
    st.integers(0, 30),
)
def test_following_the_hint_reduces_the_distance_by_one_and_reaches_the_goal(label, n, seed, walk):
    """From random positions (up to 64 disks): a random legal position as the goal, and a
    random walk of ``walk`` moves away from it as the start, so the goal is reached in
    ``distance`` (at most ``walk``) steps, each one nearer."""
    rules = ClassicRules() if label == "classic" else MagneticRules(label)
    rng = random.Random(seed)
    goal = random_legal_position(rules, n, rng)
    start = goal
    for _ in range(walk):
        options = rules.legal_moves(start)
        if not options:
            break
        start = rules.apply(start, rng.choice(options))
    env = HanoiEnv(rules, n, start, goal)
    _, info = env.reset(seed=seed)
    distance = info["distance"]
    assert distance <= walk
    steps = 0
    terminated = distance == 0
    while not terminated:
        before = info["distance"]
        _, _, terminated, _, info = env.step(info["optimal_action"])
        assert info["distance"] == before - 1
        steps += 1
    assert steps == distance and env.episode.position == goal


def unreachable(rules, start, goal) -> bool:
    """Whether the goal cannot be reached (by the exact three-post distance, not a search)."""
    from hanoi_magnet import UnreachableError

    try:
        exact_distance(rules, start, goal)
    except UnreachableError:
        return True
    return False


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["classic", "NNN", "RBB"]), st.integers(1, 64), st.integers(0, 2**32 - 1))
def test_the_hint_from_any_random_position_is_one_move_nearer(label, n, seed):
    rules = ClassicRules() if label == "classic" else MagneticRules(label)
    rng = random.Random(seed)
    start = random_legal_position(rules, n, rng)
    goal = solve(label, n).unrank(0) if label != "classic" else State.tower(n, 2)
    if unreachable(rules, start, goal):
        with pytest.raises(UnsolvableError, match="cannot be reached"):
            HanoiEnv(rules, n, start, goal)
        return
    env = HanoiEnv(rules, n, start, goal)
    _, info = env.reset()
    for _ in range(15):
        if info["optimal_action"] is None:
            break
        before = info["distance"]
        _, _, terminated, _, info = env.step(info["optimal_action"])
        assert info["distance"] == before - 1
        if terminated:
            break


class TestRegistrationDefaultsAndActions:
    """What gymnasium.make gives: solvable puzzles only, 3 disks and a step limit by default;
    random starts and a curriculum of start distances; vector envs; validated actions."""

    def test_unsolvable_labels_are_not_registered_and_refused(self):
        from hanoi_magnet import default_registry
        from hanoi_magnet.integrations.gymnasium import register_environments

        registered = register_environments()
        for label in ("BBB", "NRR", "RRR"):
            assert not getattr(default_registry.get(label), "solvable", True)
            assert f"HanoiMagnet/{label}-v0" not in registered
            assert f"HanoiMagnet/{label}-v0" not in gym.registry
            with pytest.raises(UnsolvableError, match="cannot be reached from the start"):
                HanoiEnv(label, 2)
        assert "HanoiMagnet/NNN-v0" in registered and "HanoiMagnet/RBB-v0" in registered

    def test_every_registered_environment_has_a_legal_first_action(self):
        from hanoi_magnet.integrations.gymnasium import register_environments

        for env_id in register_environments():
            env = gym.make(env_id)
            _, info = env.reset(seed=0)
            assert info["action_mask"].any() and info["distance"] > 0, env_id

    def test_the_defaults(self):
        from hanoi_magnet.integrations.gymnasium import DEFAULT_DISKS, default_step_limit

        env = gym.make("HanoiMagnet/NNN-v0")
        assert DEFAULT_DISKS == 3 == env.unwrapped.episode.start.n == HanoiEnv().episode.start.n
        assert env.spec.max_episode_steps == default_step_limit("NNN") == 200
        assert default_step_limit("NNN", 5) == 10 * solve("NNN", 5).length
        env.reset(seed=0)
        steps = terminated = truncated = 0
        while not (terminated or truncated):  # an illegal action, again and again
            _, _, terminated, truncated, _ = env.step(env.unwrapped.pairs.index((1, 0)))
            steps += 1
        assert truncated and not terminated and steps == 200  # TimeLimit
        longer = gym.make("HanoiMagnet/NNN-v0", n=8, max_episode_steps=50_000)
        assert longer.spec.max_episode_steps == 50_000

    @pytest.mark.parametrize("label", ["classic", "NNN", "RBB", "classic:4"])
    def test_random_starts_are_legal_reachable_and_seeded(self, label):
        env = HanoiEnv(label, 4, start="random")
        rules, goal = env.episode.rules, env.episode.goal
        starts = []
        for seed in range(12):
            _, info = env.reset(seed=seed)
            start = env.episode.position
            assert rules.check_state(start) is None and start != goal
            assert info["distance"] == bfs_distance(rules, start, goal)
            starts.append(start)
        assert len(set(starts)) > 6  # random, not one position
        again = [env.reset(seed=seed) and env.episode.position for seed in range(12)]
        assert again == starts  # reset(seed=...) repeats them
        fixed = HanoiEnv(label, 4)
        fixed.reset(seed=3, options={"random_start": True})
        assert fixed.episode.position == starts[3]

    @pytest.mark.parametrize("label", ["classic", "NNN", "RNB", "cyclic"])
    def test_the_curriculum_starts_exactly_k_moves_from_the_goal(self, label):
        env = HanoiEnv(label, 4)
        rules, goal = env.episode.rules, env.episode.goal
        farthest = max(bfs_distance(rules, s, goal) or 0 for s in _positions(rules, 4))
        for k in (0, 1, 2, 5, 9):
            _, info = env.reset(seed=k, options={"start_distance": k})
            assert info["distance"] == min(k, farthest)
            assert bfs_distance(rules, env.episode.position, goal) == info["distance"]
        climbing = HanoiEnv(label, 4, start_distance=3)
        assert climbing.reset(seed=1)[1]["distance"] == 3

    def test_vector_environments(self):
        envs = gym.make_vec("HanoiMagnet/NNN-v0", num_envs=3, vectorization_mode="sync")
        observations, infos = envs.reset(seed=0)
        assert observations["posts"].shape == (3, 3) and list(infos["distance"]) == [11] * 3
        actions = np.array(infos["optimal_action"], dtype=np.int64)
        observations, _rewards, terminated, _truncated, infos = envs.step(actions)
        assert list(infos["distance"]) == [10] * 3 and not terminated.any()
        envs.close()

    @pytest.mark.parametrize(
        "action", [10**30, -1, 6, 2.5, "0", None, True, np.float64(1.0), [0], np.array([0, 1])]
    )
    def test_actions_that_are_not_actions_are_refused(self, action):
        from hanoi_magnet import InvalidArgumentError

        env = HanoiEnv("classic", 3)
        env.reset()
        with pytest.raises(InvalidArgumentError, match=r"an action is an integer in 0\.\.5"):
            env.step(action)
        assert env.episode.attempts == 0

    @pytest.mark.parametrize("action", [0, np.int64(1), np.int32(2), np.uint8(3), np.array(4)])
    def test_integers_of_any_kind_are_actions(self, action):
        env = HanoiEnv("classic", 3)
        env.reset()
        env.step(action)
        assert env.episode.attempts == 1

    def test_bad_start_options_are_refused(self):
        from hanoi_magnet import InvalidArgumentError

        with pytest.raises(InvalidArgumentError, match="start must be a State or 'random'"):
            HanoiEnv("classic", 3, start="anywhere")
        env = HanoiEnv("classic", 3)
        with pytest.raises(InvalidArgumentError, match="reset options are"):
            env.reset(options={"begin": 1})
        with pytest.raises(InvalidArgumentError, match="start_distance"):
            env.reset(options={"start_distance": -2})


def _positions(rules, n):
    """Every legal position with ``n`` disks (three or four posts, few disks)."""
    from itertools import product

    from hanoi_magnet.integrations.gymnasium import _random_position  # noqa: F401

    found = []
    faces_options = (
        [None]
        if not isinstance(rules, MagneticRules)
        else list(product([Color.RED, Color.BLUE], repeat=n))
    )
    for where in product(range(rules.posts), repeat=n):
        stacks = [[d for d in range(n, 0, -1) if where[d - 1] == p] for p in range(rules.posts)]
        for faces in faces_options:
            state = State(stacks, faces)
            if rules.check_state(state) is None:
                found.append(state)
    return found
