"""Reading a million generated answers: silent misreads (must be 0), hesitations, speed.

Issue 32 item 1: the answer grammar (``hanoi_magnet.testing.sample_answers``) writes answers the
way models write them, each with the reading a careful human gives it; ``extract_moves`` must
give that reading, or say it is ambiguous, never another confident one. The test suite reads
100,000 on every run; this reads a million (``HANOI_BENCH_ANSWERS`` sets another count) and
prints:

* the verdicts: right, hesitant (ambiguous or nothing read where a human reads the answer),
  misread (the defect; the first few are printed with their seed and recipe);
* the time per answer of writing it (the grammar) and of reading it (``extract_moves``), and
  their ratio, in the same process.

    python benchmarks/run.py answer_grammar
    HANOI_BENCH_ANSWERS=100000 python benchmarks/bench_answer_grammar.py
"""

from __future__ import annotations

import collections
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._harness import table
from hanoi_magnet.errors import NotationError
from hanoi_magnet.notation import extract_moves
from hanoi_magnet.testing import sample_answers

_CHUNK = 10_000
_SEED = 2026


def _verdicts(count: int) -> tuple[collections.Counter[str], float, float, list[str]]:
    verdicts: collections.Counter[str] = collections.Counter()
    writing = reading = 0.0
    misreads: list[str] = []
    for chunk in range(0, count, _CHUNK):
        size = min(_CHUNK, count - chunk)
        start = time.process_time()
        answers = list(sample_answers(seed=_SEED + chunk // _CHUNK, count=size))
        writing += time.process_time() - start
        start = time.process_time()
        results = []
        for answer in answers:
            try:
                found = extract_moves(answer.text, pegs=answer.pegs, posts=answer.posts)
            except NotationError:
                results.append((answer, None))
            else:
                results.append((answer, found))
        reading += time.process_time() - start
        for answer, found in results:
            if found is None:
                judgement = answer.judge(None)
            else:
                judgement = answer.judge(
                    found.moves,
                    ambiguous=found.ambiguous,
                    truncated=found.truncated,
                    unreadable=found.unreadable is not None,
                )
            verdicts[judgement.verdict] += 1
            if judgement.verdict == "misread" and len(misreads) < 5:
                misreads.append(f"seed {_SEED + chunk // _CHUNK}: {judgement.why}; {answer.recipe}")
    return verdicts, writing, reading, misreads


def main() -> None:
    count = int(os.environ.get("HANOI_BENCH_ANSWERS", "1000000"))
    verdicts, writing, reading, misreads = _verdicts(count)
    rows = [
        ("answers", f"{count:,}"),
        ("right", f"{verdicts['right']:,}"),
        ("hesitant", f"{verdicts['hesitant']:,} ({verdicts['hesitant'] / count:.4%})"),
        ("misread", f"{verdicts['misread']:,}"),
        ("writing, CPU per answer", f"{writing / count * 1e6:.0f} us"),
        ("reading, CPU per answer", f"{reading / count * 1e6:.0f} us"),
        ("reading / writing", f"{reading / writing:.2f}x"),
    ]
    print(table(f"{count:,} generated answers read", rows, ["measure", "value"]))
    for line in misreads:
        print("misread:", line)


if __name__ == "__main__":
    main()
