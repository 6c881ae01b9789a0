"""Gymnasium environments over :class:`~hanoi_magnet.episode.Episode` (extra ``gym``).

Importing this module imports Gymnasium and registers one environment per registered puzzle
label that has a solution, under ``HanoiMagnet/<label>-v0`` (``HanoiMagnet/NNN-v0``,
``HanoiMagnet/classic-4-v0``), with 3 disks and a step limit (Gymnasium's ``TimeLimit``) by
default; ``gymnasium.make("hanoi_magnet.integrations.gymnasium:HanoiMagnet/NNN-v0", n=8)``
imports it first. Nothing else in hanoi_magnet imports Gymnasium.
"""

from __future__ import annotations

import io
import re
from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.error import DependencyNotInstalled

from hanoi_magnet._text import shown
from hanoi_magnet.draw import render_svg, render_text
from hanoi_magnet.episode import Episode
from hanoi_magnet.errors import InvalidArgumentError, UnsolvableError
from hanoi_magnet.model import Color, Move, State, _integer
from hanoi_magnet.registry import default_registry, solve
from hanoi_magnet.rules import MagneticRules, Rules
from hanoi_magnet.search import DEFAULT_MAX_STATES

__all__ = ["DEFAULT_DISKS", "HanoiEnv", "default_step_limit", "register_environments"]

#: The number of disks of :class:`HanoiEnv` and of the registered environments by default.
DEFAULT_DISKS = 3

Observation = dict[str, np.ndarray[Any, Any]]

#: The potential of a position the goal cannot be reached from (the start's is at least -1).
UNREACHABLE_POTENTIAL = -2.0


class HanoiEnv(gym.Env[Observation, np.int64]):
    """A Tower of Hanoi (classic or magnetic, three posts or more) as a Gymnasium environment.

    Observation: ``{"posts": MultiDiscrete([P] * n), "faces": MultiBinary(n)}`` — the post of
    each disk (disk 1 first) and whether its blue face is up (always 0 for classic rules).
    Action: ``Discrete(P * (P - 1))``, the pair ``(source, target)`` of :attr:`pairs`; the top
    disk of the source moves. An illegal action leaves the position as it was.

    Rewards (``reward``):

    * ``"sparse"``: 1.0 on reaching the goal, 0.0 otherwise.
    * ``"shaped"``: the sparse reward plus potential-based shaping (Ng, Harada and Russell,
      1999), ``gamma * phi(s') - phi(s)`` with ``phi(s) = -distance(s) / distance(start)``
      (``-2`` where the goal cannot be reached). It leaves the optimal policies unchanged, and
      an episode's discounted shaped return is its sparse return plus ``gamma**T * phi(s_T) -
      phi(s_0)``: with ``gamma = 1``, ``1 - distance(s_T) / distance(start)`` more.

    ``illegal_reward`` is added for an illegal action. The episode terminates at the goal, or
    where the goal can no longer be reached (one-way rules); it is truncated after
    ``max_steps`` actions. A start from which the goal cannot be reached is refused
    (:class:`~hanoi_magnet.UnsolvableError`): its action mask would be empty.

    Starts (``start``, or per episode ``reset(options={...})`` with the same keys):

    * a position: that position (default: the label's start tower);
    * ``"random"``: a uniformly random legal position from which the goal can be reached
      (drawn with the environment's ``np_random``, so ``reset(seed=...)`` repeats it);
    * ``start_distance=k`` (the curriculum): a random position exactly ``k`` moves from the
      goal (fewer where no position drawn is that far): a random position at least ``k``
      moves away, then random optimal moves towards the goal until ``k`` are left (as many
      moves as the position's distance, so keep ``n`` moderate); raise ``k`` as the agent
      learns.

    Actions are integers (Python or numpy, not bool) in ``0..len(pairs) - 1``; anything
    else is refused with :class:`~hanoi_magnet.InvalidArgumentError` (a ``TypeError`` and a
    ``ValueError``).

    ``info``: ``distance`` (exact, a Python int), ``optimal_move`` (a
    :class:`~hanoi_magnet.Move` or ``None``) and ``optimal_action``, ``action_mask`` (int8, 1
    for each legal action; also :meth:`action_masks`), ``steps`` (legal moves made), ``rule``
    and ``detail`` (the rule an illegal action broke, else ``None``).

    Render modes: ``"ansi"`` (the library's text picture and the distance), ``"rgb_array"``
    (the library's SVG picture, rasterised with cairosvg and Pillow; without them
    ``render()`` raises Gymnasium's ``DependencyNotInstalled``) and ``"svg"`` (the SVG text).

    Args:
        rules_or_label: a registered label (its rules, start and goal) or bare rules (then
            ``start`` and ``goal`` are required).
        n: the number of disks (at least 1).
        start: the start position, or ``"random"`` (default: the label's start tower).
        goal: the goal position (default: the label's goal tower).
        start_distance: start each episode this many moves from the goal (the curriculum).
        reward: ``"sparse"`` or ``"shaped"``.
        gamma: the discount of the shaping term.
        illegal_reward: added to the reward of an illegal action.
        max_steps: truncate after this many actions (``None``: never).
        render_mode: ``None``, ``"ansi"``, ``"rgb_array"`` or ``"svg"``.
        max_states: the most positions the search on four or more posts may visit.

    Example:
        >>> from hanoi_magnet.integrations.gymnasium import HanoiEnv
        >>> env = HanoiEnv("NNN", 3)
        >>> observation, info = env.reset(seed=0)
        >>> info["distance"], info["optimal_move"]
        (11, Move(disk=1, source=0, target=1))
        >>> observation, reward, terminated, truncated, info = env.step(info["optimal_action"])
        >>> info["distance"], reward, terminated
        (10, 0.0, False)
    """

    # Gymnasium declares metadata a plain class attribute (never mutated)
    metadata = {"render_modes": ["ansi", "rgb_array", "svg"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        rules_or_label: str | Rules = "classic",
        n: int = DEFAULT_DISKS,
        start: State | str | None = None,
        goal: State | None = None,
        *,
        start_distance: int | None = None,
        reward: str = "sparse",
        gamma: float = 1.0,
        illegal_reward: float = 0.0,
        max_steps: int | None = None,
        render_mode: str | None = None,
        max_states: int = DEFAULT_MAX_STATES,
    ) -> None:
        random_start = isinstance(start, str)
        if random_start and start != "random":
            raise InvalidArgumentError(f"start must be a State or 'random', got {start!r}")
        if isinstance(rules_or_label, str):
            variant = default_registry.variant(rules_or_label)
            rules = variant.rules
            goal = variant.goal(n) if goal is None else goal
            start = variant.start(n) if start is None or random_start else start
        elif goal is None or (start is None and start_distance is None):
            raise InvalidArgumentError("with bare rules, give the start and the goal positions")
        else:
            rules = rules_or_label
            start = goal if start is None or random_start else start
        assert isinstance(start, State)
        if reward not in ("sparse", "shaped"):
            raise InvalidArgumentError(f"reward must be 'sparse' or 'shaped', got {reward!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidArgumentError(
                f"render_mode must be None, 'ansi', 'rgb_array' or 'svg', got {render_mode!r}"
            )
        self.episode = Episode(rules, start, goal, max_steps=max_steps, max_states=max_states)
        if start.n < 1:
            raise InvalidArgumentError("the environment needs at least 1 disk")
        self._starts = {"random_start": random_start, "start_distance": start_distance}
        self._check_starts(self._starts)
        if self.episode.initial_distance is None and not random_start and start_distance is None:
            name = rules_or_label if isinstance(rules_or_label, str) else repr(rules)
            raise UnsolvableError(
                f"{name} with {start.n} disks: the goal cannot be reached from the start, so "
                "no action could ever succeed; choose a solvable puzzle or another start"
            )
        self.reward_kind, self.gamma, self.illegal_reward = reward, gamma, illegal_reward
        self.render_mode = render_mode
        posts, disks = rules.posts, start.n
        #: The ``(source, target)`` pair of each action.
        self.pairs = tuple((s, t) for s in range(posts) for t in range(posts) if s != t)
        self._action = {pair: index for index, pair in enumerate(self.pairs)}
        self.action_space = spaces.Discrete(len(self.pairs))
        # spaces.Dict is typed as a space of dict[str, object]; its samples are our arrays
        self.observation_space = spaces.Dict(  # type: ignore[assignment]
            {"posts": spaces.MultiDiscrete([posts] * disks), "faces": spaces.MultiBinary(disks)}
        )
        self._post_colors = rules.post_colors if isinstance(rules, MagneticRules) else None

    # -- the Gymnasium API ------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new episode: the start position, a random one, or one ``start_distance`` from the goal.

        ``options`` may set ``random_start`` and ``start_distance`` for this episode;
        ``seed`` seeds :attr:`np_random`, which draws the random starts.
        """
        super().reset(seed=seed)
        starts = {**self._starts, **(options or {})}
        self._check_starts(starts)
        if starts["start_distance"] is not None:
            self.episode.restart(self._at_distance(_integer(starts["start_distance"], "k")))
        elif starts["random_start"]:
            self.episode.restart(self._random_start())
        else:
            self.episode.reset()
        return self._observation(), self._info(None, None)

    def step(
        self, action: np.int64 | int
    ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Move the top disk of the action's source post to its target post."""
        before = self.episode.distance
        feedback = self.episode.play(self.pairs[self._action_index(action)])
        value = 1.0 if feedback.solved else 0.0
        if self.reward_kind == "shaped":
            value += self.gamma * self.potential(feedback.distance) - self.potential(before)
        if not feedback.legal:
            value += self.illegal_reward
        terminated = feedback.solved or feedback.distance is None
        truncated = self.episode.truncated and not terminated
        return (
            self._observation(),
            value,
            terminated,
            truncated,
            self._info(feedback.rule and feedback.rule.value, feedback.detail),
        )

    def render(self) -> Any:
        """The current position in the chosen render mode (``None`` without one)."""
        position = self.episode.position
        if self.render_mode == "ansi":
            picture = render_text(position, post_colors=self._post_colors)
            return f"{picture}\ndistance to the goal: {self.episode.distance}\n"
        if self.render_mode == "svg":
            return render_svg(position, post_colors=self._post_colors)
        if self.render_mode == "rgb_array":
            try:
                import cairosvg  # noqa: PLC0415
                from PIL import Image  # noqa: PLC0415
            except ImportError as error:
                raise DependencyNotInstalled(
                    f"render_mode='rgb_array' needs cairosvg and Pillow ({error}): "
                    "pip install cairosvg pillow"
                ) from None
            png = cairosvg.svg2png(bytestring=render_svg(position, post_colors=self._post_colors))
            with Image.open(io.BytesIO(png)) as image:
                return np.asarray(image.convert("RGB"), dtype=np.uint8)
        return None

    # -- helpers ------------------------------------------------------------------------------

    def potential(self, distance: int | None) -> float:
        """The shaping potential of a position at ``distance`` from the goal."""
        if distance is None:
            return UNREACHABLE_POTENTIAL
        scale = self.episode.initial_distance or 1
        return -distance / scale

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        """1 for each legal action, 0 for the others (as MaskablePPO expects)."""
        mask = np.zeros(len(self.pairs), dtype=np.int8)
        for move in self.episode.legal_moves():
            mask[self._action[(move.source, move.target)]] = 1
        return mask

    def action_of(self, move: Move) -> int:
        """The action that makes ``move``."""
        return self._action[(move.source, move.target)]

    def _action_index(self, action: object) -> int:
        """``action`` as an index of :attr:`pairs`, or a library error saying what it is."""
        if isinstance(action, np.ndarray) and action.shape == ():
            action = action[()]
        last = len(self.pairs) - 1
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            raise InvalidArgumentError(
                f"an action is an integer in 0..{last}, got {type(action).__name__} {shown(action)}"
            )
        if not 0 <= int(action) <= last:
            raise InvalidArgumentError(
                f"an action is an integer in 0..{last}, got {shown(int(action))}"
            )
        return int(action)

    @staticmethod
    def _check_starts(starts: dict[str, Any]) -> None:
        unknown = set(starts) - {"random_start", "start_distance"}
        if unknown:
            raise InvalidArgumentError(
                f"reset options are random_start and start_distance, got {sorted(unknown)}"
            )
        if starts["start_distance"] is not None:
            _integer(starts["start_distance"], "start_distance")

    def _random_start(self) -> State:
        """A uniformly random legal position that can reach the goal (not the goal itself)."""
        episode = self.episode
        for _ in range(1000):
            state = _random_position(self.np_random, episode.rules, episode.goal.n)
            if state != episode.goal and episode.distance_from(state) is not None:
                return state
        return episode.goal  # pragma: no cover - only with one position or one-way dead ends

    def _at_distance(self, k: int) -> State:
        """A random position ``k`` moves from the goal (the farthest drawn, if none is as far).

        A random reachable position at least ``k`` moves away, then random optimal moves
        towards the goal until it is ``k`` away (at most the position's distance in moves).
        """
        episode = self.episode
        state, here = episode.goal, 0
        for _ in range(100):
            drawn = _random_position(self.np_random, episode.rules, episode.goal.n)
            away = episode.distance_from(drawn)
            if away is not None and away > here:
                state, here = drawn, away
                if here >= k:
                    break
        while here > k:
            episode.restart(state)
            nearer = episode.optimal_moves()
            state = episode.rules.apply(state, nearer[int(self.np_random.integers(len(nearer)))])
            here -= 1
        return state

    def _observation(self) -> Observation:
        position = self.episode.position
        where = np.zeros(position.n, dtype=np.int64)
        for post, stack in enumerate(position.posts):
            for disk in stack:
                where[disk - 1] = post
        faces = np.zeros(position.n, dtype=np.int8)
        if position.faces is not None:
            faces[:] = [face is Color.BLUE for face in position.faces]
        return {"posts": where, "faces": faces}

    def _info(self, rule: str | None, detail: str | None) -> dict[str, Any]:
        hint = self.episode.hint()
        return {
            "distance": self.episode.distance,
            "optimal_move": hint,
            "optimal_action": None if hint is None else self.action_of(hint),
            "action_mask": self.action_masks(),
            "steps": self.episode.steps,
            "rule": rule,
            "detail": detail,
        }


def _random_position(rng: np.random.Generator, rules: Rules, n: int) -> State:
    """A uniformly random legal position.

    Each disk on any post; under magnetic rules each stack on a neutral post shows either
    colour, on a coloured post that colour.
    """
    where = rng.integers(rules.posts, size=n)
    stacks = [[d for d in range(n, 0, -1) if where[d - 1] == p] for p in range(rules.posts)]
    if not isinstance(rules, MagneticRules):
        return State(stacks)
    shown = [
        color if color is not None else (Color.RED, Color.BLUE)[int(rng.integers(2))]
        for color in rules.post_colors
    ]
    return State(stacks, [shown[where[d - 1]] for d in range(1, n + 1)])


#: Labels Gymnasium can name once ``:`` (its module separator) becomes ``-``.
_ID_SAFE = re.compile(r"^[\w.-]+$")


def default_step_limit(label: str, n: int = DEFAULT_DISKS) -> int:
    """The step limit (``max_episode_steps``) a registered environment has by default.

    Ten times the optimal number of moves with ``n`` disks, at least 200: room for an agent
    to explore, a bound on an episode that goes nowhere.

    Example:
        >>> from hanoi_magnet.integrations.gymnasium import default_step_limit
        >>> default_step_limit("classic"), default_step_limit("NNN", 5)
        (200, 830)
    """
    return max(200, 10 * solve(label, n).length)


def register_environments(n: int = DEFAULT_DISKS) -> list[str]:
    """Register ``HanoiMagnet/<label>-v0`` for every registered label Gymnasium can name.

    A ``:`` in a label becomes ``-`` (``classic:4`` is ``HanoiMagnet/classic-4-v0``); labels
    with other characters Gymnasium refuses (``arcs:SD,ID``, ``cyclic+1``) are left out: make
    them with ``HanoiEnv(label, n)``. Labels without a solution (``BBB``, ``NRR``, ``RRR``)
    are not registered: no agent could ever reach their goal.

    Done on import; call again after registering new labels. ``n`` is the default number of
    disks (3, as :class:`HanoiEnv`'s; ``gymnasium.make(id, n=...)`` overrides it); each
    environment is wrapped in Gymnasium's ``TimeLimit`` with :func:`default_step_limit`
    steps (``gymnasium.make(id, max_episode_steps=...)`` overrides it: do so when you change
    ``n``).

    Example:
        >>> import gymnasium
        >>> from hanoi_magnet.integrations.gymnasium import register_environments
        >>> "HanoiMagnet/NNN-v0" in register_environments()
        True
        >>> gymnasium.make("HanoiMagnet/classic-4-v0", n=3).unwrapped.episode.distance
        5
    """
    registered = []
    for label in default_registry.labels():
        name = label.replace(":", "-")
        if not _ID_SAFE.match(name) or not getattr(default_registry.get(label), "solvable", True):
            continue
        env_id = f"HanoiMagnet/{name}-v0"
        if env_id not in gym.registry:
            gym.register(
                id=env_id,
                entry_point="hanoi_magnet.integrations.gymnasium:HanoiEnv",
                kwargs={"rules_or_label": label, "n": n},
                max_episode_steps=default_step_limit(label, n),
                disable_env_checker=True,
            )
        registered.append(env_id)
    return registered


register_environments()
