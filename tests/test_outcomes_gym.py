"""The reward named ``reasoning_gym`` equals reasoning-gym's own score on every answer.

Issue 27 item 4: it used to disagree on 124 of 1,000 answers (prose around the moves, lines
ending in "."). Compared here against the real package (skipped when it is not installed) on
well over 1,000 answers: every corruption of a correct answer the corpus below makes.
"""

from __future__ import annotations

import contextlib
import io
import random

import pytest

from hanoi_magnet.evaluation import from_reasoning_gym, score

_CORRUPTIONS = (
    "optimal",
    "periods",
    "prose_before",
    "prose_after",
    "remark",
    "think",
    "unclosed_think",
    "numbered",
    "lower",
    "bullets",
    "blank_lines",
    "crlf",
    "tabs",
    "indent",
    "swap",
    "drop",
    "repeat",
    "reverse_pair",
    "same_peg",
    "peg_zero",
    "peg_out_of_range",
    "disk_zero",
    "wrong_disk",
    "half",
    "longer",
    "empty",
    "whitespace",
    "only_prose",
    "glued",
    "double_space",
    "unicode_digits",
    "huge_number",
    "two_moves_one_line",
    "underscore_peg",
    "nbsp",
    "fenced",
    "leading_zeros",
)


def _corrupt(kind: str, lines: list[str], pegs: int, rng: random.Random) -> str:
    text = "\n".join(lines)
    i = rng.randrange(len(lines))
    changed = list(lines)
    if kind == "optimal":
        return text
    if kind == "periods":
        return "\n".join(line + "." for line in lines)
    if kind == "prose_before":
        return "Here is the solution:\n" + text
    if kind == "prose_after":
        return text + "\nThat's all the moves."
    if kind == "remark":
        changed[i] += " (the smallest disk)"
    elif kind == "think":
        return "<think>Move disk 1 from Peg 1 to Peg 2</think>\n" + text
    elif kind == "unclosed_think":
        return text + "\n<think>"
    elif kind == "numbered":
        return "\n".join(f"{k}. {line}" for k, line in enumerate(lines, 1))
    elif kind == "lower":
        return text.lower()
    elif kind == "bullets":
        return "\n".join("- " + line for line in lines)
    elif kind == "blank_lines":
        return "\n\n".join(lines) + "\n\n"
    elif kind == "crlf":
        return "\r\n".join(lines)
    elif kind == "tabs":
        changed[i] = changed[i].replace(" ", "\t")
    elif kind == "indent":
        return "\n".join("   " + line + "  " for line in lines)
    elif kind == "swap" and len(lines) > 1:
        j = min(i + 1, len(lines) - 1)
        changed[i - 1 if j == i else i], changed[j] = changed[j], changed[i - 1 if j == i else i]
    elif kind == "drop":
        del changed[i]
    elif kind == "repeat":
        changed.insert(i, changed[i])
    elif kind == "reverse_pair":
        words = changed[i].split()
        words[5], words[8] = words[8], words[5]
        changed.insert(i + 1, " ".join(words))
    elif kind == "same_peg":
        words = changed[i].split()
        words[8] = words[5]
        changed[i] = " ".join(words)
    elif kind == "peg_zero":
        words = changed[i].split()
        words[8] = "0"
        changed[i] = " ".join(words)
    elif kind == "peg_out_of_range":
        words = changed[i].split()
        words[5 if rng.random() < 0.5 else 8] = str(pegs + 1)
        changed[i] = " ".join(words)
    elif kind == "disk_zero":
        changed[i] = changed[i].replace(f"disk {changed[i].split()[2]} ", "disk 0 ")
    elif kind == "wrong_disk":
        words = changed[i].split()
        words[2] = str(int(words[2]) + 1)
        changed[i] = " ".join(words)
    elif kind == "half":
        return "\n".join(lines[: max(1, len(lines) // 2)])
    elif kind == "longer":
        words = lines[0].split()
        there = " ".join(words)
        back = " ".join([*words[:5], words[8], *words[6:8], words[5]])
        return "\n".join([there, back, *lines])
    elif kind == "empty":
        return ""
    elif kind == "whitespace":
        return rng.choice(["  \n", "\n\n", " ", "\t"])
    elif kind == "only_prose":
        return "I could not solve this puzzle."
    elif kind == "glued":
        changed[i] = "x" + changed[i]
    elif kind == "double_space":
        changed[i] = changed[i].replace("disk ", "disk  ", 1)
    elif kind == "unicode_digits":
        digits = str.maketrans(
            "0123456789", "\u0660\u0661\u0662\u0663\u0664\u0665\u0666\u0667\u0668\u0669"
        )
        changed[i] = changed[i].translate(digits)
    elif kind == "huge_number":
        changed[i] = changed[i].replace(
            f"disk {changed[i].split()[2]} ", "disk " + "9" * 5000 + " "
        )
    elif kind == "two_moves_one_line":
        if len(changed) > 1:
            changed[i - 1 : i + 1] = [changed[i - 1] + " " + changed[i]] if i else changed[:2]
    elif kind == "underscore_peg":
        words = changed[i].split()
        words[8] += "_0"
        changed[i] = " ".join(words)
    elif kind == "nbsp":
        changed[i] = changed[i].replace(" ", "\u00a0", 1)
    elif kind == "fenced":
        return "```\n" + text + "\n```"
    elif kind == "leading_zeros":
        words = changed[i].split()
        words[2] = "0" + words[2]
        changed[i] = " ".join(words)
    return "\n".join(changed)


def _corpus(size: int) -> list[tuple[dict, str]]:
    games = pytest.importorskip("reasoning_gym.games.tower_of_hanoi")
    config = games.HanoiConfig(min_disks=1, max_disks=6, min_pegs=3, max_pegs=5, size=40, seed=3)
    dataset = games.HanoiDataset(config)
    rng = random.Random(27)
    answers = []
    entries = list(dataset)
    while len(answers) < size:
        for entry in entries:
            lines = entry["answer"].splitlines()
            kind = _CORRUPTIONS[len(answers) % len(_CORRUPTIONS)]
            answers.append((entry, _corrupt(kind, lines, entry["metadata"]["num_pegs"], rng)))
    return answers


def _theirs(dataset: object, answer: str, entry: dict) -> float | None:
    with contextlib.redirect_stdout(io.StringIO()):  # it prints while it validates
        try:
            return dataset.score_answer(answer, entry)  # type: ignore[attr-defined]
        except KeyError:  # reasoning-gym itself crashes (a peg the pattern reads otherwise)
            return None


def test_the_reasoning_gym_reward_is_reasoning_gyms_own_score_on_every_answer():
    """Failed before: 0.0 from reasoning-gym, 1.0 here for prose, periods, numbering..."""
    games = pytest.importorskip("reasoning_gym.games.tower_of_hanoi")
    dataset = games.HanoiDataset(games.HanoiConfig(size=1, seed=1))
    corpus = _corpus(1500)
    seen = set()
    instances = {}
    disagreements = []
    for entry, answer in corpus:
        key = entry["metadata"]["source_index"]
        instance = instances.get(key) or instances.setdefault(key, from_reasoning_gym(entry))
        theirs = _theirs(dataset, answer, entry)
        ours = score(answer, instance).rewards["reasoning_gym"]
        seen.add(theirs)
        if theirs is None:
            assert ours == 0.0
        elif ours != theirs:
            disagreements.append((answer, theirs, ours))
    assert not disagreements, disagreements[:3]
    assert {0.0, 0.05, 1.0} <= seen  # the corpus reaches every kind of score
    assert any(s is not None and 0.05 < s < 1.0 for s in seen)


def test_the_docstring_example_of_from_reasoning_gym_agrees_with_reasoning_gym():
    """Failed before: the docstring gave 1.0 where reasoning-gym gives 0.0."""
    games = pytest.importorskip("reasoning_gym.games.tower_of_hanoi")
    dataset = games.HanoiDataset(games.HanoiConfig(size=1, seed=1))
    entry = {
        "question": "Solve the Tower of Hanoi problem with 2 disks and 4 pegs...",
        "metadata": {"source_index": 7, "num_disks": 2, "num_pegs": 4, "start_peg": 3,
                     "target_peg": 1, "solution_length": 3},
    }  # fmt: skip
    answer = "Move disk 1 from Peg 3 to Peg 2\nMove disk 2 from Peg 3 to Peg 1\n"
    for last in ("Move disk 1 from Peg 2 to Peg 1", "Move disk 1 from Peg 2 to Peg 1."):
        theirs = dataset.score_answer(answer + last, entry)
        assert score(answer + last, from_reasoning_gym(entry)).rewards["reasoning_gym"] == theirs


@pytest.mark.parametrize("posts", [3, 4, 5, 6, 9])
def test_clean_reasoning_gym_answers_are_reported_as_the_reader_reports_them(posts):
    """Answers made only of exact reasoning-gym lines skip the second reading: the report
    built for them must be the reader's own, field for field."""
    from hanoi_magnet import solve
    from hanoi_magnet.evaluation._gym import clean_moves
    from hanoi_magnet.evaluation._score import clean_extraction, clean_read
    from hanoi_magnet.notation import NOTATIONS, PegNames, extract_moves

    label = "classic" if posts == 3 else f"classic:{posts}"
    for n in (1, 2, 5):
        text = NOTATIONS["reasoning-gym"].format(solve(label, n), posts)
        swapped = text.splitlines()
        swapped[0], swapped[-1] = swapped[-1], swapped[0]
        for answer in (text, text.rstrip("\n"), "\n".join(swapped), "\n".join(swapped) + "\n"):
            read = clean_read(answer, posts)
            assert read is not None
            assert clean_moves(answer) is not None
            reader = extract_moves(answer, notation="reasoning-gym", pegs=PegNames.ONE, posts=posts)
            assert clean_extraction(answer, read, posts) == reader
    for unclean in ("Move disk 1 from Peg 1 to Peg 3.", " Move disk 1 from Peg 1 to Peg 3",
                    "Move disk 01 from Peg 1 to Peg 3", "Move disk 1 from Peg 1 to Peg 3\n\n",
                    "Move disk 1 from Peg 1 to Peg 3\r\n", ""):  # fmt: skip
        assert clean_moves(unclean) is None
