"""Reading answers: extract_moves on large, degenerate and reasoning-gym-style answers.

Three tables, every number a median, every claim a ratio measured in this process:

1. **Throughput** on a 1 MB and a 10 MB answer (a whole solution in reasoning-gym's notation,
   with a preamble and reasoning around it; the same as one moves-list, and as a list of Python
   tuples ``moves = [(0, 2), ...]``), in MB/s, against a
   baseline that only splits the text into lines and matches one regular expression per line
   (``str.splitlines`` + ``re.fullmatch``; for the list, one ``re.findall`` of its items: the
   least reading of the same text). Issue 22 asks
   for a 10 MB answer in under 2 s.
2. **Linear growth** on degenerate inputs (a line of spaces, many ``<think>`` tags, a whole
   solution on one comma-separated line, ...): the time at 1x, 2x and 4x the size and the
   ratios t(2x)/t(1x), t(4x)/t(2x) (2.0 is linear; 4.0 would be quadratic).
3. **reasoning-gym's answers**: 1,000 answers of the kinds reasoning-gym's own scorer meets
   (optimal, longer, cut in half, illegal, trailing periods, lower case, numbered, empty...),
   built from its tower_of_hanoi dataset; answers per second read by ``extract_moves`` (the
   full reading report included) against ``reasoning_gym``'s own ``score_answer`` (which reads
   *and* replays) on the same answers. reasoning-gym is not a dependency: the row says "not
   installed" without it.

    python benchmarks/run.py extraction
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._harness import compare, measure, table
from hanoi_magnet import NotationError, solve
from hanoi_magnet.notation import NOTATIONS, extract_moves

_GYM_LINE = re.compile(r"Move disk (\d+) from Peg (\d+) to Peg (\d+)")


def _big_answer(megabytes: float, name: str = "reasoning-gym") -> str:
    """A whole solution in notation ``name``, cut to about ``megabytes`` MB, with prose.

    ``name`` ``"tuples"``: a list of Python tuples ``moves = [(0, 2), ...]``.
    """
    moves = list(solve("classic", 20))
    notation = NOTATIONS["moves-list" if name == "tuples" else name]
    head = "<think>\nThe recursive plan: move n-1 disks aside, the largest across.\n</think>\n"
    head += "Here is the complete sequence of moves:\n\n"
    size = int(megabytes * 1_000_000)
    pieces: list[str] = []
    total = len(head)
    texts = notation.iter_format(moves)
    if name == "tuples":  # moves = [(0, 2), (0, 1), ...]: Python tuples of two posts
        notation = NOTATIONS["moves-list"]
        texts = (
            f"{'moves = [' if i == 0 else ', '}({m.source}, {m.target})"
            for i, m in enumerate(moves)
        )
    for text in texts:
        pieces.append(text)
        total += len(text)
        if total >= size:
            if notation.is_list:  # close the list after the last whole move
                pieces.append(notation.closing)
            break
    body = "".join(pieces)
    return head + body + "\nThat completes the puzzle.\n"


_LIST_ITEM = re.compile(r"\[(\d+), (\d+), (\d+)\]|\((\d+), (\d+)\)")


def _baseline_list(text: str) -> int:
    return len(_LIST_ITEM.findall(text))


def _baseline_lines(text: str) -> int:
    found = 0
    for line in text.splitlines():
        if _GYM_LINE.fullmatch(line.strip()):
            found += 1
    return found


def throughput() -> str:
    rows = []
    for megabytes in (1, 10):
        for name in ("reasoning-gym", "moves-list", "tuples"):
            text = _big_answer(megabytes, name)
            repeat = 5 if megabytes == 1 else 3
            baseline = _baseline_lines if name == "reasoning-gym" else _baseline_list
            base, ours, ratio = compare(
                lambda text=text, baseline=baseline: baseline(text),
                lambda text=text: extract_moves(text),
                repeat=repeat,
                warmup=0 if megabytes == 10 else 1,
            )
            mb = len(text) / 1e6
            rows.append(
                [
                    f"{name}, {mb:.1f} MB",
                    f"{ours.median:.3f} s",
                    f"{mb / ours.median:.1f}",
                    f"{base.median:.3f} s",
                    f"{ratio:.2f}",
                ]
            )
    return table(
        "Throughput (baseline: splitlines + one regex per line; findall for the list)",
        rows,
        ["answer", "extract_moves", "MB/s", "baseline", "ratio baseline/ours"],
    )


def _degenerate() -> dict[str, Callable[[int], str]]:
    def one_line(scale: int) -> str:
        moves = list(solve("classic", 13 + scale.bit_length()))  # 2x the moves per step
        return ", ".join(NOTATIONS["letter-arrows"].format_move(m) for m in moves)

    return {
        "one line of spaces (40,000 x k)": lambda k: "S->D" + " " * 40_000 * k + "x\nS->I",
        "spaces after a digit (40,000 x k)": lambda k: "1" + " " * 40_000 * k,
        "<think> tags (16,000 x k)": lambda k: "<think>" * 16_000 * k + "\nS->D",
        "lone </think> tags (16,000 x k)": lambda k: "</think>" * 16_000 * k + "\nS->D",
        "<answer> tags (16,000 x k)": lambda k: "<answer>" * 16_000 * k + "\nS->D",
        "'[[' (16,000 x k)": lambda k: "[[" * 16_000 * k + "\nS->D",
        "move words, one line (16,000 x k)": lambda k: "move disk 1 from A to " * 16_000 * k,
        "a prose line after each move (8,000 x k)": lambda k: "A->C\nok.\n" * 8_000 * k,
        "runs starting over (8,000 x k)": lambda k: "A->C\nA->B\nok.\n" * 8_000 * k,
        "lists, each replacing the last (8,000 x k)": lambda k: "[[1, 0, 2]]\n" * 8_000 * k,
        "one-line solution (2^14 moves x k)": one_line,
        # reasoning before runs that each compare with the first run's heading: the reasoning
        # and the runs grow together (the heading was found again for each run: quadratic)
        "reasoning, then headed runs (40 KB + 400 runs x k)": lambda k: (
            _REASONING * k + "Here is the solution:\nA->B\nB->C\n" * 400 * k
        ),
        "reasoning, then runs after prose (40 KB + 400 runs x k)": lambda k: (
            _REASONING * k + "Now:\nA->B\nB->A\n" * 400 * k
        ),
    }


#: About 40 KB of reasoning, one thought a line.
_REASONING = "Let me think about which disk to move here.\n" * 900


def linear_growth(
    inputs: dict[str, Callable[[int], str]] | None = None,
    reader: Callable[[str], object] | None = None,
    what: str = "Degenerate inputs",
) -> str:
    """Times at 1x, 2x, 4x the size of each input (default: :func:`_degenerate`, read by
    ``extract_moves``)."""
    rows = []
    read = reader or _read
    for label, make in (inputs or _degenerate()).items():
        times = []
        for scale in (1, 2, 4):
            text = make(scale)

            times.append(measure(label, lambda text=text: read(text), repeat=3, warmup=0).median)
        rows.append(
            [
                label,
                *(f"{t * 1000:.1f} ms" for t in times),
                f"{times[1] / times[0]:.2f}",
                f"{times[2] / times[1]:.2f}",
            ]
        )
    return table(
        f"{what} at 1x, 2x, 4x the size (ratio 2.0: linear, 4.0: quadratic)",
        rows,
        ["input", "1x", "2x", "4x", "t(2x)/t(1x)", "t(4x)/t(2x)"],
    )


def _read(text: str, **options: Any) -> object:
    try:
        return extract_moves(text, **options)
    except NotationError:
        return None


def gym_answers(
    count: int = 1000, *, own: bool = False
) -> tuple[list[tuple[str, dict[str, Any]]], Any] | None:
    """``count`` answers with their entries: reasoning-gym's own (``own``), else of ten kinds
    built from its dataset."""
    try:
        from reasoning_gym.games.tower_of_hanoi import (  # noqa: PLC0415 (optional)
            HanoiConfig,
            HanoiDataset,
        )
    except ImportError:
        return None
    size = count if own else count // 10 + 1
    config = HanoiConfig(min_disks=1, max_disks=6, min_pegs=3, max_pegs=4, size=size, seed=42)
    dataset = HanoiDataset(config)
    answers: list[tuple[str, dict[str, Any]]] = []
    if own:
        return [(entry["answer"], entry) for entry in dataset][:count], dataset
    for entry in dataset:
        lines = entry["answer"].splitlines()
        kinds = [
            "\n".join(lines),
            "\n".join(lines[: max(1, len(lines) // 2)]),
            "\n".join(line + "." for line in lines),
            "\n".join(line.lower() for line in lines),
            "\n".join(f"{i}. {line}" for i, line in enumerate(lines, 1)),
            "\n".join(lines[1:2] + lines[:1] + lines[2:]),
            "\n".join([*lines[:-1], "Move disk 9 from Peg 1 to Peg 2"]),
            "Here is my answer:\n" + "\n".join(lines),
            "<think>\nrecursion\n</think>\n" + "\n".join(lines),
            "",
        ]
        answers.extend((text, entry) for text in kinds)
        if len(answers) >= count:
            break
    return answers[:count], dataset


def gym_throughput() -> str:
    rows = []
    for own in (True, False):
        built = gym_answers(own=own)
        if built is None:
            return "reasoning-gym: not installed"
        answers, dataset = built

        def theirs(answers: list[tuple[str, dict[str, Any]]] = answers, gym: Any = dataset) -> None:
            for text, entry in answers:
                gym.score_answer(text, entry)

        def free(answers: list[tuple[str, dict[str, Any]]] = answers) -> None:
            for text, entry in answers:
                _read(text, posts=entry["metadata"]["num_pegs"])

        def named(answers: list[tuple[str, dict[str, Any]]] = answers) -> None:
            for text, entry in answers:
                _read(text, notation="reasoning-gym", posts=entry["metadata"]["num_pegs"])

        corpus = "its own answers" if own else "ten kinds of answer"
        for label, ours in (("free reading", free), ("notation named", named)):
            base, mine, ratio = compare(theirs, ours, repeat=7)
            rows.append(
                [
                    f"{len(answers)} {corpus}, {label}",
                    f"{len(answers) / mine.median:,.0f}",
                    f"{len(answers) / base.median:,.0f}",
                    f"{ratio:.2f}",
                ]
            )
    return table(
        "extract_moves (with its full report) against reasoning_gym's score_answer (reads and "
        "replays, and stops at the first line it cannot read or apply)",
        rows,
        ["answers", "ours answers/s", "score_answer answers/s", "ratio ours/theirs"],
    )


def main() -> None:
    print(throughput())
    print()
    print(linear_growth())
    print()
    print(gym_throughput())


if __name__ == "__main__":
    main()
