"""The interactive episode and the Gymnasium environment: steps per second with exact feedback.

Each step of :class:`~hanoi_magnet.episode.Episode` checks the move and computes the exact
distance to the goal (O(n) on three posts); each step of ``HanoiEnv`` also finds an optimal
next move (the distances after every legal move), the action mask and the observation. The
baseline, in the same process: a plain :func:`~hanoi_magnet.validate` replay of the same
moves, which checks them and nothing more. Ratios are validate's time / ours (below 1: slower).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._harness import compare, table
from hanoi_magnet import solve, validate
from hanoi_magnet.episode import Episode
from hanoi_magnet.registry import default_registry

STEPS = 1000  # the first moves of the optimal solution


def _rows(label: str, n: int) -> list[list[str]]:
    variant = default_registry.variant(label)
    rules, start, goal = variant.rules, variant.start(n), variant.goal(n)
    moves = list(solve(label, n)[:STEPS])
    count = len(moves)

    def replay() -> object:
        return validate(moves, rules, start=start, goal=goal)

    def episode() -> object:
        game = Episode(rules, start, goal)
        for move in moves:
            game.play(move)
        return game

    rows = []
    base, mine, ratio = compare(replay, episode, repeat=5)
    rows.append([f"{label} n={n}", "Episode.play", f"{count / base.median:,.0f}",
                 f"{count / mine.median:,.0f}", f"{ratio:.3f}x"])  # fmt: skip
    try:
        from hanoi_magnet.integrations.gymnasium import HanoiEnv  # noqa: PLC0415 (optional)
    except ImportError:  # pragma: no cover - without the gym extra
        return rows
    env = HanoiEnv(label, n)
    actions = [env.action_of(move) for move in moves]

    def steps() -> object:
        env.reset()
        for action in actions:
            env.step(action)
        return env

    base, mine, ratio = compare(replay, steps, repeat=5)
    rows.append([f"{label} n={n}", "HanoiEnv.step", f"{count / base.median:,.0f}",
                 f"{count / mine.median:,.0f}", f"{ratio:.3f}x"])  # fmt: skip
    return rows


def main() -> None:
    rows = []
    for label, n in (("classic", 10), ("classic", 64), ("NNN", 10), ("NNN", 64)):
        rows += _rows(label, n)
    headers = ["puzzle", "ours", "validate moves/s", "ours steps/s", "ratio"]
    print(table(f"The first {STEPS} moves, medians of 5 rounds", rows, headers))


if __name__ == "__main__":
    main()
