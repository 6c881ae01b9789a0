"""What the generator writes never breaks an adapter: answers too long to write are withheld
the same way everywhere, counts of any number of digits are exported exactly, and JSON
nested too deeply is refused with a library error that names the file."""

from __future__ import annotations

import functools
import importlib.util
import io
import json

import pytest

from hanoi_magnet import InvalidArgumentError, solve
from hanoi_magnet._digits import unlimited_digits
from hanoi_magnet.episode import MAX_ANSWER_MOVES, written_answer
from hanoi_magnet.evaluation import Instance, generate, read_jsonl, score, write_jsonl
from tests.test_cli import run


def _installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ImportError:  # a submodule whose package is missing
        return False


def needs(*modules):
    missing = [m for m in modules if not _installed(m)]
    return pytest.mark.skipif(bool(missing), reason=f"not installed: {', '.join(missing)}")


def _solve(family: str, n: int) -> Instance:
    return generate(seed=1, count=1, tasks=["solve"], families=[family], disks=(n, n))[0]


@functools.cache
def large_instances() -> tuple[Instance, ...]:
    """Both sides of the 65,536 moves written out: classic 16 disks (65,535 moves) and 17
    (131,071), the free magnetic puzzle 11 (53,819) and 12 (161,254), and big ones of
    every three-post family."""
    found = [_solve("classic", 16), _solve("classic", 17)]
    for family, n in (("magnetic", 12), ("magnetic", 64), ("cyclic", 40), ("linear", 30),
                      ("digraph", 50), ("classic", 64)):  # fmt: skip
        found.append(_solve(family, n))
    three_posts = ["classic", "linear", "cyclic", "magnetic", "digraph"]
    found += generate(seed=5, count=8, disks=(40, 64), positions="mixed", families=three_posts)
    return tuple(found)


class TestLargeEntriesNeverRaise:
    """Policy: an optimal answer of more than MAX_ANSWER_MOVES (65,536) moves is not written
    (None, or inspect's empty target) and the entry says why; nothing raises."""

    def test_the_threshold_both_sides(self):
        sixteen, seventeen = _solve("classic", 16), _solve("classic", 17)
        assert sixteen.optimum == 65_535 <= MAX_ANSWER_MOVES < seventeen.optimum == 131_071
        written = written_answer(sixteen)
        assert written.withheld is None and score(written.text, sixteen).optimal
        assert "131,071 moves" in written_answer(seventeen).withheld
        assert written_answer(sixteen, max_moves=65_535).text == written.text
        assert written_answer(sixteen, max_moves=65_534).text is None
        nnn = solve("NNN", 11).length, solve("NNN", 12).length
        assert nnn[0] <= MAX_ANSWER_MOVES < nnn[1]

    @pytest.mark.parametrize("pegs", [4, 5])
    def test_frame_stewart_towers_are_answered_without_a_search(self, pegs):
        """Tower to tower, the variant's own solution: no search of 4^25 positions."""
        instance = generate(seed=2, count=1, tasks=["solve"], families=["frame-stewart"],
                            disks=(25, 25), pegs=(pegs, pegs))[0]  # fmt: skip
        answer = written_answer(instance)
        assert answer.withheld is None and score(answer.text, instance).optimal

    def test_written_exactly_when_short_enough(self):
        for instance in large_instances():
            answer = written_answer(instance)
            long = instance.task.value == "solve" and instance.optimum > MAX_ANSWER_MOVES
            assert (answer.text is None) == long == (answer.withheld is not None), instance.id

    @needs("reasoning_gym")
    def test_reasoning_gym(self):
        import reasoning_gym

        import hanoi_magnet.integrations.reasoning_gym  # noqa: F401 (registers the dataset)

        for family, n, written in (("classic", 16, True), ("classic", 17, False),
                                   ("magnetic", 14, False)):  # fmt: skip
            data = reasoning_gym.create_dataset(
                "hanoi_magnet", seed=1, size=2, families=(family,), tasks=("solve",),
                min_disks=n, max_disks=n,
            )  # fmt: skip
            for entry in data:
                assert (entry["answer"] is not None) == written
                assert ("answer_withheld" in entry["metadata"]) != written
                assert data.score_answer(entry["answer"], entry) == (1.0 if written else 0.0)

    @needs("inspect_ai")
    def test_inspect(self):
        from hanoi_magnet.integrations import inspect_ai

        for sample in inspect_ai.samples(1, 3, tasks=["solve"], families=["classic"],
                                         disks=(17, 17)):  # fmt: skip
            assert sample.target == "" and "131,071" in sample.metadata["answer_withheld"]

    @needs("verifiers.v1")
    def test_verifiers(self):
        from hanoi_magnet.integrations import verifiers

        config = verifiers.HanoiMagnetConfig(count=3, families=["magnetic"], tasks=["solve"],
                                             min_disks=14, max_disks=14)  # fmt: skip
        for task in verifiers.HanoiMagnetTaskset(config):
            assert task.data.answer is None and task.data.answer_withheld

    @needs("pyarrow")
    def test_hugging_face_rows(self):
        from hanoi_magnet.integrations import hf_datasets

        rows = list(hf_datasets.rows(large_instances()))
        for row, instance in zip(rows, large_instances(), strict=True):
            assert row["answer"] == written_answer(instance).text

    @needs("openenv")
    def test_openenv(self):
        from hanoi_magnet.integrations.openenv import HanoiMagnetEnvironment

        env = HanoiMagnetEnvironment(families=["classic"], disks=(2_000, 2_000))
        observation = env.reset()
        assert len(observation.distance) == 603  # 2^2000 - 1, exact


class TestExportsOfAnyNumberOfDigits:
    """Counts beyond Python's 4,300-digit limit of int-to-str conversion are exported as all
    their digits (classic 14,284 disks: 4,300 digits; 14,286: 4,301)."""

    @staticmethod
    def digits(value: int) -> str:
        with unlimited_digits():
            return str(value)

    @staticmethod
    def instances() -> tuple[Instance, ...]:
        return _digit_limit_instances()

    def test_the_two_sides_of_the_limit(self):
        below, above = self.instances()
        assert [len(self.digits(i.optimum)) for i in (below, above)] == [4_300, 4_301]

    @needs("pyarrow")
    def test_rows(self):
        from hanoi_magnet.integrations import hf_datasets

        for row, instance in zip(hf_datasets.rows(self.instances()), self.instances(),
                                 strict=True):  # fmt: skip
            assert row["optimum"] == self.digits(instance.optimum)
            assert hf_datasets.instance_of(row) == instance

    @needs("pyarrow")
    @pytest.mark.parametrize("fmt", ["jsonl", "parquet"])
    def test_eval_export(self, fmt, tmp_path):
        buffer = io.StringIO()
        write_jsonl(self.instances(), buffer)
        target = tmp_path / f"out.{fmt}"
        status, _, err = run("eval", "export", "--format", fmt, "-o", str(target),
                             stdin=buffer.getvalue())  # fmt: skip
        assert status == 0, err
        if fmt == "jsonl":
            rows = [json.loads(line) for line in target.read_text().splitlines()]
        else:
            import pyarrow.parquet as pq

            rows = pq.read_table(target).to_pylist()
        assert [r["optimum"] for r in rows] == [self.digits(i.optimum) for i in self.instances()]


@functools.cache
def _digit_limit_instances() -> tuple[Instance, ...]:
    return _solve("classic", 14_284), _solve("classic", 14_286)


def _nested(depth: int = 100_000) -> str:
    return "[" * depth + "]" * depth


class TestNestedJson:
    """JSON nested deeper than the parser goes: a library error (an InvalidArgumentError, a
    ValueError) naming what was read, or for the command line a one-line error naming the
    file and the line."""

    def test_instance_from_json(self):
        with pytest.raises(InvalidArgumentError, match="nested too deeply"):
            Instance.from_json(_nested())
        with pytest.raises(InvalidArgumentError, match="nested too deeply"):
            Instance.from_json('{"id": ' + _nested() + "}")

    def test_read_jsonl_names_the_line(self):
        good = generate(seed=1, count=1)[0].to_json()
        with pytest.raises(InvalidArgumentError, match=r"^line 2: .*nested too deeply"):
            list(read_jsonl([good, _nested()]))

    def test_eval_score_names_the_tasks_file(self, tmp_path):
        tasks = tmp_path / "tasks.jsonl"
        tasks.write_text(_nested() + "\n")
        answers = tmp_path / "answers.jsonl"
        answers.write_text('{"id": "1-0", "answer": "S->D"}\n')
        status, _, err = run("eval", "score", str(tasks), str(answers))
        assert status == 2 and f"{tasks}, line 1: " in err and "nested too deeply" in err
        assert err.count("\n") == 1

    def test_eval_score_names_the_answers_file(self, tmp_path):
        tasks = tmp_path / "tasks.jsonl"
        buffer = io.StringIO()
        write_jsonl(generate(seed=1, count=1), buffer)
        tasks.write_text(buffer.getvalue())
        answers = tmp_path / "answers.jsonl"
        answers.write_text(_nested() + "\n")
        status, _, err = run("eval", "score", str(tasks), str(answers))
        assert status == 2 and f"{answers}, line 1: " in err and "nested too deeply" in err

    @needs("pyarrow")
    def test_eval_export_names_the_line(self, tmp_path):
        tasks = tmp_path / "tasks.jsonl"
        tasks.write_text(_nested() + "\n")
        status, _, err = run("eval", "export", str(tasks), "--format", "jsonl")
        assert status != 0 and "line 1" in err and "nested too deeply" in err
