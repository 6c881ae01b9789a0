"""Write reasoning_gym_scores.json: answers scored by reasoning-gym itself.

Run in an environment with reasoning-gym installed (never a dependency of hanoi_magnet):

    python -m pip install reasoning-gym
    python tests/data/make_reasoning_gym_scores.py > tests/data/reasoning_gym_scores.json

Each entry of reasoning-gym's tower_of_hanoi dataset gets a few kinds of answer; the score
recorded for each is the one reasoning-gym's ``score_answer`` gives. tests/test_score.py
checks that the library's ``reasoning_gym`` reward gives the same on every one of them (and
tests/test_outcomes_gym.py compares it with the installed package on 1,500 more); the kit's
tolerant reading has rewards of its own names (``graded``...).
"""

from __future__ import annotations

import json
import sys
from importlib import metadata

from reasoning_gym.games.tower_of_hanoi import HanoiConfig, HanoiDataset


def answers(entry: dict) -> dict[str, str]:
    lines = entry["answer"].splitlines()
    first = lines[0].split()
    source = first[5]
    spare = next(
        str(p)
        for p in range(1, entry["metadata"]["num_pegs"] + 1)
        if str(p) not in (source, first[8])
    )
    detour = [
        f"Move disk 1 from Peg {source} to Peg {spare}",
        f"Move disk 1 from Peg {spare} to Peg {source}",
    ]
    noop = f"Move disk 1 from Peg {source} to Peg {source}"
    return {
        "optimal": "\n".join(lines),
        "longer": "\n".join(detour + lines),
        "half": "\n".join(lines[: max(1, len(lines) // 2)]),
        "illegal": "\n".join(lines[1:2] + lines[:1] + lines[2:])
        if len(lines) > 1
        else lines[0].replace("disk 1", "disk 2"),
        "broken_late": "\n".join(lines[:-1] + ["Move disk 9 from Peg 1 to Peg 2"]),
        "trailing_periods": "\n".join(line + "." for line in lines),
        "lower_case": "\n".join(line.lower() for line in lines),
        "numbered": "\n".join(f"{i}. {line}" for i, line in enumerate(lines, 1)),
        "same_peg": "\n".join([noop, *lines]),
        "empty": "",
        "whitespace": "  \n",
    }


def main() -> None:
    config = HanoiConfig(min_disks=1, max_disks=6, min_pegs=3, max_pegs=5, size=16, seed=42)
    dataset = HanoiDataset(config)
    cases = []
    for entry in dataset:
        scored = {
            kind: [text, dataset.score_answer(text, entry)] for kind, text in answers(entry).items()
        }
        cases.append(
            {"question": entry["question"], "metadata": entry["metadata"], "answers": scored}
        )
    record = {"reasoning_gym": metadata.version("reasoning-gym"), "cases": cases}
    json.dump(record, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
